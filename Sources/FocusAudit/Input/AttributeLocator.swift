/// Moves `invalid_description` findings about one XML attribute from the element's start tag to
/// the attribute itself (`<screen id="a"` … `captur="binding"` on a later line points at `captur`).
///
/// The reader reports at the element's start, which it knows without looking at the start tag's
/// bytes again; only when a file has such findings are its bytes read once more, here, to find
/// where each attribute is written. They are read in chunks, once, front to back, with the
/// findings taken in the order of their elements: only the start tags of those elements are held.
/// Line breaks and columns are counted as `PositionTracker` counts them (LF, CRLF or a lone CR;
/// Unicode scalars), by `TextPlace`, on both ways.
enum AttributeLocator {
    static func apply(to outcome: inout ReadOutcome, source: ByteSource) {
        guard !outcome.attributeDiagnostics.isEmpty else { return }
        if !applyStreaming(to: &outcome, source: source) { applyOnWholeFile(to: &outcome, source: source) }
    }

    /// The general way: the whole file in memory, an offset for each line, each element's start
    /// tag found from its line's start. `applyStreaming` gives the same locations.
    static func applyOnWholeFile(to outcome: inout ReadOutcome, source: ByteSource) {
        guard !outcome.attributeDiagnostics.isEmpty, case .success(let bytes) = source.readAll() else { return }
        let start = source.utf8BOMLength
        var lineStarts: [Int]?
        for (index, attribute) in outcome.attributeDiagnostics where outcome.diagnostics.indices.contains(index) {
            let element = outcome.diagnostics[index].location
            if lineStarts == nil { lineStarts = Self.lineStarts(bytes, from: start) }
            guard let tag = offset(of: element, in: bytes, lineStarts: lineStarts!),
                let at = attributeOffset(attribute, inStartTagAt: tag, bytes)
            else { continue }
            outcome.diagnostics[index].location = location(of: at, from: tag, at: element, in: bytes)
        }
    }

    /// The findings' elements in document order, their start tags read as the bytes stream past.
    /// Returns false, having changed nothing, when a location is behind the cursor (inside a start
    /// tag read for an earlier one), a finding is named twice, or the file cannot be read:
    /// `applyOnWholeFile` decides those.
    static func applyStreaming(to outcome: inout ReadOutcome, source: ByteSource, chunkSize: Int = 1 << 18) -> Bool {
        let reported = outcome.attributeDiagnostics
        // As the reader reports them (each finding once, their elements in document order) the
        // findings are taken as they are; otherwise in the order of their elements' places, the
        // findings of one element in the order reported.
        var inOrder = true
        var previous: (index: Int, at: SourceLocation)? = nil
        for (index, _) in reported where outcome.diagnostics.indices.contains(index) {
            let at = outcome.diagnostics[index].location
            if let last = previous, index <= last.index || at < last.at {
                inOrder = false
                break
            }
            previous = (index, at)
        }
        var positions = Array(reported.indices)
        if !inOrder {
            var seen = Set<Int>()
            for (index, _) in reported where outcome.diagnostics.indices.contains(index) {
                // One finding named twice would be moved from where the first move put it.
                guard seen.insert(index).inserted else { return false }
            }
            positions = positions.filter { outcome.diagnostics.indices.contains(reported[$0].index) }
            positions.sort { a, b in
                let (x, y) = (outcome.diagnostics[reported[a].index].location, outcome.diagnostics[reported[b].index].location)
                return x != y ? x < y : a < b
            }
        }
        var cursor = ForwardCursor(source: source, chunkSize: chunkSize)
        var moved: [(index: Int, location: SourceLocation)] = []
        // The start tag at `tagAt` (nil when no start tag is there), for the next finding of the
        // same element.
        var tagAt: SourceLocation? = nil
        var tag: [UInt8]? = nil
        for p in positions {
            let (index, attribute) = reported[p]
            guard outcome.diagnostics.indices.contains(index) else { continue }
            let element = outcome.diagnostics[index].location
            if element != tagAt {
                tagAt = element
                switch cursor.seek(element) {
                case .unreachable: return false
                case .notATag: tag = nil
                case .tag: tag = cursor.startTag()
                }
            }
            guard let tag, let at = attributeOffset(attribute, inStartTagAt: 0, tag) else { continue }
            moved.append((index, location(of: at, from: 0, at: element, in: tag)))
        }
        guard !cursor.failed else { return false }
        for (index, location) in moved { outcome.diagnostics[index].location = location }
        return true
    }

    /// A source's bytes read once, front to back, in chunks, finding places as
    /// `offset(of:in:lineStarts:)` does (both walk with `TextPlace`).
    struct ForwardCursor {
        enum Place { case tag, notATag, unreachable }

        private let source: ByteSource
        private var chunk: [UInt8] = []
        /// The next byte's index in `chunk`, and the file offset of `chunk[0]`.
        private var i = 0
        private var chunkStart: Int
        private var atEnd = false
        private(set) var failed = false
        /// The next byte's line and column.
        private var place = TextPlace()
        private let chunkSize: Int

