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
    ]

    public static var descriptions: [RuleDescription] { rules.map { $0.description } }

    public static func description(for id: String) -> RuleDescription? {
        descriptions.first { $0.id == id }
    }

    /// The rule id closest to a misspelt one, if any is close.
    public static func closestID(to id: String) -> String? {
        Suggestion.closest(to: id, in: descriptions.map(\.id))
    }
}
