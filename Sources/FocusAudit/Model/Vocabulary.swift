/// The fixed vocabulary of the v1 description format (see docs/format.md).

/// How a screen records which element was activated before navigating away.
public enum Capture: String, Sendable, CaseIterable {
    /// The link's `isActive` binding setter records the id (the reliable way).
    case binding
    /// A navigation path or router push records the id.
    case path
    /// A `simultaneousGesture` tap records the id; VoiceOver activation can skip it.
    case gesture
    /// Nothing records the activation.
    case none

    /// Whether the activated element is known when the screen re-appears.
    public var records: Bool { self != .none }
}

/// What a screen does when it re-appears.
public enum RestoreFocus: String, Sendable, CaseIterable {
    case none
    case onAppear = "on-appear"
}

/// `.accessibilityElement(children:)`.
public enum ChildBehavior: String, Sendable, CaseIterable {
    case combine, ignore, contain
}

/// How a navigating element presents its destination.
public enum Presentation: String, Sendable, CaseIterable {
    case push
    case sheet
    case fullScreenCover = "full-screen-cover"

    public var isPush: Bool { self == .push }

    /// The verb used in journeys and messages.
    public var verb: String {
        switch self {
        case .push: return "push"
        case .sheet: return "present sheet"
        case .fullScreenCover: return "present full-screen cover"
        }
    }
}

/// `.accessibilityAddTraits`.
public enum Trait: String, Sendable, CaseIterable {
    case button, header, image, link, selected, staticText, searchField, adjustable, isModal, summaryElement, tab
}

/// What kind of view an element name denotes.
public enum ViewKind: Sendable {
    case interactive, content, container, custom

    public static let interactiveNames: Set<String> = [
        "Button", "NavigationLink", "Link", "Toggle", "TextField", "SecureField", "Slider", "Stepper", "Picker",
        "Menu", "DatePicker", "TextEditor", "ColorPicker", "PhotosPicker", "ShareLink",
    ]
    public static let contentNames: Set<String> = ["Text", "Image", "Label", "ProgressView"]
    public static let containerNames: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "List", "ScrollView", "Form",
        "Section", "Group", "TabView", "NavigationStack", "Toolbar",
    ]

    /// Classifies a view name. A switch on short strings compares them in place, which is much
    /// cheaper than hashing every element name into a set; switching on the length first leaves a
    /// few comparisons per name. A test keeps it in step with the sets.
    public init(name: String) {
        switch (name.utf8.count, name) {
        case (4, "Link"), (4, "Menu"), (6, "Button"), (6, "Toggle"), (6, "Slider"), (6, "Picker"), (7, "Stepper"),
            (9, "TextField"), (10, "DatePicker"), (11, "SecureField"), (14, "NavigationLink"), (10, "TextEditor"),
            (11, "ColorPicker"), (12, "PhotosPicker"), (9, "ShareLink"):
            self = .interactive
        case (4, "Text"), (5, "Image"), (5, "Label"), (12, "ProgressView"):
            self = .content
        case (4, "List"), (4, "Form"), (5, "Group"), (6, "VStack"), (6, "HStack"), (6, "ZStack"), (7, "Section"),
            (7, "TabView"), (7, "Toolbar"), (9, "LazyVGrid"), (10, "LazyVStack"), (10, "LazyHStack"),
            (10, "ScrollView"), (15, "NavigationStack"):
            self = .container
        default:
            self = .custom
        }
    }
}
