/// `ambiguous_control_label`: sibling controls with the same name that go to different places.
public struct AmbiguousControlLabelRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.ambiguousControlLabel,
        name: "Ambiguous control label",
        summary: "Sibling controls share a name but go to different places, and no hint tells them apart.",
        rationale: """
            A VoiceOver user who swipes through "더보기, 버튼", "더보기, 버튼", "더보기, 버튼" cannot \
            tell which section each one opens. Names of controls should make sense out of context, \
            especially in the rotor's list of links and buttons.
            """,
        fix: """
            Make each name specific, or add a hint that tells them apart:

            ```swift
            Button("더보기") { showFriends() }.accessibilityLabel("친구 더보기")
            Button("더보기") { showChats() }.accessibilityHint("채팅 목록을 엽니다")
            ```
            """,
        severity: .warning,
        references: ["WCAG 2.4.4 Link Purpose (In Context)", "WCAG 2.4.9 Link Purpose (Link Only)"],
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="home">
                    <VStack>
                      <Button id="moreFriends" push="friends">더보기</Button>
                      ↓<Button id="moreChats" push="chats">더보기</Button>
                      ↓<Button id="moreAgain" push="friends">더보기</Button>
                    </VStack>
                  </screen>
                  <screen id="friends"/>
                  <screen id="chats"/>
                </app>
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="home">
                    <VStack>
                      <Button id="moreFriends" push="friends" hint="친구 목록">더보기</Button>
                      <Button id="moreChats" push="chats" hint="채팅 목록">더보기</Button>
                    </VStack>
                    <VStack><Button id="a" push="chats">열기</Button></VStack>
                    <VStack><Button id="b" push="friends">열기</Button></VStack>
                  </screen>
                  <screen id="friends"/>
                  <screen id="chats"/>
                </app>
                """)
        ])

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        // Siblings by parent (nil: the screen's top level), then by folded name.
        var groups: [Int: [String: [Int]]] = [:]
        for (index, element) in analysis.elements.enumerated()
        where element.node.isInteractive && element.isAccessibilityElement {
            guard let name = element.name, !destinations(element.node).isEmpty else { continue }
            let key = name.text.trimmingWhitespace().lowercased()
            groups[element.parent ?? -1, default: [:]][key, default: []].append(index)
        }
        for (_, byName) in groups {
            for (_, members) in byName where members.count > 1 {
                for (position, index) in members.enumerated() where position > 0 {
                    let element = analysis.elements[index]
                    let places = destinations(element.node)
                    let clash = members[..<position].lazy.map { analysis.elements[$0] }.first { earlier in
                        destinations(earlier.node) != places && normalizedHint(earlier.node) == normalizedHint(element.node)
                    }
                    guard let clash else { continue }
                    report.add(
                        at: element.node.location, element: element.path,
                        "\(element.displayName) has the same name as \(clash.displayName) at line \(clash.node.location.line) but goes to \(describe(places)) instead of \(describe(destinations(clash.node))); make the names specific or add a hint that tells them apart")
                }
            }
        }
    }

    private func destinations(_ node: ViewNode) -> [String] {
        var places = node.navigations.map { "\($0.presentation.verb) \($0.target)" }
        if node.dismiss { places.append("back") }
        if node.popToRoot { places.append("the root screen") }
        return places.sorted()
    }

    private func normalizedHint(_ node: ViewNode) -> String {
        (node.hint ?? "").trimmingWhitespace().lowercased()
    }

    private func describe(_ places: [String]) -> String {
        places.joined(separator: " and ")
    }
}
