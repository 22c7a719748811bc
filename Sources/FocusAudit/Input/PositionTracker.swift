/// Exact line and column for byte offsets of a stream that is read once, front to back.
///
/// libxml2's own line numbers are unusable for findings: `node->line` stops at 65535 and a SAX
/// start-element callback sees the parser at the end of a start tag, not at its `<`. So the reader
/// keeps the bytes it has fed to libxml2 but not yet located, finds each start tag's `<` by scanning
/// back from the parser's byte position (`<` cannot occur inside a start tag), and advances a cursor
/// to it, counting newlines and Unicode scalars (UTF-8 lead bytes), a machine word at a time. Offsets are located in increasing
/// order, so every byte is counted once and only the bytes after the last located offset are kept.
struct PositionTracker {
    private var buffer: [UInt8] = []
    /// Absolute offset of `buffer[0]`.
    private var bufferStart = 0
    /// Absolute offset up to which lines and columns are known.
    private(set) var cursor = 0
    private var line = 1
    private var column = 1

    /// Starts counting at `offset` (past a byte-order mark, which is not a column).
    init(startingAt offset: Int = 0) {
        cursor = offset
    }

    /// A tracker over bytes held whole (JSON input, baselines).
    init(bytes: [UInt8], startingAt offset: Int = 0) {
        self.init(startingAt: offset)
        bytes.withUnsafeBytes { append($0) }
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

    /// The offset of the last `<` at or before `offset` that is not before the cursor.
    func lastTagOpen(atOrBefore offset: Int) -> Int? {
        let high = min(offset, end - 1) - bufferStart
        let low = cursor - bufferStart
        guard high >= low else { return nil }
        return buffer.withUnsafeBufferPointer { bytes -> Int? in
            // Eight bytes at a time from the end: start tags run to dozens of bytes. The exact mask
            // (no false bytes) lets the highest marked byte be the answer.
            let raw = UnsafeRawPointer(bytes.baseAddress!)
            var i = high + 1
            while i - 8 >= low {
                let word = raw.loadUnaligned(fromByteOffset: i - 8, as: UInt64.self).littleEndian
                let opens = (word ^ .repeated(UInt8(ascii: "<"))).zeroByteMask
                if opens != 0 { return bufferStart + i - 8 + (63 - opens.leadingZeroBitCount) / 8 }
                i -= 8
            }
            while i > low {
                i -= 1
                if bytes[i] == UInt8(ascii: "<") { return bufferStart + i }
            }
            return nil
        }
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

    /// Line and column of `offset`, which must not be before an offset located earlier; an earlier
    /// one gives the cursor's position.
    mutating func locate(_ offset: Int) -> SourceLocation {
        let target = min(offset, end)
        if target > cursor {
            buffer.withUnsafeBufferPointer { bytes in
                var i = cursor - bufferStart
                let stop = target - bufferStart
                var line = self.line
                var column = self.column
                // Eight bytes at a time. In each word, a column is every byte that is not a UTF-8
                // continuation byte (10xxxxxx); a newline starts the count again after it.
                let raw = UnsafeRawPointer(bytes.baseAddress!)
                let high: UInt64 = 0x8080_8080_8080_8080
                while i + 8 <= stop {
                    let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
                    // The high bit of each byte that starts a scalar, and of each byte that is a newline
                    // (exact per byte: no carry crosses from one byte into the next).
                    let starts = ~(word & ~(word << 1)) & high
                    let newlines = (word ^ .repeated(0x0A)).zeroByteMask
                    if newlines == 0 {
                        column += starts.nonzeroBitCount
                    } else {
                        line += newlines.nonzeroBitCount
                        // Bytes after the last newline of the word (byte k sits at bits 8k...8k+7).
                        let last = (63 - newlines.leadingZeroBitCount) / 8
                        let after: UInt64 = last == 7 ? 0 : ~0 << UInt64(8 * (last + 1))
                        column = 1 + (starts & after).nonzeroBitCount
                    }
                    i += 8
                }
                while i < stop {
                    let b = bytes[i]
                    if b == 0x0A {
                        line += 1
                        column = 1
                    } else if b & 0xC0 != 0x80 {
                        column += 1
                    }
                    i += 1
                }
                self.line = line
                self.column = column
            }
            cursor = target
        }
        return SourceLocation(line: line, column: column)
    }
}
