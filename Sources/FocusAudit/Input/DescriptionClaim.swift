/// Whether a file that could not be read as a description says it is one. Files found in a
/// directory, or passed by the pre-commit hook (`--skip-non-descriptions`), that are not
/// descriptions are skipped whatever they contain: JSON with comments (`tsconfig.json`,
/// `.vscode/settings.json`), JSON5-style files, asset catalogs' `Contents.json`, property lists,
/// Xcode schemes. A broken file that claims to be a description is still an input error, so a
/// broken description never passes silently.
///
/// What claims to be a description, read leniently (comments, trailing commas and unterminated
/// text do not matter):
/// - a `.storyboard` or `.xib` file;
/// - XML whose first element is `<app>`, or an Interface Builder `<document>`;
/// - JSON whose top-level object has a `"screens"` key, or a `"$schema"` naming focusaudit's schema;
/// - an empty file (or one of white space only), which is more likely a description emptied by
///   mistake than another tool's file, and is reported as empty.
enum DescriptionClaim {
    static func claims(file: String, bytes: [UInt8]) -> Bool {
        let lower = file.lowercased()
        if lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib") { return true }
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        if bytes.drop(while: { blank.contains($0) }).isEmpty || bytes == [0xEF, 0xBB, 0xBF] { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            lower.hasSuffix(".json") ? jsonClaims(buffer) : xmlClaims(buffer)
        }
    }

    // MARK: XML

    /// The name of the first element, after the XML declaration, comments, processing
    /// instructions and a DOCTYPE; nil when there is none in the bytes.
    static func firstElement(_ b: UnsafeBufferPointer<UInt8>) -> (name: String, start: Int)? {
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        func starts(_ text: String, at position: Int) -> Bool {
            let utf8 = Array(text.utf8)
            guard position + utf8.count <= b.count else { return false }
            for k in 0..<utf8.count where b[position + k] != utf8[k] { return false }
            return true
        }
        func skip(past text: String, from position: Int) -> Int? {
            var p = position
            while p < b.count {
                if starts(text, at: p) { return p + text.utf8.count }
                p += 1
            }
            return nil
        }
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                i += 1
            } else if starts("<?", at: i) {
                guard let next = skip(past: "?>", from: i + 2) else { return nil }
                i = next
            } else if starts("<!--", at: i) {
                guard let next = skip(past: "-->", from: i + 4) else { return nil }
                i = next
            } else if starts("<!", at: i) {
                // DOCTYPE, with an internal subset in brackets that may hold `>`.
                var p = i + 2
                var depth = 0
                while p < b.count {
                    if b[p] == UInt8(ascii: "[") { depth += 1 }
                    if b[p] == UInt8(ascii: "]") { depth -= 1 }
                    if b[p] == UInt8(ascii: ">") && depth <= 0 { break }
                    p += 1
                }
                i = p + 1
            } else if c == UInt8(ascii: "<") {
                var end = i + 1
                while end < b.count, !isNameEnd(b[end]) { end += 1 }
                guard end > i + 1 else { return nil }
                return (String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<end]), as: UTF8.self), i)
            } else {
                return nil
            }
        }
        return nil
    }

    private static func isNameEnd(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
    }

    static func xmlClaims(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let (name, start) = firstElement(b) else { return false }
        if name == "app" { return true }
        if name == "document" {
            // Interface Builder documents say so in their start tag's `type`.
            let window = String(decoding: UnsafeBufferPointer(rebasing: b[start..<min(b.count, start + 1024)]), as: UTF8.self)
            return window.contains("com.apple.InterfaceBuilder")
        }
        return false
    }

    // MARK: JSON

    /// Scans the top-level object's keys, skipping strings, nested values and comments; true at a
    /// `"screens"` key, or a `"$schema"` whose value names focusaudit.
    static func jsonClaims(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        var depth = 0
        /// The last string read at depth 1, while it may still be a key.
        var pendingKey: [UInt8]?
        var schemaValueNext = false
        while i < b.count {
            let c = b[i]
            switch c {
            case UInt8(ascii: "/") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "/"):
                while i < b.count && b[i] != 0x0A { i += 1 }
                continue
            case UInt8(ascii: "/") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "*"):
                i += 2
                while i + 1 < b.count && !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                var text: [UInt8] = []
                var p = i + 1
                while p < b.count && b[p] != c {
                    if b[p] == UInt8(ascii: "\\") { p += 1 }
                    if p < b.count { text.append(b[p]) }
                    p += 1
                }
                i = p + 1
                if depth == 1 {
                    if schemaValueNext {
                        if String(decoding: text, as: UTF8.self).lowercased().contains("focusaudit") { return true }
                        schemaValueNext = false
                    } else {
                        pendingKey = text
                    }
                }
                continue
            case UInt8(ascii: ":"):
                if depth == 1, let key = pendingKey {
                    if key == Array("screens".utf8) { return true }
                    schemaValueNext = key == Array("$schema".utf8)
                }
                pendingKey = nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0 && c == UInt8(ascii: "[") { return false }
                depth += 1
                pendingKey = nil
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return false }
                pendingKey = nil
            case 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                if depth == 0 { return false }
                pendingKey = nil
                if depth == 1 && c == UInt8(ascii: ",") { schemaValueNext = false }
            }
            i += 1
        }
        return false
    }
}
