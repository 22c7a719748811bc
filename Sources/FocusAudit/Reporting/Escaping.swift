/// The escaping functions every reporter goes through; input text never reaches an output raw.
public enum Escaping {
    /// A JSON string literal body (without quotes): quotes, backslashes and all control characters
    /// escaped; U+2028/2029 escaped too so the output is also valid JavaScript.
    /// (The escaping itself is `ReportWriter.writeJSONEscaped`, which reporters call directly.)
    public static func json(_ text: String) -> String {
        if !needsJSONEscape(text) { return text }
        let out = ReportWriter(capacity: text.utf8.count + 64)
        out.writeJSONEscaped(text)
        return out.text
    }

    /// Whether any byte needs escaping: `"`, `\\`, controls, DEL, or U+2028/2029 (E2 80 A8/A9).
    static func needsJSONEscape(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
            if (byte == 0xA8 || byte == 0xA9) && previous == 0x80 && beforePrevious == 0xE2 { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// Text safe to print on a terminal: control characters (C0, DEL, C1, so no ANSI escape
    /// sequence) and bidirectional overrides are shown as `\u{…}` instead of acting on the terminal.
    public static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafeOnTerminal) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafeOnTerminal(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func isUnsafeOnTerminal(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
            || v == 0x200E || v == 0x200F || v == 0x061C
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Text for XML and HTML content and attribute values: markup characters escaped, and
    /// characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) shown as `\u{…}`, so a label
    /// full of markup, `]]>` or control characters cannot break the document.
    public static func xml(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsXMLEscape($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if isForbiddenInXML(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func needsXMLEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "&", "<", ">", "\"", "'", "\n", "\r", "\t": return true
        default: return isForbiddenInXML(scalar)
        }
    }

    /// Characters written as `\u{…}` in XML and HTML: those XML 1.0 forbids (most C0 controls,
    /// U+FFFE, U+FFFF), and, though allowed, DEL, C1 controls and bidirectional overrides, which
    /// would otherwise reorder or hide the text around a label in a browser or a CI viewer.
    static func isForbiddenInXML(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || v == 0xFFFE || v == 0xFFFF
            || (isUnsafeOnTerminal(scalar) && v >= 0x7F)
    }

    /// GitHub workflow-command data (the message): `%`, CR and LF encoded.
    public static func githubData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// GitHub workflow-command property values: also `:` and `,` encoded.
    public static func githubProperty(_ text: String) -> String {
        githubData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
