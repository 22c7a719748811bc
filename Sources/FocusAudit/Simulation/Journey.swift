/// The screen-level facts the simulator needs once a screen's view tree is gone.
public struct ScreenSummary: Sendable {
    // Stored strings first, then the numbers and flags packed together: a large app has tens of
    // thousands of screens, and Swift lays stored properties out in the order they are written.
    public var id: String
    /// `screen[ID]`, kept only when it is not that (a screen without an id, an id with characters
    /// that paths escape, a long id): see `Screen.path`.
    public var path: String {
        get { rare?.path ?? Self.plainPath(id) }
        set {
            let plain = Self.isPlainPath(newValue, of: id)
            updateRare { $0.path = plain ? nil : newValue }
        }
    }
    public var title: String?
    /// How messages name the first element VoiceOver reads, needed only for a screen without a
    /// title: a titled screen's landing is made from its title when a message needs it, rather than
    /// kept as one more string for each of a large app's screens.
    var firstReadName: String?
    /// How messages name an Interface Builder scene (see `Screen.sceneName`).
    public var sceneName: String? {
        get { rare?.sceneName }
        set { updateRare { $0.sceneName = newValue } }
    }
    /// What kind of controller a scene is (see `Screen.sceneKind`).
    public var sceneKind: String? {
        get { rare?.sceneKind }
        set { updateRare { $0.sceneKind = newValue } }
    }
    /// See `Screen.restoreTarget`.
    public var restoreTarget: String? {
        get { rare?.restoreTarget }
        set { updateRare { $0.restoreTarget = newValue } }
    }
    /// How messages name the element the screen's `default-focus` lands on, when it has one.
    var defaultFocusName: String? {
        get { rare?.defaultFocusName }
        set { updateRare { $0.defaultFocusName = newValue } }
    }
    /// The path when it is not `screen[ID]` and the four strings above, which most screens do not
    /// have, in one shared box: nil when none is set, so that a screen without them keeps one word
    /// for them instead of five strings (a large app of small screens keeps hundreds of thousands
    /// of summaries).
    fileprivate var rare: RareFields?
    public var restoreDelay: Double
    private var line32: Int32
    private var column32: Int32
    public var capture: Capture
    public var isMarkedRoot: Bool
    public var restores: Bool
    public var captureWritten: Bool
    /// See `Screen.restoresOnDismiss`.
    public var restoresOnDismiss = false
    /// Whether some visible control on the screen pops the whole stack.
    public var hasPopToRoot: Bool

    fileprivate final class RareFields: Sendable {
        let path: String?
        let sceneName: String?
        let sceneKind: String?
        let restoreTarget: String?
        let defaultFocusName: String?

        init(path: String?, sceneName: String?, sceneKind: String?, restoreTarget: String?, defaultFocusName: String?) {
            self.path = path
            self.sceneName = sceneName
            self.sceneKind = sceneKind
            self.restoreTarget = restoreTarget
            self.defaultFocusName = defaultFocusName
        }
    }

    private struct RareValues {
        var path: String?
        var sceneName: String?
        var sceneKind: String?
        var restoreTarget: String?
        var defaultFocusName: String?
    }

    /// Changes the rare fields: a new box (boxes are shared by copies of the summary and never
    /// changed), or none when all four are nil.
    private mutating func updateRare(_ change: (inout RareValues) -> Void) {
        var values = RareValues(
            path: rare?.path, sceneName: rare?.sceneName, sceneKind: rare?.sceneKind, restoreTarget: rare?.restoreTarget,
            defaultFocusName: rare?.defaultFocusName)
        change(&values)
        if values.path == nil && values.sceneName == nil && values.sceneKind == nil && values.restoreTarget == nil
            && values.defaultFocusName == nil
        {
            rare = nil
        } else {
            rare = RareFields(
                path: values.path, sceneName: values.sceneName, sceneKind: values.sceneKind, restoreTarget: values.restoreTarget,
                defaultFocusName: values.defaultFocusName)
        }
    }

    public var location: SourceLocation {
        get { SourceLocation(line: Int(line32), column: Int(column32)) }
        set {
            line32 = Int32(clamping: newValue.line)
            column32 = Int32(clamping: newValue.column)
        }
    }

