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
    /// After a sheet, cover or popover the screen presented is dismissed (`onDismiss:`).
    case onDismiss = "on-dismiss"
}

/// Whether dismissing a presentation of one kind returns VoiceOver focus to the control that
/// presented it by itself (`presentations:` in `.focusaudit.yml`, `sheet-focus` on `<app>`).
public enum DismissalFocus: String, Sendable, CaseIterable {
    /// The platform puts focus back on the presenting control.
    case restores
    /// Nothing does unless the app restores it (`onDismiss:`).
    case loses
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
    /// `.popover`: on iPhone it is shown as a sheet.
    case popover

    public var isPush: Bool { self == .push }

    /// The verb used in journeys and messages.
    public var verb: String {
        switch self {
        case .push: return "push"
        case .sheet: return "present sheet"
        case .fullScreenCover: return "present full-screen cover"
        case .popover: return "present popover"
        }
    }
}

/// `.accessibilityAddTraits`.
public enum Trait: String, Sendable, CaseIterable {
    case button, header, image, link, selected, staticText, searchField, adjustable, isModal, summaryElement, tab

    /// The trait's bit in a `TraitSet`: its place among the cases.
    @inline(__always) var bit: UInt16 {
        switch self {
        case .button: return 1 << 0
        case .header: return 1 << 1
        case .image: return 1 << 2
        case .link: return 1 << 3
        case .selected: return 1 << 4
        case .staticText: return 1 << 5
        case .searchField: return 1 << 6
        case .adjustable: return 1 << 7
        case .isModal: return 1 << 8
        case .summaryElement: return 1 << 9
        case .tab: return 1 << 10
        }
    }
}

/// The traits of an element, a bit each (`Trait.bit`): an element keeps them in a 16-bit field,
/// not in a set of its own (a `Set` is an allocation of some 80 bytes for each element with
/// traits). Iterated in the order of `Trait`'s cases.
public struct TraitSet: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral {
    public private(set) var rawValue: UInt16

    @inline(__always) public init(rawValue: UInt16) { self.rawValue = rawValue }
    public init() { rawValue = 0 }
    public init(arrayLiteral traits: Trait...) { self.init(traits) }
    public init<S: Sequence>(_ traits: S) where S.Element == Trait {
        var raw: UInt16 = 0
        for trait in traits { raw |= trait.bit }
        rawValue = raw
    }

    @inline(__always) public var isEmpty: Bool { rawValue == 0 }
    public var count: Int { rawValue.nonzeroBitCount }
    @inline(__always) public func contains(_ trait: Trait) -> Bool { rawValue & trait.bit != 0 }
    @inline(__always) public mutating func insert(_ trait: Trait) { rawValue |= trait.bit }
    @inline(__always) public mutating func remove(_ trait: Trait) { rawValue &= ~trait.bit }
    @inline(__always) public mutating func formUnion(_ other: TraitSet) { rawValue |= other.rawValue }

    public func makeIterator() -> IndexingIterator<[Trait]> { Trait.allCases.filter { contains($0) }.makeIterator() }
}

/// A Dynamic Type text style (`Font.TextStyle`), by its SwiftUI name.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

    /// UIKit's name for it as Interface Builder writes it (`UICTFontTextStyleBody`).
    public init?(interfaceBuilder name: String) {
        guard let style = Self.interfaceBuilderStyles[name] else { return nil }
        self = style
    }

    /// The styles by Interface Builder's names. Made once: as a literal in the initializer, the
    /// dictionary was built for every `<fontDescription>` of a storyboard.
    private static let interfaceBuilderStyles: [String: TextStyle] = [
        "UICTFontTextStyleTitle0": .largeTitle, "UICTFontTextStyleTitle1": .title,
        "UICTFontTextStyleTitle2": .title2, "UICTFontTextStyleTitle3": .title3,
        "UICTFontTextStyleHeadline": .headline, "UICTFontTextStyleSubhead": .subheadline,
        "UICTFontTextStyleBody": .body, "UICTFontTextStyleCallout": .callout,
        "UICTFontTextStyleFootnote": .footnote, "UICTFontTextStyleCaption1": .caption,
        "UICTFontTextStyleCaption2": .caption2,
    ]
}

/// How an element's text is sized (`font`): a text style, which grows and shrinks with the user's
/// text size (Dynamic Type) when the view adjusts it, or a fixed point size, which never does.
public enum FontSize: Hashable, Sendable {
    /// `.font(.body)`; `scales` is false for a UIKit view whose `adjustsFontForContentSizeCategory`
    /// is off (Interface Builder's "Automatically Adjusts Font" unticked).
    case style(TextStyle, scales: Bool)
    /// `.font(.system(size: 17))`, `UIFont.systemFont(ofSize: 17)`: points.
    case fixed(Double)

    /// Whether the text follows the user's text size.
    public var scales: Bool {
        if case .style(_, let scales) = self { return scales }
        return false
    }

    /// The description's spelling: the style's name, or `fixed:17`.
    public var attributeValue: String {
        switch self {
        case .style(let style, _): return style.rawValue
        case .fixed(let points): return "fixed:" + Self.points(points)
        }
    }

    /// `17` or `17.5`.
    static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// An element's size on screen in points (`size="44x44"`, an Interface Builder frame or constraints).
public struct ViewSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `44×44`, `30.5×28`, `144.66×40.33`: each side in hundredths of a point at most, cut rather
    /// than rounded up so that a side below a minimum is never shown as reaching it. Interface
    /// Builder writes laid-out frames with the full fraction (`width="144.66666666666666"`), which
    /// says nothing more to a reader; the tiny amount added first absorbs the binary error of
    /// values such as 54.999999999999972, shown as 55.
    public var text: String { Self.hundredths(width) + "×" + Self.hundredths(height) }

    private static func hundredths(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return FontSize.points(value) }
        return FontSize.points(((value * 100) + 1e-6).rounded(.towardZero) / 100)
    }
}

/// Where an element's top-left corner is on its screen, in points from the screen's top-left
/// corner (an Interface Builder frame's origin added to those of the views around it).
public struct ViewPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
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
