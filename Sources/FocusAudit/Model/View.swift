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

/// What one element of a screen is, with its modifiers already validated: the fields a reader sets
/// and the screen analysis fills in.
///
/// A screen's elements are stored as these records, in document order, in the screen's
/// `ElementStore` (`ElementInfo` is one of them); a reader that builds a tree it rearranges before
/// the screen is done (the Interface Builder importer) holds each in a `ViewNode`. Stored fields are
/// few and in an order that leaves no padding: one screen can hold hundreds of thousands of
/// elements at once, so what each costs is what a large screen costs. Modifiers most elements do
/// not have live in `extras`, made when the first of them is set; the kind, the flags, the small
/// enumerations and how the name is made are bits of one word (`bits`).
public struct ElementRecord {
    /// The id, label and text (the text is the `text` attribute or the element's own text content,
    /// trimmed; nil when blank). Which of them the element has are bits of `bits`; this is the
    /// offset in the store's byte buffer of the first of them (0 for none), and the others follow
    /// it there in that order (`ElementStore.stringOffset(_:of:)`).
    var strings32: UInt32 = 0
    /// The rarer modifiers: their number in the store's side table of them (0: none).
    var extras32: UInt32 = 0
    var line32: Int32
    var column32: Int32
    var ordinal32: Int32
    var parent32: Int32 = -1
    var subtreeEnd32: Int32 = 0
    /// The kind, flags and small enumerations, and the view type's number in the store
    /// (`ElementStore.typeNumber(of:)`: in `bits` unless it is too large for them).
    var bits: NodeBits

    /// `typeField`: the type's number in the store, or `NodeBits.spilledType`.
    init(kind: ViewKind, typeField: UInt32, location: SourceLocation, ordinal: Int) {
        self.bits = NodeBits(kind: kind, typeField: typeField)
        self.line32 = Int32(clamping: location.line)
        self.column32 = Int32(clamping: location.column)
        self.ordinal32 = Int32(clamping: ordinal)
    }
}

/// An element's fields, read and written in its record: the one set of properties that both a
/// screen's stored elements (`ElementInfo`) and the Interface Builder importer's tree nodes
/// (`ViewNode`) have.
///
/// Setters do not mutate the value that has them (it only points at the record), so a reader sets
/// fields on an element it holds in a `let`. The strings live in `store` (its type table and byte
/// buffer): the `String` properties make a string from the bytes on each read; the byte readers
/// (`withLabelBytes`, `hasLabel`, `labelIsBlank`, `hasName`, …) read them in place.
public protocol ViewElement {
    /// Where the element's record is; valid while whatever holds the element holds its storage.
    var record: UnsafeMutablePointer<ElementRecord> { get }
    /// The store that holds the element's strings and rarer modifiers.
    var store: ElementStore { get }
}

extension ViewElement {
    public var type: String {
        @inline(__always) get { store.typeName(of: record) }
        nonmutating set { store.setType(newValue, of: record) }
    }
    // Each of these asks the store once, and the byte readers only when the element has the string:
    // the compiler retains and releases the store around each use of it.
    public var id: String? {
        @inline(__always) get { store.string(NodeBits.hasID, of: record) }
        nonmutating set { store.setString(newValue, NodeBits.hasID, of: record) }
    }
    public var label: String? {
        @inline(__always) get { store.string(NodeBits.hasLabel, of: record) }
        nonmutating set { store.setString(newValue, NodeBits.hasLabel, of: record) }
    }
    /// The `text` attribute or the element's own text content, trimmed; nil when blank.
    public var text: String? {
        @inline(__always) get { store.string(NodeBits.hasText, of: record) }
        nonmutating set { store.setString(newValue, NodeBits.hasText, of: record) }
    }

    /// Where the id, label and text are in the store's byte buffer (0: none).
    @inline(__always) var idOffset: UInt32 { store.stringOffset(NodeBits.hasID, of: record) }
    @inline(__always) var labelOffset: UInt32 { store.stringOffset(NodeBits.hasLabel, of: record) }
    @inline(__always) var textOffset: UInt32 { store.stringOffset(NodeBits.hasText, of: record) }

    /// Sets the text to UTF-8 `bytes`, written into the store as they are (no string is made).
    @inline(__always) func setText(bytes: UnsafeBufferPointer<UInt8>) {
        store.setString(bytes: bytes, NodeBits.hasText, of: record)
    }

