/// `focus_restored_to_fixed_element`: a screen moves focus to the same element every time it
/// appears, so coming back from any other control's destination puts the user somewhere else.
public struct FocusRestoredToFixedElementRule: Rule {
    public init() {}

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.focusRestoredToFixedElement,
        name: "Focus restored to a fixed element",
        summary: "A screen moves VoiceOver focus to one fixed element whenever it appears, not back to the control that was activated.",
        rationale: """
            Moving focus to a fixed element in `onAppear` (the first card, the heading) also runs when the \
            user comes back from a detail screen. VoiceOver then starts from that element instead of the \
            control the user had activated, so they lose their place as surely as when nothing restores \
            focus, and the platform's own return of focus is overridden too.
            """,
        fix: """
            Record the control that starts the navigation and move focus back to it, not to a fixed element:

            ```swift
            .onAppear {
                guard let id = lastFocusedID else { return }   // nothing recorded: leave focus alone
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = id }
            }
            ```

            To announce a new screen once, move focus only on its first appearance. In the description: \
            remove `restore-target` and record the activation (`capture="binding"`).
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  ↓<screen id="cards" restore-focus="on-appear" restore-delay="0.6" restore-target="first">
                    <Text id="heading" focus="first">Cards</Text>
                    <NavigationLink id="card1" destination="detail" focus="card1"><Text>Card 1</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    cards moves focus to the element bound to 'first' every time it appears, so coming back puts VoiceOver \
                    there instead of on the control that was activated: "Card 1" (card1) → detail; move focus back to the \
                    recorded control instead
                    """
                ]),
            RuleExample(
                """
                <app>
                  ↓<screen id="cards" restore-focus="on-appear" restore-delay="0.6" restore-target="card1">
                    <NavigationLink id="card1" destination="detail" focus="card1"><Text>Card 1</Text></NavigationLink>
                    <NavigationLink id="card2" destination="detail" focus="card2"><Text>Card 2</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    cards moves focus to the element bound to 'card1' every time it appears, so coming back puts VoiceOver \
                    there instead of on the control that was activated: "Card 2" (card2) → detail; move focus back to the \
                    recorded control instead
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="cards" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <NavigationLink id="card1" destination="detail" focus="card1"><Text>Card 1</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="onboarding" restore-focus="on-appear" restore-delay="0.6" restore-target="heading">
                    <Text id="heading" focus="heading">Welcome</Text>
                    <Button id="next" label="Next" sheet="terms"/>
                  </screen>
                  <screen id="terms"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="single" restore-focus="on-appear" restore-delay="0.6" restore-target="only">
                    <NavigationLink id="only" destination="detail" focus="only"><Text>Details</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    enum CardFocus: Hashable {
                        case header
                        case card(Int)
                    }

                    struct ↓CardsView: View {
                        let cards = [1, 2, 3]
                        @AccessibilityFocusState private var focus: CardFocus?
                        @State private var lastFocused: CardFocus?

                        var body: some View {
                            NavigationStack {
                                List {
                                    Text("추천 카드")
                                        .accessibilityAddTraits(.isHeader)
                                        .accessibilityFocused($focus, equals: .header)
                                    ForEach(cards, id: \.self) { card in
                                        NavigationLink(value: card) {
                                            Text("카드 \(card)")
                                        }
                                        .accessibilityFocused($focus, equals: .card(card))
                                    }
                                }
                                .navigationTitle("카드")
                                .navigationDestination(for: Int.self) { card in
                                    CardDetailView(card: card)
                                }
                                .onAppear {
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
                                        focus = .header
                                    }
                                }
                            }
                        }
                    }

                    struct CardDetailView: View {
                        let card: Int

                        var body: some View {
                            Text("카드 \(card) 상세")
                                .navigationTitle("상세")
                        }
                    }
                    """#,
                    messages: [
                        """
                        CardsView ("카드") moves focus to the element bound to 'header' every time it appears, so coming back puts \
                        VoiceOver there instead of on the control that was activated: "카드 \\(card)" → CardDetailView; move \
                        focus back to the recorded control instead
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    enum CardFocus: Hashable {
                        case header
                        case card(Int)
                    }

                    struct CardsView: View {
                        let cards = [1, 2, 3]
                        @AccessibilityFocusState private var focus: CardFocus?
                        @State private var lastFocused: CardFocus?

                        var body: some View {
                            NavigationStack {
                                List {
                                    Text("추천 카드")
                                        .accessibilityAddTraits(.isHeader)
                                        .accessibilityFocused($focus, equals: .header)
                                    ForEach(cards, id: \.self) { card in
                                        NavigationLink(value: card) {
                                            Text("카드 \(card)")
                                        }
                                        .accessibilityFocused($focus, equals: .card(card))
                                    }
                                }
                                .navigationTitle("카드")
                                .navigationDestination(for: Int.self) { card in
                                    CardDetailView(card: card)
                                }
                                .onAppear {
                                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
                                        focus = lastFocused
                                    }
                                }
                            }
                        }
                    }

                    struct CardDetailView: View {
                        let card: Int

                        var body: some View {
                            Text("카드 \(card) 상세")
                                .navigationTitle("상세")
                        }
                    }
                    """#)
            ]))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        var lost: [Int: [Journey]] = [:]
        for i in journeys.indices {
            guard case .back = journeys[i].route, case .lost(let causes) = journeys[i].outcome else { continue }
            if causes.contains(where: { if case .fixedTarget = $0 { return true } else { return false } }) {
                lost[journeys[i].link.screen, default: []].append(journeys[i])
            }
        }
        for (index, journeys) in lost.sorted(by: { $0.key < $1.key }) {
            let screen = graph.screens[index]
            let kept = journeys.filter {
                !context.suppressions.suppresses(RuleID.focusRestoredToFixedElement, at: $0.link.elementPath, location: $0.link.location)
            }
            guard !kept.isEmpty, let target = screen.restoreTarget else { continue }
            report.add(at: screen.location, element: screen.path, Self.fixedTarget(screen, target: target, journeys: kept))
        }
    }
}

// MARK: - Messages

extension FocusRestoredToFixedElementRule {
    /// A screen that always restores focus to `target`; `journeys` are the ways back that it
    /// misleads (at most `MessageText.maximumListedItems` listed, then "and N more").
    static func fixedTarget(_ screen: ScreenSummary, target: String, journeys: [Journey]) -> String {
        let controls = MessageText.list(journeys) { journey in
            "\(journey.link.displayName) → \(MessageText.quoted(journey.link.navigation.target))"
        }
        return "\(screen.displayName) moves focus to the element bound to '\(MessageText.quoted(target))' every time it appears, "
            + "so coming back puts VoiceOver there instead of on the control that was activated: \(controls); "
            + "move focus back to the recorded control instead"
    }
}
