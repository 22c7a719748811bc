internal import CLibXML

/// Where reporters write: UTF-8 bytes gathered in a fixed buffer of some tens of KB, passed on to a
/// file descriptor whenever it fills, or kept in memory for `ReportFormat.render`. A report of tens
/// of thousands of findings is therefore never held whole.
///
/// A write error on a descriptor (other than an interruption, which is retried) is recorded in
/// `error`, and later output is dropped.
public final class ReportWriter {
    /// The buffer size used unless told otherwise.
    public static let defaultCapacity = 64 * 1024
    /// Room every buffer has, so one escape sequence or one number always fits whole.
    static let minimumCapacity = 32

    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    // Touched on every write by the one thread writing the report, so the run-time exclusivity
    // checks that class properties get are skipped.
    @exclusivity(unchecked) private var count = 0
    private let descriptor: Int32?
    @exclusivity(unchecked) private var stored: [UInt8] = []
    /// The `errno` of the first failed write to the descriptor, if any.
    @exclusivity(unchecked) public private(set) var error: Int32?

    /// Output to a file descriptor (which the writer does not close); call `flush()` at the end.
    public init(descriptor: Int32, capacity: Int = ReportWriter.defaultCapacity) {
        self.descriptor = descriptor
        self.capacity = max(capacity, Self.minimumCapacity)
        buffer = .allocate(capacity: self.capacity)
    }

    /// Output kept in memory; read it with `bytes` or `text`.
    public init(capacity: Int = ReportWriter.defaultCapacity) {
        descriptor = nil
        self.capacity = max(capacity, Self.minimumCapacity)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    /// Everything written so far (memory output only; empty for a descriptor).
    public var bytes: [UInt8] {
        flush()
        return stored
    }

    /// Everything written so far (memory output only), leaving the writer empty and holding
    /// `spare` (emptied, its room kept) to write into next: a writer used again and again then
    /// allocates nothing once its arrays are large enough.
    func takeBytes(reusing spare: [UInt8] = []) -> [UInt8] {
        flush()
        var next = spare
        next.removeAll(keepingCapacity: true)
        swap(&next, &stored)
        return next
    }

    /// Everything written so far, as text (memory output only).
    public var text: String {
        flush()
        return String(decoding: stored, as: UTF8.self)
    }

    /// Passes the buffered bytes on: appended to memory, or written to the descriptor in full,
    /// retrying short writes and interruptions.
    public func flush() {
        guard count > 0 else { return }
        defer { count = 0 }
        guard let descriptor else {
            stored.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
            return
        }
        guard error == nil else { return }
        writeFully(descriptor, UnsafeRawPointer(buffer), count)
    }

    /// Writes `count` bytes at `start` to the descriptor in full, retrying short writes and
    /// interruptions; a failure is recorded in `error`.
    private func writeFully(_ descriptor: Int32, _ start: UnsafeRawPointer, _ count: Int) {
        var offset = 0
        while offset < count {
            let n = Platform.writeSome(descriptor, start + offset, count: count - offset)
            if n < 0 {
                if Platform.lastError == Platform.interrupted { continue }
                error = Platform.lastError
                return
            }
            offset += n
        }
    }

    // MARK: Plain output

    /// Writes bytes as they are; a run longer than the free room is split across flushes.
    @inline(__always)
    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        // Most writes are a few bytes that fit in the free room.
        let n = bytes.count
        if n <= capacity - count, let source = bytes.baseAddress {
            (buffer + count).update(from: source, count: n)
            count += n
        } else {
            writeSplitting(bytes)
        }
    }

    private func writeSplitting(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        // A run as long as the buffer goes to a descriptor straight from where it is, after what
        // the buffer holds, instead of being copied through the buffer.
        if remaining >= capacity, let descriptor {
            flush()
            if error == nil { writeFully(descriptor, UnsafeRawPointer(source), remaining) }
            return
        }
        while remaining > 0 {
            if count == capacity { flush() }
            let n = min(remaining, capacity - count)
            (buffer + count).update(from: source, count: n)
            count += n
            source += n
            remaining -= n
        }
    }