    /// Sets the id to UTF-8 `bytes`, written into the store as they are (no string is made).
    @inline(__always) func setID(bytes: UnsafeBufferPointer<UInt8>) {
        store.setString(bytes: bytes, NodeBits.hasID, of: record)
    }

    /// Sets the label to UTF-8 `bytes`, written into the store as they are (no string is made).
    @inline(__always) func setLabel(bytes: UnsafeBufferPointer<UInt8>) {
        store.setString(bytes: bytes, NodeBits.hasLabel, of: record)
    }

    /// Whether the element has an id, a label, a text (without making a string of it).
    public var hasID: Bool { @inline(__always) get { record.pointee.bits[NodeBits.hasID] } }
    public var hasLabel: Bool { @inline(__always) get { record.pointee.bits[NodeBits.hasLabel] } }
    public var hasText: Bool { @inline(__always) get { record.pointee.bits[NodeBits.hasText] } }

    /// Calls `body` with the label's UTF-8 bytes (nil: no label), valid during the call.
    @inline(__always) public func withLabelBytes<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        // The store is not asked about an element without one (asking it costs a retain).
        record.pointee.bits[NodeBits.hasLabel] ? try store.withString(NodeBits.hasLabel, of: record, body) : try body(nil)
    }
    /// Calls `body` with the text's UTF-8 bytes (nil: no text), valid during the call.
    @inline(__always) public func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        // The store is not asked about an element without one (asking it costs a retain).
        record.pointee.bits[NodeBits.hasText] ? try store.withString(NodeBits.hasText, of: record, body) : try body(nil)
    }
    /// Calls `body` with the id's UTF-8 bytes (nil: no id), valid during the call.
    @inline(__always) public func withIDBytes<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        // The store is not asked about an element without one (asking it costs a retain).
        record.pointee.bits[NodeBits.hasID] ? try store.withString(NodeBits.hasID, of: record, body) : try body(nil)
    }

    /// Whether the label is missing, empty or white space only (`label?.isBlank ?? true`).
    public var labelIsBlank: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.hasLabel] ? store.labelIsBlank(record) : true }
    }

    /// The rarer modifiers, nil when the element has none, or only traits or an asset (kept in the
    /// record's `extras32` itself or in the store's table of assets: `ExtrasWord`).
    @inline(__always) var extras: ViewNodeExtras? {
        let number = record.pointee.extras32
        return number == 0 || number >= ExtrasWord.light ? nil : store.extras(number)
    }

    /// The rarer modifiers, made when the first of them is set (with the traits and asset the
    /// element had without them).
    @inline(__always) func madeExtras() -> ViewNodeExtras {
        let number = record.pointee.extras32
        if number != 0 && number < ExtrasWord.light { return store.extras(number) }
        return store.madeExtras(of: record)
    }

    public var kind: ViewKind {
        @inline(__always) get { record.pointee.bits.kind }
        @inline(__always) nonmutating set { record.pointee.bits.kind = newValue }
    }
    public var hidden: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.hidden] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.hidden] = newValue }
    }
    public var childBehavior: ChildBehavior? {
        @inline(__always) get { record.pointee.bits.childBehavior }
        @inline(__always) nonmutating set { record.pointee.bits.childBehavior = newValue }
    }
    public var onTap: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.onTap] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.onTap] = newValue }
    }
    public var dismiss: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.dismiss] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.dismiss] = newValue }
    }
    public var popToRoot: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.popToRoot] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.popToRoot] = newValue }
    }
    public var capture: Capture? {
        @inline(__always) get { record.pointee.bits.capture }
        @inline(__always) nonmutating set { record.pointee.bits.capture = newValue }
    }
    public var decorative: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.decorative] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.decorative] = newValue }
    }
    // Set by `ScreenAnalysis` when it goes through the screen (see `ElementInfo`).
    /// Hidden itself or through an ancestor (`hidden="true"`).
    public internal(set) var isHidden: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.isHidden] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.isHidden] = newValue }
    }
    /// Inside a one-element container or a control, so not an accessibility element of its own.
    public internal(set) var isSwallowed: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.isSwallowed] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.isSwallowed] = newValue }
    }
    /// Whether VoiceOver can put focus on it: an accessibility element, not hidden, not swallowed.
    public internal(set) var isAccessibilityElement: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.isAccessibilityElement] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.isAccessibilityElement] = newValue }
    }

    /// What VoiceOver reads as its name, for accessibility elements and labelled views.
    ///
    /// Not a string of its own in the record: most names are the element's `label` or its `text`
    /// (the same string), so only which one and the name's source are kept, in `bits`; a name made
    /// of several pieces is kept with the element's rarer modifiers. Set it after `label` and `text`.
    public internal(set) var name: AccessibleName? {
        @inline(__always) get {
            let record = self.record
            let kept = record.pointee.bits.nameKept
            if kept == .none { return nil }
            let text =
                kept == .apart
                ? store.string(at: store.apartNameOffset(of: record)).unsafelyUnwrapped
                : store.string(kept == .text ? NodeBits.hasText : NodeBits.hasLabel, of: record).unsafelyUnwrapped
            return AccessibleName(text: text, source: record.pointee.bits.nameSource)
        }
        nonmutating set {
            let record = self.record
            guard let newValue else {
                if record.pointee.bits.nameKept == .apart { store.clearApartName(of: record) }
                record.pointee.bits.nameKept = .none
                return
            }
            var text = newValue.text
            let kept: NodeBits.NameKept = text.withUTF8 { name in
                if withLabelBytes({ $0.map { Self.equal($0, name) } ?? false }) { return .label }
                if withTextBytes({ $0.map { Self.equal($0, name) } ?? false }) { return .text }
                return .apart
            }
            setName(source: newValue.source, kept: kept, apart: newValue.text)
        }
    }

    /// Whether the element has a name (`name != nil`, without making its string).
    public var hasName: Bool { @inline(__always) get { record.pointee.bits.nameKept != .none } }

    /// Where the name comes from, nil when the element has none (`name?.source`).
    public var nameSource: AccessibleName.Source? {
        @inline(__always) get { record.pointee.bits.nameKept == .none ? nil : record.pointee.bits.nameSource }
    }

    /// Calls `body` with the name's UTF-8 bytes (nil: no name), valid during the call.
    @inline(__always) public func withNameBytes<R>(_ body: (UnsafeBufferPointer<UInt8>?) throws -> R) rethrows -> R {
        switch record.pointee.bits.nameKept {
        case .none: return try body(nil)
        case .label: return try withLabelBytes(body)
        case .text: return try withTextBytes(body)
        case .apart: return try store.withBytes(at: store.apartNameOffset(of: record)) { try body($0) }
        }
    }

    @inline(__always) static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.count == 0 || Platform.bytesEqual(a.baseAddress!, b.baseAddress!, count: a.count))
    }

    /// Sets the name `AccessibleName.kept` worked out, without comparing its text with the label
    /// and text: `kept` says which of them it is, or that it is neither (then `apart` is its text).
    @inline(__always) func setName(source: AccessibleName.Source, kept: NodeBits.NameKept, apart: @autoclosure () -> String) {
        setName(source: source, kept: kept, apartOffset: kept == .apart ? store.intern(apart()) : 0)
    }

    /// `setName(source:kept:apart:)` with a name neither the label nor the text already in the
    /// element's store's buffer at `apartOffset` (0 unless `kept` is `.apart`).
    @inline(__always) func setName(source: AccessibleName.Source, kept: NodeBits.NameKept, apartOffset: UInt32) {
        let record = self.record
        record.pointee.bits.nameSource = source
        if kept == .apart {
            store.setApartName(apartOffset, of: record)
        } else if record.pointee.bits.nameKept == .apart {
            store.clearApartName(of: record)
        }
        record.pointee.bits.nameKept = kept
    }

    public var location: SourceLocation {
        get { SourceLocation(line: Int(record.pointee.line32), column: Int(record.pointee.column32)) }
        nonmutating set {
            record.pointee.line32 = Int32(clamping: newValue.line)
            record.pointee.column32 = Int32(clamping: newValue.column)
        }
    }

    /// 1-based position among its siblings of the same type.
    public var ordinal: Int {
        get { Int(record.pointee.ordinal32) }
        nonmutating set { record.pointee.ordinal32 = Int32(clamping: newValue) }
    }

    /// Index of the parent element in `ScreenAnalysis.elements`, nil at the top of the screen.
    public internal(set) var parent: Int? {
        get { record.pointee.parent32 < 0 ? nil : Int(record.pointee.parent32) }
        nonmutating set { record.pointee.parent32 = newValue.map { Int32(clamping: $0) } ?? -1 }
    }

    /// One past the index of its last descendant: descendants are `index + 1 ..< subtreeEnd`.
    public internal(set) var subtreeEnd: Int {
        get { Int(record.pointee.subtreeEnd32) }
        nonmutating set { record.pointee.subtreeEnd32 = Int32(clamping: newValue) }
    }

    /// The number of the view's type in its store (`ElementStore.typeNumber(of:)`): a known type
    /// (`KnownTypes`) has the same number in every store, so comparing it with one of theirs reads
    /// no string.
    @inline(__always)
    var typeNumber: UInt32 { store.typeNumber(of: record) }

    /// Whether the view's type is `name`. Lengths are compared first: most types differ in length,
    /// and telling two different strings apart the general way costs a call into the runtime.
    @inline(__always)
    public func hasType(_ name: String) -> Bool {
        let type = store.typeName(of: record)
        return type.utf8.count == name.utf8.count && type == name
    }

    /// This element's step in element paths: `Type[id]` or `Type[n]`.
    public var pathStep: String { ElementPath.step(type: type, id: id, ordinal: ordinal) }

    public var hint: String? {
        get { extras?.hint }
        nonmutating set { if newValue != nil || extras != nil { madeExtras().hint = newValue } }
    }
    public var value: String? {
        get { extras?.value }
        nonmutating set { if newValue != nil || extras != nil { madeExtras().value = newValue } }
    }
    public var focus: String? {
        get { extras?.focus }
        nonmutating set { if newValue != nil || extras != nil { madeExtras().focus = newValue } }
    }
    public var systemName: String? {
        get { extras?.systemName }
        nonmutating set {
            if newValue != nil || extras != nil { madeExtras().systemName = newValue }
        }
    }
    /// `asset`: the image's asset name. Kept in the store's byte buffer (`ExtrasWord`) unless the
    /// element has other rarer modifiers.
    public var asset: String? {
        get {
            let word = record.pointee.extras32
            if word == 0 { return nil }
            return word < ExtrasWord.light ? store.extras(word).asset : store.lightAsset(word)
        }
        nonmutating set { store.setAsset(newValue, of: record) }
    }
    /// Whether the element has an asset name (`asset != nil`, without making its string).
    public var hasAsset: Bool {
        @inline(__always) get {
            let word = record.pointee.extras32
            if word == 0 { return false }
            return word < ExtrasWord.light ? store.extras(word).asset != nil : word & ExtrasWord.hasAsset != 0
        }
    }
    /// `traits`, as bits: in the record's `extras32` itself when the element has no other rarer
    /// modifiers (`ExtrasWord`).
    public var traits: TraitSet {
        @inline(__always) get {
            let word = record.pointee.extras32
            if word == 0 { return [] }
            if word & (ExtrasWord.light | ExtrasWord.hasEntry) == ExtrasWord.light {
                return TraitSet(rawValue: UInt16(truncatingIfNeeded: word))
            }
            return store.traits(word)
        }
        nonmutating set { store.setTraits(newValue, of: record) }
    }
    public var navigations: [Navigation] {
        get { extras?.navigations ?? [] }
        nonmutating set {
            if !newValue.isEmpty || extras != nil { madeExtras().navigations = newValue }
            record.pointee.bits[NodeBits.navigates] = !newValue.isEmpty
        }
    }

    /// Adds `navigation` to `navigations` in place: appended through the property, the list was
    /// copied out of the extras first, so every append made a new list.
    func appendNavigation(_ navigation: Navigation) {
        madeExtras().navigations.append(navigation)
        record.pointee.bits[NodeBits.navigates] = true
    }
    public var suppressions: [Suppression] {
        get { extras?.suppressions ?? [] }
        nonmutating set {
            if !newValue.isEmpty || extras != nil { madeExtras().suppressions = newValue }
        }
    }
    /// `restore-focus` on a control: whether dismissing what it presents restores focus to it
    /// (`on-dismiss`) or not (`none`), instead of its screen's `restore-focus`; nil: the screen's.
    public var restoresOnDismiss: Bool? {
        get { extras?.restoresOnDismiss }
        nonmutating set {
            if newValue != nil || extras != nil { madeExtras().restoresOnDismiss = newValue }
        }
    }
    /// `repeated`: the element stands for one element of each item of some data (a row of
    /// `ForEach`, of `List(data) { … }`), all alike in the description; false for an element shown once.
    public var repeated: Bool {
        get { extras?.repeated ?? false }
        nonmutating set {
            if newValue { store.holdsRepeated = true }
            if newValue || extras != nil { madeExtras().repeated = newValue }
        }
    }
    /// The Interface Builder outlet that names this view (its property name; empty when unnamed):
    /// code can set it up, title it or add it to the screen. Nil in descriptions.
    public var outlet: String? {
        get { extras?.layout?.outlet }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().outlet = newValue }
        }
    }
    /// The title an Interface Builder button has in the file when it is Xcode's placeholder
    /// ("Button") and an outlet names the button: code is expected to replace it, so it is not taken
    /// for the button's name, but messages say it is there. Nil otherwise.
    public var placeholderTitle: String? {
        get { extras?.layout?.placeholderTitle }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().placeholderTitle = newValue }
        }
    }
    /// The placeholder of an Interface Builder text field ("Search"), which UIKit shows, and VoiceOver
    /// reads, only while the field is empty: not a name, but messages say it is there. Nil otherwise.
    public var fieldPlaceholder: String? {
        get { extras?.layout?.fieldPlaceholder }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().fieldPlaceholder = newValue }
        }
    }
    /// The title of an Interface Builder button or bar item when it is only icon font glyphs
    /// (characters of Unicode's Private Use Area, which fonts such as Font Awesome draw as icons):
    /// no name, since VoiceOver has no word for such a character, but messages say it is there. Nil
    /// otherwise.
    public var glyphTitle: String? {
        get { extras?.layout?.glyphTitle }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().glyphTitle = newValue }
        }
    }
    /// `font`: the text style or fixed size of the element's text; nil when not given.
    public var font: FontSize? {
        get { extras?.layout?.font }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().font = newValue }
        }
    }
    /// Whether the element's text is drawn in a bold face (semibold or heavier: an Interface
    /// Builder `boldSystem` font, a `weight` of `semibold` to `black`, or a custom font whose name
    /// says Bold, Heavy or Black). Only Interface Builder files say so; false otherwise.
    public var boldFont: Bool {
        get { extras?.layout?.boldFont ?? false }
        nonmutating set {
            if newValue || extras?.layout != nil { madeExtras().madeLayout().boldFont = newValue }
        }
    }
    /// Where the element is on its screen (Interface Builder frames); nil when not known.
    public var position: ViewPoint? {
        get { extras?.layout?.position }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().position = newValue }
        }
    }
    /// `size`: the element's width and height in points; nil when not known.
    public var size: ViewSize? {
        get { extras?.layout?.size }
        nonmutating set {
            if newValue != nil || extras?.layout != nil { madeExtras().madeLayout().size = newValue }
        }
    }
    /// `line-limit`: the most lines the text may take (`.lineLimit(1)`, `numberOfLines`); nil: no limit.
    public var lineLimit: Int? {
        get { extras?.layout?.lineLimit }
        nonmutating set {
            if newValue != nil || extras?.layout != nil {
                madeExtras().madeLayout().lineLimit = newValue
            }
        }
    }
    /// `minimum-scale-factor`: how far the text may shrink to fit (`.minimumScaleFactor(0.5)`,
    /// Interface Builder's Autoshrink); nil: it does not shrink.
    public var minimumScaleFactor: Double? {
        get { extras?.layout?.minimumScaleFactor }
        nonmutating set {
            if newValue != nil || extras?.layout != nil {
                madeExtras().madeLayout().minimumScaleFactor = newValue
            }
        }
    }

    /// Whether VoiceOver can activate this element: known interactive views, `on-tap`, or any
    /// navigation attribute.
    public var isInteractive: Bool {
        @inline(__always) get {
            let bits = record.pointee.bits
            return bits.kind == .interactive || bits.any(NodeBits.activates)
        }
    }

    /// Whether the element moves to another screen (`destination`, `push`, `sheet`, `full-screen-cover`).
    public var navigates: Bool { @inline(__always) get { record.pointee.bits[NodeBits.navigates] } }

    /// Whether the element's children are swallowed (see `isSwallowed`); set by the screen analysis.
    var swallowsChildren: Bool {
        @inline(__always) get { record.pointee.bits[NodeBits.swallowsChildren] }
        @inline(__always) nonmutating set { record.pointee.bits[NodeBits.swallowsChildren] = newValue }
    }

    /// A container that VoiceOver reads as one element: `children="combine"`/`"ignore"`, or a `label`
    /// without `children="contain"`.
    public var isOneElementContainer: Bool {
        if isInteractive { return false }
        switch childBehavior {
        case .combine?, .ignore?: return true
        case .contain?: return false
        case nil: return (kind == .container || kind == .custom) && !labelIsBlank
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

/// Byte for byte (`==` on strings also matches canonically equal ones, which reports would then
/// write with the other string's bytes).
@inline(__always) func sameBytes(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    // Usually one string is the other (a name is the label or the text itself): the same bytes
    // in memory settle it without reading them.
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in x.baseAddress == y.baseAddress || x.elementsEqual(y) } }
}

