/// The elements of one screen, in document order (each element before its descendants), as records
/// kept in chunks that never move.
///
/// Elements are not objects of their own: an element is its index here (`ElementInfo`), its parent
/// an index, and its descendants the indices `index + 1 ..< subtreeEnd`, so its children are found by
/// stepping from one child's `subtreeEnd` to the next child, and no element keeps a list of them.
/// The first chunk holds 8 records, the next ones 8, 16, … 512 (so the first 1,024 records take
/// eight chunks) and every later one 1,024: a small screen takes little room (and its chunk is
/// small enough for the allocator's quickest path), a screen of hundreds of thousands of elements
/// holds at most one chunk of unused room, and nothing is ever copied as the store grows, so a
/// record's address stays valid as long as the store. A whole chunk is under glibc's threshold for
/// mapping memory of its own, so it can take the room of what the reader has just freed (a JSON
/// screen's parsed values, let go as its views are made).
public final class ElementStore: RandomAccessCollection {
    static let firstShift = 3
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift
    /// Chunks before the first of `chunkSize` records: the first and the doubling ones.
    static let smallChunks = chunkShift - firstShift + 1

    @exclusivity(unchecked) private var first: UnsafeMutablePointer<ElementRecord>?
    /// Every chunk, the first included, once there is more than one; `chunkCapacity` places.
    @exclusivity(unchecked) private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<ElementRecord>>?
    @exclusivity(unchecked) private var chunkCapacity = 0
    @exclusivity(unchecked) private var chunkCount = 0
    @exclusivity(unchecked) public private(set) var count = 0

    public init() {}

    /// The elements of `tree` (top-level views in order), copied in document order with their
    /// parents and subtrees.
    public convenience init(tree: [ViewNode]) {
        self.init()
        for node in tree { copy(node, parent: -1) }
    }

    private func copy(_ node: ViewNode, parent: Int) {
        let index = count
        var record = node.record.pointee
        record.parent32 = Int32(clamping: parent)
        let element = append(record)
        for child in node.children { copy(child, parent: index) }
        element.subtreeEnd = count
    }

    deinit {
        guard let first else { return }
        guard let chunks else {
            first.deinitialize(count: count)
            first.deallocate()
            return
        }
        var left = count
        for c in 0..<chunkCount {
            let size = Self.size(ofChunk: c)
            chunks[c].deinitialize(count: Swift.min(left, size))
            left -= Swift.min(left, size)
            chunks[c].deallocate()
        }
        chunks.deallocate()
    }

    /// Whether the store holds its first chunk only (at most 8 elements), which `removeAll()` keeps.
    var isSmall: Bool { chunks == nil }

    /// Removes every element of a small store (`isSmall`), keeping its room, so that the store can
    /// be used for another screen.
    func removeAll() {
        precondition(isSmall, "only a small store is emptied for reuse")
        first?.deinitialize(count: count)
        count = 0
    }

