internal import CLibXML
import Dispatch
import Synchronization

/// Reads one large XML description on several cores at once: the file is cut into parts between
/// screens, each part is parsed, built and checked on a core of its own, and the parts' runs are
/// then joined in order (`FileRun.absorb`).
///
/// A part after the first is fed the file's first bytes up to the end of the root start tag, then
/// its own bytes, so libxml2 reads them in the same context (namespaces, encoding) as it would in
/// one go; its positions continue from the line where the part begins.
///
/// A cut is a guess until the part before it has been parsed up to it. It is kept when that parse
/// stands between two children of the root there, having consumed the `</screen>` before the cut,
/// with nothing pending for the next element. Then the bytes after the cut parse exactly as they
/// would have in one go. Whatever a part cannot know on its own makes the whole file be read again
/// in one go, so the findings are always those of one read: an error or a problem in any part (a
/// later part's libxml2 message could quote a line number of its own), a screen without an id
/// (its path numbers it among all the file's screens), a screen id read in an earlier part too
/// (only the first screen keeps it), or text outside views reported in two parts (once per file).
/// These are rare in large descriptions, and cost one more read when they happen.
enum XMLPartReader {
    /// Where a file is cut.
    struct Plan {
        /// One past the `>` of the root start tag: later parts are fed the bytes before it first.
        var rootEnd: Int
        /// Where each part begins in the file: 0, then each cut (the start of a line whose first
        /// tag is a `<screen`).
        var starts: [Int]
        /// For each cut (by the index of the part it begins), one past the `</screen>` before it.
        var closeEnds: [Int]
    }

    /// How far past each even cut point a boundary between screens is looked for.
    static let searchWindow = 1 << 20

    /// The fewest jobs for which a file is read in parts. Below it, the two threads of a
    /// pipelined read (`PipelinedRun`, `ReadCrew`) do better: on two cores, two parts took longer
    /// (a thread doing everything for its part runs at a lower rate than the crew's two, which
    /// share the stages, about 0.65 s of processor time against 0.53 s on 50 MB) with 19% more
    /// memory. Parts scale with the cores; the crew keeps two busy.
    static let minimumJobs = 4

    /// Audits `source` in parts, or returns nil when it cannot be cut (too small for two parts, not
    /// a plain UTF-8 description) or a part showed it must be read in one go.
    static func audit(source: ByteSource, file: String, configuration: Configuration) -> FileAudit? {
        guard let plan = plan(source: source, jobs: configuration.jobs, minimumPart: configuration.minimumPartSize)
        else { return nil }
        let count = plan.starts.count
        let slots = PartSlots(count: count)
        let work = PartWork(source: source, file: file, configuration: configuration, plan: plan)
        DispatchQueue.concurrentPerform(iterations: count) { k in
            slots.set(k, work.read(part: k))
        }
        var read: [(part: Part, outcome: ReadOutcome)] = []
        for part in slots.taken() {
            guard let part, let outcome = part.outcome else { return nil }
            read.append((part, outcome))
        }
        // What one read would have found differently.
        var strayText = read[0].part.builder.reportedStrayText
        for k in 1..<read.count {
            let builder = read[k].part.builder
            if builder.numberedScreen { return nil }
            if builder.reportedStrayText {
                if strayText { return nil }
                strayText = true
            }
            for j in 0..<k where builder.sharesScreenID(with: read[j].part.builder) { return nil }
        }
        let first = read[0].part
        var outcome = read[0].outcome
        for (part, more) in read.dropFirst() {
            first.run.absorb(part.run)
            let shift = outcome.diagnostics.count
            outcome.attributeDiagnostics += more.attributeDiagnostics.map { ($0.index + shift, $0.attribute) }
            outcome.diagnostics += more.diagnostics
            outcome.orphanSuppressions += more.orphanSuppressions
            outcome.fileSuppressions += more.fileSuppressions
        }
        AttributeLocator.apply(to: &outcome, source: source)
        var audit = first.run.finish(outcome)
        audit.readInParts = count
        return audit
    }

