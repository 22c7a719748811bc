/// `unused_focus_state`: an `@AccessibilityFocusState` that no element is bound to, or that is
/// bound but never assigned, so it never moves VoiceOver focus.
public struct UnusedFocusStateRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.unusedFocusState,
        name: "Unused focus state",
        summary: "An @AccessibilityFocusState is never bound with .accessibilityFocused, or is bound but never assigned, so it never moves VoiceOver focus.",
        rationale: """
            A focus state moves VoiceOver focus only when an element is bound to it with \
            `.accessibilityFocused` and code assigns it a value. One without a binding, or one that \
            is bound and never set, does nothing: it is usually a restoration that was started and \
            not finished (the binding was forgotten on the links, or the `onAppear` that moves focus \
            back was removed), and the screen loses the user's place while its code looks as if it \
            kept it.
            """,
        fix: """
            Bind the state to the elements it should focus, and assign it where focus must move:

            ```swift
            @AccessibilityFocusState private var focus: ItemID?

            NavigationLink(…) { … }
                .accessibilityFocused($focus, equals: .friend1)

            .onAppear {
                guard let id = lastFocusedID else { return }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = id }
            }
            ```

            Remove the property if nothing needs it. In the description: `bound="false"` or \
            `assigned="false"` on `<AccessibilityFocusState>` says what is missing.
            """,
        severity: .warning,
        references: ["WCAG 2.4.3 Focus Order"],
        impact: .minor,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" title="Friends">
                    ↓<AccessibilityFocusState name="focus" bound="false"/>
                    <NavigationLink id="friend1" destination="chat"><Text>Kim</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """,
                messages: [
                    """
                    the focus state 'focus' is never bound with .accessibilityFocused, so assigning it moves VoiceOver focus \
                    nowhere; bind it on the elements it should focus (.accessibilityFocused($focus, equals: …)), or remove \
                    it
                    """
                ]),
            RuleExample(
                """
                <app>
                  <screen id="friends" title="Friends">
                    ↓<AccessibilityFocusState name="focus" assigned="false"/>
                    <NavigationLink id="friend1" destination="chat" focus="friend1"><Text>Kim</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """,
                messages: [
                    """
                    the focus state 'focus' is bound with .accessibilityFocused but never assigned, so it never moves \
                    VoiceOver focus; assign it where focus must move (focus = lastFocusedID after the transition), or remove \
                    it
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" title="Friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <AccessibilityFocusState name="focus"/>
                    <NavigationLink id="friend1" destination="chat" focus="friend1"><Text>Kim</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="friends" title="Friends">
                    <!-- focusaudit:disable unused_focus_state -->
                    <AccessibilityFocusState name="draftFocus" bound="false"/>
                    <Text>No friends yet</Text>
                  </screen>
                </app>
                """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct SignUpView: View {
                        @State private var email = ""
                        ↓@AccessibilityFocusState private var emailFocused: Bool

                        var body: some View {
                            Form {
                                TextField("이메일", text: $email)
                            }
                            .navigationTitle("가입")
                        }
                    }
                    """#,
                    messages: [
                        """
                        the focus state 'emailFocused' is never bound with .accessibilityFocused, so assigning it moves \
                        VoiceOver focus nowhere; bind it on the elements it should focus (.accessibilityFocused($emailFocused, \
                        equals: …)), or remove it
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct SignUpView: View {
                        @State private var email = ""
                        @AccessibilityFocusState private var emailFocused: Bool

                        var body: some View {
                            Form {
                                TextField("이메일", text: $email)
                                    .accessibilityFocused($emailFocused)
                                Button("가입") { if email.isEmpty { emailFocused = true } }
                            }
                            .navigationTitle("가입")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        for declaration in analysis.screen.focusStates where !declaration.bound || !declaration.assigned {
            let index = declaration.element
            guard index < analysis.elements.count else { continue }
            let message =
                declaration.bound ? Self.neverAssigned(name: declaration.name) : Self.neverBound(name: declaration.name)
            report.add(at: analysis.elements[index].location, element: analysis.path(of: index), message)
        }
    }
}

// MARK: - Messages

extension UnusedFocusStateRule {
    /// A focus state (by its property name, when known) bound to elements but never assigned.
    static func neverAssigned(name: String?) -> String {
        "the focus state \(quoted(name)) is bound with .accessibilityFocused but never assigned, so it never moves "
            + "VoiceOver focus; assign it where focus must move (focus = lastFocusedID after the transition), or remove it"
    }

    /// A focus state (by its property name, when known) assigned but bound to no element.
    static func neverBound(name: String?) -> String {
        "the focus state \(quoted(name)) is never bound with .accessibilityFocused, so assigning it moves VoiceOver focus "
            + "nowhere; bind it on the elements it should focus (.accessibilityFocused($\(name ?? "focus"), equals: …)), "
            + "or remove it"
    }

    private static func quoted(_ name: String?) -> String {
        name.map { "'\(MessageText.quoted($0))'" } ?? "a focus state"
    }
}
