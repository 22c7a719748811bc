/// A value written for an attribute (XML) or key (JSON).
public enum AttributeValue: Sendable {
    case string(String)
    case bool(Bool)
    case number(Double)
    case strings([String])
    /// A JSON value of a type no attribute takes (object, null, array of non-strings…), by its type name.
    case other(String)
}

/// One attribute (XML) or key (JSON) as readers hand it to the builder: its name, also known by
/// number, and its value. Readers look a name up once (the XML reader once per distinct name in a
/// file), and the builder dispatches on the number instead of comparing strings.
struct Attribute {
    var key: AttributeKey
    var name: String
    /// The value. An attribute made of bytes (`init(key:name:bytes:)`) has none here: only the
    /// builder's id and label of a view read it, from `bytes`.
    var value: AttributeValue
    /// The value as the XML reader's bytes (UTF-8, as libxml2 hands them on), for a view's id
    /// and label, which the builder writes into the element store as they are: valid only while
    /// the element's start is handled. nil when `value` holds the value.
    let bytes: UnsafeRawBufferPointer?

    init(key: AttributeKey, name: String, value: AttributeValue) {
        self.key = key
        self.name = name
        self.value = value
        bytes = nil
    }

    /// A view's id or label as `bytes`, which stay valid while the element's start is handled (the
    /// builder reads them then and keeps no attribute).
    init(key: AttributeKey, name: String, bytes: UnsafeRawBufferPointer) {
        self.key = key
        self.name = name
        value = .bool(false)
        self.bytes = bytes
    }

    init(name: String, value: AttributeValue) {
        self.init(key: AttributeKey(name), name: name, value: value)
    }
}

/// What the builder hands on as it reads: the app header first, then each screen when it is complete.
/// Screens are handed on one at a time so a large description never has to be held whole.
public protocol DescriptionSink: AnyObject {
    func didReadHeader(_ header: AppHeader)
    /// The screen is handed over, not lent: the sink keeps it or lets it go, so it is not copied on
    /// its way to the rules (a copy retained and released each of its fields once more per screen).
    func didReadScreen(_ screen: consuming Screen)
    /// An empty store for the next screen's elements.
    func emptyElementStore() -> ElementStore
    /// Whether the builder may leave out of a screen's store the plain leaves that nothing reads
    /// after the screen is read (`DescriptionBuilder.foldsClosedLeaf`): true only for a sink whose
    /// screens go to the rules and the navigation graph alone.
    var foldsPlainLeaves: Bool { get }
    /// Whether no screen read before the one numbered `index` had the id `id` (a duplicate is
    /// `invalid_description`), asked as the screen opens; nil when the sink does not keep the
    /// screen ids, and the builder keeps them itself. A sink that answers has been handed every
    /// screen read before (one thread: its navigation graph's table of target ids is asked, which
    /// gives the number the screen's record then keeps, so a screen id is looked up once).
    func claimScreenID(_ id: String, screen index: Int) -> Bool?
}

extension DescriptionSink {
    public func emptyElementStore() -> ElementStore { ElementStore() }
    public var foldsPlainLeaves: Bool { false }
    public func claimScreenID(_ id: String, screen index: Int) -> Bool? { nil }
}

/// A sink that folds plain leaves (`DescriptionSink.foldsPlainLeaves`) and also labelled ones: a
/// `Button` or `Toggle` with a label and nothing else, a `Text` with a label (and a text) and
/// nothing else (`DescriptionBuilder.foldsLabelledLeaf`). Whether a control's label repeats its
/// role is asked as it closes, with the words `redundant_trait_in_label` looks for in this run.
protocol LabelledLeafFoldingSink: DescriptionSink {
    /// The role words of this run's `redundant_trait_in_label`; nil when the rule does not run.
    var foldingRoleWords: (any RoleWordFinder)? { get }
    /// Whether a `Text` with an id and a text and nothing else is folded too
    /// (`DescriptionBuilder.foldsIDLeaf`), and whether its id is compared with its screen's others.
    var idLeafFolding: IDLeafFolding { get }
    /// A folded leaf's id is the id of another element of its screen too (or its hash is): the
    /// file's reports would need the leaf, so the file is to be read again with no id folded.
    func foldedIDMet()
}

/// How the description reader folds a `Text` that has an id and a text and nothing else.
enum IDLeafFolding {
    /// It is kept.
    case off
    /// It is folded: nothing reads the screen's ids (`duplicate_focus_id` does not run).
    case unchecked
    /// It is folded, and once its screen is read the folded leaves' ids are compared with every
    /// other id of the screen (`FoldedIDs`); the sink is told if one meets another (`foldedIDMet`).
    case checked
}

/// Turns reader events (from XML or JSON) into the model, validating names and values against the v1
/// format. Well-formed input that breaks the format becomes `invalid_description` findings; the bad
/// value is then treated as absent and reading goes on.
final class DescriptionBuilder {
    /// How attribute names are spelt in messages: kebab-case for XML, camelCase for JSON.
    enum Dialect {
        case xml, json

        func spell(_ attribute: String) -> String {
            guard self == .json else { return attribute }
            var out = ""
            var upper = false
            for ch in attribute {
                if ch == "-" {
                    upper = true
                } else {
                    // Uppercasing can give several characters ("ß" → "SS"): append a string.
                    if upper { out += ch.uppercased() } else { out.append(ch) }
                    upper = false
                }
            }
            return out
        }

        func element(_ name: String) -> String {
            self == .xml ? "<\(name)>" : name
        }
    }

    // What each element takes, from the one list of the format's attributes.
    static let appAttributes = AttributeVocabulary.names(on: .app)
    static let screenAttributes = AttributeVocabulary.names(on: .screen)
    static let viewAttributes = AttributeVocabulary.names(on: .view)
    /// The attributes of an `<AccessibilityFocusState>` declaration.
    static let focusStateAttributes = AttributeVocabulary.names(on: .focusState)
    /// The element that declares a focus state rather than a view.
    static let focusStateElement = "AccessibilityFocusState"

    /// Where a report points, resolved to a path string only when something is reported.
    enum PathRef {
        case app
        /// The element being read (or the screen, between its views).
        case current
        case literal(String)
    }

    let dialect: Dialect
    let fileName: String
    weak var sink: DescriptionSink?
    @exclusivity(unchecked) private(set) var diagnostics: [Finding] = []

    private struct OpenView {
        var node: ElementInfo
        /// Where its children's same-type counters start in `ordinals`.
        var childrenStart: Int
        /// Where its text content starts in `textBytes`: while it is the innermost open view, its
        /// text so far is `textBytes[textStart...]` (a child's text is let go when the child closes).
        var textStart: Int
        var textAttribute: String?
        var presentation: Presentation?
        /// The count of `diagnostics` when it started, if it may be folded when it closes with no
        /// child kept (`markFoldable`); -1 if not.
        var foldMark = -1
    }

