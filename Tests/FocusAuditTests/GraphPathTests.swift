import TestSupport
import Testing

@testable import FocusAudit

/// The per-screen and whole-file tables against the plain Swift they stand for.
@Suite struct GraphPathTests {
    /// Spellings that Swift's `==` relates in every way the tables must follow: ASCII, the three
    /// non-ASCII characters equal to ASCII ones, precomposed and decomposed forms, Hangul syllables
    /// and conjoining jamo, and strings no other spelling equals.
    static let spellings: [String] = [
        "a", "b", "l0", "l1", "Kelvin", "\u{212A}elvin", "a;b", "a\u{37E}b", "x`", "x\u{1FEF}", "caf\u{E9}",
        "cafe\u{301}", "가", "\u{1100}\u{1161}", "친구", "", "K", "\u{212A}", "focus-value-longer-than-eight",
        "focus-value-longer-than-eighT", "e\u{301}\u{323}", "e\u{323}\u{301}", "🇰🇷", "\u{AC01}",
    ]

    @Test func firstIndexTableAgreesWithSwiftComparisonAtEverySize() {
        var rng = SplitMix(seed: 27)
        for round in 0..<300 {
            // Up to 100 keys: most screens' handful, and past the scanned list into the slots.
            let count = round % 100 + 1
            var table = FirstIndexTable()
            var reference: [(key: String, index: Int)] = []
            for index in 0..<count {
                let pick = Int(rng.next() % 4)
                let key: String
                switch pick {
                case 0: key = Self.spellings[Int(rng.next() % UInt64(Self.spellings.count))]
                case 1: key = "l\(rng.next() % 60)"
                case 2: key = "값\(rng.next() % 20)"
                default: key = "\u{212A}\(rng.next() % 10)"
                }
                let expected = reference.first { $0.key == key }?.index
                if expected == nil { reference.append((key, index)) }
                #expect(table.insert(key, at: index) == expected, "round \(round), key \(key)")
            }
        }
    }

    @Test func largeSiblingGroupsFindRepeatedNamesAsSwiftComparesThem() {
        // More than 16 siblings take the hashed path; names repeat now and then, in another case or
        // with spaces, and every button goes somewhere else, so every repeat is ambiguous.
        var rng = SplitMix(seed: 5)
        let pool = ["친구 목록", "Friends", " friends ", "FRIENDS", "설정", "Settings", "가", "\u{1100}\u{1161}", "Café", "Cafe\u{301}"]
        for round in 0..<12 {
            let count = 17 + round * 7
            var views = ""
            var expected: [String] = []
            var seen: [String] = []
            for i in 0..<count {
                let unique = rng.next() % 3 != 0
                let name = unique ? "항목 \(round)-\(i)" : pool[Int(rng.next() % UInt64(pool.count))]
                let key = name.trimmingWhitespace().lowercased()
                if seen.contains(key) { expected.append("\(i + 4):1") } else { seen.append(key) }
                views += "<Button id=\"b\(i)\" push=\"d\(i)\" label=\"\(name)\"/>\n"
            }
            var screens = ""
            for i in 0..<count { screens += "<screen id=\"d\(i)\" title=\"D\"/>\n" }
            let a = audit("<app>\n<screen id=\"s\" title=\"S\">\n<VStack>\n\(views)</VStack>\n</screen>\n\(screens)</app>\n")
            #expect(positions(a, RuleID.ambiguousControlLabel) == expected, "round \(round)")
        }
    }

    @Test func compactGraphNamesTheLandingOnlyWhereAJourneyNeedsIt() {
        // Untitled screens that do not restore focus: a link that is the first element read lands
        // on itself (its landing is never named); one after another element loses focus to that
        // element, which the compact graph must name as the whole graph does.
        let xml = """
            <app>
              <screen id="a">
                <Button id="go" push="b" label="Next"/>
              </screen>
              <screen id="b">
                <Text>Intro</Text>
                <Button id="back" push="c" label="More"/>
                <Button id="far" sheet="a" label="Start"/>
              </screen>
              <screen id="c" default-focus="x">
                <Button id="x" focus="x" label="X"/>
                <Button id="y" push="a" label="Y"/>
              </screen>
            </app>
            """
        let routes = auditsOnEveryRoute(xml)
        let lost = routes[0].audit.findings.filter { $0.rule == RuleID.focusLostOnReturn }
        #expect(lost.count == 2)
        #expect(lost.contains { $0.message.contains("the Text \"Intro\"") || $0.message.contains("\"Intro\"") })
        for route in routes.dropFirst() {
            #expect(route.audit.findings == routes[0].audit.findings, "\(route.route)")
        }
    }

