import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// The shortcuts taken for speed must give the same answers as the general code they skip.
@Suite struct FastPathTests {
    @Test func byteKeysAreExactOnlyForCaselessNormalisedText() {
        typealias Rule = AmbiguousControlLabelRule
        #expect(Rule.byteKey("  More ") == Array("more".utf8))
        #expect(Rule.byteKey("친구 더보기") == Array("친구 더보기".utf8))
        #expect(Rule.byteKey("漢字 かな カナ") == Array("漢字 かな カナ".utf8))
        #expect(Rule.byteKey("\t") == [])
        // Letters with case outside ASCII, decomposed Hangul (conjoining jamo), combining marks and
        // Unicode-only white space are left to the general comparison.
        #expect(Rule.byteKey("Éclair") == nil)
        #expect(Rule.byteKey("\u{1100}\u{1161}") == nil)
        #expect(Rule.byteKey("e\u{301}") == nil)
        #expect(Rule.byteKey("\u{3000}열기") == nil)
    }

    /// The byte key made from UTF-8 bytes is the one the definition gives scalar by scalar,
    /// including at the edges of each accepted range.
    @Test func byteKeysFollowTheirDefinition() {
        func reference(_ text: String) -> [UInt8]? {
            var key: [UInt8] = []
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x41...0x5A: key.append(UInt8(scalar.value) | 0x20)
                case 0..<0x80: key.append(UInt8(scalar.value))
                case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA: key += Array(String(scalar).utf8)
                default: return nil
                }
            }
            let blank = { (b: UInt8) in b == 0x20 || (0x09...0x0D).contains(b) }
            guard let first = key.firstIndex(where: { !blank($0) }) else { return [] }
            return Array(key[first...key.lastIndex(where: { !blank($0) })!])
        }
        let values: [UInt32] = [
            0x09, 0x0A, 0x20, 0x41, 0x5A, 0x5B, 0x61, 0x7A, 0x7F, 0xC9, 0xE9, 0x7FF, 0x800, 0x3000, 0x3040,
            0x3041, 0x3096, 0x3097, 0x30A0, 0x30A1, 0x30FA, 0x30FB, 0x4DFF, 0x4E00, 0x9FFF, 0xA000, 0xABFF, 0xAC00, 0xD7A3,
            0xD7A4, 0xFFFD, 0x1F600,
        ]
        let alphabet = values.compactMap(Unicode.Scalar.init)
        var generator = SplitMix(seed: 21)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 9) {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            #expect(AmbiguousControlLabelRule.byteKey(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// The byte test for a computed part `\(…)` answers as `String.contains` does on characters,
    /// also where a combining mark or a prepended mark makes `\` or `(` part of another character.
    @Test func computedPartTestAgreesWithCharacterContains() {
        // The rules' module does not import Foundation, so their `contains` is the standard
        // library's, on characters; here (Foundation imported) the same question is put explicitly.
        func reference(_ text: String) -> Bool {
            let characters = Array(text)
            return characters.indices.dropLast().contains { characters[$0] == "\\" && characters[$0 + 1] == "(" }
        }
        let fixed = [
            "", "\\(", "\\", "(", "Hello \\(name)", "\\ (", "(\\", "친구 \\(user.name) 님", "\\(\u{301}x)",
            "\u{600}\\(x)", "a\u{200D}\\(", "\\\u{301}(", "전송 버튼",
        ]
        for text in fixed {
            #expect(ByteSearch.containsComputedPart(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
        let alphabet: [Unicode.Scalar] = [
            "\\", "(", ")", "a", " ", "\u{301}", "\u{200D}", "\u{600}", "\u{AC00}", "\u{1100}",
            "\u{1161}", "\u{1F600}", "\u{FE0F}", "\r", "\n",
        ]
        // The bytes are read a word at a time: the pair at every offset, split across words or not.
        for before in 0..<20 {
            for after in 0..<10 {
                let pad = String(repeating: "a", count: before)
                let tail = String(repeating: "b", count: after)
                #expect(ByteSearch.containsComputedPart(pad + "\\(" + tail), "\(before) \(after)")
                #expect(!ByteSearch.containsComputedPart(pad + "\\b" + tail + "("), "\(before) \(after)")
                #expect(ByteSearch.bytePairSearch(pad + "\\(" + tail))
            }
        }
        var generator = SplitMix(seed: 27)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            #expect(ByteSearch.containsComputedPart(text) == reference(text), "\(Array(text.unicodeScalars))")
        }
    }

    /// The byte search for a word of letters answers as `String.contains` does on characters: in
    /// ASCII text by the bytes, in other text (a combining mark or a joiner making a letter part of
    /// another character, Hangul, CR LF) by the character search it leaves the question to.
    @Test func letterSearchAgreesWithCharacterContains() {
        func reference(_ needle: String, _ text: String) -> Bool {
            let n = Array(needle)
            let t = Array(text)
            guard t.count >= n.count else { return false }
            return (0...(t.count - n.count)).contains { Array(t[$0..<($0 + n.count)]) == n }
        }
        let fixed = [
            "", "Storyboard", "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB",
            "com.apple.InterfaceBuilder3.CocoaTouch.XIB", "Storyboar", "storyboard", "StoryboardStoryboard",
            "Storyboard\u{301}", "\u{301}Storyboard", "x\u{200D}Storyboard", "Storyboard\r\n", "\r\nStoryboard",
            "스토리Storyboard", "Storyboar\u{301}dStoryboard", "Story\u{301}board",
        ]
        for text in fixed {
            #expect(ByteSearch.containsLetters("Storyboard", in: text) == reference("Storyboard", text), "\(Array(text.unicodeScalars))")
        }
        let pieces = ["a", "b", "ab", "\u{301}", "\u{200D}", "\r", "\n", "\r\n", "\u{AC00}", "\u{1100}", ".", "B"]
        var generator = SplitMix(seed: 2027)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 12) {
                text += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            #expect(ByteSearch.containsLetters("ab", in: text) == reference("ab", text), "\(Array(text.unicodeScalars))")
            #expect(ByteSearch.containsLetters("a", in: text) == reference("a", text), "\(Array(text.unicodeScalars))")
        }
    }

    /// File names in reports: the path as typed, without `.` parts, repeated or trailing slashes,
    /// or the current directory in front.
    @Test func displayPathsAreTheTypedPathTidied() {
        let cases: [(String, String?, String)] = [
            ("UI/b.xml", "/w", "UI/b.xml"), ("./UI/", "/w", "UI"), ("UI//./b.xml", nil, "UI/b.xml"),
            ("/w/UI/./b.xml", "/w", "UI/b.xml"), ("/w/UI/b.xml", "/w/", "UI/b.xml"), ("/w", "/w", "/w"),
            ("/other/b.xml", "/w", "/other/b.xml"), ("/", "/w", "/"), (".", "/w", "."), ("./", nil, "."),
            ("//a//b/", nil, "/a/b"), ("../x.xml", "/w", "../x.xml"), ("가/나.xml", "/w", "가/나.xml"),
        ]
        for (path, cwd, shown) in cases {
            #expect(FileDiscovery.displayPath(path, currentDirectory: cwd) == shown, "\(path) in \(cwd ?? "-")")
        }
    }

    @Test func namesThatDifferOnlyInCaseOrSpaceAreAmbiguous() {
        let a = audit(
            """
            <app>
              <screen id="home">
                <VStack>
                  <Button id="a" push="friends">More</Button>
                  <Button id="b" push="chats" label=" more "/>
                </VStack>
              </screen>
              <screen id="friends"/>
              <screen id="chats"/>
            </app>
            """)
        #expect(positions(a, RuleID.ambiguousControlLabel) == ["5:7"])
    }

    @Test func canonicallyEquivalentNamesAreAmbiguous() {
        // "가" written precomposed and as conjoining jamo: the same name to VoiceOver and to Swift.
        let a = audit(
            """
            <app>
              <screen id="home">
                <VStack>
                  <Button id="a" push="friends">가</Button>
                  <Button id="b" push="chats">\u{1100}\u{1161}</Button>
                </VStack>
              </screen>
              <screen id="friends"/>
              <screen id="chats"/>
            </app>
            """)
        #expect(positions(a, RuleID.ambiguousControlLabel) == ["5:7"])
    }

    @Test func duplicatesAreFoundPastTheSmallListLimit() {
        var views = ""
        for i in 0..<40 { views += "<Button id=\"b\(i)\" label=\"B\(i)\" focus=\"f\(i)\"/>\n" }
        // Repeats of an early id and focus value, and a canonically equivalent one, far into the screen.
        views += "<Button id=\"b1\" label=\"X\"/>\n<Button id=\"y\" label=\"Y\" focus=\"f2\"/>\n"
        views += "<Button id=\"가\" label=\"Z\"/>\n<Button id=\"\u{1100}\u{1161}\" label=\"W\"/>\n"
        let a = audit("<app>\n<screen id=\"s\">\n\(views)</screen>\n</app>\n")
        #expect(positions(a, RuleID.duplicateFocusID) == ["43:1", "44:1", "46:1"])
        // The same repeats on a screen of more elements than a short list serves, whose ids are
        // filed by element and read again from the store.
        let filler = String(repeating: "<Text hint=\"h\">row</Text>\n", count: StoreIDIndex.fromElements)
        let large = audit("<app>\n<screen id=\"s\">\n\(views)\(filler)</screen>\n</app>\n")
        #expect(positions(large, RuleID.duplicateFocusID) == ["43:1", "44:1", "46:1"])
    }

    /// `duplicate_focus_id` takes the focus values that repeat from the screen's analysis
    /// (`focusRepeats`) instead of filing them again: on random screens of random focus values
    /// (ASCII, canonically equivalent forms, the non-ASCII letters equal to ASCII ones, Hangul)
    /// on nested views, each repeat is reported with the first element of its value, as a table of
    /// Swift strings finds them, on small screens and past the short list's limit.
    @Test func focusRepeatsFromTheAnalysisAreTheRepeatsOfTheValues() {
        var generator = SplitMix(seed: 42)
        for round in 0..<30 {
            let count = 1 + Int(generator.next() % (round % 3 == 0 ? 90 : 12))
            var views = ""
            var firstLine: [String: Int] = [:]
            var expected: [String] = []
            for k in 0..<count {
                let line = k + 3
                let focus: String? = generator.next() % 4 == 0 ? nil : Self.randomKey(&generator)
                let attribute = focus.map { " focus=\"\(Escaping.xml($0))\"" } ?? ""
                if generator.next() % 3 == 0 {
                    views += "<VStack><Button label=\"b\(k)\"\(attribute)/></VStack>\n"
                } else {
                    views += "<Button label=\"b\(k)\"\(attribute)/>\n"
                }
                guard let focus, !focus.isEmpty else { continue }
                if let first = firstLine[focus] {
                    expected.append("\(line) focus value '\(MessageText.quoted(focus))' is already bound to \"b\(first - 3)\" at line \(first)")
                } else {
                    firstLine[focus] = line
                }
            }
            let a = audit("<app>\n<screen id=\"s\">\n\(views)</screen>\n</app>\n")
            let found = a.findings.filter { $0.rule == RuleID.duplicateFocusID }
                .map { "\($0.location.line) \($0.message.components(separatedBy: "; focus restored").first!)" }
            #expect(found == expected, "round \(round)")
        }
    }

    @Test func firstIndexTableAgreesBeforeAndAfterGrowing() {
        var table = FirstIndexTable()
        for i in 0..<50 { #expect(table.insert("k\(i)", at: i) == nil) }
        for i in 0..<50 { #expect(table.insert("k\(i)", at: 100 + i) == i) }
        #expect(table.insert("\u{AC00}", at: 200) == nil)
        #expect(table.insert("\u{1100}\u{1161}", at: 201) == 200)
    }

    /// A key for the tables and paths below: ASCII of lengths around the 16 bytes held in an entry,
    /// the path step's escaped characters, precomposed and decomposed forms, the three non-ASCII
    /// characters equal to ASCII ones, Hangul, emoji, empty.
    static func randomKey(_ generator: inout SplitMix) -> String {
        let pieces = [
            "a", "b", "K", "\u{212A}", ";", "\u{37E}", "`", "\u{1FEF}", "\u{E9}", "e\u{301}", "가", "\u{1100}\u{1161}", "😀",
            "/", "[", "]", "\\", "-", "0123456789abcdef",
        ]
        let r = generator.next()
        let length = Int(r >> 40) % (r % 7 == 0 ? 30 : 5)
        var out = ""
        for _ in 0..<length { out += pieces[Int(generator.next() % UInt64(r % 3 == 0 ? pieces.count : 3))] }
        return out
    }

    @Test func storeIDIndexAgreesWithFirstIndexTable() {
        // Ids read again from a screen's store give the same earlier element as the table that keeps
        // a copy of each key: random keys (equal ASCII spellings, canonical equivalents, keys beyond
        // 16 bytes), elements without an id between them, and screens large enough for the slots to
        // grow several times.
        var generator = SplitMix(seed: 43)
        for round in 0..<30 {
            let store = ElementStore()
            var index = StoreIDIndex()
            var reference = FirstIndexTable()
            for n in 0..<(round % 3 == 0 ? 2_000 : 60) {
                let element = store.append(type: "Button", location: SourceLocation(line: n + 1, column: 1), ordinal: n + 1, parent: nil)
                guard generator.next() % 5 != 0 else { continue }
                let key = Self.randomKey(&generator) + (round % 3 == 0 ? "\(generator.next() % 500)" : "")
                element.id = key
                let expected = reference.insert(key, at: n)
                let found = element.withIDBytes { index.insert($0!, at: n, in: store) }
                #expect(found == expected, "\(key.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test func firstIndexTableGivesTheSameIndexForBytesAsForStrings() {
        // The same keys inserted as bytes into one table and as strings into another give the same
        // earlier index each time, and both agree with a dictionary of Swift strings; past the
        // small-list limit too.
        var generator = SplitMix(seed: 41)
        for round in 0..<40 {
            var byBytes = FirstIndexTable()
            var byStrings = FirstIndexTable()
            var mixed = FirstIndexTable()
            var reference: [String: Int] = [:]
            for index in 0..<(round % 2 == 0 ? 12 : 150) {
                let key = Self.randomKey(&generator)
                let expected = reference[key]
                if expected == nil { reference[key] = index }
                var bytes = Array(key.utf8)
                let fromBytes = bytes.withUnsafeMutableBufferPointer { byBytes.insert(bytes: UnsafeBufferPointer($0), at: index) }
                #expect(fromBytes == expected, "\(key.unicodeScalars.map { $0.value })")
                #expect(byStrings.insert(key, at: index) == expected)
                let either =
                    index % 2 == 0
                    ? bytes.withUnsafeMutableBufferPointer { mixed.insert(bytes: UnsafeBufferPointer($0), at: index) }
                    : mixed.insert(key, at: index)
                #expect(either == expected)
            }
        }
        var table = FirstIndexTable()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(table.insert(bytes: empty, at: 0) == nil)
        #expect(table.insert("", at: 1) == 0)
        var kelvin = Array("\u{212A}elvin-and-more-than-16".utf8)
        #expect(table.insert("Kelvin-and-more-than-16", at: 2) == nil)
        #expect(kelvin.withUnsafeMutableBufferPointer { table.insert(bytes: UnsafeBufferPointer($0), at: 3) } == 2)
    }

    @Test func pathStepsFromBytesAreTheStepsFromStrings() {
        var generator = SplitMix(seed: 43)
        let types = ["Button", "List[1]/Row", "Text", String(repeating: "V", count: 201), "버튼"]
        for i in 0..<3000 {
            var id = Self.randomKey(&generator)
            if i % 50 == 0 { id = String(repeating: i % 100 == 0 ? "a" : "가", count: 150 + i % 120) }
            let type = types[i % types.count]
            let ordinal = i % 9
            let expected = UTF8Builder.build { ElementPath.appendStep(type: type, id: id, ordinal: ordinal, to: &$0) }
            var bytes = Array(id.utf8)
            let built = bytes.withUnsafeMutableBufferPointer { buffer in
                UTF8Builder.build { ElementPath.appendStep(type: type, idBytes: UnsafeBufferPointer(buffer), ordinal: ordinal, to: &$0) }
            }
            #expect(built == expected, "\(type) \(id.unicodeScalars.map { $0.value })")
            let none = UTF8Builder.build { ElementPath.appendStep(type: type, idBytes: nil, ordinal: ordinal, to: &$0) }
            #expect(none == UTF8Builder.build { ElementPath.appendStep(type: type, id: nil, ordinal: ordinal, to: &$0) })
        }
    }

    @Test func screenPathsWrittenDirectlyAreTheStepsWrittenTheGeneralWay() {
        // A plain ASCII id is written straight into the path; every other (escaped, non-ASCII, cut
        // or empty) the general way: both give the same path.
        var generator = SplitMix(seed: 44)
        for i in 0..<3000 {
            var id = Self.randomKey(&generator)
            switch i % 40 {
            case 0: id = String(repeating: "a", count: 190 + i % 25)
            case 1: id = String(repeating: "가", count: 60 + i % 20)
            case 2: id = ""
            case 3: id = "s\(i)/"
            case 4: id = String(repeating: "x", count: 200)
            case 5: id = String(repeating: "x", count: 201)
            default: break
            }
            let general = UTF8Builder.build { ElementPath.appendStep(type: "screen", id: id, ordinal: i + 1, to: &$0) }
            #expect(ElementPath.screen(id: id, index: i) == general, "\(id.unicodeScalars.map { $0.value })")
        }
    }

    @Test func ambiguousNamesReadInPlaceAgreeWithTheNamesStrings() throws {
        // Groups of controls named by a label, a child's text or several pieces, in ASCII of both
        // cases, Hangul, precomposed and decomposed forms, padded or empty: whether the group's names
        // are known distinct, read as bytes in the store, is what their strings' keys say.
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let words = [
            "Open", "open", " Open ", "열기", "caf\u{E9}", "cafe\u{301}", "Go", "Row 1", "", "a-much-longer-name-than-16", "row  1",
            "ROW 1\t", "漢字",
        ]
        var generator = SplitMix(seed: 47)
        func pick() -> String { words[Int(generator.next() % UInt64(words.count))] }
        for round in 0..<80 {
            var xml = "<app>\n<screen id=\"s\">\n<VStack>\n"
            // Groups of up to 32 are compared pair by pair, larger ones by sorted hashes.
            let count = round % 8 == 7 ? 31 + round % 5 : 2 + round % 5
            for n in 0..<count {
                switch generator.next() % 3 {
                case 0: xml += "<Button id=\"b\(n)\" label=\"\(pick())\"/>\n"
                case 1: xml += "<Button id=\"b\(n)\"><Text>\(pick())</Text></Button>\n"
                default: xml += "<Button id=\"b\(n)\"><Text>\(pick())</Text><Text>\(pick())</Text></Button>\n"
                }
            }
            xml += "</VStack>\n</screen>\n</app>\n"
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "g.xml", sink: sink)
            let analysis = ScreenAnalysis(screen: try #require(sink.screens.first))
            let members = analysis.elements.indices.filter { analysis.elements[$0].type == "Button" && analysis.elements[$0].hasName }
            guard members.count > 1 else { continue }
            let keys = members.map { AmbiguousControlLabelRule.byteKey(analysis.elements[$0].name!.text) }
            let expected = !keys.contains(nil) && Set(keys.map { $0! }).count == keys.count
            #expect(AmbiguousControlLabelRule.namesAreDistinct(members, in: analysis) == expected, "\(xml)")
        }
    }

    @Test func keyHashesAndKeysComparedInPlaceAgreeWithTheByteKeys() {
        // Names of ASCII in both cases, blanks of every kind inside and around them, Hangul
        // (precomposed and as jamo), ideographs, kana, accented letters, emoji: a name has a hash
        // exactly when it has a byte key, names of equal keys have equal hashes, and the in-place
        // comparison says whether two keys are equal (hashes aside, so that keys whose hashes differ
        // are compared too).
        let pieces = [
            "Open", "open", "OPEN", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "열기", "\u{1100}\u{1161}", "가", "漢",
            "か", "カ", "caf\u{E9}", "e\u{301}", "😀", "1", "-", "Row", "", "\u{A0}", "a", "A", "z", "Z", "@", "[",
        ]
        var generator = SplitMix(seed: 61)
        var names: [String] = []
        for _ in 0..<700 {
            var name = ""
            for _ in 0..<(generator.next() % 7) { name += pieces[Int(generator.next() % UInt64(pieces.count))] }
            names.append(name)
        }
        // Pairs that differ only in case and blanks around them, which a random pick rarely makes.
        names += ["Open", " open\t", "OPEN\n", "Row 1", "row 1 ", "row  1", "row\t1", " ", "", "\t\t", "a b", "a  b", "A B "]
        func utf8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            var text = text
            return text.withUTF8(body)
        }
        let keys = names.map { AmbiguousControlLabelRule.byteKey($0) }
        let hashes = names.map { name in utf8(name) { AmbiguousControlLabelRule.keyHash(utf8: $0) } }
        for (key, hash) in zip(keys, hashes) { #expect((key == nil) == (hash == nil)) }
        for i in names.indices where keys[i] != nil {
            for j in names.indices where keys[j] != nil {
                let same = utf8(names[i]) { a in utf8(names[j]) { b in AmbiguousControlLabelRule.keysEqual(utf8: a, b) } }
                #expect(same == (keys[i] == keys[j]), "\(names[i].debugDescription) \(names[j].debugDescription)")
                if keys[i] == keys[j] { #expect(hashes[i] == hashes[j], "\(names[i].debugDescription) \(names[j].debugDescription)") }
            }
        }
    }

    @Test func roleWordsFoundInPlaceAreTheWordsFoundInTheNamesString() {
        // Names of role words in both cases, glued to letters or not, Korean, accented (precomposed
        // and decomposed), computed parts, empty: the byte search used for a name read in place finds
        // the same first role word as the search of the name's string, and sends every name that may
        // hold a computed part to the string search.
        let rule = RedundantTraitInLabelRule()
        let pieces = [
            "button", "Button", "BUTTONS", " ", "link", "image", "버튼", "링크", "caf\u{E9}", "e\u{301}", "\\(", "\\(title)",
            ")", "x", "1", "-", "heading", "tab", "😀", "",
        ]
        var generator = SplitMix(seed: 53)
        var roles = RedundantTraitInLabelRule.RoleSet()
        for position in RedundantTraitInLabelRule.roleWords.indices { roles.insert(position) }
        for _ in 0..<4000 {
            var name = ""
            for _ in 0..<(generator.next() % 6) { name += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let expected = rule.firstMatch(in: name, roles: roles)
            var bytes = Array(name.utf8)
            let (computed, found) = bytes.withUnsafeMutableBufferPointer { buffer -> (Bool, (Int, String)?) in
                let bytes = UnsafeBufferPointer(buffer)
                let computed = ByteSearch.holdsBackslashParenthesis(bytes)
                let first = RedundantTraitInLabelRule.roleWords.indices.lazy.compactMap { position in
                    rule.wordTable.match(bytes: bytes, role: position).map { (position, $0) }
                }.first
                return (computed, first)
            }
            if ByteSearch.containsComputedPart(name) { #expect(computed, "\(name)") }
            if !computed { #expect(found?.0 == expected?.position && found?.1 == expected?.word, "\(name)") }
        }
    }

    @Test func suggestionIndexAgreesWithMeasuringEveryCandidate() {
        // Candidates close to each other and to the words (case variants, one edit apart, Korean,
        // repeats), so that ties, limits and pruning are all exercised.
        var generator = SplitMix(seed: 7)
        let alphabet = Array("abcsS0129가나_-")
        func word() -> String {
            String((0..<Int(generator.next() % 9)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
        for round in 0..<40 {
            let candidates = (0..<(round * 5)).map { _ in word() } + ["chat", "Chat", "settings", "s1", "s12"]
            var index = Suggestion.Index(candidates)
            for _ in 0..<60 {
                let w = word()
                #expect(index.closest(to: w) == Suggestion.closest(to: w, in: candidates), "\(w) in \(candidates)")
            }
            #expect(index.closest(to: "CHAT") == "Chat")
            #expect(index.closest(to: "setings") == "settings")
        }
        var empty = Suggestion.Index([String]())
        #expect(empty.closest(to: "chat") == nil)
    }

    @Test func suggestionsStopWhenTheirBudgetIsSpent() {
        let ids = (0..<50).map { "screen_\($0)" }
        var index = Suggestion.Index(ids, budget: 120)
        #expect(index.closest(to: "screen_7x") == "screen_7")
        var answers: [String?] = []
        for i in 0..<10 { answers.append(index.closest(to: "screen_\(i)x")) }
        // Each search of these names measures most of the ids: the budget runs out after a few.
        #expect(index.budget == 0)
        #expect(answers.first! == "screen_0" && answers.last! == nil)
        #expect(answers.firstIndex(of: nil).map { answers[$0...].allSatisfy { $0 == nil } } == true)
    }

    @Test(arguments: ["big.xml", "big.json"])
    func pipelinedAuditEqualsOneThread(file: String) throws {
        // Enough screens for several batches, a header setting that the checks must see
        // first, forward and backward links, and findings of several rules.
        let n = 300
        var text = ""
        if file.hasSuffix(".xml") {
            text = "<app name=\"Big\" transition=\"0.8\">\n"
            for i in 0..<n {
                let broken = i % 3 == 0
                text += "<screen id=\"s\(i)\" title=\"S\(i)\" restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"binding\">\n"
                text += "  <List><NavigationLink id=\"a\" destination=\"s\((i + 1) % n)\"\(broken ? "" : " focus=\"a\"")>"
                text += "<Text>다음 \(i)</Text></NavigationLink>\n"
                text += "  <NavigationLink id=\"b\" destination=\"\(i % 7 == 0 ? "nowhere" : "s\((i + n - 1) % n)")\" focus=\"b\">"
                text += "<Text>이전</Text></NavigationLink></List>\n"
                text += "  <Image asset=\"x\"\(broken ? "" : " label=\"그림\"")/>\n</screen>\n"
            }
            text += "</app>\n"
        } else {
            var screens: [String] = []
            for i in 0..<n {
                let broken = i % 3 == 0
                screens.append(
                    """
                    {"id": "s\(i)", "restoreFocus": "on-appear", "restoreDelay": 0.6, "capture": "binding", "body": [
                      {"view": "Button", "id": "a", "push": "s\((i + 1) % n)"\(broken ? "" : ", \"focus\": \"a\"")},
                      {"view": "Button", "id": "b", "label": "닫기 버튼", "push": "\(i % 7 == 0 ? "nowhere" : "s0")"}]}
                    """)
            }
            text = "{\"name\": \"Big\", \"transition\": 0.8, \"screens\": [\n" + screens.joined(separator: ",\n") + "]}\n"
        }
        let source = ByteSource(bytes: Array(text.utf8))
        let one = Auditor.audit(source: source, file: file, explicit: true, configuration: Configuration())
        let two = Auditor.audit(
            source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: Configuration(),
            pipelined: true)
        #expect(one.error == nil && two.error == nil)
        #expect(one.findings.count > n)
        #expect(one.transition == 0.8 && two.transition == 0.8)
        expectSameAudit(one, two)
    }

    /// The kind, flags and small enumerations a node packs into one word read back what was set,
    /// each independently of the others, as separate stored fields would.
    @Test func packedNodeFieldsReadBackLikeSeparateFields() {
        struct Fields: Equatable {
            var kind = ViewKind.content
            var flags = [Bool](repeating: false, count: 8)
            var childBehavior: ChildBehavior?
            var capture: Capture?
        }
        func read(_ node: ViewNode) -> Fields {
            Fields(
                kind: node.kind,
                flags: [
                    node.hidden, node.onTap, node.dismiss, node.popToRoot, node.decorative, node.isHidden, node.isSwallowed,
                    node.isAccessibilityElement,
                ],
                childBehavior: node.childBehavior, capture: node.capture)
        }
        let kinds: [ViewKind] = [.interactive, .content, .container, .custom]
        let behaviors: [ChildBehavior?] = [nil] + ChildBehavior.allCases
        let captures: [Capture?] = [nil] + Capture.allCases
        let node = ViewNode(type: "Text", location: SourceLocation(line: 1, column: 1), ordinal: 1)
        node.label = "Label"
        node.text = "Text"
        node.name = AccessibleName(text: "Text", source: .content)
        var expected = Fields()
        #expect(read(node) == expected)
        var generator = SplitMix(seed: 19)
        var seen = Set<String>()
        for _ in 0..<20_000 {
            let r = generator.next()
            let choice = Int(r % 11)
            let pick = Int((r >> 8) % 16)
            switch choice {
            case 0:
                expected.kind = kinds[pick % kinds.count]
                node.kind = expected.kind
            case 1:
                expected.childBehavior = behaviors[pick % behaviors.count]
                node.childBehavior = expected.childBehavior
            case 2:
                expected.capture = captures[pick % captures.count]
                node.capture = expected.capture
            default:
                let on = pick % 2 == 1
                expected.flags[choice - 3] = on
                switch choice - 3 {
                case 0: node.hidden = on
                case 1: node.onTap = on
                case 2: node.dismiss = on
                case 3: node.popToRoot = on
                case 4: node.decorative = on
                case 5: node.isHidden = on
                case 6: node.isSwallowed = on
                default: node.isAccessibilityElement = on
                }
            }
            #expect(read(node) == expected)
            seen.insert("\(expected.kind) \(String(describing: expected.childBehavior)) \(String(describing: expected.capture))")
        }
        // The name, kept in the same word, is untouched by all of that.
        #expect(node.name == AccessibleName(text: "Text", source: .content))
        #expect(seen.count == kinds.count * behaviors.count * captures.count)
    }

    /// A node keeps which of its label or text its name is, rather than the name's own string;
    /// the name reads back byte for byte, even when a canonically equal spelling is at hand.
    @Test func aNodesNameReadsBackTheBytesItWasSetTo() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        let cases: [(label: String?, text: String?, name: AccessibleName?)] = [
            ("OK", nil, AccessibleName(text: "OK", source: .label)),
            (" OK ", "OK", AccessibleName(text: "OK", source: .label)),
            (" OK ", nil, AccessibleName(text: "OK", source: .label)),
            (nil, "Row 1000000 in list", AccessibleName(text: "Row 1000000 in list", source: .content)),
            (nil, composed, AccessibleName(text: composed, source: .content)),
            (" " + decomposed, composed, AccessibleName(text: decomposed, source: .label)),
            (nil, composed, AccessibleName(text: decomposed, source: .content)),
            (nil, "a", AccessibleName(text: "a, b", source: .content)),
            (nil, nil, AccessibleName(text: "star fill", source: .symbol)),
            ("x", "y", nil),
        ]
        for (label, text, name) in cases {
            let node = ViewNode(type: "Button", location: SourceLocation(line: 1, column: 1), ordinal: 1)
            node.label = label
            node.text = text
            node.hint = "kept"
            node.name = name
            #expect(node.name.map { Array($0.text.utf8) } == name.map { Array($0.text.utf8) }, "\(String(describing: name))")
            #expect(node.name?.source == name?.source)
            #expect(node.hint == "kept" && node.label == label && node.text == text)
            // Set again to another kind of name, and to none.
            node.name = AccessibleName(text: "other", source: .symbol)
            #expect(node.name.map { Array($0.text.utf8) } == Array("other".utf8) && node.name?.source == .symbol)
            node.name = text.map { AccessibleName(text: $0, source: .content) }
            #expect(node.name.map { Array($0.text.utf8) } == text.map { Array($0.utf8) })
            node.name = nil
            #expect(node.name == nil)
        }
    }

    /// `redundant_trait_in_label`'s role sets worked out from the types' numbers are the sets their
    /// strings give: every known type, types a letter or a case away from a role type, with and
    /// without traits, tap gestures and `decorative`, as children of a `TabView` and not, and in
    /// stores of more types than a record's bits hold (their numbers kept apart).
    @Test func roleSetsByTypeNumberAreTheRoleSetsByTypeName() throws {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let types =
            KnownTypes.allNames.filter { !["Segue", "BarButtonItem", "BarSpace"].contains($0) } + [
                "button", "Buttons", "MyButton", "navigationLink", "Links", "Img", "TabViews", "toggle", "Imag",
            ]
        let traits = ["", "button", "link", "image", "header", "tab", "selected", "button header", "staticText image tab"]
        var generator = SplitMix(seed: 53)
        var compared = 0
        var spilled = 0
        var sets = Set<UInt8>()
        for round in 0..<16 {
            var xml = "<app>\n<screen id=\"s\">\n<VStack>\n"
            // Past 216 types of its own, a store keeps the numbers beside the elements' extras.
            if round % 4 == 3 { for n in 0..<230 { xml += "<Custom\(n)/>\n" } }
            for n in 0..<150 {
                let type = types[Int(generator.next() % UInt64(types.count))]
                var attributes = " id=\"e\(n)\" label=\"Go \(n)\""
                let trait = traits[Int(generator.next() % UInt64(traits.count))]
                if !trait.isEmpty { attributes += " traits=\"\(trait)\"" }
                if generator.next() % 4 == 0 { attributes += " decorative=\"true\"" }
                if generator.next() % 4 == 0 { attributes += " on-tap=\"true\"" }
                if generator.next() % 5 == 0 {
                    xml += "<TabView><\(type)\(attributes)/></TabView>\n"
                } else {
                    xml += "<\(type)\(attributes)/>\n"
                }
            }
            xml += "</VStack>\n</screen>\n</app>\n"
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "r.xml", sink: sink)
            let analysis = ScreenAnalysis(screen: try #require(sink.screens.first))
            analysis.forEachElement { _, element in
                let byNumber = RedundantTraitInLabelRule.roles(of: element.node)
                #expect(byNumber == RedundantTraitInLabelRule.rolesFromTypeName(of: element.node), "round \(round) \(element.pathStep)")
                let parentIsTabView = element.parent.map { analysis.elements[$0].node.typeNumber == KnownTypes.tabView } ?? false
                #expect(parentIsTabView == (element.parent.map { analysis.elements[$0].node.type == "TabView" } ?? false))
                if element.node.record.pointee.bits.typeField == NodeBits.spilledType { spilled += 1 }
                sets.insert(byNumber.bits)
                compared += 1
            }
        }
        // Each role alone and together, and elements whose numbers are kept apart, were compared.
        #expect(compared > 2_000 && spilled > 100)
        for position in 0..<6 { #expect(sets.contains(1 << UInt8(position)), "role \(position) alone") }
        #expect(sets.count > 12)
    }

    /// `redundant_trait_in_label`'s word search, which looks for an English word only when the
    /// name's ASCII bytes hold the word's (modulo 64, letters in both cases) and composes Hangul
    /// only when a byte E1 is there, finds what searching for every word finds: names of role words
    /// in every case and inside other words, Korean words precomposed and as conjoining jamo, bytes
    /// that share a value modulo 64 with a word's letters, other characters starting with E1, and
    /// configured words with letters outside ASCII, for every role.
    @Test func roleWordSearchWithByteSetsFindsWhatSearchingEveryWordFinds() {
        let pieces = [
            "button", "Button", "BUTTON", "bUtToN", "buttons", "xbutton", "button_", "link", "LINK", "Links", "image",
            "Picture", "toggle", "SWITCH", "heading", "Header", "tab", "TAB", "tabs", "botón", "BOTÓN", "ok버튼", "OK버튼",
            "버튼", "링크", "이미지", "사진", "토글", "스위치", "제목", "탭", "버튼".decomposedStringWithCanonicalMapping,
            "링크".decomposedStringWithCanonicalMapping, "\u{1107}", "\u{1165}", "\u{11AB}", "Ḁ", "ḃutton", "친구 0-1 님과의 대화",
            "다음 화면 7", "설명", " ", "  ", "-", "_", "\"", "5", "4", "/", ".", ",", ")", "+", "\u{00A0}", "—", "é", "😀", "1", "x",
        ]
        let tables = [
            RedundantTraitInLabelRule.WordTable(configured: [:]),
            RedundantTraitInLabelRule.WordTable(configured: [
                "button": ["botón", "ok버튼", "Ḁb"], "link": ["链接", "enlace"], "tab": ["ταβ", "탭"],
            ]),
        ]
        var generator = SplitMix(seed: 2_731)
        var found = 0
        var notFound = 0
        for round in 0..<6_000 {
            var name = ""
            for _ in 0..<(1 + Int(generator.next() % 6)) { name += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var bytes = Array(name.utf8)
            for (t, table) in tables.enumerated() {
                for role in 0..<6 {
                    let (fast, every) = bytes.withUnsafeBufferPointer {
                        (table.match(bytes: $0, role: role), table.matchSearchingEveryWord(bytes: $0, role: role))
                    }
                    #expect(fast == every, "round \(round), table \(t), role \(role): \(name)")
                    if every == nil { notFound += 1 } else { found += 1 }
                }
            }
            bytes.removeAll()
        }
        #expect(found > 5_000 && notFound > 5_000)
    }

    /// Every element of the sample descriptions has, after the screen analysis, the name the general
    /// computation gives, byte for byte; and the samples have names kept in each of the three ways.
    @Test func analysedNodesNamesAreTheComputedNamesInTheSamples() throws {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples")
        var asLabel = 0
        var asText = 0
        var apart = 0
        for file in ["guide.xml", "messenger-broken.xml", "messenger-fixed.xml"] {
            let bytes = try Array(Data(contentsOf: samples.appendingPathComponent(file)))
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: bytes), fileName: file, sink: sink)
            #expect(!sink.screens.isEmpty)
            for screen in sink.screens {
                let analysis = ScreenAnalysis(screen: screen)
                analysis.forEachElement { _, element in
                    let computed =
                        element.label != nil || element.isInteractive || element.isOneElementContainer
                            || element.isContentElement ? AccessibleName.of(element) : nil
                    #expect(element.name.map { Array($0.text.utf8) } == computed.map { Array($0.text.utf8) }, "\(file) \(element.pathStep)")
                    #expect(element.name?.source == computed?.source)
                    guard let name = element.name?.text else { return }
                    if name == element.label { asLabel += 1 } else if name == element.text { asText += 1 } else { apart += 1 }
                }
            }
        }
        #expect(asLabel > 0 && asText > 0 && apart > 0)
    }

    /// A node's modifiers read back what was set, whether or not the node has its rarer modifiers
    /// stored apart yet, and setting nothing stores nothing apart.
    @Test func aNodesModifiersReadBackWhatWasSet() {
        let node = ViewNode(type: "Text", location: SourceLocation(line: 70_000, column: 123_456), ordinal: 70_000)
        #expect(node.location == SourceLocation(line: 70_000, column: 123_456) && node.ordinal == 70_000)
        node.hint = nil
        node.traits = []
        node.navigations = []
        node.font = nil
        #expect(node.record.pointee.extras32 == 0)
        node.traits.insert(.header)
        node.traits.insert(.button)
        #expect(node.traits == [.header, .button])
        node.navigations.append(Navigation(presentation: .push, target: "t", attribute: "push"))
        #expect(node.navigates && node.isInteractive)
        node.lineLimit = 2
        node.size = ViewSize(width: 3, height: 4)
        #expect(node.lineLimit == 2 && node.size == ViewSize(width: 3, height: 4) && node.font == nil)
        node.parent = 5
        node.subtreeEnd = 9
        #expect(node.parent == 5 && node.subtreeEnd == 9)
        node.parent = nil
        #expect(node.parent == nil)
    }

    @Test func shortDecimalsReadExactlyAsDoubleReadsThem() {
        var generator = SplitMix(seed: 3)
        let alphabet = Array("0123456789.-+")
        var texts = [
            "0.6", "0.35", ".5", "+.5", "-.5", "1.", "-0", "+0.0", "00.100", "999999999999999", "9999999999999999",
            "0.1234567890123456789", "0.0000000000000000000001", "0.00000000000000000000001", "1e5", "", ".", "-",
            // More digits than an Int64 holds: no overflow, left to Double(_:).
            "12345678901234567890", "0.29999999999999999999999", String(repeating: "9", count: 400),
        ]
        for _ in 0..<20_000 {
            texts.append(String((0..<Int(generator.next() % 18) + 1).map { _ in alphabet[Int(generator.next() % 13)] }))
        }
        var fast = 0
        for text in texts {
            let expected = Double(text.hasPrefix(".") ? "0" + text : text)
            guard let value = DecimalText.exact(text) else { continue }
            fast += 1
            #expect(value == expected && value.sign == expected?.sign, "\(text)")
            #expect(DecimalText.parse(text) == expected, "\(text)")
            // In a description's XML only digits with at most one inner dot are numbers.
            let plain = text.wholeMatch(of: /[0-9]+(\.[0-9]+)?/) != nil
            #expect(DescriptionBuilder.xmlNumber(text) == (plain ? expected : nil), "\(text)")
        }
        #expect(fast > 1_000)
        // A plain decimal too large for a Double is the largest one, not infinity (not a bad value).
        #expect(DescriptionBuilder.xmlNumber(String(repeating: "9", count: 400)) == .greatestFiniteMagnitude)
        #expect(DescriptionBuilder.xmlNumber("12345678901234567890.5") == 12_345_678_901_234_567_890.5)
        #expect(DecimalText.exact("12345678901234567890") == nil)
        #expect(DecimalText.parse("12345678901234567890") == 12_345_678_901_234_567_890)
    }

    @Test func startTagSearchAgreesWithAByteWalk() {
        var generator = SplitMix(seed: 11)
        for _ in 0..<300 {
            let count = Int(generator.next() % 90)
            let bytes = (0..<count).map { _ in generator.next() % 5 == 0 ? UInt8(ascii: "<") : UInt8(ascii: "a") }
            var tracker = PositionTracker(bytes: bytes)
            let cursor = count == 0 ? 0 : Int(generator.next() % UInt64(count))
            _ = tracker.locate(cursor)
            for offset in 0..<(count + 3) {
                var expected: Int? = nil
                var i = min(offset, count - 1)
                while i >= cursor {
                    if bytes[i] == UInt8(ascii: "<") {
                        expected = i
                        break
                    }
                    i -= 1
                }
                #expect(tracker.lastTagOpen(atOrBefore: offset) == expected)
            }
        }
    }

    @Test func blankScalarsAreExactlyUnicodeWhiteSpace() {
        var differences: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isBlank != scalar.properties.isWhitespace { differences.append(value) }
        }
        #expect(differences.isEmpty)
    }

    @Test func blockwiseLocationsMatchCountingByteByByte() {
        // Text with newlines, CRLF, lone CRs, ASCII and two-, three- and four-byte UTF-8, located at increasing
        // offsets that fall anywhere, including inside a block and at its edges, with steps both
        // shorter and longer than the sixteen-byte blocks the counts are made in.
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("<".utf8), Array("é".utf8),
            Array("친".utf8), Array("😀".utf8), Array("\t".utf8), Array("\n\n".utf8), Array("\r".utf8),
            Array("\r\r\n".utf8),
        ]
        var generator = SplitMix(seed: 7)
        for round in 0..<300 {
            let longestStep: UInt64 = round % 2 == 0 ? 13 : 80
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 200) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            var tracker = PositionTracker(bytes: bytes)
            var offset = 0
            while offset <= bytes.count {
                // LF, CRLF and a lone CR each end a line.
                var line = 1
                var column = 1
                var afterCR = false
                for b in bytes[..<offset] {
                    if b == 0x0D || (b == 0x0A && !afterCR) {
                        line += 1
                        column = 1
                    } else if b & 0xC0 != 0x80 && b != 0x0A {
                        column += 1
                    }
                    afterCR = b == 0x0D
                }
                #expect(tracker.locate(offset) == SourceLocation(line: line, column: column))
                offset += 1 + Int(generator.next() % longestStep)
            }
        }
    }

    @Test(arguments: [true, false])
    func compactGraphFindsWhatTheFullOneFinds(modalRestoresFocus: Bool) throws {
        // Links to screens read later, earlier, never and to themselves; hidden links; sheets; a
        // duplicate screen id; tap-gesture capture; a transition set by the description.
        let xml = """
            <app transition="0.5">
              <screen id="home" root="true" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <List>
                  <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
                  <NavigationLink id="b" destination="detail"><Text>B</Text></NavigationLink>
                  <NavigationLink id="c" destination="nowhere" focus="c"><Text>C</Text></NavigationLink>
                  <NavigationLink id="d" destination="later" focus="d" capture="gesture"><Text>D</Text></NavigationLink>
                  <Button id="e" sheet="search" focus="e" label="검색"/>
                  <Button id="f" push="home" focus="f" label="처음으로"/>
                  <Button id="g" push="ghost" hidden="true" label="숨김"/>
                  <NavigationLink id="dupl" destination="nowhere2"><Text>D1</Text></NavigationLink>
                  <NavigationLink id="dupl" destination="detail"><Text>D2</Text></NavigationLink>
                  <NavigationLink id="dupl" destination="later"><Text>D3</Text></NavigationLink>
                </List>
              </screen>
              <screen id="detail" restore-delay="0.2" restore-focus="on-appear" capture="none">
                <Button id="back" push="home" label="홈"/>
                <Button id="x" push="missing" focus="x" label="없음"/>
                <Button id="root" pop-to-root="true" label="처음"/>
              </screen>
              <screen id="search"><Button id="s" push="detail" label="결과"/></screen>
              <screen id="detail"><Button id="dup" push="later" label="중복"/></screen>
              <screen id="later" restore-focus="on-appear" restore-delay="0.7" capture="gesture">
                <Button id="l" push="home" focus="l" label="L"/>
                <Button id="m" push="never" label="M"/>
              </screen>
              <screen id="orphan"><Button id="o" push="later" label="O"/></screen>
            </app>
            """
        var full = Configuration()
        full.modalRestoresFocus = modalRestoresFocus
        var compact = full
        compact.keepsJourneys = false
        let a = audit(xml, configuration: full)
        let b = audit(xml, configuration: compact)
        #expect(a.findings == b.findings)
        #expect(Set(a.findings.map(\.rule)).count >= 6)
        // One path, three links: the first goes nowhere (so it has no journey to lose focus on); the
        // second and third share a path and are still two elements, each reported.
        let unbound = b.findings.filter { $0.rule == RuleID.unboundFocusTarget && $0.element.hasSuffix("[dupl]") }
        #expect(unbound.map(\.location.line) == [12, 13])
        #expect(b.journeys.allSatisfy { $0.isLost || $0.unreliable })
        #expect(b.graph.links.count < a.graph.links.count)
    }

    @Test func compactGraphFindsWhatTheFullOneFindsInTheSamples() throws {
        var compact = Configuration()
        compact.keepsJourneys = false
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples").path
        let full = Auditor.audit(paths: [samples], configuration: Configuration())
        let small = Auditor.audit(paths: [samples], configuration: compact)
        #expect(full.files.count >= 8)
        #expect(full.findings.count > 30)
        #expect(full.findings == small.findings)
    }

    @Test func stringTableMatchesStringsAsSwiftComparesThem() {
        var table = StringTable()
        // Canonically equivalent spellings, ASCII or not, get one number; the three non-ASCII
        // characters equal to ASCII ones meet their ASCII spelling whichever comes first.
        let groups: [[String]] = [
            ["s0"], ["caf\u{E9}", "cafe\u{301}"], ["\u{212A}elvin", "Kelvin"], ["a;b", "a\u{37E}b"],
            ["x`", "x\u{1FEF}"], ["친구"], ["\u{1100}\u{1161}", "가"], [""], ["screen[s0]/List[1]/Button[ok]"],
        ]
        for (n, group) in groups.enumerated() {
            #expect(table.add(group[0]) == (n, true))
            for spelling in group {
                #expect(table.add(spelling) == (n, false))
                #expect(table.number(of: spelling) == n)
                #expect(table.contains(spelling))
            }
        }
        #expect(table.count == groups.count)
        #expect(table.number(of: "s1") == nil)
        #expect(table.number(of: "Kelvin\u{301}") == nil)
        // Growing keeps every number, and agrees with a dictionary on thousands of near names.
        var reference: [String: Int] = [:]
        for i in 0..<5000 {
            let key = i % 3 == 0 ? "screen-\(i % 1700)" : "화면\(i % 900)"
            let expected = reference[key] ?? reference.count
            let isNew = reference[key] == nil
            reference[key] = expected
            #expect(table.add(key) == (expected + groups.count, isNew))
        }
        for (key, number) in reference { #expect(table.number(of: key) == number + groups.count) }
    }

    @Test func stringTableSaysWhetherItKeepsAKeyAsWritten() {
        // `addSpelled` gives `add`'s number, and says the key is kept as written exactly when the
        // stored key has the key's bytes (what a screen record compared before reading an id back
        // from its key).
        var table = StringTable()
        var reference = StringTable()
        var generator = SplitMix(seed: 45)
        let spellings = ["Kelvin", "\u{212A}elvin", "a;b", "a\u{37E}b", "x`", "x\u{1FEF}", "caf\u{E9}", "cafe\u{301}", "\u{FFFF}", ""]
        for i in 0..<4000 {
            let key = i % 7 == 0 ? spellings[i % spellings.count] : Self.randomKey(&generator)
            let (number, isNew, asWritten) = table.addSpelled(key)
            let expected = reference.add(key)
            #expect(number == expected.number && isNew == expected.isNew, "\(key.unicodeScalars.map { $0.value })")
            #expect(
                !asWritten || Array(table.storedKey(number).utf8) == Array(key.utf8), "\(key.unicodeScalars.map { $0.value })")
            if key.utf8.allSatisfy({ $0 < 0x80 }) { #expect(asWritten, "\(key)") }
        }
    }

    @Test func pathsBuiltFromBytesMatchStringsBuiltPieceByPiece() {
        for number in [0, 7, 10, 99, 1000, -42, Int.max, Int.min + 1] {
            #expect(UTF8Builder.build { $0.append(decimal: number) } == String(number))
        }
        // Past the buffer on the stack, the pieces go on in order.
        let long = String(repeating: "화면/", count: 100)
        let built = UTF8Builder.build { out in
            out.append("screen[")
            out.append(long)
            out.append(byte: 0x5D)
            out.append(decimal: 12)
        }
        #expect(built == "screen[" + long + "]12")
        #expect(ElementPath.screen(id: "a/b[c]", index: 3) == "screen[a\\/b\\[c\\]]")
        #expect(ElementPath.screen(id: "", index: 3) == "screen[4]")
        #expect(
            ElementPath.child(of: "screen[s]/List[1]", type: "Button", id: "ok/no", ordinal: 2)
                == "screen[s]/List[1]/" + ElementPath.step(type: "Button", id: "ok/no", ordinal: 2))
        #expect(ElementPath.child(of: "screen[s]", type: "Text", id: nil, ordinal: 3) == "screen[s]/Text[3]")
    }

    @Test func utf8SetMatchesStringsAsSwiftComparesThem() {
        var set = UTF8Set()
        var reference = Set<String>()
        let spellings = [
            "screen[s]/Button[a]", "screen[s]/Button[\u{212A}]", "screen[s]/Button[K]", "caf\u{E9}", "cafe\u{301}",
            "", "화면/버튼", "a;b", "a\u{37E}b",
        ]
        var generator = SplitMix(seed: 3)
        for i in 0..<6000 {
            let text = i < spellings.count ? spellings[i] : "screen[s\(generator.next() % 2000)]/List[1]/Link[\(i % 7)]"
            var bytes = Array(text.utf8)
            let inserted = bytes.withUnsafeMutableBufferPointer { set.insert(UnsafeBufferPointer($0)) }
            #expect(inserted == reference.insert(text).inserted, "\(text)")
        }
    }

    /// `ReportedElements` keeps an ASCII path (or one with an ASCII equivalent) as a hash and a
    /// finding's number, found again through the finding list's bytes: it must answer as a set of
    /// the path and location compared as Swift compares strings (`UTF8Set` on both together, as
    /// `unbound_focus_target` used). Kelvin signs, a Greek question mark, composed and decomposed
    /// accents, Hangul, the same path at other locations, lines past 32 bits.
    @Test func reportedElementsAnswerAsASetOfPathsAndLocations() {
        let paths = [
            "screen[s]/Button[a]", "screen[s]/Button[\u{212A}]", "screen[s]/Button[K]", "screen[caf\u{E9}]/Link[1]",
            "screen[cafe\u{301}]/Link[1]", "", "화면/버튼", "a;b", "a\u{37E}b", "a\u{37E}\u{212A}", "a;K",
        ]
        let lines = [1, 2, 40, Int(Int32.max), Int(Int32.max) + 5]
        var generator = SplitMix(seed: 73)
        for round in 0..<20 {
            var reported = ReportedElements()
            var reference = UTF8Set()
            var list = FindingList()
            // Findings of other rules in the list too.
            list.append(
                Finding(rule: "other", severity: .warning, location: SourceLocation(line: 1, column: 1), element: paths[0], message: "m"))
            for i in 0..<(round == 0 ? 6_000 : 300) {
                let path =
                    generator.next() % 3 == 0
                    ? "screen[s\(generator.next() % 500)]/List[1]/Link[\(i % 7)]"
                    : paths[Int(generator.next() % UInt64(paths.count))]
                let location = SourceLocation(
                    line: lines[Int(generator.next() % UInt64(lines.count))], column: Int(generator.next() % 3) + 1)
                var key = Array(path.utf8)
                key.append(0)
                key.append(contentsOf: "\(location.line):\(location.column)".utf8)
                let expected = key.withUnsafeBufferPointer { reference.insert($0) }
                let bytes = Array(path.utf8)
                let inserted = bytes.withUnsafeBufferPointer { reported.insert($0, at: location, reportedIn: list) }
                #expect(inserted == expected, "\(path) \(location)")
                if inserted {
                    list.append(
                        Finding(rule: "unbound", severity: .error, location: location, element: path, message: "\(i)"))
                }
            }
        }
    }

    @Test func trimmingShortcutsAgreeWithTheScalarWalk() {
        let ends = [
            "", " ", "\t", "\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}", "\u{2028}", "\u{202F}",
            "\u{205F}", "\u{3000}", "a", "é", "친", "…", "\u{2029}x", "😀",
        ]
        for head in ends {
            for tail in ends {
                for middle in ["", "친구 1-0", "A b", "\u{3000}"] {
                    let text = head + middle + tail
                    #expect(text.trimmingWhitespace() == Substring(text).trimmingWhitespace(), "\(Array(text.unicodeScalars))")
                    let general = !text.unicodeScalars.contains { !$0.isBlank }
                    #expect(text.isBlank == general, "\(Array(text.unicodeScalars))")
                }
            }
        }
    }

    /// The UTF-8 bytes a JSON `\u` escape is decoded to are the string's own, for every scalar
    /// value (the surrogates, which are never a scalar, excepted).
    @Test func escapedScalarsAreEncodedAsStringsSpellThem() {
        for value in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(value) {
            var out: [UInt8] = [0x61]
            JSONParser.appendUTF8(of: value, to: &out)
            let expected = [0x61] + Array(String(Unicode.Scalar(value)!).utf8)
            if out != expected {
                Issue.record("U+\(String(value, radix: 16)): \(out) instead of \(expected)")
                return
            }
        }
    }

    /// A string with `\u` escapes of every length and surrogate pairs reads as the same text.
    @Test func unicodeEscapesReadAsTheirText() throws {
        let json = #"["a\u0041\u00e9\u07FF\u0800\uAC00\uffff\ud83d\ude00\udbff\udfff\u0000z", "\u002F\"\n"]"#
        guard case .success(.array(let items, _)) = JSONParser.parse(Array(json.utf8)), items.count == 2,
            case .string(let first) = items[0], case .string(let second) = items[1]
        else {
            Issue.record("not parsed as an array of two strings")
            return
        }
        #expect(first == "aAé\u{7FF}\u{800}가\u{FFFF}😀\u{10FFFF}\u{0}z")
        #expect(second == "/\"\n")
    }

    /// Unknown attribute names are measured against the known ones once per name and per kind of
    /// element: every repeat gets the message a fresh search gives, on the app, screens and views,
    /// in XML and in JSON (whose known names are spelt in camelCase).
    @Test func repeatedUnknownAttributesGetTheUncachedSuggestion() {
        let names = ["lable", "hnt", "restore-focs", "acessibility-identifer", "zzzz", "destinaton", "focus-", "Label"]
        var screens = ""
        var objects: [String] = []
        for i in 0..<3 {
            for name in names {
                screens += "<screen id=\"s\(i)-\(name)\" \(name)=\"1\"><Button id=\"b\" label=\"B\" \(name)=\"x\"/></screen>"
                objects.append(
                    "{\"id\": \"s\(i)-\(name)\", \"\(name)\": \"1\", \"body\": [{\"view\": \"Button\", \"id\": \"b\", "
                        + "\"label\": \"B\", \"\(name)\": \"x\"}]}")
            }
        }
        let xml = audit("<app lable=\"1\" nme=\"x\">" + screens + "</app>")
        let json = Auditor.audit(
            source: ByteSource(bytes: Array(("{\"screens\": [" + objects.joined(separator: ", ") + "]}").utf8)),
            file: "test.json", explicit: true, configuration: Configuration())
        for (file, dialect) in [(xml, DescriptionBuilder.Dialect.xml), (json, .json)] {
            let unknown = file.findings.filter { $0.message.hasPrefix("unknown ") }
            #expect(unknown.count == (dialect == .xml ? 2 : 0) + 3 * names.count * 2, "\(dialect)")
            // A kebab-case JSON key gets a message of its own (keys are camelCase), not searched.
            for finding in unknown where !finding.message.contains("JSON keys are camelCase") {
                // The element and the name are read back from the message; the suggestion is searched afresh.
                let parts = finding.message.split(separator: "'", omittingEmptySubsequences: false)
                let name = String(parts[1])
                let on = String(parts[2].dropFirst(" on ".count).prefix { $0 != ";" })
                let element = on.trimmingCharacters(in: ["<", ">"])
                let known: Set<String> =
                    element == "app"
                    ? DescriptionBuilder.appAttributes
                    : element == "screen" ? DescriptionBuilder.screenAttributes : DescriptionBuilder.viewAttributes
                let word = dialect == .json ? "key" : "attribute"
                let fresh = InvalidDescriptionMessage.unknownAttribute(
                    name, word: word, on: on, known: known.map { dialect.spell($0) })
                #expect(finding.message == fresh)
            }
        }
    }

    /// Texts folded as scalars fold to what their characters fold to, and shown and spoken texts
    /// are placed as the comparison of characters places them, on random texts of letters, digits,
    /// Hangul syllables and jamo, marks, emoji with modifiers, joiners and variation selectors,
    /// circled letters and digits, symbols and spaces.
    @Test func labelInNameScalarFoldAgreesWithCharacters() {
        typealias Rule = LabelNotInNameRule
        let pieces = [
            "a", "B", "z", "Z", "0", "9", " ", "-", ",", "\n", "\r\n", "가", "힣", "전송", "\u{1100}", "\u{1161}", "\u{11A8}",
            "e\u{301}", "\u{301}", "é", "😀", "👍", "\u{1F3FD}", "\u{200D}", "\u{FE0F}", "\u{200C}", "Ⓐ", "①", "²", "©", "€",
            "—", "«", "\u{3000}", "\u{A0}", "ß", "İ", "Σ", "ς", "漢", "カ", "\u{600}", "🇰", "🇷", "№", "٣", "\u{E0041}",
        ]
        var generator = SplitMix(seed: 36)
        func text() -> String {
            var t = ""
            for _ in 0..<Int(generator.next() % 10) { t += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return t
        }
        var fast = 0
        for _ in 0..<20_000 {
            let shown = text()
            let spoken = generator.next() % 3 == 0 ? shown + text() : generator.next() % 2 == 0 ? text() + shown : text()
            if let scalars = Rule.foldedScalars(shown) {
                fast += 1
                let characters = scalars.map { Character(Unicode.Scalar($0)!) }
                #expect(characters == Rule.fold(shown), "\(Array(shown.unicodeScalars))")
            }
            #expect(
                Rule.compare(shown: shown, spoken: spoken) == Rule.compareCharacters(shown: shown, spoken: spoken),
                "\(Array(shown.unicodeScalars)) in \(Array(spoken.unicodeScalars))")
        }
        // Both paths are taken.
        #expect(fast > 2_000 && fast < 19_000, "\(fast)")
    }

    /// Attribute values with `&#38;` (libxml2's spelling of `&amp;`) are restored on bytes as the
    /// string's `replacing` restores them on characters, next to marks, prepended marks, Hangul,
    /// emoji and other references; where the bytes cannot tell, the string decides.
    @Test func ampersandRestorationAgreesWithStringReplacing() {
        let pieces = [
            "&#38;", "&#38;", "&", "#38;", "&#3", "8;", "a", " ", "가", "\u{301}", "\u{600}", "😀", "\u{200D}", ";", "\r\n",
        ]
        var generator = SplitMix(seed: 38)
        var onBytes = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 8) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let expected = text.replacing("&#38;", with: "&")
            var bytes = Array(text.utf8)
            let value = bytes.withUnsafeMutableBytes { XMLEventReceiver.value(UnsafeRawBufferPointer($0)) }
            #expect(Array(value.utf8) == Array(expected.utf8), "\(Array(text.unicodeScalars))")
            if bytes.withUnsafeMutableBytes({ XMLEventReceiver.ampersandsRestored(UnsafeRawBufferPointer($0)) }) != nil {
                onBytes += 1
            }
        }
        #expect(onBytes > 10_000, "\(onBytes)")
    }

    /// Trait lists are split on bytes as on characters, for ASCII text with every kind of white
    /// space (CR LF included); other text is left to the characters.
    @Test func asciiTraitWordsAgreeWithCharacterSplit() {
        let pieces = ["button", "header", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "x", "\u{85}", "\u{A0}", "탭", "e\u{301}"]
        var generator = SplitMix(seed: 39)
        var onBytes = 0
        for _ in 0..<10_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 7) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let expected = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            if let words = DescriptionBuilder.asciiWords(text) {
                onBytes += 1
                #expect(words.map { Array($0.utf8) } == expected.map { Array($0.utf8) }, "\(Array(text.unicodeScalars))")
            } else {
                #expect(text.utf8.contains { $0 >= 0x80 })
            }
        }
        #expect(onBytes > 2_000, "\(onBytes)")
    }

    /// Hangul syllables are folded without asking their properties: none changes when case folded.
    @Test func hangulSyllablesHaveNoCaseFolding() {
        for value in UInt32(0xAC00)...0xD7A3 {
            #expect(!Unicode.Scalar(value)!.properties.changesWhenCaseFolded, "U+\(String(value, radix: 16))")
        }
        #expect("전송 버튼 ABC".caseFolded() == "전송 버튼 abc")
    }

    /// Random screens of controls whose labels, ids and focus values are drawn from `pieces`
    /// (ASCII of both cases, Hangul, combining marks, the Kelvin sign, emoji, CR LF, names long
    /// enough to be cut), read by the XML reader: the elements the message shortcuts below read.
    private static func randomControlScreens(seed: UInt64, rounds: Int) throws -> [ScreenAnalysis] {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let pieces = [
            "More", "more", "MORE", " more ", "\t더보기", "더보기", "더보기 ", "친구", "K", "k", "\u{212A}", "e\u{301}", "é", "😀",
            "👍\u{1F3FD}", "\r\n", "a&b", "\"q\"", "<", String(repeating: "가", count: 40), String(repeating: "x", count: 99),
            "y", "",
        ]
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;")
        }
        var generator = SplitMix(seed: seed)
        func pick() -> String {
            var text = ""
            for _ in 0..<(1 + Int(generator.next() % 3)) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return text
        }
        var screens: [ScreenAnalysis] = []
        for round in 0..<rounds {
            var xml = "<app>\n<screen id=\"s\" restore-focus=\"on-appear\">\n<VStack>\n"
            // Small groups (compared pair by pair) and, every fourth round, large ones (by hash).
            let count = round % 4 == 3 ? 20 + Int(generator.next() % 20) : 2 + Int(generator.next() % 8)
            for n in 0..<count {
                var attributes = "push=\"t\(generator.next() % 3)\""
                if generator.next() % 3 == 0 { attributes += " sheet=\"t\(generator.next() % 3)\"" }
                if generator.next() % 2 == 0 { attributes += " id=\"\(escaped(pick()))\"" }
                if generator.next() % 2 == 0 { attributes += " focus=\"\(escaped(pick()))\"" }
                if generator.next() % 4 == 0 { attributes += " hint=\"\(escaped(pick()))\"" }
                switch generator.next() % 4 {
                case 0: xml += "<Button \(attributes)/>\n"
                case 1: xml += "<Button \(attributes)><Text>\(escaped(pick()))</Text></Button>\n"
                default: xml += "<Button \(attributes) label=\"\(escaped(pick()))\"/>\n"
                }
                _ = n
            }
            xml += "</VStack>\n</screen>\n"
            xml += (0..<3).map { "<screen id=\"t\($0)\"><Text>t</Text></screen>\n" }.joined()
            xml += "</app>\n"
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "r.xml", sink: sink)
            screens.append(ScreenAnalysis(screen: try #require(sink.screens.first)))
        }
        return screens
    }

    /// An element's display name written from its stored bytes is its `displayName`, for names and
    /// ids short enough to be quoted whole and long enough to be cut.
    @Test func displayNamesWrittenFromBytesAreTheDisplayNames() throws {
        var long = 0
        for analysis in try Self.randomControlScreens(seed: 61, rounds: 200) {
            for element in analysis.elements {
                let written = UTF8Builder.build { element.appendDisplayName(to: &$0) }
                #expect(Array(written.utf8) == Array(element.displayName.utf8), "\(Array(element.displayName.unicodeScalars))")
                if element.withNameBytes({ ($0?.count ?? 0) > MessageText.maximumQuoteLength }) { long += 1 }
            }
        }
        #expect(long > 20, "\(long)")
    }

    /// Sibling controls grouped by their names' byte keys are grouped as the trimmed, case-folded
    /// strings group them, on random names (small groups, and large ones found by hash); groups of
    /// names without byte keys are left to the strings.
    @Test func sameNameGroupsByByteKeysAreTheGroupsOfTheFoldedNames() throws {
        typealias Rule = AmbiguousControlLabelRule
        let words = ["More", "more", " MORE", "more\t", "더보기", " 더보기", "친구", "漢字", "カナ", "K", "k", "\u{212A}", "é", "e\u{301}", "😀", "\r\n", "a b", "a  b", ""]
        var generator = SplitMix(seed: 62)
        // Large groups (compared by hash) of names that all have byte keys.
        let keyedWords = words.filter { Rule.byteKey($0) != nil }
        var keyed = 0
        var keyedWithGroups = 0
        var large = 0
        for round in 0..<5_000 {
            let isLarge = round % 10 == 9
            let pool = isLarge ? keyedWords : words
            let count = isLarge ? 17 + Int(generator.next() % 30) : 2 + Int(generator.next() % 8)
            let names = (0..<count).map { _ in
                (0..<(1 + Int(generator.next() % 2))).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }.joined()
            }
            let expected = Rule.sameNameGroups(names)
            guard let groups = Rule.sameNameGroups(byteKeysOf: names) else { continue }
            keyed += 1
            if !groups.isEmpty { keyedWithGroups += 1 }
            if isLarge { large += 1 }
            #expect(groups == expected, "\(names.map { Array($0.unicodeScalars) })")
        }
        #expect(keyed > 800 && keyedWithGroups > 500 && large == 500, "\(keyed) \(keyedWithGroups) \(large)")
        // Read in place from a screen's elements: the groups of their names' strings.
        for analysis in try Self.randomControlScreens(seed: 63, rounds: 300) {
            let members = analysis.elements.indices.filter { analysis.elements[$0].type == "Button" && analysis.elements[$0].hasName }
            let expected = Rule.sameNameGroups(members.map { analysis.elements[$0].name!.text }).map { $0.map { members[$0] } }
            #expect(Rule.sameNameGroups(members, in: analysis) == expected)
        }
    }

    /// `duplicate_focus_id` and `ambiguous_control_label` write their messages as bytes: the same
    /// bytes as the messages made by string interpolation, on random screens of repeated ids,
    /// focus values and names.
    @Test func messagesWrittenAsBytesAreTheInterpolatedMessages() throws {
        func oldDuplicate(id: (id: String, earlier: ElementInfo)?, focus: (focus: String, earlier: ElementInfo)?) -> String {
            var reasons: [String] = []
            if let (id, earlier) = id {
                reasons.append("id '\(MessageText.quoted(id))' is already used by \(earlier.displayName) at line \(earlier.node.location.line)")
            }
            if let (focus, earlier) = focus {
                reasons.append(
                    "focus value '\(MessageText.quoted(focus))' is already bound to \(earlier.displayName) at line \(earlier.node.location.line)")
            }
            return reasons.joined(separator: ", and ") + "; focus restored to this value cannot tell the elements apart"
        }
        func oldSameName(_ element: ElementInfo, goesTo places: [String], as clash: ElementInfo, goingTo clashPlaces: [String]) -> String {
            func describe(_ places: [String]) -> String { MessageText.list(places, separator: " and ") { MessageText.quoted($0) } }
            return "\(element.displayName) has the same name as \(clash.displayName) at line \(clash.node.location.line) but goes to "
                + "\(describe(places)) instead of \(describe(clashPlaces)); make the names specific or add a hint that tells them apart"
        }
        var compared = 0
        for analysis in try Self.randomControlScreens(seed: 64, rounds: 100) {
            let elements = Array(analysis.elements)
            for element in elements {
                for earlier in elements.prefix(4) {
                    let id = element.id.map { ($0, earlier) }
                    let focus = element.node.focus.map { ($0, earlier) }
                    guard id != nil || focus != nil else { continue }
                    let written = UTF8Builder.build { DuplicateFocusIDRule.shared(id: id, focus: focus, to: &$0) }
                    #expect(Array(written.utf8) == Array(oldDuplicate(id: id, focus: focus).utf8))
                    let places = element.node.navigations.map(\.target)
                    let clashPlaces = Array(repeating: "t0", count: compared % 8) + ["back"]
                    let sameName = UTF8Builder.build {
                        AmbiguousControlLabelRule.sameName(element, goesTo: places, as: earlier, goingTo: clashPlaces, to: &$0)
                    }
                    #expect(Array(sameName.utf8) == Array(oldSameName(element, goesTo: places, as: earlier, goingTo: clashPlaces).utf8))
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000, "\(compared)")
    }

    /// Suppression comments of ASCII without CR are read on their bytes as they are read on their
    /// characters: random bodies of directives, rule ids (known, unknown, repeated), commas and
    /// every kind of white space, with Hangul, combining marks (after `:` too), emoji, CR LF and
    /// Unicode-only spaces sending the rest to the characters.
    @Test func suppressionCommentsReadOnBytesAreReadAsOnCharacters() {
        let pieces = [
            "focusaudit:", "focusaudit:", "focusaudit", "disable", "disable", "-file", "disable-file", "enable", " ", " ", "\t", "\n",
            "\r\n", "\r", "\u{0B}", "\u{0C}", ",", ",", "unlabeled_control", "image_missing_label", "duplicate_focus_id", "unknown_rule",
            "x", "가", "\u{301}", "😀", "\u{3000}", "\u{A0}", "\u{85}", ":",
        ]
        var generator = SplitMix(seed: 65)
        func text(_ count: Int) -> String {
            var t = ""
            for _ in 0..<Int(generator.next() % UInt64(count)) { t += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return t
        }
        var onBytes = 0
        var directives = 0
        for _ in 0..<6_000 {
            let lead = generator.next() % 4 == 0 ? text(3) : " "
            let body = lead + (generator.next() % 5 == 0 ? "" : "focusaudit:") + text(8)
            let expected = SuppressionComment.parseCharacters(body)
            let got = SuppressionComment.parse(body)
            if SuppressionComment.isPlainASCII(body.utf8) { onBytes += 1 }
            if expected != nil { directives += 1 }
            #expect(got?.kind == expected?.kind, "\(Array(body.unicodeScalars))")
            #expect(got?.rules == expected?.rules, "\(Array(body.unicodeScalars))")
            #expect(got?.problems == expected?.problems, "\(Array(body.unicodeScalars))")
            let list = Substring(text(8))
            let (rules, problems) = SuppressionComment.ruleList(list)
            let (expectedRules, expectedProblems) = SuppressionComment.ruleListCharacters(list)
            #expect(rules == expectedRules && problems == expectedProblems, "\(Array(list.unicodeScalars))")
        }
        #expect(onBytes > 1_200 && directives > 3_000, "\(onBytes) \(directives)")
    }

    /// A finding's path and its ancestors' paths, walked on bytes for ASCII without CR, are the
    /// prefixes the walk on characters finds, with the same digest steps: random paths of steps,
    /// escaped and unescaped `/`, `\\`, `[`, digests, Hangul, marks after `/` and `\\`, emoji and
    /// CR LF.
    @Test func ancestorPathsWalkedOnBytesAreTheCharacterWalk() {
        let pieces = [
            "screen[s]", "/", "/", "\\", "\\/", "\\\\", "[", "]", "Button[a]", "VStack[1]", "[…a1b2]", "x", "가", "\u{301}", "/\u{301}",
            "\\\u{301}", "😀", "\r\n", "\r", "\n",
        ]
        var generator = SplitMix(seed: 66)
        func walk(_ path: String, _ how: (String, (String, Bool) -> Void) -> Void) -> [String] {
            var steps: [String] = []
            how(path) { prefix, isDigest in steps.append("\(isDigest) \(prefix)") }
            return steps
        }
        var onBytes = 0
        for _ in 0..<20_000 {
            var path = ""
            for _ in 0..<Int(generator.next() % 9) { path += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let expected = walk(path, SuppressionIndex.forEachAncestorPathOfCharacters)
            #expect(walk(path, SuppressionIndex.forEachAncestorPath) == expected, "\(Array(path.unicodeScalars))")
            if SuppressionComment.isPlainASCII(path.utf8) {
                onBytes += 1
                #expect(walk(path, SuppressionIndex.forEachAncestorPathOfASCII) == expected, "\(Array(path.unicodeScalars))")
            }
        }
        #expect(onBytes > 2_000, "\(onBytes)")
    }

    /// Findings whose messages end with a shared tail, start with a shared head, or both, read back
    /// as the same findings stored whole: by index, borrowed (as reporters read them), after joining
    /// lists, sorting and removing, on random messages of Hangul, combining marks, emoji and CR LF
    /// cut anywhere, even inside a character; with more distinct heads than a list numbers (300),
    /// the later ones are stored whole.
    @Test func messagesWithSharedTailsReadBackWhole() {
        let pieces = ["u1", " goes to ", "f2", "가", "전송", "\u{301}", "e\u{301}", "😀", "👍\u{1F3FD}", "\r\n", "\"", "/", "x"]
        let tails = [" from a screen that restores focus; add focus=\"…\"", " — 끝\u{301}", "\u{301}tail", "😀"]
        var generator = SplitMix(seed: 67)
        func text(_ count: Int) -> String {
            var t = ""
            for _ in 0..<Int(generator.next() % UInt64(count)) { t += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return t
        }
        func borrowed(_ list: FindingList) -> [[UInt8]] {
            var all: [[UInt8]] = []
            list.forEachBorrowed { all.append(Array($0.message) + [0] + Array($0.element)) }
            return all
        }
        for _ in 0..<200 {
            var whole = FindingList()
            var split = FindingList()
            var wholeOther = FindingList()
            var splitOther = FindingList()
            for n in 0..<Int(generator.next() % 40) {
                let element = Array(("screen[s]/" + text(3)).utf8)
                let head = Array(text(5).utf8)
                let tail: [UInt8] = generator.next() % 4 == 0 ? [] : Array(tails[Int(generator.next() % UInt64(tails.count))].utf8)
                // Cut anywhere in the bytes, inside a character too.
                let message = head + tail
                let cut = Int(generator.next() % UInt64(message.count + 1))
                // A head, before a second cut, on every other finding; now and then one of 300.
                let headCut: Int? =
                    generator.next() % 2 == 0 ? nil : Int(generator.next() % UInt64(cut + 1))
                let manyHeads = generator.next() % 8 == 0
                let message2 = manyHeads ? Array("head \(generator.next() % 300) ".utf8) + message : message
                let cut2 = manyHeads ? cut + message2.count - message.count : cut
                let headCut2 = manyHeads ? (headCut ?? 0) + message2.count - message.count : headCut
                let rule = generator.next() % 2 == 0 ? "unbound_focus_target" : "unlabeled_control"
                let location = SourceLocation(line: Int(generator.next() % 50) + 1, column: Int(generator.next() % 5) + 1)
                let other = n % 3 == 0
                element.withUnsafeBufferPointer { element in
                    message2.withUnsafeBufferPointer { message in
                        if other {
                            wholeOther.append(
                                rule: rule, severity: .warning, file: "", location: location, element: element, message: message,
                                uniqueMessage: true)
                        } else {
                            whole.append(
                                rule: rule, severity: .warning, file: "", location: location, element: element, message: message,
                                uniqueMessage: true)
                        }
                        let start = headCut2 ?? 0
                        let sharedHead = headCut2.map { UnsafeBufferPointer(rebasing: message[..<$0]) }
                        let head = UnsafeBufferPointer(rebasing: message[start..<cut2])
                        let tail = UnsafeBufferPointer(rebasing: message[cut2...])
                        if other {
                            splitOther.append(
                                rule: rule, severity: .warning, file: "", location: location, element: element, message: head,
                                uniqueMessage: true, sharedTail: tail, sharedHead: sharedHead)
                        } else {
                            split.append(
                                rule: rule, severity: .warning, file: "", location: location, element: element, message: head,
                                uniqueMessage: true, sharedTail: tail, sharedHead: sharedHead)
                        }
                    }
                }
            }
            #expect(Array(split) == Array(whole))
            #expect(borrowed(split) == borrowed(whole))
            whole.append(contentsOf: wholeOther)
            split.append(contentsOf: splitOther)
            #expect(Array(split) == Array(whole))
            whole.sortInReportOrder()
            split.sortInReportOrder()
            #expect(Array(split) == Array(whole))
            #expect(borrowed(split) == borrowed(whole))
            whole.removeAll { $0.rule == "unlabeled_control" }
            split.removeAll { $0.rule == "unlabeled_control" }
            #expect(borrowed(split) == borrowed(whole))
        }
    }

    /// `missing_restoration_delay`, `unreliable_focus_capture` and `ambiguous_control_label` name
    /// their screen or control and end the same way in every finding: the list stores that end
    /// once, so each more screen costs its element paths and the messages' particular starts only,
    /// and the messages read back whole, as the rules' string messages give them.
    @Test func messagesThatNameTheirElementStoreTheirFixedEndOnce() {
        func description(_ screens: Int) -> String {
            var xml = "<app name=\"T\" transition=\"0.35\">\n"
            for i in 0..<screens {
                xml += """
                     <screen id="s\(i)" title="화면 \(i)" restore-focus="on-appear" restore-delay="0.1" capture="gesture">
                      <VStack>
                       <Button id="a\(i)" label="같은 이름" push="s\((i + 1) % screens)" focus="a"/>
                       <Button id="b\(i)" label="같은 이름" push="s\((i + 2) % screens)" focus="b"/>
                      </VStack>
                     </screen>

                    """
            }
            return xml + "</app>\n"
        }
        let rules: Set = [RuleID.missingRestorationDelay, RuleID.unreliableFocusCapture, RuleID.ambiguousControlLabel]
        /// Bytes of message text stored, and the messages' own bytes.
        func messageBytes(_ screens: Int) -> (stored: Int, whole: Int) {
            let findings = audit(description(screens)).findings
            // These rules' findings and no others.
            #expect(Set(findings.map(\.rule)) == rules)
            #expect(findings.count == 3 * screens)
            for finding in findings where finding.rule == RuleID.missingRestorationDelay {
                let id = finding.element.dropFirst("screen[".count).dropLast()
                #expect(
                    finding.message
                        == MissingRestorationDelayRule.tooEarly(
                            screenID: String(id), delay: 0.1, transition: 0.35, in: .description))
            }
            for finding in findings where finding.rule == RuleID.unreliableFocusCapture {
                let id = finding.element.dropFirst("screen[".count).dropLast()
                #expect(
                    finding.message
                        == "\(id) (\"화면 \(id.dropFirst())\") records the activated control with a tap gesture "
                        + "(capture=\"gesture\"), which VoiceOver activation can skip, so focus is sometimes lost on "
                        + "return; record it through the link's binding (capture=\"binding\")")
            }
            for finding in findings where finding.rule == RuleID.ambiguousControlLabel {
                #expect(finding.message.hasSuffix("; make the names specific or add a hint that tells them apart"))
            }
            let paths = findings.reduce(0) { $0 + $1.element.utf8.count }
            return (findings.storedTextBytes - paths, findings.reduce(0) { $0 + $1.message.utf8.count })
        }
        let small = messageBytes(100)
        let large = messageBytes(200)
        // The three messages are more than 500 bytes a screen; stored, under 150.
        #expect((large.whole - small.whole) / 100 > 500)
        #expect((large.stored - small.stored) / 100 < 150)
    }

    /// `duplicate_focus_id`'s message ends the same way every time: that end is stored once, and a
    /// start two findings share (two later elements bound to the value of the same earlier one) is
    /// stored once too. The messages read back as the rule writes them.
    @Test func duplicateFocusMessagesStoreTheirFixedEndOnce() {
        func description(_ groups: Int) -> String {
            var xml = "<app name=\"T\">\n<screen id=\"s\" title=\"화면\">\n<VStack>\n"
            for g in 0..<groups {
                xml += "<Button id=\"a\(g)\" label=\"첫 번째 항목 \(g)\" focus=\"f\(g)\"/>\n"
                xml += "<Button id=\"b\(g)\" label=\"두 번째 \(g)\" focus=\"f\(g)\"/>\n"
                xml += "<Button id=\"c\(g)\" label=\"세 번째 \(g)\" focus=\"f\(g)\"/>\n"
            }
            return xml + "</VStack>\n</screen>\n</app>\n"
        }
        let end = "; focus restored to this value cannot tell the elements apart"
        func messageBytes(_ groups: Int) -> (stored: Int, whole: Int) {
            let findings = audit(description(groups)).findings
            #expect(Set(findings.map(\.rule)) == [RuleID.duplicateFocusID])
            #expect(findings.count == 2 * groups)
            for (n, finding) in findings.enumerated() {
                let g = n / 2
                #expect(
                    finding.message == "focus value 'f\(g)' is already bound to \"첫 번째 항목 \(g)\" (a\(g)) at line \(4 + 3 * g)\(end)")
            }
            let paths = findings.reduce(0) { $0 + $1.element.utf8.count }
            return (findings.storedTextBytes - paths, findings.reduce(0) { $0 + $1.message.utf8.count })
        }
        let small = messageBytes(100)
        let large = messageBytes(200)
        // Two messages of about 140 bytes a group, the same one twice: stored, one start of about 80.
        #expect((large.whole - small.whole) / 100 > 250)
        #expect((large.stored - small.stored) / 100 < 100)
    }

    /// Numbers of hundredths (delays, transitions) are written without `String(Double)`, and
    /// exactly as it writes them: every hundredth from -30 to 30, random ones up to ±10,000, and
    /// values that are not hundredths (left to the general way).
    @Test func hundredthsAreWrittenAsStringOfDoubleWritesThem() {
        var values = (-3_000...3_000).map { Double($0) / 100 }
        var generator = SplitMix(seed: 71)
        for _ in 0..<20_000 { values.append(Double(Int(generator.next() % 2_000_000) - 1_000_000) / 100) }
        for value in values where value != value.rounded() {
            #expect(Format.hundredths(value) == Format.general(value), "\(value)")
        }
        for value in [0.001, 0.125, 1.0 / 3, 0.35 + 1e-12, 10_000.5, -10_000.25, 1e-7, .pi] {
            #expect(Format.hundredths(value) == nil, "\(value)")
            #expect(Format.number(value) == Format.general(value))
        }
        #expect(Format.number(0.35) == "0.35" && Format.number(0.1) == "0.1" && Format.number(-0.05) == "-0.05")
        #expect(Format.seconds(0.6) == "0.6 s" && Format.number(2) == "2")
    }
}

// MARK: - Lost outcomes kept once

extension FastPathTests {
    /// A compact graph keeps the journeys that lose focus; journeys that end alike share one array
    /// of causes, also when the links of a screen alternate between focus values and across
    /// screens, and each journey's outcome is the one worked out for its link.
    @Test func lostOutcomesThatEndAlikeShareTheirCauses() throws {
        var xml = "<app>\n"
        let screens = 40
        for s in 0..<screens {
            xml += "<screen id=\"s\(s)\" restore-focus=\"on-appear\" restore-delay=\"0.1\" capture=\"binding\"\(s == 0 ? " root=\"true\"" : "")>\n<VStack>\n"
            for k in 0..<12 {
                // Two elements share each focus value of f0, f1 and f2; f3 is the element's own.
                let focus = k % 4 == 3 ? "own\(k)" : "f\(k % 4)"
                xml += "<Button id=\"b\(k)\" label=\"Go \(k)\" focus=\"\(focus)\" push=\"s\((s + k + 1) % screens)\"/>\n"
            }
            xml += "</VStack>\n</screen>\n"
        }
        xml += "</app>\n"
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let sink = Sink()
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "lost.xml", sink: sink)
        #expect(sink.screens.count == screens)
        let settings = SimulationSettings()
        var graph = NavigationGraph(compactWith: settings)
        for screen in sink.screens { graph.add(ScreenAnalysis(screen: screen)) }
        graph.resolveTargets()
        let journeys = graph.takeCompactJourneys()
        #expect(journeys.count == screens * 12)
        var buffers = Set<UInt>()
        for journey in journeys {
            guard case .lost(let causes) = journey.outcome else {
                Issue.record("\(journey.link.elementPath) does not lose focus")
                continue
            }
            causes.withUnsafeBufferPointer { buffers.insert(UInt(bitPattern: $0.baseAddress)) }
            // The outcome the simulator works out for the link alone.
            let screen = graph.screens[journey.link.screen]
            #expect(journey.outcome == Simulator.outcome(of: LinkFacts(journey.link), on: screen, settings: settings).outcome)
        }
        // Shared focus values and an element's own: two different outcomes in the whole file.
        #expect(buffers.count <= 4, "\(buffers.count) arrays of causes for \(journeys.count) journeys")
    }
}