        init(source: ByteSource, chunkSize: Int) {
            self.source = source
            self.chunkSize = max(1, chunkSize)
            chunkStart = source.utf8BOMLength
        }

        private mutating func refill() -> Bool {
            guard !atEnd else { return false }
            chunkStart += chunk.count
            i = 0
            switch source.bytes(in: chunkStart..<(chunkStart + chunkSize)) {
            case .success(let bytes): chunk = bytes
            case .failure:
                chunk = []
                failed = true
            }
            if chunk.isEmpty { atEnd = true }
            return !chunk.isEmpty
        }

        /// Moves to `location`: `.tag` when a start tag's `<` is there, `.notATag` when another
        /// byte, no byte (a column past its line's end) or the end is, `.unreachable` when the
        /// cursor is past it. (Not inlined, nor is `startTag`: inlined into `applyStreaming`, they
        /// took more instructions.)
        @inline(never)
        mutating func seek(_ location: SourceLocation) -> Place {
            guard location.line >= 1 else { return .notATag }
            if place.line > location.line || (place.line == location.line && place.column > location.column) { return .unreachable }
            while true {
                if i >= chunk.count {
                    guard refill() else { return failed ? .unreachable : .notATag }
                }
                var state = (place, i)
                let found = chunk.withUnsafeBufferPointer { bytes in
                    // The state in locals for the loop, written back once.
                    var (p, j) = state
                    defer { state = (p, j) }
                    return p.find(location, in: bytes, from: &j)
                }
                (place, i) = state
                switch found {
                case .none: continue
                case .byte(let at)?: return chunk[at] == UInt8(ascii: "<") ? .tag : .notATag
                case .absent?: return .notATag
                }
            }
        }

        /// The start tag beginning at the next byte, through its `>` (outside quoted values) or the
        /// end of the bytes.
        @inline(never)
        mutating func startTag() -> [UInt8] {
            var tag: [UInt8] = []
            var quote: UInt8 = 0
            var closed = false
            while !closed {
                if i >= chunk.count {
                    guard refill() else { break }
                }
                let from = i
                var state = (place, i, quote)
                chunk.withUnsafeBufferPointer { bytes in
                    // The state in locals for the loop, written back once.
                    var (p, j, q) = state
                    defer { state = (p, j, q) }
                    while j < bytes.count {
                        let b = bytes[j]
                        p.step(b)
                        j += 1
                        if q != 0 {
                            if b == q { q = 0 }
                        } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                            q = b
                        } else if b == UInt8(ascii: ">") {
                            closed = true
                            return
                        }
                    }
                }
                (place, i, quote) = state
                tag.append(contentsOf: chunk[from..<i])
            }
            return tag
        }
    }

    /// The offset of each line's first byte.
    static func lineStarts(_ bytes: [UInt8], from start: Int) -> [Int] {
        var starts = [start]
        var place = TextPlace()
        var i = start
        while i < bytes.count {
            let line = place.line
            place.step(bytes[i])
            i += 1
            if place.line != line {
                starts.append(i)
            } else if bytes[i - 1] == 0x0A {
                // The LF of a CRLF, which starts no line: the line starts after it.
                starts[starts.count - 1] = i
            }
        }
        return starts
    }

    /// The byte offset of a line and column (columns count Unicode scalars), when a start tag's
    /// `<` is there.
    static func offset(of location: SourceLocation, in bytes: [UInt8], lineStarts: [Int]) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        var place = TextPlace(line: location.line)
        var i = lineStarts[location.line - 1]
        let found = bytes.withUnsafeBufferPointer { place.find(location, in: $0, from: &i) }
        guard case .byte(let at)? = found, bytes[at] == UInt8(ascii: "<") else { return nil }
        return at
    }

    /// Where attribute `name` starts in the start tag whose `<` is at `tag`.
    static func attributeOffset(_ name: String, inStartTagAt tag: Int, _ bytes: [UInt8]) -> Int? {
        let wanted = Array(name.utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var i = tag + 1
        // The element's name.
        while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") else { return nil }
            let nameStart = i
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") { i += 1 }
            if bytes[nameStart..<i].elementsEqual(wanted) { return nameStart }
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[i]
            i += 1
            while i < bytes.count, bytes[i] != quote { i += 1 }
            i += 1
        }
        return nil
    }

    /// The line and column of `offset`, counted on from `from`, which is at `location`.
    static func location(of offset: Int, from: Int, at location: SourceLocation, in bytes: [UInt8]) -> SourceLocation {
        bytes.withUnsafeBufferPointer { bytes in
            var place = TextPlace(line: location.line, column: location.column)
            var i = from
            while i < offset {
                place.step(bytes[i])
                i += 1
            }
            return SourceLocation(line: place.line, column: place.column)
        }
    }
}
