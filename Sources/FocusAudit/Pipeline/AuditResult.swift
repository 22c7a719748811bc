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
    /// another kind of well-formed XML or JSON file.
    public var skipped = false
    /// Why it was skipped, for `--verbose`.
    public var skipReason: String?
    /// The transition the simulation used.
    public var transition: Double = 0.35
    /// How many parts the file was read in at once (`XMLPartReader`); 1 when read in one go.
    var readInParts = 1
    /// Whether `error` is a refusal (`ReadFailure.refused`) rather than a file that is not well-formed.
    var errorIsRefusal = false

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
