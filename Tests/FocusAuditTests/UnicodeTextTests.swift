import Testing

@testable import FocusAudit

/// Case folding (names compared by `ambiguous_control_label`), Hangul composition and combining
/// marks at word boundaries (`redundant_trait_in_label`).
@Suite struct UnicodeTextTests {
    @Test func caseFoldingIsFullFolding() {
        #expect("Straße".caseFolded() == "STRASSE".caseFolded())
        #expect("\u{1E9E}".caseFolded() == "ss")
        #expect("ΟΔΟΣ".caseFolded() == "οδος".caseFolded())
        #expect("Open".caseFolded() == "open")
        #expect("ﬁle".caseFolded() == "FILE".caseFolded())
        // Dotless i has no fold: it stays apart from "I".
        #expect("ı".caseFolded() != "I".caseFolded())
        #expect("친구".caseFolded() == "친구")
    }

    @Test func hangulJamoComposeIntoSyllables() {
        #expect(Array(HangulComposition.composed("\u{1107}\u{1165}\u{1110}\u{1173}\u{11AB}").unicodeScalars) == Array("버튼".unicodeScalars))
        // A lone vowel, and text without jamo, stay as they are.
        #expect(HangulComposition.composed("a\u{1161}") == "a\u{1161}")
        let ascii = Array("button".utf8)
        #expect(ascii.withUnsafeBufferPointer { HangulComposition.composed($0) } == nil)
    }

    @Test func combiningMarksBelongToTheLetterTheyFollow() {
        let rule = RedundantTraitInLabelRule()
        func matches(_ text: String) -> Bool { rule.wordTable.match(in: text, role: 0) != nil }
        #expect(matches("Send button"))
        #expect(!matches("Send e\u{301}button"))
        #expect(!matches("button\u{301} send"))
        #expect(matches("Send \u{301}button"))
        #expect(matches("전송 \u{1107}\u{1165}\u{1110}\u{1173}\u{11AB}"))
    }
}
