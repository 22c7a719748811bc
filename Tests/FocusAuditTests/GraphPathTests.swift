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
}
