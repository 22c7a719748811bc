/// The hashes of the ids of one screen's `Text` leaves that the description reader folded
/// (`DescriptionBuilder.foldsIDLeaf`), to tell at the end of the screen whether any of them is also
/// the id of another element of the screen, folded or kept. Such a screen would need the folded
/// leaf for `duplicate_focus_id` (the first element of an id is named in the later ones' messages,
/// and a later one gets a finding at its place and path), so its file is read again with no id
/// folded (`Auditor.audit(source:file:explicit:configuration:pipelined:jsonChunkSize:)`).
///
/// An id is held as the hash of its ASCII form (`ByteHash.withASCIIForm`), which is how
/// `duplicate_focus_id` files the ids of a screen: two ids it takes as the same have the same ASCII
/// form, so the same hash here. Two different ids of the same hash only make the file read again.
/// Eight bytes an id, in chunks that are never copied (8 to 8,192 hashes each), where a table of
/// slots would take two or three times that; a screen's hashes are sorted chunk by chunk and the
/// chunks merged once, when it ends.
final class FoldedIDs {
    /// The lowest bit of a stored hash: set for a folded leaf's id, clear for a kept element's.
    private static let foldedBit: UInt64 = 1
    private static let firstChunk = 8
    private static let largestChunk = 8192

    private var chunks: [UnsafeMutableBufferPointer<UInt64>] = []
    /// Hashes in the last chunk.
    private var lastCount = 0
    /// Whether a folded leaf's id was added since the last `removeAll`.
    private(set) var hasFolded = false

    deinit { removeAll() }

    /// Adds the id of a folded leaf (its ASCII form's hash).
    @inline(__always) func addFolded(hash: UInt64) {
        add(hash | Self.foldedBit)
        hasFolded = true
    }

    /// Adds the id of a kept element.
    @inline(__always) func addKept(hash: UInt64) {
        add(hash & ~Self.foldedBit)
    }

    @inline(__always) private func add(_ value: UInt64) {
        if chunks.isEmpty || lastCount == chunks[chunks.count - 1].count { addChunk() }
        chunks[chunks.count - 1][lastCount] = value
        lastCount += 1
    }

    private func addChunk() {
        let size = chunks.isEmpty ? Self.firstChunk : Swift.min(chunks[chunks.count - 1].count * 2, Self.largestChunk)
        chunks.append(.allocate(capacity: size))
        lastCount = 0
    }

    /// Frees every chunk.
    func removeAll() {
        for chunk in chunks { chunk.deallocate() }
        chunks = []
        lastCount = 0
        hasFolded = false
    }

    /// Whether two of the hashes are the same, one of them a folded leaf's (hashes compared
    /// without their lowest bit, which says which they are).
    func foldedMeetsAnother() -> Bool {
        guard hasFolded else { return false }
        var runs: [UnsafeMutableBufferPointer<UInt64>] = []
        for (c, chunk) in chunks.enumerated() {
            var run = UnsafeMutableBufferPointer(rebasing: chunk[0..<(c == chunks.count - 1 ? lastCount : chunk.count)])
            run.sort()
            runs.append(run)
        }
        // The runs merged in order through a heap of their next hashes (the run's number beside).
        var heap: [(value: UInt64, run: Int, at: Int)] = []
        heap.reserveCapacity(runs.count)
        for (r, run) in runs.enumerated() where run.count > 0 { Self.push((run[0], r, 0), on: &heap) }
        // Within a group of the same hash the kept ones sort first: the group holds a folded one and
        // another exactly when a folded one follows a hash of the group.
        var previous: UInt64?
        while let (value, r, at) = Self.pop(&heap) {
            if value & Self.foldedBit != 0, let previous, previous | Self.foldedBit == value { return true }
            previous = value
            if at + 1 < runs[r].count { Self.push((runs[r][at + 1], r, at + 1), on: &heap) }
        }
        return false
    }

    private static func push(_ entry: (value: UInt64, run: Int, at: Int), on heap: inout [(value: UInt64, run: Int, at: Int)]) {
        heap.append(entry)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if heap[parent].value <= heap[i].value { break }
            heap.swapAt(parent, i)
            i = parent
        }
    }

    private static func pop(_ heap: inout [(value: UInt64, run: Int, at: Int)]) -> (value: UInt64, run: Int, at: Int)? {
        guard let last = heap.popLast() else { return nil }
        guard !heap.isEmpty else { return last }
        let top = heap[0]
        heap[0] = last
        var i = 0
        while true {
            let left = 2 * i + 1
            if left >= heap.count { break }
            let right = left + 1
            let smaller = right < heap.count && heap[right].value < heap[left].value ? right : left
            if heap[i].value <= heap[smaller].value { break }
            heap.swapAt(i, smaller)
            i = smaller
        }
        return top
    }
}
