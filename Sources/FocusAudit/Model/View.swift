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

    /// Makes a used node as good as `init(type:location:ordinal:)` would make a new one, for
    /// `ViewNodePool`. Every stored property is set here; a test compares a reset node with a new one
    /// property by property, so a property added without a line here is caught.
    func reset(type: String, location: SourceLocation, ordinal: Int) {
        self.type = type
        kind = ViewKind(name: type)
        self.location = location
        self.ordinal = ordinal
        id = nil
        label = nil
        hint = nil
        value = nil
        if !traits.isEmpty { traits = [] }
        hidden = false
        childBehavior = nil
        focus = nil
        onTap = false
        if !navigations.isEmpty { navigations.removeAll(keepingCapacity: true) }
        dismiss = false
        popToRoot = false
        capture = nil
        decorative = false
        systemName = nil
        asset = nil
        text = nil
        if !children.isEmpty { children = [] }
        if !suppressions.isEmpty { suppressions = [] }
        parent = nil
        isHidden = false
        isSwallowed = false
        isAccessibilityElement = false
        name = nil
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

/// View nodes of screens that have been checked, kept for the reader to use again.
///
/// A large description makes hundreds of thousands of nodes of a few hundred bytes each, and with
/// glibc's allocator blocks of that size take its slower paths both ways; reusing the nodes of
/// checked screens keeps a few batches' worth in circulation instead. Used by one thread only (the
/// one reading the file), and a node is reused only when nothing else holds it.
final class ViewNodePool {
    @exclusivity(unchecked) private var free: [ViewNode] = []
    /// Enough for a few batches of screens in flight; beyond it, nodes are freed as usual.
    static let limit = 1 << 16

    func make(type: String, location: SourceLocation, ordinal: Int) -> ViewNode {
        guard let node = free.popLast() else { return ViewNode(type: type, location: location, ordinal: ordinal) }
        node.reset(type: type, location: location, ordinal: ordinal)
        return node
    }

    /// Takes back the nodes of checked screens; the screens lose their bodies.
    func recycle(_ screens: inout [Screen]) {
        for i in screens.indices {
            var body = screens[i].body
            screens[i].body = []
            recycle(&body)
        }
    }

    private func recycle(_ nodes: inout [ViewNode]) {
        nodes.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                // Held elsewhere too (nothing in a check run does that): leave it to be freed normally.
                guard isKnownUniquelyReferenced(&buffer[i]) else { continue }
                let node = buffer[i]
                if !node.children.isEmpty {
                    var children = node.children
                    node.children = []
                    recycle(&children)
                }
                if free.count < Self.limit { free.append(node) }
            }
        }
    }
}
