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
}
