/// `excessive_restoration_delay`: focus comes back so late that the user has already moved on.
public struct ExcessiveRestorationDelayRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.excessiveRestorationDelay,
        name: "Excessive restoration delay",
        summary: "A screen waits longer than the configured maximum (1.5 s by default) before restoring focus.",
        rationale: """
            A VoiceOver user starts swiping as soon as a screen appears. If focus is moved back seconds \
            later, it jumps away from wherever the user has got to, which is as disorienting as losing it.
            """,
        fix: """
            Keep the delay just above the transition: 0.5–1.0 s.

            ```swift
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = lastFocusedID }
            ```

            The maximum is `--max-restore-delay` (or `max_restore_delay` in `.focusaudit.yml`).
            """,
        severity: .warning,
        references: ["WCAG 3.2.1 On Focus", "WCAG 2.4.3 Focus Order"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  ↓<screen id="friends" restore-focus="on-appear" restore-delay="2.5" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    restore-delay of 2.5 s is longer than the 1.5 s maximum: by then the user has moved on and focus jumps \
                    away; use 0.5–1.0 s
                    """
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="1.5" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="about" restore-delay="3">
                    <Text>Version 1.0</Text>
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
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 2.0) {
                                        focus = lastFocused
                                    }
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
                        moving focus back 2 s after the screen appears is longer than the 1.5 s maximum: by then the user has \
                        moved on and focus jumps away; use 0.5–1.0 s
                        """
                    ])
            ],
            nonTriggering: [
                .restoringFocusInSwiftUI
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        let screen = analysis.screen
        guard screen.restores, screen.restoreDelay > context.maxRestoreDelay else { return }
        report.add(
            at: screen.location, element: screen.path, Self.tooLong(delay: screen.restoreDelay, maximum: context.maxRestoreDelay, in: context.vocabulary))
    }
}

// MARK: - Messages

extension ExcessiveRestorationDelayRule {
    /// A screen that moves focus back `delay` seconds after it reappears, more than `maximum`.
    static func tooLong(delay: Double, maximum: Double, in vocabulary: FixVocabulary) -> String {
        let what =
            vocabulary == .swiftUI
            ? "moving focus back \(Format.seconds(delay)) after the screen appears" : "restore-delay of \(Format.seconds(delay))"
        return "\(what) is longer than the \(Format.seconds(maximum)) maximum: by then the user has moved on and focus jumps "
            + "away; use 0.5–1.0 s"
    }
}
