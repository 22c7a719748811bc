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
    /// The path of the element the comment stands in (nil for `app`): where a comment followed by
    /// no element is reported.
    public var containerPath: String?

    public init(rules: [String], location: SourceLocation, containerPath: String? = nil) {
        self.rules = rules
        self.location = location
        self.containerPath = containerPath
    }
}

/// One element of a screen's view tree, with its modifiers already validated.
///
/// A class: a node is built once by a reader and then only read, by the screen analysis and every
/// rule, so passing references around saves copying its dozen strings and arrays each time. Its
/// properties skip run-time exclusivity checks, which cost more than the reading itself: a node
/// is written only while its reader builds it, and only read after that.
public final class ViewNode {
    @exclusivity(unchecked) public var type: String
    @exclusivity(unchecked) public var kind: ViewKind
    @exclusivity(unchecked) public var location: SourceLocation
    /// 1-based position among its siblings of the same type.
    @exclusivity(unchecked) public var ordinal: Int

    /// Whether the view's type is `name`. Lengths are compared first: most types differ in length,
    /// and telling two different strings apart the general way costs a call into the runtime.
    @inline(__always)
    public func hasType(_ name: String) -> Bool {
        type.utf8.count == name.utf8.count && type == name
    }

    /// This element's step in element paths: `Type[id]` or `Type[n]`.
    public var pathStep: String { ElementPath.step(type: type, id: id, ordinal: ordinal) }

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
    /// The Interface Builder outlet that names this view (its property name; empty when unnamed):
    /// code can set it up, title it or add it to the screen. Nil in descriptions.
    @exclusivity(unchecked) public var outlet: String?
    /// `font`: the text style or fixed size of the element's text; nil when not given.
    @exclusivity(unchecked) public var font: FontSize?
    /// `size`: the element's width and height in points; nil when not known.
    @exclusivity(unchecked) public var size: ViewSize?
    /// `line-limit`: the most lines the text may take (`.lineLimit(1)`, `numberOfLines`); nil: no limit.
    @exclusivity(unchecked) public var lineLimit: Int?
    /// `minimum-scale-factor`: how far the text may shrink to fit (`.minimumScaleFactor(0.5)`,
    /// Interface Builder's Autoshrink); nil: it does not shrink.
    @exclusivity(unchecked) public var minimumScaleFactor: Double?

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

    /// Makes a used node as good as `init(type:location:ordinal:)` would make a new one, for
    /// `ViewNodePool`. Every stored property is set here; a test compares a reset node with a new one
    /// property by property, so a property added without a line here is caught.
    func reset(type: String, location: SourceLocation, ordinal: Int) {
        // A node made again for the same type keeps its kind (names are shared strings, so this
        // compare is usually of identical bits).
        if type != self.type {
            self.type = type
            kind = ViewKind(name: type)
        }
        self.location = location
        self.ordinal = ordinal
        if id != nil { id = nil }
        if label != nil { label = nil }
        if hint != nil { hint = nil }
        if value != nil { value = nil }
        if !traits.isEmpty { traits = [] }
        hidden = false
        if childBehavior != nil { childBehavior = nil }
        if focus != nil { focus = nil }
        onTap = false
        // One by one from the end (usually one), keeping the room: the general removal showed in profiles.
        while !navigations.isEmpty { navigations.removeLast() }
        dismiss = false
        popToRoot = false
        if capture != nil { capture = nil }
        decorative = false
        if systemName != nil { systemName = nil }
        if asset != nil { asset = nil }
        if text != nil { text = nil }
        if !children.isEmpty { children.removeAll(keepingCapacity: true) }
        if !suppressions.isEmpty { suppressions = [] }
        if outlet != nil { outlet = nil }
        if font != nil { font = nil }
        if size != nil { size = nil }
        if lineLimit != nil { lineLimit = nil }
        if minimumScaleFactor != nil { minimumScaleFactor = nil }
        if parent != nil { parent = nil }
        isHidden = false
        isSwallowed = false
        isAccessibilityElement = false
        if name != nil { name = nil }
        subtreeEnd = 0
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
        case nil: return label.map { !$0.isBlank } ?? false && (kind == .container || kind == .custom)
        }
    }

    /// Content views that VoiceOver reads on their own when not inside a control.
    public var isContentElement: Bool {
        // The content kind is exactly Text, Image, Label and ProgressView, so only a decorative
        // element needs its type compared.
        guard kind == .content else { return false }
        return !decorative || !hasType("Image")
    }
}
