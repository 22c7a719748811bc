import Synchronization

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
    /// A xib's top-level view that is no view controller's view: code adds it to a screen it is
    /// only a part of, so it has no screen title of its own to miss.
    public var isPartOfAScreen = false
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
    /// The screen's elements, in document order, as readers that write them in that order leave
    /// them; nil when the reader built a tree instead (`body`).
    public var elements: ElementStore?
    /// The top-level views of a tree its reader rearranged while reading (Interface Builder).
    public var body: [ViewNode] = []
    /// How many views the reader wrote in the screen's store (0 for a tree).
    var viewCount: Int { elements?.count ?? 0 }
    public var suppressions: [Suppression] = []
    /// Interface Builder views outside the scene's view hierarchy that an outlet names, by element
    /// path, with the outlet's property name: they are on screen only if code adds them.
    var outsideHierarchy: [String: String] = [:]
    /// The same views while the importer reads the document, before paths are known.
    var outsideHierarchyNodes: [(ViewNode, String)] = []
    /// Where Interface Builder views hidden in the file (`hidden="YES"`) start: `UIView.isHidden` is
    /// where they start, and code may show them, unlike a view whose accessibility is turned off.
    /// Empty for every other reader.
    var hiddenInFile: Set<SourceLocation> = []

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
    /// The declaration's element: its index among the screen's elements.
    public var element: Int
    /// The property's name.
    public var name: String?
    /// Whether some element is bound to it (`.accessibilityFocused($focus, equals: …)`).
    public var bound = true
    /// Whether some code assigns it (`focus = .header`, `focus = lastFocusedID`).
    public var assigned = true

    public init(element: Int, name: String? = nil, bound: Bool = true, assigned: Bool = true) {
        self.element = element
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
///
/// Paths are bounded, so that a deep chain of long ids cannot make every finding below it repeat
/// them all (output would grow with depth times length). A type or id longer than
/// `maximumPartLength` bytes (escaped) is cut to `keptPartLength` bytes and `…`, and the step gets a
/// digest of the whole step: `VStack[aaaa…][0123456789abcdef]`. A path that would grow past
/// `maximumLength` bytes keeps its screen step and its last step, with a digest of the parent path
/// in between: `screen[s]/[…0123456789abcdef]/Button[ok]`. Neither form can be written by a real
/// step (a step never has an empty type, and `][` never follows a step's closing bracket), and the
/// digests are SHA-256, so no input can make one element's path equal another's. Paths of normal
/// descriptions are far below both limits and are written whole.
public enum ElementPath {
    public static let app = "app"
    /// The longest escaped type or id written whole in a step, in UTF-8 bytes.
    public static let maximumPartLength = 200
    /// How much of a longer type or id is kept, in UTF-8 bytes.
    public static let keptPartLength = 100
    /// The longest path written whole, in UTF-8 bytes.
    public static let maximumLength = 1_000

    public static func escape(_ id: String) -> String {
        // Checked on bytes: all four are ASCII, and walking characters costs grapheme breaking; in
        // the string's own bytes, as walking its UTF-8 view one byte at a time costs more again.
        var bytes = id
        guard bytes.withUTF8({ $0.contains(where: isEscaped) }) else { return id }
        var out = ""
        for ch in id {
            if ch == "/" || ch == "[" || ch == "]" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    public static func screen(id: String, index: Int) -> String {
        // An id of plain ASCII (nothing escaped, nothing cut), as nearly every id is: `screen[`, the
        // id's bytes and `]`, written straight into the string.
        var id = id
        let plain = id.withUTF8 { bytes -> String? in
            guard !bytes.isEmpty, bytes.count <= maximumPartLength, isPlainASCII(bytes) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + 8) { out in
                let prefix: StaticString = "screen["
                UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: prefix.utf8Start, byteCount: 7)
                UnsafeMutableRawPointer(out.baseAddress! + 7).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                out[bytes.count + 7] = 0x5D
                return bytes.count + 8
            }
        }
        if let plain { return plain }
        return UTF8Builder.build { out in
            appendStep(type: "screen", id: id, ordinal: index + 1, to: &out)
        }
    }

    /// Appends `step(type:id:ordinal:)` to bytes being built.
    /// `appendStep(type:id:ordinal:to:)` with the id given as UTF-8 bytes (nil: none). An ASCII id
    /// that needs no escaping and no cutting, beside such a type, is copied as it is; any other is
    /// made a string and written the general way.
    static func appendStep(type: String, idBytes: UnsafeBufferPointer<UInt8>?, ordinal: Int, to out: inout UTF8Builder) {
        guard let idBytes, !idBytes.isEmpty else { return appendStep(type: type, id: nil, ordinal: ordinal, to: &out) }
        if idBytes.count <= maximumPartLength && isPlainASCII(idBytes) && type.utf8.count <= maximumPartLength
            && !type.utf8.contains(where: isEscaped)
        {
            out.append(type)
            out.append(byte: 0x5B)
            out.append(bytes: idBytes)
            out.append(byte: 0x5D)
            return
        }
        appendStep(type: type, id: String(decoding: idBytes, as: UTF8.self), ordinal: ordinal, to: &out)
    }

    /// Whether a path step escapes the byte: `/`, `[`, `]` or `\`.
    @inline(__always) static func isEscaped(_ byte: UInt8) -> Bool {
        byte == 0x2F || byte == 0x5B || byte == 0x5D || byte == 0x5C
    }

    /// Whether the bytes are all ASCII and none is escaped in a step.
    @inline(__always) static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 || isEscaped(byte) { return false }
        return true
    }

    static func appendStep(type: String, id: String?, ordinal: Int, to out: inout UTF8Builder) {
        let escapedType = escape(type)
        let escapedID = id.flatMap { $0.isEmpty ? nil : escape($0) }
        guard escapedType.utf8.count > maximumPartLength || (escapedID?.utf8.count ?? 0) > maximumPartLength else {
            out.append(escapedType)
            out.append(byte: 0x5B)
            if let escapedID { out.append(escapedID) } else { out.append(decimal: ordinal) }
            out.append(byte: 0x5D)
            return
        }
        let whole = escapedType + "[" + (escapedID ?? String(ordinal)) + "]"
        out.append(cut(escapedType))
        out.append(byte: 0x5B)
        if let escapedID { out.append(cut(escapedID)) } else { out.append(decimal: ordinal) }
        out.append("][")
        out.append(SHA256.hex(whole))
        out.append(byte: 0x5D)
    }

    /// The first `keptPartLength` bytes of escaped text and `…`, cut between characters and never
    /// inside an escape.
    static func cut(_ escaped: String) -> String {
        guard escaped.utf8.count > maximumPartLength else { return escaped }
        let bytes = Array(escaped.utf8)
        var end = keptPartLength
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        var backslashes = 0
        while backslashes < end && bytes[end - 1 - backslashes] == 0x5C { backslashes += 1 }
        if backslashes % 2 == 1 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self) + "…"
    }

    /// `prefix/step` in one string.
    static func child(of prefix: String, type: String, id: String?, ordinal: Int) -> String {
        // Escaping at most doubles a type or id: when even that fits, the path is written whole.
        if prefix.utf8.count + 2 * (type.utf8.count + (id?.utf8.count ?? 0)) + 24 <= maximumLength {
            return UTF8Builder.build { out in
                out.append(prefix)
                out.append(byte: 0x2F)
                appendStep(type: type, id: id, ordinal: ordinal, to: &out)
            }
        }
        return joined(prefix, step: step(type: type, id: id, ordinal: ordinal))
    }

    /// Appends `child(of:type:id:ordinal:)` to bytes being built.
    static func appendChild(of prefix: String, type: String, id: String?, ordinal: Int, to out: inout UTF8Builder) {
        if prefix.utf8.count + 2 * (type.utf8.count + (id?.utf8.count ?? 0)) + 24 <= maximumLength {
            out.append(prefix)
            out.append(byte: 0x2F)
            appendStep(type: type, id: id, ordinal: ordinal, to: &out)
        } else {
            out.append(joined(prefix, step: step(type: type, id: id, ordinal: ordinal)))
        }
    }

    /// The path of the element `step` inside the element (or screen) at `parent`: `parent/step`,
    /// or, when that is longer than `maximumLength`, the parent's screen step, a digest of the
    /// parent's path, and `step`.
    public static func joined(_ parent: String, step: String) -> String {
        if parent.utf8.count + 1 + step.utf8.count <= maximumLength { return parent + "/" + step }
        let marker = firstStep(of: parent) + "/[…" + SHA256.hex(parent) + "]"
        shortenedParents.withLock { known in
            if known[marker] == nil { known[marker] = parent }
        }
        return marker + "/" + step
    }

    /// The path a `screen[s]/[…digest]` prefix stands for, if `joined` made it in this process;
    /// suppressions use it to find an element's ancestors above the cut.
    static func parent(ofShortened marker: String) -> String? {
        shortenedParents.withLock { $0[marker] }
    }

    private static let shortenedParents = Mutex<[String: String]>([:])

    /// The path up to its first unescaped `/` (the screen step), or all of it.
    static func firstStep(of path: String) -> String {
        var escaped = false
        var count = 0
        for byte in path.utf8 {
            if !escaped && byte == 0x2F { break }
            escaped = !escaped && byte == 0x5C
            count += 1
        }
        return String(decoding: Array(path.utf8.prefix(count)), as: UTF8.self)
    }

    public static func step(type: String, id: String?, ordinal: Int) -> String {
        UTF8Builder.build { appendStep(type: type, id: id, ordinal: ordinal, to: &$0) }
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
