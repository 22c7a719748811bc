/// Canonical composition of Hangul: a leading consonant jamo and a vowel jamo (and a trailing
/// consonant) written apart, as NFD text writes "버튼", make the syllable NFC writes. The
/// composition is arithmetic (The Unicode Standard, 3.12 "Conjoining Jamo Behavior"), so no
/// tables are needed.
enum HangulComposition {
    private static let sBase: UInt32 = 0xAC00
    private static let lBase: UInt32 = 0x1100
    private static let vBase: UInt32 = 0x1161
    private static let tBase: UInt32 = 0x11A7
    private static let lCount: UInt32 = 19
    private static let vCount: UInt32 = 21
    private static let tCount: UInt32 = 28

    /// The UTF-8 text with its composable jamo sequences composed, or nil when it has none (the
    /// text is then already composed as far as Hangul goes).
    static func composed(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // Conjoining jamo (U+1100–U+11FF) start with the bytes E1 84…87.
        var hasJamo = false
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0xE1 && (0x84...0x87).contains(bytes[i + 1]) {
                hasJamo = true
                break
            }
            i += 1
        }
        guard hasJamo else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        let result = composed(text)
        // Compared by scalars: String equality would call the two forms equal.
        return result.unicodeScalars.elementsEqual(text.unicodeScalars) ? nil : Array(result.utf8)
    }

    /// The text with its composable Hangul jamo sequences composed into syllables.
    static func composed(_ text: String) -> String {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if let last = out.last?.value {
                // Leading consonant + vowel → LV syllable.
                if (lBase..<lBase + lCount).contains(last) && (vBase..<vBase + vCount).contains(v) {
                    let syllable = sBase + ((last - lBase) * vCount + (v - vBase)) * tCount
                    out[out.count - 1] = Unicode.Scalar(syllable)!
                    continue
                }
                // LV syllable + trailing consonant → LVT syllable.
                if (sBase..<sBase + lCount * vCount * tCount).contains(last) && (last - sBase) % tCount == 0
                    && (tBase + 1..<tBase + tCount).contains(v)
                {
                    out[out.count - 1] = Unicode.Scalar(last + (v - tBase))!
                    continue
                }
            }
            out.append(scalar)
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: out)
        return String(view)
    }
}
