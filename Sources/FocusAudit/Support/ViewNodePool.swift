internal import CLibXML

/// View nodes of screens that have been checked, kept for the reader to use again.
///
/// A large description makes hundreds of thousands of nodes of a few hundred bytes each, and with
/// glibc's allocator blocks of that size take its slower paths both ways; reusing the nodes of
/// checked screens keeps a few batches' worth in circulation instead, and each node's lists keep
/// their room. The pool is used by the reading thread only: it lists the nodes it hands out
/// (`takeIssued`), the thread that checks a batch releases its nodes (`release`), and the pool
/// takes those back (`reuse`), so no node is walked as a tree to be recycled.
final class ViewNodePool {
    /// Released nodes, kept in the lists they came back in: taking a list over moves it whole,
    /// where adding its nodes to one list would touch every node to count a reference.
    @exclusivity(unchecked) private var free: [[ViewNode]] = []
    @exclusivity(unchecked) private var freeCount = 0
    /// Nodes handed out since the last `takeIssued()`, in the order they were made.
    @exclusivity(unchecked) private var issued: [ViewNode] = []
    /// Enough for a few batches of screens in flight; beyond it, nodes are freed as usual.
    static let limit = 1 << 16
    static let prefetchDistance = 6

    func make(type: String, location: SourceLocation, ordinal: Int) -> ViewNode {
        var node: ViewNode?
        while node == nil, !free.isEmpty {
            node = free[free.count - 1].popLast()
            if node == nil { free.removeLast() }
        }
        if let node {
            freeCount -= 1
            // A node made again a few elements from now was last written where its batch was
            // checked, often the other core: its cache lines are fetched now, while these elements
            // are read, rather than when it is reset. The next node alone came too late to help.
            if let list = free.last, list.count > Self.prefetchDistance {
                let next = list[list.count - 1 - Self.prefetchDistance]
                focusaudit_prefetchForWrite(UnsafeRawPointer(Unmanaged.passUnretained(next).toOpaque()), 384)
            }
            node.reset(type: type, location: location, ordinal: ordinal)
            issued.append(node)
            return node
        }
        let made = ViewNode(type: type, location: location, ordinal: ordinal)
        issued.append(made)
        return made
    }

    /// The nodes made since the last call: those of the screens read since then.
    func takeIssued() -> [ViewNode] {
        let taken = issued
        issued = []
        // Room for as many as last time, up to what the pool keeps: a screen of a few hundred
        // thousand views would otherwise reserve as much again for the screens after it.
        issued.reserveCapacity(min(taken.count, Self.limit))
        return taken
    }

    /// On the thread done with the screens `nodes` were made for, once the screens themselves are
    /// gone: keeps only the nodes nothing else holds, which are safe to make again, and empties
    /// their lists of children (keeping the lists' room). A node held elsewhere keeps its children.
    static func release(_ nodes: inout [ViewNode]) {
        var kept = 0
        nodes.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                // In the order made, a parent comes before its children, so by the time a child is
                // looked at, its parent (if free) has let go of it.
                guard isKnownUniquelyReferenced(&buffer[i]) else { continue }
                if !buffer[i].children.isEmpty { buffer[i].children.removeAll(keepingCapacity: true) }
                buffer.swapAt(kept, i)
                kept += 1
            }
        }
        nodes.removeLast(nodes.count - kept)
    }

    /// No more nodes will be made: frees the unused ones, and `reuse` keeps none from now on.
    func close() {
        closed = true
        free = []
        freeCount = 0
    }
    @exclusivity(unchecked) private var closed = false

    /// Takes back released nodes for `make` to use (none beyond `limit`).
    func reuse(_ nodes: [ViewNode]) {
        guard !closed, !nodes.isEmpty, freeCount + nodes.count <= Self.limit else { return }
        freeCount += nodes.count
        free.append(nodes)
    }
}
