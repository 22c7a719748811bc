/// `focus_lost_on_return`: the catch-all for a return that does not put VoiceOver focus back on the
/// activated control, when no more specific rule explains it.
public struct FocusLostOnReturnRule: Rule {
    public init() {}

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.focusLostOnReturn,
        name: "Focus lost on return",
        summary: "After going back to a screen, VoiceOver focus does not land on the control that was activated.",
        rationale: """
            A VoiceOver user who opens a detail screen and comes back expects to be where they were. When \
            the screen does not move focus back, VoiceOver starts again at the navigation title or the top \
            of the list, and the user has to swipe through everything again to find their place, every time.
            """,
        fix: """
            Record which control started the navigation and move `@AccessibilityFocusState` back to it when \
            the screen re-appears, after the transition:

            ```swift
            @State private var lastFocusedID: ItemID?
            @AccessibilityFocusState private var focus: ItemID?

            NavigationLink(destination: ChatView(), isActive: binding(for: .friend1, $showChat)) {
                Text("김철수")
            }
            .accessibilityFocused($focus, equals: .friend1)

            .onAppear {
                if let id = lastFocusedID {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = id }
                }
            }
            ```

            In the description: `restore-focus="on-appear"`, `restore-delay="0.6"` and `capture="binding"` \
            on the screen, and a `focus` value on each link.
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order", "WCAG failure F85 (of 2.4.3)", "HIG: VoiceOver"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  ↓<screen id="friends" title="친구">
                    <List>
                      <NavigationLink id="friend1" destination="chat"><Text>김철수</Text></NavigationLink>
                    </List>
                  </screen>
                  <screen id="chat" title="채팅"/>
                </app>
                """,
                messages: [
                    """
                    returning to friends ("친구") puts VoiceOver focus on the title "친구", not on the control that was \
                    activated: "김철수" (friend1) → chat; restore focus on appear (restore-focus="on-appear")
                    """
                ]),
            RuleExample(
                """
                <app>
                  ↓<screen id="friends" restore-focus="on-appear" restore-delay="0.6">
                    <NavigationLink id="friend1" destination="chat" focus="friend1"><Text>김철수</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """,
                messages: [
                    """
                    friends restores focus on appear, but nothing records which control was activated (capture is none), so \
                    focus is lost after "김철수" (friend1) → chat; record it through the link's binding (capture="binding")
                    """
                ]),
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    ↓<NavigationLink id="friend1" destination="chat" focus="friend1" capture="none">
                      <Text>김철수</Text>
                    </NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """,
                messages: [
                    """
                    capture="none" on "김철수" (friend1) records nothing, so focus cannot return to it after chat; remove the \
                    override or use capture="binding"
                    """
                ]),
            RuleExample(
                """
                <app>
                  ↓<screen id="friends">
                    <List>
                      <NavigationLink destination="chat" repeated="true"><Text>\\(friend.name)</Text></NavigationLink>
                    </List>
                  </screen>
                  <screen id="chat" title="채팅"/>
                </app>
                """,
                messages: [
                    """
                    returning to friends puts VoiceOver focus on "\\(friend.name)" in the first row, not on the control that \
                    was activated: "\\(friend.name)" → chat; restore focus on appear (restore-focus="on-appear")
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" title="친구" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <List>
                      <NavigationLink id="friend1" destination="chat" focus="friend1"><Text>김철수</Text></NavigationLink>
                    </List>
                  </screen>
                  <screen id="chat" title="채팅"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="home">
                    <NavigationLink id="only" destination="detail"><Text>Details</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="friends" title="친구">
                    <Button id="search" label="검색" sheet="search"/>
                  </screen>
                  <screen id="search"/>
                </app>
                """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ↓FriendsView: View {
                        var body: some View {
                            NavigationStack {
                                List {
                                    NavigationLink("김철수") { ChatView() }
                                    NavigationLink("이영희") { ChatView() }
                                }
                                .navigationTitle("친구")
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
                        returning to FriendsView ("친구") puts VoiceOver focus on the title "친구", not on the control that was \
                        activated: "김철수" → ChatView, "이영희" → ChatView; when the screen appears again, move its \
                        @AccessibilityFocusState back to the control that was activated, after the transition (.onAppear { \
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = lastFocusedID } })
                        """
                    ]),
                RuleExample(
                    #"""
                    import SwiftUI

                    struct Friend: Identifiable, Hashable {
                        let id: Int
                        let name: String
                    }

                    struct ↓FriendsView: View {
                        let friends: [Friend]

                        var body: some View {
                            List {
                                ForEach(friends) { friend in
                                    NavigationLink(value: friend) { Text(friend.name) }
                                }
                            }
                            .navigationDestination(for: Friend.self) { friend in
                                ChatView(friend: friend)
                            }
                        }
                    }

                    struct ChatView: View {
                        let friend: Friend
                        var body: some View {
                            Text("채팅")
                                .navigationTitle(friend.name)
                        }
                    }
                    """#,
                    messages: [
                        """
                        returning to FriendsView puts VoiceOver focus on "\\(friend.name)" in the first row, not on the \
                        control that was activated: "\\(friend.name)" → ChatView; when the screen appears again, move its \
                        @AccessibilityFocusState back to the control that was activated, after the transition (.onAppear { \
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = lastFocusedID } })
                        """
                    ]),
            ],
            nonTriggering: [
                .restoringFocusInSwiftUI
            ]))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        var notRestoring: [Int: [Journey]] = [:]
        var unrecorded: [Int: [Journey]] = [:]
        // By index, testing fields in place rather than copying each journey out of the list.
        for i in journeys.indices {
            guard case .back = journeys[i].route, case .lost(let causes) = journeys[i].outcome else { continue }
            let journey = journeys[i]
            let link = journey.link
            for cause in causes {
                switch cause {
                case .notRestoring:
                    notRestoring[link.screen, default: []].append(journey)
                case .nothingRecorded(onElement: false):
                    unrecorded[link.screen, default: []].append(journey)
                case .nothingRecorded(onElement: true):
                    report.add(at: link.location, element: link.elementPath, Self.captureOverrideRecordsNothing(link, in: context.vocabulary))
                default:
                    break
                }
            }
        }
        for (index, lost) in notRestoring.sorted(by: { $0.key < $1.key }) {
            let screen = graph.screens[index]
            let kept = lost.filter { !context.suppressions.suppresses(RuleID.focusLostOnReturn, at: $0.link.elementPath, location: $0.link.location) }
            guard !kept.isEmpty else { continue }
            let pushes = kept.contains { $0.link.navigation.presentation.isPush }
            let modals = kept.contains { !$0.link.navigation.presentation.isPush }
            // Written as bytes straight into the findings (`writeNotRestored`, the same bytes as
            // `notRestored`): joining the message's pieces as strings showed in profiles of apps of
            // many small screens.
            // The destinations' names are looked up before the message is written: a graph used in
            // the writing closure was copied several times for every message.
            let targets = Self.listedTargets(kept, graph)
            let vocabulary = context.vocabulary
            report.add(at: screen.location, element: screen.path) {
                Self.writeNotRestored(screen, journeys: kept, targets: targets, pushes: pushes, modals: modals, in: vocabulary, to: &$0)
            }
        }
        for (index, lost) in unrecorded.sorted(by: { $0.key < $1.key }) {
            let screen = graph.screens[index]
            let kept = lost.filter { !context.suppressions.suppresses(RuleID.focusLostOnReturn, at: $0.link.elementPath, location: $0.link.location) }
            guard !kept.isEmpty else { continue }
            let targets = Self.listedTargets(kept, graph)
            let vocabulary = context.vocabulary
            report.add(at: screen.location, element: screen.path) {
                Self.writeNothingRecorded(screen, journeys: kept, targets: targets, in: vocabulary, to: &$0)
            }
        }
    }
}

// MARK: - Messages

extension FocusLostOnReturnRule {
    /// A link whose own `capture="none"` keeps focus from returning to it.
    static func captureOverrideRecordsNothing(_ link: LinkRecord, in vocabulary: FixVocabulary) -> String {
        switch vocabulary {
        case .description:
            "capture=\"none\" on \(link.displayName) records nothing, so focus cannot return to it after "
                + "\(MessageText.quoted(link.navigation.target)); remove the override or use capture=\"binding\""
        case .swiftUI:
            "\(link.displayName) is not recorded when it is activated, though the screen restores focus, so focus cannot "
                + "return to it after \(MessageText.quoted(link.navigation.target)); "
                + UnreliableFocusCaptureRule.fix(.swiftUI)
        }
    }

    /// A screen that does not move focus back on return; `journeys` lists the ways back that lose it.
    static func notRestored(
        _ screen: ScreenSummary, journeys: String, pushes: Bool, modals: Bool, in vocabulary: FixVocabulary
    ) -> String {
        "returning to \(screen.displayName) puts VoiceOver focus on \(screen.landing), not on the control that was "
            + "activated: \(journeys); \(fix(screen, pushes: pushes, modals: modals, vocabulary))"
    }

    /// How to restore focus: UIKit's way for an Interface Builder scene, otherwise SwiftUI's, given
    /// in the words of what the user wrote.
    static func fix(_ screen: ScreenSummary, pushes: Bool, modals: Bool, _ vocabulary: FixVocabulary) -> String {
        screen.sceneName == nil ? swiftUIFix(pushes: pushes, modals: modals, vocabulary) : uiKitFix
    }

    static func swiftUIFix(pushes: Bool, modals: Bool, _ vocabulary: FixVocabulary) -> String {
        let swiftUI = vocabulary == .swiftUI
        var fix = ""
        if pushes {
            fix =
                swiftUI
                ? "when the screen appears again, move its @AccessibilityFocusState back to the control that was activated, "
                    + "after the transition (.onAppear { DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = "
                    + "lastFocusedID } })"
                : "restore focus on appear (restore-focus=\"on-appear\")"
        }
        if modals {
            fix +=
                (pushes ? ", and " : "")
                + (swiftUI
                    ? "move focus back to the presenting control when what it presented is dismissed (in the sheet's or cover's onDismiss:)"
                    : "move focus back to the presenting control when what it presented is dismissed (onDismiss: of the sheet or cover, restore-focus=\"on-dismiss\")")
        }
        return fix
    }

    static let uiKitFix =
        "move focus back to that control when the screen reappears (UIAccessibility.post(notification: .screenChanged, "
        + "argument: control)), or set uikit_focus: system if UIKit restores it"

    /// Each journey as `control → destination`; an Interface Builder destination by its scene name.
    /// At most `MessageText.maximumListedItems` journeys are listed, then "and N more".
    static func list(_ journeys: [Journey], _ graph: NavigationGraph) -> String {
        MessageText.list(journeys) { journey in
            let target = graph.target(of: journey.link).flatMap { graph.sceneName(ofScreen: $0) }
            return "\(journey.link.displayName) → \(MessageText.quoted(target ?? journey.link.navigation.target))"
        }
    }

    /// The Interface Builder scene names of the destinations of the journeys `writeList` lists
    /// (nil where a destination is not a named scene), in the order of `journeys`.
    static func listedTargets(_ journeys: [Journey], _ graph: NavigationGraph) -> [String?] {
        journeys.prefix(MessageText.maximumListedItems).map { journey in
            graph.target(of: journey.link).flatMap { graph.sceneName(ofScreen: $0) }
        }
    }

    /// Writes `notRestored(_:journeys:pushes:modals:)` with `list(journeys, graph)`, piece by piece;
    /// `targets`: the destinations' names, looked up before (`listedTargets`).
    static func writeNotRestored(
        _ screen: ScreenSummary, journeys: [Journey], targets: [String?], pushes: Bool, modals: Bool,
        in vocabulary: FixVocabulary, to out: inout UTF8Builder
    ) {
        out.append("returning to ")
        out.append(screen.displayName)
        out.append(" puts VoiceOver focus on ")
        out.append(screen.landing)
        out.append(", not on the control that was activated: ")
        writeList(journeys, targets: targets, to: &out)
        out.append("; ")
        out.append(fix(screen, pushes: pushes, modals: modals, vocabulary))
    }

    /// Writes `nothingRecorded(_:journeys:)` with `list(journeys, graph)`, piece by piece; `targets`:
    /// the destinations' names, looked up before (`listedTargets`).
    static func writeNothingRecorded(
        _ screen: ScreenSummary, journeys: [Journey], targets: [String?], in vocabulary: FixVocabulary,
        to out: inout UTF8Builder
    ) {
        out.append(screen.displayName)
        out.append(" restores focus on appear, but nothing records which control was activated")
        out.append(vocabulary == .swiftUI ? "" : " (capture is none)")
        out.append(", so focus is lost after ")
        writeList(journeys, targets: targets, to: &out)
        out.append("; ")
        out.append(UnreliableFocusCaptureRule.fix(vocabulary))
    }

    /// Writes `list(_:_:)`: each journey as `control → destination`, at most
    /// `MessageText.maximumListedItems` of them, then "and N more"; `targets` are the destinations'
    /// names (`listedTargets`).
    static func writeList(_ journeys: [Journey], targets: [String?], to out: inout UTF8Builder) {
        var listed = 0
        for journey in journeys {
            if listed == MessageText.maximumListedItems { break }
            if listed > 0 { out.append(", ") }
            let target = targets[listed]
            journey.link.appendDisplayName(to: &out)
            out.append(" → ")
            out.append(MessageText.quoted(target ?? journey.link.navigation.target))
            listed += 1
        }
        let rest = journeys.count - listed
        if rest > 0 {
            out.append(", and ")
            out.append(decimal: rest)
            out.append(" more")
        }
    }

    /// A screen that restores focus but has nothing recorded to restore it to.
    static func nothingRecorded(_ screen: ScreenSummary, journeys: String, in vocabulary: FixVocabulary) -> String {
        "\(screen.displayName) restores focus on appear, but nothing records which control was activated"
            + "\(vocabulary == .swiftUI ? "" : " (capture is none)"), so focus is lost after \(journeys); "
            + UnreliableFocusCaptureRule.fix(vocabulary)
    }
}