    @Test func screenIDsAskedOfTheGraphFindTheDuplicatesTheBuildersTableFinds() {
        // On one thread the builder asks the navigation graph whether a screen id was read before
        // (and the graph keeps the id's key for the screen's record); on the crew and parts routes
        // the builder keeps its own table. Screen ids that repeat in equal and canonically
        // equivalent spellings (the Kelvin sign, a combining accent, the Greek question mark), blank
        // ids, ids that links name before their screen is read and ids no screen has: every route
        // reports the duplicates Swift's comparison finds, in JSON too, and the same findings.
        let groups: [[String]] = [
            ["a"], ["Kelvin", "\u{212A}elvin"], ["caf\u{E9}", "cafe\u{301}"], ["s1"], ["화면"], [" "], ["x;y", "x\u{37E}y"],
        ]
        for seed in UInt64(1)...10 {
            var random = SplitMix(seed: seed)
            var screens: [(id: String, target: String)] = []
            for s in 0..<(20 + Int(seed) * 3) {
                let group = groups[Int(random.next() % UInt64(groups.count))]
                let id = random.next() % 3 == 0 ? "u\(s)" : group[Int(random.next() % UInt64(group.count))]
                let targets = groups[Int(random.next() % UInt64(groups.count))] + ["u\(s + 1)", "nowhere"]
                screens.append((id, targets[Int(random.next() % UInt64(targets.count))]))
            }
            var seen: [String] = []
            var expected = 0
            for screen in screens where !screen.id.isBlank {
                if seen.contains(screen.id) { expected += 1 } else { seen.append(screen.id) }
            }
            let body = screens.map { "<screen id=\"\($0.id)\"><Button id=\"b\" label=\"Go\" push=\"\($0.target)\"/></screen>" }
            let xml = "<app name=\"A\">" + body.joined() + "</app>"
            let routes = auditsOnEveryRoute(xml)
            for route in routes {
                let duplicates = route.audit.findings.filter { $0.message.hasPrefix("duplicate screen id") }
                #expect(duplicates.count == expected, "seed \(seed), \(route.route)")
                #expect(route.audit.findings == routes[0].audit.findings, "seed \(seed), \(route.route)")
            }
            let views = screens.map {
                "{\"id\": \"\($0.id)\", \"body\": [{\"view\": \"Button\", \"id\": \"b\", \"label\": \"Go\", \"push\": \"\($0.target)\"}]}"
            }
            let json = "{\"name\": \"A\", \"screens\": [" + views.joined(separator: ", ") + "]}"
            let jsonRoutes = [
                Auditor.audit(text: json, file: "test.json"),
                Auditor.audit(
                    source: ByteSource(bytes: Array(json.utf8)), file: "test.json", explicit: true, configuration: Configuration(),
                    pipelined: true),
            ]
            for audit in jsonRoutes {
                #expect(audit.error == nil, "seed \(seed)")
                #expect(audit.findings.filter { $0.message.hasPrefix("duplicate screen id") }.count == expected, "seed \(seed)")
            }
            #expect(jsonRoutes[0].findings == jsonRoutes[1].findings, "seed \(seed)")
        }
    }

    @Test func summaryRareFieldsReadBackWhatWasSet() {
        var summary = ScreenSummary(
            id: "s", path: "screen[s]", location: SourceLocation(line: 3, column: 2), title: nil, isMarkedRoot: false,
            restores: true, restoreDelay: 0.5, capture: .binding, captureWritten: true, firstReadName: nil,
            hasPopToRoot: false)
        #expect(summary.sceneName == nil && summary.sceneKind == nil && summary.restoreTarget == nil)
        #expect(summary.defaultFocusName == nil)
        summary.restoreTarget = "t"
        var copy = summary
        copy.sceneName = "Main"
        copy.defaultFocusName = "the Button"
        // A copy changed does not change the original: the box is shared, never written.
        #expect(summary.sceneName == nil && summary.defaultFocusName == nil && summary.restoreTarget == "t")
        #expect(copy.sceneName == "Main" && copy.defaultFocusName == "the Button" && copy.restoreTarget == "t")
        copy.sceneKind = "navigationController"
        copy.restoreTarget = nil
        #expect(copy.sceneKind == "navigationController" && copy.restoreTarget == nil && copy.sceneName == "Main")
        copy.sceneName = nil
        copy.sceneKind = nil
        copy.defaultFocusName = nil
        #expect(copy.sceneName == nil && copy.sceneKind == nil && copy.restoreTarget == nil && copy.defaultFocusName == nil)
        #expect(copy.landing == summary.landing)
        let scene = ScreenSummary(
            id: "vc", path: "screen[vc]", location: SourceLocation(line: 1, column: 1), title: "T", isMarkedRoot: true,
            restores: false, restoreDelay: 0, capture: .none, captureWritten: false, firstReadName: nil, hasPopToRoot: true,
            sceneName: "Scene", sceneKind: "viewController")
        #expect(scene.sceneName == "Scene" && scene.sceneKind == "viewController" && scene.restoreTarget == nil)
    }