    /// Where to cut `source` for `jobs` parts of at least `minimumPart` bytes; nil when it cannot be
    /// cut in two.
    static func plan(source: ByteSource, jobs: Int, minimumPart: Int) -> Plan? {
        guard jobs >= minimumJobs, source.utf8BOMLength == 0, !source.isTranscoded, let size = source.byteCount
        else { return nil }
        let wanted = min(jobs, size / max(minimumPart, 1))
        guard wanted >= 2, case .success(let head) = source.bytes(in: 0..<min(size, 1 << 16)), let rootEnd = rootStartTagEnd(head)
        else { return nil }
        var starts = [0]
        var closeEnds = [0]
        for k in 1..<wanted {
            let from = max(size / wanted * k, rootEnd, starts[starts.count - 1] + 1)
            guard from < size, case .success(let window) = source.bytes(in: from..<min(size, from + searchWindow)),
                let (closeEnd, cut) = boundary(in: window)
            else { continue }
            guard from + cut > starts[starts.count - 1] else { continue }
            starts.append(from + cut)
            closeEnds.append(from + closeEnd)
        }
        guard starts.count >= 2 else { return nil }
        return Plan(rootEnd: rootEnd, starts: starts, closeEnds: closeEnds)
    }

    /// The first place in `bytes` where a `</screen>` is followed by white space holding a line
    /// break and then a `<screen` start tag: one past the `</screen>` and the start of the line of
    /// the `<screen`.
    static func boundary(in bytes: [UInt8]) -> (closeEnd: Int, cut: Int)? {
        let close = Array("</screen>".utf8)
        let open = Array("<screen".utf8)
        var i = 0
        while let p = find(close, in: bytes, from: i) {
            i = p + 1
            let closeEnd = p + close.count
            var r = closeEnd
            var lineStart: Int?
            while r < bytes.count, isSpace(bytes[r]) {
                if bytes[r] == 0x0A { lineStart = r + 1 }
                r += 1
            }
            guard let lineStart, r + open.count < bytes.count, bytes[r..<r + open.count].elementsEqual(open) else {
                continue
            }
            let next = bytes[r + open.count]
            if isSpace(next) || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") { return (closeEnd, lineStart) }
        }
        return nil
    }

    /// One past the `>` of the root start tag when the file begins (after an XML declaration in
    /// UTF-8, comments and processing instructions) with `<app …>`; nil for anything else: a
    /// document type declaration, another encoding, another root, an empty root, or a prolog that
    /// does not end within `head`. libxml2 checks all of it again when the first part is parsed.
    static func rootStartTagEnd(_ head: [UInt8]) -> Int? {
        var i = 0
        func starts(_ text: String, at j: Int) -> Bool {
            let t = Array(text.utf8)
            return j + t.count <= head.count && head[j..<j + t.count].elementsEqual(t)
        }
        while true {
            while i < head.count, isSpace(head[i]) { i += 1 }
            guard i < head.count, head[i] == UInt8(ascii: "<") else { return nil }
            if starts("<?", at: i) {
                guard let end = find(Array("?>".utf8), in: head, from: i + 2) else { return nil }
                if starts("<?xml", at: i), i + 5 < head.count, isSpace(head[i + 5]),
                    !declaresUTF8(Array(head[i..<end]))
                {
                    return nil
                }
                i = end + 2
            } else if starts("<!--", at: i) {
                guard let end = find(Array("-->".utf8), in: head, from: i + 4) else { return nil }
                i = end + 3
            } else if starts("<app", at: i), i + 4 < head.count,
                isSpace(head[i + 4]) || head[i + 4] == UInt8(ascii: ">")
            {
                var j = i + 4
                var quote: UInt8 = 0
                while j < head.count {
                    let c = head[j]
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        quote = c
                    } else if c == UInt8(ascii: ">") {
                        break
                    }
                    j += 1
                }
                guard j < head.count, head[j - 1] != UInt8(ascii: "/") else { return nil }
                return j + 1
            } else {
                return nil
            }
        }
    }

    /// Whether an XML declaration names no encoding or UTF-8.
    private static func declaresUTF8(_ declaration: [UInt8]) -> Bool {
        guard let e = find(Array("encoding".utf8), in: declaration, from: 0) else { return true }
        var j = e + 8
        while j < declaration.count, isSpace(declaration[j]) || declaration[j] == UInt8(ascii: "=") { j += 1 }
        guard j < declaration.count else { return false }
        let quote = declaration[j]
        guard let close = declaration[(j + 1)...].firstIndex(of: quote) else { return false }
        let name = String(decoding: declaration[(j + 1)..<close], as: UTF8.self).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { ByteSearch.find(needle, in: $0, from: start) }
    }

    /// Line breaks (LF, CRLF or a lone CR) in `range` of `source`; nil when it cannot be read. The
    /// range must not start between the CR and LF of a CRLF.
    static func newlines(in source: ByteSource, _ range: Range<Int>) -> Int? {
        var count = 0
        var failed = false
        var afterCR = false
        source.forEachChunk(in: range, size: 1 << 18) { chunk in
            let bytes = chunk.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let crs = focusaudit_countByte(bytes, chunk.count, UInt8(ascii: "\r"))
            if crs == 0 && !afterCR {
                count += focusaudit_countByte(bytes, chunk.count, UInt8(ascii: "\n"))
                return true
            }
            // CRs are rare: counted byte by byte, a CRLF once.
            for i in 0..<chunk.count {
                let b = bytes[i]
                if b == 0x0D || (b == 0x0A && !afterCR) { count += 1 }
                afterCR = b == 0x0D
            }
            return true
        } onError: { _ in
            failed = true
        }
        return failed ? nil : count
    }
}

