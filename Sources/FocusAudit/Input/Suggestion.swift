/// "Did you mean …?" suggestions for misspelt names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    /// For a few candidates; `Index` answers the same for many.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var scratch = Scratch()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars), &scratch)
            if best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) { best = (candidate, d) }
        }
        return accept(best, for: w)
    }

    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        hint(closest(to: word, in: candidates))
    }

    static func hint(_ suggestion: String?) -> String {
        if let s = suggestion { return "; did you mean '\(s)'?" }
        return ""
    }

    /// The closest candidate if it is close enough: short words allow one edit, longer ones about a
    /// third of their length.
    private static func accept(_ best: (String, Int)?, for word: [Unicode.Scalar]) -> String? {
        guard let (name, d) = best else { return nil }
        let shortest = min(word.count, name.count)
        return d <= limit(shortest) && d < word.count ? name : nil
    }

    private static func limit(_ length: Int) -> Int {
        length <= 4 ? 1 : max(2, length / 3)
    }

    /// Rows of the distance table, kept from call to call.
    struct Scratch {
        var previous: [Int] = []
        var current: [Int] = []
    }

    /// Levenshtein distance, in rows kept in `scratch`; inputs are short names, so the quadratic
    /// table is fine.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], _ scratch: inout Scratch) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        scratch.previous.removeAll(keepingCapacity: true)
        scratch.previous.append(contentsOf: 0...b.count)
        scratch.current.removeAll(keepingCapacity: true)
        scratch.current.append(contentsOf: repeatElement(0, count: b.count + 1))
        for i in 1...a.count {
            scratch.current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                scratch.current[j] = min(scratch.previous[j] + 1, scratch.current[j - 1] + 1, scratch.previous[j - 1] + cost)
            }
            swap(&scratch.previous, &scratch.current)
        }
        return scratch.previous[b.count]
    }

    /// Suggestions among many candidates (every screen id of a large app), each found without
    /// measuring every candidate: the candidates form a BK-tree, where a node's children are filed
    /// by their edit distance to it, so a search only enters children whose distance could be within
    /// the largest edit a suggestion may need. It answers what `closest(to:in:)` answers, until
    /// `budget` measurements have been spent: names close to thousands of candidates (ids sharing
    /// a long prefix) can still make each search visit most of them, and suggestions are not worth
    /// an audit that never ends. After that it suggests nothing, the same way on every run.
    struct Index {
        /// Enough for a thousand misspelt names among hundreds of screens, and a fraction of a second.
        static let defaultBudget = 500_000

        private struct Node {
            /// The lowercased name, as distances are measured.
            var key: [Unicode.Scalar]
            /// The smallest candidate with this lowercased name.
            var name: String
            /// Children by their distance to this node.
            var children: [(distance: Int, node: Int)] = []
        }

        private var nodes: [Node] = []
        private var scratch = Scratch()
        /// Distance measurements searches may still make.
        private(set) var budget: Int

        init(_ candidates: some Sequence<String>, budget: Int = Index.defaultBudget) {
            self.budget = budget
            for candidate in candidates { insert(candidate) }
        }

        private mutating func insert(_ name: String) {
            let key = Array(name.lowercased().unicodeScalars)
            guard !nodes.isEmpty else {
                nodes.append(Node(key: key, name: name))
                return
            }
            var at = 0
            while true {
                let d = Suggestion.distance(key, nodes[at].key, &scratch)
                if d == 0 {
                    if name < nodes[at].name { nodes[at].name = name }
                    return
                }
                if let child = nodes[at].children.first(where: { $0.distance == d }) {
                    at = child.node
                } else {
                    nodes[at].children.append((d, nodes.count))
                    nodes.append(Node(key: key, name: name))
                    return
                }
            }
        }

        /// The candidate closest to `word`, if it is close enough to be a likely typo.
        mutating func closest(to word: String) -> String? {
            guard !nodes.isEmpty else { return nil }
            let w = Array(word.lowercased().unicodeScalars)
            // No suggestion is ever further than this; the closest candidate is found among those
            // within it, ties going to the smaller name as in `closest(to:in:)`.
            let radius = Suggestion.limit(w.count)
            var best: (String, Int)?
            var pending = [0]
            while let at = pending.popLast() {
                if budget == 0 { return nil }
                budget -= 1
                let d = Suggestion.distance(w, nodes[at].key, &scratch)
                if d <= radius, best == nil || d < best!.1 || (d == best!.1 && nodes[at].name < best!.0) {
                    best = (nodes[at].name, d)
                }
                for child in nodes[at].children where abs(child.distance - d) <= radius {
                    pending.append(child.node)
                }
            }
            return Suggestion.accept(best, for: w)
        }
    }
}
