/// Moves `invalid_description` findings about one XML attribute from the element's start tag to
/// the attribute itself (`<screen id="a"` … `captur="binding"` on a later line points at `captur`).
///
/// The reader reports at the element's start, which it knows without looking at the start tag's
/// bytes again; only when a file has such findings are its bytes read once more, here, to find
/// where each attribute is written. Line breaks and columns are counted as `PositionTracker`
/// counts them (LF, CRLF or a lone CR; Unicode scalars).
enum AttributeLocator {
    static func apply(to outcome: inout ReadOutcome, source: ByteSource) {
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
