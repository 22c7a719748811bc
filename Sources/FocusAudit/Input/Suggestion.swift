/// "Did you mean …?" suggestions for misspelt names.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(w, Array(candidate.lowercased().unicodeScalars))
            if best == nil || d < best!.1 || (d == best!.1 && candidate < best!.0) { best = (candidate, d) }
        }
        guard let (name, d) = best else { return nil }
        // Short words allow one edit, longer ones about a third of their length.
        let shortest = min(w.count, name.count)
        let limit = shortest <= 4 ? 1 : max(2, shortest / 3)
        return d <= limit && d < w.count ? name : nil
    }

    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        if let s = closest(to: word, in: candidates) { return "; did you mean '\(s)'?" }
        return ""
    }

    /// Levenshtein distance; inputs are short names, so the quadratic table is fine.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
