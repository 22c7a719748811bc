/// A JSON value with the byte offset of each object's opening brace.
indirect enum JSONValue {
    case object([JSONMember], offset: Int)
    case array([JSONValue], offset: Int)
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    var typeName: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

struct JSONMember {
    var key: String
    var value: JSONValue
}

struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
}

/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// focusaudit has its own parser rather than Foundation's `JSONSerialization` or `JSONDecoder`
/// because findings must point at the line and column of each object's opening brace and syntax
/// errors at their exact place, which Foundation does not report, and because it can keep the
/// values as they are written (a string "0.6" stays a string, so a wrong type is reported rather
/// than converted). Nesting is capped at 256 levels, like XML, so hostile input cannot exhaust
/// the stack.
struct JSONParser {
    static let maxDepth = 256
    /// The longest string, in bytes as written between its quotes: 10 MB, the limit XML text
    /// nodes and attributes have, so one string cannot make a file cost many times its size.
    static let maxStringLength = 10_000_000

    private static func tooLong(_ open: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: open, message: "a string is larger than 10 MB")
    }

    /// The bytes held now: all of them, or a window of a streamed source (`window`), which holds
    /// absolute offsets `base ..< base + bytes.count`. Offsets (`i`, error offsets) are absolute.
    private var bytes: UnsafeBufferPointer<UInt8>
    private var base = 0
    /// Where more bytes come from when the parser reads a source in chunks; nil for bytes held whole.
    private let window: JSONWindow?
    /// The first offset of the token being read (a string, number or key), which a refill keeps;
    /// `Int.max` between tokens.
    private var mark = Int.max
    private var i: Int
    private var depth = 0
    /// Only checking, not keeping: values are read and dropped (see `parseDescription`).
    private var skipping = false
    /// Whether top-level "screens" arrays are checked now and parsed later (`parseDescription`).
    private var defersScreens = false
    /// The elements' offsets of each top-level "screens" array checked but not kept, by the
    /// offset of its `[`.
    private var deferredArrays: [Int: [Int]] = [:]
    /// With `defersBodies`, the views' offsets of each "body" array checked but not kept, by the
    /// offset of its `[`.
    private var deferredBodies: [Int: ViewOffsets] = [:]
    /// Whether the view's "body" array is checked now and its views parsed later, one at a time
    /// (`view`).
    private var defersBodies = false
    /// The nesting depth of the object of a view parsed on its own (`view`, `screen`): a screen is
    /// two levels down in the document.
    static let viewDepth = 3

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
        self.bytes = bytes
        self.window = nil
        self.i = start
    }

    /// A parser of the bytes of `window`'s source from `start` on, read in chunks as they are
    /// needed: only the current chunk and the token being read are held.
    init(window: JSONWindow, start: Int) {
        window.seek(to: start)
        self.window = window
        self.bytes = window.bytes
        self.base = window.base
        self.i = start
    }

    /// A parser over the window's bytes as they are now (for reading again a key that is held).
    private init(held bytes: UnsafeBufferPointer<UInt8>, base: Int, start: Int) {
        self.bytes = bytes
        self.base = base
        self.window = nil
        self.i = start
    }

    /// Whether the byte at absolute offset `k` exists, reading more of a streamed source if need be.
    @inline(__always) private mutating func has(_ k: Int) -> Bool {
        k - base < bytes.count || more(k)
    }

    /// The byte at absolute offset `k`, which `has(k)` said is held.
    @inline(__always) private func at(_ k: Int) -> UInt8 { bytes[k - base] }

    /// The held bytes of absolute offsets `range`.
    @inline(__always) private func held(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[(range.lowerBound - base)..<(range.upperBound - base)])
    }

    /// Reads on until offset `k` is held (false at the end of the source), keeping the bytes from
    /// the current token's start, or from `i`.
    private mutating func more(_ k: Int) -> Bool {
        guard let window else { return false }
        let found = window.load(through: k, keepingFrom: min(mark, keyMark, i))
        bytes = window.bytes
        base = window.base
        return found
    }

    /// The start of a key whose closing `:` has not been seen yet, kept for an error message.
    private var keyMark = Int.max

    /// Parses a whole document held in `bytes`, starting at `start` (past a byte-order mark).
    static func parse(_ bytes: [UInt8], start: Int = 0) -> Result<JSONValue, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, start: start)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
    }

    /// A description's top-level value, with the elements of each top-level "screens" array left
    /// as byte offsets: they are checked like everything else (every syntax error is reported as a
    /// whole parse would report it, in the same order), then parsed one at a time as they are read
    /// (`screen(at:)`), so that the whole tree of a large file is never held at once. Such an array
    /// appears in the value as an empty array; `screens` gives its elements' offsets by the offset
    /// of its `[`.
    struct Description {
        var root: JSONValue
        var screens: [Int: [Int]]
    }

    static func parseDescription(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) -> Result<Description, JSONSyntaxError> {
        var parser = JSONParser(bytes: bytes, start: start)
        parser.defersScreens = true
        do throws(JSONSyntaxError) {
            let root = try parser.parseDocument()
            return .success(Description(root: root, screens: parser.deferredArrays))
        } catch {
            return .failure(error)
        }
    }

    /// `parseDescription` over a source read in chunks.
    static func parseDescription(_ window: JSONWindow, start: Int = 0) -> Result<Description, JSONSyntaxError> {
        var parser = JSONParser(window: window, start: start)
        parser.defersScreens = true
        do throws(JSONSyntaxError) {
            let root = try parser.parseDocument()
            return .success(Description(root: root, screens: parser.deferredArrays))
        } catch {
            return .failure(error)
        }
    }

    /// The element at `offset` of a "screens" array that `parseDescription` checked (two levels
    /// down, so the nesting limit counts as in a whole parse); `.null` should it not parse.
    static func screen(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> JSONValue {
        var parser = JSONParser(bytes: bytes, start: offset)
        parser.depth = 2
        return (try? parser.parseValue()) ?? .null
    }

    /// `screen(in:at:)` over a source read in chunks: only that screen's values are made, and with
    /// `deferringBodies` not even those of its views: each "body" array in it is left empty, its
    /// views' offsets given by the offset of its `[` (see `view(in:at:deferringBodies:)`).
    static func screen(in window: JSONWindow, at offset: Int, deferringBodies: Bool = false) -> (JSONValue, bodies: [Int: ViewOffsets]) {
        view(in: window, at: offset, deferringBodies: deferringBodies)
    }

    /// The view at `offset` of a body array that a parse with `deferringBodies` left empty (that
    /// parse checked it), parsed the same way: a large screen's views are made one at a time as
    /// they are read, never all at once.
    static func view(in window: JSONWindow, at offset: Int, deferringBodies: Bool) -> (JSONValue, bodies: [Int: ViewOffsets]) {
        var parser = JSONParser(window: window, start: offset)
        parser.depth = viewDepth - 1
        parser.defersBodies = deferringBodies
        let value = (try? parser.parseValue()) ?? .null
        return (value, parser.deferredBodies)
    }

    /// Parses exactly one value surrounded by optional white space.
    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if !has(i) { throw JSONSyntaxError(offset: i, message: "the file is empty") }
        let value = try parseValue()
        skipWhitespace()
        if has(i) { throw JSONSyntaxError(offset: i, message: "unexpected \(describe(i)) after the JSON value") }
        return value
    }

    private mutating func skipWhitespace() {
        while has(i) {
            let b = at(i)
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    private mutating func describe(_ offset: Int) -> String {
        guard has(offset) else { return "end of input" }
        let b = at(offset)
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard has(i) else { throw JSONSyntaxError(offset: i, message: "unexpected end of input (truncated file?)") }
        switch at(i) {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""):
            if skipping {
                try skipString()
                return .null
            }
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw JSONSyntaxError(offset: i, message: "unexpected \(describe(i)); expected a JSON value")
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth {
            throw JSONSyntaxError(offset: i, message: "objects and arrays are nested more than \(Self.maxDepth) deep")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        try enter()
        i += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if has(i) && at(i) == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return .object(members, offset: start)
        }
        while true {
            skipWhitespace()
            guard has(i) else {
                throw JSONSyntaxError(offset: i, message: "unexpected end of input inside an object (truncated file?)")
            }
            guard at(i) == UInt8(ascii: "\"") else {
                let message = at(i) == UInt8(ascii: "}") ? "trailing comma before '}'" : "expected a string key, found \(describe(i))"
                throw JSONSyntaxError(offset: i, message: message)
            }
            let keyStart = i
            keyMark = keyStart
            // A key is made into a string only when it is kept (or named in an error).
            let key: String
            if skipping {
                try skipString()
                key = ""
            } else {
                key = try parseString()
            }
            skipWhitespace()
            guard has(i), at(i) == UInt8(ascii: ":") else {
                let found = describe(i)
                var again = JSONParser(held: bytes, base: base, start: keyStart)
                let named = skipping ? ((try? again.parseString()) ?? "") : key
                throw JSONSyntaxError(offset: i, message: "expected ':' after the key \"\(named)\", found \(found)")
            }
            keyMark = .max
            i += 1
            skipWhitespace()
            if skipping {
                _ = try parseValue()
            } else if has(i) && at(i) == UInt8(ascii: "["), defersScreens && depth == 1 && key == "screens" {
                // The description's screens: checked and their offsets recorded, not kept.
                let open = i
                skipping = true
                var offsets: [Int] = []
                _ = try parseArray(recording: &offsets, record: true)
                skipping = false
                deferredArrays[open] = offsets
                members.append(JSONMember(key: key, value: .array([], offset: open)))
            } else if has(i) && at(i) == UInt8(ascii: "["), defersBodies && depth == Self.viewDepth && key == "body" {
                // A view's own body (a "body" key deeper in, inside an attribute's object, is a value
                // like any other): checked and its views' offsets recorded compactly, not kept.
                let open = i
                skipping = true
                var offsets = ViewOffsets()
                _ = try parseArray(recording: &offsets, record: true)
                skipping = false
                deferredBodies[open] = offsets
                members.append(JSONMember(key: key, value: .array([], offset: open)))
            } else {
                members.append(JSONMember(key: key, value: try parseValue()))
            }
            skipWhitespace()
            guard has(i) else {
                throw JSONSyntaxError(offset: i, message: "unexpected end of input inside an object (truncated file?)")
            }
            if at(i) == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if at(i) == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(members, offset: start)
            }
            throw JSONSyntaxError(offset: i, message: "expected ',' or '}' after an object member, found \(describe(i))")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var unused: [Int] = []
        return try parseArray(recording: &unused, record: false)
    }

    /// An array; with `record`, the offset of each element is appended to `offsets`.
    private mutating func parseArray<Offsets: OffsetRecording>(
        recording offsets: inout Offsets, record: Bool
    ) throws(JSONSyntaxError) -> JSONValue {
        let start = i
        try enter()
        i += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if has(i) && at(i) == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return .array(items, offset: start)
        }
        while true {
            skipWhitespace()
            if has(i) && at(i) == UInt8(ascii: "]") {
                throw JSONSyntaxError(offset: i, message: "trailing comma before ']'")
            }
            if record { offsets.record(i) }
            if skipping {
                _ = try parseValue()
            } else {
                items.append(try parseValue())
            }
            skipWhitespace()
            guard has(i) else {
                throw JSONSyntaxError(offset: i, message: "unexpected end of input inside an array (truncated file?)")
            }
            if at(i) == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if at(i) == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array(items, offset: start)
            }
            throw JSONSyntaxError(offset: i, message: "expected ',' or ']' in an array, found \(describe(i))")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        guard has(i + count - 1) else {
            throw JSONSyntaxError(offset: i, message: "unexpected end of input (truncated file?)")
        }
        for k in 0..<count where at(i + k) != start[k] {
            throw JSONSyntaxError(offset: i, message: "unexpected \(describe(i)); expected a JSON value")
        }
        i += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        mark = start
        defer { mark = .max }
        func digits() -> Int {
            let from = i
            while has(i), at(i) >= UInt8(ascii: "0"), at(i) <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        if at(i) == UInt8(ascii: "-") { i += 1 }
        guard has(i), at(i) >= UInt8(ascii: "0"), at(i) <= UInt8(ascii: "9") else {
            throw JSONSyntaxError(offset: i, message: "a number needs digits")
        }
        if at(i) == UInt8(ascii: "0") {
            i += 1
            if has(i), at(i) >= UInt8(ascii: "0"), at(i) <= UInt8(ascii: "9") {
                throw JSONSyntaxError(offset: start, message: "numbers cannot have leading zeros")
            }
        } else {
            _ = digits()
        }
        if has(i), at(i) == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { throw JSONSyntaxError(offset: i, message: "a decimal point must be followed by digits") }
        }
        if has(i), at(i) == UInt8(ascii: "e") || at(i) == UInt8(ascii: "E") {
            i += 1
            if has(i), at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { throw JSONSyntaxError(offset: i, message: "an exponent must have digits") }
        }
        if skipping { return 0 }
        let text = String(decoding: held(start..<i), as: UTF8.self)
        guard let value = Double(text) else { throw JSONSyntaxError(offset: start, message: "invalid number \(text)") }
        return value
    }

    /// The string the bytes spell, nil when they are not valid UTF-8. Made with `String(decoding:)`,
    /// which repairs invalid sequences, and checked against the bytes: valid input comes out
    /// unchanged and invalid input cannot. (`String(validating:)` looked up generic metadata on
    /// every call, which was a sixth of the JSON reader's time.)
    static func string(validating bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if ascii { return text }
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = i
        i += 1
        let start = i
        let limit = start + Self.maxStringLength
        mark = start
        defer { mark = .max }
        // Fast path: no escapes.
        var high: UInt8 = 0
        while has(i) {
            if i > limit { throw Self.tooLong(open) }
            let b = at(i)
            high |= b
            if b == UInt8(ascii: "\"") {
                let slice = held(start..<i)
                guard let text = Self.string(validating: slice, ascii: high < 0x80) else {
                    throw JSONSyntaxError(offset: start, message: "the string is not valid UTF-8")
                }
                i += 1
                return text
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 {
                throw JSONSyntaxError(offset: i, message: "a control character must be escaped inside a string")
            }
            i += 1
        }
        guard has(i) else {
            throw JSONSyntaxError(offset: open, message: "unterminated string (truncated file?)")
        }
        var out = Array(held(start..<i))
        // What is read from here on is copied as it is read.
        mark = .max
        while has(i) {
            if i > limit { throw Self.tooLong(open) }
            let b = at(i)
            if b == UInt8(ascii: "\"") {
                i += 1
                guard let text = out.withUnsafeBufferPointer({ Self.string(validating: $0, ascii: false) }) else {
                    throw JSONSyntaxError(offset: start, message: "the string is not valid UTF-8")
                }
                return text
            }
            if b < 0x20 {
                throw JSONSyntaxError(offset: i, message: "a control character must be escaped inside a string")
            }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                i += 1
                continue
            }
            guard has(i + 1) else { break }
            let escape = at(i + 1)
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                Self.appendUTF8(of: try unicodeEscape(), to: &out)
                continue
            default:
                throw JSONSyntaxError(offset: i, message: "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
            i += 2
        }
        throw JSONSyntaxError(offset: open, message: "unterminated string (truncated file?)")
    }

    /// Appends the UTF-8 bytes of `scalar`, a Unicode scalar value (`unicodeEscape` never gives a
    /// surrogate), as `String(Character(Unicode.Scalar(scalar)!)).utf8` spells it, without making a
    /// string and an array for each escape: text written with `\u` escapes has one per character.
    @inline(__always) static func appendUTF8(of scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            out.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }

    /// Checks a string as `parseString` would, with the same errors in the same order, without
    /// making it: the syntax check of a description's screens (`skipping`) keeps no values, and
    /// making every key and string of a large file was most of its cost.
    ///
    /// `parseString` checks the UTF-8 of the string it decodes. Decoded escapes are whole, valid
    /// sequences, so that string is valid exactly when each run of bytes between escapes is; the
    /// error is reported at the closing quote, as there.
    private mutating func skipString() throws(JSONSyntaxError) {
        let open = i
        i += 1
        let start = i
        let limit = start + Self.maxStringLength
        var run = i
        mark = run
        defer { mark = .max }
        var high: UInt8 = 0
        var valid = true
        while has(i) {
            if i > limit { throw Self.tooLong(open) }
            let b = at(i)
            if b == UInt8(ascii: "\"") {
                if high >= 0x80 && !Self.isValidUTF8(bytes, (run - base)..<(i - base)) { valid = false }
                guard valid else { throw JSONSyntaxError(offset: start, message: "the string is not valid UTF-8") }
                i += 1
                return
            }
            if b < 0x20 {
                throw JSONSyntaxError(offset: i, message: "a control character must be escaped inside a string")
            }
            if b != UInt8(ascii: "\\") {
                high |= b
                i += 1
                continue
            }
            if high >= 0x80 && !Self.isValidUTF8(bytes, (run - base)..<(i - base)) { valid = false }
            high = 0
            guard has(i + 1) else { break }
            let escape = at(i + 1)
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                i += 2
            case UInt8(ascii: "u"):
                _ = try unicodeEscape()
            default:
                throw JSONSyntaxError(offset: i, message: "invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
            run = i
            mark = run
        }
        throw JSONSyntaxError(offset: open, message: "unterminated string (truncated file?)")
    }

    /// Whether `bytes[range]` is well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong
    /// forms, no surrogates, nothing above U+10FFFF, no sequence cut short), as Swift's strings
    /// require.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var k = range.lowerBound
        let end = range.upperBound
        @inline(__always) func continuation(_ at: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            at < end && bytes[at] >= low && bytes[at] <= high
        }
        while k < end {
            let b = bytes[k]
            switch b {
            case 0x00...0x7F:
                k += 1
            case 0xC2...0xDF:
                guard continuation(k + 1) else { return false }
                k += 2
            case 0xE0:
                guard continuation(k + 1, 0xA0), continuation(k + 2) else { return false }
                k += 3
            case 0xE1...0xEC, 0xEE...0xEF:
                guard continuation(k + 1), continuation(k + 2) else { return false }
                k += 3
            case 0xED:
                guard continuation(k + 1, 0x80, 0x9F), continuation(k + 2) else { return false }
                k += 3
            case 0xF0:
                guard continuation(k + 1, 0x90), continuation(k + 2), continuation(k + 3) else { return false }
                k += 4
            case 0xF1...0xF3:
                guard continuation(k + 1), continuation(k + 2), continuation(k + 3) else { return false }
                k += 4
            case 0xF4:
                guard continuation(k + 1, 0x80, 0x8F), continuation(k + 2), continuation(k + 3) else { return false }
                k += 4
            default:
                return false
            }
        }
        return true
    }

    /// The scalar of the `\\u` escape at `i` (two of them for a surrogate pair), moving past it.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
        let escapeStart = i
        let scalar = try hex4(at: i + 2)
        i += 6
        if (0xD800...0xDBFF).contains(scalar) {
            guard has(i + 1), at(i) == UInt8(ascii: "\\"), at(i + 1) == UInt8(ascii: "u") else {
                throw JSONSyntaxError(offset: escapeStart, message: "a high surrogate \\u escape must be followed by a low one")
            }
            let low = try hex4(at: i + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError(offset: i, message: "invalid low surrogate in a \\u escape")
            }
            i += 6
            return 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        if (0xDC00...0xDFFF).contains(scalar) {
            throw JSONSyntaxError(offset: escapeStart, message: "a low surrogate \\u escape without a high one")
        }
        return scalar
    }

    private mutating func hex4(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
        guard has(offset + 3) else {
            throw JSONSyntaxError(offset: offset - 2, message: "a \\u escape needs four hex digits")
        }
        var value: UInt32 = 0
        for k in 0..<4 {
            let b = at(offset + k)
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw JSONSyntaxError(offset: offset - 2, message: "a \\u escape needs four hex digits")
            }
            value = value << 4 | digit
        }
        return value
    }
}