/// One element of a view tree that its reader rearranges while it reads (the Interface Builder
/// importer moves, inserts and drops views before a scene is done), with its children as a list.
/// The screen analysis copies a tree into the screen's `ElementStore`; readers that write elements
/// in document order (descriptions, SwiftUI) write them there directly.
public final class ViewNode: ViewElement {
    public let record: UnsafeMutablePointer<ElementRecord>
    /// Where the node's strings are: one store for the nodes of a file or scene (only its strings
    /// and modifiers are used, not its elements).
    public let store: ElementStore
    public var children: [ViewNode] = []

    public init(type: String, location: SourceLocation, ordinal: Int, in store: ElementStore = ElementStore()) {
        self.store = store
        store.keepsAssetsInExtras = true
        record = .allocate(capacity: 1)
        record.initialize(to: store.record(type: type, location: location, ordinal: ordinal))
    }

    deinit {
        record.deallocate()
    }
}

/// The modifiers of a view that most elements do not have (hints, values, focus bindings, images,
/// traits, navigation, suppressions), kept apart so that a plain stack or text costs less than half
/// as much; the layout facts that only Interface Builder and SwiftUI sources give are one step
/// further. An element whose only rarer modifiers are traits, an asset or both has none of these
/// (`ExtrasWord`).
final class ViewNodeExtras {
    @exclusivity(unchecked) var hint: String?
    @exclusivity(unchecked) var value: String?
    @exclusivity(unchecked) var focus: String?
    @exclusivity(unchecked) var systemName: String?
    @exclusivity(unchecked) var asset: String?
    @exclusivity(unchecked) var traits: TraitSet = []
    @exclusivity(unchecked) var navigations: [Navigation] = []
    @exclusivity(unchecked) var suppressions: [Suppression] = []
    @exclusivity(unchecked) var restoresOnDismiss: Bool?
    @exclusivity(unchecked) var repeated = false
    @exclusivity(unchecked) var layout: ViewNodeLayout?
    /// Where the element's name is in its store's buffer when it is neither its label nor its text
    /// (`ViewElement.name`), 0 otherwise. An offset into the store of the element that set it: a
    /// screen's analysis sets or clears every element's name in its own store.
    @exclusivity(unchecked) var nameOffset: UInt32 = 0

