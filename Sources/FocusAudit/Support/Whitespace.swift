extension String {
    /// The string without leading and trailing white space; as `StringProtocol.trimmingWhitespace`,
    /// answered from the first and last bytes when they show there is nothing to trim: an ASCII
    /// byte that is not white space at the start, and at the end an ASCII byte that is not white
    /// space or a last byte that no white-space scalar ends with.
    func trimmingWhitespace() -> String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if Self.startsAndEndsWithText(first: first, last: last) { return self }
        return Substring(self).trimmingWhitespace()
    }

    /// Whether UTF-8 text whose first byte is `first` and last byte `last` has nothing to trim, as
    /// far as those bytes show: the first is an ASCII byte that is not white space or a lead byte
    /// that no white-space scalar starts with, and the last is a byte that no white-space scalar
    /// ends with. False may still be text with nothing to trim.
    @inline(__always) static func startsAndEndsWithText(first: UInt8, last: UInt8) -> Bool {
        let startIsText = first < 0x80 ? !(first == 0x20 || (0x09...0x0D).contains(first)) : !(0xC2...0xE3).contains(first)
        switch last {
        case 0x09...0x0D, 0x20, 0x80...0x8A, 0x9F, 0xA0, 0xA8, 0xA9, 0xAF: return false
        default: return startIsText
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing white space (including newlines). Works on Unicode
    /// scalars, with a fast path for the usual case of nothing to trim.
    func trimmingWhitespace() -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let firstScalar = scalars.first, let lastScalar = scalars.last else { return "" }
        if !firstScalar.isBlank && !lastScalar.isBlank { return string }
        guard let start = scalars.firstIndex(where: { !$0.isBlank }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.isBlank })!
        return String(string[start...end])
    }

    /// Whether the string is empty or only white space.
    var isBlank: Bool {
        // Most values start with an ASCII letter or digit.
        if let first = utf8.first, first > 0x20, first < 0x80 { return false }
        for byte in utf8 where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            if byte < 0x80 { return false }
            return !unicodeScalars.contains { !$0.isBlank }
        }
        return true
    }
}

extension Unicode.Scalar {
    /// White space: Unicode's White_Space property, spelt out. The property's set of scalars has been
    /// the same for many Unicode versions (a test checks it against the standard library), and
    /// asking the property tables for every Korean name's first and last letter was measurably slow.
    var isBlank: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}
