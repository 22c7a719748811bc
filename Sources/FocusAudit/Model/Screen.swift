/// One navigation destination with its view tree and focus-restoration settings.
public struct Screen {
    /// The screen id; empty when the description left it out (an `invalid_description`).
    public var id: String
    public var title: String?
    /// How messages name an Interface Builder scene (its controller's custom class, else its title,
    /// else its id); nil for screens of descriptions, whose ids are already names.
    public var sceneName: String?
    /// What kind of controller an Interface Builder scene is, in words (`tab bar controller`), for
    /// the HTML report's map when the scene has neither a class nor a title.
    public var sceneKind: String?
    public var isMarkedRoot = false
    public var restoreFocus: RestoreFocus = .none
    /// Whether the screen moves focus back to the presenting control when a sheet, cover or
    /// popover it presented is dismissed (`restore-focus="on-dismiss"`, with or without `on-appear`).
    public var restoresOnDismiss = false
    public var restoreDelay: Double = 0
    /// The focus value the screen moves focus to on every appearance instead of the recorded
    /// element (`restore-target`): `.onAppear { focus = .header }`.
    public var restoreTarget: String?
    /// The `focus` value of the element VoiceOver lands on when the screen appears and nothing
    /// moves focus (`default-focus`): `.accessibilityDefaultFocus($focus, .title)` (iOS 26).
    public var defaultFocus: String?
    public var capture: Capture = .none
    /// The `@AccessibilityFocusState` properties the screen declares (`<AccessibilityFocusState>`).
    public var focusStates: [FocusStateDeclaration] = []
    /// Whether `capture` was written on the screen (rather than defaulted).
    public var captureWritten = false
    public var location: SourceLocation
    /// `screen[ID]`, or `screen[n]` for a screen without an id.
    public var path: String
    /// 0-based position among the file's screens.
    public var index: Int
    public var body: [ViewNode] = []
    public var suppressions: [Suppression] = []
    /// How many views the reader made for the screen (0 when not counted), so the analysis can
    /// size its element list once.
    var viewCount = 0
    /// Interface Builder views outside the scene's view hierarchy that an outlet names, by element
    /// path, with the outlet's property name: they are on screen only if code adds them.
    var outsideHierarchy: [String: String] = [:]
    /// The same views while the importer reads the document, before paths are known.
    var outsideHierarchyNodes: [(ViewNode, String)] = []

    public init(id: String, location: SourceLocation, path: String, index: Int) {
        self.id = id
        self.location = location
        self.path = path
        self.index = index
    }

    public var restores: Bool { restoreFocus == .onAppear }
}

/// An `@AccessibilityFocusState` property of a screen (`<AccessibilityFocusState name="focus"
/// bound="false"/>`): whether any element binds it with `.accessibilityFocused`, and whether any
/// code assigns it (moves focus with it). Its element stays in the view tree as an empty custom
/// view, which VoiceOver does not read, so that it has a position, a path and suppressions.
public struct FocusStateDeclaration {
    public var node: ViewNode
    /// The property's name.
    public var name: String?
    /// Whether some element is bound to it (`.accessibilityFocused($focus, equals: …)`).
    public var bound = true
    /// Whether some code assigns it (`focus = .header`, `focus = lastFocusedID`).
    public var assigned = true

    public init(node: ViewNode, name: String? = nil, bound: Bool = true, assigned: Bool = true) {
        self.node = node
        self.name = name
        self.bound = bound
        self.assigned = assigned
    }
}

/// The app-level settings of a description, known as soon as `<app>` is read.
public struct AppHeader: Sendable {
    public var name: String
    /// The transition length written in the description, if any.
    public var transition: Double?
    /// The language of the description's titles and labels (`language`, a BCP 47 tag), if given.
    public var language: String?
    /// What dismissing each kind of presentation does to focus, where the description says
    /// (`sheet-focus`, `full-screen-cover-focus`, `popover-focus`).
    public var dismissalFocus: [Presentation: DismissalFocus] = [:]
    public var location: SourceLocation

    public init(name: String, transition: Double? = nil, location: SourceLocation) {
        self.name = name
        self.transition = transition
        self.location = location
    }
}

/// Element paths: `screen[ID]/Type[id or n]/…`, with `/`, `[`, `]` and `\` in ids and view types
/// escaped by a backslash, so that no type or id can make one element's path look like another's
/// (a JSON view typed `List[1]/Button` is `List\[1\]\/Button[1]`).
public enum ElementPath {
    public static let app = "app"

    public static func escape(_ id: String) -> String {
        // Checked on bytes: all four are ASCII, and walking characters costs grapheme breaking.
        guard id.utf8.contains(where: { $0 == 0x2F || $0 == 0x5B || $0 == 0x5D || $0 == 0x5C }) else { return id }
        var out = ""
        for ch in id {
            if ch == "/" || ch == "[" || ch == "]" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    public static func screen(id: String, index: Int) -> String {
        UTF8Builder.build { out in
            out.append("screen[")
            if id.isEmpty { out.append(decimal: index + 1) } else { out.append(escape(id)) }
            out.append(byte: 0x5D)
        }
    }

    /// Appends `step(type:id:ordinal:)` to bytes being built.
    static func appendStep(type: String, id: String?, ordinal: Int, to out: inout UTF8Builder) {
        out.append(escape(type))
        out.append(byte: 0x5B)
        if let id, !id.isEmpty {
            out.append(escape(id))
        } else {
            out.append(decimal: ordinal)
        }
        out.append(byte: 0x5D)
    }

    /// `prefix/step` in one string.
    static func child(of prefix: String, type: String, id: String?, ordinal: Int) -> String {
        UTF8Builder.build { out in
            out.append(prefix)
            out.append(byte: 0x2F)
            appendStep(type: type, id: id, ordinal: ordinal, to: &out)
        }
    }

    public static func step(type: String, id: String?, ordinal: Int) -> String {
        if let id, !id.isEmpty { return "\(escape(type))[\(escape(id))]" }
        return "\(escape(type))[\(ordinal)]"
    }

    /// The next 1-based ordinal of `type` among siblings counted so far in `ordinals[start...]` (a
    /// short list: a parent has few distinct child types, so this beats a dictionary).
    static func nextOrdinal(_ type: String, in ordinals: inout [(String, Int)], from start: Int = 0) -> Int {
        for i in start..<ordinals.count where ordinals[i].0 == type {
            ordinals[i].1 += 1
            return ordinals[i].1
        }
        ordinals.append((type, 1))
        return 1
    }
}
