/// Every rule focusaudit runs, in the order of the format contract.
public enum RuleRegistry {
    public static let rules: [any Rule] = [
        FocusLostOnReturnRule(),
        MissingRestorationDelayRule(),
        ExcessiveRestorationDelayRule(),
        UnreliableFocusCaptureRule(),
        UnboundFocusTargetRule(),
        DuplicateFocusIDRule(),
        UnknownDestinationRule(),
        UnreachableScreenRule(),
        UnlabeledControlRule(),
        ImageMissingLabelRule(),
        SymbolOnlyLabelRule(),
        RedundantTraitInLabelRule(),
        TapGestureWithoutButtonTraitRule(),
        AmbiguousControlLabelRule(),
        FocusOnHiddenElementRule(),
        InvalidDescriptionRule(),
        SuperfluousSuppressionRule(),
        NestedControlRule(),
        LabelNotInNameRule(),
        ConflictingTraitsRule(),
        FixedFontSizeRule(),
        SmallTouchTargetRule(), FocusRestoredToFixedElementRule(),
        TextMayClipRule(),
        HeaderMissingRule(),
        UnusedFocusStateRule(),
    ]

    public static var descriptions: [RuleDescription] { rules.map { $0.description } }

    /// Each rule's impact by its id's UTF-8 bytes, for reporters that see findings as bytes.
    static let impactsByID: [(id: [UInt8], impact: Impact)] = descriptions.map { (Array($0.id.utf8), $0.impact) }

    /// The impact of the rule with this id; `moderate` for an id no rule has.
    static func impact(ofRule id: UnsafeBufferPointer<UInt8>) -> Impact {
        impactsByID.first { $0.id.elementsEqual(id) }?.impact ?? .moderate
    }

    public static func impact(ofRule id: String) -> Impact {
        descriptions.first { $0.id == id }?.impact ?? .moderate
    }

    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// The rule id closest to a misspelt one, if any is close.
    public static func closestID(to id: String) -> String? {
        Suggestion.closest(to: id, in: descriptions.map(\.id))
    }

    /// Up to `limit` rule ids a user may have meant by `text`: a misspelt id, or a word or part of
    /// one (`control` → the ids about controls), nearest first.
    public static func closestIDs(to text: String, limit: Int = 3) -> [String] {
        let query = text.lowercased().replacing("-", with: "_").replacing(" ", with: "_")
        let ids = descriptions.map(\.id)
        var scratch = Suggestion.Scratch()
        let q = Array(query.unicodeScalars)
        func distance(_ id: String) -> Int { Suggestion.distance(q, Array(id.unicodeScalars), &scratch) }
        let words = query.split(separator: "_").map(String.init).filter { $0.count >= 3 }
        let related = ids.filter { (id: String) -> Bool in
            id.contains(query) || words.contains { word in id.split(separator: "_").contains { $0.hasPrefix(word) } }
        }
        // A misspelt id has one answer.
        if let close = closestID(to: query) { return [close] }
        let ranked = related.map { ($0, distance($0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map { $0.0 }
        return Array(ranked.prefix(limit))
    }
}
