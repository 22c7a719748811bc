internal import CLibXML

/// Exact line and column for byte offsets of a stream that is read once, front to back.
///
/// libxml2's own line numbers are unusable for findings: `node->line` stops at 65535 and a SAX
/// start-element callback sees the parser at the end of a start tag, not at its `<`. So the reader
/// keeps the bytes it has fed to libxml2 but not yet located, finds each start tag's `<` by scanning
/// back from the parser's byte position (`<` cannot occur inside a start tag), and advances a cursor
/// to it, counting newlines and Unicode scalars (UTF-8 lead bytes) sixteen bytes at a time, in one
/// pass (the scans are in the C shim, with SSE2). Offsets are located in increasing order, so every byte is
/// counted once and only the bytes after the last located offset are kept.
struct PositionTracker {
    private var buffer: [UInt8] = []
    /// Absolute offset of `buffer[0]`.
    private var bufferStart = 0
    /// Absolute offset up to which lines and columns are known.
    private(set) var cursor = 0
    private var line = 1
    private var column = 1
    /// Whether the byte before the cursor is a CR (so an LF at the cursor ends a CRLF).
    private var afterCR: Int32 = 0

    /// Starts counting at `offset` (past a byte-order mark, which is not a column).
    init(startingAt offset: Int = 0) {
        cursor = offset
    }

    /// A tracker over bytes held whole (JSON input, baselines).
    init(bytes: [UInt8], startingAt offset: Int = 0) {
        self.init(startingAt: offset)
        bytes.withUnsafeBytes { append($0) }
    }

    init(bytes: UnsafeBufferPointer<UInt8>, startingAt offset: Int = 0) {
        self.init(startingAt: offset)
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Absolute offset one past the last byte appended.
    var end: Int { bufferStart + buffer.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer, skipping: Int = 0) {
        if skipping > 0 {
            buffer.append(contentsOf: bytes[skipping...])
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Forgets bytes before the cursor; amortised so each byte is moved at most a few times.
    mutating func compact() {
        let drop = cursor - bufferStart
        if drop > 0 && drop >= buffer.count / 2 {
            buffer.removeFirst(drop)
            bufferStart = cursor
        }
    }

    /// Carries on counting from `offset`, all appended so far, as the start of line `line`: for a
    /// file read in parts, whose later parts are fed to the parser after the file's first bytes
    /// (its root start tag) and continue where the part begins in the file.
    mutating func jump(to offset: Int, line: Int) {
        precondition(offset >= cursor && offset == end, "a jump goes to the end of what was appended")
        buffer.removeAll(keepingCapacity: true)
        bufferStart = offset
        cursor = offset
        self.line = line
        column = 1
        afterCR = 0
    }

    /// The offset of the last `<` at or before `offset` that is not before the cursor.
    func lastTagOpen(atOrBefore offset: Int) -> Int? {
        let high = min(offset, end - 1) - bufferStart
        let low = cursor - bufferStart
        guard high >= low else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            let found = focusaudit_lastIndexOf(bytes.baseAddress! + low, high - low + 1, UInt8(ascii: "<"))
            return found < 0 ? nil : bufferStart + low + found
        }
    }

    /// Line and column of the last `<` at or before `offset` (of `offset` itself when there is
    /// none): where a start tag begins. One mutating call, so that a tracker held in a class's
    /// property is worked on in place rather than copied to look for the `<`.
    mutating func locateTagOpen(atOrBefore offset: Int) -> SourceLocation {
        locate(lastTagOpen(atOrBefore: offset) ?? offset)
    }

    /// The offset of the last `<!--` starting at or before `offset`, not before the cursor.
    func lastCommentOpen(atOrBefore offset: Int) -> Int? {
        var probe = offset
        while let open = lastTagOpen(atOrBefore: probe) {
            let i = open - bufferStart
            if i + 3 < buffer.count, buffer[i + 1] == UInt8(ascii: "!"), buffer[i + 2] == UInt8(ascii: "-"),
                buffer[i + 3] == UInt8(ascii: "-")
            {
                return open
            }
            probe = open - 1
        }
        return nil
    }

    /// The offset of the first `<!--` at or after `offset` (and not before the cursor) that holds
    /// exactly `body` (a comment's text as the parser reports it, with its line breaks made LF), or
    /// nil when there is none among the bytes kept. Parsers read ahead: by the time one reports a
    /// comment, it may have read the next one too, so the comment is found from the front.
    func firstCommentOpen(from offset: Int, body: UnsafeRawBufferPointer) -> Int? {
        var i = max(offset, cursor) - bufferStart
        let n = buffer.count
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            while i + 3 < n {
                if bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "!"), bytes[i + 2] == UInt8(ascii: "-"),
                    bytes[i + 3] == UInt8(ascii: "-"), Self.holds(body, in: bytes, at: i + 4)
                {
                    return bufferStart + i
                }
                i += 1
            }
            return nil
        }
    }

    /// Whether `bytes` at `start` hold `body` followed by `-->`, a CRLF or lone CR in `bytes`
    /// matching an LF in `body`.
    private static func holds(_ body: UnsafeRawBufferPointer, in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var i = start
        for b in body {
            guard i < bytes.count else { return false }
            if b == 0x0A, bytes[i] == 0x0D {
                i += 1
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
                continue
            }
            guard bytes[i] == b else { return false }
            i += 1
        }
        return i + 2 < bytes.count && bytes[i] == UInt8(ascii: "-") && bytes[i + 1] == UInt8(ascii: "-")
            && bytes[i + 2] == UInt8(ascii: ">")
    }

    /// Line and column of `offset`, which must not be before an offset located earlier; an earlier
    /// one gives the cursor's position.
    mutating func locate(_ offset: Int) -> SourceLocation {
        let target = min(offset, end)
        if target > cursor {
            var (newLine, newColumn, newAfterCR) = (line, column, afterCR)
            buffer.withUnsafeBufferPointer { bytes in
                focusaudit_advance(
                    bytes.baseAddress! + (cursor - bufferStart), target - cursor, cursor - bufferStart, &newLine, &newColumn,
                    &newAfterCR)
            }
            (line, column, afterCR) = (newLine, newColumn, newAfterCR)
            cursor = target
        }
        return SourceLocation(line: line, column: column)
    }
}

/// A line and column counted a byte at a time by `PositionTracker`'s rules (`focusaudit_advance`
/// in the C shim): a lone CR, a lone LF and a CRLF each end a line; every byte that starts a UTF-8
/// sequence is a column, continuation bytes are none. For the place of one byte found by other
/// means (the first byte that is not UTF-8, `ReaderRegistry`).
struct TextPlace {
    /// The next byte's line and column.
    private(set) var line = 1
    private(set) var column = 1
    /// Whether the byte before was a CR (so an LF next ends no second line).
    private var afterCR = false

    /// Steps over `b`: the place of the byte after it.
    @inline(__always)
    mutating func step(_ b: UInt8) {
        if b == 0x0D {
            line += 1
            column = 1
            afterCR = true
        } else if b == 0x0A {
            if !afterCR { line += 1 }
            column = 1
            afterCR = false
        } else {
            if b & 0xC0 != 0x80 { column += 1 }
            afterCR = false
        }
    }
}
