/// `superfluous_suppression`: a suppression that silences nothing. Reported by the suppression
/// index at the end of each file; this type carries its metadata and examples.
public struct SuperfluousSuppressionRule: Rule {
    public init() {}

    /// It has no screen check: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.superfluousSuppression,
        name: "Superfluous suppression",
        summary: "A `focusaudit:disable` comment or `focusauditDisable` key names a rule that reports nothing there.",
        rationale: """
            Suppressions outlive the problems they silenced. A stale one hides the next real problem at \
            that place, so each rule id that silences nothing is reported, one finding per id.
            """,
        fix: "Remove the rule id (or the whole comment) from the suppression.",
        severity: .warning,
        references: [],
        impact: .minor,
        purpose: .correctness,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <!-- focusaudit:disable duplicate_focus_id -->
                    ↓<Button id="send" label="전송"/>
                  </screen>
                  ↓<!-- focusaudit:disable-file unknown_destination -->
                </app>
                """,
                messages: [
                    "the suppression of duplicate_focus_id silences nothing here; remove it",
                    "the suppression of unknown_destination silences nothing here; remove it",
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <Button id="a" label="A"/>
                    <!-- focusaudit:disable duplicate_focus_id -->
                    <Button id="a" label="B"/>
                  </screen>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                // focusaudit:disable unlabeled_control
                                ↓Button("내보내기") {}
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        "the suppression of unlabeled_control silences nothing here; remove it"
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                // focusaudit:disable unlabeled_control
                                Button {
                                } label: {
                                    Image("icon_filter")
                                }
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))
}

// MARK: - Messages

/// The suppressions find what they silenced (`SuppressionIndex.superfluous`, and for documents of
/// several files `Auditor.audit(document:configuration:)`); these are the words they report.
extension SuperfluousSuppressionRule {
    /// A suppression of `rule` that silenced no finding of the element after it.
    static func silencesNothing(rule: String) -> String {
        "the suppression of \(rule) silences nothing here; remove it"
    }

    /// A suppression of `rule` with no element after it in its container.
    static func followedByNoElement(rule: String) -> String {
        "this suppression of \(rule) is followed by no element, so it silences nothing"
    }

    /// A file-wide suppression (in one file of a document read from several) that silenced no
    /// finding of `rule` in its file.
    static func fileCommentSilencesNothing(rule: String) -> String {
        "this disable-file comment silences no \(rule) finding in this file; remove it"
    }
}
