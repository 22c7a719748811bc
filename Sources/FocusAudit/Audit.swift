import Dispatch
import Synchronization

/// The audit of one file.
public struct FileAudit: Sendable {
    public var file: String
    public var appName: String?
    /// The description's own `language`, if it gives one (the HTML report's `lang`).
    public var language: String?
    /// Findings after suppression, in report order.
    public var findings = FindingList()
    /// Every simulated journey, in document order (for `simulate` and reports).
    public var journeys: [Journey] = []
    public var graph = NavigationGraph()
    public var error: InputError?
    /// Found under a directory (or passed with `--skip-non-descriptions`) but not a description:
    /// another kind of XML or JSON file, well-formed or not.
    public var skipped = false
    /// Why it was skipped, for `--verbose`.
    public var skipReason: String?
    /// The transition the simulation used.
    public var transition: Double = 0.35
    /// How many parts the file was read in at once (`XMLPartReader`); 1 when read in one go.
    var readInParts = 1

    public init(file: String) {
        self.file = file
    }
}

/// The audit of a whole run.
public struct AuditResult: Sendable {
    public var files: [FileAudit]
    /// Findings left out because a baseline records them.
    public var baselinedCount = 0

    public init(files: [FileAudit]) {
        self.files = files
    }

    /// All findings, sorted by file, line, column, rule. Each file's findings are already in that
    /// order, so ordering the files by name and concatenating is enough.
    public var findings: [Finding] {
        let ordered = files.indices.sorted { (files[$0].file, $0) < (files[$1].file, $1) }
        var all: [Finding] = []
        all.reserveCapacity(files.reduce(0) { $0 + $1.findings.count })
        for i in ordered { all.append(contentsOf: files[i].findings) }
        return all
    }

    public var inputErrors: [InputError] { files.compactMap(\.error) }
    public var auditedFileCount: Int { files.filter { $0.error == nil && !$0.skipped }.count }
    public var skippedFileCount: Int { files.filter(\.skipped).count }

    /// Findings per rule id, with how many are errors and warnings, sorted by rule id.
    public var countsByRule: [(rule: String, errors: Int, warnings: Int)] {
        var all: [String: (errors: Int, warnings: Int)] = [:]
        for file in files {
            for (rule, count) in file.findings.countsByRule() {
                let old = all[rule] ?? (0, 0)
                all[rule] = (old.errors + count.errors, old.warnings + count.warnings)
            }
        }
        return all.keys.sorted().map { ($0, all[$0]!.errors, all[$0]!.warnings) }
    }

    public func count(_ severity: Severity) -> Int {
        files.reduce(0) { $0 + $1.findings.count(of: severity) }
    }

    /// Why a run that audited nothing is an error (SwiftLint's "no lintable files"), or nil when
    /// something was audited or an input error already explains the run. `paths` are the paths the
    /// run was given.
    public func emptyRunMessage(paths: [String]) -> String? {
        guard auditedFileCount == 0, inputErrors.isEmpty else { return nil }
        let named = paths.map { Escaping.terminal($0) }.joined(separator: ", ")
        let skipped =
            skippedFileCount == 0
            ? "no file of a kind it reads was found there"
            : "\(skippedFileCount) file\(skippedFileCount == 1 ? " was" : "s were") skipped as not descriptions (--verbose lists them)"
        return "focusaudit: error: no description to audit in \(named): \(skipped); "
            + "check the paths, `included` and `excluded`, or pass --allow-empty to accept an empty run"
    }

    /// 0 nothing fails, 1 failing findings, 2 an input could not be read (that wins).
    public func exitStatus(strict: Bool) -> Int32 {
        if !inputErrors.isEmpty { return 2 }
        if count(.error) > 0 || (strict && count(.warning) > 0) { return 1 }
        return 0
    }
}