    init(
        id: String, path: String, location: SourceLocation, title: String?, isMarkedRoot: Bool, restores: Bool,
        restoreDelay: Double, capture: Capture, captureWritten: Bool, firstReadName: String?, hasPopToRoot: Bool,
        sceneName: String? = nil, sceneKind: String? = nil
    ) {
        self.id = id
        self.title = title
        self.firstReadName = firstReadName
        let plain = Self.isPlainPath(path, of: id)
        if !plain || sceneName != nil || sceneKind != nil {
            rare = RareFields(
                path: plain ? nil : path, sceneName: sceneName, sceneKind: sceneKind, restoreTarget: nil,
                defaultFocusName: nil)
        }
        self.restoreDelay = restoreDelay
        // Beyond 32 bits (two billion lines) the numbers saturate instead of trapping, as in link records.
        line32 = Int32(clamping: location.line)
        column32 = Int32(clamping: location.column)
        self.capture = capture
        self.isMarkedRoot = isMarkedRoot
        self.restores = restores
        self.captureWritten = captureWritten
        self.hasPopToRoot = hasPopToRoot
    }

    /// A summary read back from its record in a graph (`ScreenRecord`).
    fileprivate init(
        id: String, title: String?, firstReadName: String?, rare: RareFields?, restoreDelay: Double, line32: Int32,
        column32: Int32, capture: Capture, flags: UInt8
    ) {
        self.id = id
        self.title = title
        self.firstReadName = firstReadName
        self.rare = rare
        self.restoreDelay = restoreDelay
        self.line32 = line32
        self.column32 = column32
        self.capture = capture
        isMarkedRoot = flags & ScreenRecord.markedRoot != 0
        restores = flags & ScreenRecord.restoresFlag != 0
        captureWritten = flags & ScreenRecord.captureWrittenFlag != 0
        restoresOnDismiss = flags & ScreenRecord.restoresOnDismissFlag != 0
        hasPopToRoot = flags & ScreenRecord.popToRootFlag != 0
    }

    /// `screen[ID]`.
    static func plainPath(_ id: String) -> String { "screen[" + id + "]" }

    /// Whether `path` is `screen[ID]` for `id`, byte for byte (then it need not be kept).
    static func isPlainPath(_ path: String, of id: String) -> Bool {
        guard !id.isEmpty, path.utf8.count == id.utf8.count + 8 else { return false }
        // Compared in the strings' own bytes (walking the UTF-8 views one byte at a time cost
        // hundreds of instructions a screen).
        var path = path
        var id = id
        return path.withUTF8 { p in
            id.withUTF8 { i in
                p[0] == 0x73 && p[1] == 0x63 && p[2] == 0x72 && p[3] == 0x65 && p[4] == 0x65 && p[5] == 0x6E
                    && p[6] == 0x5B && p[p.count - 1] == 0x5D
                    && Platform.bytesEqual(p.baseAddress.unsafelyUnwrapped + 7, i.baseAddress.unsafelyUnwrapped, count: i.count)
            }
        }
    }

    /// What VoiceOver lands on when the screen re-appears without restoring focus.
    public var landing: String { defaultFocusName ?? Self.landing(title: title, firstRead: firstReadName) }

    /// The landing described: the title when there is one, else the first element read, else nothing.
    static func landing(title: String?, firstRead: String?) -> String {
        if let title, !title.isBlank { return "the title \"\(MessageText.quoted(title))\"" }
        if let firstRead { return firstRead }
        return "nothing (the screen has no accessibility element)"
    }

    /// How messages name the screen. A screen without an id (none written, or one an earlier
    /// screen already has, which `DescriptionBuilder` clears) is "this screen", as
    /// `missing_restoration_delay` says: an empty id would leave a gap in the sentence.
    public var displayName: String {
        if let sceneName { return MessageText.quoted(sceneName) }
        let name = id.isEmpty ? "this screen" : MessageText.quoted(id)
        if let title, !title.isEmpty { return "\(name) (\"\(MessageText.quoted(title))\")" }
        return name
    }
}

