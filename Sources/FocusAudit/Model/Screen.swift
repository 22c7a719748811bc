/// One navigation destination with its view tree and focus-restoration settings.
public struct Screen {
    /// The screen id; empty when the description left it out (an `invalid_description`).
    public var id: String
    public var title: String?
    /// How messages name an Interface Builder scene (its controller's custom class, else its title,
    /// else its id); nil for screens of descriptions, whose ids are already names.
    public var sceneName: String?
    public var isMarkedRoot = false
    public var restoreFocus: RestoreFocus = .none
    public var restoreDelay: Double = 0
    public var capture: Capture = .none
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

    public init(id: String, location: SourceLocation, path: String, index: Int) {
        self.id = id
        self.location = location
        self.path = path
        self.index = index
    }

    public var restores: Bool { restoreFocus == .onAppear }
}

/// The app-level settings of a description, known as soon as `<app>` is read.
public struct AppHeader: Sendable {
    public var name: String
    /// The transition length written in the description, if any.
    public var transition: Double?
    public var location: SourceLocation

    public init(name: String, transition: Double? = nil, location: SourceLocation) {
        self.name = name
        self.transition = transition
        self.location = location
    }
}

/// Element paths: `screen[ID]/Type[id or n]/…`, with `/`, `[` and `]` in ids escaped.
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
        id.isEmpty ? "screen[\(index + 1)]" : "screen[\(escape(id))]"
    }

    /// Appends `step(type:id:ordinal:)` without building it as a separate string.
    static func appendStep(type: String, id: String?, ordinal: Int, to path: inout String) {
        path += type
        path += "["
        if let id, !id.isEmpty {
            path += escape(id)
        } else {
            path += String(ordinal)
        }
        path += "]"
    }

    public static func step(type: String, id: String?, ordinal: Int) -> String {
        if let id, !id.isEmpty { return "\(type)[\(escape(id))]" }
        return "\(type)[\(ordinal)]"
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
