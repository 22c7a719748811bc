/// A list that grows a fixed-size chunk at a time instead of doubling one buffer.
///
/// Lists that grow with the input (screen summaries, link edges) would otherwise be copied to a
/// buffer twice their size whenever they fill, so that at the end up to half of each buffer is
/// unused and, while it is copied, the old and the new buffer are both held. A chunked list wastes
/// at most one chunk and, past its first chunk (which grows by doubling up to a chunk's size),
/// never copies what it holds.
public struct ChunkedArray<Element>: RandomAccessCollection {
    private static var chunkSize: Int { 4096 }
    private var chunks: [[Element]] = []
    public private(set) var count = 0

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            return chunks[position / Self.chunkSize][position % Self.chunkSize]
        }
        set {
            precondition(position >= 0 && position < count, "index out of range")
            chunks[position / Self.chunkSize][position % Self.chunkSize] = newValue
        }
    }

    /// Calls `body` with the elements at `range` in order, a chunk at a time through its buffer:
    /// reading element by element through the subscript counts a reference to the chunk each time.
    func forEach(in range: Range<Int>, _ body: (Element) -> Void) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        var position = range.lowerBound
        while position < range.upperBound {
            let chunk = position / Self.chunkSize
            let start = position % Self.chunkSize
            let end = Swift.min(Self.chunkSize, start + (range.upperBound - position))
            chunks[chunk].withUnsafeBufferPointer { buffer in
                for i in start..<end { body(buffer[i]) }
            }
            position += end - start
        }
    }

    /// Calls `body` on every element in order, in place, a chunk at a time.
    mutating func updateEach(_ body: (inout Element) -> Void) {
        for c in chunks.indices {
            chunks[c].withUnsafeMutableBufferPointer { buffer in
                for i in buffer.indices { body(&buffer[i]) }
            }
        }
    }

    public mutating func append(_ element: Element) {
        if count % Self.chunkSize == 0 {
            chunks.append([])
            // The first chunk grows as an array does, so that a short list (most files' lists,
            // and tables made per rule) does not take a whole chunk; later ones are made whole.
            if count > 0 { chunks[chunks.count - 1].reserveCapacity(Self.chunkSize) }
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }
}

extension ChunkedArray: Sendable where Element: Sendable {}

extension ChunkedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        for element in elements { append(element) }
    }
}