/// A screen summary as a graph keeps it: 40 bytes instead of the summary's 80. The id is the
/// number the graph's table of target ids gives it (the table holds every screen id already),
/// and the title and first-read name are numbers into one list of the graph's strings, so that a
/// screen without them keeps four bytes for each instead of an optional string. A large app of
/// small screens keeps hundreds of thousands of these until the end of its file.
struct ScreenRecord: Sendable {
    var restoreDelay: Double
    fileprivate var rare: ScreenSummary.RareFields?
    /// The id's number in the graph's table of target ids; with `idInTexts`, its index in the
    /// graph's strings instead (an id the table spells otherwise, or files under a placeholder);
    /// -1 for a screen without an id.
    var id: Int32
    /// Indexes in the graph's strings, -1 for none.
    var title: Int32
    var firstReadName: Int32
    var line32: Int32
    var column32: Int32
    var capture: Capture
    var flags: UInt8

    static let markedRoot: UInt8 = 1
    static let restoresFlag: UInt8 = 2
    static let captureWrittenFlag: UInt8 = 4
    static let restoresOnDismissFlag: UInt8 = 8
    static let popToRootFlag: UInt8 = 16
    static let idInTexts: UInt8 = 32

    var sceneName: String? { rare?.sceneName }
    var isMarkedRoot: Bool { flags & Self.markedRoot != 0 }
    var hasPopToRoot: Bool { flags & Self.popToRootFlag != 0 }

    /// The record of `summary`: `idKey` is the number the graph's table gives its id (nil when it
    /// has none) and `storedKey` the spelling the table keeps under that number (the id's own
    /// unless the table files it otherwise); strings go to `texts`.
    /// Its strings and rare fields are moved out of `summary` rather than copied (the summary is
    /// not used again).
    init(taking summary: inout ScreenSummary, idKey: Int?, storedKey: String?, texts: inout ChunkedArray<String>) {
        let asKey = idKey != nil && storedKey.map { sameBytes($0, summary.id) } == true
        self.init(taking: &summary, idKey: asKey ? idKey : nil, texts: &texts)
    }

    /// `init(taking:idKey:storedKey:texts:)` where the caller knows whether the table of target keys
    /// keeps the id as written (`StringTable.addSpelled`): `idKey` is given only when it does (the id
    /// is then read back from the key), else the id is kept in `texts`.
    init(taking summary: inout ScreenSummary, idKey: Int?, texts: inout ChunkedArray<String>) {
        restoreDelay = summary.restoreDelay
        rare = summary.rare.take()
        line32 = Int32(clamping: summary.location.line)
        column32 = Int32(clamping: summary.location.column)
        capture = summary.capture
        var flags: UInt8 = 0
        if summary.isMarkedRoot { flags |= Self.markedRoot }
        if summary.restores { flags |= Self.restoresFlag }
        if summary.captureWritten { flags |= Self.captureWrittenFlag }
        if summary.restoresOnDismiss { flags |= Self.restoresOnDismissFlag }
        if summary.hasPopToRoot { flags |= Self.popToRootFlag }
        func text(_ value: consuming String?) -> Int32 {
            guard let value else { return -1 }
            texts.append(value)
            return Int32(texts.count - 1)
        }
        if summary.id.isEmpty {
            id = -1
        } else if let idKey {
            id = Int32(idKey)
        } else {
            // The table files the id under another spelling (a non-ASCII id, or one with an ASCII
            // equivalent): the id is kept as written.
            id = text(summary.id)
            flags |= Self.idInTexts
        }
        title = summary.title == nil ? -1 : text(summary.title.take())
        firstReadName = summary.firstReadName == nil ? -1 : text(summary.firstReadName.take())
        self.flags = flags
    }

    /// The screen's id.
    func id(keyName: (Int) -> String, texts: ChunkedArray<String>) -> String {
        if id < 0 { return "" }
        return flags & Self.idInTexts != 0 ? texts[Int(id)] : keyName(Int(id))
    }

    /// The summary this record was made from.
    func summary(keyName: (Int) -> String, texts: ChunkedArray<String>) -> ScreenSummary {
        ScreenSummary(
            id: id(keyName: keyName, texts: texts),
            title: title < 0 ? nil : texts[Int(title)],
            firstReadName: firstReadName < 0 ? nil : texts[Int(firstReadName)], rare: rare, restoreDelay: restoreDelay,
            line32: line32, column32: column32, capture: capture, flags: flags)
    }

    /// The same record in a graph whose strings and target keys it is appended to: its strings
    /// `textOffset` further on, its id numbered by `keyMap`.
    func moved(textOffset: Int, keyMap: [Int]) -> ScreenRecord {
        var moved = self
        if id >= 0 { moved.id = flags & Self.idInTexts != 0 ? id + Int32(textOffset) : Int32(keyMap[Int(id)]) }
        if title >= 0 { moved.title = title + Int32(textOffset) }
        if firstReadName >= 0 { moved.firstReadName = firstReadName + Int32(textOffset) }
        return moved
    }
}

