/// Moves `invalid_description` findings about one XML attribute from the element's start tag to
/// the attribute itself (`<screen id="a"` … `captur="binding"` on a later line points at `captur`).
///
/// The reader reports at the element's start, which it knows without looking at the start tag's
/// bytes again; only when a file has such findings are its bytes read once more, here, to find
/// where each attribute is written. They are read in chunks, once, front to back, with the
/// findings taken in the order of their elements: only the start tags of those elements are held.
/// Line breaks and columns are counted as `PositionTracker` counts them (LF, CRLF or a lone CR;
/// Unicode scalars).
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
    /// Returns false, having changed nothing, when a location is not where a start tag of the file
    /// can be in that order (a column past its line's end, two elements at one place with
    /// different diagnostics read in between) or the file cannot be read: `applyOnWholeFile`
    /// decides those.
    static func applyStreaming(to outcome: inout ReadOutcome, source: ByteSource, chunkSize: Int = 1 << 18) -> Bool {
        // The findings to move, by their element's place; findings of one element stay in order.
        var targets: [(index: Int, attribute: String, at: SourceLocation)] = []
        targets.reserveCapacity(outcome.attributeDiagnostics.count)
        var seen = Set<Int>()
        for (index, attribute) in outcome.attributeDiagnostics where outcome.diagnostics.indices.contains(index) {
            // One finding named twice would be moved from where the first move put it.
            guard seen.insert(index).inserted else { return false }
            targets.append((index, attribute, outcome.diagnostics[index].location))
        }
        guard !targets.isEmpty else { return true }
        if !targets.indices.dropFirst().allSatisfy({ targets[$0 - 1].at <= targets[$0].at }) {
            targets = targets.enumerated().sorted { a, b in
                a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
            }.map(\.element)
        }
        var cursor = ForwardCursor(source: source, chunkSize: chunkSize)
        var moved: [(index: Int, location: SourceLocation)] = []
        moved.reserveCapacity(targets.count)
        var t = 0
        while t < targets.count {
            let element = targets[t].at
            var end = t + 1
            while end < targets.count && targets[end].at == element { end += 1 }
            defer { t = end }
            switch cursor.seek(element) {
            case .unreachable: return false
            case .notATag: continue
            case .tag:
                let tag = cursor.startTag()
                for target in targets[t..<end] {
                    guard let at = attributeOffset(target.attribute, inStartTagAt: 0, tag) else { continue }
                    moved.append((target.index, location(of: at, from: 0, at: element, in: tag)))
                }
            }
        }
        guard !cursor.failed else { return false }
        for (index, location) in moved { outcome.diagnostics[index].location = location }
        return true
    }

    /// A source's bytes read once, front to back, in chunks, counting lines and columns as
    /// `lineStarts` and `offset(of:in:lineStarts:)` do.
    struct ForwardCursor {
        enum Place { case tag, notATag, unreachable }

        private let source: ByteSource
        private var chunk: [UInt8] = []
        /// The next byte's index in `chunk`, and the file offset of `chunk[0]`.
        private var i = 0
        private var chunkStart: Int
        private var atEnd = false
        private(set) var failed = false
        /// The next byte's line and column, and whether the byte before it was a CR (an LF after
        /// a CR ends no second line, and the line starts after it).
        private var line = 1
        private var column = 1
        private var afterCR = false
        private var atLineStart = true
        private let chunkSize: Int

        init(source: ByteSource, chunkSize: Int) {
            self.source = source
            self.chunkSize = max(1, chunkSize)
            chunkStart = source.utf8BOMLength
        }

        /// The next byte, nil at the end.
        @inline(__always)
        private mutating func peek() -> UInt8? {
            if i < chunk.count { return chunk[i] }
            return refill() ? chunk[i] : nil
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

        /// Moves past the next byte, counting it.
        @inline(__always)
        private mutating func advance(over b: UInt8) {
            i += 1
            if b == 0x0D {
                line += 1
                column = 1
                afterCR = true
                atLineStart = true
            } else if b == 0x0A {
                if !afterCR { line += 1 }
                column = 1
                afterCR = false
                atLineStart = true
            } else {
                if b & 0xC0 != 0x80 { column += 1 }
                afterCR = false
                atLineStart = false
            }
        }

        /// Moves to the next line break (CR or LF) or the end, without counting columns: the break
        /// starts them again.
        private mutating func skipToLineBreak() {
            while true {
                let from = i
                let found = chunk.withUnsafeBufferPointer { bytes -> Int? in
                    var j = from
                    while j < bytes.count {
                        if bytes[j] == 0x0A || bytes[j] == 0x0D { return j }
                        j += 1
                    }
                    return nil
                }
                if found != from || (found == nil && from < chunk.count) {
                    afterCR = false
                    atLineStart = false
                }
                if let found {
                    i = found
                    return
                }
                i = chunk.count
                guard refill() else { return }
            }
        }

        /// Moves to `location`: `.tag` when a start tag's `<` is there, `.notATag` when another
        /// byte or the end is (as `offset(of:in:lineStarts:)` finds none), `.unreachable` when
        /// the cursor is past it or reaching it would count columns otherwise than the walk from
        /// its line's start (across a line break, or from a continuation byte at the start).
        mutating func seek(_ location: SourceLocation) -> Place {
            guard location.line >= 1 else { return .notATag }
            if line > location.line || (line == location.line && column > location.column) { return .unreachable }
            while let b = peek() {
                if line < location.line {
                    if b != 0x0A && b != 0x0D {
                        skipToLineBreak()
                        continue
                    }
                } else {
                    if b == 0x0A && afterCR {
                        advance(over: b)
                        continue
                    }
                    if b & 0xC0 == 0x80 {
                        if atLineStart { return .unreachable }
                    } else if column == location.column {
                        return b == UInt8(ascii: "<") ? .tag : .notATag
                    } else if b == 0x0A || b == 0x0D {
                        return .unreachable
                    }
                }
                advance(over: b)
            }
            if failed { return .unreachable }
            // The end: a line past the last one has no offset; a column past the end finds no tag.
            return .notATag
        }

        /// The start tag beginning at the next byte, through its `>` (outside quoted values) or the
        /// end of the bytes.
        mutating func startTag() -> [UInt8] {
            var tag: [UInt8] = []
            var quote: UInt8? = nil
            while let b = peek() {
                tag.append(b)
                advance(over: b)
                if let q = quote {
                    if b == q { quote = nil }
                } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                } else if b == UInt8(ascii: ">") {
                    break
                }
            }
            return tag
        }
    }

    /// The offset of each line's first byte.
    static func lineStarts(_ bytes: [UInt8], from start: Int) -> [Int] {
        var starts = [start]
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == 0x0D {
                if i < bytes.count, bytes[i] == 0x0A { i += 1 }
                starts.append(i)
            } else if b == 0x0A {
                starts.append(i)
            }
        }
        return starts
    }

    /// The byte offset of a line and column (columns count Unicode scalars).
    static func offset(of location: SourceLocation, in bytes: [UInt8], lineStarts: [Int]) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        var i = lineStarts[location.line - 1]
        var column = 1
        while column < location.column, i < bytes.count {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            column += 1
        }
        return i < bytes.count && bytes[i] == UInt8(ascii: "<") ? i : nil
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
        var (line, column) = (location.line, location.column)
        var i = from
        while i < offset {
            let b = bytes[i]
            if b == 0x0D || (b == 0x0A && !(i > 0 && bytes[i - 1] == 0x0D)) {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 && b != 0x0A {
                column += 1
            }
            i += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
