/// `invalid_description`: well-formed input that breaks the format. The readers report it; this type
/// carries its metadata and examples.
public struct InvalidDescriptionRule: Rule {
    public init() {}

    /// It has no screen check: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.invalidDescription,
        name: "Invalid description",
        summary: "Well-formed input that breaks the description format: a missing or duplicate screen id, an unknown attribute, a bad value.",
        rationale: """
            A description that says something focusaudit cannot understand would otherwise be checked \
            as if the bad part were absent, and a typo such as `restore-focus="on-apear"` would hide the \
            very problem the screen was meant to fix. The bad value is reported and then treated as absent.
            """,
        fix: "Correct the attribute or value the message names; unknown names come with the closest known one.",
        severity: .error,
        references: ["docs/format.md"],
        impact: .serious,
        purpose: .correctness,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  ↓<screen id="friends" restore-delay="soon">
                    ↓<Button id="send" lable="전송"/>
                    ↓<Image asset="a" label="사진"
                           decorative="yes"/>
                  </screen>
                  ↓<screen id="chat" capture="maybe"/>
                  ↓<screen id="settings" restore-delay="+0.5"/>
                  ↓<screen id="profile" restore-delay=".5"/>
                  ↓<screen title="No id"/>
                  ↓<screen id="friends"/>
                  ↓<Text>stray</Text>
                </app>
                """,
                messages: [
                    "restore-delay must be a number of seconds written with digits and at most one dot, such as 0.6 or 2, not 'soon'",
                    "unknown attribute 'lable' on <Button>; did you mean 'label'?",
                    "decorative must be true or false, not 'yes'",
                ]),
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    ↓<!-- focusaudit:disable no_such_rule -->
                    <Button id="send" label="전송"/>
                  </screen>
                </app>
                """,
                messages: [
                    "unknown rule id 'no_such_rule' in a suppression"
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="focusaudit.xsd">
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding" title="친구">
                    <Button id="send" label="전송" traits="button header"/>
                  </screen>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    ↓// focusaudit:disable-file unlabelled_control
                    struct ChatView: View {
                        var body: some View {
                            Text("채팅")
                                .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        "unknown rule id 'unlabelled_control' in a suppression; did you mean 'unlabeled_control'?"
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    // focusaudit:disable-file unlabeled_control
                    struct ChatView: View {
                        var body: some View {
                            Button {
                            } label: {
                                Image("icon_search")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))
}