/// A graph's screens, read back from their records as summaries.
public struct ScreenList: RandomAccessCollection, Sendable {
    let records: ChunkedArray<ScreenRecord>
    let texts: ChunkedArray<String>
    let keys: StringTable

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(position: Int) -> ScreenSummary {
        records[position].summary(keyName: { keys.storedKey($0) }, texts: texts)
    }

    /// The id of the screen at `position`, without the rest of its summary.
    func id(at position: Int) -> String {
        records[position].id(keyName: { keys.storedKey($0) }, texts: texts)
    }
}

/// One navigation written on an element: what the simulator activates.
/// A class, so the journeys of a large app share one record per link instead of copying it.
///
/// A large app has hundreds of thousands of links and only the few whose journeys are reported need
/// a path or a display name, so neither is stored: the record keeps its parent's path (one string
/// shared by all its siblings' records) and its own step and name, and builds both when asked.
public final class LinkRecord: Sendable {
    // Stored packed (32-bit numbers, one byte of flags): a large app has hundreds of thousands of
    // links, and these records are most of what is kept until the end of a file.
    private let screen32: Int32
    private let index32: Int32
    private let ordinal32: Int32
    private let line32: Int32
    private let column32: Int32
    /// The number its graph gave the target id (`NavigationGraph.targetKeys`), so the graph finds
    /// the target screen without hashing the id again.
    private let targetKey32: Int32
    private let flags: UInt8
    public let capture: Capture
    /// The element path of the element's parent (the screen's path at the top of the screen).
    let parentPath: String
    /// The element's type and id: with the ordinal, its step in element paths.
    let type: String
    let id: String?
    /// The element's accessible name.
    let name: String?
    public let navigation: Navigation
    public let focus: String?

    private static let hidden: UInt8 = 1
    private static let onElement: UInt8 = 2
    private static let shared: UInt8 = 4
    private static let element: UInt8 = 8
    private static let landing: UInt8 = 16
    private static let dismissSet: UInt8 = 32
    private static let dismissRestores: UInt8 = 64

    /// Index of the screen it is on, in `NavigationGraph.screens`.
    public var screen: Int { Int(screen32) }
    /// Its own index in `NavigationGraph.links`.
    var index: Int { Int(index32) }
    var ordinal: Int { Int(ordinal32) }
    var targetKey: Int { Int(targetKey32) }
    public var location: SourceLocation { SourceLocation(line: Int(line32), column: Int(column32)) }
    /// Hidden links, and links inside another control's content (`nested_control`), cannot be
    /// activated by VoiceOver; they still count for reachability.
    public var isHidden: Bool { flags & Self.hidden != 0 }
    /// Whether the effective capture is written on the element itself.
    public var captureOnElement: Bool { flags & Self.onElement != 0 }
    public var focusShared: Bool { flags & Self.shared != 0 }
    public var isAccessibilityElement: Bool { flags & Self.element != 0 }
    /// Whether it is the first element VoiceOver reads on its screen (and the screen has no title).
    public var isLanding: Bool { flags & Self.landing != 0 }
    /// The element's own `restore-focus` for what it presents (`on-dismiss` or `none`), nil when it
    /// has none and its screen's applies.
    public var restoresOnDismiss: Bool? { flags & Self.dismissSet == 0 ? nil : flags & Self.dismissRestores != 0 }

    init(
        index: Int, screen: Int, parentPath: String, element: ElementInfo, inactive: Bool, navigation: Navigation,
        targetKey: Int, capture: Capture, captureOnElement: Bool, focusShared: Bool, isLanding: Bool
    ) {
        // Beyond 32 bits (two billion links or lines) the numbers saturate instead of trapping.
        index32 = Int32(clamping: index)
        screen32 = Int32(clamping: screen)
        ordinal32 = Int32(clamping: element.node.ordinal)
        line32 = Int32(clamping: element.node.location.line)
        column32 = Int32(clamping: element.node.location.column)
        targetKey32 = Int32(clamping: targetKey)
        flags = Self.flags(
            isHidden: inactive, captureOnElement: captureOnElement, focusShared: focusShared,
            isAccessibilityElement: element.isAccessibilityElement, isLanding: isLanding,
            restoresOnDismiss: element.node.restoresOnDismiss)
        self.capture = capture
        self.parentPath = parentPath
        type = element.node.type
        id = element.node.id
        name = element.name?.text
        self.navigation = navigation
        focus = element.node.focus
    }

