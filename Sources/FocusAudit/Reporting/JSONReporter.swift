import Dispatch
import Synchronization

/// The JSON report: `{"errors", "findings", "summary", "version"}` with keys in sorted order and
/// findings in report order, so the same input always gives the same bytes. It is written by hand,
/// escaping straight into the output, because the shape is fixed and reports can hold tens of
/// thousands of findings.
public enum JSONReporter: Reporter {
    public static let version = 1

    public static func render(_ result: AuditResult, options: ReportOptions = ReportOptions()) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions = ReportOptions(), to out: ReportWriter) {
        out.write("{\n  \"errors\": [")
        let errors = result.inputErrors.sorted { ($0.file, $0.location?.line ?? 0) < ($1.file, $1.location?.line ?? 0) }
        for (i, error) in errors.enumerated() {
            out.write(i == 0 ? "\n    " : ",\n    ")
            out.write("{\"column\": ")
            if let location = error.location { out.write(location.column) } else { out.write("null") }
            out.write(", \"file\": ")
            out.writeJSONString(error.file)
            out.write(", \"line\": ")
            if let location = error.location { out.write(location.line) } else { out.write("null") }
            out.write(", \"message\": ")
            out.writeJSONString(error.message)
            out.write("}")
        }
        out.write(errors.isEmpty ? "],\n" : "\n  ],\n")
        out.write("  \"findings\": [")
        var first = true
        for file in result.filesInReportOrder where !file.findings.isEmpty {
            let findings = file.findings
            if options.jobs > 1 && findings.count >= sharedFormattingFindings {
                writeOnTwoThreads(findings, first: first, to: out)
            } else {
                writeFindings(findings, in: findings.indices, first: first, to: out)
            }
            first = false
        }
        out.write(first ? "],\n" : "\n  ],\n")
        out.write("  \"summary\": {\"baselined\": ")
        out.write(result.baselinedCount)
        out.write(", \"errors\": ")
        out.write(result.count(.error))
        out.write(", \"files\": ")
        out.write(result.auditedFileCount)
        out.write(", \"inputErrors\": ")
        out.write(result.inputErrors.count)
        // Findings per rule id (sorted), as `sarif summary` gives them.
        out.write(", \"rules\": {")
        for (i, count) in result.countsByRule.enumerated() {
            if i > 0 { out.write(", ") }
            out.write("\"\(count.rule)\": ")
            out.write(count.errors + count.warnings)
        }
        out.write("}, \"skipped\": ")
        out.write(result.skippedFileCount)
        out.write(", \"warnings\": ")
        out.write(result.count(.warning))
        out.write("},\n  \"version\": ")
        out.write(version)
        out.write("\n}\n")
    }

    /// Findings of one file from which two threads format them (`ReportOptions.jobs`): below it,
    /// starting a thread costs more than it saves.
    static let sharedFormattingFindings = 8_192
    /// Findings formatted at a time by the second thread.
    static let pieceSize = 256

    /// The findings at `range` of one file's list, each starting with `,\n    {` except the very
    /// first of the report (`first`).
    static func writeFindings(_ findings: FindingList, in range: Range<Int>, first: Bool, to out: ReportWriter) {
        var first = first
        // A file's findings all name the file: its escaped name is made once.
        var fileNumber = -1
        var fileJSON: [UInt8] = []
        // Rule ids are bytes the list holds once per id: each id's impact is kept by its address
        // (findings in report order change rule at nearly every one, and a file has a handful).
        var lastRule: UnsafePointer<UInt8>? = nil
        var impact = Impact.moderate
        var impacts: [(rule: UnsafePointer<UInt8>?, count: Int, impact: Impact)] = []
        findings.forEachBorrowed(in: range) { finding in
            if finding.rule.baseAddress != lastRule {
                lastRule = finding.rule.baseAddress
                if let known = impacts.first(where: { $0.rule == lastRule && $0.count == finding.rule.count }) {
                    impact = known.impact
                } else {
                    impact = RuleRegistry.impact(ofRule: finding.rule)
                    impacts.append((lastRule, finding.rule.count, impact))
                }
            }
            if finding.fileNumber != fileNumber {
                fileNumber = finding.fileNumber
                let escaped = ReportWriter(capacity: finding.file.count * 6 + 2)
                escaped.writeJSONString(bytes: finding.file)
                fileJSON = escaped.bytes
            }
            out.write(literal: first ? "\n    {\"column\": " : ",\n    {\"column\": ")
            first = false
            out.write(finding.location.column)
            out.write(literal: ", \"element\": ")
            out.writeJSONString(bytes: finding.element)
            out.write(literal: ", \"file\": ")
            fileJSON.withUnsafeBufferPointer { out.write(bytes: $0) }
            out.write(literal: ", \"impact\": \"")
            out.write(impact.rawValue)
            out.write(literal: "\", \"line\": ")
            out.write(finding.location.line)
            out.write(literal: ", \"message\": ")
            out.writeJSONString(bytes: finding.message)
            out.write(literal: ", \"rule\": \"")
            out.write(bytes: finding.rule)
            out.write(literal: "\", \"severity\": \"")
            out.write(finding.severity.rawValue)
            out.write(literal: "\"}")
        }
    }

    /// `writeFindings` for a whole list, in pieces of `pieceSize`, on this thread and a second one.
    /// Each takes the next piece nobody has taken yet: this thread formats its pieces straight
    /// into `out`, the second thread into memory, and this thread writes those out in their turn,
    /// so the bytes are the same as `writeFindings` gives. Whichever thread is free formats the
    /// next piece, and the second thread holds at most two formatted pieces, in arrays it reuses.
    /// A piece takes a fraction of a millisecond, so each thread waits for the other by spinning
    /// (yielding the core now and then) rather than sleeping, whose wake-up cost about as much.
    static func writeOnTwoThreads(_ findings: FindingList, first: Bool, to out: ReportWriter) {
        let pieces = (findings.count + pieceSize - 1) / pieceSize
        let count = findings.count
        @Sendable func range(_ piece: Int) -> Range<Int> {
            piece * pieceSize..<min(count, (piece + 1) * pieceSize)
        }
        let shared = SharedPieces(pieces: pieces)
        // The arrays are made here, where memory freed by the reading is there to take, rather
        // than on the second thread, whose allocator would take fresh pages for them.
        shared.spares.withLock { spares in
            for _ in 0..<3 {
                var spare: [UInt8] = []
                spare.reserveCapacity(pieceSize * 512)
                spares.append(spare)
            }
        }
        let memory = Slot(ReportWriter(capacity: 8 * 1024))
        let list = Slot(findings)
        DispatchQueue.global().async {
            let memory = memory.value
            while true {
                // At most two formatted pieces wait to be written.
                spin { shared.made.load(ordering: .acquiring) - shared.written.load(ordering: .acquiring) < 2 }
                guard let piece = shared.take() else { break }
                writeFindings(list.value, in: range(piece), first: first && piece == 0, to: memory)
                let bytes = memory.takeBytes(reusing: shared.spares.withLock { $0.popLast() ?? [] })
                shared.formatted.withLock { $0.append(bytes) }
                shared.made.add(1, ordering: .releasing)
            }
        }
        var written = 0
        for piece in 0..<pieces {
            if shared.take(piece) {
                writeFindings(findings, in: range(piece), first: first && piece == 0, to: out)
            } else {
                // Taken by the other thread (pieces are taken in order): write it once it is made.
                spin { shared.made.load(ordering: .acquiring) > written }
                var bytes = shared.formatted.withLock { $0.removeFirst() }
                bytes.withUnsafeBufferPointer { out.write(bytes: $0) }
                shared.spares.withLock { $0.append(bytes) }
                // Let go of it before the second thread may take it back, so it is not copied there.
                bytes = []
                written += 1
                shared.written.store(written, ordering: .releasing)
            }
        }
    }

    /// Waits until `done`, yielding the core after a while.
    private static func spin(until done: () -> Bool) {
        var tries = 0
        while !done() {
            tries += 1
            if tries >= 64 { Platform.yieldThread() }
        }
    }
}

/// What the two threads formatting a JSON report share (`JSONReporter.writeOnTwoThreads`).
private final class SharedPieces: Sendable {
    let pieces: Int
    /// The next piece nobody has taken.
    let next = Mutex(0)
    /// Pieces the second thread has formatted, and of those, how many this thread has written.
    let made = Atomic(0)
    let written = Atomic(0)
    /// Pieces formatted by the second thread on their way to be written, in the order it took them,
    /// and their arrays on their way back to be written into again.
    let formatted = Mutex<[[UInt8]]>([])
    let spares = Mutex<[[UInt8]]>([])

    init(pieces: Int) { self.pieces = pieces }

    /// The next piece, taken; nil when all are.
    func take() -> Int? {
        next.withLock { next in
            guard next < pieces else { return nil }
            next += 1
            return next - 1
        }
    }

    /// Takes `piece` if it is the next one nobody has taken.
    func take(_ piece: Int) -> Bool {
        next.withLock { next in
            guard next == piece else { return false }
            next += 1
            return true
        }
    }
}
