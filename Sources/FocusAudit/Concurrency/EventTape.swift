/// A run of recorded parser events, written by the parse and replayed by the building thread
/// (`ReadCrew`). Its bytes are raw memory (not an array) so that writing a record is a few stores.
final class TapeSegment: @unchecked Sendable {
    /// How full a segment gets before it is handed on.
    static let standardSize = 64 * 1024

    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int
    /// Bytes written.
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Makes room for `needed` bytes in all, keeping the ones written.
    func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        newBase.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// The kinds of record on a tape. Each record is one call on `XMLEventReceiver`, with its arguments
/// stored after the tag byte (integers little-endian, unaligned; byte strings after their length).
enum TapeRecord: UInt8 {
    /// slot: UInt16, length: UInt32, bytes: a name of libxml2's dictionary gets a slot.
    case define
    /// kind: UInt8 (`XMLRootKind`).
    case root
    /// name: UInt16, prefix: UInt16 (`TapeWriter.none` when there is none).
    case begin
    /// name: UInt16, prefix: UInt16, length: UInt32, bytes: one attribute of the element begun.
    case attribute
    /// line: Int64, column: Int64: the element begun is complete.
    case commit
    case end
    /// length: UInt32, bytes.
    case text
    /// line: Int64, column: Int64, length: UInt32, bytes.
    case comment
    /// A processing instruction; nothing follows.
    case instruction
}

/// Writes records to segments and hands each on once it is full. Used by one parse step at a time,
/// and kept in place in its owner (a value, so that writing a record retains nothing).
struct TapeWriter {
    static let none = UInt16.max

    private let crew: ReadCrew?
    private var segment: TapeSegment?
    // The segment's fields, held here while it is written.
    private var base: UnsafeMutableRawPointer?
    private var count = 0
    private var capacity = 0

    /// A writer to `crew`'s tape; without one, a writer that must not be used.
    init(crew: ReadCrew?) {
        self.crew = crew
        if let crew {
            let segment = crew.takeFree()
            self.segment = segment
            base = segment.base
            capacity = segment.capacity
        }
    }

    @inline(__always)
    private mutating func reserve(_ bytes: Int) {
        if count + bytes > capacity {
            segment!.count = count
            segment!.grow(to: count + bytes)
            base = segment!.base
            capacity = segment!.capacity
        }
    }

    @inline(__always)
    private mutating func put<T: FixedWidthInteger>(_ value: T) {
        base.unsafelyUnwrapped.storeBytes(of: value.littleEndian, toByteOffset: count, as: T.self)
        count += MemoryLayout<T>.size
    }

    @inline(__always)
    private mutating func put(_ record: TapeRecord) {
        put(record.rawValue)
    }

    @inline(__always)
    private mutating func put(bytes: UnsafeRawPointer?, count length: Int) {
        put(UInt32(truncatingIfNeeded: length))
        if length > 0, let bytes {
            (base.unsafelyUnwrapped + count).copyMemory(from: bytes, byteCount: length)
            count += length
        }
    }

    /// Hands the segment on when it is full enough; called after records that end an event.
    @inline(__always)
    private mutating func endEvent() {
        if count >= TapeSegment.standardSize { flush() }
    }

    private mutating func flush() {
        segment!.count = count
        crew!.send(segment)
        let next = crew!.takeFree()
        segment = next
        base = next.base
        capacity = next.capacity
        count = 0
    }

    /// Hands on what is written, even nothing, and marks the end of the events.
    mutating func close() {
        segment!.count = count
        crew!.send(segment)
        segment = nil
        base = nil
        crew!.send(nil)
    }

    mutating func define(slot: Int, bytes: UnsafeRawBufferPointer) {
        reserve(1 + 2 + 4 + bytes.count)
        put(.define)
        put(UInt16(slot))
        put(bytes: bytes.baseAddress, count: bytes.count)
    }

    mutating func root(_ kind: XMLRootKind) {
        reserve(2)
        put(.root)
        put(kind.rawValue)
    }

    mutating func begin(name: UInt16, prefix: UInt16) {
        reserve(5)
        put(.begin)
        put(name)
        put(prefix)
    }

    mutating func attribute(name: UInt16, prefix: UInt16, value: UnsafeRawBufferPointer) {
        reserve(1 + 2 + 2 + 4 + value.count)
        put(.attribute)
        put(name)
        put(prefix)
        put(bytes: value.baseAddress, count: value.count)
    }

    mutating func commit(_ location: SourceLocation) {
        reserve(17)
        put(.commit)
        put(Int64(location.line))
        put(Int64(location.column))
        endEvent()
    }

    mutating func end() {
        reserve(1)
        put(.end)
        endEvent()
    }

    mutating func text(_ bytes: UnsafeRawBufferPointer) {
        reserve(1 + 4 + bytes.count)
        put(.text)
        put(bytes: bytes.baseAddress, count: bytes.count)
        endEvent()
    }

    mutating func comment(_ bytes: UnsafeRawBufferPointer, at location: SourceLocation) {
        reserve(1 + 16 + 4 + bytes.count)
        put(.comment)
        put(Int64(location.line))
        put(Int64(location.column))
        put(bytes: bytes.baseAddress, count: bytes.count)
        endEvent()
    }

    mutating func instruction() {
        reserve(1)
        put(.instruction)
        endEvent()
    }
}

/// Reads the records of one segment in order.
struct TapeCursor {
    private var position: UnsafeRawPointer
    private let end: UnsafeRawPointer

    init(_ segment: TapeSegment) {
        position = UnsafeRawPointer(segment.base)
        end = position + segment.count
    }

    var atEnd: Bool { position >= end }

    @inline(__always)
    mutating func take<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
        let value = T(littleEndian: position.loadUnaligned(as: T.self))
        position += MemoryLayout<T>.size
        return value
    }

    @inline(__always)
    mutating func record() -> TapeRecord {
        TapeRecord(rawValue: take(UInt8.self))!
    }

    @inline(__always)
    mutating func bytes() -> UnsafeRawBufferPointer {
        let length = Int(take(UInt32.self))
        let bytes = UnsafeRawBufferPointer(start: position, count: length)
        position += length
        return bytes
    }

    @inline(__always)
    mutating func location() -> SourceLocation {
        let line = Int(take(Int64.self))
        let column = Int(take(Int64.self))
        return SourceLocation(line: line, column: column)
    }
}
