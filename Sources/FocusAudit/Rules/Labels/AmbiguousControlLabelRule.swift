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
        // Named, navigating controls in document order; siblings share a parent (nil: the screen).
        var candidates: [(parent: Int, index: Int)] = []
        for (index, element) in analysis.elements.enumerated()
        where element.node.isInteractive && element.isAccessibilityElement && element.name != nil
            && (element.node.navigates || element.node.dismiss || element.node.popToRoot)
        {
            candidates.append((element.parent ?? -1, index))
        }
        guard candidates.count > 1 else { return }
        // Group by parent, keeping document order inside each group; only groups of two or more
        // need names compared.
        var groups: [Int: [Int]] = [:]
        for candidate in candidates { groups[candidate.parent, default: []].append(candidate.index) }
        for parent in groups.keys.sorted() {
            guard let members = groups[parent], members.count > 1 else { continue }
            var byName: [String: [Int]] = [:]
            var order: [String] = []
            for index in members {
                let key = analysis.elements[index].name!.text.trimmingWhitespace().lowercased()
                if byName[key] == nil { order.append(key) }
                byName[key, default: []].append(index)
            }
            for key in order {
                let same = byName[key]!
                for (position, index) in same.enumerated() where position > 0 {
                    let element = analysis.elements[index]
                    let places = destinations(element.node)
                    let clash = same[..<position].lazy.map { analysis.elements[$0] }.first { earlier in
                        destinations(earlier.node) != places && normalizedHint(earlier.node) == normalizedHint(element.node)
                    }
                    guard let clash else { continue }
                    report.add(
                        at: element.node.location, element: analysis.path(of: index),
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
