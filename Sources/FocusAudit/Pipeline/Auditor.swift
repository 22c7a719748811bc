/// focusaudit's pipeline, read from the top: what a run does with the paths it is given.
///
/// 1. **Discover** (`discover`, Discovery.swift): the paths become a list of files, in order; a path
///    that cannot be found or read becomes an input error there.
/// 2. **Plugged-in readers** (`auditWithReaders`): each reader of the registry that reads its files
///    as one group (the SwiftUI reader) audits them.
/// 3. **Descriptions** (`auditDescriptions`): every other file is audited on its own, several at
///    once with `--jobs`; each takes a read route (`ReadRoute`, OneFile.swift): one thread
///    (`FileRun`), a crew of two threads (CrewRoute.swift) or parts on several cores
///    (PartsRoute.swift).
/// 4. **Finish** each file (FileFinish.swift): the whole-file steps, in a named order
///    (`FileRun.FinishStep`), among them the whole-file checks (GraphChecks.swift).
/// 5. **Result**: one `FileAudit` per file, in the order found (`AuditResult`, AuditResult.swift).
public enum Auditor {
    /// Audits files and directories (searched recursively, in sorted order, for the files the
    /// registry's readers take: `.xml`, `.json`, `.storyboard`, `.xib`, and for instance `.swift`).
    /// A path that cannot be found or read is an input error; the other paths are still audited.
    /// Files of a plugged-in reader are read by it as one group, after the others.
    /// `progress` hears how many files were found and each one audited. `namesNotUTF8`: paths of
    /// `paths` that stand for names given as bytes that are not valid UTF-8, with those bytes as
    /// reports show them (`i\xFE.xml`): each is an input error under that name, in its place.
    public static func audit(
        paths: [String], configuration: Configuration, registry: ReaderRegistry = .builtIn,
        progress: ProgressLine? = nil, namesNotUTF8: [String: String] = [:]
    ) -> AuditResult {
        // On a thread whose stack is known, whatever the system's default (a run with one job
        // reads and checks on this thread; reading recurses as deep as the input nests).
        WorkQueue.onLargeStack {
            var run = discover(paths, configuration: configuration, registry: registry, namesNotUTF8: namesNotUTF8)
            LibXML.setUp()
            progress?.setTotal(run.inputs.count)
            progress?.fileDone(run.doneCount)
            auditWithReaders(&run, registry: registry, configuration: configuration, progress: progress)
            auditDescriptions(&run, configuration: configuration, progress: progress)
            return AuditResult(files: run.results.map { $0! })
        }
    }

    /// Step 2: the files of each reader that reads its files as one group.
    static func auditWithReaders(
        _ run: inout RunFiles, registry: ReaderRegistry, configuration: Configuration, progress: ProgressLine?
    ) {
        for reader in registry.readers {
            let mine = run.inputs.indices.filter {
                run.results[$0] == nil && registry.reader(for: run.inputs[$0].path)?.name == reader.name
            }
            guard !mine.isEmpty else { continue }
            let audits = reader.audit(
                files: mine.map { ReaderFile(path: run.inputs[$0].path, explicit: run.inputs[$0].explicit) },
                configuration: configuration)
            for (i, audit) in zip(mine, audits) { run.results[i] = audit }
            progress?.fileDone(mine.count)
        }
    }

    /// Step 3: every file left, each on its own, up to `configuration.jobs` at once. A run of one
    /// file with cores to spare gives them to that file (`pipelined`: the crew or parts route).
    static func auditDescriptions(_ run: inout RunFiles, configuration: Configuration, progress: ProgressLine?) {
        let pending = run.inputs.indices.filter { run.results[$0] == nil }
        let jobs = max(1, min(configuration.jobs, pending.count))
        if jobs <= 1 {
            let pipelined = configuration.jobs > 1 && pending.count == 1
            for i in pending {
                run.results[i] = audit(
                    file: run.inputs[i].path, explicit: run.inputs[i].explicit, configuration: configuration,
                    pipelined: pipelined)
                progress?.fileDone()
            }
        } else {
            let work = run.inputs
            let audits = WorkQueue.map(count: pending.count, jobs: jobs) { n in
                let i = pending[n]
                defer { progress?.fileDone() }
                return audit(file: work[i].path, explicit: work[i].explicit, configuration: configuration)
            }
            for (n, i) in pending.enumerated() { run.results[i] = audits[n] }
        }
    }
}