    /// Sets every field to what new extras hold, keeping the room of the lists (`ElementStore`
    /// keeps emptied extras for its next screen). A field added to the extras is emptied here too
    /// (`ElementStoreTests.extrasOfAnEmptiedStoreAreUsedAgainAndReadAsNew` counts them).
    func empty() {
        // Only what is set is written: most extras hold one or two of these.
        if hint != nil { hint = nil }
        if value != nil { value = nil }
        if focus != nil { focus = nil }
        if systemName != nil { systemName = nil }
        if asset != nil { asset = nil }
        traits = []
        // One at a time: a link has one or two, and `removeAll(keepingCapacity:)` goes through the
        // general replacement of a range.
        while !navigations.isEmpty { navigations.removeLast() }
        if !suppressions.isEmpty { suppressions.removeAll(keepingCapacity: true) }
        restoresOnDismiss = nil
        repeated = false
        if layout != nil { layout = nil }
        nameOffset = 0
    }

    @inline(__always) func madeLayout() -> ViewNodeLayout {
        if let layout { return layout }
        let made = ViewNodeLayout()
        layout = made
        return made
    }
}

/// Text and size facts of a view (`font`, `size`, `line-limit`, `minimum-scale-factor`) and its
/// Interface Builder outlet.
final class ViewNodeLayout {
    @exclusivity(unchecked) var outlet: String?
    @exclusivity(unchecked) var placeholderTitle: String?
    @exclusivity(unchecked) var fieldPlaceholder: String?
    @exclusivity(unchecked) var glyphTitle: String?
    @exclusivity(unchecked) var font: FontSize?
    @exclusivity(unchecked) var boldFont = false
    @exclusivity(unchecked) var position: ViewPoint?
    @exclusivity(unchecked) var size: ViewSize?
    @exclusivity(unchecked) var lineLimit: Int?
    @exclusivity(unchecked) var minimumScaleFactor: Double?
}

