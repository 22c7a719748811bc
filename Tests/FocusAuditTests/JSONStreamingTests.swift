import TestSupport
import Testing

@testable import FocusAudit

/// The JSON reader reads a description in chunks (`JSONWindow`) and never holds it whole. Wherever
/// the chunks happen to be cut, in the middle of a multi-byte character, an escape, a surrogate
/// pair, a number, a literal or a key, it must give exactly what reading the file at once gives:
/// the same errors at the same offsets, the same findings at the same lines and columns.
@Suite struct JSONStreamingTests {
    static let chunkSizes = [1, 2, 3, 4, 5, 7, 13, 64]

    /// Documents that read well, with something at every kind of place a cut can fall.
    static let valid: [String] = [
        #"{"name": "앱 😀", "screens": [{"id": "홈", "title": "\uD55C\uae00 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t é", "restoreFocus": "on-appear", "restoreDelay": 0.25e1, "body": [{"view": "Button", "id": "b", "label": "전송 버튼", "push": "d", "hidden": false}, {"view": "Image", "asset": "x"}, {"view": "Text", "text": "\u00e9\u0301", "traits": ["header", "staticText"]}, {"view": "NavigationLink", "destination": "nowhere", "focusauditDisable": ["unknown_destination", "no_such_rule"]}]}, {"id": "d", "title": null, "restoreDelay": -0, "capture": 12}]}"#,
        "\u{FEFF}{\"screens\": [{\"id\": \"s\", \"body\": [{\"view\": \"Button\"}]}]}",
        "{\r\n  \"screens\": [\r\n    {\"id\": \"a\",\r\n     \"body\": [{\"view\": \"Button\", \"lable\": \"x\"}]},\r    {\"id\": \"a\"}\n  ]\n}\n",
        #"{"screens": [], "name": "late"}"#,
        #"{"screens": [{"id": "s"}], "screens": [{"id": "t", "body": [{"view": "Toggle"}]}]}"#,
        #"[1, 2]"#,
        #"{"name": "x"}"#,
    ]

    /// Documents with one syntax error each, cut anywhere.
    static let invalid: [String] = [
        #"{"screens": [{"id": "한글 \uD83D"}]}"#,
        #"{"screens": [{"id": "\uDE00x"}]}"#,
        #"{"screens": [{"id": "\uD83D\u0041"}]}"#,
        #"{"screens": [{"id": "\u12G4"}]}"#,
        #"{"screens": [{"id": "\x"}]}"#,
        #"{"screens": [{"id": "unterminated}]}"#,
        "{\"screens\": [{\"id\": \"raw\u{1}control\"}]}",
        #"{"screens": [{"키" 1}]}"#,
        #"{"한글 키" 1, "screens": []}"#,
        #"{"screens": [{"id": "a",}]}"#,
        #"{"screens": [{"id": "a"},]}"#,
        #"{"screens": [{"n": 012}]}"#,
        #"{"screens": [{"n": 1.}]}"#,
        #"{"screens": [{"n": 1e}]}"#,
        #"{"screens": [{"n": -}]}"#,
        #"{"screens": [{"b": tru}]}"#,
        #"{"screens": [{"b": nul"#,
        #"{"screens": [{"b": true} "#,
        #"{"screens": [] } x"#,
        "",
        "   \n  ",
        #"{"screens": [{"id": "a"}"#,
        #"{"screens": [{"id": "a\"#,
    ]

