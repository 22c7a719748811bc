import TestSupport
import Testing

@testable import FocusAudit

@Suite struct JSONReaderTests {
    private func json(_ text: String, explicit: Bool = true) -> FileAudit {
        Auditor.audit(
            source: ByteSource(bytes: Array(text.utf8)), file: "test.json", explicit: explicit,
            configuration: Configuration())
    }

    @Test func findingsPointAtTheOpeningBrace() {
        let a = json(
            """
            {"name": "앱", "screens": [
              {"id": "home", "title": "홈",
               "body": [ {"view": "Text", "text": "안녕"}, {"view": "NavigationLink", "id": "a",
                 "destination": "nowhere", "text": "A"} ]}
            ]}
            """)
        #expect(a.error == nil)
        #expect(positions(a, RuleID.unknownDestination) == ["3:46"])
        #expect(a.findings.first?.element == "screen[home]/NavigationLink[a]")
    }

    @Test func minifiedSingleLineFileKeepsColumns() {
        var body = ""
        for i in 0..<2000 { body += "{\"view\":\"Text\",\"text\":\"t\(i)\"}," }
        let text = "{\"screens\":[{\"id\":\"s\",\"body\":[" + body + "{\"view\":\"Button\",\"lable\":\"x\"}]}]}"
        let a = json(text)
        let column = text.unicodeScalars.count - "{\"view\":\"Button\",\"lable\":\"x\"}]}]}".unicodeScalars.count + 1
        #expect(positions(a, RuleID.invalidDescription) == ["1:\(column)"])
        #expect(a.findings.first?.message == "unknown key 'lable' on Button; did you mean 'label'?")
    }

