/// The suppressions of one file and which of their rule ids have silenced something, so that
/// suppressions that silence nothing can be reported (`superfluous_suppression`).
///
/// A suppression belongs to an element's position, not to its path alone: two elements with the
/// same `id` share a path and are still two elements. A finding is silenced by a suppression when
/// its path lies in the suppressed element's subtree *and* its location lies in the element's
/// stretch of the file, from its start to the start of the first element after its subtree.
public final class SuppressionIndex {
    /// What an entry covers: an element and its subtree, the whole file, or nothing (a suppression
    /// followed by no element).
    private enum Scope: UInt8 { case element, file, orphan }

    /// One suppression. A file can hold one before every element, so an entry is kept small: its
    /// rule ids are a number into `ruleLists` (a file repeats the same few lists), which of them
    /// have silenced something are bits, and entries of the same path are chained by number.
    private struct Entry {
        /// Bit `i`: the list's rule id at `i` has silenced something (ids past the 64th:
        /// `usedBeyond`).
        var used: UInt64 = 0
        /// For an element: its path, which is also where a `superfluous_suppression` finding is
        /// reported. For the file: the app's path; for an orphan: the path of the element that
        /// holds the comment.
        var path: String
        /// For an element: where it starts. Otherwise where a `superfluous_suppression` finding
        /// points (the comment).
        var start: SourceLocation
        /// For an element: where the first element after its subtree starts (nil until known: the
        /// end of its screen, or of the file).
        var end: SourceLocation?
        /// Its rule ids: their number in `ruleLists`.
        var rules: Int32
        /// The entry before it with the same path (`byPath`), or -1.
        var samePath: Int32 = -1
        var scope: Scope
    }

    /// In chunks: a list that doubled would hold up to twice what it needs.
    @exclusivity(unchecked) private var entries = ChunkedArray<Entry>()
    /// The lists of rule ids met, each once when it is all ASCII (where equal strings are equal
    /// bytes, so a list kept once reports the same bytes); any other list is kept as written.
    @exclusivity(unchecked) private var ruleLists: [[String]] = []
    @exclusivity(unchecked) private var ruleListNumbers: [[String]: Int32] = [:]
    /// The rule ids past a list's 64th that have silenced something, by entry.
    @exclusivity(unchecked) private var usedBeyond: [Int: Set<String>] = [:]
    /// The last entry of each element path (the others follow `samePath`).
    @exclusivity(unchecked) private var byPath: [String: Int32] = [:]
    private var fileWide: [Int] = []
    /// Entries whose `end` is not known yet.
    @exclusivity(unchecked) private var open: [Int] = []
    /// Where the first screen read into this index starts.
    @exclusivity(unchecked) private var firstScreen: SourceLocation?

    public init() {}

    /// The number of a list of rule ids in `ruleLists`.
    private func number(of rules: [String]) -> Int32 {
        let ascii = rules.allSatisfy { rule in rule.utf8.allSatisfy { $0 < 0x80 } }
        if ascii, let known = ruleListNumbers[rules] { return known }
        let number = Int32(ruleLists.count)
        ruleLists.append(rules)
        if ascii { ruleListNumbers[rules] = number }
        return number
    }

    private func append(_ entry: Entry) -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    /// A suppression written before the element at `path`, which starts at `location`, covers that
    /// element and its subtree, up to `end`, where the first element after the subtree starts (nil
    /// when no element of its screen follows).
    public func add(
        _ suppression: Suppression, element path: String, location: SourceLocation, end: SourceLocation? = nil
    ) {
        let i = append(Entry(path: path, start: location, end: end, rules: number(of: suppression.rules), scope: .element))
        entries[i].samePath = byPath.updateValue(Int32(i), forKey: path) ?? -1
        if end == nil { open.append(i) }
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
        fileWide.append(
            append(Entry(path: ElementPath.app, start: suppression.location, rules: number(of: suppression.rules), scope: .file)))
    }