    /// How many records chunk `c` holds.
    static func size(ofChunk c: Int) -> Int {
        c == 0 ? 1 << firstShift : c < smallChunks ? 1 << (firstShift + c - 1) : chunkSize
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> ElementInfo {
        @inline(__always) get {
            precondition(position >= 0 && position < count, "element index out of range")
            return ElementInfo(store: self, index: position)
        }
    }

    /// Where the record of the element at `index` is (`index < count`).
    @inline(__always) func pointer(_ index: Int) -> UnsafeMutablePointer<ElementRecord> {
        if index < 1 << Self.firstShift { return first.unsafelyUnwrapped + index }
        return chunks.unsafelyUnwrapped[Self.chunk(of: index)] + Self.offset(of: index)
    }

    @inline(__always) static func chunk(of index: Int) -> Int {
        if index < chunkSize {
            // 8 ..< 16 is chunk 1, 16 ..< 32 chunk 2, …
            return Int.bitWidth - index.leadingZeroBitCount - firstShift
        }
        return smallChunks - 1 + index &>> chunkShift
    }

    @inline(__always) static func offset(of index: Int) -> Int {
        if index < chunkSize {
            return index - 1 << (Int.bitWidth - index.leadingZeroBitCount - 1)
        }
        return index & (chunkSize - 1)
    }

    /// Adds an element at the end; returns it.
    @discardableResult
    func append(_ record: ElementRecord) -> ElementInfo {
        let place = nextPlace()
        place.initialize(to: record)
        count += 1
        return ElementInfo(store: self, index: count - 1, record: place)
    }

    /// Where the next record goes (not initialized), with room made for it.
    @inline(__always) private func nextPlace() -> UnsafeMutablePointer<ElementRecord> {
        let index = count
        if index < 1 << Self.firstShift {
            if first == nil { first = .allocate(capacity: 1 << Self.firstShift) }
            return first.unsafelyUnwrapped + index
        }
        let offset = Self.offset(of: index)
        if offset == 0 { addChunk(Self.chunk(of: index)) }
        return chunks.unsafelyUnwrapped[Self.chunk(of: index)] + offset
    }

    private func addChunk(_ c: Int) {
        if chunks == nil {
            chunkCapacity = 16
            chunks = .allocate(capacity: chunkCapacity)
            chunks.unsafelyUnwrapped[0] = first.unsafelyUnwrapped
            chunkCount = 1
        } else if chunkCount == chunkCapacity {
            let grown = UnsafeMutablePointer<UnsafeMutablePointer<ElementRecord>>.allocate(capacity: chunkCapacity * 2)
            grown.moveInitialize(from: chunks.unsafelyUnwrapped, count: chunkCount)
            chunks.unsafelyUnwrapped.deallocate()
            chunks = grown
            chunkCapacity *= 2
        }
        chunks.unsafelyUnwrapped[c] = .allocate(capacity: Self.size(ofChunk: c))
        chunkCount = c + 1
    }

    /// Adds a view read at `location`, the `ordinal`th of its type among its siblings, inside the
    /// element at `parent` (nil: at the top of the screen); returns it.
    @inline(__always)
    func append(type: String, location: SourceLocation, ordinal: Int, parent: Int?) -> ElementInfo {
        let place = nextPlace()
        place.initialize(to: ElementRecord(type: type, location: location, ordinal: ordinal))
        if let parent { place.pointee.parent32 = Int32(clamping: parent) }
        count += 1
        return ElementInfo(store: self, index: count - 1, record: place)
    }
}

/// One element of a screen: an index into the screen's `ElementStore`, with the element's fields
/// (`ViewElement`) read from and written to its record there. Cheap to make and copy; valid while
/// the store is held (by the screen being read, then by its `ScreenAnalysis`), which it does not
/// hold itself.
public struct ElementInfo: ViewElement {
    public let record: UnsafeMutablePointer<ElementRecord>
    @usableFromInline unowned(unsafe) let store: ElementStore
    /// The element's position in document order: its index in `ScreenAnalysis.elements`.
    public let index: Int

    @inline(__always) init(store: ElementStore, index: Int) {
        self.store = store
        self.index = index
        record = store.pointer(index)
    }

    @inline(__always) init(store: ElementStore, index: Int, record: UnsafeMutablePointer<ElementRecord>) {
        self.store = store
        self.index = index
        self.record = record
    }

    /// The element itself (rules written against an element and its node read it through this).
    @inline(__always) public var node: ElementInfo { self }

    /// Calls `body` with each child in order: the first child follows the element, and each next
    /// one follows the previous one's descendants.
    @inline(__always)
    public func forEachChild(_ body: (ElementInfo) -> Void) {
        let end = subtreeEnd
        var child = index + 1
        while child < end {
            let element = ElementInfo(store: store, index: child)
            body(element)
            child = element.subtreeEnd
        }
    }

    /// The children in order (see `forEachChild`).
    public var children: [ElementInfo] {
        var out: [ElementInfo] = []
        forEachChild { out.append($0) }
        return out
    }

    /// Whether both are the same element of the same store.
    public static func === (a: ElementInfo, b: ElementInfo) -> Bool {
        a.store === b.store && a.index == b.index
    }
}