/// What a parse records the items' offsets of a deferred array in.
protocol OffsetRecording {
    mutating func record(_ offset: Int)
}

extension Array: OffsetRecording where Element == Int {
    @inline(__always) mutating func record(_ offset: Int) { append(offset) }
}

/// The offsets of a "body" array's views, recorded by a parse that deferred them
/// (`JSONParser.view(in:at:deferringBodies:)`), in the increasing order they were found: each as its
/// distance from the one before (the first from 0) in LEB128 bytes, so a body of hundreds of
/// thousands of short views holds a byte or two per view while its views are read, not eight.
struct ViewOffsets: Sequence, OffsetRecording {
    /// How many offsets were recorded.
    private(set) var count = 0
    /// The last offset recorded (0 before the first).
    private var last = 0
    private var bytes: [UInt8] = []

    init() {}

    /// Records `offset`, which is not less than the last one recorded.
    mutating func record(_ offset: Int) {
        precondition(offset >= last, "a body's views are recorded in order")
        LEB128.append(offset - last, to: &bytes)
        last = offset
        count += 1
    }

    /// The bytes the offsets take.
    var byteCount: Int { bytes.count }

    func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var position = 0
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> Int? {
            guard position < bytes.count else { return nil }
            offset += LEB128.read(bytes, at: &position)
            return offset
        }
    }
}