public enum Auditor {
    /// Audits files and directories (searched recursively, in sorted order, for the files the
    /// registry's readers take: `.xml`, `.json`, `.storyboard`, `.xib`, and for instance `.swift`).
    /// A path that cannot be found or read is an input error; the other paths are still audited.
    /// Files of a plugged-in reader are read by it as one group, after the others.
    /// `progress` hears how many files were found and each one audited.
    public static func audit(
        paths: [String], configuration: Configuration, registry: ReaderRegistry = .builtIn,
        progress: ProgressLine? = nil
    ) -> AuditResult {
        var inputs: [(path: String, explicit: Bool)] = []
        var early: [Int: FileAudit] = [:]
        // A file named twice, or named and found in a named directory, is audited once.
        var seen: Set<String> = []
        let cwd = FileDiscovery.currentDirectory
        for named in paths {
            let path = FileDiscovery.displayPath(named, currentDirectory: cwd)
            switch FileDiscovery.expand(path, extensions: registry.extensions) {
            case .file(let file):
                if seen.insert(file).inserted { inputs.append((file, !configuration.skipNonDescriptions)) }
            case .directory(let files, let problems):
                for file in files where !configuration.excluded.contains(where: { $0.matches(file) }) {
                    if seen.insert(file).inserted { inputs.append((file, false)) }
                }
                // What the search could not open or name is an input error, never dropped in silence.
                for problem in problems where !configuration.excluded.contains(where: { $0.matches(problem.path) }) {
                    guard seen.insert(problem.path).inserted else { continue }
                    var audit = FileAudit(file: problem.path)
                    audit.error = InputError(file: problem.path, message: problem.message)
                    early[inputs.count] = audit
                    inputs.append((problem.path, true))
                }
            case .failure(let message):
                guard seen.insert(path).inserted else { continue }
                var audit = FileAudit(file: path)
                audit.error = InputError(file: path, message: message)
                early[inputs.count] = audit
                inputs.append((path, true))
            }
        }
        LibXML.setUp()
        progress?.setTotal(inputs.count)
        progress?.fileDone(early.count)
        var results = [FileAudit?](repeating: nil, count: inputs.count)
        for (i, audit) in early { results[i] = audit }
        for reader in registry.readers {
            let mine = inputs.indices.filter {
                results[$0] == nil && registry.reader(for: inputs[$0].path)?.name == reader.name
            }
            guard !mine.isEmpty else { continue }
            let audits = reader.audit(
                files: mine.map { ReaderFile(path: inputs[$0].path, explicit: inputs[$0].explicit) },
                configuration: configuration)
            for (i, audit) in zip(mine, audits) { results[i] = audit }
            progress?.fileDone(mine.count)
        }
        let pending = inputs.indices.filter { results[$0] == nil }
        let jobs = max(1, min(configuration.jobs, pending.count))
        if jobs <= 1 {
            // One file and cores to spare: check its screens on a second thread while it is read.
            let pipelined = configuration.jobs > 1 && pending.count == 1
            for i in pending {
                results[i] = audit(
                    file: inputs[i].path, explicit: inputs[i].explicit, configuration: configuration,
                    pipelined: pipelined)
                progress?.fileDone()
            }
        } else {
            let work = inputs
            let audits = WorkQueue.map(count: pending.count, jobs: jobs) { n in
                let i = pending[n]
                defer { progress?.fileDone() }
                return audit(file: work[i].path, explicit: work[i].explicit, configuration: configuration)
            }
            for (n, i) in pending.enumerated() { results[i] = audits[n] }
        }
        return AuditResult(files: results.map { $0! })
    }

    /// Audits one file. `explicit` says whether the user named it: a named file that is not a
    /// description is an input error, one found in a directory is skipped.
    /// With `pipelined`, the file's screens are checked on a second thread while the rest of the file
    /// is read; the result is the same either way.
    public static func audit(
        file: String, explicit: Bool = true, configuration: Configuration, pipelined: Bool = false
    ) -> FileAudit {
        switch ByteSource.open(path: file) {
        case .failure(let failure):
            return failed(file, failure, explicit: explicit)
        case .success(let source):
            let result = audit(
                source: source, file: file, explicit: explicit, configuration: configuration, pipelined: pipelined)
            guard !explicit, let error = result.error else { return result }
            return skippedUnlessClaimed(file, error: error) ?? result
        }
    }

