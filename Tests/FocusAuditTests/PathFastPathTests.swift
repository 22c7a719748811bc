import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// The shortcuts taken for element paths, screen paths, white space and digests give what the
/// general code they replace gives.
@Suite struct PathFastPathTests {
    final class Sink: DescriptionSink {
        var screens: [Screen] = []
        func didReadHeader(_ header: AppHeader) {}
        func didReadScreen(_ screen: Screen) { screens.append(screen) }
    }

    /// `longPath(of:)`, made as written before: each parent's path (kept) joined with the element's
    /// step as a string.
    final class JoinedPaths {
        var kept: [Int: String] = [:]
        func path(of index: Int, in analysis: ScreenAnalysis, isParent: Bool = false) -> String {
            if let known = kept[index] { return known }
            let node = analysis.elements[index]
            let parent = node.parent.map { path(of: $0, in: analysis, isParent: true) } ?? analysis.screen.path
            let joined = ElementPath.joined(parent, step: node.pathStep)
            if isParent { kept[index] = joined }
            return joined
        }
    }

    /// Deep nesting with long, escaped and non-ASCII ids and types, asked in random orders: every
    /// element's long path is the one joined step by step, and so is every path `path(of:)` gives.
    @Test func longPathsWrittenInPlaceAreThePathsJoinedStepByStep() throws {
        var generator = SplitMix(seed: 61)
        let ids = [
            "", "", "", "a", "row-7", "가나다", "x/y", "[1]", "back\\slash", "caf\u{E9}", "e\u{301}",
            String(repeating: "w", count: 230), String(repeating: "한", count: 90), String(repeating: "/", count: 120),
        ]
        let types = ["VStack", "HStack", "Group", "MyView", "카드", String(repeating: "T", count: 210)]
        for round in 0..<12 {
            var xml = "<app>\n<screen id=\"s\(round)\">\n"
            var open: [String] = []
            let depth = 20 + Int(generator.next() % 130)
            for level in 0..<depth {
                let type = types[Int(generator.next() % UInt64(types.count))]
                let id = ids[Int(generator.next() % UInt64(ids.count))]
                xml += "<\(type)\(id.isEmpty ? "" : " id=\"\(id)\"")>\n"
                open.append(type)
                // Siblings along the way, some with children of their own.
                if level % 3 == 0 { xml += "<Text id=\"\(ids[level % ids.count])\">t</Text>\n" }
                if level % 7 == 0 { xml += "<HStack><Button label=\"b\"/></HStack>\n" }
            }
            xml += "<Button label=\"bottom\"/>\n"
            for type in open.reversed() { xml += "</\(type)>\n" }
            xml += "</screen>\n</app>\n"
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "deep.xml", sink: sink)
            let fast = ScreenAnalysis(screen: try #require(sink.screens.first))
            sink.screens = []
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "deep.xml", sink: sink)
            let general = ScreenAnalysis(screen: try #require(sink.screens.first))
            let joined = JoinedPaths()
            var order = Array(general.elements.indices)
            // Deepest first, shallowest first or shuffled: which parents are known differs.
            switch round % 3 {
            case 0: order.reverse()
            case 1: break
            default:
                for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, Int(generator.next() % UInt64(i + 1))) }
            }
            var cuts = 0
            for index in order {
                let expected = joined.path(of: index, in: general)
                #expect(fast.longPath(of: index) == expected, "round \(round), element \(index)")
                #expect(fast.path(of: index) == expected, "round \(round), element \(index)")
                if expected.contains("/[…") { cuts += 1 }
            }
            #expect(cuts > 0, "round \(round) should shorten some paths")
            // Shortened parents can be found again from their markers.
            for index in order where joined.kept[index] != nil {
                let path = fast.longPath(of: index)
                guard let range = path.range(of: "/[…") else { continue }
                let end = try #require(path[range.upperBound...].firstIndex(of: "]"))
                let marker = String(path[..<path.index(after: end)])
                #expect(ElementPath.parent(ofShortened: marker) != nil, "\(marker)")
            }
        }
    }

    /// White space tested eight bytes at a time agrees with testing each byte, at every length and
    /// with the odd byte anywhere.
    @Test func blankTextTestAgreesWithAByteWalk() {
        var generator = SplitMix(seed: 67)
        let bytes: [UInt8] = [0x20, 0x20, 0x20, 0x20, 0x0A, 0x09, 0x0D, 0x0B, 0x0C, 0x00, 0x61, 0xA0, 0xEA, 0x21, 0x1F]
        func reference(_ text: [UInt8]) -> Bool { text.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D } }
        for round in 0..<20_000 {
            let length = round < 64 ? round : Int(generator.next() % 70)
            var text = [UInt8](repeating: 0x20, count: length)
            // Mostly spaces, with a few other bytes, or none.
            let others = Int(generator.next() % 4)
            for _ in 0..<others where length > 0 {
                text[Int(generator.next() % UInt64(length))] = bytes[Int(generator.next() % UInt64(bytes.count))]
            }
            // At an offset that is not a multiple of eight too.
            let offset = Int(generator.next() % 8)
            let padded = [UInt8](repeating: 0x78, count: offset) + text + [0x78]
            padded.withUnsafeBytes { raw in
                let slice = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)])
                #expect(XMLWhiteSpace.isBlank(slice) == reference(text), "\(text)")
            }
        }
        #expect(XMLWhiteSpace.isBlank(UnsafeRawBufferPointer(start: nil, count: 0)))
    }

    /// Whether a screen's path is `screen[ID]`, tested in the strings' bytes, is what comparing the
    /// path with `screen[` + id + `]` byte for byte says.
    @Test func plainScreenPathTestAgreesWithComparingBytes() {
        var generator = SplitMix(seed: 71)
        for _ in 0..<5_000 {
            let id = FastPathTests.randomKey(&generator)
            let other = FastPathTests.randomKey(&generator)
            let candidates = [
                "screen[" + id + "]", "screen[" + other + "]", "screen(" + id + "]", "screen[" + id + ")", "Screen[" + id + "]",
                "screen[" + id + "]x", "xscreen[" + id + "]", ElementPath.screen(id: id, index: 3), "screen[" + id.uppercased() + "]",
            ]
            for path in candidates {
                let expected = !id.isEmpty && Array(path.utf8) == Array(("screen[" + id + "]").utf8)
                #expect(ScreenSummary.isPlainPath(path, of: id) == expected, "\(path) \(id)")
            }
        }
    }

    /// Escaping tested on the id's bytes gives what escaping character by character gives.
    @Test func escapingAgreesWithTheCharacterWalk() {
        func reference(_ id: String) -> String {
            var out = ""
            for ch in id {
                if ch == "/" || ch == "[" || ch == "]" || ch == "\\" { out.append("\\") }
                out.append(ch)
            }
            return out
        }
        var generator = SplitMix(seed: 73)
        for _ in 0..<5_000 {
            let id = FastPathTests.randomKey(&generator) + FastPathTests.randomKey(&generator)
            #expect(Array(ElementPath.escape(id).utf8) == Array(reference(id).utf8), "\(id.unicodeScalars.map { $0.value })")
        }
        #expect(ElementPath.escape(String(repeating: "가", count: 40) + "]") == String(repeating: "가", count: 40) + "\\]")
    }

    /// SHA-256 of the published examples (FIPS 180-2, appendix B), and of random messages of every
    /// length around the block boundaries as the array-based version computed them.
    @Test func digestsAreSHA256() {
        func hex(_ bytes: [UInt8]) -> String {
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
        }
        #expect(hex(SHA256.digest("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.digest("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea")
        var generator = SplitMix(seed: 79)
        for length in 0..<300 {
            let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(SHA256.digest(message) == Self.arrayDigest(message), "length \(length)")
        }
    }

    /// SHA-256 as it was written with arrays (the reference for the version with unsafe buffers).
    static func arrayDigest(_ bytes: [UInt8]) -> [UInt8] {
        let k: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
        func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
        var h: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
        var message = bytes
        let bitLength = UInt64(message.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 64)
        for block in stride(from: 0, to: message.count, by: 64) {
            for t in 0..<16 {
                let b = block + t * 4
                w[t] = UInt32(message[b]) << 24 | UInt32(message[b + 1]) << 16 | UInt32(message[b + 2]) << 8 | UInt32(message[b + 3])
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, hh) = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
            for t in 0..<64 {
                let t1 = hh &+ (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                let t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) &+ ((a & b) ^ (a & c) ^ (b & c))
                (hh, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            for (i, v) in [a, b, c, d, e, f, g, hh].enumerated() { h[i] = h[i] &+ v }
        }
        return h.flatMap { word in stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt32($0)) } }
    }
}