/// What an element's `ElementRecord.extras32` holds:
///
/// - 0: no rarer modifiers;
/// - below `light`: the number of its `ViewNodeExtras` in its store (their place plus one);
/// - `light` and the traits' bits (`TraitSet.rawValue`) in the low 16 bits: traits and nothing else;
/// - `light | hasAsset` and a place in the store's table of light entries (`indexMask` bits), which
///   holds the asset name's offset in the store's byte buffer and the traits: an asset, perhaps
///   traits, and nothing else;
/// - `light | hasName` and a place in the store's table of names, which holds the offset of the element's name
///   when it is neither its label nor its text (`ViewElement.name`, `.apart`: a combined
///   container's name, made of its children's) and the traits: such a name, perhaps traits, and
///   nothing else.
///
/// A screen of header texts, of labelled images or of combined rows then costs no object, no set and
/// no string of its own per element (docs/performance.md, "One large screen: traits and assets
/// without extras", "One large screen: combined rows' names without extras"). Setting any other
/// rarer modifier (or an asset beside such a name) makes the element's extras, with its traits,
/// asset and name in them.
enum ExtrasWord {
    static let light: UInt32 = 1 << 31
    static let hasAsset: UInt32 = 1 << 30
    static let hasName: UInt32 = 1 << 29
    /// Either kind of entry in the table.
    static let hasEntry: UInt32 = hasAsset | hasName
    static let indexMask: UInt32 = hasName - 1
}

