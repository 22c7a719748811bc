/// `unbound_focus_target`: a link on a restoring screen has no focus binding to restore to.
public struct UnboundFocusTargetRule: Rule {
    public init() {}

    /// One finding per link without a focus binding.
    public static let reportsEveryLink = true

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.unboundFocusTarget,
        name: "Unbound focus target",
        summary: "A link on a screen that restores focus has no `focus` binding, so focus cannot be moved back to it.",
        rationale: """
            Restoring focus means setting `@AccessibilityFocusState` to the value of the control that was \
            activated. A control without `.accessibilityFocused($focus, equals:)` has no value, so setting \
            the state does nothing and VoiceOver stays at the top of the screen.
            """,
        fix: """
            Bind every link of the screen to its own focus value:

            ```swift
            NavigationLink(destination: ChatView(), isActive: binding(for: .friend1, $showChat)) {
                Text("김철수")
            }
            .accessibilityFocused($focus, equals: .friend1)
            ```

            In the description: `focus="friend1"` on the link.
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <NavigationLink id="a" destination="chat" focus="a"><Text>A</Text></NavigationLink>
                    ↓<NavigationLink id="b" destination="chat"><Text>B</Text></NavigationLink>
                    ↓<Button id="settings" label="설정" push="settings"/>
                  </screen>
                  <screen id="chat"/>
                  <screen id="settings"/>
                </app>
                """,
                messages: [
                    """
                    "B" (b) goes to chat from a screen that restores focus, but has no focus binding, so focus cannot be \
                    moved back to it; add focus="…" (.accessibilityFocused($focus, equals: …))
                    """,
                    """
                    "설정" (settings) goes to settings from a screen that restores focus, but has no focus binding, so focus \
                    cannot be moved back to it; add focus="…" (.accessibilityFocused($focus, equals: …))
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <NavigationLink id="a" destination="chat" focus="a"><Text>A</Text></NavigationLink>
                    <Button id="compose" label="새 채팅" sheet="chat"/>
                    <NavigationLink id="hiddenLink" destination="chat" hidden="true"/>
                  </screen>
                  <screen id="chat"/>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct FriendsView: View {
                        let friends = ["김철수", "이영희"]
                        @AccessibilityFocusState private var focus: String?
                        @State private var lastFocused: String?
                        @State private var active: String?

                        var body: some View {
                            NavigationStack {
                                List(friends, id: \.self) { friend in
                                    ↓NavigationLink(
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
                                }
                                .navigationTitle("친구")
                                .onAppear {
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
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
                        "\\(friend)" goes to ChatView from a screen that restores focus, but has no focus binding, so focus \
                        cannot be moved back to it; add .accessibilityFocused($focus, equals: …) to it
                        """
                    ])
            ],
            nonTriggering: [
                .restoringFocusInSwiftUI
            ]))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        var reported = ReportedElements()
        let vocabulary = context.vocabulary
        for journey in journeys where journey.route == .back {
            guard case .lost(let causes) = journey.outcome, causes.contains(.noFocusBinding) else { continue }
            let link = journey.link
            // Path and message written straight into the findings, once per path: a large app
            // reports tens of thousands.
            report.add(
                at: link.location, element: { link.appendElementPath(to: &$0) }, unlessIn: &reported,
                message: { Self.noFocusBinding(link, in: vocabulary, to: &$0) })
        }
    }
}

// MARK: - Messages

extension UnboundFocusTargetRule {
    /// A link without a focus binding on a screen that restores focus; written as bytes, since a
    /// large app reports tens of thousands.
    static func noFocusBinding(_ link: LinkRecord, in vocabulary: FixVocabulary, to out: inout UTF8Builder) {
        link.appendDisplayName(to: &out)
        out.append(" goes to ")
        out.append(link.navigation.target)
        out.markSharedTail()
        out.append(" from a screen that restores focus, but has no focus binding, so focus cannot be moved back to it; ")
        out.append(
            vocabulary == .swiftUI
                ? "add .accessibilityFocused($focus, equals: …) to it" : "add focus=\"…\" (.accessibilityFocused($focus, equals: …))")
    }
}
