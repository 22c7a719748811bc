/// A navigation edge written on an element: `destination`, `push`, `sheet` or `full-screen-cover`.
public struct Navigation: Hashable, Sendable {
    public var presentation: Presentation
    /// The target screen id.
    public var target: String
    /// The attribute it was written with (`destination`, `push`, …), for messages.
    public var attribute: String

    public init(presentation: Presentation, target: String, attribute: String) {
        self.presentation = presentation
        self.target = target
        self.attribute = attribute
    }
}

/// Rule ids silenced by a `focusaudit:disable` comment (or `focusauditDisable` key).
public struct Suppression: Hashable, Sendable {
    public var rules: [String]
    /// Where the comment (or key's object) is.
    public var location: SourceLocation

    public init(rules: [String], location: SourceLocation) {
        self.rules = rules
        self.location = location
    }
}

/// One element of a screen's view tree, with its modifiers already validated.
///
/// A class: a node is built once by a reader and then only read, by the screen analysis and every
/// rule, so passing references around saves copying its dozen strings and arrays each time. Its
/// properties skip run-time exclusivity checks, which cost more than the reading itself: a node
/// belongs to the one thread auditing its file.
public final class ViewNode {
    @exclusivity(unchecked) public var type: String
    @exclusivity(unchecked) public var kind: ViewKind
    @exclusivity(unchecked) public var location: SourceLocation
    /// 1-based position among its siblings of the same type.
    @exclusivity(unchecked) public var ordinal: Int

    /// This element's step in element paths: `Type[id]` or `Type[n]`.
    public var pathStep: String { ElementPath.step(type: type, id: id, ordinal: ordinal) }

    /// Appends `pathStep` without building it as a separate string.
    func appendPathStep(to path: inout String) {
        path += type
        path += "["
        if let id, !id.isEmpty {
            path += ElementPath.escape(id)
        } else {
            path += String(ordinal)
        }
        path += "]"
    }

    @exclusivity(unchecked) public var id: String?
    @exclusivity(unchecked) public var label: String?
    @exclusivity(unchecked) public var hint: String?
    @exclusivity(unchecked) public var value: String?
    @exclusivity(unchecked) public var traits: Set<Trait> = []
    @exclusivity(unchecked) public var hidden = false
    @exclusivity(unchecked) public var childBehavior: ChildBehavior?
    @exclusivity(unchecked) public var focus: String?
    @exclusivity(unchecked) public var onTap = false
    @exclusivity(unchecked) public var navigations: [Navigation] = []
    @exclusivity(unchecked) public var dismiss = false
    @exclusivity(unchecked) public var popToRoot = false
    @exclusivity(unchecked) public var capture: Capture?
    @exclusivity(unchecked) public var decorative = false
    @exclusivity(unchecked) public var systemName: String?
    @exclusivity(unchecked) public var asset: String?
    /// The `text` attribute or the element's own text content, trimmed; nil when blank.
    @exclusivity(unchecked) public var text: String?
    @exclusivity(unchecked) public var children: [ViewNode] = []
    @exclusivity(unchecked) public var suppressions: [Suppression] = []

    // Set by `ScreenAnalysis` when it flattens the screen (see `ElementInfo`).

    /// Index of the parent element in `ScreenAnalysis.elements`, nil at the top of the screen.
    @exclusivity(unchecked) public internal(set) var parent: Int?
    /// Hidden itself or through an ancestor (`hidden="true"`).
    @exclusivity(unchecked) public internal(set) var isHidden = false
    /// Inside a one-element container or a control, so not an accessibility element of its own.
    @exclusivity(unchecked) public internal(set) var isSwallowed = false
    /// Whether VoiceOver can put focus on it: an accessibility element, not hidden, not swallowed.
    @exclusivity(unchecked) public internal(set) var isAccessibilityElement = false
    /// What VoiceOver reads as its name, for accessibility elements and labelled views.
    @exclusivity(unchecked) public internal(set) var name: AccessibleName?
    /// One past the index of its last descendant: descendants are `index + 1 ..< subtreeEnd`.
    @exclusivity(unchecked) public internal(set) var subtreeEnd = 0

    public init(type: String, location: SourceLocation, ordinal: Int) {
        self.type = type
        self.kind = ViewKind(name: type)
        self.location = location
        self.ordinal = ordinal
    }

    /// Whether VoiceOver can activate this element: known interactive views, `on-tap`, or any
    /// navigation attribute.
    public var isInteractive: Bool {
        kind == .interactive || onTap || !navigations.isEmpty || dismiss || popToRoot
    }

    /// Whether the element moves to another screen (`destination`, `push`, `sheet`, `full-screen-cover`).
    public var navigates: Bool { !navigations.isEmpty }

    /// A container that VoiceOver reads as one element: `children="combine"`/`"ignore"`, or a `label`
    /// without `children="contain"`.
    public var isOneElementContainer: Bool {
        if isInteractive { return false }
        switch childBehavior {
        case .combine?, .ignore?: return true
        case .contain?: return false
        case nil: return label != nil && (kind == .container || kind == .custom)
        }
    }

    /// Content views that VoiceOver reads on their own when not inside a control.
    public var isContentElement: Bool {
        switch type {
        case "Text", "Label", "ProgressView": return true
        case "Image": return !decorative
        default: return false
        }
    }
}