/// A view node's kind, flags, small enumerations and how its name is kept, in one word.
struct NodeBits: Equatable, CustomStringConvertible {
    private var raw: UInt32

    // Bits 0-1: the kind; 2-3: the child behaviour (0: none); 4-6: the capture (0: none written);
    // 7-14: flags; 15-16: where the name is; 17-18: the name's source; 19-20: flags; 21-23: which
    // of the id, label and text the element has; 24-31: the view type's number in the element's
    // store (`spilledType`: kept beside the element's extras).
    static let hidden: UInt32 = 1 << 7
    static let onTap: UInt32 = 1 << 8
    static let dismiss: UInt32 = 1 << 9
    static let popToRoot: UInt32 = 1 << 10
    static let decorative: UInt32 = 1 << 11
    static let isHidden: UInt32 = 1 << 12
    static let isSwallowed: UInt32 = 1 << 13
    static let isAccessibilityElement: UInt32 = 1 << 14
    /// Whether the element has a navigation (kept with `navigations`, so that `isInteractive` reads
    /// one word).
    static let navigates: UInt32 = 1 << 19
    /// Set by the screen analysis: the element is swallowed, interactive or a one-element
    /// container, so its children are swallowed.
    static let swallowsChildren: UInt32 = 1 << 20
    /// Flags any of which makes an element interactive (with the interactive kind).
    static let activates: UInt32 = onTap | dismiss | popToRoot | navigates