    @Test func summaryPathsReadBackAsScreensWriteThem() {
        // Plain `screen[ID]` paths are made from the id; every other path is kept as written.
        let cases: [(id: String, index: Int)] = [
            ("s", 0), ("", 4), ("a/b", 1), ("a[1]", 2), ("화면", 3), (String(repeating: "x", count: 300), 5), ("s]", 6),
            ("\\", 7),
        ]
        for (id, index) in cases {
            let path = ElementPath.screen(id: id, index: index)
            var summary = ScreenSummary(
                id: id, path: path, location: SourceLocation(line: 1, column: 1), title: nil, isMarkedRoot: false,
                restores: false, restoreDelay: 0, capture: .none, captureWritten: false, firstReadName: nil,
                hasPopToRoot: false)
            #expect(summary.path == path, "\(id)")
            summary.sceneName = "Scene"
            summary.sceneName = nil
            #expect(summary.path == path, "\(id)")
        }
        // Compared in place, against the same question asked of the strings' bytes.
        var random = SplitMix(seed: 8)
        let pieces = ["s", "screen[", "]", "화면", "[", "e\u{301}", "x", "\\"]
        for _ in 0..<3_000 {
            var id = ""
            for _ in 0..<Int(random.next() % 5) { id += pieces[Int(random.next() % UInt64(pieces.count))] }
            var path = random.next() % 2 == 0 ? "screen[" + id + "]" : ""
            for _ in 0..<Int(random.next() % 4) { path += pieces[Int(random.next() % UInt64(pieces.count))] }
            let expected = !id.isEmpty && Array(path.utf8) == Array(("screen[" + id + "]").utf8)
            #expect(ScreenSummary.isPlainPath(path, of: id) == expected, "\(path) \(id)")
        }
        #expect(ScreenSummary.isPlainPath("screen[s]", of: "s"))
        #expect(!ScreenSummary.isPlainPath("screen[s]", of: ""))
        #expect(!ScreenSummary.isPlainPath("screen[t]", of: "s"))
        #expect(!ScreenSummary.isPlainPath("screen(s]", of: "s"))
        #expect(!ScreenSummary.isPlainPath("screen[s)", of: "s"))
        var moved = ScreenSummary(
            id: "s", path: "screen[s]", location: SourceLocation(line: 1, column: 1), title: nil, isMarkedRoot: false,
            restores: false, restoreDelay: 0, capture: .none, captureWritten: false, firstReadName: nil,
            hasPopToRoot: false)
        moved.path = "screen[other]"
        #expect(moved.path == "screen[other]")
        moved.path = "screen[s]"
        #expect(moved.path == "screen[s]")
    }

    /// Whether two summaries hold the same fields, strings byte for byte.
    static func sameSummary(_ a: ScreenSummary, _ b: ScreenSummary) -> Bool {
        func bytes(_ s: String?) -> [UInt8]? { s.map { Array($0.utf8) } }
        return bytes(a.id) == bytes(b.id) && bytes(a.path) == bytes(b.path) && bytes(a.title) == bytes(b.title)
            && bytes(a.firstReadName) == bytes(b.firstReadName) && bytes(a.sceneName) == bytes(b.sceneName)
            && bytes(a.sceneKind) == bytes(b.sceneKind) && bytes(a.restoreTarget) == bytes(b.restoreTarget)
            && bytes(a.defaultFocusName) == bytes(b.defaultFocusName)
            && a.restoreDelay.bitPattern == b.restoreDelay.bitPattern && a.location == b.location
            && a.capture == b.capture && a.isMarkedRoot == b.isMarkedRoot && a.restores == b.restores
            && a.captureWritten == b.captureWritten && a.restoresOnDismiss == b.restoresOnDismiss
            && a.hasPopToRoot == b.hasPopToRoot && bytes(a.landing) == bytes(b.landing)
            && bytes(a.displayName) == bytes(b.displayName)
    }

