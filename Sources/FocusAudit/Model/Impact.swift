/// How much a finding of a rule gets in a user's way, on the scale axe-core and accessibility
/// teams use: a rule's impact is fixed by its metadata, where its severity is configurable.
public enum Impact: String, Sendable, CaseIterable, Comparable {
    /// Blocks the user: a control VoiceOver cannot name.
    case critical
    /// Seriously gets in the way: focus lost, a control that cannot be activated.
    case serious
    /// Gets in the way, with a workaround: an unclear name, focus that jumps late.
    case moderate
    /// An annoyance or a matter of the description's quality.
    case minor

    public static func < (lhs: Impact, rhs: Impact) -> Bool {
        allCases.firstIndex(of: lhs)! > allCases.firstIndex(of: rhs)!
    }
}

/// WCAG success criteria that rules cite, with the WCAG version that added each and its level,
/// for the axe-style tags of SARIF reports (`wcag2a`, `wcag21aa`, `wcag243`…).
/// Source: the W3C's "Web Content Accessibility Guidelines (WCAG) 2.2" and its list of changes
/// from 2.1 and 2.0 ("New Features in WCAG 2.1 / 2.2").
public enum WCAG {
    public struct Criterion: Sendable {
        /// "2.4.3".
        public var number: String
        /// The version that added it: "2" (2.0), "21" or "22", as axe spells it.
        public var version: String
        /// "a", "aa" or "aaa".
        public var level: String
    }

    public static let criteria: [Criterion] = [
        ("1.1.1", "2", "a"), ("1.3.1", "2", "a"), ("1.4.4", "2", "aa"), ("1.4.10", "21", "aa"),
        ("1.4.12", "21", "aa"), ("2.1.1", "2", "a"), ("2.4.3", "2", "a"), ("2.4.4", "2", "a"),
        ("2.4.5", "2", "aa"), ("2.4.6", "2", "aa"), ("2.4.9", "2", "aaa"), ("2.4.10", "2", "aaa"),
        ("2.5.3", "21", "a"), ("2.5.5", "21", "aaa"), ("2.5.8", "22", "aa"), ("3.2.1", "2", "a"),
        ("3.2.3", "2", "aa"), ("4.1.2", "2", "a"),
    ].map { Criterion(number: $0.0, version: $0.1, level: $0.2) }

    /// The criterion a reference such as "WCAG 2.4.3 Focus Order" cites; nil for other references
    /// (HIG pages, WCAG failure techniques such as "WCAG failure F85").
    public static func criterion(cited reference: String) -> Criterion? {
        guard reference.hasPrefix("WCAG ") else { return nil }
        let number = reference.dropFirst(5).prefix { $0.isNumber || $0 == "." }
        return criteria.first { $0.number == number }
    }

    /// axe-style tags for a rule's references: one per version and level (`wcag2a`, `wcag22aa`), then
    /// one per criterion (`wcag243`), in the order cited. Empty when no criterion is cited.
    public static func tags(for references: [String]) -> [String] {
        let cited = references.compactMap(criterion(cited:))
        var levels: [String] = []
        for criterion in cited {
            let tag = "wcag" + criterion.version + criterion.level
            if !levels.contains(tag) { levels.append(tag) }
        }
        var numbers: [String] = []
        for criterion in cited {
            let tag = "wcag" + criterion.number.filter { $0 != "." }
            if !numbers.contains(tag) { numbers.append(tag) }
        }
        return levels + numbers
    }
}
