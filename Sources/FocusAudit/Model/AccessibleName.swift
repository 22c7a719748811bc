/// What VoiceOver reads as an element's name, and where that name comes from.
public struct AccessibleName: Hashable, Sendable {
    public enum Source: Hashable, Sendable {
        /// `.accessibilityLabel`.
        case label
        /// Visible text of the element and its descendants.
        case content
        /// Only an SF Symbol's spoken fallback (`Image(systemName:)`).
        case symbol
    }

    public var text: String
    public var source: Source

    /// The name VoiceOver reads for `node`, or nil when it has none.
    ///
    /// First that applies (FORMAT.md, "Elements and names"): a non-blank `label`; for a control or a
    /// `combine` container, its own text and then, for each descendant in document order that is
    /// not hidden or decorative, its `label` if it has one (which replaces everything below it),
    /// else its text (`Text`, `Label`, a nested control); for `Text` and `Label`, their text; then
    /// the spoken fallbacks of all its SF Symbols that are not hidden or decorative, in order.
    /// `hint`, `value`, `id` and asset names are never names; white space alone is no name.
    public static func of(_ node: ElementInfo) -> AccessibleName? {
        kept(node)?.name
    }

    /// The name `of(node)` gives, and whether its text is the node's `label` or `text` itself (so
    /// that the node need not keep it twice; see `ViewElement.name`).
    static func kept(_ node: ElementInfo) -> (name: AccessibleName, kept: NodeBits.NameKept)? {
        if let label = node.label {
            let trimmed = label.trimmingWhitespace()
            if !trimmed.isEmpty {
                // Trimming only takes away: the same length is the label itself.
                return (
                    AccessibleName(text: trimmed, source: .label), trimmed.utf8.count == label.utf8.count ? .label : .apart
                )
            }
        }
        if node.isInteractive || (node.isOneElementContainer && node.childBehavior == .combine) {
            // Most controls have one piece of text: it is the name as it is, without a list and a join.
            var first: String? = node.text
            var parts: [String] = []
            node.forEachChild { collectContent($0, first: &first, rest: &parts) }
            if let first {
                // `first` is the node's own text when it has one (children only fill it when empty).
                if parts.isEmpty { return (AccessibleName(text: first, source: .content), node.text != nil ? .text : .apart) }
                parts.insert(first, at: 0)
                return (AccessibleName(text: parts.joined(separator: ", "), source: .content), .apart)
            }
        } else if node.hasType("Text") || node.hasType("Label") {
            if let text = node.text { return (AccessibleName(text: text, source: .content), .text) }
        }
        if node.decorative { return nil }
        var symbols: [String] = []
        collectSymbols(node, into: &symbols)
        if symbols.isEmpty { return nil }
        return (AccessibleName(text: symbols.map(spokenSymbol).joined(separator: ", "), source: .symbol), .apart)
    }

    /// Appends a descendant's content in document order: the first piece to `first`, later ones to `rest`.
    private static func collectContent(_ node: ElementInfo, first: inout String?, rest: inout [String]) {
        if node.hidden || node.decorative { return }
        if let label = node.label?.trimmingWhitespace(), !label.isEmpty {
            if first == nil { first = label } else { rest.append(label) }
            return
        }
        if node.hasType("Text") || node.hasType("Label") || node.isInteractive, let text = node.text {
            if first == nil { first = text } else { rest.append(text) }
        }
        node.forEachChild { collectContent($0, first: &first, rest: &rest) }
    }

    /// The `system-name`s of `node` and its descendants in document order, leaving out hidden and
    /// decorative ones (and what is inside them).
    private static func collectSymbols(_ node: ElementInfo, into symbols: inout [String]) {
        if node.hidden || node.decorative { return }
        if let name = node.systemName { symbols.append(name) }
        node.forEachChild { collectSymbols($0, into: &symbols) }
    }

    /// What VoiceOver says for a symbol it has no label for: its name, read word by word.
    public static func spokenSymbol(_ systemName: String) -> String {
        systemName.split(separator: ".").joined(separator: " ")
    }
}
