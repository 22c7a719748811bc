/// Whether a file that could not be read as a description says it is one. A file found in a
/// directory, or passed by the pre-commit hook (`--skip-non-descriptions`), that is not
/// well-formed is an input error either way (FORMAT.md: "however it was found"); one that does not
/// say it is a description gets the way to leave it out in its message (`excluded`: a
/// `tsconfig.json` with comments, a JSON5 file, a broken scheme), and one read no further than
/// what focusaudit refuses (`ReadFailure.refused`) is skipped unless it says it is one.
///
/// What claims to be a description, read leniently (comments, trailing commas and unterminated
/// text do not matter):
/// - a `.storyboard` or `.xib` file;
/// - XML whose first element is `<app>`, or an Interface Builder `<document>`;
/// - JSON whose top-level object has a `"screens"` key, or a `"$schema"` naming focusaudit's schema;
/// - an empty file (or one of white space only), which is more likely a description emptied by
///   mistake than another tool's file, and is reported as empty;
/// - for the same reason, XML that ends before its first element: only an XML declaration,
///   comments, processing instructions or a DOCTYPE, complete or cut off (a description
///   truncated after its first lines); such a file names no other tool either.
enum DescriptionClaim {
    /// `complete` says whether `bytes` is the whole file (the caller may read only its head); a
    /// head that ends before the first element says nothing about the rest.
    static func claims(file: String, bytes: [UInt8], complete: Bool = true) -> Bool {
        let lower = file.lowercased()
        if lower.hasSuffix(".storyboard") || lower.hasSuffix(".xib") { return true }
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        if bytes.drop(while: { blank.contains($0) }).isEmpty || bytes == [0xEF, 0xBB, 0xBF] { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            lower.hasSuffix(".json") ? jsonClaims(buffer) : xmlClaims(buffer, complete: complete)
        }
    }

    // MARK: XML

    /// What comes first after the XML declaration, comments, processing instructions and a
    /// DOCTYPE.
    enum FirstThing: Equatable {
        /// An element's start tag: its name and the offset of its `<`.
        case element(name: String, start: Int)
        /// Nothing: the bytes end first (inside one of those, or after them).
        case endOfBytes
        /// Something else: text, or a `<` that starts no name.
        case other
    }

    /// The name of the first element, after the XML declaration, comments, processing
    /// instructions and a DOCTYPE; nil when there is none in the bytes.
    static func firstElement(_ b: UnsafeBufferPointer<UInt8>) -> (name: String, start: Int)? {
        if case .element(let name, let start) = firstThing(b) { return (name, start) }
        return nil
    }

    static func firstThing(_ b: UnsafeBufferPointer<UInt8>) -> FirstThing {
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
                guard let next = skip(past: "?>", from: i + 2) else { return .endOfBytes }
                i = next
            } else if starts("<!--", at: i) {
                guard let next = skip(past: "-->", from: i + 4) else { return .endOfBytes }
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
                guard end > i + 1 else { return i + 1 == b.count ? .endOfBytes : .other }
                return .element(name: String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<end]), as: UTF8.self), start: i)
            } else {
                return .other
            }
        }
        return .endOfBytes
    }

    private static func isNameEnd(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == UInt8(ascii: ">") || c == UInt8(ascii: "/")
    }

    static func xmlClaims(_ b: UnsafeBufferPointer<UInt8>, complete: Bool = true) -> Bool {
        let first = firstThing(b)
        if first == .endOfBytes { return complete }
        guard case .element(let name, let start) = first else { return false }
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
