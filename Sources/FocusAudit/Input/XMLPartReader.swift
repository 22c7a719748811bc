internal import CLibXML

/// Where to cut one large XML description so its parts can be read on several cores at once
/// (the parts route, `PartsRoute` in Pipeline/): the file is cut into parts between screens, each
/// part is parsed, built and checked on a core of its own, and the parts' runs are then joined in
/// order.
///
/// A part after the first is fed the file's first bytes up to the end of the root start tag, then
/// its own bytes, so libxml2 reads them in the same context (namespaces, encoding) as it would in
/// one go; its positions continue from the line where the part begins.
///
/// A cut is a guess until the part before it has been parsed up to it. It is kept when that parse
/// stands between two children of the root there, having consumed the `</screen>` before the cut,
/// with nothing pending for the next element. Then the bytes after the cut parse exactly as they
/// would have in one go. Whatever a part cannot know on its own makes the whole file be read again
/// in one go, so the findings are always those of one read: an error or a problem in any part (a
/// later part's libxml2 message could quote a line number of its own), a screen without an id
/// (its path numbers it among all the file's screens), a screen id read in an earlier part too
/// (only the first screen keeps it), or text outside views reported in two parts (once per file).
/// These are rare in large descriptions, and cost one more read when they happen.
enum XMLPartReader {
    /// Where a file is cut.
    struct Plan {
        /// One past the `>` of the root start tag: later parts are fed the bytes before it first.
        var rootEnd: Int
        /// Where each part begins in the file: 0, then each cut (the start of a line whose first
        /// tag is a `<screen`).
        var starts: [Int]
        /// For each cut (by the index of the part it begins), one past the `</screen>` before it.
        var closeEnds: [Int]
    }

    /// How far past each even cut point a boundary between screens is looked for.
    static let searchWindow = 1 << 20

    /// The fewest jobs for which a file is read in parts. Below it, the two threads of a
    /// pipelined read (`PipelinedRun`, `ReadCrew`) do better: on two cores, two parts took longer
    /// (a thread doing everything for its part runs at a lower rate than the crew's two, which
    /// share the stages, about 0.65 s of processor time against 0.53 s on 50 MB) with 19% more
    /// memory. Parts scale with the cores; the crew keeps two busy.
    static let minimumJobs = 4

    /// Where to cut `source` for `jobs` parts of at least `minimumPart` bytes; nil when it cannot be
    /// cut in two.
    static func plan(source: ByteSource, jobs: Int, minimumPart: Int) -> Plan? {
        guard jobs >= minimumJobs, source.utf8BOMLength == 0, !source.isTranscoded, let size = source.byteCount
        else { return nil }
        let wanted = min(jobs, size / max(minimumPart, 1))
        guard wanted >= 2, case .success(let head) = source.bytes(in: 0..<min(size, 1 << 16)), let rootEnd = rootStartTagEnd(head)
        else { return nil }
        var starts = [0]
        var closeEnds = [0]
        for k in 1..<wanted {
            let from = max(size / wanted * k, rootEnd, starts[starts.count - 1] + 1)
            guard from < size, case .success(let window) = source.bytes(in: from..<min(size, from + searchWindow)),
                let (closeEnd, cut) = boundary(in: window)
            else { continue }
            guard from + cut > starts[starts.count - 1] else { continue }
            starts.append(from + cut)
            closeEnds.append(from + closeEnd)
        }
        guard starts.count >= 2 else { return nil }
        return Plan(rootEnd: rootEnd, starts: starts, closeEnds: closeEnds)
    }