/// Text content kept as bytes until its view closes gives the texts that strings gave.
@Suite struct TextBytesTests {
    static let pieces: [String] = [
        " ", "\n", "\t", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{2028}",
        "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "a", "Row 1", "가", "\u{E9}", "e\u{301}", "\u{200B}", "\u{2060}",
        "日", "ー", "\u{2010}", "\u{1F600}", "\u{A9}", "\u{1100}", "\u{3001}", "화",
    ]

    /// Blankness and trimming read from the bytes agree with the strings' `isBlank` and
    /// `trimmingWhitespace()` for text made of white space of every kind and other characters.
    @Test func blankAndTrimmedBytesAgreeWithTheStrings() {
        var generator = SplitMix(seed: 83)
        let store = ElementStore()
        let node = store.append(type: "Text", location: SourceLocation(line: 1, column: 1), ordinal: 1, parent: nil)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 7) { text += Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }
            var bytes = Array(text.utf8)
            let blank = bytes.withUnsafeBytes { DescriptionBuilder.isBlank($0) }
            #expect(blank == text.isBlank, "\(text.unicodeScalars.map { $0.value })")
            bytes.withUnsafeMutableBufferPointer { DescriptionBuilder.setTrimmedText(UnsafeBufferPointer($0), on: node) }
            let trimmed = text.trimmingWhitespace()
            #expect(node.text.map { Array($0.utf8) } == (trimmed.isEmpty ? nil : Array(trimmed.utf8)), "\(text.unicodeScalars.map { $0.value })")
        }
    }

    /// Views whose text comes in several events (entities, character references, CDATA sections)
    /// between their children, with and without a `text` attribute: each view's text is its own
    /// text content joined and trimmed, or the attribute when it is not blank.
    @Test func viewTextsAreTheirOwnContentJoinedAndTrimmed() throws {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        // How a piece is written in XML, and what it reads as.
        let written: [(String, String)] = [
            (" ", " "), ("\n  ", "\n  "), ("&#9;", "\t"), ("&#13;", "\r"), ("&#x85;", "\u{85}"), ("&#xA0;", "\u{A0}"),
            ("&#x3000;", "\u{3000}"), ("\u{2028}", "\u{2028}"), ("&amp;", "&"), ("&lt;b&gt;", "<b>"), ("<![CDATA[ a<b ]]>", " a<b "),
            ("Row", "Row"), ("가나", "가나"), ("\u{E9}", "\u{E9}"), ("e\u{301}", "e\u{301}"), ("ー", "ー"), ("\u{200B}", "\u{200B}"),
            ("&#xA9;", "\u{A9}"), ("\u{1100}", "\u{1100}"), ("、", "、"), ("&#x2003;", "\u{2003}"),
        ]
        var generator = SplitMix(seed: 89)
        for round in 0..<300 {
            var xml = "<app>\n<screen id=\"s\">\n"
            var expected: [String?] = []
            // Each view: text pieces around up to two childless children.
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                var own = ""
                var attribute: String?
                switch generator.next() % 4 {
                case 0: attribute = "Attr \(round)"
                case 1: attribute = " "
                default: break
                }
                xml += "<VStack\(attribute.map { " text=\"\($0)\"" } ?? "")>"
                var children: [String?] = []
                for part in 0..<3 {
                    for _ in 0..<Int(generator.next() % 4) {
                        let (source, read) = written[Int(generator.next() % UInt64(written.count))]
                        xml += source
                        own += read
                    }
                    if part < 2 && generator.next() % 2 == 0 {
                        let (source, read) = written[Int(generator.next() % UInt64(written.count))]
                        xml += "<Text>\(source)</Text>"
                        let trimmed = read.trimmingWhitespace()
                        children.append(trimmed.isEmpty ? nil : trimmed)
                    }
                }
                xml += "</VStack>\n"
                let trimmed = own.trimmingWhitespace()
                expected.append(attribute.flatMap { $0.isBlank ? nil : $0 } ?? (trimmed.isEmpty ? nil : trimmed))
                expected += children
            }
            xml += "</screen>\n</app>\n"
            // (The crew's route replays the same bytes from its tape: `ParseAheadTests` audits
            // text split around views and CDATA both ways.)
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "t.xml", sink: sink)
            let analysis = ScreenAnalysis(screen: try #require(sink.screens.first))
            let texts = analysis.elements.indices.map { analysis.elements[$0].text.map { Array($0.utf8) } }
            #expect(texts == expected.map { $0.map { Array($0.utf8) } }, "\(xml)")
        }
    }
}