    /// A record from its fields (a row of `PendingLinks`); `flags` as `rawFlags`.
    init(
        index: Int, screen: Int, ordinal: Int, location: SourceLocation, targetKey: Int, flags: UInt8, capture: Capture,
        parentPath: String, type: String, id: String?, name: String?, navigation: Navigation, focus: String?
    ) {
        index32 = Int32(clamping: index)
        screen32 = Int32(clamping: screen)
        ordinal32 = Int32(clamping: ordinal)
        line32 = Int32(clamping: location.line)
        column32 = Int32(clamping: location.column)
        targetKey32 = Int32(clamping: targetKey)
        self.flags = flags
        self.capture = capture
        self.parentPath = parentPath
        self.type = type
        self.id = id
        self.name = name
        self.navigation = navigation
        self.focus = focus
    }

    /// The flags byte of a link with these facts.
    static func flags(
        isHidden: Bool, captureOnElement: Bool, focusShared: Bool, isAccessibilityElement: Bool, isLanding: Bool,
        restoresOnDismiss: Bool?
    ) -> UInt8 {
        var flags: UInt8 = 0
        if isHidden { flags |= Self.hidden }
        if captureOnElement { flags |= Self.onElement }
        if focusShared { flags |= Self.shared }
        if isAccessibilityElement { flags |= Self.element }
        if isLanding { flags |= Self.landing }
        if let own = restoresOnDismiss {
            flags |= Self.dismissSet
            if own { flags |= Self.dismissRestores }
        }
        return flags
    }

    /// The flags as stored (for `PendingLinks`).
    var rawFlags: UInt8 { flags }

    /// The same link in a graph with `screens` screens and `links` links before those of its own,
    /// where its target id is numbered `targetKey` (`NavigationGraph.append`).
    func shifted(screens: Int, links: Int, targetKey: Int) -> LinkRecord {
        LinkRecord(copying: self, screen: screen + screens, index: index + links, targetKey: targetKey)
    }

    private init(copying other: LinkRecord, screen: Int, index: Int, targetKey: Int) {
        screen32 = Int32(clamping: screen)
        index32 = Int32(clamping: index)
        targetKey32 = Int32(clamping: targetKey)
        ordinal32 = other.ordinal32
        line32 = other.line32
        column32 = other.column32
        flags = other.flags
        capture = other.capture
        parentPath = other.parentPath
        type = other.type
        id = other.id
        name = other.name
        navigation = other.navigation
        focus = other.focus
    }

    /// The element's path (`screen[s]/List[1]/NavigationLink[a]`).
    public var elementPath: String {
        ElementPath.child(of: parentPath, type: type, id: id, ordinal: ordinal)
    }

    /// How messages refer to the element, as `ElementInfo.displayName`.
    public var displayName: String {
        ElementInfo.displayName(name: name, id: id, type: type, ordinal: ordinal)
    }

    /// Appends `elementPath` to bytes being built.
    func appendElementPath(to out: inout UTF8Builder) {
        ElementPath.appendChild(of: parentPath, type: type, id: id, ordinal: ordinal, to: &out)
    }

    /// Appends `displayName` to bytes being built.
    func appendDisplayName(to out: inout UTF8Builder) {
        ElementInfo.appendDisplayName(name: name, id: id, type: type, ordinal: ordinal, to: &out)
    }
}

/// Why VoiceOver focus does not come back to the activated element.
public enum LossCause: Hashable, Sendable {
    /// The screen does not restore focus; VoiceOver lands on the first element it reads.
    case notRestoring(landsOn: String)
    /// The screen restores focus, but nothing records which element was activated.
    case nothingRecorded(onElement: Bool)
    /// The element has no `focus` binding to restore to.
    case noFocusBinding
    /// Another element of the screen binds the same `focus` value.
    case sharedFocus(String)
    /// The element is inside a one-element container or hidden, so VoiceOver cannot focus it.
    case notAnElement
    /// The focus request comes before the transition ends and is ignored.
    case tooEarly(delay: Double, transition: Double)
    /// The screen moves focus to one fixed element on every appearance, not to the activated one.
    case fixedTarget(String)

