/// The rule ids of the format contract. They never change; new rules only add ids.
public enum RuleID {
    public static let focusLostOnReturn = "focus_lost_on_return"
    public static let missingRestorationDelay = "missing_restoration_delay"
    public static let excessiveRestorationDelay = "excessive_restoration_delay"
    public static let unlabeledControl = "unlabeled_control"
    public static let unreliableFocusCapture = "unreliable_focus_capture"
    public static let unboundFocusTarget = "unbound_focus_target"
    public static let duplicateFocusID = "duplicate_focus_id"
    public static let unknownDestination = "unknown_destination"
    public static let unreachableScreen = "unreachable_screen"
    public static let imageMissingLabel = "image_missing_label"
    public static let symbolOnlyLabel = "symbol_only_label"
    public static let redundantTraitInLabel = "redundant_trait_in_label"
    public static let tapGestureWithoutButtonTrait = "tap_gesture_without_button_trait"
    public static let ambiguousControlLabel = "ambiguous_control_label"
    public static let focusOnHiddenElement = "focus_on_hidden_element"
    public static let invalidDescription = "invalid_description"
    public static let superfluousSuppression = "superfluous_suppression"
    public static let nestedControl = "nested_control"
    public static let labelNotInName = "label_not_in_name"
    public static let conflictingTraits = "conflicting_traits"
    public static let fixedFontSize = "fixed_font_size"
    public static let smallTouchTarget = "small_touch_target"
    public static let focusRestoredToFixedElement = "focus_restored_to_fixed_element"
    public static let textMayClip = "text_may_clip"
    public static let headerMissing = "header_missing"
    public static let unusedFocusState = "unused_focus_state"

    /// Every id of the contract, in the order FORMAT.md lists them.
    public static let all: [String] = [
        focusLostOnReturn, missingRestorationDelay, excessiveRestorationDelay, unlabeledControl,
        unreliableFocusCapture, unboundFocusTarget, duplicateFocusID, unknownDestination, unreachableScreen,
        imageMissingLabel, symbolOnlyLabel, redundantTraitInLabel, tapGestureWithoutButtonTrait,
        ambiguousControlLabel, focusOnHiddenElement, invalidDescription, superfluousSuppression, nestedControl,
        labelNotInName, conflictingTraits, fixedFontSize, smallTouchTarget, focusRestoredToFixedElement, textMayClip,
        headerMissing, unusedFocusState,
    ]
    public static let known: Set<String> = Set(all)

    /// Rules that run only when a configuration turns them on (`opt_in_rules:` or `rules:` with a
    /// severity or `on`), as SwiftLint's opt-in rules and axe-core's experimental rules do: their
    /// findings are right for most apps but not for every design a description may state on purpose.
    /// `label_not_in_name` is one: a row that shows a person's name and is labelled with what it does
    /// (the format contract's own example) is reported by it, and axe-core likewise runs its
    /// `label-content-name-mismatch` rule only when asked (axe-core issue 4381). `conflicting_traits`
    /// is another: the combinations it reports are written on purpose in ordinary apps and in
    /// descriptions that use only the contract's `traits` values (a selected row of a list of
    /// choices, which UIKit's table view marks `.selected`; a section heading that expands or
    /// collapses its section, which is a heading and a button at once; a `NavigationLink` given the
    /// link trait), so it runs when a team asks for it.
    public static let optIn: Set<String> = [labelNotInName, conflictingTraits]
}
