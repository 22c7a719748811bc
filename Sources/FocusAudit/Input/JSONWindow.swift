/// The part of a JSON source that the parser is reading: a few chunks read at their offsets, so a
/// description is never held whole. The parser asks for the byte at an offset (`load`) and says
/// from where it still needs what it has (the start of the string or number it is in); bytes
/// before that are dropped.
final class JSONWindow {
    let source: ByteSource
    let chunkSize: Int
    private var storage: UnsafeMutableBufferPointer<UInt8>
    /// Absolute offset of `storage[0]`.
    private(set) var base = 0
    private var count = 0
    /// The source's read error, if one stopped the reading; the bytes end there.
    private(set) var failure: String?

    init(source: ByteSource, chunkSize: Int = 1 << 16) {
        self.source = source
        self.chunkSize = max(chunkSize, 1)
        storage = .allocate(capacity: max(chunkSize, 1) * 2)
    }

    deinit { storage.deallocate() }

    /// The bytes held: absolute offsets `base ..< base + bytes.count`.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[..<count]) }

    /// Goes on reading from `offset`: keeps what is held when `offset` is in it (the views of a
    /// body are read one after another from the bytes at hand), else drops everything.
    func seek(to offset: Int) {
        if offset >= base && offset < base + count && failure == nil { return }
        reset(at: offset)
    }

    /// Drops everything and reads on from `offset`.
    func reset(at offset: Int) {
        base = offset
        count = 0
        failure = nil
    }

    /// Reads until the byte at absolute offset `offset` is held, keeping the held bytes from
    /// `keep` on; false when the source ends (or fails) first.
    func load(through offset: Int, keepingFrom keep: Int) -> Bool {
        if offset < base + count { return true }
        guard failure == nil else { return false }
        let from = min(max(keep, base), base + count)
        let kept = base + count - from
        if from > base {
            if kept > 0 { storage.baseAddress!.update(from: storage.baseAddress! + (from - base), count: kept) }
            base = from
            count = kept
            // Room that a long string needed is given back once it is read.
            if storage.count > 4 * (count + chunkSize) {
                let smaller = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * (count + chunkSize))
                if count > 0 { smaller.baseAddress!.update(from: storage.baseAddress!, count: count) }
                storage.deallocate()
                storage = smaller
            }
        }
        while offset >= base + count {
            if storage.count - count < chunkSize {
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(storage.count * 2, count + chunkSize))
                if count > 0 { larger.baseAddress!.update(from: storage.baseAddress!, count: count) }
                storage.deallocate()
                storage = larger
            }
            let start = base + count
            var got = 0
            source.forEachChunk(in: start..<(start + chunkSize), size: chunkSize) { chunk in
                (self.storage.baseAddress! + self.count).update(
                    from: chunk.baseAddress!.assumingMemoryBound(to: UInt8.self), count: chunk.count)
                self.count += chunk.count
                got += chunk.count
                return true
            } onError: {
                self.failure = $0
            }
            if got == 0 { return false }
        }
        return true
    }
}