    // The builder's state is touched on every reader event, always by the one thread reading the
    // file, so the run-time exclusivity checks that class properties get are skipped for it.
    @exclusivity(unchecked) private var header: AppHeader?
    @exclusivity(unchecked) private var screen: Screen?
    /// Same-type sibling counters of the open elements' children, one range per open element (the
    /// screen's from 0) in one list: a range is dropped when its element closes, so no element needs
    /// a list of its own.
    @exclusivity(unchecked) private var ordinals: [(String, Int)] = []
    @exclusivity(unchecked) private var strayTextReported = false
    @exclusivity(unchecked) private var stack: [OpenView] = []
    /// The text content of the open views, as UTF-8 bytes (see `OpenView.textStart`).
    @exclusivity(unchecked) private var textBytes: [UInt8] = []
    /// The elements of the screen being read, in document order (nil between screens).
    @exclusivity(unchecked) private var elements: ElementStore?
    @exclusivity(unchecked) private var screenCount = 0
    @exclusivity(unchecked) private var screenIDs = StringTable()
    /// Depth of an element subtree being skipped (a non-screen child of `<app>`, a nested `<screen>`).
    @exclusivity(unchecked) private var skipDepth = 0
    @exclusivity(unchecked) private var pending: [Suppression] = []
    /// Problems of the pending suppression comments, reported once it is known what they apply to.
    @exclusivity(unchecked) private var pendingProblems: [(message: String, location: SourceLocation, container: String)] = []
    @exclusivity(unchecked) private var orphans: [Suppression] = []
    /// Whether plain leaves are folded (`foldsClosedLeaf`), as the sink allows.
    private let folds: Bool
    /// Whether labelled leaves are folded too (`foldsLabelledLeaf`), as the sink allows, and the
    /// role words a folded control's label must not hold.
    private let foldsLabelled: Bool
    private let roleWords: (any RoleWordFinder)?
    /// Whether a `Text` with an id and a text is folded (`foldsIDLeaf`), and its id compared.
    private let idFolding: IDLeafFolding
    /// The ids of the screen's folded leaves, when they are compared (`IDLeafFolding.checked`).
    private let foldedIDs = FoldedIDs()
    /// How many of the open views, from the outermost, are plain containers (`markFoldable`): a
    /// view may be folded when every view above it is one.
    @exclusivity(unchecked) private var plainPrefix = 0
    /// The open elements that have suppressions, by index, innermost last.
    @exclusivity(unchecked) private var suppressedOpen: [Int] = []
    /// Whether an element with suppressions has closed since the last element started: the next
    /// element's location ends their reach (`FileRun.check`), so it is not folded.
    @exclusivity(unchecked) private var afterSuppressed = false
    /// Whether the screen being read has kept a leaf that could have been folded (a plain text, a
    /// labelled text or control): the first one is kept, an accessibility element, so that the
    /// screen's first accessibility element is never folded.
    @exclusivity(unchecked) private var keptPlainText = false
    /// Whether the screen being read has kept a header text that could have been folded
    /// (`foldsHeaderLeaf`): later ones are folded only once one is kept, which `header_missing` finds.
    @exclusivity(unchecked) private var keptHeaderText = false

    init(dialect: Dialect, fileName: String, sink: DescriptionSink) {
        self.dialect = dialect
        self.fileName = fileName
        self.sink = sink
        folds = sink.foldsPlainLeaves
        let labelled = folds ? sink as? LabelledLeafFoldingSink : nil
        foldsLabelled = labelled != nil
        roleWords = labelled?.foldingRoleWords
        idFolding = labelled?.idLeafFolding ?? .off
    }

    // MARK: - Events

    func startApp(attributes: UnsafeBufferPointer<Attribute>, location: SourceLocation) {
        var header = AppHeader(name: appName(), location: location)
        // A suppression before <app> covers the app element, that is the whole file; a rule id in it
        // that silences nothing is reported at the app element.
        fileSuppressions.append(contentsOf: pending.map { Suppression(rules: $0.rules, location: location) })
        reportPendingProblems(path: ElementPath.app)
        pending = []
        for attribute in attributes {
            let (name, value) = (attribute.name, attribute.value)
            switch attribute.key {
            case .schema: continue
            case .name:
                if let s = string(value, name, at: location, path: .app) { header.name = s }
            case .transition:
                header.transition = seconds(value, name, at: location, path: .app)
            case .sheetFocus, .fullScreenCoverFocus, .popoverFocus:
                let kind: Presentation =
                    attribute.key == .sheetFocus ? .sheet : attribute.key == .popoverFocus ? .popover : .fullScreenCover
                if let v: DismissalFocus = choice(value, name, at: location, path: .app) { header.dismissalFocus[kind] = v }
            case .language:
                if let s = string(value, name, at: location, path: .app) {
                    if ReportOptions.isLanguageTag(s) {
                        header.language = s
                    } else {
                        report(InvalidDescriptionMessage.notALanguageTag(dialect.spell(name), value: s), at: location, path: .app)
                    }
                }
            default:
                unknownAttribute(name, on: "app", known: .app, at: location, path: .app)
            }
        }
        self.header = header
        sink?.didReadHeader(header)
    }

    /// A `disable-file` suppression found anywhere in the file.
    func fileSuppression(_ suppression: Suppression) {
        fileSuppressions.append(suppression)
    }
    private(set) var fileSuppressions: [Suppression] = []

    // MARK: - Reading a file in parts

    /// Whether the builder stands between screens with nothing held for what comes next: a part of
    /// a file read on its own may begin here.
    var isBetweenScreens: Bool {
        screen == nil && stack.isEmpty && skipDepth == 0 && pending.isEmpty
    }

    /// Whether a screen without an id was read: its path numbers it among all the file's screens,
    /// which a part read on its own does not know.
    @exclusivity(unchecked) private(set) var numberedScreen = false

    /// Whether text outside every view was reported (once per file).
    var reportedStrayText: Bool { strayTextReported }

    /// For a later part of a file: forgets what the root element and the bytes before it gave (the
    /// part that begins the file reports those).
    func forgetHeaderOutput() {
        diagnostics = []
        fileSuppressions = []
        pending = []
        pendingProblems = []
        orphans = []
    }

    /// Whether a screen id read here was read by `other` too.
    func sharesScreenID(with other: DescriptionBuilder) -> Bool {
        let (small, large) = screenIDs.count <= other.screenIDs.count ? (self, other) : (other, self)
        return small.screenIDs.allKeys().contains { large.screenIDs.contains($0) }
    }

    /// Where the last element started; for reports about values that have no position of their own.
    @exclusivity(unchecked) private(set) var lastLocation = SourceLocation(line: 1, column: 1)

    func startElement(name: String, attributes: UnsafeBufferPointer<Attribute>, location: SourceLocation) {
        lastLocation = location
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        if screen == nil {
            if name == "screen" {
                startScreen(attributes: attributes, location: location)
            } else {
                detachPending()
                report(InvalidDescriptionMessage.unexpectedInApp(dialect.element(name), app: dialect.element("app")), at: location, path: .app)
                skipDepth = 1
            }
            return
        }
        // Lengths first: comparing every view name with both words showed in profiles.
        let length = name.utf8.count
        if (length == 6 && name == "screen") || (length == 3 && name == "app") {
            detachPending()
            report(InvalidDescriptionMessage.nestedInScreen(dialect.element(name)), at: location, path: .current)
            skipDepth = 1
            return
        }
        if !stack.isEmpty, stack[stack.count - 1].node.hasType(Self.focusStateElement) {
            report(
                InvalidDescriptionMessage.viewInsideFocusState(dialect.element(Self.focusStateElement), view: dialect.element(name)),
                at: location, path: .current)
        }
        // The parent's field read in place: `stack.last` would copy the whole open view.
        let siblingsStart = stack.isEmpty ? 0 : stack[stack.count - 1].childrenStart
        let ordinal = ElementPath.nextOrdinal(name, in: &ordinals, from: siblingsStart)
        let diagnosticsBefore = diagnostics.count
        let node = elements.unsafelyUnwrapped.append(
            type: name, location: location, ordinal: ordinal, parent: stack.isEmpty ? nil : stack[stack.count - 1].node.index)
        if !pending.isEmpty {
            node.suppressions = pending
            pending = []
            if folds { suppressedOpen.append(node.index) }
        }
        if length == 23 && name == Self.focusStateElement {
            screen!.focusStates.append(FocusStateDeclaration(element: node.index))
        }
        // Made in the list itself: a local open view appended to it was copied and destroyed.
        stack.append(OpenView(node: node, childrenStart: ordinals.count, textStart: textBytes.count))
        let top = stack.count - 1
        // Each attribute is read in place, not copied out of the list.
        if let base = attributes.baseAddress {
            for i in attributes.indices where attributes[i].key != .schema {
                applyViewAttribute(base + i, to: node, at: top, location: location)
            }
        }
        if folds { markFoldable(node, at: top, diagnosticsBefore: diagnosticsBefore) }
        // With its id read, the element's path is known.
        if !pendingProblems.isEmpty { reportPendingProblems(path: currentPath) }
    }

