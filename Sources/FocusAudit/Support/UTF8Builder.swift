/// Builds a string from pieces in a buffer on the stack (on the heap past its size) and makes it
/// in one allocation at the end: element paths and messages are made for every link and finding,
/// and appending to a `String` piece by piece grew it, with a copy, once or twice each time.
struct UTF8Builder: ~Copyable {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Everything written so far once the buffer is full.
    private var spill: [UInt8] = []
    private var spilled = false

    static let stackSize = 512

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The string `body` writes.
    static func build(_ body: (inout UTF8Builder) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { buffer in
            var builder = UTF8Builder(buffer)
            body(&builder)
            return builder.string()
        }
    }

    /// Runs `use` on the bytes `write` writes, without making a string of them.
    static func withBytes<R>(_ write: (inout UTF8Builder) -> Void, _ use: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { buffer in
            var builder = UTF8Builder(buffer)
            write(&builder)
            return builder.withBytes(use)
        }
    }

    /// Runs `use` on the bytes `write` writes, split where `write` called `markSharedHead()` and
    /// `markSharedTail()`: the bytes before the head's mark (nil without it), those between, and
    /// those after the tail's mark (nil without it).
    @inline(__always)
    static func withBytesHeadAndTail<R>(
        _ write: (inout UTF8Builder) -> Void,
        _ use: (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { buffer in
            var builder = UTF8Builder(buffer)
            write(&builder)
            let (headMark, tailMark) = (builder.headMark, builder.tailMark)
            return builder.withBytes { bytes in
                guard headMark >= 0 || tailMark >= 0 else { return use(nil, bytes, nil) }
                let end = tailMark >= 0 ? tailMark : bytes.count
                let start = headMark >= 0 ? Swift.min(headMark, end) : 0
                return use(
                    headMark < 0 ? nil : UnsafeBufferPointer(rebasing: bytes[..<start]),
                    UnsafeBufferPointer(rebasing: bytes[start..<end]),
                    tailMark < 0 ? nil : UnsafeBufferPointer(rebasing: bytes[end...]))
            }
        }
    }

    /// Where the shared tail starts, if `markSharedTail()` was called (else -1).
    private var tailMark = -1
    /// Where the shared head ends, if `markSharedHead()` was called (else -1).
    private var headMark = -1

    /// Marks the end of a message's fixed start, before what names its element: it is the same in
    /// many messages, and a finding list stores it once (`FindingList.append(…sharedHead:)`). What
    /// comes before the mark is to be a fixed text of the rule, never something read from the
    /// input: a list numbers at most 255 distinct heads.
    mutating func markSharedHead() {
        headMark = spilled ? spill.count : count
    }

    /// Marks the end of what is particular to this message: what follows is the same in many
    /// messages, and a finding list stores it once (`FindingList.append(…sharedTail:)`).
    mutating func markSharedTail() {
        tailMark = spilled ? spill.count : count
    }

    private func withBytes<R>(_ use: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if spilled { return spill.withUnsafeBufferPointer(use) }
        return use(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }

    mutating func append(_ text: String) {
        StringTable.withBytes(text) { append(bytes: $0) }
    }

    mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if !spilled && count + bytes.count <= buffer.count {
            (buffer.baseAddress! + count).update(from: base, count: bytes.count)
            count += bytes.count
            return
        }
        spillIfNeeded()
        spill.append(contentsOf: bytes)
    }

    mutating func append(byte: UInt8) {
        if !spilled && count < buffer.count {
            buffer[count] = byte
            count += 1
            return
        }
        spillIfNeeded()
        spill.append(byte)
    }

    mutating func append(decimal value: Int) {
        if value < 0 { append(byte: 0x2D) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var n = value.magnitude
        var length = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[23 - length] = UInt8(truncatingIfNeeded: n % 10) + 0x30
                n /= 10
                length += 1
            } while n > 0
            append(bytes: UnsafeBufferPointer(rebasing: raw.assumingMemoryBound(to: UInt8.self)[(24 - length)...]))
        }
    }

    private mutating func spillIfNeeded() {
        guard !spilled else { return }
        spilled = true
        spill.reserveCapacity(buffer.count * 2)
        spill.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }

    private consuming func string() -> String {
        if spilled { return String(decoding: spill, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
}