    @Test func escapesSurrogatePairsAndNonASCIIAreRead() {
        let a = json(
            #"{"screens": [{"id": "s", "body": [{"view": "Button", "id": "b", "label": "\uD55C\uae00 \ud83d\ude00 \"q\" \\ é", "push": "x"}]}]}"#)
        #expect(a.error == nil)
        #expect(a.graph.links.first?.displayName == "\"한글 😀 \"q\" \\ é\" (b)")
    }

    @Test(arguments: [
        (#"{"screens": [{"id": "s"}"#, "1:25", "unexpected end of input"),
        ("{\"screens\": [\n  {\"id\": \"s\"},\n]}", "3:1", "trailing comma before ']'"),
        ("{\"screens\": [{\"id\": \"s\",}]}", "1:25", "trailing comma before '}'"),
        (#"{"screens": [{"id": "\q"}]}"#, "1:22", "invalid escape"),
        (#"{"screens": [{"id": "\ud800"}]}"#, "1:22", "surrogate"),
        (#"{"screens": [], "x": 01}"#, "1:22", "leading zeros"),
        ("{\"screens\": []} extra", "1:17", "after the JSON value"),
        ("", "1:1", "the file is empty"),
    ])
    func malformedJSONIsAnInputErrorWithPosition(_ input: (String, String, String)) {
        let a = json(input.0)
        let error = a.error
        #expect(error != nil, "\(input.0) should not parse")
        #expect(error?.location.map { "\($0.line):\($0.column)" } == input.1)
        #expect(error?.message.contains(input.2) == true, "\(String(describing: error?.message))")
        #expect(a.findings.isEmpty)
    }

    @Test(
        arguments: [
            [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
        ] as [[UInt8]])
    func invalidUTF8InAStringIsAnInputError(_ bad: [UInt8]) {
        // With and without an escape before the bad bytes (two ways through the string reader).
        for prefix in ["s", "s\\n"] {
            let bytes = Array("{\"screens\": [{\"id\": \"\(prefix)".utf8) + bad + Array("\"}]}".utf8)
            let a = Auditor.audit(source: ByteSource(bytes: bytes), file: "bad.json", explicit: true, configuration: Configuration())
            #expect(a.error?.message.contains("not valid UTF-8") == true, "\(bad) \(String(describing: a.error))")
            #expect(a.error?.location.map { "\($0.line):\($0.column)" } == "1:22")
        }
        // Valid multi-byte text around it is read as it is.
        let good = Array("{\"screens\": [{\"id\": \"é한😀\\n\\uFFFD\"}]}".utf8)
        let a = Auditor.audit(source: ByteSource(bytes: good), file: "good.json", explicit: true, configuration: Configuration())
        #expect(a.error == nil)
        #expect(a.graph.screens.first?.id == "é한😀\n\u{FFFD}")
    }

    @Test func screensAreCheckedFirstAndReadOneByOne() {
        // A syntax error in a later screen is an input error at its place, with no findings from
        // the screens before it.
        let broken = json(
            "{\"screens\": [{\"id\": \"a\", \"body\": [{\"view\": \"Image\"}]},\n {\"id\": \"b\", \"title\": tru}]}")
        #expect(broken.error?.location.map { "\($0.line):\($0.column)" } == "2:23")
        #expect(broken.findings.isEmpty)
        // The last "screens" key wins, as with any repeated key; the app's settings may come after it.
        let twice = json(
            #"{"screens": [{"id": "first"}], "name": "Twice", "screens": [{"id": "second"}, {"id": "third"}], "transition": 0.5}"#)
        #expect(twice.error == nil)
        #expect(twice.graph.screens.map(\.id) == ["second", "third"])
        #expect(twice.appName == "Twice")
        #expect(twice.transition == 0.5)
        // A later "screens" that is not an array makes the file no description.
        let notArray = json(#"{"screens": [{"id": "a"}], "screens": {"id": "b"}}"#)
        #expect(notArray.error?.message.contains("\"screens\" is an object, not an array") == true)
        // Nesting inside a screen is limited as in a whole parse.
        let deep = json("{\"screens\": [{\"id\": \"a\", \"x\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}]}")
        #expect(deep.error?.message.contains("nested more than 256 deep") == true)
        #expect(deep.error?.location.map { "\($0.line):\($0.column)" } == "1:284")
    }

    @Test func truncatedFileReportsTheEnd() {
        let a = json("{\"screens\": [\n  {\"id\": \"s\", \"title\": \"abc")
        #expect(a.error?.message.contains("unterminated string") == true)
        #expect(a.error?.location?.line == 2)
    }

    @Test func wrongTypesAreInvalidDescriptions() {
        let a = json(
            """
            {"transition": "fast", "screens": [
              {"id": "s", "root": "yes", "restoreDelay": "0.6", "body": [
                {"view": "Button", "label": 3, "hidden": 1, "traits": ["button", 2]},
                {"view": "Text", "traits": "header staticText", "text": "제목"}
              ]},
              "not a screen"
            ]}
            """)
        let messages = a.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.message)
        #expect(messages.contains("transition must be a number of seconds, not a string"))
        #expect(messages.contains("root must be a boolean, not a string"))
        #expect(messages.contains("restoreDelay must be a number of seconds, not a string"))
        #expect(messages.contains("label must be a string, not a number"))
        #expect(messages.contains("hidden must be a boolean, not a number"))
        #expect(messages.contains { $0.hasPrefix("traits must be a string or an array of strings") })
        #expect(messages.contains("each screen must be an object, not a string"))
        #expect(messages.count == 7)
    }

    @Test func anyFiniteNonNegativeJSONNumberIsGood() {
        let a = json(
            """
            {"transition": 5E-1, "screens": [
              {"id": "a", "restoreDelay": -0},
              {"id": "b", "restoreDelay": 0.25e1},
              {"id": "c", "restoreDelay": -0.5},
              {"id": "d", "restoreDelay": 1e400}
            ]}
            """)
        #expect(a.transition == 0.5)
        let bad = a.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.element)
        #expect(bad == ["screen[c]", "screen[d]"])
    }

    /// A value that is not an object points at the element that holds it; a problem with an
    /// object's own keys (or its missing type) has the object's own element path.
    @Test func problemsWithAnObjectsOwnKeysHaveItsOwnPath() {
        let a = json(
            """
            {"screens": [
              "not a screen",
              {"id": "s", "restore-delay": 0.6, "body": [
                {"view": "VStack", "body": [
                  {"view": "Button", "id": "b", "on-tap": true},
                  7,
                  {"label": "no type"}
                ]},
                {"view": "Text", "pop-to-root": true},
                {"view": "Text", "focusauditDisable": ["bogus"]},
                {"view": "Text", "focusauditDisable": "unlabeled_control"}
              ]}
            ]}
            """)
        let found = a.findings.filter { $0.rule == RuleID.invalidDescription }.map { "\($0.element): \($0.message)" }
        #expect(
            found.sorted()
                == [
                    "app: each screen must be an object, not a string",
                    "screen[s]/VStack[1]/View[1]: a view needs a \"view\" key naming its type (\"Button\", \"Text\", …); it is read as a custom view",
                    "screen[s]/VStack[1]: each view in \"body\" must be an object, not a number",
                    "screen[s]/VStack[1]/Button[b]: unknown key 'on-tap': JSON keys are camelCase; did you mean 'onTap'?",
                    "screen[s]/Text[1]: unknown key 'pop-to-root': JSON keys are camelCase; did you mean 'popToRoot'?",
                    "screen[s]/Text[2]: unknown rule id 'bogus' in a suppression",
                    "screen[s]/Text[3]: \"focusauditDisable\" must be an array of rule ids, not a string",
                    "screen[s]: unknown key 'restore-delay': JSON keys are camelCase; did you mean 'restoreDelay'?",
                ].sorted(), "\(found)")
    }

    @Test func notDescriptionsAreSkippedWhenFoundAndErrorsWhenNamed() {
        for text in ["{}", "{\"name\": \"my-package\", \"version\": \"1.0.0\"}", "[1, 2]", "{\"screens\": {}}"] {
            #expect(json(text, explicit: false).skipped, "\(text) should be skipped")
            #expect(json(text, explicit: true).error?.message.hasPrefix("not a focusaudit description") == true)
        }
        // A broken JSON file is an input error however it was found.
        #expect(json("{\"name\": ", explicit: false).error != nil)
    }

    @Test func deepNestingIsAClearErrorNotACrash() {
        let depth = 200_000
        let text = "{\"screens\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let a = json(text)
        #expect(a.error?.message == "objects and arrays are nested more than 256 deep (the rest of the file was not read)")
    }

    @Test func focusauditDisableOnObjectsAndTheTopLevel() {
        let a = json(
            """
            {"focusauditDisable": ["unreachable_screen"], "screens": [
              {"id": "s", "body": [
                {"view": "Button", "label": "A", "push": "nowhere", "focusauditDisable": ["unknown_destination"]},
                {"view": "Button", "label": "B", "push": "nowhere2", "focusauditDisable": ["duplicate_focus_id", "nope"]}
              ]},
              {"id": "island"}
            ]}
            """)
        #expect(positions(a, RuleID.unknownDestination) == ["4:5"])
        #expect(positions(a, RuleID.superfluousSuppression) == ["4:5"])
        #expect(positions(a, RuleID.invalidDescription) == ["4:5"])
        #expect(positions(a, RuleID.unreachableScreen).isEmpty)
    }

    @Test func xmlAndJSONGiveTheSameFindings() {
        let xml = audit(
            """
            <app transition="0.5">
              <screen id="home" title="Home" restore-focus="on-appear" restore-delay="0.3" capture="gesture">
                <List>
                  <NavigationLink id="a" destination="d" focus="a"><Text>A</Text></NavigationLink>
                  <NavigationLink id="b" destination="d" focus="a"><Text>B</Text></NavigationLink>
                  <NavigationLink id="c" destination="gone"><Text>C</Text></NavigationLink>
                </List>
              </screen>
              <screen id="d"/>
              <screen id="e"/>
            </app>
            """)
        let twin = json(
            """
            {"transition": 0.5, "screens": [
              {"id": "home", "title": "Home", "restoreFocus": "on-appear", "restoreDelay": 0.3, "capture": "gesture",
               "body": [{"view": "List", "body": [
                 {"view": "NavigationLink", "id": "a", "destination": "d", "focus": "a", "body": [{"view": "Text", "text": "A"}]},
                 {"view": "NavigationLink", "id": "b", "destination": "d", "focus": "a", "body": [{"view": "Text", "text": "B"}]},
                 {"view": "NavigationLink", "id": "c", "destination": "gone", "body": [{"view": "Text", "text": "C"}]}
               ]}]},
              {"id": "d"}, {"id": "e"}
            ]}
            """)
        let key = { (f: Finding) in "\(f.rule) \(f.element) \(f.message)" }
        #expect(!xml.findings.isEmpty)
        #expect(Set(xml.findings.map(key)) == Set(twin.findings.map(key)))
        #expect(xml.journeys.count == twin.journeys.count)
    }
}

@Suite struct UppercasingTests {
    /// Found by fuzzing: uppercasing a character can give two ("ß" → "SS"), which trapped when the
    /// result was stored as one Character.
    @Test func keysAndSystemItemsWhoseUppercaseIsLongerDoNotCrash() {
        let json = Auditor.audit(
            source: ByteSource(bytes: Array(#"{"screens":[{"id":"s","body":[{"view":"Text","-ßx":""}]}]}"#.utf8)),
            file: "k.json", explicit: true, configuration: Configuration())
        #expect(json.error == nil)
        #expect(json.findings.contains { $0.rule == RuleID.invalidDescription && $0.message.contains("-ßx") })
        #expect(StoryboardImporter.systemItemLabel("ßave") == "SSave")
    }
}

/// The syntax check of a description's screens skips their values without making strings; it
/// must find exactly the errors a whole parse finds, at the same places.
@Suite struct JSONSyntaxCheckTests {
    /// The first error of a whole parse and of the description's check, or nil for none.
    private func errors(_ text: [UInt8]) -> (whole: String?, check: String?) {
        let whole: String?
        switch JSONParser.parse(text) {
        case .success: whole = nil
        case .failure(let error): whole = "\(error.offset): \(error.message)"
        }
        let check: String? = text.withUnsafeBufferPointer { buffer in
            switch JSONParser.parseDescription(buffer) {
            case .success: return nil
            case .failure(let error): return "\(error.offset): \(error.message)"
            }
        }
        return (whole, check)
    }

    private func inScreens(_ value: [UInt8]) -> [UInt8] {
        Array("{\"name\": \"x\", \"screens\": [{\"id\": \"a\"}, ".utf8) + value + Array("]}".utf8)
    }

    @Test func stringsAndKeysGiveTheSameErrors() {
        let cases: [String] = [
            #""plain""#, #""한글 라벨""#, #""tab\there""#, #""\u00e9\uD83D\uDE00""#, #""\uD83D""#, #""\uDE00x""#,
            #""\uD83Dx""#, #""\uD83D\u0041""#, #""\u12G4""#, #""\x""#, #""unterminated"#, #""ends in \"#,
            "\"raw\u{1}control\"", #"{"k" "v"}"#, #"{"키" 1}"#, #"{"k\n" 1}"#, #"{"k": "v",}"#, #"["a",]"#,
        ]
        for text in cases {
            let (whole, check) = errors(inScreens(Array(text.utf8)))
            #expect(whole == check, "\(text)")
        }
    }

    @Test func invalidUTF8GivesTheSameErrors() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xC3], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xFF], [0xE2, 0x82],
            [0xEF, 0xBF, 0xBD], [0xF1, 0x80, 0x80],
        ]
        let escapes: [[UInt8]] = [[], Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8)]
        for sequence in sequences {
            for escape in escapes {
                // The bytes alone, before and after an escape, and split by one.
                let bodies: [[UInt8]] = [
                    sequence, sequence + escape, escape + sequence, Array(sequence.prefix(1)) + escape + sequence.dropFirst(),
                ]
                for body in bodies {
                    let string = [0x22] + body + [0x22]
                    let (whole, check) = errors(inScreens(string))
                    #expect(whole == check, "\(body)")
                    // As a key too.
                    let (wholeKey, checkKey) = errors(inScreens([0x7B] + string + Array(": 1}".utf8)))
                    #expect(wholeKey == checkKey, "key \(body)")
                }
            }
        }
    }

    @Test func randomStringsGiveTheSameErrors() {
        let alphabet: [[UInt8]] = [
            [0x61], [0x20], [0x22], [0x5C], Array(#"\n"#.utf8), Array(#"\u"#.utf8), Array("0041".utf8), Array("D83D".utf8),
            Array("DE00".utf8), [0xC3], [0xA9], [0xE0], [0xED], [0xA0], [0x80], [0xF0], [0x90], [0xFF], [0x01], [0x3A],
            [0x7B], [0x7D],
        ]
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            return Int(x % UInt64(n))
        }
        var differing = 0
        for _ in 0..<3_000 {
            var body: [UInt8] = []
            for _ in 0..<next(9) { body += alphabet[next(alphabet.count)] }
            let value: [UInt8] = next(2) == 0 ? [0x22] + body + [0x22] : [0x7B, 0x22] + body + Array("\": 1}".utf8)
            let (whole, check) = errors(inScreens(value))
            if whole != check { differing += 1 }
        }
        #expect(differing == 0)
    }
}

/// A key written twice in one JSON object is an `invalid_description` at the object's brace: RFC 8259
/// leaves open which value counts, so the description means different things to different readers.
@Suite struct JSONDuplicateKeyTests {
    private func json(_ text: String) -> FileAudit {
        Auditor.audit(source: ByteSource(bytes: Array(text.utf8)), file: "test.json", explicit: true, configuration: Configuration())
    }

    @Test func aRepeatedKeyIsReportedAtItsObjectAndTheLastValueIsRead() {
        let a = json(
            """
            {"name": "앱", "name": "앱", "screens": [
              {"id": "s", "body": [
                {"view": "Button", "id": "b", "label": "", "label": "보내기", "label": "전송", "dismiss": true},
                {"view": "Text", "text": "a", "view": "Image", "decorative": true}
              ]}
            ]}
            """)
        #expect(a.error == nil)
        let invalid = a.findings.filter { $0.rule == RuleID.invalidDescription }
        #expect(invalid.map(\.element) == ["app", "screen[s]/Button[b]", "screen[s]/Image[1]"])
        #expect(invalid.map { "\($0.location.line):\($0.location.column)" } == ["1:1", "3:5", "4:5"])
        #expect(
            invalid[1].message
                == "key 'label' is written more than once in this object; JSON readers differ on which value counts (focusaudit reads the last): keep one"
        )
        // The last label names the button, so it is not unlabeled; the last view type makes the Image.
        #expect(!a.findings.contains { $0.rule == RuleID.unlabeledControl })
    }

    @Test func keysAreComparedByTheirBytes() {
        // "é" composed and decomposed are canonically equal strings but different JSON names.
        let a = json(#"{"screens": [{"id": "s", "body": [{"view": "Text", "text": "a", "caf\u00e9": 1, "cafe\u0301": 2}]}]}"#)
        #expect(!a.findings.contains { $0.message.contains("more than once") })
    }

    @Test func aLargeObjectGivesTheSameAnswerAsAPairwiseSearch() {
        var generator = SplitMix(seed: 31)
        for count in [0, 1, 2, 15, 16, 17, 40, 300] {
            for _ in 0..<20 {
                let members = (0..<count).map { _ in
                    JSONMember(key: ["a", "b", "c", "é", "e\u{301}", "view", "label"][Int(generator.next() % 7)] + String(generator.next() % 9), value: .null)
                }
                var expected: [String] = []
                for i in members.indices where members[..<i].contains(where: { Array($0.key.utf8) == Array(members[i].key.utf8) }) {
                    if !expected.contains(where: { Array($0.utf8) == Array(members[i].key.utf8) }) { expected.append(members[i].key) }
                }
                let found = JSONDescriptionReader.duplicateKeys(members)
                #expect(found.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(members.map(\.key))")
            }
        }
    }
}