    /// A file not named by the user (or passed with `--skip-non-descriptions`) that could not be
    /// read as a description is skipped unless it says it is one (`DescriptionClaim`): JSON with
    /// comments, a broken property list or scheme do not stop a run, a broken description does.
    /// Nil when the error stands (the file claims to be a description, or cannot be read at all).
    static func skippedUnlessClaimed(_ file: String, error: InputError) -> FileAudit? {
        guard case .success(let source) = ByteSource.open(path: file) else { return nil }
        // The first element of an XML file is near its start; JSON keys may come anywhere.
        let head = InputFormat.of(file: file) == .json ? source.readAll() : source.bytes(in: 0..<(256 * 1024))
        guard case .success(let bytes) = head, !DescriptionClaim.claims(file: file, bytes: bytes) else { return nil }
        var audit = FileAudit(file: file)
        audit.skipped = true
        let place = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
        audit.skipReason = "not a description, and not readable as one (\(place)\(error.message))"
        return audit
    }

    /// Audits a description held in memory (tests, editors).
    public static func audit(
        text: String, file: String = "input.xml", configuration: Configuration = Configuration()
    )
        -> FileAudit
    {
        audit(source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: configuration)
    }

    static func audit(
        source: ByteSource, file: String, explicit: Bool, configuration: Configuration, pipelined: Bool = false
    ) -> FileAudit {
        if pipelined, InputFormat.of(file: file) == .xml, !configuration.keepsJourneys,
            let audit = XMLPartReader.audit(source: source, file: file, configuration: configuration)
        {
            return audit
        }
        let run = FileRun(file: file, configuration: configuration)
        let crew = pipelined ? ReadCrew() : nil
        let sink: any DescriptionSink & FileFinishing = crew.map { PipelinedRun(run, crew: $0) } ?? run
        let outcome: Result<ReadOutcome, ReadFailure>
        switch InputFormat.of(file: file) {
        case .xml:
            outcome = XMLDescriptionReader.read(
                bytes: source, fileName: file, sink: sink, interfaceBuilder: configuration.interfaceBuilder, crew: crew)
        case .json:
            outcome = JSONDescriptionReader.read(bytes: source, fileName: file, sink: sink)
        }
        switch outcome {
        case .failure(let failure):
            sink.abandon()
            return failed(file, failure, explicit: explicit)
        case .success(let outcome):
            return sink.finish(outcome)
        }
    }

    private static func failed(_ file: String, _ failure: ReadFailure, explicit: Bool) -> FileAudit {
        var audit = FileAudit(file: file)
        switch failure {
        case .notADescription(let why):
            if explicit {
                audit.error = InputError(file: file, message: "not a focusaudit description: \(why)")
            } else {
                audit.skipped = true
                audit.skipReason = "not a description: \(why)"
            }
        case .input(let location, let message):
            audit.error = InputError(file: file, location: location, message: message)
        }
        return audit
    }
}

/// Which reader a file goes to.
enum InputFormat {
    case xml, json

    static func of(file: String) -> InputFormat {
        file.lowercased().hasSuffix(".json") ? .json : .xml
    }
}

/// What the reader's sink does once the file has been read.
protocol FileFinishing: AnyObject {
    /// Runs the whole-file checks and returns the file's audit.
    func finish(_ outcome: ReadOutcome) -> FileAudit
    /// The file could not be read to the end; nothing more will come.
    func abandon()
}

/// Receives one file's screens as they are read, checks each at once, and keeps only the compact
/// navigation graph for the whole-file checks at the end.
final class FileRun: DescriptionSink, FileFinishing {
    let file: String
    let configuration: Configuration
    var audit: FileAudit
    /// The simulation settings in force (the description's own transition once its header is read).
    var settings: SimulationSettings { context.settings }
    let suppressions = SuppressionIndex()
    var findings = FindingList()
    let rules: [any Rule]
    /// Each rule's id and default severity, taken from its description once per file.
    private let ruleHeads: [(id: String, severity: Severity)]
    /// Interface Builder scene names by screen path, for messages about their elements.
    var sceneNames: [String: String] = [:]
    /// Interface Builder views outside their scene's view hierarchy, by element path, with the
    /// outlet that names them (`Screen.outsideHierarchy`).
    var outsideHierarchy: [String: String] = [:]
    /// Whether the whole-file checks may use a second thread (a one-file run with cores to spare).
    var sharesGraphChecks = false

