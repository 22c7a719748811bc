/// The suppressions of one file and which of their rule ids have silenced something, so that
/// suppressions that silence nothing can be reported (`superfluous_suppression`).
public final class SuppressionIndex {
    private struct Entry {
        var rules: [String]
        /// The subtree it covers; nil for the whole file.
        var path: String?
        /// Where a `superfluous_suppression` finding points, and its element path.
        var reportLocation: SourceLocation
        var reportPath: String
        var used: Set<String> = []
    }

    private var entries: [Entry] = []
    private var byPath: [String: [Int]] = [:]
    private var fileWide: [Int] = []

    public init() {}

    /// A suppression written before the element at `path` covers that element and its subtree.
    public func add(_ suppression: Suppression, element path: String, location: SourceLocation) {
        entries.append(Entry(rules: suppression.rules, path: path, reportLocation: location, reportPath: path))
        byPath[path, default: []].append(entries.count - 1)
    }

    /// A `disable-file` suppression, or one before `<app>`.
    public func addFileWide(_ suppression: Suppression) {
        entries.append(
            Entry(rules: suppression.rules, path: nil, reportLocation: suppression.location, reportPath: ElementPath.app))
        fileWide.append(entries.count - 1)
    }

    /// A suppression followed by no element: it can silence nothing.
    public func addOrphan(_ suppression: Suppression) {
        entries.append(
            Entry(rules: suppression.rules, path: "", reportLocation: suppression.location, reportPath: ElementPath.app))
    }

    /// Takes over the suppressions of the part of the same file that follows this one's, after
    /// them, as if one index had met them all in reading order.
    func absorb(_ other: SuppressionIndex) {
        let offset = entries.count
        entries.append(contentsOf: other.entries)
        for (path, list) in other.byPath { byPath[path, default: []].append(contentsOf: list.map { $0 + offset }) }
        fileWide.append(contentsOf: other.fileWide.map { $0 + offset })
    }

    /// Whether no finding can be silenced (no suppression covers an element or the file).
    var silencesNothing: Bool { fileWide.isEmpty && byPath.isEmpty }

    /// Whether `rule` is silenced at `path`; a yes counts as a use of the suppression.
    public func suppresses(_ rule: String, at path: String) -> Bool {
        var silenced = false
        for i in fileWide where entries[i].rules.contains(rule) {
            entries[i].used.insert(rule)
            silenced = true
        }
        guard !byPath.isEmpty else { return silenced }
        var escaped = false
        var index = path.startIndex
        while index <= path.endIndex {
            let atBoundary = index == path.endIndex || (!escaped && path[index] == "/")
            if atBoundary, let list = byPath[String(path[..<index])] {
                for i in list where entries[i].rules.contains(rule) {
                    entries[i].used.insert(rule)
                    silenced = true
                }
            }
            if index == path.endIndex { break }
            escaped = !escaped && path[index] == "\\"
            index = path.index(after: index)
        }
        return silenced
    }

    /// Removes the silenced findings.
    public func filter(_ findings: [Finding]) -> [Finding] {
        findings.filter { !suppresses($0.rule, at: $0.element) }
    }

    /// One finding per rule id of a suppression that silenced nothing. Ids of rules that are not
    /// run (`isRun` false) are not reported: they could not have silenced anything.
    public func superfluous(onlyFor isRun: (String) -> Bool = { _ in true }) -> [Finding] {
        var result: [Finding] = []
        for entry in entries {
            for rule in entry.rules where !entry.used.contains(rule) && isRun(rule) {
                result.append(
                    Finding(
                        rule: RuleID.superfluousSuppression, severity: .warning, location: entry.reportLocation,
                        element: entry.reportPath,
                        message: entry.path == ""
                            ? "this suppression of \(rule) is followed by no element, so it silences nothing"
                            : "the suppression of \(rule) silences nothing here; remove it"))
            }
        }
        return result
    }
}
