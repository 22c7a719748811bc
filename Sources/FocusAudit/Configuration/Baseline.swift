/// A record of accepted findings, so a team can adopt focusaudit on an existing app and fail only on
/// new problems. Findings are matched by fingerprint (rule, file, element path), never by line, so
/// editing above a baselined finding keeps it baselined.
public struct Baseline: Sendable {
    public static let version = 1
    public var fingerprints: Set<String>

    public init(fingerprints: Set<String>) {
        self.fingerprints = fingerprints
    }

    public static func load(path: String) throws(InputError) -> Baseline {
        let text: String
        switch TextFile.readOrExplain(path) {
        case .success(let read): text = read
        case .failure(let problem):
            let hint =
                problem.isMissing
                ? "; to make one, run the same check with --write-baseline \(path) (it records the findings of that run as accepted)"
                : ""
            throw InputError(file: path, message: "cannot read the baseline: \(problem.reason)\(hint)")
        }
        let bytes = Array(text.utf8)
        let root: JSONValue
        switch JSONParser.parse(bytes) {
        case .failure(let error):
            var tracker = PositionTracker(bytes: bytes)
            throw InputError(file: path, location: tracker.locate(error.offset), message: "not a baseline: \(error.message)")
        case .success(let value):
            root = value
        }
        guard case .object(let members, _) = root,
            case .array(let items, _)? = members.first(where: { $0.key == "findings" })?.value
        else {
            throw InputError(file: path, message: "not a baseline: expected an object with a \"findings\" array")
        }
        var prints: Set<String> = []
        for item in items {
            guard case .object(let fields, _) = item,
                case .string(let print)? = fields.first(where: { $0.key == "fingerprint" })?.value
            else {
                throw InputError(file: path, message: "not a baseline: every finding needs a \"fingerprint\" string")
            }
            prints.insert(print)
        }
        return Baseline(fingerprints: prints)
    }

    /// The baseline of a run's findings, as written by `--write-baseline`.
    public static func render(_ result: AuditResult) -> String {
        var out = "{\n  \"findings\": ["
        var first = true
        for file in result.files.sorted(by: { $0.file < $1.file }) {
            let prints = Fingerprint.of(file.findings)
            for (finding, print) in zip(file.findings, prints) {
                out += first ? "\n    " : ",\n    "
                first = false
                out += "{\"element\": \"\(Escaping.json(finding.element))\", \"file\": \"\(Escaping.json(finding.file))\", "
                out += "\"fingerprint\": \"\(print)\", \"message\": \"\(Escaping.json(finding.message))\", "
                out += "\"rule\": \"\(finding.rule)\"}"
            }
        }
        out += first ? "],\n" : "\n  ],\n"
        out += "  \"version\": \(version)\n}\n"
        return out
    }
}

extension AuditResult {
    /// The result without the findings recorded in `baseline`; `baselinedCount` says how many went.
    public func applying(_ baseline: Baseline) -> AuditResult {
        var copy = self
        for i in copy.files.indices {
            let prints = Fingerprint.of(copy.files[i].findings)
            let before = copy.files[i].findings.count
            copy.files[i].findings = FindingList(
                zip(copy.files[i].findings, prints).lazy.filter { !baseline.fingerprints.contains($0.1) }.map(\.0))
            copy.baselinedCount += before - copy.files[i].findings.count
        }
        return copy
    }
}