    init(file: String, configuration: Configuration) {
        self.file = file
        self.configuration = configuration
        rules = RuleRegistry.rules.filter { configuration.isEnabled($0.description.id) }
        // Severities as configured: a rule that gives some findings a severity of their own
        // (`outlet_controls`) then keeps it, since the file's findings are not set again by rule.
        ruleHeads = rules.map {
            ($0.description.id, configuration.severity(of: $0.description.id, default: $0.description.severity))
        }
        audit = FileAudit(file: file)
        let settings = SimulationSettings(
            transition: configuration.transition, modalRestoresFocus: configuration.modalRestoresFocus)
        context = RuleContext(
            settings: settings, maxRestoreDelay: configuration.maxRestoreDelay, suppressions: suppressions,
            roleWords: configuration.roleWords)
        context.outletControls = configuration.outletControls
        context.minTouchTarget = configuration.minTouchTarget
        if !configuration.keepsJourneys { audit.graph = NavigationGraph(compactWith: settings) }
    }

    /// What rules see; made once per file (it holds the role-word table) and updated by the header.
    private var context: RuleContext

    func didReadHeader(_ header: AppHeader) {
        audit.appName = header.name
        audit.language = header.language
        if let transition = header.transition {
            context.settings.transition = transition
            audit.graph.update(context.settings)
        }
    }

    func didReadScreen(_ screen: Screen) {
        if let name = screen.sceneName { sceneNames[screen.path] = name }
        if !screen.outsideHierarchy.isEmpty { outsideHierarchy.merge(screen.outsideHierarchy) { a, _ in a } }
        suppressions.startScreen(at: screen.location)
        for suppression in screen.suppressions {
            suppressions.add(suppression, element: screen.path, location: screen.location)
        }
        let analysis = ScreenAnalysis(screen: screen)
        analysis.forEachElement { index, element in
            guard !element.node.suppressions.isEmpty else { return }
            let end = element.subtreeEnd < analysis.elements.count ? analysis.elements[element.subtreeEnd].node.location : nil
            for suppression in element.node.suppressions {
                suppressions.add(suppression, element: analysis.path(of: index), location: element.node.location, end: end)
            }
        }
        let context = self.context
        // The file's list is lent to one collector for all the rules (left empty here, so it is not
        // copied); making and destroying a collector per rule and screen showed in profiles.
        var collector = FindingCollector(ruleID: "", severity: .warning, adding: takeFindings())
        // By index: zipping the lists copied each rule's existential box for every screen.
        for i in rules.indices {
            collector.reportAs(ruleHeads[i].id, ruleHeads[i].severity)
            rules[i].check(screen: analysis, context: context, report: &collector)
        }
        findings = collector.takeFindings()
        audit.graph.add(analysis)
    }

    /// The findings so far, leaving the run's list empty.
    private func takeFindings() -> FindingList {
        defer { findings = FindingList() }
        return findings
    }

    func finish(_ outcome: ReadOutcome) -> FileAudit {
        for suppression in outcome.fileSuppressions { suppressions.addFileWide(suppression) }
        for suppression in outcome.orphanSuppressions { suppressions.addOrphan(suppression) }
        audit.transition = settings.transition
        audit.graph.resolveTargets()
        audit.journeys =
            audit.graph.keepsJourneys
            ? Simulator.journeys(in: audit.graph, settings: settings) : audit.graph.takeCompactJourneys()
        checkGraph()
        nameScenes()
        findings.append(contentsOf: outcome.diagnostics)
        // Findings of rules turned off are dropped before suppressions see them, so suppressing an
        // off rule is not reported as superfluous either.
        let configuration = self.configuration
        findings.removeFindings(ofRules: { !configuration.isEnabled($0) })
        let suppressions = self.suppressions
        if !suppressions.silencesNothing {
            findings.removeAll { suppressions.suppresses($0.rule, at: $0.element, location: $0.location) }
        }
        // A suppression of superfluous_suppression itself (say, file-wide) silences these too.
        if configuration.isEnabled(RuleID.superfluousSuppression) {
            findings.append(contentsOf: suppressions.filter(suppressions.superfluous(onlyFor: configuration.isEnabled)))
        }
        findings.setFile(file)
        // Rules' findings have their configured severity already (`ruleHeads`); this sets the
        // others' (invalid_description, superfluous_suppression).
        findings.setSeverities { rule, current in
            rule == RuleID.unlabeledControl ? current : configuration.severity(of: rule, default: current)
        }
        findings.sortInReportOrder()
        audit.findings = takeFindings()
        return audit
    }
}