/// One part as read: its run, its parse, and what the parse gave (nil when the part must not be
/// used: it stopped, or it did not end between two screens).
private final class Part {
    let run: FileRun
    let parse: XMLParse
    var outcome: ReadOutcome?
    var builder: DescriptionBuilder { parse.receiver.builder }

    init(run: FileRun, parse: XMLParse) {
        self.run = run
        self.parse = parse
    }
}

/// What each thread needs to read its part. The source is only read at offsets (`pread`), and
/// each part's run and parse are its own thread's until every part is done.
private struct PartWork: @unchecked Sendable {
    let source: ByteSource
    let file: String
    let configuration: Configuration
    let plan: XMLPartReader.Plan

    func read(part k: Int) -> Part? {
        let run = FileRun(file: file, configuration: configuration)
        guard
            let parse = XMLParse(
                fileName: file, sink: run, interfaceBuilder: configuration.interfaceBuilder, crew: nil,
                bomLength: 0, isTranscoded: false)
        else { return nil }
        let part = Part(run: run, parse: parse)
        let context = parse.context
        let start = plan.starts[k]
        // Where the part's own bytes begin among those fed to libxml2.
        var streamStart = 0
        if k > 0 {
            guard let lines = XMLPartReader.newlines(in: source, 0..<start),
                context.parse(source, range: 0..<plan.rootEnd),
                context.isBetweenRootChildren(consumedAtLeast: plan.rootEnd)
            else { return part }
            parse.receiver.builder.forgetHeaderOutput()
            context.tracker.jump(to: plan.rootEnd, line: lines + 1)
            streamStart = plan.rootEnd
        }
        let last = k == plan.starts.count - 1
        guard context.parse(source, range: start..<(last ? Int.max : plan.starts[k + 1])) else { return part }
        if last {
            context.endParse()
            if case .success(let outcome) = parse.outcome() { part.outcome = outcome }
        } else {
            let closeEnd = streamStart + plan.closeEnds[k + 1] - start
            guard context.isBetweenRootChildren(consumedAtLeast: closeEnd), part.builder.isBetweenScreens else {
                return part
            }
            part.outcome = parse.descriptionOutcome()
        }
        return part
    }
}

/// The parts read by the threads, each written by its own thread once.
private final class PartSlots: Sendable {
    private let parts: Mutex<[Handoff]>
    /// A part moves from its thread to the joining one, which uses it only once every thread is done.
    private struct Handoff: @unchecked Sendable { let part: Part? }

    init(count: Int) { parts = Mutex(Array(repeating: Handoff(part: nil), count: count)) }

    func set(_ k: Int, _ part: Part?) {
        parts.withLock { $0[k] = Handoff(part: part) }
    }

    func taken() -> [Part?] {
        parts.withLock { all in all.map(\.part) }
    }
}
