import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// The HTML report: its order, links, limits, languages and excerpts, and the map's layout.
@Suite struct HTMLReportTests {
    static let broken = """
        <app name="Shop">
          <screen id="home" title="홈" root="true">
            <NavigationLink id="a" destination="detail"><Text>Detail</Text></NavigationLink>
            <Button id="b" push="nowhere"><Image system-name="gear" decorative="true"/></Button>
            <Button id="c"/>
          </screen>
          <screen id="detail" title="상세"><Text>x</Text></screen>
        </app>
        """
    static let clean = "<app><screen id=\"only\" title=\"Only\"><Text>hi</Text></screen></app>"

    /// Writes files into a new directory and returns its path.
    static func directory(_ files: [String: String]) throws -> String {
        let dir = try ScratchDirectory.make("html").path
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return dir
    }

    static func html(_ files: [FileAudit], options: ReportOptions = ReportOptions()) -> String {
        HTMLReporter.render(AuditResult(files: files), options: options)
    }

    static func matches(_ text: String, _ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    @Test func everyInPageLinkResolves() throws {
        let samples = ["Samples/messenger-broken.xml", "Samples/guide.xml", "Samples/messenger-fixed.json", "Samples/messenger-broken.json"]
        let result = Auditor.audit(paths: samples, configuration: Configuration())
        let text = HTMLReporter.render(result, options: ReportOptions(docsURL: "https://example.com/rules"))
        let ids = Set(Self.matches(text, #"\bid="([^"]+)""#))
        let targets = Self.matches(text, ##"href="#([^"]*)""##)
        #expect(targets.count > 10)
        for target in targets { #expect(ids.contains(target), "dead link #\(target)") }
        #expect(Self.matches(text, #"\bid="([^"]+)""#).count == ids.count, "an id is used twice")
        // Each scrolling map is a landmark: their names differ, even for two files of one app.
        let regions = Self.matches(text, #"role="region" tabindex="0" aria-label="([^"]+)""#)
        #expect(regions.count >= 2 && Set(regions).count == regions.count, "\(regions)")
    }

    @Test func summaryByRuleComesFirstAndLinksEachRuleToItsExplanation() {
        let text = Self.html([audit(Self.broken, file: "shop.xml")], options: ReportOptions(docsURL: "https://example.com/rules/"))
        let summary = text.firstRange(of: "id=\"summary\"")!.lowerBound
        let firstFile = text.firstRange(of: "<section class=\"file\"")!.lowerBound
        #expect(summary < firstFile)
        #expect(text.contains("<caption>Findings by rule</caption>"))
        for rule in ["unlabeled_control", "unknown_destination", "focus_lost_on_return"] {
            #expect(text.contains("<a href=\"#rule-\(rule)\"><code>\(rule.replacing("_", with: "_<wbr>"))</code></a>"), "\(rule) in the summary")
            #expect(text.contains("<section class=\"rule\" id=\"rule-\(rule)\""), "\(rule) explained")
            #expect(text.contains("href=\"https://example.com/rules/\(rule).md\""), "\(rule) linked to docs_url")
        }
        // Without docs_url, no outside link.
        #expect(!Self.html([audit(Self.broken, file: "shop.xml")]).contains("https://"))
    }

    @Test func filesWithFindingsComeFirstAndCleanFilesAreOneLine() {
        let text = Self.html([audit(Self.clean, file: "a-clean.xml"), audit(Self.broken, file: "z-broken.xml")])
        let broken = text.firstRange(of: "<h2 id=\"file-1-h\">z-broken.xml</h2>")
        let clean = text.firstRange(of: "<details class=\"file\" id=\"file-2\"><summary>a-clean.xml: no findings")
        #expect(broken != nil && clean != nil)
        if let broken, let clean { #expect(broken.lowerBound < clean.lowerBound) }
        #expect(!text.contains("<h2 id=\"file-2-h\">"), "a clean file gets no full section")
    }

    @Test func theContentLanguageIsMarkedAndTheReportsOwnWordsAreEnglish() {
        let file = audit(Self.broken, file: "shop.xml")
        let korean = Self.html([file], options: ReportOptions(language: "ko"))
        #expect(korean.contains("<html lang=\"en\">"))
        #expect(korean.contains("<g lang=\"ko\"><title>홈 (home)</title>"))
        #expect(korean.contains("<td data-label=\"From\" lang=\"ko\">홈 (home)</td>"))
        let unknown = Self.html([file])
        #expect(!unknown.contains("lang=\"ko\""))
        #expect(!Self.html([file], options: ReportOptions(language: "ko\" onload=\"x")).contains("onload"))
        #expect(ReportOptions.isLanguageTag("en-GB") && ReportOptions.isLanguageTag("zh-Hant-TW"))
        // The description's own language wins over the configuration's; a bad one is a finding.
        let own = audit(Self.broken.replacing("<app name=\"Shop\">", with: "<app name=\"Shop\" language=\"ko-KR\">"), file: "shop.xml")
        #expect(own.language == "ko-KR")
        #expect(Self.html([own], options: ReportOptions(language: "ja")).contains("<g lang=\"ko-KR\"><title>홈 (home)</title>"))
        let json = audit(#"{"language": "ko", "screens": [{"id": "a", "title": "홈"}]}"#, file: "a.json")
        #expect(json.language == "ko" && Self.html([json]).contains("<g lang=\"ko\">"))
        let bad = audit("<app language=\"korean language\"><screen id=\"a\"/></app>", file: "bad.xml")
        #expect(bad.language == nil)
        #expect(bad.findings.contains { $0.rule == "invalid_description" && $0.message.contains("BCP 47") })
        #expect(!ReportOptions.isLanguageTag("k") && !ReportOptions.isLanguageTag("ko_KR") && !ReportOptions.isLanguageTag(""))
    }

    @Test func theFirstFindingsOfEachRuleAreListedAndTheRestCounted() {
        var xml = "<app><screen id=\"s\">"
        for i in 0..<7 { xml += "<Button id=\"b\(i)\"/>" }
        xml += "</screen></app>"
        let file = audit(xml, file: "many.xml")
        #expect(file.findings.filter { $0.rule == "unlabeled_control" }.count == 7)
        let text = Self.html([file], options: ReportOptions(htmlFindingsPerRule: 3))
        #expect(text.ranges(of: "<li class=\"error\">").count == 3)
        #expect(text.contains("3 of 7 findings shown"))
        #expect(text.contains("id=\"limit-note\""))
        #expect(text.contains("<td data-label=\"Findings\">7</td>"))
        let all = Self.html([file], options: ReportOptions(htmlFindingsPerRule: 2, htmlMaxFindings: 1))
        #expect(all.ranges(of: "<li class=\"error\">").count == 1)
        #expect(!Self.html([file]).contains("limit-note"))
    }

    @Test func excerptsAreCutToAWindowAroundTheColumn() throws {
        // One long line with a finding every few hundred columns: each excerpt shows a window of
        // it, not the whole line, so the page grows with the findings, not with their product.
        var line = "<app><screen id=\"s\">"
        for i in 0..<400 { line += "<Button id=\"b\(i)\" hint=\"" + String(repeating: "x", count: 300) + "\"/>" }
        line += "</screen></app>"
        let dir = try Self.directory(["long.xml": line])
        let result = Auditor.audit(paths: [dir + "/long.xml"], configuration: Configuration())
        #expect(result.files[0].findings.count == 400)
        let text = HTMLReporter.render(result, options: ReportOptions(htmlFindingsPerRule: 1000))
        #expect(text.utf8.count < 4 * line.utf8.count, "\(text.utf8.count) bytes of HTML for \(line.utf8.count) of input")
        #expect(text.contains("&lt;Button id=&quot;b7&quot;"))
        #expect(text.ranges(of: "1 ▶</span> …").count == 399, "every excerpt but the first starts cut")
        // The finding's own column is inside its window.
        var excerpts = SourceExcerpts()
        excerpts.request(line: 1, column: 500)
        _ = excerpts.read(from: ByteSource(bytes: Array(("a\r\nb\rc\n" + String(repeating: "한", count: 1000)).utf8)))
        let lines = excerpts.lines(around: 1, column: 500)
        #expect(lines.map(\.number) == [1, 2, 3])
        var near = SourceExcerpts()
        near.request(line: 4, column: 500)
        _ = near.read(from: ByteSource(bytes: Array(("a\r\nb\rc\n" + String(repeating: "한", count: 1000) + "\n").utf8)))
        let cut = near.lines(around: 4, column: 500)
        #expect(cut.map(\.number) == [2, 3, 4])
        #expect(cut.last?.text == String(repeating: "한", count: SourceExcerpts.window))
        #expect(cut.last?.cutBefore == true && cut.last?.cutAfter == true)
        #expect(cut.first?.text == "" && cut.first?.cutBefore == false)
    }

    @Test func theMapNeedsNoStyleSheetAndHasNoSmallText() {
        let text = Self.html([audit(Self.broken, file: "shop.xml")])
        let svg = String(text[text.firstRange(of: "<svg")!.lowerBound..<text.firstRange(of: "</svg>")!.upperBound])
        #expect(!svg.contains("class=") && !svg.contains("style="))
        for rect in Self.matches(svg, #"(<rect [^>]*>)"#) {
            #expect(rect.contains("fill=\"") && rect.contains("stroke") || rect.contains("width=\"") && rect.contains("fill=\"#fff\""))
        }
        for size in Self.matches(svg, #"font-size="([0-9.]+)""#) { #expect(Double(size)! >= 12) }
        // Every arrow has its stroke; the lost one is red and dashed; the unknown destination is a ghost.
        for path in Self.matches(svg, #"(<path d="[^"]*" stroke[^>]*>)"#) { #expect(path.contains("stroke=\"#")) }
        #expect(svg.contains("stroke=\"\(HTMLMap.lostColor)\" stroke-width=\"2.25\" stroke-dasharray=\"\(HTMLMap.lostDash)\""))
        #expect(svg.contains("<title>nowhere</title>") && svg.contains("stroke-dasharray=\"5 3\""))
        #expect(svg.contains(">unknown destination</text>") && svg.contains(">✗ focus lost on return</text>"))
        // Boxes are named by title over id.
        #expect(svg.contains(">홈</text>") && svg.contains(">home</text>"))
    }

    @Test func storyboardScenesAreNamedByClassOverTitle() {
        var screen = ScreenSummary(
            id: "frd-vc-001", path: "screen[frd-vc-001]", location: SourceLocation(line: 1, column: 1), title: "친구",
            isMarkedRoot: false, restores: false, restoreDelay: 0, capture: .none, captureWritten: false, firstReadName: nil,
            hasPopToRoot: false, sceneName: "FriendsViewController (\"친구\")")
        #expect(HTMLMap.names(screen) == ("FriendsViewController", "친구"))
        screen.sceneName = "scene \"채팅\""
        #expect(HTMLMap.names(screen) == ("채팅", nil))
        screen.sceneName = nil
        #expect(HTMLMap.names(screen) == ("친구", "frd-vc-001"))
    }

    @Test func layersPointRightAndBackEdgesAreDrawnApart() {
        // 0 → 1 → 2 → 0 (a cycle), 0 → 2, 3 a second root → 1, and a self loop on 2.
        let edges = [(0, 1), (1, 2), (2, 0), (0, 2), (3, 1), (2, 2)].map { MapLayout.Edge(from: $0.0, to: $0.1) }
        let layout = MapLayout(nodeCount: 4, roots: [0, 3], edges: edges)
        #expect(layout.layer[0] == 0 && layout.layer[3] == 0)
        #expect(layout.layer[1] == 1 && layout.layer[2] == 2)
        #expect(layout.routes.map(\.isBack) == [false, false, true, false, false, false])
        #expect(layout.routes[5].isSelfLoop)
        // The back edge leaves 2 on its left side and ends on 0's right side.
        let back = layout.routes[2].points
        #expect(back.first!.x == layout.x[2] && back.last!.x == layout.x[0] + layout.metrics.boxWidth)
        // The long edge 0 → 2 passes layer 1 beside node 1's box, not through it.
        let long = layout.routes[3].points
        #expect(long.count == 4)
        let passing = long[1].y
        #expect(passing < layout.y[1] || passing > layout.y[1] + layout.metrics.boxHeight)
    }

    @Test func boxesNeverOverlapAndRoutesPassBetweenThem() {
        let file = audit(try! String(contentsOfFile: "Samples/messenger-broken.xml", encoding: .utf8))
        var rng = SplitMix(seed: 26)
        for trial in 0..<30 {
            let n = 3 + trial
            var edges: [MapLayout.Edge] = []
            for _ in 0..<(n * 2) { edges.append(.init(from: Int.random(in: 0..<n, using: &rng), to: Int.random(in: 0..<n, using: &rng))) }
            let layout = MapLayout(nodeCount: n, roots: [0], edges: edges)
            let h = layout.metrics.boxHeight
            let w = layout.metrics.boxWidth
            for a in 0..<n {
                for b in (a + 1)..<n where layout.layer[a] == layout.layer[b] {
                    #expect(abs(layout.y[a] - layout.y[b]) >= h, "boxes \(a) and \(b) overlap")
                }
            }
            for (i, route) in layout.routes.enumerated() where !route.isSelfLoop {
                let e = edges[i]
                #expect(route.isBack == (layout.layer[e.to] <= layout.layer[e.from]) || route.isBack)
                #expect(route.isBack || layout.layer[e.to] > layout.layer[e.from], "a forward edge points right")
                // Points inside a route (dummies) are outside every box of their column.
                for p in route.points.dropFirst().dropLast() {
                    for v in 0..<n where layout.x[v] <= p.x && p.x <= layout.x[v] + w {
                        #expect(p.y < layout.y[v] || p.y > layout.y[v] + h, "route \(i) crosses box \(v)")
                    }
                }
            }
        }
        _ = file
    }

    @Test func barycenterSweepsUntangleCrossings() {
        // Two roots whose children are listed crosswise: 0 → 3, 1 → 2, plus 0 → 4 after them.
        let edges = [(0, 3), (1, 2), (0, 4), (1, 5)].map { MapLayout.Edge(from: $0.0, to: $0.1) }
        let layout = MapLayout(nodeCount: 6, roots: [0, 1], edges: edges)
        #expect(layout.crossings == 0)
        #expect(MapLayout.placeInOrder(wanted: [10, 0, 5], weights: [1, 1, 1], gaps: [10, 10]) == [-5, 5, 15])
    }

    @Test func largeAppsAreDrawnAsSeveralMapsOfAtMostSixtyScreens() {
        // 200 screens: two roots, each a chain with a cycle of 30 and side branches.
        var successors = [[Int]](repeating: [], count: 200)
        for i in 0..<199 where i != 99 { successors[i].append(i + 1) }
        successors[40].append(11)  // 11...40 is one strongly connected part
        let parts = HTMLMap.partition(count: 200, roots: [0, 100], successors: HTMLMap.Successors(successors), size: 60)
        #expect(parts.allSatisfy { $0.count <= 60 })
        #expect(parts.flatMap { $0 }.sorted() == Array(0..<200))
        #expect(parts.contains { Set(11...40).isSubset(of: Set($0)) }, "the cycle is kept on one map")
        let first60 = HTMLMap.Successors(Array(successors.prefix(60)).map { $0.filter { $0 < 60 } })
        #expect(HTMLMap.partition(count: 60, roots: [0], successors: first60, size: 60).count == 1)
        let components = HTMLMap.stronglyConnectedComponents(count: 200, successors: HTMLMap.Successors(successors))
        #expect(Set((11...40).map { components[$0] }).count == 1 && components[10] != components[11])
    }

    @Test func aLargeAppGetsAnIndexOfMapsThatResolve() throws {
        var xml = "<app>"
        for i in 0..<130 {
            xml += "<screen id=\"s\(i)\"\(i % 65 == 0 ? " root=\"true\"" : "")><Text>t</Text>"
            if i % 65 != 64 { xml += "<NavigationLink id=\"n\" destination=\"s\(i + 1)\" label=\"Next\"/>" }
            xml += "</screen>"
        }
        xml += "</app>"
        let text = Self.html([audit(xml, file: "big.xml")])
        #expect(text.contains("<caption>Maps</caption>"))
        // Two entry points of 65 screens each: two maps each, of 33 and 32 screens.
        #expect(text.ranges(of: "<svg").count == 4)
        #expect(text.contains("Map 1 of 4: 33 screens"))
        #expect(text.contains("on map 2") || text.contains("on map 1"))
        let ids = Set(Self.matches(text, #"\bid="([^"]+)""#))
        for target in Self.matches(text, ##"href="#([^"]*)""##) { #expect(ids.contains(target)) }
    }

    /// The command line keeps compact graphs (no record of a link whose journey returns focus):
    /// the maps and their tables are drawn from the edges, and are the same as from a full graph.
    @Test func compactAndFullGraphsDrawTheSameMaps() throws {
        func maps(_ keepsJourneys: Bool, _ path: String) -> [String] {
            var configuration = Configuration()
            configuration.keepsJourneys = keepsJourneys
            let text = HTMLReporter.render(Auditor.audit(paths: [path], configuration: configuration), options: ReportOptions())
            return Self.matches(text, #"(?s)(<svg.*?</svg>|<table class="stack links">.*?</table>)"#)
        }
        let dir = try Self.directory(["shop.xml": Self.broken])
        for path in ["Samples/messenger-broken.xml", "Samples/guide.xml", dir + "/shop.xml"] {
            let full = maps(true, path)
            #expect(full.count >= 2)
            #expect(full == maps(false, path), "\(path)")
            #expect(full.joined().contains("✗"), "\(path): no lost link drawn")
        }
    }

    /// The map's arrows are folded one screen's links at a time (a short run searched, a long one
    /// through a table of its own): they must be what a table of every pair of screens gives, in
    /// the order of each pair's first link, with the same counts of links, lost and hidden ones.
    @Test func connectionsAreEveryPairOfScreensInOrderOfFirstLink() throws {
        // A hub of 45 links (past the searched length) to repeated, unknown and hidden destinations,
        // and screens after it whose links go back to it.
        var xml = "<app><screen id=\"hub\" title=\"Hub\" root=\"true\">"
        for k in 0..<45 {
            let target = k % 9 == 8 ? "ghost\(k % 2)" : "s\(k % 7)"
            xml += "<NavigationLink id=\"l\(k)\" destination=\"\(target)\"\(k % 5 == 0 ? "" : " focus=\"l\(k)\"")"
            xml += "\(k == 44 ? " hidden=\"true\"" : "")><Text>\(k)</Text></NavigationLink>"
        }
        xml += "</screen>"
        for i in 0..<7 {
            xml += "<screen id=\"s\(i)\" title=\"S\(i)\"\(i % 2 == 0 ? " restore-focus=\"on-appear\"" : "")>"
            xml += "<NavigationLink id=\"b\" destination=\"\(i % 3 == 0 ? "hub" : "s\((i + 1) % 7)")\"><Text>b</Text></NavigationLink>"
            xml += "<NavigationLink id=\"c\" destination=\"nowhere\"><Text>c</Text></NavigationLink></screen>"
        }
        xml += "</app>"
        let sources = [
            xml, try String(contentsOfFile: "Samples/messenger-broken.xml", encoding: .utf8),
            try String(contentsOfFile: "Samples/guide.xml", encoding: .utf8),
        ]
        for (number, text) in sources.enumerated() {
            for keepsJourneys in [true, false] {
                var configuration = Configuration()
                configuration.keepsJourneys = keepsJourneys
                let file = audit(text, configuration: configuration)
                let graph = file.graph
                // The reference: one table of every (screen, destination) pair.
                var pairs: [String] = []
                var counts: [String: (count: Int, lost: Int, hidden: Int)] = [:]
                var edge = 0
                graph.forEachEdge { from, to, target in
                    let key = "\(from)>" + (to.map { "\($0)" } ?? "?" + target)
                    if counts[key] == nil { pairs.append(key) }
                    var entry = counts[key] ?? (0, 0, 0)
                    entry.count += 1
                    if graph.keepsJourneys && graph.links.count > edge && graph.links[edge].isHidden { entry.hidden += 1 }
                    counts[key] = entry
                    edge += 1
                }
                for journey in file.journeys where journey.route == .back && journey.isLost {
                    if let to = graph.target(of: journey.link) { counts["\(journey.link.screen)>\(to)"]!.lost += 1 }
                }
                let connections = HTMLMap.Connections(file)
                let made = connections.list.map { c in
                    "\(c.from)>" + (c.screen.map { "\($0)" } ?? "?" + connections.unknownName(c)) + " \(c.count) \(c.lost) \(c.hidden)"
                }
                let expected = pairs.map { "\($0) \(counts[$0]!.count) \(counts[$0]!.lost) \(counts[$0]!.hidden)" }
                #expect(made == expected, "description \(number), keepsJourneys \(keepsJourneys)")
                for s in 0..<graph.screens.count {
                    let known = connections.list[connections.leaving(s)].compactMap(\.screen)
                    #expect(connections.successors[s].map { Int($0) } == known)
                }
                if number == 0 {
                    #expect(connections.list.contains { $0.lost > 0 } && connections.list.contains { $0.screen == nil })
                    #expect(!keepsJourneys || connections.list.contains { $0.hidden > 0 })
                    let hubLinks = connections.list[connections.leaving(0)].reduce(0) { $0 + Int($1.count) }
                    #expect(hubLinks == 45, "the hub's 45 links are folded through a table of their own")
                }
            }
        }
    }

    @Test func theConfigurationFileSetsTheLanguageAndTheLimits() throws {
        let file = try ConfigurationFile.parse("language: ko\nhtml_findings_per_rule: 20\nhtml_max_findings: 100\n", path: "c.yml")
        let options = file.reportOptions(ReportOptions())
        #expect(options.language == "ko" && options.htmlFindingsPerRule == 20 && options.htmlMaxFindings == 100)
        #expect(throws: InputError.self) { try ConfigurationFile.parse("language: korean language\n", path: "c.yml") }
        #expect(throws: InputError.self) { try ConfigurationFile.parse("html_max_findings: 0\n", path: "c.yml") }
    }
}