    /// Text content (`text(bytes:)` with the string's bytes).
    func text(_ text: String) {
        var text = text
        text.withUTF8 { self.text(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Text content, as UTF-8 bytes (libxml2 hands text over whole characters at a time). Kept as
    /// bytes until its view closes, when it is trimmed and written into the screen's store.
    func text(bytes: UnsafeRawBufferPointer) {
        if skipDepth > 0 { return }
        let blank = Self.isBlank(bytes)
        if !pending.isEmpty, !blank { detachPending() }
        if !stack.isEmpty {
            // Leading white space is dropped at once: most of it is indentation between views.
            if blank && textBytes.count == stack[stack.count - 1].textStart { return }
            textBytes.append(contentsOf: bytes)
        } else if !strayTextReported, !blank {
            // Text outside every view is shown nowhere; once per file is enough to say so, at the
            // element that holds it (its path and its start tag).
            strayTextReported = true
            report(
                InvalidDescriptionMessage.strayText(in: dialect.element(screen == nil ? "app" : "screen")),
                at: screen?.location ?? header?.location ?? lastLocation, path: .current)
        }
    }

    func endElement() {
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        detachPending()
        if !stack.isEmpty {
            let top = stack.count - 1
            let folded = stack[top].foldMark >= 0 && foldsClosedLeaf(top)
            if !folded { finishView(top) }
            let open = stack.removeLast()
            if textBytes.count > open.textStart { textBytes.removeLast(textBytes.count - open.textStart) }
            // One by one from the end: a parent has a few, and the general removal of a range
            // showed in profiles.
            while ordinals.count > open.childrenStart { ordinals.removeLast() }
            if plainPrefix > top { plainPrefix = top }
            if folded {
                elements.unsafelyUnwrapped.removeLast()
            } else {
                // Its descendants are the elements added since it was.
                open.node.subtreeEnd = elements.unsafelyUnwrapped.count
                if folds {
                    if !suppressedOpen.isEmpty && suppressedOpen[suppressedOpen.count - 1] == open.node.index {
                        suppressedOpen.removeLast()
                        afterSuppressed = true
                    }
                }
            }
        } else if screen != nil {
            // Moved out to the sink rather than copied and then cleared, which retained and
            // released every field of the screen once more per screen.
            if foldedIDs.hasFolded { compareFoldedIDs() }
            screen!.elements = elements.take()
            sink?.didReadScreen(screen.take().unsafelyUnwrapped)
        }
        // The end of <app> needs nothing: `finish()` closes the file.
    }

    /// A processing instruction: a suppression comment before it applies to nothing, as one before
    /// text does (only white space and comments may stand between a comment and its element).
    func instruction() {
        if skipDepth > 0 { return }
        detachPending()
    }

    /// A comment's text (without `<!--`/`-->`) at the comment's location.
    func comment(_ body: String, location: SourceLocation) {
        guard let comment = SuppressionComment.parse(body) else { return }
        switch comment.kind {
        case .disableFile?:
            for problem in comment.problems { report(problem, at: location, path: .app) }
            fileSuppression(Suppression(rules: comment.rules, location: location))
        case .disable?:
            // A problem with a `disable` comment (an unknown rule id) is reported at the comment,
            // with the path of the element it applies to, as JSON reports it on that element's
            // object; for a comment followed by no element, the path of the element holding it.
            let container = screen == nil ? nil : currentPath
            let suppression = Suppression(rules: comment.rules, location: location, containerPath: container)
            if skipDepth > 0 {
                // Inside content that is not audited (a child of <app> other than <screen>): no
                // element it could apply to is read, so it is followed by no element. It must not
                // reach the next screen or view after that content.
                orphans.append(suppression)
                for problem in comment.problems { report(problem, at: location, path: container ?? ElementPath.app) }
                return
            }
            pending.append(suppression)
            for problem in comment.problems {
                pendingProblems.append((problem, location, container ?? ElementPath.app))
            }
        case nil:
            for problem in comment.problems { report(problem, at: location, path: .literal(currentPath)) }
        }
    }

    /// Ends the file; returns the suppressions that precede no element.
    func finish() -> [Suppression] {
        detachPending()
        return orphans
    }

    // MARK: - Screens

    private func startScreen(attributes: UnsafeBufferPointer<Attribute>, location: SourceLocation) {
        // Filled in place: returned from `readScreen` and stored, the screen was copied (every field
        // retained) and the function's own destroyed, for every screen. Nothing `readScreen` calls
        // reads the open screen: its problems are reported at the path it makes.
        screen = Screen(id: "", location: location, path: "", index: 0)
        readScreen(attributes: attributes, location: location, into: &screen!)
        afterSuppressed = false
        keptPlainText = false
        keptHeaderText = false
        plainPrefix = 0
        suppressedOpen.removeAll(keepingCapacity: true)
        while !ordinals.isEmpty { ordinals.removeLast() }
        elements = sink?.emptyElementStore() ?? ElementStore()
    }

    /// Makes `screen` the screen that `attributes` open, with their problems reported.
    private func readScreen(attributes: UnsafeBufferPointer<Attribute>, location: SourceLocation, into screen: inout Screen) {
        var id = ""
        for attribute in attributes where attribute.key == .id {
            if case .string(let s) = attribute.value, !s.isBlank { id = s }
        }
        let index = screenCount
        screenCount += 1
        let screenPath = ElementPath.screen(id: id, index: index)
        let path = PathRef.literal(screenPath)
        screen = Screen(id: id, location: location, path: screenPath, index: index)
        screen.suppressions = pending
        pending = []
        reportPendingProblems(path: screenPath)
        for attribute in attributes {
            let (name, value) = (attribute.name, attribute.value)
            switch attribute.key {
            case .schema: continue
            case .id:
                if case .string = value {} else { wrongType(name, value, expected: "a string", at: location, path: path) }
            case .title:
                screen.title = string(value, name, at: location, path: path)
            case .root:
                if let b = bool(value, name, at: location, path: path) { screen.isMarkedRoot = b }
            case .restoreFocus:
                if let triggers = restoreTriggers(value, name, at: location, path: path) {
                    screen.restoreFocus = triggers.contains(.onAppear) ? .onAppear : .none
                    screen.restoresOnDismiss = triggers.contains(.onDismiss)
                }
            case .restoreDelay:
                if let v = seconds(value, name, at: location, path: path) { screen.restoreDelay = v }
            case .restoreTarget:
                if let v = string(value, name, at: location, path: path), !v.isBlank { screen.restoreTarget = v }
            case .defaultFocus:
                if let v = string(value, name, at: location, path: path), !v.isBlank { screen.defaultFocus = v }
            case .capture:
                if let v: Capture = choice(value, name, at: location, path: path) {
                    screen.capture = v
                    screen.captureWritten = true
                }
            default:
                unknownAttribute(name, on: "screen", known: .screen, at: location, path: path)
            }
        }
        if id.isEmpty {
            numberedScreen = true
            report(InvalidDescriptionMessage.screenWithoutID(id: dialect.spell("id")), at: location, path: path)
        } else if !(sink?.claimScreenID(id, screen: index) ?? screenIDs.insert(id)) {
            report(InvalidDescriptionMessage.duplicateScreenID(id), at: location, path: path)
            screen.id = ""
        }
    }

    /// The path of the element being read, built from the open elements.
    var currentPath: String {
        guard let screen else { return ElementPath.app }
        var path = screen.path
        for open in stack { path = ElementPath.joined(path, step: open.node.pathStep) }
        return path
    }

    private func resolve(_ path: PathRef) -> String {
        switch path {
        case .app: return ElementPath.app
        case .current: return currentPath
        case .literal(let text): return text
        }
    }

    // MARK: - Views

    /// Sets one attribute on `node`, the view open at `top` (given too, so it is not read out of the
    /// stack, with a reference counted, for every attribute).
    private func applyViewAttribute(
        _ pointer: UnsafePointer<Attribute>, to node: ElementInfo, at top: Int, location: SourceLocation
    ) {
        let path = PathRef.current
        switch pointer.pointee.key {
        case .id:
            // Written from the reader's bytes when it gave them and they are not blank (no string
            // is made); otherwise as a string, with the same problem reported for a blank one.
            if let bytes = pointer.pointee.bytes {
                if !Self.isBlank(bytes) {
                    node.setID(bytes: bytes.assumingMemoryBound(to: UInt8.self))
                } else {
                    let value = AttributeValue.string(String(decoding: bytes, as: UTF8.self))
                    node.id = nonEmpty(value, pointer.pointee.name, at: location, path: path)
                }
            } else {
                node.id = nonEmpty(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
            }
        case .destination, .push, .sheet, .fullScreenCover, .popover:
            guard let target = nonEmpty(pointer.pointee.value, pointer.pointee.name, at: location, path: path) else { return }
            let presentation: Presentation =
                switch pointer.pointee.key {
                case .sheet: .sheet
                case .fullScreenCover: .fullScreenCover
                case .popover: .popover
                default: .push
                }
            node.appendNavigation(Navigation(presentation: presentation, target: target, attribute: pointer.pointee.name))
        case .focus: node.focus = nonEmpty(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .label:
            if let bytes = pointer.pointee.bytes {
                node.setLabel(bytes: bytes.assumingMemoryBound(to: UInt8.self))
            } else {
                node.label = string(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
            }
        case .asset: node.asset = nonEmpty(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .decorative: node.decorative = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .hint: node.hint = string(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .value: node.value = string(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .text: stack[top].textAttribute = string(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .systemName: node.systemName = nonEmpty(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .hidden: node.hidden = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .onTap: node.onTap = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .dismiss: node.dismiss = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .popToRoot: node.popToRoot = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .children: node.childBehavior = choice(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .capture: node.capture = choice(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .restoreFocus:
            // On a control: what dismissing what it presents does, instead of the screen's setting.
            guard let triggers = restoreTriggers(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
            else { return }
            if triggers.contains(.onAppear) {
                report(InvalidDescriptionMessage.restoreOnAppearOnControl(restoreFocus: dialect.spell("restore-focus")), at: location, path: path)
            } else {
                node.restoresOnDismiss = triggers.contains(.onDismiss)
            }
        case .presentation: stack[top].presentation = choice(pointer.pointee.value, pointer.pointee.name, at: location, path: path)
        case .traits: node.traits = traits(pointer.pointee.value, at: location, path: path)
        case .font: node.font = font(pointer.pointee.value, at: location, path: path)
        case .size: node.size = size(pointer.pointee.value, at: location, path: path)
        case .lineLimit: node.lineLimit = lineLimit(pointer.pointee.value, at: location, path: path)
        case .minimumScaleFactor:
            node.minimumScaleFactor = scaleFactor(pointer.pointee.value, at: location, path: path)
        case .repeated: node.repeated = bool(pointer.pointee.value, pointer.pointee.name, at: location, path: path) ?? false
        case .name, .bound, .assigned:
            let last = screen!.focusStates.count - 1
            guard last >= 0, screen!.focusStates[last].element == node.index else {
                unknownAttribute(pointer.pointee.name, on: node.type, known: .view, at: location, path: path)
                return
            }
            let value = pointer.pointee.value
            switch pointer.pointee.key {
            case .name: screen!.focusStates[last].name = nonEmpty(value, pointer.pointee.name, at: location, path: path)
            case .bound: screen!.focusStates[last].bound = bool(value, pointer.pointee.name, at: location, path: path) ?? true
            default: screen!.focusStates[last].assigned = bool(value, pointer.pointee.name, at: location, path: path) ?? true
            }
        case .other, .schema, .transition, .language, .title, .root, .restoreDelay, .restoreTarget, .defaultFocus,
            .sheetFocus, .fullScreenCoverFocus, .popoverFocus:
            unknownAttribute(pointer.pointee.name, on: node.type, known: .view, at: location, path: path)
        }
    }

    // MARK: - Plain leaves

    // A screen's elements are all held while its rules run, so one large screen costs what its
    // elements cost. Most of a large screen is usually leaves that nothing reads once the screen is
    // read: a `Text` with a text and nothing else, an empty container with no attributes, inside
    // containers that have nothing but their type and, at most, an id. Such a leaf is left out of the store when it
    // closes (its record removed, its text never written), and the screen's rules, analysis and
    // graph find what they find with it there (docs/performance.md, "One large screen: plain
    // leaves folded into their parents"):
    //
    // - the analysis: it is not hidden, swallowed or a one-element container, and nothing above it
    //   takes a name from it (no control, no one-element container, no label); a text is an
    //   accessibility element, and the first such one of a screen is kept, so the screen's first
    //   element VoiceOver reads (`firstReadElement`, `header_missing`'s first element outside a
    //   toolbar) is never folded;
    // - the rules that read every element look for what it does not have: an id, a focus value,
    //   traits, a font, size, scale or line limit on it or above it, a control or an image type, a
    //   tab view's direct child (`redundant_trait_in_label`);
    // - suppressions: one on an element reaches to the location of the element after its subtree,
    //   so that element is not folded (`afterSuppressed`); an element with a problem reported
    //   while it or its subtree was read is not folded either;
    // - a container whose children were all folded is then a leaf, folded as an empty one is;
    // - a `Text` or `Label` with a label, and a `Button`, `Toggle`, `Link`, `TextField`, `Slider`
    //   or `Picker` with a label and no text, are folded the same way when the label is their name
    //   as it is (`foldsLabelledLeaf`); a control's label is first searched for the role words
    //   `redundant_trait_in_label` would find in it;
    // - a `Text` with an id and a text is folded the same way (`foldsIDLeaf`), its id kept as a
    //   hash for `duplicate_focus_id`, the one rule that reads it: a screen where a folded id
    //   meets another has its file read again with every such leaf kept (`compareFoldedIDs`);
    // - paths: a later sibling's ordinal is counted here (`ordinals`), not from the store, and an
    //   element's parent and subtree are indices of elements that are kept.

    /// Notes whether the view just started at `top` may be folded when it closes (`foldMark`) and
    /// whether views inside it may be: a container with nothing set but, at most, an id. An id
    /// above a view is read only in the paths of its kept descendants (and by `duplicate_focus_id`
    /// as the container's own).
    @inline(__always) private func markFoldable(_ node: ElementInfo, at top: Int, diagnosticsBefore: Int) {
        if plainPrefix == top {
            if !afterSuppressed { stack[top].foldMark = diagnosticsBefore }
            let record = node.record.pointee
            let type = record.bits.typeField
            if record.extras32 == 0 && record.bits.isBareButID && record.bits.kind == .container && type != KnownTypes.tabView
                && type != KnownTypes.toolbar
            {
                plainPrefix = top + 1
            }
        }
        afterSuppressed = false
    }

    /// Whether the view open at `top`, closing now, is a plain leaf to leave out of the store: it
    /// has no children kept (it is the store's last element: every child was folded), no problem
    /// was reported since it started (`foldMark`), and it is a `Text` with a text and nothing else
    /// (not the screen's first such one) or a container with nothing at all. A container whose
    /// children were all folded is, in the store, an empty container.
    private func foldsClosedLeaf(_ top: Int) -> Bool {
        let node = stack[top].node
        let record = node.record.pointee
        guard node.index == elements.unsafelyUnwrapped.count - 1, stack[top].foldMark == diagnostics.count,
            stack[top].presentation == nil
        else { return false }
        if record.extras32 != 0 {
            // Traits or an asset and nothing else among the rarer modifiers (`ExtrasWord`): a
            // header text, a labelled image.
            guard foldsLabelled, record.extras32 >= ExtrasWord.light else { return false }
            if record.extras32 == ExtrasWord.light | UInt32(Trait.header.bit) {
                return record.bits.isBare && record.bits.typeField == KnownTypes.text && foldsHeaderLeaf(node, at: top)
            }
            return record.bits.isBareButLabel && record.bits.typeField == KnownTypes.image && node.traits.isEmpty
                && foldsLabelledLeaf(node, at: top, type: KnownTypes.image)
        }
        let textStart = stack[top].textStart
        let written = stack[top].textAttribute != nil || textBytes.count > textStart
        guard record.bits.isBare else {
            if record.bits.isBareButLabel {
                return foldsLabelled && foldsLabelledLeaf(node, at: top, type: record.bits.typeField)
            }
            return idFolding != .off && record.bits.isBareWithID && record.bits.typeField == KnownTypes.text && foldsIDLeaf(node, at: top)
        }
        switch record.bits.kind {
        case .container:
            return !written
        case .interactive:
            return foldsLabelled && written && foldsTextControl(at: top, type: record.bits.typeField)
        case .content:
            guard record.bits.typeField == KnownTypes.text, written else { return false }
            if let attribute = stack[top].textAttribute, !attribute.isBlank {
                // The attribute is the text (as `finishView` sets it).
            } else if !textBytes.withUnsafeBufferPointer({ Self.trimsToText(UnsafeBufferPointer(rebasing: $0[textStart...])) }) {
                return false
            }
            return isPastFirstFoldableLeaf()
        default:
            return false
        }
    }

    /// Whether a leaf that has a label and nothing else besides a text (`NodeBits.isBareButLabel`),
    /// closing now with no child kept, is left out of the store: a `Text` or `Label` (with a text or
    /// not), or a `Button`, `Toggle`, `Link`, `TextField`, `Slider` or `Picker` without a text, whose
    /// label is its name as it is (it starts and ends with something other than white space) and is
    /// not the screen's first leaf that could be folded.
    /// Such a leaf is an accessibility element named by its label, under plain containers. What
    /// reads it once its screen is read (docs/performance.md, "One large screen: labelled controls
    /// and labelled texts folded"):
    ///
    /// - a `Text`'s or `Label`'s text is read by the rules only through its name (its label here: the
    ///   text rules read a text with a font, size, scale or line limit on it or above it, and
    ///   `header_missing` reads the screen's first element, which is kept; `label_not_in_name` reads
    ///   the texts inside a control); no role is announced for either without traits, so
    ///   `redundant_trait_in_label` does not read its name;
    /// - a control: `unlabeled_control` (it has a name), `symbol_only_label` and `label_not_in_name`
    ///   (its name is its label, and it shows no text), `nested_control`, `small_touch_target`,
    ///   `tap_gesture_without_button_trait` and `conflicting_traits` (nothing above it is a control;
    ///   it has no size, gesture or traits), `ambiguous_control_label` and the navigation graph
    ///   (it does not navigate or dismiss) find nothing (`unlabeled_control` judges an Interface
    ///   Builder `PickerView` apart, not a `Picker`; `label_not_in_name` leaves text fields out and
    ///   finds nothing shown in the others; `conflicting_traits` asks a `Link` only with traits);
    ///   `redundant_trait_in_label` reads the label of a `Button`, `Toggle` or `Link` for its role's
    ///   words (button, toggle, link), asked here with the run's words, and no role of a
    ///   `TextField`, `Slider` or `Picker`; a label with a part computed at run time (`\(`) is
    ///   searched as a string there, and is kept.
    private func foldsLabelledLeaf(_ node: ElementInfo, at top: Int, type: UInt32) -> Bool {
        // The role whose words `redundant_trait_in_label` looks for in the label: none for content
        // (`isContent`, which may have a text too) and for a control of no such role.
        let role: ControlRole?
        let isContent: Bool
        switch type {
        case KnownTypes.text, KnownTypes.label: (role, isContent) = (nil, true)
        case KnownTypes.image: (role, isContent) = (.image, false)
        case KnownTypes.button: (role, isContent) = (.button, false)
        case KnownTypes.link: (role, isContent) = (.link, false)
        case KnownTypes.toggle: (role, isContent) = (.toggle, false)
        case KnownTypes.textField, KnownTypes.secureField, KnownTypes.slider, KnownTypes.stepper, KnownTypes.picker:
            (role, isContent) = (nil, false)
        default: return false
        }
        if !isContent && setsText(top) { return false }
        let plain = node.withLabelBytes { label -> Bool in
            let label = label.unsafelyUnwrapped
            guard AccessibleName.startsAndEndsWithText(label) else { return false }
            guard let role else { return true }
            return holdsNoRoleWordNorComputedPart(label, of: role)
        }
        if !plain || !isPastFirstFoldableLeaf() { return false }
        // The label's bytes (and an image's asset's) are taken back here, off the path of the plain
        // leaves that wrote none.
        elements.unsafelyUnwrapped.takeBackStrings(of: node.record)
        return true
    }

    /// Whether a `Button`, `Toggle` or `Link` with a text and nothing else (`NodeBits.isBare`: no
    /// label), closing now with no child kept, is left out of the store: its text is its name (a
    /// control's own text when it has no label and no children: content trimmed, a `text` attribute
    /// as it is written, as a `Text`'s is), it holds no word of the
    /// control's role and no part computed at run time, and it is not the screen's first leaf that
    /// could be folded. What reads such a control is what reads a labelled one
    /// (`foldsLabelledLeaf`), with its name from its content: `label_not_in_name` compares only a
    /// name from a label with the shown text, `unlabeled_control` finds a name, `symbol_only_label`
    /// a name that is no symbol's, and `redundant_trait_in_label` reads the name for the role's
    /// words, asked here (docs/performance.md, "One large screen: traits and assets without
    /// extras, more leaves folded").
    private func foldsTextControl(at top: Int, type: UInt32) -> Bool {
        let role: ControlRole
        switch type {
        case KnownTypes.button: role = .button
        case KnownTypes.toggle: role = .toggle
        case KnownTypes.link: role = .link
        default: return false
        }
        guard setsText(top) else { return false }
        // The role's words are whole words (white space ends one) or Korean words anywhere: the
        // text with its white space around it holds one exactly when the trimmed text does.
        return withLeafText(top) { holdsNoRoleWordNorComputedPart($0, of: role) } && isPastFirstFoldableLeaf()
    }

    /// Whether a `Text` with the header trait, a text and nothing else, closing now with no child
    /// kept, is left out of the store: its text holds no word of the heading role and no part
    /// computed at run time, and it is neither the screen's first leaf that could be folded nor its
    /// first such header text. Such a text is read once its screen is read as a plain text row is
    /// (docs/performance.md, "One large screen: plain leaves folded into their parents"), and its
    /// header trait by `header_missing`, which asks whether any element of the screen is a heading
    /// (the first such header text is kept, so it finds one), by `redundant_trait_in_label`, which
    /// reads its name (its text) for the heading role's words, asked here, and by
    /// `conflicting_traits`, which finds nothing in a header on content.
    private func foldsHeaderLeaf(_ node: ElementInfo, at top: Int) -> Bool {
        guard setsText(top) else { return false }
        if !withLeafText(top, { holdsNoRoleWordNorComputedPart($0, of: .heading) }) { return false }
        if !keptPlainText || !keptHeaderText {
            keptPlainText = true
            keptHeaderText = true
            return false
        }
        return true
    }

    /// Whether the screen's first leaf that could be folded has been kept (it is kept, an
    /// accessibility element, so that the screen's first accessibility element is never folded):
    /// false for that first one, which is marked kept now.
    private func isPastFirstFoldableLeaf() -> Bool {
        if keptPlainText { return true }
        keptPlainText = true
        return false
    }

    /// Whether a leaf's name (`bytes`, UTF-8) holds no part computed at run time and, as
    /// `redundant_trait_in_label` reads it, no word of `role`: what a folded leaf's name must be.
    private func holdsNoRoleWordNorComputedPart(_ bytes: UnsafeBufferPointer<UInt8>, of role: ControlRole) -> Bool {
        !ByteSearch.holdsBackslashParenthesis(bytes) && roleWords?.holdsRoleWord(bytes, of: role) != true
    }

    /// Calls `body` with the UTF-8 bytes of the text of the view open at `top` as written (its text
    /// attribute, else its content, untrimmed).
    private func withLeafText<R>(_ top: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if var attribute = stack[top].textAttribute, !attribute.isBlank { return attribute.withUTF8(body) }
        let textStart = stack[top].textStart
        return textBytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[textStart...])) }
    }

    /// Whether a `Text` that has an id and nothing else besides a text (`NodeBits.isBareWithID`),
    /// closing now with no child kept, is left out of the store: it has a text, its id has an ASCII
    /// form (`ByteHash.withASCIIForm`: an id of no ASCII form is kept), and it is not the screen's
    /// first leaf that could be folded. Such a leaf is read once its screen is read as a plain text
    /// row is (docs/performance.md, "One large screen: plain leaves folded into their parents"),
    /// and its id by `duplicate_focus_id` only (paths and messages name an element by its id, and
    /// only a finding's element or a control is named: a leaf under plain containers is neither
    /// unless its id is shared). So its id is kept as a hash when the rule runs (`FoldedIDs`), and
    /// a screen where a folded id meets another id has its file read again with no id folded
    /// (`compareFoldedIDs`).
    private func foldsIDLeaf(_ node: ElementInfo, at top: Int) -> Bool {
        guard setsText(top) else { return false }
        let seed = StringTable.processSeed
        guard let hash = node.withIDBytes({ ByteHash.withASCIIForm($0.unsafelyUnwrapped, seed: seed) { _, hash in hash } }) else {
            return false
        }
        if !isPastFirstFoldableLeaf() { return false }
        if idFolding == .checked { foldedIDs.addFolded(hash: hash) }
        elements.unsafelyUnwrapped.takeBackStrings(of: node.record)
        return true
    }

    /// At the end of a screen where leaves with ids were folded: files the ids of the elements kept
    /// beside the folded ones' and tells the sink if a folded one meets another
    /// (`DescriptionSink.foldedIDMet`). The hashes are let go either way.
    private func compareFoldedIDs() {
        let store = elements.unsafelyUnwrapped
        let seed = StringTable.processSeed
        for index in 0..<store.count {
            let element = ElementInfo(store: store, index: index)
            guard element.hasID else { continue }
            if let hash = element.withIDBytes({ ByteHash.withASCIIForm($0.unsafelyUnwrapped, seed: seed) { _, hash in hash } }) {
                foldedIDs.addKept(hash: hash)
            }
        }
        if foldedIDs.foldedMeetsAnother() { (sink as? LabelledLeafFoldingSink)?.foldedIDMet() }
        foldedIDs.removeAll()
    }

    /// Whether `finishView` would set a text on the view open at `top`: its text attribute, when
    /// not blank, else its content, when something is left once trimmed.
    private func setsText(_ top: Int) -> Bool {
        if let attribute = stack[top].textAttribute, !attribute.isBlank { return true }
        let textStart = stack[top].textStart
        return textBytes.count > textStart
            && textBytes.withUnsafeBufferPointer { Self.trimsToText(UnsafeBufferPointer(rebasing: $0[textStart...])) }
    }

    /// Whether `setTrimmedText` sets a text for `bytes` (something is left once the white space
    /// around them is trimmed), found the same way without writing it.
    static func trimsToText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = bytes.count
        while start < end && isASCIIWhiteSpace(bytes[start]) { start += 1 }
        while end > start && isASCIIWhiteSpace(bytes[end - 1]) { end -= 1 }
        if start == end { return false }
        var last = end - 1
        while last > start && bytes[last] & 0xC0 == 0x80 { last -= 1 }
        if mayBeginWhiteSpace(bytes[start]) || mayBeginWhiteSpace(bytes[last]) {
            return !String(decoding: bytes, as: UTF8.self).trimmingWhitespace().isEmpty
        }
        return true
    }

    private func finishView(_ top: Int) {
        // Most views have no text and no presentation: nothing to set (a made node has no text).
        let textStart = stack[top].textStart
        if textBytes.count == textStart && stack[top].textAttribute == nil && stack[top].presentation == nil {
            if stack[top].node.text != nil { stack[top].node.text = nil }
            return
        }
        if let attribute = stack[top].textAttribute, !attribute.isBlank {
            stack[top].node.text = attribute
        } else {
            let node = stack[top].node
            textBytes.withUnsafeBufferPointer { all in
                Self.setTrimmedText(UnsafeBufferPointer(rebasing: all[textStart...]), on: node)
            }
        }
        if let presentation = stack[top].presentation {
            if let index = stack[top].node.navigations.firstIndex(where: { $0.attribute == "destination" }) {
                stack[top].node.navigations[index].presentation = presentation
            } else {
                report(
                    InvalidDescriptionMessage.presentationWithoutDestination(
                        presentation: dialect.spell("presentation"), destination: dialect.spell("destination")),
                    at: stack[top].node.location, path: .current)
            }
        }
    }

    /// Whether text is empty or only white space, as `String.isBlank` says of its string, tested
    /// in place: the first byte that is not a space, tab, CR or LF decides, unless it can begin
    /// white space outside ASCII (U+0085, U+00A0, U+1680, U+2000…U+205F, U+3000: lead bytes C2,
    /// E1, E2, E3), when the text is made a string first.
    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
            if !mayBeginWhiteSpace(byte) { return false }
            return String(decoding: bytes, as: UTF8.self).isBlank
        }
        return true
    }

    /// Whether a byte outside ASCII is the lead byte of a white space character (see `isBlank`).
    @inline(__always) static func mayBeginWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3
    }

    /// Sets `node`'s text to `bytes` without the white space around them (`trimmingWhitespace`),
    /// nil when nothing is left. ASCII white space is trimmed in place; when what is left starts or
    /// ends with a character whose lead byte can begin other white space (`mayBeginWhiteSpace`),
    /// the string's own trimming decides.
    static func setTrimmedText(_ bytes: UnsafeBufferPointer<UInt8>, on node: ElementInfo) {
        var start = 0
        var end = bytes.count
        while start < end && isASCIIWhiteSpace(bytes[start]) { start += 1 }
        while end > start && isASCIIWhiteSpace(bytes[end - 1]) { end -= 1 }
        if start == end {
            node.text = nil
            return
        }
        // The last character's lead byte.
        var last = end - 1
        while last > start && bytes[last] & 0xC0 == 0x80 { last -= 1 }
        if mayBeginWhiteSpace(bytes[start]) || mayBeginWhiteSpace(bytes[last]) {
            let trimmed = String(decoding: bytes, as: UTF8.self).trimmingWhitespace()
            node.text = trimmed.isEmpty ? nil : trimmed
        } else {
            node.setText(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    @inline(__always) static func isASCIIWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    // MARK: - Suppressions

    /// A suppression for the next element (JSON `focusauditDisable`).
    func pendSuppression(_ suppression: Suppression) {
        pending.append(suppression)
    }

    /// Reports the pending comments' problems with the path of the element they apply to.
    private func reportPendingProblems(path: String) {
        guard !pendingProblems.isEmpty else { return }
        for problem in pendingProblems { report(problem.message, at: problem.location, path: path) }
        pendingProblems = []
    }

    private func detachPending() {
        if !pendingProblems.isEmpty {
            for problem in pendingProblems { report(problem.message, at: problem.location, path: problem.container) }
            pendingProblems = []
        }
        guard !pending.isEmpty else { return }
        orphans.append(contentsOf: pending)
        pending = []
    }

    // MARK: - Values

    private func appName() -> String {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base
    }

    func report(_ message: String, at location: SourceLocation, path: String) {
        diagnostics.append(
            Finding(rule: RuleID.invalidDescription, severity: .error, location: location, element: path, message: message))
    }

    func report(_ message: String, at location: SourceLocation, path: PathRef) {
        report(message, at: location, path: resolve(path))
    }

    /// The attribute names known on one kind of element: where an unknown name is looked up.
    enum KnownAttributes: Int {
        case app, screen, view

        var names: Set<String> {
            switch self {
            case .app: return DescriptionBuilder.appAttributes
            case .screen: return DescriptionBuilder.screenAttributes
            case .view: return DescriptionBuilder.viewAttributes
            }
        }
    }

    /// The suggestion found for each unknown name, by the names it was measured against: a name
    /// misspelt once is usually misspelt the same way on many elements, and each search measures it
    /// against every known name, spelt for the dialect (a few hundred thousand instructions).
    private var suggestions: [[String: String?]] = [[:], [:], [:]]

    private func unknownAttribute(
        _ name: String, on element: String, known: KnownAttributes, at location: SourceLocation, path: PathRef
    ) {
        let suggestion: String?
        if let found = suggestions[known.rawValue][name] {
            suggestion = found
        } else {
            suggestion = Suggestion.closest(to: name, in: known.names.map { dialect.spell($0) })
            suggestions[known.rawValue][name] = .some(suggestion)
        }
        let word = dialect == .json ? "key" : "attribute"
        report(
            InvalidDescriptionMessage.unknownAttribute(
                name, word: word, on: dialect.element(MessageText.quoted(element)), suggestion: suggestion),
            at: location, path: path)
    }

    private func typeName(_ value: AttributeValue) -> String {
        switch value {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .strings: return "an array"
        case .other(let name): return name
        }
    }

    private func wrongType(
        _ name: String, _ value: AttributeValue, expected: String, at location: SourceLocation, path: PathRef
    ) {
        report(InvalidDescriptionMessage.wrongType(dialect.spell(name), expected: expected, found: typeName(value)), at: location, path: path)
    }

    private func string(_ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef) -> String? {
        if case .string(let s) = value { return s }
        wrongType(name, value, expected: "a string", at: location, path: path)
        return nil
    }

    private func nonEmpty(_ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef) -> String? {
        guard let s = string(value, name, at: location, path: path) else { return nil }
        if s.isBlank {
            report(InvalidDescriptionMessage.emptyValue(dialect.spell(name)), at: location, path: path)
            return nil
        }
        return s
    }

    private func bool(_ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef) -> Bool? {
        switch value {
        case .bool(let b) where dialect == .json: return b
        case .string(let s) where dialect == .xml:
            if s == "true" { return true }
            if s == "false" { return false }
            report(InvalidDescriptionMessage.notABoolean(name, value: s), at: location, path: path)
            return nil
        default:
            wrongType(name, value, expected: "a boolean", at: location, path: path)
            return nil
        }
    }

    private func seconds(_ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef) -> Double? {
        let number: Double
        switch value {
        case .number(let d) where dialect == .json:
            number = d
        case .string(let s) where dialect == .xml:
            guard let d = Self.xmlNumber(s) else {
                report(InvalidDescriptionMessage.notSeconds(name, value: s), at: location, path: path)
                return nil
            }
            number = d
        default:
            wrongType(name, value, expected: "a number of seconds", at: location, path: path)
            return nil
        }
        guard number.isFinite, number >= 0 else {
            report(InvalidDescriptionMessage.negativeSeconds(dialect.spell(name), value: number), at: location, path: path)
            return nil
        }
        return number
    }

    /// A number in a description's XML: exactly `[0-9]+(\.[0-9]+)?` in ASCII digits (FORMAT.md: no
    /// sign, no exponent, no leading or trailing dot, no surrounding spaces, no other digits).
    static func xmlNumber(_ s: String) -> Double? {
        var integerDigits = 0
        var fractionDigits = 0
        var dot = false
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if dot { fractionDigits += 1 } else { integerDigits += 1 }
            case UInt8(ascii: ".") where !dot && integerDigits > 0:
                dot = true
            default:
                return nil
            }
        }
        guard integerDigits > 0, !dot || fractionDigits > 0 else { return nil }
        if let exact = DecimalText.exact(s) { return exact }
        // Every such text is a number; one too large for a Double is still larger than any bound
        // it is compared with.
        return Double(s).map { $0.isFinite ? $0 : .greatestFiniteMagnitude }
    }

    /// The triggers a `restore-focus` value names.
    struct RestoreTriggers: Equatable {
        var onAppear = false
        var onDismiss = false

        func contains(_ trigger: RestoreFocus) -> Bool {
            switch trigger {
            case .onAppear: onAppear
            case .onDismiss: onDismiss
            case .none: false
            }
        }

        mutating func insert(_ trigger: RestoreFocus) {
            switch trigger {
            case .onAppear: onAppear = true
            case .onDismiss: onDismiss = true
            case .none: break
            }
        }
    }

    /// `restore-focus`: `none`, `on-appear`, `on-dismiss`, or `on-appear on-dismiss` (in JSON also
    /// an array of them); nil when a word is not one of them (reported).
    private func restoreTriggers(
        _ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef
    ) -> RestoreTriggers? {
        if case .string(let s) = value, let known = Self.quickRestoreTriggers(s) { return known }
        let words: [String]
        if case .strings(let list) = value {
            words = list
        } else if let s = string(value, name, at: location, path: path) {
            words = Self.restoreWords(s)
        } else {
            return nil
        }
        switch Self.restoreTriggers(words: words) {
        case .triggers(let triggers): return triggers
        case .unknown(let word):
            let allowed = RestoreFocus.allCases.map(\.rawValue)
            report(
                InvalidDescriptionMessage.unknownRestoreTrigger(dialect.spell(name), word: word, allowed: allowed), at: location, path: path)
            return nil
        }
    }

    /// The words of a `restore-focus` string: split at spaces, tabs and line ends, or the whole
    /// string when there is none.
    static func restoreWords(_ s: String) -> [String] {
        let words = s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        return words.isEmpty ? [s] : words
    }

    /// What a list of `restore-focus` words reads as.
    enum RestoreWordsRead: Equatable {
        case triggers(RestoreTriggers)
        /// The first word that names no trigger.
        case unknown(String)
    }

    /// The triggers `words` name, or the first word that names none.
    static func restoreTriggers(words: [String]) -> RestoreWordsRead {
        var out = RestoreTriggers()
        for word in words {
            guard let trigger = RestoreFocus(rawValue: word) else { return .unknown(word) }
            out.insert(trigger)
        }
        return .triggers(out)
    }

    /// The triggers of the usual values (`on-appear`, `on-dismiss`, `none`, one word, spelt
    /// exactly) read from the bytes; nil for any other value, which `restoreWords` and
    /// `restoreTriggers(words:)` read (splitting, making a string of each word and looking it up
    /// cost about 8,000 instructions a screen).
    static func quickRestoreTriggers(_ s: String) -> RestoreTriggers? {
        var s = s
        return s.withUTF8 { bytes in
            switch bytes.count {
            case 9 where Platform.bytesEqual(bytes.baseAddress!, "on-appear", count: 9):
                return RestoreTriggers(onAppear: true)
            case 10 where Platform.bytesEqual(bytes.baseAddress!, "on-dismiss", count: 10):
                return RestoreTriggers(onDismiss: true)
            case 4 where Platform.bytesEqual(bytes.baseAddress!, "none", count: 4):
                return RestoreTriggers()
            default:
                return nil
            }
        }
    }

    private func choice<T: RawRepresentable & CaseIterable>(
        _ value: AttributeValue, _ name: String, at location: SourceLocation, path: PathRef
    ) -> T? where T.RawValue == String {
        guard let s = string(value, name, at: location, path: path) else { return nil }
        if let v = T(rawValue: s) { return v }
        let allowed = T.allCases.map(\.rawValue)
        report(InvalidDescriptionMessage.notAChoice(dialect.spell(name), value: s, allowed: allowed), at: location, path: path)
        return nil
    }

    /// `font`: a text style (`body`, `largeTitle`…) or a fixed size in points (`fixed:17`).
    private func font(_ value: AttributeValue, at location: SourceLocation, path: PathRef) -> FontSize? {
        guard let s = string(value, "font", at: location, path: path) else { return nil }
        if let style = TextStyle(rawValue: s) { return .style(style, scales: true) }
        if s.hasPrefix("fixed:"), let points = Self.xmlNumber(String(s.dropFirst(6))), points > 0 {
            return .fixed(points)
        }
        let styles = TextStyle.allCases.map(\.rawValue)
        report(InvalidDescriptionMessage.notAFont(s, styles: styles), at: location, path: path)
        return nil
    }

    /// `size`: `WIDTHxHEIGHT` in points, each `[0-9]+(\.[0-9]+)?` (`44x44`, `120x30.5`).
    private func size(_ value: AttributeValue, at location: SourceLocation, path: PathRef) -> ViewSize? {
        guard let s = string(value, "size", at: location, path: path) else { return nil }
        let parts = s.split(separator: "x", omittingEmptySubsequences: false)
        if parts.count == 2, let width = Self.xmlNumber(String(parts[0])), let height = Self.xmlNumber(String(parts[1])) {
            return ViewSize(width: width, height: height)
        }
        report(InvalidDescriptionMessage.notASize(s), at: location, path: path)
        return nil
    }

    /// `line-limit`: a whole number of lines, 1 or more.
    private func lineLimit(_ value: AttributeValue, at location: SourceLocation, path: PathRef) -> Int? {
        let number: Double?
        switch value {
        case .number(let d) where dialect == .json: number = d
        case .string(let s) where dialect == .xml: number = Self.xmlNumber(s)
        default:
            wrongType("line-limit", value, expected: "a number of lines", at: location, path: path)
            return nil
        }
        guard let number, number >= 1, number <= 10_000, number == number.rounded() else {
            report(InvalidDescriptionMessage.notALineLimit(dialect.spell("line-limit")), at: location, path: path)
            return nil
        }
        return Int(number)
    }

    /// `minimum-scale-factor`: more than 0, at most 1.
    private func scaleFactor(_ value: AttributeValue, at location: SourceLocation, path: PathRef) -> Double? {
        let number: Double?
        switch value {
        case .number(let d) where dialect == .json: number = d
        case .string(let s) where dialect == .xml: number = Self.xmlNumber(s)
        default:
            wrongType("minimum-scale-factor", value, expected: "a number", at: location, path: path)
            return nil
        }
        guard let number, number > 0, number <= 1 else {
            report(InvalidDescriptionMessage.notAScaleFactor(dialect.spell("minimum-scale-factor")), at: location, path: path)
            return nil
        }
        return number
    }

    /// `text.split(whereSeparator: { $0.isWhitespace }).map(String.init)` for ASCII text, on its
    /// bytes; nil for other text. In ASCII every character is one byte except CR LF, which is white
    /// space as its two bytes are, and the white space characters are tab, LF, VT, FF, CR and space.
    /// (Splitting on characters cost tens of thousands of instructions per `traits` value.)
    static func asciiWords(_ text: String) -> [String]? {
        var words: [String] = []
        var ascii = true
        var text = text
        text.withUTF8 { bytes in
            var start = -1
            for i in 0..<bytes.count {
                let b = bytes[i]
                if b >= 0x80 {
                    ascii = false
                    return
                }
                if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                    if start >= 0 { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                    start = -1
                } else if start < 0 {
                    start = i
                }
            }
            if start >= 0 {
                words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
            }
        }
        return ascii ? words : nil
    }

    private func traits(_ value: AttributeValue, at location: SourceLocation, path: PathRef) -> TraitSet {
        let words: [String]
        switch value {
        case .string(let s): words = Self.asciiWords(s) ?? s.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        case .strings(let list) where dialect == .json: words = list
        default:
            wrongType("traits", value, expected: "a string or an array of strings", at: location, path: path)
            return []
        }
        var result: TraitSet = []
        for word in words {
            if let trait = Trait(rawValue: word) {
                result.insert(trait)
            } else {
                let allowed = Trait.allCases.map(\.rawValue)
                report(InvalidDescriptionMessage.unknownTrait(word, allowed: allowed), at: location, path: path)
            }
        }
        return result
    }
}
