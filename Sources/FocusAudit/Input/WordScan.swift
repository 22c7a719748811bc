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
    static func containsComputedPart(_ text: String) -> Bool {
        var found = false
        var previous: UInt8 = 0
        for b in text.utf8 {
            if b == 0x28 && previous == 0x5C {
                found = true
                break
            }
            previous = b
        }
        return found && text.contains("\\(")
    }
}