    /// Whether the element has an id, a label, a text (`ElementRecord.strings32` says where).
    static let hasID: UInt32 = 1 << 21
    static let hasLabel: UInt32 = 1 << 22
    static let hasText: UInt32 = 1 << 23
    static let strings: UInt32 = hasID | hasLabel | hasText

    /// Every bit below the strings' but the kind's: the child behaviour, the capture, the flags a
    /// reader sets and those the screen analysis sets (all clear while a screen is read).
    static let beyondKind: UInt32 = ((1 << 21) - 1) & ~3

    /// Whether the element has nothing but its kind and type (no strings, no flags, no child
    /// behaviour or capture), as far as its bits say: its rarer modifiers are apart.
    var isBare: Bool { @inline(__always) get { raw & (Self.beyondKind | Self.strings) == 0 } }
    /// `isBare`, but for an id the element may have.
    var isBareButID: Bool { @inline(__always) get { raw & (Self.beyondKind | Self.hasLabel | Self.hasText) == 0 } }
    /// `isBare`, but for a label the element has (and no id or text).
    var isBareButLabel: Bool { @inline(__always) get { raw & (Self.beyondKind | Self.strings) == Self.hasLabel } }
    /// `isBare`, but for an id the element has (and no label or text).
    var isBareWithID: Bool { @inline(__always) get { raw & (Self.beyondKind | Self.strings) == Self.hasID } }