    /// Writes a literal's bytes, without going through `String`.
    @inline(__always)
    public func write(literal: StaticString) {
        write(bytes: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes a string's UTF-8 bytes.
    public func write(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { write(bytes: $0) }
    }

    /// Writes a substring's UTF-8 bytes.
    public func write(_ text: Substring) {
        if text.utf8.withContiguousStorageIfAvailable({ write(bytes: $0) }) != nil { return }
        write(String(text))
    }

    /// Writes one byte.
    @inline(__always)
    public func write(byte: UInt8) {
        if count == capacity { flush() }
        buffer[count] = byte
        count += 1
    }

    /// Writes an integer in decimal, as `String(n)` would.
    public func write(_ number: Int) {
        reserve(21)
        if number == 0 {
            buffer[count] = 0x30
            count += 1
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { scratch in
            var value = number.magnitude
            var i = scratch.count
            while value > 0 {
                i -= 1
                scratch[i] = 0x30 + UInt8(value % 10)
                value /= 10
            }
            if number < 0 {
                i -= 1
                scratch[i] = 0x2D
            }
            let n = scratch.count - i
            (buffer + count).update(from: scratch.baseAddress!.advanced(by: i).assumingMemoryBound(to: UInt8.self), count: n)
            count += n
        }
    }

    /// Writes `true` or `false`.
    public func write(_ value: Bool) {
        write(value ? "true" : "false")
    }

    /// Makes room for `n` contiguous bytes (`n` at most `minimumCapacity`).
    @inline(__always)
    private func reserve(_ n: Int) {
        if capacity - count < n { flush() }
    }

    // MARK: Escaped output

    /// Writes the body of a JSON string literal (without quotes): quotes, backslashes, control
    /// characters and DEL escaped, and U+2028/2029 too, so the output is also valid JavaScript.
    /// Runs of bytes that need no escaping are copied as they are.
    public func writeJSONEscaped(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ writeJSONEscaped(bytes: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { writeJSONEscaped(bytes: $0) }
    }

    /// Writes `"` + the escaped bytes + `"`.
    public func writeJSONString(bytes: UnsafeBufferPointer<UInt8>) {
        write(byte: 0x22)
        writeJSONEscaped(bytes: bytes)
        write(byte: 0x22)
    }

    /// Writes `"` + the escaped text + `"`.
    public func writeJSONString(_ text: String) {
        write(byte: 0x22)
        writeJSONEscaped(text)
        write(byte: 0x22)
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    public func writeJSONEscaped(bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        var runStart = 0
        var i = 0
        let raw = UnsafeRawPointer(bytes.baseAddress)
        while i < n {
            // Up to the next byte that may need escaping (a control byte, `"`, `\`, DEL, or the lead
            // byte 0xE2 of U+2028/2029).
            // Sixteen bytes at a time, in the C shim (SSE2).
            if let raw {
                i += focusaudit_nextJSONSpecial(raw.assumingMemoryBound(to: UInt8.self) + i, n - i)
                if i >= n { break }
            }
            let byte = bytes[i]
            if byte == 0xE2 {
                guard i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
                    i += 1
                    continue
                }
                write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                reserve(6)
                put(0x5C, 0x75, 0x32, 0x30, 0x32, bytes[i + 2] == 0xA8 ? 0x38 : 0x39)
                i += 3
                runStart = i
                continue
            }
            write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            reserve(6)
            switch byte {
            case 0x22: put(0x5C, 0x22)
            case 0x5C: put(0x5C, 0x5C)
            case 0x0A: put(0x5C, 0x6E)
            case 0x0D: put(0x5C, 0x72)
            case 0x09: put(0x5C, 0x74)
            default:
                let hex = Self.hexDigits.utf8Start
                put(0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)])
            }
            i += 1
            runStart = i
        }
        write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<n]))
    }

    /// Writes text as `Escaping.terminal` would make it: control characters and bidirectional
    /// overrides as `\u{…}`. Only bytes that can start such a character (C0 controls, DEL, and the
    /// lead bytes 0xC2, 0xD8 and 0xE2) stop the copy of a run.
    public func writeTerminalEscaped(bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let raw = UnsafeRawPointer(bytes.baseAddress) else { return }
        var runStart = 0
        var i = 0
        while i < n {
            i = Self.skipOrdinary(raw, from: i, count: n) { word in
                (word ^ .repeated(0xC2)).zeroByteMask | (word ^ .repeated(0xD8)).zeroByteMask
                    | (word ^ .repeated(0xE2)).zeroByteMask
            }
            if i >= n { break }
            let byte = bytes[i]
            // The scalar starting here and its length, for the bytes that may start an unsafe one.
            var scalar: UInt32 = 0
            var length = 1
            switch byte {
            case 0x00..<0x20, 0x7F:
                scalar = UInt32(byte)
            case 0xC2, 0xD8:
                guard i + 1 < n else {
                    i += 1
                    continue
                }
                scalar = UInt32(byte & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                length = 2
            case 0xE2:
                guard i + 2 < n else {
                    i += 1
                    continue
                }
                scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                length = 3
            default:
                i += 1
                continue
            }
            guard let value = Unicode.Scalar(scalar), Escaping.isUnsafeOnTerminal(value) else {
                i += length
                continue
            }
            write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            write(literal: "\\u{")
            write(String(scalar, radix: 16, uppercase: true))
            write(byte: 0x7D)
            i += length
            runStart = i
        }
        write(bytes: UnsafeBufferPointer(rebasing: bytes[runStart..<n]))
    }

    /// `writeTerminalEscaped(bytes:)` for a string.
    public func writeTerminalEscaped(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ writeTerminalEscaped(bytes: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { writeTerminalEscaped(bytes: $0) }
    }

    /// Eight bytes at a time from `start`: the offset of the first eight-byte word holding a control
    /// byte (below 0x20), DEL or a byte `marks` flags (its result has the high bit of each such byte
    /// set), and within it of the first such byte; or of the last whole word's end, where the caller
    /// goes on byte by byte.
    @inline(__always)
    private static func skipOrdinary(
        _ raw: UnsafeRawPointer, from start: Int, count n: Int, marks: (UInt64) -> UInt64
    ) -> Int {
        var i = start
        while i + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self).littleEndian
            let special = (word & .repeated(0xE0)).zeroByteMask | (word ^ .repeated(0x7F)).zeroByteMask | marks(word)
            if special != 0 { return i + special.trailingZeroBitCount / 8 }
            i += 8
        }
        return i
    }

    /// Appends two bytes already reserved for.
    @inline(__always)
    private func put(_ a: UInt8, _ b: UInt8) {
        buffer[count] = a
        buffer[count + 1] = b
        count += 2
    }

    /// Appends six bytes already reserved for.
    @inline(__always)
    private func put(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8, _ f: UInt8) {
        buffer[count] = a
        buffer[count + 1] = b
        buffer[count + 2] = c
        buffer[count + 3] = d
        buffer[count + 4] = e
        buffer[count + 5] = f
        count += 6
    }
}
