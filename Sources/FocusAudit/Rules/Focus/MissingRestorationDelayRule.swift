/// `missing_restoration_delay`: the focus request comes before the transition ends.
public struct MissingRestorationDelayRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.missingRestorationDelay,
        name: "Missing restoration delay",
        summary: "A screen restores focus sooner after re-appearing than the transition lasts.",
        rationale: """
            While the pop animation runs, VoiceOver ignores requests to move focus. A screen that sets its \
            `@AccessibilityFocusState` in `onAppear` without waiting makes the request during the animation, \
            so it is dropped and focus lands at the top of the screen as if nothing had been restored.
            """,
        fix: """
            Wait at least as long as the transition (0.5–1.0 s is a safe range) before moving focus:

            ```swift
            .onAppear {
                if let id = lastFocusedID {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = id }
                }
            }
            ```

            In the description: `restore-delay="0.6"` (at least the app's `transition`).
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app transition="0.35">
                  ↓<screen id="friends" restore-focus="on-appear" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    friends moves focus 0 s after re-appearing, during the 0.35 s transition, and VoiceOver ignores the \
                    request; set restore-delay to at least 0.35 (0.5–1.0 s is typical)
                    """
                ]),
            RuleExample(
                """
                <app transition="0.5">
                  ↓<screen id="friends" restore-focus="on-appear" restore-delay="0.3" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    friends moves focus 0.3 s after re-appearing, during the 0.5 s transition, and VoiceOver ignores the \
                    request; set restore-delay to at least 0.5 (0.5–1.0 s is typical)
                    """
                ]),
            // Nothing on the screen leads elsewhere, so it is not come back to: the request is made
            // when it appears, during its own transition.
            RuleExample(
                """
                <app transition="0.35">
                  ↓<screen id="intro" restore-focus="on-appear" restore-target="heading">
                    <Text id="heading" focus="heading" traits="header">Day 6</Text>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    intro moves focus 0 s after appearing, during the 0.35 s transition, and VoiceOver ignores the \
                    request; set restore-delay to at least 0.35 (0.5–1.0 s is typical)
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app transition="0.35">
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.35" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="settings" restore-delay="0">
                    <Toggle id="wifi" label="Wi-Fi"/>
                  </screen>
                </app>
                """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ↓FriendsView: View {
                        let friends = ["김철수", "이영희"]
                        @AccessibilityFocusState private var focus: String?
                        @State private var lastFocused: String?
                        @State private var active: String?

                        var body: some View {
                            NavigationStack {
                                List(friends, id: \.self) { friend in
                                    NavigationLink(
                                        destination: ChatView(),
                                        isActive: Binding(
                                            get: { active == friend },
                                            set: { isActive in
                                                if isActive { lastFocused = friend }
                                                active = isActive ? friend : nil
                                            })
                                    ) {
                                        Text(friend)
                                    }
                                    .accessibilityFocused($focus, equals: friend)
                                }
                                .navigationTitle("친구")
                                .onAppear {
                                    focus = lastFocused
                                }
                            }
                        }
                    }

                    struct ChatView: View {
                        var body: some View {
                            Text("채팅")
                                .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        FriendsView moves focus 0 s after re-appearing, during the 0.35 s transition, and VoiceOver ignores the \
                        request; request focus at least 0.35 s after the screen appears \
                        (DispatchQueue.main.asyncAfter(deadline: .now() + 0.6); 0.5–1.0 s is typical)
                        """
                    ])
            ],
            nonTriggering: [
                .restoringFocusInSwiftUI
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        let screen = analysis.screen
        let transition = context.settings.transition
        guard screen.restores, screen.restoreDelay < transition else { return }
        // A screen with no control that leads elsewhere is not come back to from another screen:
        // its request is made when it appears (pushed, presented or shown as a tab), during its own
        // transition, and the message says so rather than speaking of a return.
        var returnedTo = false
        analysis.forEachElement { _, element in
            if element.navigates { returnedTo = true }
        }
        // The message names the screen, then says the same for every screen with this delay: that
        // end is stored once.
        let message = Self.tooEarlyParts(
            screenID: screen.id, delay: screen.restoreDelay, transition: transition, returnedTo: returnedTo,
            in: context.vocabulary)
        report.add(at: screen.location, element: screen.path, message.screen, sharedTail: message.rest)
    }
}

// MARK: - Messages

extension MissingRestorationDelayRule {
    /// A screen (by id; empty when it has none) that moves focus `delay` seconds after it
    /// reappears (or, when it is not `returnedTo` because nothing on it leads elsewhere, after it
    /// appears), within the `transition`; the fix in the `vocabulary` of what the user wrote.
    static func tooEarly(
        screenID: String, delay: Double, transition: Double, returnedTo: Bool = true, in vocabulary: FixVocabulary
    ) -> String {
        let message = tooEarlyParts(
            screenID: screenID, delay: delay, transition: transition, returnedTo: returnedTo, in: vocabulary)
        return message.screen + message.rest
    }

    /// `tooEarly`'s message in two parts: the screen it names, and the rest.
    static func tooEarlyParts(
        screenID: String, delay: Double, transition: Double, returnedTo: Bool = true, in vocabulary: FixVocabulary
    ) -> (screen: String, rest: String) {
        let fix: String
        switch vocabulary {
        case .description:
            fix = "set restore-delay to at least \(Format.number(transition)) (0.5–1.0 s is typical)"
        case .swiftUI:
            fix =
                "request focus at least \(Format.seconds(transition)) after the screen appears "
                + "(DispatchQueue.main.asyncAfter(deadline: .now() + \(Format.number(max(transition, 0.6)))); "
                + "0.5–1.0 s is typical)"
        }
        return (
            screenID.isEmpty ? "this screen" : MessageText.quoted(screenID),
            " moves focus \(Format.seconds(delay)) after "
                + (returnedTo ? "re-appearing" : "appearing")
                + ", during the \(Format.seconds(transition)) transition, and VoiceOver ignores the request; \(fix)"
        )
    }
}
