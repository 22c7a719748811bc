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
        guard let found = kept(node) else { return nil }
        let offset: UInt32
        switch found.kept {
        case .label: offset = node.labelOffset
        case .text: offset = node.textOffset
        default: offset = found.apart
        }
        return AccessibleName(text: node.store.string(at: offset)!, source: found.source)
    }

    /// Where the name `of(node)` gives comes from, and whether its text is the node's `label` or
    /// `text` itself (so that the node need not keep it twice, and no string is made for it; see
    /// `ViewElement.name`); otherwise `apart` is where its text is in the node's store: often a
    /// descendant's text or label itself, else bytes written there for it.
    static func kept(_ node: ElementInfo) -> (source: Source, kept: NodeBits.NameKept, apart: UInt32)? {
        let store = node.store
        if node.hasLabel {
            // Most labels start and end with text: they are their own name, with nothing to trim.
            let plain = node.withLabelBytes { Self.startsAndEndsWithText($0.unsafelyUnwrapped) }
            if plain { return (.label, .label, 0) }
            let label = node.label!
            let trimmed = label.trimmingWhitespace()
            if !trimmed.isEmpty {
                // Trimming only takes away: the same length is the label itself.
                if trimmed.utf8.count == label.utf8.count { return (.label, .label, 0) }
                return (.label, .apart, store.intern(trimmed))
            }
        }
        // A control made one element that ignores its children (`.accessibilityElement(children:
        // .ignore)`; an Interface Builder view with accessibility enabled) drops what they say:
        // only its own label names it (docs/accessible-name.md).
        let ignoresChildren = node.childBehavior == .ignore
        if node.isInteractive && !ignoresChildren || (node.isOneElementContainer && node.childBehavior == .combine) {
            // Most controls have one piece of text: it is the name as it is, without a list and a
            // join. Pieces are offsets of strings in the store, so none is made into a string.
            var pieces = Pieces()
            if node.hasText { pieces.add(node.textOffset) }
            node.forEachChild { collectContent($0, into: &pieces) }
            if pieces.first != 0 {
                if pieces.rest.isEmpty {
                    return (.content, node.hasText ? .text : .apart, pieces.first)
                }
                return (.content, .apart, pieces.joined(in: store))
            }
        } else if node.hasType("Text") || node.hasType("Label") {
            if node.hasText { return (.content, .text, 0) }
        }
        if node.decorative { return nil }
        var symbols: [String] = []
        if ignoresChildren {
            if !node.hidden, let name = node.systemName { symbols.append(name) }
        } else {
            collectSymbols(node, into: &symbols)
        }
        if symbols.isEmpty { return nil }
        return (.symbol, .apart, store.intern(symbols.map(spokenSymbol).joined(separator: ", ")))
    }

    /// Pieces of a name in order, as offsets of strings in a store's byte buffer.
    struct Pieces {
        var first: UInt32 = 0
        var rest: [UInt32] = []

        @inline(__always) mutating func add(_ offset: UInt32) {
            if first == 0 { first = offset } else { rest.append(offset) }
        }

        /// The pieces joined with ", ", written into `store`; returns where.
        func joined(in store: ElementStore) -> UInt32 {
            var bytes: [UInt8] = []
            store.withBytes(at: first) { bytes.append(contentsOf: $0) }
            for offset in rest {
                bytes.append(0x2C)
                bytes.append(0x20)
                store.withBytes(at: offset) { bytes.append(contentsOf: $0) }
            }
            return bytes.withUnsafeBufferPointer { store.intern(bytes: $0) }
        }
    }

    /// Whether `bytes` (not empty) start and end with something other than white space, read as
    /// `String.trimmingWhitespace` reads them (so a label with such ends is its own trimmed self).
    @inline(__always) static func startsAndEndsWithText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        return String.startsAndEndsWithText(first: first, last: last)
    }

    /// Adds a descendant's content in document order: its trimmed label, which replaces what is
    /// below it, else its text (`Text`, `Label`, a nested control), then its children's.
    private static func collectContent(_ node: ElementInfo, into pieces: inout Pieces) {
        if node.hidden || node.decorative { return }
        if node.hasLabel {
            if node.withLabelBytes({ Self.startsAndEndsWithText($0.unsafelyUnwrapped) }) {
                pieces.add(node.labelOffset)
                return
            }
            let label = node.label!
            let trimmed = label.trimmingWhitespace()
            if !trimmed.isEmpty {
                pieces.add(trimmed.utf8.count == label.utf8.count ? node.labelOffset : node.store.intern(trimmed))
                return
            }
        }
        if node.hasText && (node.hasType("Text") || node.hasType("Label") || node.isInteractive) {
            pieces.add(node.textOffset)
        }
        node.forEachChild { collectContent($0, into: &pieces) }
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