extension FileRun {
    /// Starts each message about an element of an Interface Builder scene with the scene's name
    /// (`FriendsViewController ("친구"): Button …`), since controller ids mean nothing to a reader.
    /// Screen-level messages already name their screen.
    fileprivate func nameScenes() {
        guard !sceneNames.isEmpty else { return }
        findings = FindingList(
            findings.lazy.map { finding in
                guard let screen = Self.screenStep(of: finding.element), let name = self.sceneNames[screen] else {
                    return finding
                }
                var named = finding
                named.message = name + ": " + finding.message
                if !self.outsideHierarchy.isEmpty, let outlet = self.outsideOutlet(of: finding.element) {
                    named.message +=
                        " (this view is outside the scene's view hierarchy: it is on screen only if code adds it"
                        + (outlet.isEmpty ? ")" : ", through outlet '\(outlet)')")
                }
                return named
            })
    }

    /// The outlet of the view outside its scene's view hierarchy that holds the element at `path`.
    func outsideOutlet(of path: String) -> String? {
        for (prefix, outlet) in outsideHierarchy where path == prefix || path.hasPrefix(prefix + "/") {
            return outlet
        }
        return nil
    }

    /// The `screen[…]` step of an element path below a screen; nil for the screen itself or `app`.
    static func screenStep(of path: String) -> String? {
        var escaped = false
        for i in path.indices {
            let c = path[i]
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "/" {
                return String(path[..<i])
            }
        }
        return nil
    }
}

extension FileRun {
    func abandon() {}

    /// Links from which the whole-file checks are shared with a second thread (`sharesGraphChecks`):
    /// below it, starting one costs more than it saves.
    static let sharedGraphCheckLinks = 8_192

    /// Runs every rule's whole-file check.
    ///
    /// With `sharesGraphChecks` and a large graph, `unbound_focus_target`, which writes a finding
    /// for every link without a focus binding (tens of thousands in a large app), runs here,
    /// straight into the file's list, while a second thread runs the other rules' checks, which
    /// report per screen or per missing destination, into a list of its own that is then
    /// appended. Findings of different rules then stand in another order than one thread leaves
    /// them, which sorting into report order undoes (it orders them by rule); a rule's own
    /// findings keep their order. `unbound_focus_target` reads only the graph and the journeys,
    /// so the two threads share nothing that either one writes.
    fileprivate func checkGraph() {
        // One copy of the graph for all the rules: read from the audit, it was copied for each.
        let work = GraphChecks(
            rules: rules, heads: ruleHeads, graph: audit.graph, journeys: audit.journeys, context: context)
        let here = rules.indices.filter { ruleHeads[$0].id == RuleID.unboundFocusTarget }
        guard sharesGraphChecks, !here.isEmpty, rules.count > here.count,
            work.graph.linkCount >= Self.sharedGraphCheckLinks
        else {
            findings = work.run(Array(rules.indices), adding: takeFindings())
            return
        }
        let others = rules.indices.filter { ruleHeads[$0].id != RuleID.unboundFocusTarget }
        let result = CheckedList()
        let done = DispatchSemaphore(value: 0)
        let shared = Handoff(work)
        DispatchQueue.global().async {
            result.list = shared.value.run(others, adding: FindingList())
            done.signal()
        }
        findings = work.run(here, adding: takeFindings())
        // The semaphore orders the other thread's writes before the reads here.
        done.wait()
        findings.append(contentsOf: result.list)
    }
}

/// What the whole-file checks read (`FileRun.checkGraph`), in one value for either thread.
private struct GraphChecks {
    let rules: [any Rule]
    let heads: [(id: String, severity: Severity)]
    let graph: NavigationGraph
    let journeys: [Journey]
    let context: RuleContext

    /// Runs the whole-file checks of the rules at `indices`, in that order, adding to `list`.
    func run(_ indices: [Int], adding list: FindingList) -> FindingList {
        var list = list
        for i in indices {
            var collector = FindingCollector(ruleID: heads[i].id, severity: heads[i].severity, adding: list)
            rules[i].check(graph: graph, journeys: journeys, context: context, report: &collector)
            list = collector.takeFindings()
        }
        return list
    }
}

/// The findings of the whole-file checks run on a second thread (`FileRun.checkGraph`): written
/// there, then read here once it signals that it is done.
private final class CheckedList: @unchecked Sendable {
    var list = FindingList()
}