    @Test func screenRecordsReadBackAsTheSummariesTheyWereMadeFrom() {
        // Ids numbered by a table as the graph numbers them (with link targets in between), ids the
        // table files under another spelling or a placeholder, repeated ids, no id; titles, names
        // and rare fields present or not; every flag; then the records moved into a table that
        // numbers the same ids otherwise, as a file read in parts joins its graphs.
        var random = SplitMix(seed: 27)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        var table = StringTable()
        var texts = ChunkedArray<String>()
        var summaries: [ScreenSummary] = []
        var records: [ScreenRecord] = []
        let odd = Self.spellings + ["a/b", "s]", String(repeating: "x", count: 40)]
        for i in 0..<6_000 {
            let id = random.next() % 3 == 0 ? pick(odd) : "s\(random.next() % 4_000)"
            var summary = ScreenSummary(
                id: id, path: ElementPath.screen(id: id, index: i),
                location: SourceLocation(line: Int(random.next() % 3_000_000) + 1, column: Int(random.next() % 300) + 1),
                title: pick([nil, "", "화면 \(i)", String(repeating: "긴 제목 ", count: 9), "T"]),
                isMarkedRoot: random.next() % 2 == 0, restores: random.next() % 2 == 0,
                restoreDelay: pick([0, 0.1, 0.35, 0.6, 1e-9, 12.5]), capture: pick(Capture.allCases),
                captureWritten: random.next() % 2 == 0, firstReadName: pick([nil, "the Button \"다음\"", "the Text \"x\""]),
                hasPopToRoot: random.next() % 2 == 0, sceneName: random.next() % 5 == 0 ? "Scene \(i)" : nil,
                sceneKind: random.next() % 6 == 0 ? "viewController" : nil)
            summary.restoresOnDismiss = random.next() % 2 == 0
            if random.next() % 7 == 0 { summary.restoreTarget = "t\(i)" }
            if random.next() % 9 == 0 { summary.defaultFocusName = "the Button \"\(i)\"" }
            if random.next() % 2 == 0 { _ = table.add(pick(Self.spellings) + "\(random.next() % 50)") }
            let key = id.isEmpty ? nil : table.add(id).number
            summaries.append(summary)
            records.append(ScreenRecord(taking: &summary, idKey: key, storedKey: key.map { table.storedKey($0) }, texts: &texts))
        }
        #expect(MemoryLayout<ScreenRecord>.stride <= 40)
        for i in summaries.indices {
            let back = records[i].summary(keyName: { table.storedKey($0) }, texts: texts)
            #expect(Self.sameSummary(back, summaries[i]), "screen \(i): \(summaries[i].id)")
        }
        var joined = StringTable()
        var joinedTexts = ChunkedArray<String>()
        for k in 0..<100 {
            _ = joined.add("before\(k)")
            joinedTexts.append("text \(k)")
        }
        _ = joined.add("\u{212A}")
        let keyMap = table.allKeys().map { joined.add($0).number }
        let offset = joinedTexts.count
        for text in texts { joinedTexts.append(text) }
        for i in summaries.indices {
            let moved = records[i].moved(textOffset: offset, keyMap: keyMap)
            let back = moved.summary(keyName: { joined.storedKey($0) }, texts: joinedTexts)
            #expect(Self.sameSummary(back, summaries[i]), "moved screen \(i): \(summaries[i].id)")
        }
    }

