/// The source lines the HTML report shows around findings, cut to a window of columns around each
/// finding's column, read from the file in one streaming pass that keeps only those windows.
///
/// A finding shows its line and `context` lines either side, each at most `window` columns wide:
/// so a report's excerpts are bounded by the number of findings shown, never by the length of a
/// line (a one-line file of a megabyte with thousands of findings on it would otherwise repeat the
/// whole line for each). Columns count Unicode scalars, as findings do; line breaks are LF, CRLF or
/// a lone CR, as in the readers.
struct SourceExcerpts {
    static let context = 2
    /// Columns shown of each line: `before` columns before the finding's column and the rest after.
    static let window = 100
    static let before = 30

    /// One excerpted line: its number, its text within the window, and whether it goes on before
    /// or after the window.
    struct Line: Equatable {
        var number: Int
        var text: String
        var cutBefore: Bool
        var cutAfter: Bool
    }

    /// Columns shown for a finding at `column`.
    static func columns(around column: Int) -> Range<Int> {
        let first = max(1, column - before)
        return first..<(first + window)
    }

    /// Column windows wanted, by line number: merged, sorted ranges.
    private var wanted: [Int: [Range<Int>]] = [:]
    /// What was read, by line number: each merged window's text and cut flags.
    private var read: [Int: [(columns: Range<Int>, bytes: [UInt8], more: Bool)]] = [:]

    init() {}

    /// Asks for the lines around a finding.
    mutating func request(line: Int, column: Int) {
        let columns = Self.columns(around: column)
        for l in max(1, line - Self.context)...(line + Self.context) {
            wanted[l, default: []].append(columns)
        }
    }

    /// Reads the file's bytes (`source`), keeping the wanted windows. Returns false when it cannot
    /// be read (then there are no excerpts).
    mutating func read(from source: ByteSource) -> Bool {
        guard !wanted.isEmpty else { return true }
        // Merge each line's windows.
        var windows: [Int: [Range<Int>]] = [:]
        for (line, ranges) in wanted {
            var merged: [Range<Int>] = []
            for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if let last = merged.last, r.lowerBound <= last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
                } else {
                    merged.append(r)
                }
            }
            windows[line] = merged
        }
        let lastLine = windows.keys.max() ?? 0
        var line = 1
        var column = 0  // of the last scalar started
        var current: [Range<Int>]? = windows[1]
        var pieces: [(columns: Range<Int>, bytes: [UInt8], more: Bool)] = current?.map { ($0, [], false) } ?? []
        var piece = 0  // the window the current column is in or before
        var inWindow = false
        var afterCR = false
        var skip = source.utf8BOMLength
        var failed = false
        var lineHasBytes = false
        func endLine() {
            lineHasBytes = false
            if current != nil { read[line] = pieces }
            line += 1
            column = 0
            current = windows[line]
            pieces = current?.map { ($0, [], false) } ?? []
            piece = 0
            inWindow = false
        }
        source.forEachChunk(size: 1 << 18) { chunk in
            for byte in chunk {
                if skip > 0 {
                    skip -= 1
                    continue
                }
                if byte == 0x0A {
                    if afterCR {
                        afterCR = false
                        continue
                    }
                    endLine()
                    if line > lastLine { return false }
                    continue
                }
                afterCR = false
                lineHasBytes = true
                if byte == 0x0D {
                    afterCR = true
                    endLine()
                    if line > lastLine { return false }
                    continue
                }
                guard current != nil else { continue }
                if byte & 0xC0 != 0x80 {
                    column += 1
                    while piece < pieces.count && column >= pieces[piece].columns.upperBound {
                        pieces[piece].more = true
                        piece += 1
                    }
                    inWindow = piece < pieces.count && pieces[piece].columns.contains(column)
                }
                if inWindow { pieces[piece].bytes.append(byte) }
            }
            return true
        } onError: { _ in
            failed = true
        }
        if line <= lastLine && current != nil && lineHasBytes { read[line] = pieces }
        return !failed
    }

    /// The excerpt of a finding at `line`, `column`: lines that exist, each cut to its window.
    func lines(around line: Int, column: Int) -> [Line] {
        let columns = Self.columns(around: column)
        var out: [Line] = []
        for l in max(1, line - Self.context)...(line + Self.context) {
            guard let pieces = read[l] else { continue }
            guard let p = pieces.first(where: { $0.columns.lowerBound <= columns.lowerBound && columns.upperBound <= $0.columns.upperBound })
            else { continue }
            // The finding's window within the merged one: skip scalars before it, keep its width.
            var scalars = String(decoding: p.bytes, as: UTF8.self).unicodeScalars[...]
            let dropped = columns.lowerBound - p.columns.lowerBound
            scalars = scalars.dropFirst(dropped)
            let kept = scalars.prefix(columns.count)
            let more = scalars.count > columns.count || p.more
            out.append(Line(number: l, text: String(String.UnicodeScalarView(kept)), cutBefore: columns.lowerBound > 1 && !kept.isEmpty, cutAfter: more))
        }
        // A line after the last one of the file is not there; lines before the first are never asked.
        return out
    }
}
