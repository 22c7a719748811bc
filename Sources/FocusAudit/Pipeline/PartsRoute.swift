/// The parts route: one large XML description read on several cores at once, cut where
/// `XMLPartReader.plan` says, each part read, built and checked by a `FileRun` of its own, and the
/// runs joined in order (`FileRun.absorb`).
enum PartsRoute {
    /// Audits `source` in parts, or returns nil when it cannot be cut (too small for two parts, not
    /// a plain UTF-8 description) or a part showed it must be read in one go; `foldedIDsMet` is set
    /// then when a part folded a leaf whose id met another of its screen (`FileRun.foldedIDsMet`).
    static func audit(source: ByteSource, file: String, configuration: Configuration, foldedIDsMet: inout Bool) -> FileAudit? {
        guard let plan = XMLPartReader.plan(source: source, jobs: configuration.jobs, minimumPart: configuration.minimumPartSize)
        else { return nil }
        let count = plan.starts.count
        // Each part is written by its own thread; all are read once every thread is done.
        let slots = (0..<count).map { _ in Slot<Part?>(nil) }
        let work = PartWork(source: source, file: file, configuration: configuration, plan: plan)
        _ = WorkQueue.map(count: count, jobs: count) { k in
            slots[k].value = work.read(part: k)
        }
        var read: [(part: Part, outcome: ReadOutcome)] = []
        for slot in slots {
            guard let part = slot.value, let outcome = part.outcome else { return nil }
            read.append((part, outcome))
        }
        if read.contains(where: { $0.part.run.foldedIDsMet }) {
            foldedIDsMet = true
            return nil
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
            outcome.diagnostics += more.diagnostics
            outcome.orphanSuppressions += more.orphanSuppressions
            outcome.fileSuppressions += more.fileSuppressions
        }
        var audit = first.run.finish(outcome)
        audit.readInParts = count
        return audit
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