    @Test func graphScreensReadBackTheSameOnEveryRoute() {
        // Screens of a description through the whole and the compact graph and a file read in parts
        // (graphs joined), against what the description says of each screen.
        let ids = ["plain", "a/b", "화면", "\u{212A}elvin", "Kelvin", "plain", "", "s]", "caf\u{E9}"]
        var body = ""
        for (i, id) in ids.enumerated() {
            let title = i % 2 == 0 ? " title=\"제목 \(i)\"" : ""
            let idAttribute = id.isEmpty ? "" : " id=\"\(id)\""
            let restore = i % 3 == 0 ? " restore-focus=\"on-appear\" restore-delay=\"0.\(i)\" capture=\"binding\"" : ""
            body += "<screen\(idAttribute)\(title)\(restore)\(i == 4 ? " root=\"true\"" : "")>"
            body += "<Text>안내 \(i)</Text><Button id=\"b\" push=\"\(ids[(i + 1) % ids.count])\" label=\"다음\"/></screen>\n"
        }
        let xml = "<app>\n\(body)</app>\n"
        let routes = auditsOnEveryRoute(xml)
        // "Kelvin" equals the id before it (U+212A is K) and the second "plain" the first: repeated
        // ids, so those screens keep none.
        let expectedIDs = ["plain", "a/b", "화면", "\u{212A}elvin", "", "", "", "s]", "caf\u{E9}"]
        let reference = Array(routes[0].audit.graph.screens)
        for route in routes {
            let screens = Array(route.audit.graph.screens)
            #expect(screens.map { Array($0.id.utf8) } == expectedIDs.map { Array($0.utf8) }, "\(route.route)")
            #expect(screens.map(\.title) == ids.indices.map { $0 % 2 == 0 ? "제목 \($0)" : nil }, "\(route.route)")
            #expect(screens.map(\.restores) == ids.indices.map { $0 % 3 == 0 }, "\(route.route)")
            #expect(screens.map(\.location.line) == ids.indices.map { $0 + 2 }, "\(route.route)")
            #expect(route.audit.graph.roots == [4], "\(route.route)")
            for (a, b) in zip(screens, reference) {
                // A compact graph keeps the first-read name only where a journey needs it.
                var b = b
                if !route.audit.graph.keepsJourneys { b.firstReadName = a.firstReadName }
                #expect(Self.sameSummary(a, b), "\(route.route): \(a.id)")
            }
        }
    }

    @Test func chunkedListsAndLargeStringTablesKeepEveryEntry() {
        var list = ChunkedArray<Int>()
        var reference: [Int] = []
        for i in 0..<(4096 * 2 + 17) {
            list.append(i * 3)
            reference.append(i * 3)
        }
        #expect(Array(list) == reference)
        #expect(list.count == reference.count)
        var table = StringTable()
        for i in 0..<10_000 { #expect(table.add(i % 2 == 0 ? "t\(i)" : "화면\(i)") == (i, true)) }
        for i in stride(from: 0, to: 10_000, by: 7) {
            #expect(table.number(of: i % 2 == 0 ? "t\(i)" : "화면\(i)") == i)
        }
        let keys = table.allKeys()
        #expect(keys.count == 10_000 && keys[4096] == "t4096" && keys[9_999] == "화면9999")
    }

    @Test func batchesSizedByViewsGiveTheSameFindingsAsOneThread() {
        // Hundreds of one-view screens (batches end at the screen limit) and screens of many views
        // (batches end at the view limit), in one file.
        var body = ""
        for i in 0..<1_300 {
            body += "<screen id=\"t\(i)\"><Button id=\"b\" push=\"t\(i + 1)\"\(i % 11 == 10 ? "" : " label=\"다음 \(i)\"")/></screen>\n"
        }
        for i in 0..<40 {
            body += "<screen id=\"w\(i)\"><VStack>"
            for k in 0..<90 { body += "<Button id=\"k\(k)\" push=\"w\((i + k) % 40)\"\(k % 7 == 0 ? "" : " label=\"b\(k)\"")/>" }
            body += "</VStack></screen>\n"
        }
        let xml = "<app>\n\(body)</app>\n"
        let routes = auditsOnEveryRoute(xml)
        #expect(routes[0].audit.findings.filter { $0.rule == RuleID.unlabeledControl }.count == 118 + 40 * 13)
        expectSameAudit(routes[0].audit, routes[1].audit)
    }

    /// A random app: links to screens read earlier, later or never, screens with ids read twice,
    /// screens that do not restore or restore too early (journeys that lose focus), sheets, hidden
    /// links, links with and without ids, names and focus values, names long enough to take more
    /// than one byte of length in the pending links' byte store.
    static func randomGraph(seed: UInt64, screens: Int) -> String {
        var random = SplitMix(seed: seed)
        var body = ""
        for s in 0..<screens {
            let id = random.next() % 17 == 0 ? "s\(random.next() % UInt64(s + 1))" : "s\(s)"
            let restore: String
            switch random.next() % 4 {
            case 0: restore = ""
            case 1: restore = " restore-focus=\"on-appear\" restore-delay=\"0.1\" capture=\"binding\""
            case 2: restore = " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"gesture\""
            default: restore = " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"binding\""
            }
            let title = random.next() % 3 == 0 ? " title=\"화면 \(s)\"" : ""
            body += "<screen id=\"\(id)\"\(title)\(restore)><VStack>"
            if random.next() % 4 == 0 { body += "<Text>안내 \(s)</Text>" }
            for k in 0..<Int(random.next() % 9) {
                let target = random.next() % 11 == 0 ? "missing\(random.next() % 5)" : "s\(random.next() % UInt64(screens))"
                let kind = ["push", "push", "destination", "sheet"][Int(random.next() % 4)]
                let elementID = random.next() % 5 == 0 ? "" : " id=\"l\(k)\""
                let focus = random.next() % 4 == 0 ? "" : " focus=\"f\(random.next() % 4)\""
                let hidden = random.next() % 13 == 0 ? " hidden=\"true\"" : ""
                let label: String
                switch random.next() % 4 {
                case 0: label = ""
                case 1: label = " label=\"\(String(repeating: "긴 이름 ", count: 20 + Int(random.next() % 30)))\(k)\""
                default: label = " label=\"친구 \(s)-\(k)\""
                }
                body += "<Button\(elementID) \(kind)=\"\(target)\"\(focus)\(hidden)\(label)/>"
            }
            body += "</VStack></screen>\n"
        }
        return "<app>\n\(body)</app>\n"
    }

    @Test func pendingLinkRowsGiveTheWholeGraphsFindingsOnRandomGraphs() {
        for seed in UInt64(1)...12 {
            let xml = Self.randomGraph(seed: seed, screens: 20 + Int(seed) * 9)
            let routes = auditsOnEveryRoute(xml)
            let rules = Set(routes[0].audit.findings.map(\.rule))
            // The generator's mix reaches the rules whose messages are made from waiting links and
            // lost journeys.
            #expect(rules.contains(RuleID.unknownDestination) && rules.contains(RuleID.focusLostOnReturn), "seed \(seed)")
            for route in routes.dropFirst() {
                #expect(route.audit.findings == routes[0].audit.findings, "seed \(seed), \(route.route)")
            }
        }
    }

    @Test func pendingLinkRowsReadBackAcrossCellsAndChunks() {
        // Links waiting for 300 targets, with strings of every length (none, empty, one byte of
        // length, two, groups in every size class, one longer than a chunk); targets are read in a
        // random order and more links added, so that freed cells are used again across chunks, and
        // the survivors read back whole.
        var random = SplitMix(seed: 27)
        var pending = PendingLinks()
        for _ in 0..<300 { pending.addKey() }
        var alive: [Int: LinkRecord] = [:]
        func text(_ n: Int) -> String { String(repeating: "가a", count: n) }
        func addLinks(_ range: Range<Int>) {
            for index in range {
                let key = Int(random.next() % 300)
                let length = [0, 1, 5, 40, 63, 64, 300, 2_000][Int(random.next() % 8)]
                let huge = index == 777
                let link = LinkRecord(
                    index: index, screen: index / 7, ordinal: index % 5 + 1,
                    location: SourceLocation(line: index + 3, column: index % 80 + 1), targetKey: key,
                    flags: UInt8(truncatingIfNeeded: random.next()) & 0x7F, capture: Capture.allCases[index % Capture.allCases.count],
                    parentPath: "screen[s\(index / 7)]/VStack[1]", type: ["Button", "NavigationLink", "Row\(index % 9)"][index % 3],
                    id: index % 3 == 0 ? nil : "l\(index)", name: huge ? text(40_000) : (length == 0 ? nil : text(length)),
                    navigation: Navigation(
                        presentation: Presentation.allCases[index % Presentation.allCases.count], target: "t\(key)",
                        attribute: index % 2 == 0 ? "push" : "destination"),
                    focus: index % 4 == 0 ? nil : (index % 4 == 1 ? "" : "f\(index)"))
                if index % 2 == 0 {
                    pending.add(PendingLinks.WaitingLink(link, key: key))
                } else {
                    // The target id as its key spells it: not kept in the row's strings.
                    var waiting = PendingLinks.WaitingLink(link, key: key)
                    waiting.keyIsTarget = true
                    pending.add(waiting)
                }
                alive[index] = link
            }
        }
        var keys = (0..<300).shuffled(using: &random)
        func release(_ count: Int) {
            for key in keys.prefix(count) {
                pending.release(key: key)
                for (index, link) in alive where link.targetKey == key { alive[index] = nil }
            }
            keys.removeFirst(count)
        }
        addLinks(0..<10_000)
        release(150)
        addLinks(10_000..<20_000)
        release(140)
        let records = pending.records(keyName: { "t\($0)" }).sorted { $0.index < $1.index }
        let survivors = alive.values.sorted { $0.index < $1.index }
        #expect(pending.count == survivors.count && records.count == survivors.count)
        for (got, want) in zip(records, survivors) {
            #expect(got.index == want.index && got.screen == want.screen && got.ordinal == want.ordinal)
            #expect(got.location == want.location && got.targetKey == want.targetKey && got.rawFlags == want.rawFlags)
            #expect(got.capture == want.capture && got.parentPath == want.parentPath && got.type == want.type)
            #expect(got.id == want.id && got.name == want.name && got.focus == want.focus)
            #expect(got.navigation == want.navigation)
        }
    }

    @Test func queuedWaitingLinksReadBackAsTheirRows() {
        // The same links and releases into a store that writes every link as a row at once and
        // into stores that queue the links added last first (queues of 1, 3 and 64): most targets
        // are read a few links later, some much later and some never, in runs that fill the queue
        // with links that still wait (written as rows at once for a while) and runs that do not.
        // After every step, both give the same records and count.
        var random = SplitMix(seed: 91)
        let capacities = [1, 3, 64]
        var rows = PendingLinks(recentCapacity: 0)
        // Queues of every size whose links' names are given as bytes (as the graph gives them),
        // kept as bytes while queued and made strings when written as rows or read back.
        var queued = (capacities + [0] + capacities).map { PendingLinks(recentCapacity: $0) }
        let namesAsBytes = capacities.count
        let keys = 2_000
        for _ in 0..<keys {
            rows.addKey()
            for q in queued.indices { queued[q].addKey() }
        }
        func records(_ pending: PendingLinks) -> [LinkRecord] {
            pending.records(keyName: { "t\($0)" }).sorted { $0.index < $1.index }
        }
        /// The first link number where the two lists differ (nil when they are the same).
        func difference(_ a: [LinkRecord], _ b: [LinkRecord]) -> Int? {
            for (got, want) in zip(a, b) {
                let same =
                    got.index == want.index && got.screen == want.screen && got.ordinal == want.ordinal
                    && got.location == want.location && got.targetKey == want.targetKey
                    && got.rawFlags == want.rawFlags && got.capture == want.capture
                    && got.parentPath == want.parentPath && got.type == want.type && got.id == want.id
                    && got.name == want.name && got.focus == want.focus && got.navigation == want.navigation
                if !same { return want.index }
            }
            return a.count == b.count ? nil : -1
        }
        var next = 0
        var released = Set<Int>()
        for step in 0..<60 {
            // Even steps: links for the next few keys; odd steps: links for keys anywhere.
            let near = step % 2 == 0
            for _ in 0..<(20 + Int(random.next() % 150)) {
                let key = near ? min(next + Int(random.next() % 4), keys - 1) : Int(random.next() % UInt64(keys))
                guard !released.contains(key) else { continue }
                let index = rows.count + step * 1_000
                let link = LinkRecord(
                    index: index, screen: index / 3, ordinal: index % 7 + 1,
                    location: SourceLocation(line: index + 1, column: index % 60 + 1), targetKey: key,
                    flags: UInt8(truncatingIfNeeded: random.next()) & 0x7F,
                    capture: Capture.allCases[index % Capture.allCases.count], parentPath: "screen[s\(index / 3)]/List[1]",
                    type: ["Button", "Cell\(index % 5)"][index % 2], id: index % 3 == 0 ? nil : "l\(index)",
                    name: index % 5 == 0 ? nil : String(repeating: "n가", count: index % 90),
                    navigation: Navigation(
                        presentation: Presentation.allCases[index % Presentation.allCases.count], target: "t\(key)",
                        attribute: index % 2 == 0 ? "push" : "destination"),
                    focus: index % 4 == 0 ? nil : "f\(index)")
                var waiting = PendingLinks.WaitingLink(link, key: key)
                waiting.keyIsTarget = index % 3 != 0
                rows.add(waiting)
                for q in queued.indices {
                    if q >= namesAsBytes, var name = waiting.name {
                        var unnamed = waiting
                        unnamed.name = nil
                        name.withUTF8 { queued[q].add(unnamed, nameBytes: $0) }
                    } else {
                        queued[q].add(waiting)
                    }
                }
            }
            // The next targets are read (one in nine never is), and now and then one far away.
            for _ in 0..<(1 + Int(random.next() % 3)) where next < keys {
                if next % 9 != 4 {
                    rows.release(key: next)
                    for q in queued.indices { queued[q].release(key: next) }
                    released.insert(next)
                }
                next += 1
            }
            if step % 5 == 4 {
                let far = Int(random.next() % UInt64(keys))
                if released.insert(far).inserted {
                    rows.release(key: far)
                    for q in queued.indices { queued[q].release(key: far) }
                }
            }
            let want = records(rows)
            #expect(!want.isEmpty)
            for q in queued.indices {
                #expect(queued[q].count == rows.count, "step \(step), store \(q)")
                #expect(difference(records(queued[q]), want) == nil, "step \(step), store \(q)")
            }
        }
    }

    /// Descriptions whose journeys lose focus in every way the simulator knows: screens restoring
    /// too early, to a fixed element, with nothing recorded or by a gesture; links with shared,
    /// missing or own focus values, inside combined groups, hidden, with their own `capture`,
    /// presenting sheets that lose focus with and without `restore-focus="on-dismiss"`.
    static func lossGraph(seed: UInt64, screens: Int) -> String {
        var random = SplitMix(seed: seed)
        var body = ""
        for s in 0..<screens {
            let restore: String
            switch random.next() % 6 {
            case 0: restore = ""
            case 1: restore = " restore-focus=\"on-appear\" restore-delay=\"0.1\" capture=\"binding\""
            case 2: restore = " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"gesture\""
            case 3: restore = " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"none\""
            case 4: restore = " restore-focus=\"on-appear\" restore-delay=\"0.\(random.next() % 9)\" restore-target=\"f0\""
            default: restore = " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"binding\""
            }
            let dismiss = restore.isEmpty && random.next() % 2 == 0 ? " restore-focus=\"on-dismiss\"" : ""
            let title = random.next() % 2 == 0 ? " title=\"화면 \(s)\"" : ""
            body += "<screen id=\"s\(s)\"\(title)\(restore)\(dismiss)><VStack>"
            for k in 0..<Int(random.next() % 8) {
                let target = random.next() % 13 == 0 ? "missing\(random.next() % 3)" : "s\(random.next() % UInt64(screens))"
                let kind = ["push", "push", "destination", "sheet", "full-screen-cover"][Int(random.next() % 5)]
                let focus = ["", " focus=\"f0\"", " focus=\"f1\"", " focus=\"own\(k)\""][Int(random.next() % 4)]
                let capture = ["", "", "", " capture=\"none\"", " capture=\"gesture\""][Int(random.next() % 5)]
                let hidden = random.next() % 15 == 0 ? " hidden=\"true\"" : ""
                let own = ["", "", "", " restore-focus=\"on-dismiss\"", " restore-focus=\"none\""][Int(random.next() % 5)]
                let button = "<Button id=\"l\(k)\" \(kind)=\"\(target)\"\(focus)\(capture)\(hidden)\(own) label=\"이름 \(k)\"/>"
                body += random.next() % 6 == 0 ? "<HStack children=\"combine\">\(button)<Text>곁</Text></HStack>" : button
            }
            body += "</VStack></screen>\n"
        }
        let sheets = ["", " sheet-focus=\"loses\"", " sheet-focus=\"loses\" full-screen-cover-focus=\"loses\""][Int(seed % 3)]
        return "<app\(sheets)>\n\(body)</app>\n"
    }

    /// A compact graph that keeps only the journeys rules read keeps exactly those of the journeys
    /// that lose focus, and the findings are those of a graph that keeps every one.
    @Test func journeysNoRuleReadsAreLeftOutWithTheSameFindings() {
        var causesSeen = Set<String>()
        var leftOut = 0
        for seed in UInt64(1)...16 {
            let xml = Self.lossGraph(seed: seed, screens: 15 + Int(seed) * 7)
            var every = Configuration()
            every.keepsJourneys = false
            var read = every
            read.keepsLostJourneys = false
            let all = Auditor.audit(text: xml, file: "t.xml", configuration: every)
            let some = Auditor.audit(text: xml, file: "t.xml", configuration: read)
            #expect(all.error == nil && !all.findings.isEmpty, "seed \(seed): \(String(describing: all.error))")
            #expect(some.findings == all.findings, "seed \(seed)")
            let want = all.journeys.filter { $0.unreliable || !$0.isLost || $0.outcome.isReadByRules }
            #expect(some.journeys.map(\.link.index) == want.map(\.link.index), "seed \(seed)")
            #expect(some.journeys.map(\.outcome) == want.map(\.outcome), "seed \(seed)")
            // Links to missing screens are still reported, whichever list they were kept in.
            #expect(some.graph.links.count <= all.graph.links.count, "seed \(seed)")
            leftOut += all.journeys.count - some.journeys.count
            for journey in all.journeys {
                guard case .lost(let causes) = journey.outcome else { continue }
                for cause in causes { causesSeen.insert("\(cause)".prefix { $0 != "(" }.description) }
            }
            // In parts, as the command line reads a large file: the same.
            var parts = read
            parts.jobs = 4
            parts.minimumPartSize = 1
            let inParts = Auditor.audit(
                source: ByteSource(bytes: Array(xml.utf8)), file: "t.xml", explicit: true, configuration: parts, pipelined: true)
            #expect(inParts.findings == all.findings, "seed \(seed)")
        }
        #expect(leftOut > 100)
        #expect(
            causesSeen == ["notRestoring", "nothingRecorded", "noFocusBinding", "sharedFocus", "notAnElement", "tooEarly", "fixedTarget"],
            "\(causesSeen)")
    }
}
