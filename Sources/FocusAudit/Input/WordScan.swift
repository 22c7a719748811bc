extension UInt64 {
    /// The high bit of each byte of the word that is zero, and no other bit. Exact per byte: the
    /// addition cannot carry from one byte into the next. With `word ^ repeated(b)` it marks the
    /// bytes equal to `b`; scanners use it to handle eight bytes at a time.
    @inline(__always)
    var zeroByteMask: UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((self & low7) &+ low7) | self | low7)
    }

    /// The word whose eight bytes are all `byte`.
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }
}

/// Where a short byte string first occurs in a longer one (role words in names, tags in a window of
/// a file).
enum ByteSearch {
    /// The offset of the first `needle` in `haystack` at or after `start`; with `ignoringASCIICase`,
    /// ASCII capitals in `haystack` match the small letters of `needle`.
    static func find(
        _ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int, ignoringASCIICase: Bool = false
    ) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var i = start
        let last = haystack.count - needle.count
        while i <= last {
            var k = 0
            while k < needle.count {
                var b = haystack[i + k]
                if ignoringASCIICase && b >= 0x41 && b <= 0x5A { b |= 0x20 }
                if b != needle[k] { break }
                k += 1
            }
            if k == needle.count { return i }
            i += 1
        }
        return nil
    }

    /// Whether `text` holds a part computed at run time, written `\(…)` (as `text.contains("\\(")`
    /// answers, on characters). The bytes `\(` are looked for first: most names lack them, and a
    /// text whose bytes lack them cannot hold the two characters. When the bytes are there, the
    /// character comparison decides (a `(` followed by a combining mark is another character).
    ///
    /// The bytes are read eight at a time until a word holds a backslash (iterating the string's
    /// UTF-8 view byte by byte showed at 2–3% of the instructions on the benchmark shapes).
    static func containsComputedPart(_ text: String) -> Bool {
        let found =
            text.utf8.withContiguousStorageIfAvailable { holdsBackslashParenthesis($0) } ?? bytePairSearch(text)
        return found && text.contains("\\(")
    }

    /// Whether `text` contains `needle`, a word of ASCII letters, as `text.contains(needle)`
    /// answers on characters. In ASCII text every byte is a character of its own (the one
    /// character of two bytes, CR LF, holds no letter), so the bytes decide; other text is left to
    /// the character search. The character search is not cheap to start: its first use builds a
    /// table keyed by `Character`, which costs the runtime a walk over every protocol conformance
    /// of the executable (about a third of a million instructions, once per process).
    static func containsLetters(_ needle: StaticString, in text: String) -> Bool {
        precondition(needle.isASCII && needle.utf8CodeUnitCount > 0)
        let letters = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let answer =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
                var found = false
                for b in bytes where b >= 0x80 { return nil }
                if bytes.count >= letters.count {
                    var i = 0
                    while !found && i <= bytes.count - letters.count {
                        var k = 0
                        while k < letters.count && bytes[i + k] == letters[k] { k += 1 }
                        found = k == letters.count
                        i += 1
                    }
                }
                return found
            } ?? nil
        return answer ?? text.contains(String(decoding: letters, as: UTF8.self))
    }

    /// Whether the bytes hold `\(`: only then may a name have a part computed at run time. Eight
    /// bytes at a time while no byte of the word is a backslash (a name rarely holds one); from the
    /// first word that holds one, a byte at a time.
    static func holdsBackslashParenthesis(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        var i = 0
        while i + 8 <= n {
            // A zero byte in `word` is a backslash in the text.
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ 0x5C5C_5C5C_5C5C_5C5C
            if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i + 1 < n {
            if base[i] == 0x5C && base[i + 1] == 0x28 { return true }
            i += 1
        }
        return false
    }

    /// The bytes `\(` anywhere in `text`, one byte at a time.
    static func bytePairSearch(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for b in text.utf8 {
            if b == 0x28 && previous == 0x5C { return true }
            previous = b
        }
        return false
    }
}

/// A control role whose words `redundant_trait_in_label` looks for in a label (VoiceOver announces
/// the role after the name, so a label that says it again is read twice).
enum ControlRole: Sendable {
    case button, link, toggle, image, heading
}

/// What the description builder asks before it folds a labelled control into its parent: whether
/// the label holds a word of the control's role, with the words in force for this run. Answered by
/// `redundant_trait_in_label`'s word table (`RedundantTraitInLabelRule.WordTable`); declared here so
/// that the readers do not depend on the rules.
protocol RoleWordFinder: Sendable {
    func holdsRoleWord(_ label: UnsafeBufferPointer<UInt8>, of role: ControlRole) -> Bool
}
