/// `unreliable_focus_capture`: the activated element is recorded by a tap gesture.
public struct UnreliableFocusCaptureRule: Rule {
    public init() {}

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.unreliableFocusCapture,
        name: "Unreliable focus capture",
        summary: "A restoring screen records the activated control with a tap gesture (capture=\"gesture\").",
        rationale: """
            A `simultaneousGesture(TapGesture())` on a link does not always fire: the link can swallow the \
            touch, and a VoiceOver double-tap activates the control without any tap reaching the gesture. \
            Then nothing is recorded and focus is lost on return, only some of the time, which makes the \
            bug hard to reproduce.
            """,
        fix: """
            Record the id in the setter of the link's `isActive` binding, which runs however the link is \
            activated:

            ```swift
            private func binding(for id: ItemID, _ isActive: Binding<Bool>) -> Binding<Bool> {
                Binding(get: { isActive.wrappedValue },
                        set: { newValue in
                            if newValue { lastFocusedID = id }
                            isActive.wrappedValue = newValue
                        })
            }
            ```

            In the description: `capture="binding"` (or `capture="path"` when a navigation path records it).
            """,
        severity: .warning,
        references: ["WCAG 2.4.3 Focus Order", "WCAG 2.1.1 Keyboard"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  ↓<screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="gesture">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                    <NavigationLink id="b" destination="detail" focus="b"><Text>B</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    friends records the activated control with a tap gesture (capture="gesture"), which VoiceOver activation \
                    can skip, so focus is sometimes lost on return; record it through the link's binding (capture="binding")
                    """
                ]),
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    ↓<NavigationLink id="a" destination="detail" focus="a" capture="gesture"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    "A" (a) is recorded by a tap gesture (capture="gesture"), which VoiceOver activation can skip, so focus \
                    is sometimes lost after detail; record it through the link's binding (capture="binding")
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="friends" capture="gesture">
                    <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """),
            RuleExample(
                """
                <app>
                  <screen id="friends" restore-focus="on-appear" restore-delay="0.6" capture="gesture">
                    <Button id="new" label="새 채팅" sheet="compose" focus="new"/>
                  </screen>
                  <screen id="compose"/>
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
                                    NavigationLink(destination: ChatView()) {
                                        Text(friend)
                                    }
                                    .simultaneousGesture(TapGesture().onEnded { lastFocused = friend })
                                    .accessibilityFocused($focus, equals: friend)
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
                        FriendsView ("친구") records the activated control with a tap gesture (.simultaneousGesture or \
                        .onTapGesture), which VoiceOver activation can skip, so focus is sometimes lost on return; record it \
                        when navigation starts: in the setter of the link's isActive binding, or where the navigation path is \
                        appended to (lastFocusedID = …)
                        """
                    ])
            ],
            nonTriggering: [
                .restoringFocusInSwiftUI
            ]))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        var screensReported: Set<Int> = []
        var elementsReported = StringTable()
        // By index, testing fields in place: most journeys are not unreliable, and copying each
        // one out of the list counted references to its link and outcome.
        for i in journeys.indices where journeys[i].unreliable {
            guard case .back = journeys[i].route else { continue }
            let link = journeys[i].link
            if link.captureOnElement {
                guard elementsReported.insert(link.elementPath) else { continue }
                report.add(
                    at: link.location, element: link.elementPath, Self.linkRecordedByGestureStart(link, in: context.vocabulary),
                    sharedTail: Self.fixTail(context.vocabulary))
            } else {
                guard screensReported.insert(link.screen).inserted else { continue }
                let screen = graph.screens[link.screen]
                report.add(
                    at: screen.location, element: screen.path, screen.displayName,
                    sharedTail: Self.screenRecordsByGestureTail(context.vocabulary))
            }
        }
    }
}

// MARK: - Messages

extension UnreliableFocusCaptureRule {
    /// A link whose own `capture="gesture"` records its activation.
    static func linkRecordedByGesture(_ link: LinkRecord, in vocabulary: FixVocabulary) -> String {
        linkRecordedByGestureStart(link, in: vocabulary) + fixTail(vocabulary)
    }

    /// `linkRecordedByGesture` up to its fix (`fixTail`), which is the same for every link.
    static func linkRecordedByGestureStart(_ link: LinkRecord, in vocabulary: FixVocabulary) -> String {
        "\(link.displayName) is recorded by a tap gesture (\(gesture(vocabulary))), which VoiceOver activation can skip, so "
            + "focus is sometimes lost after \(MessageText.quoted(link.navigation.target))"
    }

    /// The end of `linkRecordedByGesture`: its fix.
    static func fixTail(_ vocabulary: FixVocabulary) -> String { "; \(fix(vocabulary))" }

    /// A screen whose `capture="gesture"` records the activated control.
    static func screenRecordsByGesture(_ screen: ScreenSummary, in vocabulary: FixVocabulary) -> String {
        screen.displayName + screenRecordsByGestureTail(vocabulary)
    }

    /// What `screenRecordsByGesture` says after the screen's name, the same for every screen.
    static func screenRecordsByGestureTail(_ vocabulary: FixVocabulary) -> String {
        " records the activated control with a tap gesture (\(gesture(vocabulary))), which VoiceOver "
            + "activation can skip, so focus is sometimes lost on return; \(fix(vocabulary))"
    }

    /// How the user wrote the recording tap gesture.
    private static func gesture(_ vocabulary: FixVocabulary) -> String {
        vocabulary == .swiftUI ? ".simultaneousGesture or .onTapGesture" : "capture=\"gesture\""
    }

    /// The reliable way to record the activated control.
    static func fix(_ vocabulary: FixVocabulary) -> String {
        switch vocabulary {
        case .description: "record it through the link's binding (capture=\"binding\")"
        case .swiftUI:
            "record it when navigation starts: in the setter of the link's isActive binding, or where the "
                + "navigation path is appended to (lastFocusedID = …)"
        }
    }
}