    /// The first place in `bytes` where a `</screen>` is followed by white space holding a line
    /// break and then a `<screen` start tag: one past the `</screen>` and the start of the line of
    /// the `<screen`.
    static func boundary(in bytes: [UInt8]) -> (closeEnd: Int, cut: Int)? {
        let close = Array("</screen>".utf8)
        let open = Array("<screen".utf8)
        var i = 0
        while let p = find(close, in: bytes, from: i) {
            i = p + 1
            let closeEnd = p + close.count
            var r = closeEnd
            var lineStart: Int?
            while r < bytes.count, isSpace(bytes[r]) {
                if bytes[r] == 0x0A { lineStart = r + 1 }
                r += 1
            }
            guard let lineStart, r + open.count < bytes.count, bytes[r..<r + open.count].elementsEqual(open) else {
                continue
            }
            let next = bytes[r + open.count]
            if isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") { return (closeEnd, lineStart) }
        }
        return nil
    }

    /// One past the `>` of the root start tag when the file begins (after an XML declaration in
    /// UTF-8, comments and processing instructions) with `<app …>`; nil for anything else: a
    /// document type declaration, another encoding, another root, an empty root, or a prolog that
    /// does not end within `head`. libxml2 checks all of it again when the first part is parsed.
    static func rootStartTagEnd(_ head: [UInt8]) -> Int? {
        var i = 0
        func starts(_ text: String, at j: Int) -> Bool {
            let t = Array(text.utf8)
            return j + t.count <= head.count && head[j..<j + t.count].elementsEqual(t)
        }
        while true {
            while i < head.count, isSpace(head[i]) { i += 1 }
            guard i < head.count, head[i] == UInt8(ascii: "<") else { return nil }
            if starts("<?", at: i) {
                guard let end = find(Array("?>".utf8), in: head, from: i + 2) else { return nil }
                if starts("<?xml", at: i), i + 5 < head.count, isSpace(head[i + 5]),
                    !declaresUTF8(Array(head[i..<end]))
                {
                    return nil
                }
                i = end + 2
            } else if starts("<!--", at: i) {
                guard let end = find(Array("-->".utf8), in: head, from: i + 4) else { return nil }
                i = end + 3
            } else if starts("<app", at: i), i + 4 < head.count,
                isSpace(head[i + 4]) || head[i + 4] == UInt8(ascii: ">")
            {
                var j = i + 4
                var quote: UInt8 = 0
                while j < head.count {
                    let c = head[j]
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        break
                    }
                    j += 1
                }
                guard j < head.count, head[j - 1] != UInt8(ascii: "/") else { return nil }
                return j + 1
            } else {
                return nil
            }
        }
    }

    /// Whether an XML declaration names no encoding or UTF-8.
    private static func declaresUTF8(_ declaration: [UInt8]) -> Bool {
        guard let e = find(Array("encoding".utf8), in: declaration, from: 0) else { return true }
        var j = e + 8
        while j < declaration.count, isSpace(declaration[j]) || declaration[j] == UInt8(ascii: "=") { j += 1 }
        guard j < declaration.count else { return false }
        let quote = declaration[j]
        guard let close = declaration[(j + 1)...].firstIndex(of: quote) else { return false }
        let name = String(decoding: declaration[(j + 1)..<close], as: UTF8.self).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { ByteSearch.find(needle, in: $0, from: start) }
    }

    /// Line breaks (LF, CRLF or a lone CR) in `range` of `source`; nil when it cannot be read. The
    /// range must not start between the CR and LF of a CRLF.
    static func newlines(in source: ByteSource, _ range: Range<Int>) -> Int? {
        var count = 0
        var failed = false
        var afterCR = false
        source.forEachChunk(in: range, size: 1 << 18) { chunk in
            let bytes = chunk.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let crs = focusaudit_countByte(bytes, chunk.count, UInt8(ascii: "\r"))
            if crs == 0 && !afterCR {
                count += focusaudit_countByte(bytes, chunk.count, UInt8(ascii: "\n"))
                return true
            }
            // CRs are rare: counted byte by byte, a CRLF once.
            for i in 0..<chunk.count {
                let b = bytes[i]
                if b == 0x0D || (b == 0x0A && !afterCR) { count += 1 }
                afterCR = b == 0x0D
            }
            return true
        } onError: { _ in
            failed = true
        }
        return failed ? nil : count
    }
}