/// Ids and labels of views go from libxml2's bytes into the element store without a string
/// (`Attribute.bytes`); they must read as the strings the general path made of the same values.
@Suite struct AttributeBytesTests {
    /// How a piece of a value is written in XML, and what it reads as.
    static let written: [(String, String)] = [
        (" ", " "), ("&#9;", "\t"), ("&#10;", "\n"), ("&#xA0;", "\u{A0}"), ("&#x3000;", "\u{3000}"), ("\u{3000}", "\u{3000}"),
        ("\u{2028}", "\u{2028}"), ("&amp;", "&"), ("&#38;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("'", "'"),
        ("b", "b"), ("Row 1", "Row 1"), ("다음 화면", "다음 화면"), ("\u{E9}", "\u{E9}"), ("e\u{301}", "e\u{301}"),
        ("\u{200B}", "\u{200B}"), ("\u{1F600}", "\u{1F600}"), ("\u{1100}", "\u{1100}"), ("x-1_2.3", "x-1_2.3"),
    ]

    /// Random ids and labels (blank, white space of every kind, entities, Korean, combining marks),
    /// on views and screens: each element's id and label, and the problems reported, are those of
    /// the value read as a string (a blank id is no id and an `invalid_description`; a label is
    /// kept as written).
    @Test func idsAndLabelsWrittenAsBytesReadAsTheirStrings() throws {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        var generator = SplitMix(seed: 97)
        func value() -> (String, String) {
            var (source, read) = ("", "")
            for _ in 0..<Int(generator.next() % 5) {
                let (s, r) = Self.written[Int(generator.next() % UInt64(Self.written.count))]
                source += s
                read += r
            }
            return (source, read)
        }
        var fastPaths = 0
        for round in 0..<300 {
            var xml = "<app>\n<screen id=\"s\(round)\">\n"
            var expected: [(id: String?, label: String?)] = []
            var blankIDs = 0
            for _ in 0..<(1 + Int(generator.next() % 5)) {
                var id: String?
                var label: String?
                var attributes = ""
                if generator.next() % 4 != 0 {
                    let (source, read) = value()
                    attributes += " id=\"\(source)\""
                    id = read.isBlank ? nil : read
                    if read.isBlank { blankIDs += 1 }
                    if !read.isBlank && !source.contains("&") { fastPaths += 1 }
                }
                if generator.next() % 3 != 0 {
                    let (source, read) = value()
                    attributes += " label=\"\(source)\""
                    label = read
                }
                let type = ["Button", "Text", "Image", "VStack"][Int(generator.next() % 4)]
                xml += type == "VStack" ? "<VStack\(attributes)><Text>In</Text></VStack>\n" : "<\(type)\(attributes)/>\n"
                expected.append((id, label))
                if type == "VStack" { expected.append((nil, nil)) }
            }
            xml += "</screen>\n</app>\n"
            let sink = Sink()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "t.xml", sink: sink)
            let analysis = ScreenAnalysis(screen: try #require(sink.screens.first))
            let read = analysis.elements.indices.map { (analysis.elements[$0].node.id, analysis.elements[$0].node.label) }
            #expect(read.map(\.0) == expected.map(\.id), "\(xml)")
            #expect(read.map { $0.1.map { Array($0.utf8) } } == expected.map { $0.label.map { Array($0.utf8) } }, "\(xml)")
            // The same problems as the general path, on every route (the crew's replays the bytes
            // from its tape): one empty-value problem per blank id.
            for (route, audit) in auditsOnEveryRoute(xml, file: "t.xml") {
                let problems = audit.findings.filter {
                    $0.rule == RuleID.invalidDescription && $0.message == InvalidDescriptionMessage.emptyValue("id")
                }
                #expect(problems.count == blankIDs, "\(route): \(xml)")
            }
        }
        #expect(fastPaths > 100)
    }
}

/// `restore-focus` values read from their bytes read as the words split and looked up.
@Suite struct RestoreTriggerTests {
    @Test func quickTriggersAreTheWordsLookedUp() {
        let words = ["on-appear", "on-dismiss", "none", "On-appear", "on-appear ", " none", "on_appear", "", " ", "on-appea", "nonE"]
        let separators = ["", " ", "\t", "\n", "  "]
        var values: Set<String> = []
        for a in words {
            values.insert(a)
            for b in words { for separator in separators { values.insert(a + separator + b) } }
        }
        var quick = 0
        for value in values {
            guard let fast = DescriptionBuilder.quickRestoreTriggers(value) else { continue }
            quick += 1
            let general = DescriptionBuilder.restoreTriggers(words: DescriptionBuilder.restoreWords(value))
            #expect(general == .triggers(fast), "\(value)")
        }
        // Exactly the three single words spelt exactly take the quick way.
        #expect(quick == 3)
        #expect(DescriptionBuilder.quickRestoreTriggers("on-appear") == DescriptionBuilder.RestoreTriggers(onAppear: true))
        #expect(DescriptionBuilder.quickRestoreTriggers("on-dismiss") == DescriptionBuilder.RestoreTriggers(onDismiss: true))
        #expect(DescriptionBuilder.quickRestoreTriggers("none") == DescriptionBuilder.RestoreTriggers())
        #expect(DescriptionBuilder.restoreTriggers(words: ["on-appear", "bad", "worse"]) == .unknown("bad"))
    }
}