extension FileRun {
    /// Takes over what `other` found: the run of the part of this file that follows the part read
    /// here (`XMLPartReader`). Screen findings, suppressions and the navigation graph come after
    /// this run's own, as if one run had read both parts.
    func absorb(_ other: FileRun) {
        findings.append(contentsOf: other.findings)
        suppressions.absorb(other.suppressions)
        audit.graph.append(other.audit.graph)
    }
}

/// A `FileRun` whose screens are checked in batches by a `ReadCrew` while the rest of the file is
/// read, so a large file's screens are checked on a second core. The crew runs the batches one at
/// a time and in reading order, so the findings are the same as when one thread does everything;
/// at most a few batches wait at a time, so memory stays bounded.
final class PipelinedRun: RecyclingSink, FileFinishing {
    static let batchSize = 32

    private let run: FileRun
    private let crew: ReadCrew
    private var batch: [Screen] = []
    /// Checked batches handed back to the reading thread, which made their nodes: it reuses them
    /// for the screens it reads next (`nodePool`), and frees what it does not reuse. With glibc's
    /// allocator, freeing memory on another thread than the one that allocated it contends with
    /// that thread's own allocations and cost about a fifth of the run.
    private let checked = Mutex<[Handoff<ScreenBatch>]>([])
    let nodePool = ViewNodePool()

    init(_ run: FileRun, crew: ReadCrew) {
        self.run = run
        self.crew = crew
        run.sharesGraphChecks = true
        batch.reserveCapacity(Self.batchSize)
    }

    func didReadHeader(_ header: AppHeader) {
        hand { $0.didReadHeader(header) }
    }

    func didReadScreen(_ screen: Screen) {
        batch.append(screen)
        if batch.count >= Self.batchSize { handBatch() }
    }

    func finish(_ outcome: ReadOutcome) -> FileAudit {
        handBatch()
        // Nothing more is read: the unused nodes are freed now, while the last batches are checked,
        // rather than after.
        nodePool.close()
        crew.finish()
        let audit = run.finish(outcome)
        takeBackChecked()
        return audit
    }

    func abandon() {
        batch = []
        crew.finish()
        takeBackChecked()
    }

    private func handBatch() {
        takeBackChecked()
        guard !batch.isEmpty else { return }
        // A box rather than the list itself, so that once checked the list has one owner again and
        // its nodes can be reused.
        let screens = Handoff(ScreenBatch(batch, nodes: nodePool.takeIssued()))
        batch = []
        batch.reserveCapacity(Self.batchSize)
        hand { run in
            let checked = screens.value
            for screen in checked.screens { run.didReadScreen(screen) }
            // Released here, where they were just read, so the reading thread takes them back
            // without touching each one.
            checked.screens = []
            ViewNodePool.release(&checked.nodes)
            self.checked.withLock { $0.append(screens) }
        }
    }

    /// Takes back the batches the crew has checked, on the reading thread: their nodes go to the
    /// pool.
    private func takeBackChecked() {
        let done = checked.withLock { list -> [Handoff<ScreenBatch>] in
            let taken = list
            list = []
            return taken
        }
        for handoff in done {
            // Out of the batch first, so the pool's list is not shared and is never copied.
            let nodes = handoff.value.nodes
            handoff.value.nodes = []
            nodePool.reuse(nodes)
        }
    }

    /// Has the crew run `work` after everything handed over before it.
    private func hand(_ work: @escaping (FileRun) -> Void) {
        let handoff = Handoff((run, work))
        crew.check { handoff.value.1(handoff.value.0) }
    }
}

/// One batch of screens on its way to be checked and back.
private final class ScreenBatch {
    var screens: [Screen]
    /// The view nodes made for these screens, in the order they were made.
    var nodes: [ViewNode]
    init(_ screens: [Screen], nodes: [ViewNode]) {
        self.screens = screens
        self.nodes = nodes
    }
}

/// Moves values that are not `Sendable` to another thread: a thread of a `ReadCrew`, a second thread of
/// the whole-file checks or of the JSON report. Safe because the sending side never touches them
/// again (screens are handed over whole, and the run is only used on that thread until `finish`
/// waits for it) or only reads them while the other thread does too.
struct Handoff<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
