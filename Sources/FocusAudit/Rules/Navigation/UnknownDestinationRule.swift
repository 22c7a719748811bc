/// `unknown_destination`: a navigation attribute names a screen that does not exist.
public struct UnknownDestinationRule: Rule {
    public init() {}

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.unknownDestination,
        name: "Unknown destination",
        summary: "A navigation attribute (`destination`, `push`, `sheet`, `full-screen-cover`) names no screen.",
        rationale: """
            A link to a screen the description does not have is usually a typo or a screen that was \
            renamed. focusaudit cannot simulate the trip, so the link is left out of the focus checks until \
            it is fixed.
            """,
        fix: "Name an existing screen id, or add the missing `<screen>`.",
        severity: .error,
        references: [],
        impact: .serious,
        purpose: .correctness,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    ↓<NavigationLink id="a" destination="chatt"><Text>김철수</Text></NavigationLink>
                    ↓<Button id="search" label="검색" sheet="serch"/>
                  </screen>
                  <screen id="chat"/>
                  <screen id="search"/>
                </app>
                """,
                messages: [
                    "destination \"chatt\" names no screen; did you mean 'chat'?",
                    "sheet \"serch\" names no screen; did you mean 'search'?",
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <NavigationLink id="a" destination="chat"><Text>김철수</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                </app>
                """)
        ],
        swiftUI: .notApplicable(
            """
            The SwiftUI reader never names a screen that is not there: a destination it cannot work out \
            statically (a view declared outside the audited files, a route computed at run time) becomes a \
            dynamic screen of its own, which `focusaudit export` shows, and is never reported. The rule \
            applies to descriptions and storyboards.
            """))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        // Built once, and each missing name looked up once: a large app may name thousands of
        // screens that are not there, and measuring each against every id would grow with the square.
        var ids: Suggestion.Index?
        var suggestions: [String: String?] = [:]
        for link in graph.links where graph.target(of: link) == nil {
            let target = link.navigation.target
            let closest: String?
            if let known = suggestions[target] {
                closest = known
            } else {
                if ids == nil {
                    let screens = graph.screens
                    ids = Suggestion.Index(screens.indices.lazy.map { screens.id(at: $0) }.filter { !$0.isEmpty })
                }
                closest = ids!.closest(to: target)
                suggestions[target] = closest
            }
            report.add(
                at: link.location, element: link.elementPath,
                Self.namesNoScreen(attribute: link.navigation.attribute, target: target, closest: closest))
        }
    }
}

// MARK: - Messages

extension UnknownDestinationRule {
    /// A navigation `attribute` whose `target` is no screen id; `closest` is the screen id it may
    /// have meant.
    static func namesNoScreen(attribute: String, target: String, closest: String?) -> String {
        "\(attribute) \"\(MessageText.quoted(target))\" names no screen\(Suggestion.hint(closest))"
    }
}