    /// Invalid UTF-8 inside strings and keys, and outside them.
    static let invalidBytes: [[UInt8]] = [
        Array(#"{"screens": [{"id": ""#.utf8) + [0xC3] + Array(#""}]}"#.utf8),
        Array(#"{"screens": [{"id": "ab"#.utf8) + [0xE0, 0x80, 0x80] + Array(#"\n"}]}"#.utf8),
        Array(#"{"screens": [{""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"": 1}]}"#.utf8),
        Array(#"{"screens": [{"id": "x"}], "name": ""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8),
        Array(#"{"screens": [{"id": "x"}]"#.utf8) + [0xFF] + Array("}".utf8),
    ]

    static var all: [[UInt8]] { (valid + invalid).map { Array($0.utf8) } + invalidBytes }

    /// The first syntax error of a parse of the bytes held whole.
    private func wholeError(_ bytes: [UInt8]) -> String? {
        switch JSONParser.parse(bytes, start: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) {
        case .success: return nil
        case .failure(let error): return "\(error.offset): \(error.message)"
        }
    }

    private func chunkedCheck(_ bytes: [UInt8], chunkSize: Int) -> (error: String?, screens: [Int]) {
        let window = JSONWindow(source: ByteSource(bytes: bytes), chunkSize: chunkSize)
        switch JSONParser.parseDescription(window, start: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) {
        case .success(let description): return (nil, description.screens.values.flatMap { $0 }.sorted())
        case .failure(let error): return ("\(error.offset): \(error.message)", [])
        }
    }

    @Test func syntaxErrorsAreTheSameWhereverTheChunksAreCut() {
        for bytes in Self.all {
            let whole = wholeError(bytes)
            let reference = chunkedCheck(bytes, chunkSize: 1 << 16)
            #expect(reference.error == whole, "\(String(decoding: bytes, as: UTF8.self))")
            for size in Self.chunkSizes {
                let chunked = chunkedCheck(bytes, chunkSize: size)
                #expect(chunked.error == whole, "chunks of \(size): \(String(decoding: bytes, as: UTF8.self))")
                #expect(chunked.screens == reference.screens, "chunks of \(size): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    private func audit(_ bytes: [UInt8], chunkSize: Int) -> String {
        let audit = Auditor.audit(
            source: ByteSource(bytes: bytes), file: "t.json", explicit: true, configuration: Configuration(),
            jsonChunkSize: chunkSize)
        var lines = audit.findings.map { "\($0.location) \($0.rule) \($0.element) \($0.message)" }
        if let error = audit.error { lines.append("error \(error.location.map { "\($0)" } ?? "-") \(error.message)") }
        lines.append("links \(audit.graph.links.map(\.displayName))")
        return lines.joined(separator: "\n")
    }

    @Test func findingsAndErrorsAreTheSameWhereverTheChunksAreCut() {
        for bytes in Self.all {
            let whole = audit(bytes, chunkSize: bytes.count + 1)
            for size in Self.chunkSizes {
                #expect(audit(bytes, chunkSize: size) == whole, "chunks of \(size): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// Valid documents with random bytes changed, added or removed: whatever error (or none) the
    /// whole file gives, every chunk size gives too, with the same findings.
    @Test func damagedDocumentsGiveTheSameResultsInChunks() {
        var generator = SplitMix(seed: 19)
        let pieces: [[UInt8]] = [
            Array("\"".utf8), Array("\\".utf8), Array("\\u".utf8), Array("\\uD83D".utf8), Array("{".utf8),
            Array("}".utf8), Array("[".utf8), Array("]".utf8), Array(",".utf8), Array(":".utf8), Array("한".utf8),
            [0xF0, 0x9F], [0x80], Array(" ".utf8), Array("-0.5e".utf8), Array("tr".utf8),
        ]
        for round in 0..<300 {
            var bytes = Array(Self.valid[round % Self.valid.count].utf8)
            for _ in 0..<(1 + Int(generator.next() % 3)) {
                let at = Int(generator.next() % UInt64(bytes.count + 1))
                switch generator.next() % 3 {
                case 0: bytes.insert(contentsOf: pieces[Int(generator.next() % UInt64(pieces.count))], at: at)
                case 1: if at < bytes.count { bytes.remove(at: at) }
                default: if at < bytes.count { bytes[at] = pieces[Int(generator.next() % UInt64(pieces.count))][0] }
                }
            }
            let whole = audit(bytes, chunkSize: bytes.count + 1)
            #expect(chunkedCheck(bytes, chunkSize: 1 << 16).error == wholeError(bytes), "round \(round)")
            for size in [1, 3, 16] {
                #expect(audit(bytes, chunkSize: size) == whole, "round \(round), chunks of \(size)")
            }
        }
    }

    /// A string longer than many chunks (the window grows for it, then gives the room back).
    @Test func aStringLongerThanManyChunksIsReadWhole() {
        let long = String(repeating: "가나다 \\u00e9 ", count: 2_000)
        let text =
            "{\"screens\": [{\"id\": \"s\", \"body\": [{\"view\": \"Button\", \"push\": \"t\", \"label\": \"" + long
            + "\"}]}, {\"id\": \"t\", \"body\": [{\"view\": \"Button\"}]}]}"
        let bytes = Array(text.utf8)
        let whole = audit(bytes, chunkSize: bytes.count + 1)
        #expect(whole.contains("unlabeled_control"))
        for size in [1, 7, 64, 1000] { #expect(audit(bytes, chunkSize: size) == whole, "chunks of \(size)") }
    }

    /// A canonical spelling of a parsed value, with each "body" array that a parse deferred read
    /// back view by view from the source, as the reader reads it.
    private func expanded(_ value: JSONValue, bodies: [Int: ViewOffsets], window: JSONWindow, level: Int) -> String {
        switch value {
        case .object(let members, _):
            let parts = members.map { member -> String in
                if member.key == "body", case .array(let items, let open) = member.value, items.isEmpty, let offsets = bodies[open] {
                    let views = offsets.map { offset -> String in
                        let (view, inner) = JSONParser.view(in: window, at: offset, deferringBodies: level < 6)
                        return expanded(view, bodies: inner, window: window, level: level + 1)
                    }
                    return "\"body\":[\(views.joined(separator: ","))]"
                }
                return "\"\(member.key)\":\(expanded(member.value, bodies: [:], window: window, level: level + 1))"
            }
            return "{\(parts.joined(separator: ","))}"
        case .array(let items, _): return "[\(items.map { expanded($0, bodies: [:], window: window, level: level + 1) }.joined(separator: ","))]"
        case .string(let text): return "s\(Array(text.utf8))"
        case .number(let number): return "n\(number)"
        case .bool(let flag): return "b\(flag)"
        case .null: return "null"
        }
    }

    /// Views parsed one at a time from a body the parse left empty are the views a whole parse
    /// makes: nested bodies, "body" keys that are not a view's, bodies that are not arrays or hold
    /// other values than objects, wherever the chunks are cut.
    @Test func bodiesReadViewByViewAreTheBodiesOfAWholeParse() throws {
        var nested = #"{"view": "Text", "text": "leaf é"}"#
        for depth in 0..<8 {
            nested =
                #"{"view": "VStack", "id": "v\#(depth)", "font": {"body": [1, {"body": []}]}, "body": [\#(nested), {"view": "Button", "body": "x"}, 7, {"view": "Text", "body": [], "body": [{"view": "Image"}]}, \#(nested)]}"#
        }
        let screen = #"{"id": "s", "body": [\#(nested), {"view": "List", "body": [{"view": "Text", "text": "a"}, {"view": "Text", "text": "b\n"}]}]}"#
        let bytes = Array(screen.utf8)
        guard case .success(let whole) = JSONParser.parse(bytes) else {
            Issue.record("does not parse")
            return
        }
        let reference = expanded(whole, bodies: [:], window: JSONWindow(source: ByteSource(bytes: bytes)), level: 0)
        #expect(reference.contains(#""text":s\#(Array("leaf é".utf8))"#) && reference.contains(#""font":{"body":[n1.0,{"body":[]}]}"#))
        for size in [1, 3, 64, 1 << 16] {
            let window = JSONWindow(source: ByteSource(bytes: bytes), chunkSize: size)
            let (value, bodies) = JSONParser.screen(in: window, at: 0, deferringBodies: true)
            #expect(bodies.count == 1)
            #expect(expanded(value, bodies: bodies, window: window, level: 0) == reference, "chunks of \(size)")
        }
    }

    /// A deferred body's views are where the parse found them, in order, however far apart (one
    /// byte to megabytes: the distances are kept in LEB128), and a long body of short views keeps
    /// about a byte per view while it is read, not eight (`ViewOffsets`).
    @Test func aDeferredBodyKeepsItsViewsOffsetsCompactly() throws {
        var offsets = ViewOffsets()
        var expected: [Int] = []
        var generator = SystemRandomNumberGenerator()
        var offset = 0
        for n in 0..<20_000 {
            let gaps = [0, 1, 2, 127, 128, 129, 16_383, 16_384, 2_097_151, 2_097_152, 300_000_000, Int(UInt32.max) + 5]
            let gap = n % 3 == 0 ? gaps[Int.random(in: 0..<gaps.count, using: &generator)] : Int.random(in: 1...200, using: &generator)
            offset += n == 0 ? gap : max(gap, 1)
            offsets.record(offset)
            expected.append(offset)
        }
        #expect(offsets.count == expected.count)
        #expect(Array(offsets) == expected)
        #expect(Array(ViewOffsets()).isEmpty)

        // A screen holding one list of 100,000 rows: the rows' offsets are the offsets of their
        // braces, and take one byte each (each row is 51 bytes after the one before).
        let count = 100_000
        var screen = #"{"id": "s", "body": [{"view": "List", "body": ["#
        var braces: [Int] = []
        for i in 0..<count {
            screen += i == 0 ? "\n  " : ",\n  "
            braces.append(screen.utf8.count)
            screen += #"{"view": "Text", "text": "Row \#(1_000_000 + i) in list"}"#
        }
        screen += "\n]}]}"
        let bytes = Array(screen.utf8)
        let window = JSONWindow(source: ByteSource(bytes: bytes), chunkSize: 1 << 16)
        let (value, bodies) = JSONParser.screen(in: window, at: 0, deferringBodies: true)
        guard case .object = value, bodies.count == 1, let open = bodies.keys.first else {
            Issue.record("the screen's body was not deferred")
            return
        }
        let (list, listBodies) = JSONParser.view(in: window, at: bodies[open].map { Array($0) }?.first ?? 0, deferringBodies: true)
        guard case .object = list, listBodies.count == 1, let rows = listBodies.values.first else {
            Issue.record("the list's body was not deferred")
            return
        }
        #expect(Array(rows) == braces)
        #expect(rows.byteCount == count, "\(rows.byteCount) bytes for \(count) offsets")
    }

    /// A screen of wide lists nested deeper than the levels whose bodies are read view by view
    /// gives, in JSON, the findings its XML twin gives.
    @Test func deeplyNestedListsGiveTheFindingsOfTheirXMLTwin() throws {
        func views(depth: Int, xml: inout String, json: inout String) {
            json += "["
            for n in 0..<40 {
                if n > 0 { json += "," }
                if n % 13 == 5 && depth < 7 {
                    xml += "<VStack id=\"d\(depth)n\(n)\">"
                    json += #"{"view": "VStack", "id": "d\#(depth)n\#(n)", "body": "#
                    views(depth: depth + 1, xml: &xml, json: &json)
                    xml += "</VStack>"
                    json += "}"
                } else if n % 7 == 3 {
                    xml += "<Button/>"
                    json += #"{"view": "Button"}"#
                } else {
                    xml += "<Text>Row \(depth) \(n)</Text>"
                    json += #"{"view": "Text", "text": "Row \#(depth) \#(n)"}"#
                }
            }
            json += "]"
        }
        var xml = "<app><screen id=\"s\">"
        var json = #"{"screens": [{"id": "s", "body": "#
        views(depth: 0, xml: &xml, json: &json)
        xml += "</screen></app>"
        json += "}]}"
        func found(_ text: String, _ file: String) -> [String] {
            let audit = Auditor.audit(
                source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: Configuration(), jsonChunkSize: 256)
            #expect(audit.error == nil)
            return audit.findings.map { "\($0.rule) \($0.element) \($0.message)" }
        }
        let fromXML = found(xml, "t.xml")
        #expect(fromXML.count > 100)
        #expect(fromXML.contains { $0.contains("VStack[d6n5]/Button[") })
        #expect(found(json, "t.json") == fromXML)
    }
}

/// Screens of 64 KB or more (and the last screen) have their views parsed one at a time; smaller
/// ones are parsed whole. Both give the findings of the XML twin, whichever screen is large.
@Suite struct JSONScreenSizeTests {
    @Test(arguments: [0, 1, 2])
    func largeAndSmallScreensGiveTheFindingsOfTheirXMLTwin(largeIndex: Int) {
        var xml = "<app>"
        var json = #"{"screens": ["#
        for s in 0..<3 {
            let rows = s == largeIndex ? 2_500 : 3
            xml += "<screen id=\"s\(s)\"><List>"
            json += (s > 0 ? "," : "") + #"{"id": "s\#(s)", "body": [{"view": "List", "body": ["#
            for n in 0..<rows {
                if n % 50 == 7 {
                    xml += "<Button id=\"b\(n)\" push=\"s\((s + 1) % 3)\"><Image asset=\"icon\"/></Button>"
                    json += #"{"view": "Button", "id": "b\#(n)", "push": "s\#((s + 1) % 3)", "body": [{"view": "Image", "asset": "icon"}]},"#
                } else {
                    xml += "<Text>Row \(n) of screen \(s)</Text>"
                    json += #"{"view": "Text", "text": "Row \#(n) of screen \#(s)"},"#
                }
            }
            xml += "<Toggle id=\"last\"/></List></screen>"
            json += #"{"view": "Toggle", "id": "last"}]}]}"#
        }
        xml += "</app>"
        json += "]}"
        #expect(json.utf8.count > 3 * JSONDescriptionReader.deferredScreenSize / 2)
        func found(_ text: String, _ file: String) -> [String] {
            let audit = Auditor.audit(
                source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: Configuration())
            #expect(audit.error == nil)
            return audit.findings.map { "\($0.rule) \($0.element) \($0.message)" }
        }
        let fromXML = found(xml, "t.xml")
        #expect(fromXML.count > 50)
        #expect(found(json, "t.json") == fromXML)
    }
}
