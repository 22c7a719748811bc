extension StringProtocol {
    /// The string under Unicode full case folding, as used to compare names case-insensitively:
    /// "Straße" and "STRASSE" fold to "strasse", "ΟΔΟΣ" and "οδος" to "οδοσ". ASCII letters are
    /// lower-cased directly; any other scalar that changes when case folded becomes the lower case
    /// of its upper case, repeated until it no longer changes ("ẞ" → "ß" → "ss"). That is the fold
    /// of every scalar except a few whose fold is their upper case (Cherokee), which this maps to
    /// one representative all the same, so two strings fold equal exactly when their folds agree.
    func caseFolded() -> String {
        // Most names are ASCII: lower-cased byte by byte.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            Self.appendFolded(scalar, to: &out, depth: 0)
        }
        return String(out)
    }

    private static func appendFolded(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView, depth: Int) {
        if scalar.isASCII {
            let v = scalar.value
            out.append(v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v | 0x20)! : scalar)
            return
        }
        // Hangul syllables have no case (Unicode's CaseFolding.txt has none of U+AC00–U+D7A3): the
        // property lookup below showed in profiles of Korean names.
        guard depth < 3, !(0xAC00...0xD7A3).contains(scalar.value), scalar.properties.changesWhenCaseFolded else {
            out.append(scalar)
            return
        }
        // Lower case of the upper case, scalar by scalar (no context: a final sigma folds to σ).
        var mapped: [Unicode.Scalar] = []
        for upper in scalar.properties.uppercaseMapping.unicodeScalars {
            mapped.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
        }
        if mapped == [scalar] {
            out.append(scalar)
            return
        }
        for next in mapped { appendFolded(next, to: &out, depth: depth + 1) }
    }
}
