/// The suppressions of one file and which of their rule ids have silenced something, so that
/// suppressions that silence nothing can be reported (`superfluous_suppression`).
///
/// A suppression belongs to an element's position, not to its path alone: two elements with the
/// same `id` share a path and are still two elements. A finding is silenced by a suppression when
/// its path lies in the suppressed element's subtree *and* its location lies in the element's
/// stretch of the file, from its start to the start of the first element after its subtree.
public final class SuppressionIndex {
    private struct Entry {
        var rules: [String]
        /// The subtree it covers; nil for the whole file.
        var path: String?
        /// Where the suppressed element starts, and where the first element after its subtree
        /// starts (nil until known: the end of its screen, or of the file).
        var start = SourceLocation(line: 0, column: 0)
        var end: SourceLocation?
        /// Where a `superfluous_suppression` finding points, and its element path.
        var reportLocation: SourceLocation
        var reportPath: String
        var used: Set<String> = []
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    private var byPath: [String: [Int]] = [:]
    private var fileWide: [Int] = []
    /// Entries whose `end` is not known yet.
    @exclusivity(unchecked) private var open: [Int] = []
    /// Where the first screen read into this index starts.
    @exclusivity(unchecked) private var firstScreen: SourceLocation?

    public init() {}

    /// A suppression written before the element at `path`, which starts at `location`, covers that
    /// element and its subtree, up to `end`, where the first element after the subtree starts (nil
    /// when no element of its screen follows).
    public func add(
        _ suppression: Suppression, element path: String, location: SourceLocation, end: SourceLocation? = nil
    ) {
        entries.append(
            Entry(rules: suppression.rules, path: path, start: location, end: end, reportLocation: location, reportPath: path))
        byPath[path, default: []].append(entries.count - 1)
        if end == nil { open.append(entries.count - 1) }
    }

    /// A screen starts at `location`: the suppressed elements of earlier screens end before it.
    public func startScreen(at location: SourceLocation) {
        if firstScreen == nil { firstScreen = location }
        closeOpen(at: location)
    }

    /// Ends the open entries that start before `location` there (screens normally come in file
    /// order; one that does not ends nothing it does not follow).
    private func closeOpen(at location: SourceLocation) {
        open.removeAll { i in
            guard entries[i].start < location else { return false }
            entries[i].end = location
            return true
        }
    }

    /// A `disable-file` suppression, or one before `<app>`.
    public func addFileWide(_ suppression: Suppression) {
        entries.append(
            Entry(rules: suppression.rules, path: nil, reportLocation: suppression.location, reportPath: ElementPath.app))
        fileWide.append(entries.count - 1)
    }

    /// A suppression followed by no element: it can silence nothing. It is reported at the comment,
    /// with the path of the element that holds the comment.
    public func addOrphan(_ suppression: Suppression) {
        entries.append(
            Entry(
                rules: suppression.rules, path: "", reportLocation: suppression.location,
                reportPath: suppression.containerPath ?? ElementPath.app))
    }

    /// Takes over the suppressions of the part of the same file that follows this one's, after
    /// them, as if one index had met them all in reading order.
    func absorb(_ other: SuppressionIndex) {
        if let next = other.firstScreen { closeOpen(at: next) }
        if firstScreen == nil { firstScreen = other.firstScreen }
        let offset = entries.count
        open.append(contentsOf: other.open.map { $0 + offset })
        entries.append(contentsOf: other.entries)
        for (path, list) in other.byPath { byPath[path, default: []].append(contentsOf: list.map { $0 + offset }) }
        fileWide.append(contentsOf: other.fileWide.map { $0 + offset })
    }

    /// Whether no finding can be silenced (no suppression covers an element or the file).
    var silencesNothing: Bool { fileWide.isEmpty && byPath.isEmpty }

    /// Whether `rule` is silenced for the element at `path` whose finding is at `location`; a yes
    /// counts as a use of the suppression.
    public func suppresses(_ rule: String, at path: String, location: SourceLocation) -> Bool {
        var silenced = false
        for i in fileWide where entries[i].rules.contains(rule) {
            entries[i].used.insert(rule)
            silenced = true
        }
        guard !byPath.isEmpty else { return silenced }
        // The element's path and each ancestor's path are prefixes of it, ending at an unescaped
        // `/`. A path shortened below a long ancestry (`screen[s]/[…digest]/…`) goes on with the
        // path the digest stands for.
        var pending = [path]
        while let current = pending.popLast() {
            Self.forEachAncestorPath(of: current) { prefix, isDigest in
                if let list = byPath[prefix] {
                    for i in list
                    where entries[i].rules.contains(rule) && entries[i].start <= location
                        && entries[i].end.map({ location < $0 }) ?? true
                    {
                        entries[i].used.insert(rule)
                        silenced = true
                    }
                }
                if isDigest, let parent = ElementPath.parent(ofShortened: prefix) { pending.append(parent) }
            }
        }
        return silenced
    }

    /// Calls `body` with each prefix of `path` that ends at an unescaped `/` or at its end, from
    /// the shortest, and whether the step that ends there starts with `[` (a shortened path's
    /// digest). A path of ASCII without CR is walked on its bytes, where every byte is a
    /// character; any other on its characters (a mark after `/` or `\\` makes one character of
    /// them, which is then neither).
    static func forEachAncestorPath(of path: String, _ body: (String, Bool) -> Void) {
        if SuppressionComment.isPlainASCII(path.utf8) {
            forEachAncestorPathOfASCII(path, body)
        } else {
            forEachAncestorPathOfCharacters(path, body)
        }
    }

    /// `forEachAncestorPath` on the bytes of a path of ASCII without CR.
    static func forEachAncestorPathOfASCII(_ path: String, _ body: (String, Bool) -> Void) {
        var path = path
        path.withUTF8 { bytes in
            var escaped = false
            var stepStart = 0
            for index in 0...bytes.count {
                let atBoundary = index == bytes.count || (!escaped && bytes[index] == 0x2F)
                if atBoundary {
                    body(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self),
                        stepStart < index && bytes[stepStart] == 0x5B)
                    if index == bytes.count { break }
                    stepStart = index + 1
                }
                escaped = !escaped && bytes[index] == 0x5C
            }
        }
    }

    /// `forEachAncestorPath` on characters: any path.
    static func forEachAncestorPathOfCharacters(_ current: String, _ body: (String, Bool) -> Void) {
        var escaped = false
        var index = current.startIndex
        var stepStart = current.startIndex
        while index <= current.endIndex {
            let atBoundary = index == current.endIndex || (!escaped && current[index] == "/")
            if atBoundary {
                body(String(current[..<index]), stepStart < index && current[stepStart] == "[")
            }
            if index == current.endIndex { break }
            if atBoundary { stepStart = current.index(after: index) }
            escaped = !escaped && current[index] == "\\"
            index = current.index(after: index)
        }
    }

    /// Removes the silenced findings.
    public func filter(_ findings: [Finding]) -> [Finding] {
        findings.filter { !suppresses($0.rule, at: $0.element, location: $0.location) }
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
                            ? SuperfluousSuppressionRule.followedByNoElement(rule: rule)
                            : SuperfluousSuppressionRule.silencesNothing(rule: rule)))
            }
        }
        return result
    }
}