    public var explanation: String {
        switch self {
        case .notRestoring(let landsOn): return "the screen does not restore focus, so it lands on \(landsOn)"
        case .nothingRecorded(let onElement):
            return onElement
                ? "the element's capture=\"none\" records nothing" : "nothing records which control was activated (capture is none)"
        case .noFocusBinding: return "the control has no focus binding"
        case .sharedFocus(let value): return "another element shares the focus value '\(value)'"
        case .notAnElement: return "the control is not an accessibility element of its own"
        case .fixedTarget(let value):
            return "the screen moves focus to the element bound to '\(value)' on every appearance"
        case .tooEarly(let delay, let transition):
            return "the focus request after \(Format.seconds(delay)) comes during the \(Format.seconds(transition)) transition and is ignored"
        }
    }
}

/// One activate → go → return trace.
public struct Journey: Sendable {
    public enum Route: Sendable, Hashable {
        /// Back button, swipe back, or dismissing the sheet.
        case back
        /// A pop-to-root control somewhere deeper, first found on this screen.
        case popToRoot(from: String)
    }

    public enum Outcome: Sendable, Hashable {
        /// The screen moves focus back to the element after `delay`.
        case restored(delay: Double)
        /// The screen does not restore, but the element is the first thing VoiceOver reads.
        case landsOnElement
        /// Dismissing a sheet or cover: the system returns focus to the presenting control.
        case returnedBySystem
        /// Dismissing a sheet, cover or popover: the screen's `onDismiss:` moves focus back to the
        /// presenting control.
        case restoredOnDismiss
        case lost([LossCause])

        /// Whether a whole-file check reads a journey with this outcome that loses focus: one
        /// whose causes include one that `focus_lost_on_return` (`notRestoring`,
        /// `nothingRecorded`), `unbound_focus_target` (`noFocusBinding`) or
        /// `focus_restored_to_fixed_element` (`fixedTarget`) reports. The other causes are
        /// reported by screen checks (`duplicate_focus_id` for a shared focus value,
        /// `missing_restoration_delay` for a request made too early) or not at all; unreliable
        /// journeys (`unreliable_focus_capture`) are kept for that flag, whatever their outcome.
        /// A rule that reads another cause from journeys must be added here: the tests audit every
        /// description with and without the journeys this leaves out and compare the findings.
        var isReadByRules: Bool {
            guard case .lost(let causes) = self else { return false }
            for cause in causes {
                switch cause {
                case .notRestoring, .nothingRecorded, .noFocusBinding, .fixedTarget: return true
                case .sharedFocus, .notAnElement, .tooEarly: continue
                }
            }
            return false
        }
    }

    public var link: LinkRecord
    public var route: Route
    public var outcome: Outcome
    /// Restored through a tap gesture that VoiceOver activation can skip.
    public var unreliable: Bool

    public var isLost: Bool {
        if case .lost = outcome { return true }
        return false
    }
}

enum Format {
    /// Seconds as written by a person: `0.6 s`, `1 s`.
    static func seconds(_ value: Double) -> String {
        "\(number(value)) s"
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        if let text = hundredths(value) { return text }
        return general(value)
    }

    /// `number` for any value, through `String(Double)`, which is slow (about 1,700 instructions).
    static func general(_ value: Double) -> String {
        var text = String(value)
        if text.contains("e") { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `number` for a value that is a whole number of hundredths below 10,000 (delays and
    /// transitions: `0.35`, `0.1`), nil for any other. `String(Double)` gives the shortest digits
    /// that read back as the same value; a number of hundredths this small is read back from its
    /// two decimals, and no number with fewer digits is as close (they are 0.01 apart, far more
    /// than the spacing of doubles there), so those decimals are its digits.
    static func hundredths(_ value: Double) -> String? {
        guard value > -10_000 && value < 10_000 else { return nil }
        let scaled = (value * 100).rounded()
        let n = Int(scaled)
        guard Double(n) / 100 == value else { return nil }
        let magnitude = n.magnitude
        var text = value < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += "."
            text.append(Character(Unicode.Scalar(UInt8(48 + fraction / 10))))
            if fraction % 10 != 0 { text.append(Character(Unicode.Scalar(UInt8(48 + fraction % 10)))) }
        }
        return text
    }
}