    /// A suppression followed by no element: it can silence nothing. It is reported at the comment,
    /// with the path of the element that holds the comment.
    public func addOrphan(_ suppression: Suppression) {
        _ = append(
            Entry(
                path: suppression.containerPath ?? ElementPath.app, start: suppression.location,
                rules: number(of: suppression.rules), scope: .orphan))
    }

    /// Takes over the suppressions of the part of the same file that follows this one's, after
    /// them, as if one index had met them all in reading order.
    func absorb(_ other: SuppressionIndex) {
        if let next = other.firstScreen { closeOpen(at: next) }
        if firstScreen == nil { firstScreen = other.firstScreen }
        let offset = entries.count
        open.append(contentsOf: other.open.map { $0 + offset })
        let lists = other.ruleLists.map { number(of: $0) }
        for var entry in other.entries {
            entry.rules = lists[Int(entry.rules)]
            if entry.samePath >= 0 { entry.samePath += Int32(offset) }
            entries.append(entry)
        }
        // Each of the other's chains goes on with this index's entries of the same path.
        for (path, last) in other.byPath {
            let mine = byPath[path] ?? -1
            var i = Int(last) + offset
            while entries[i].samePath >= 0 { i = Int(entries[i].samePath) }
            entries[i].samePath = mine
            byPath[path] = last + Int32(offset)
        }
        for (i, used) in other.usedBeyond { usedBeyond[i + offset] = used }
        fileWide.append(contentsOf: other.fileWide.map { $0 + offset })
    }

    /// Whether no finding can be silenced (no suppression covers an element or the file).
    var silencesNothing: Bool { fileWide.isEmpty && byPath.isEmpty }

    /// Whether entry `i` names `rule`; if so, marks it used for `rule`.
    @inline(__always) private func use(_ i: Int, for rule: String) -> Bool {
        let rules = ruleLists[Int(entries[i].rules)]
        var found = false
        for (position, candidate) in rules.enumerated() where candidate == rule {
            found = true
            if position < 64 {
                entries[i].used |= 1 << UInt64(position)
            } else {
                usedBeyond[i, default: []].insert(rule)
            }
        }
        return found
    }

    /// Whether entry `i`'s rule id at `position` has silenced something.
    private func isUsed(_ i: Int, _ position: Int, _ rule: String) -> Bool {
        position < 64 ? entries[i].used & (1 << UInt64(position)) != 0 : usedBeyond[i]?.contains(rule) ?? false
    }

    /// Whether `rule` is silenced for the element at `path` whose finding is at `location`; a yes
    /// counts as a use of the suppression.
    public func suppresses(_ rule: String, at path: String, location: SourceLocation) -> Bool {
        var silenced = false
        for i in fileWide where use(i, for: rule) {
            silenced = true
        }
        guard !byPath.isEmpty else { return silenced }
        // The element's path and each ancestor's path are prefixes of it, ending at an unescaped
        // `/`. A path shortened below a long ancestry (`screen[s]/[…digest]/…`) goes on with the
        // path the digest stands for.
        var pending = [path]
        while let current = pending.popLast() {
            Self.forEachAncestorPath(of: current) { prefix, isDigest in
                var next = byPath[prefix] ?? -1
                while next >= 0 {
                    let i = Int(next)
                    next = entries[i].samePath
                    if entries[i].start <= location && entries[i].end.map({ location < $0 }) ?? true && use(i, for: rule) {
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
        for (i, entry) in entries.enumerated() {
            for (position, rule) in ruleLists[Int(entry.rules)].enumerated() where !isUsed(i, position, rule) && isRun(rule) {
                result.append(
                    Finding(
                        rule: RuleID.superfluousSuppression, severity: .warning, location: entry.start,
                        element: entry.path,
                        message: entry.scope == .orphan || (entry.scope == .element && entry.path == "")
                            ? SuperfluousSuppressionRule.followedByNoElement(rule: rule)
                            : SuperfluousSuppressionRule.silencesNothing(rule: rule)))
            }
        }
        return result
    }
}