    /// Which of the id, label and text the element has (`hasID`, `hasLabel`, `hasText`).
    var stringsPresent: UInt32 {
        @inline(__always) get { raw & Self.strings }
        @inline(__always) set { raw = (raw & ~Self.strings) | (newValue & Self.strings) }
    }

    static let typeShift: UInt32 = 24
    /// The type field's value that says the type's number is too large for it and is kept beside
    /// the element's extras in its store (`ElementStore.typeNumber(of:)`): a store of more than two
    /// hundred types besides the known ones.
    static let spilledType: UInt32 = (1 << (32 - typeShift)) - 1

    /// The view type's number, or `spilledType`.
    var typeField: UInt32 {
        @inline(__always) get { raw >> Self.typeShift }
        @inline(__always) set { setField(Self.typeShift, Self.spilledType, newValue) }
    }

    /// Where `ViewNode.name`'s text is: nowhere (no name), the label, the text, or the extras.
    enum NameKept: UInt32 { case none, label, text, apart }

    init(kind: ViewKind, typeField: UInt32 = 0) {
        raw = typeField << Self.typeShift
        self.kind = kind
    }

    var description: String { String(raw, radix: 2) }

    @inline(__always) private func field(_ shift: UInt32, _ mask: UInt32) -> UInt32 { (raw >> shift) & mask }
    @inline(__always) private mutating func setField(_ shift: UInt32, _ mask: UInt32, _ value: UInt32) {
        raw = (raw & ~(mask << shift)) | ((value & mask) << shift)
    }

    @inline(__always) func any(_ flags: UInt32) -> Bool { raw & flags != 0 }

    @inline(__always) subscript(flag: UInt32) -> Bool {
        get { raw & flag != 0 }
        set { raw = newValue ? raw | flag : raw & ~flag }
    }

    var kind: ViewKind {
        @inline(__always) get {
            switch field(0, 3) {
            case 0: return .interactive
            case 1: return .content
            case 2: return .container
            default: return .custom
            }
        }
        @inline(__always) set {
            let value: UInt32
            switch newValue {
            case .interactive: value = 0
            case .content: value = 1
            case .container: value = 2
            case .custom: value = 3
            }
            setField(0, 3, value)
        }
    }

    var childBehavior: ChildBehavior? {
        @inline(__always) get {
            switch field(2, 3) {
            case 0: return nil
            case 1: return .combine
            case 2: return .ignore
            default: return .contain
            }
        }
        @inline(__always) set {
            let value: UInt32
            switch newValue {
            case nil: value = 0
            case .combine?: value = 1
            case .ignore?: value = 2
            case .contain?: value = 3
            }
            setField(2, 3, value)
        }
    }

    var capture: Capture? {
        @inline(__always) get {
            switch field(4, 7) {
            case 0: return nil
            case 1: return .binding
            case 2: return .path
            case 3: return .gesture
            default: return Capture.none
            }
        }
        @inline(__always) set {
            let value: UInt32
            switch newValue {
            case nil: value = 0
            case .binding?: value = 1
            case .path?: value = 2
            case .gesture?: value = 3
            case .none?: value = 4
            }
            setField(4, 7, value)
        }
    }

    var nameKept: NameKept {
        @inline(__always) get { NameKept(rawValue: field(15, 3)).unsafelyUnwrapped }
        @inline(__always) set { setField(15, 3, newValue.rawValue) }
    }

    var nameSource: AccessibleName.Source {
        @inline(__always) get {
            switch field(17, 3) {
            case 0: return .label
            case 1: return .content
            default: return .symbol
            }
        }
        @inline(__always) set {
            let value: UInt32
            switch newValue {
            case .label: value = 0
            case .content: value = 1
            case .symbol: value = 2
            }
            setField(17, 3, value)
        }
    }
}
