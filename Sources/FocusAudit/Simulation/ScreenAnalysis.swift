extension ViewElement {
    /// `"name" (id)`, `"name"`, `id`, or the path step: how messages refer to an element.
    public var displayName: String {
        Self.displayName(name: name?.text, id: id, type: type, ordinal: ordinal)
    }

    static func displayName(name: String?, id: String?, type: String, ordinal: Int) -> String {
        UTF8Builder.build { appendDisplayName(name: name, id: id, type: type, ordinal: ordinal, to: &$0) }
    }

    /// Appends `displayName` to bytes being built. The name and id are copied from where the
    /// element keeps them, without making strings, when neither is long enough to be cut
    /// (`MessageText.quoted` leaves text of at most `maximumQuoteLength` bytes as it is).
    func appendDisplayName(to out: inout UTF8Builder) {
        let limit = MessageText.maximumQuoteLength
        guard withNameBytes({ ($0?.count ?? 0) <= limit }) && withIDBytes({ ($0?.count ?? 0) <= limit }) else {
            Self.appendDisplayName(name: name?.text, id: id, type: type, ordinal: ordinal, to: &out)
            return
        }
        withNameBytes { name in
            withIDBytes { id in
                switch (name, id) {
                case (let name?, let id?):
                    out.append(byte: 0x22)
                    out.append(bytes: name)
                    out.append("\" (")
                    out.append(bytes: id)
                    out.append(byte: 0x29)
                case (let name?, nil):
                    out.append(byte: 0x22)
                    out.append(bytes: name)
                    out.append(byte: 0x22)
                case (nil, let id?): out.append(bytes: id)
                case (nil, nil): ElementPath.appendStep(type: MessageText.quoted(type), id: nil, ordinal: ordinal, to: &out)
                }
            }
        }
    }

    /// Appends `displayName(name:id:type:ordinal:)` to bytes being built.
    static func appendDisplayName(name: String?, id: String?, type: String, ordinal: Int, to out: inout UTF8Builder) {
        switch (name, id) {
        case (let name?, let id?):
            out.append(byte: 0x22)
            out.append(MessageText.quoted(name))
            out.append("\" (")
            out.append(MessageText.quoted(id))
            out.append(byte: 0x29)
        case (let name?, nil):
            out.append(byte: 0x22)
            out.append(MessageText.quoted(name))
            out.append(byte: 0x22)
        case (nil, let id?): out.append(MessageText.quoted(id))
        case (nil, nil): ElementPath.appendStep(type: MessageText.quoted(type), id: nil, ordinal: ordinal, to: &out)
        }
    }
}

/// A screen with its elements flattened and its reading order worked out; everything screen-local
/// that rules and the simulator need. Made once per screen and only read afterwards: a class, so
/// that handing it to the rules and the graph copies nothing (as a structure of some twenty
/// reference-counted fields, the value was copied out of its initialiser and destroyed twice a
/// screen, which showed in profiles of files of many small screens).
public final class ScreenAnalysis {
    public let screen: Screen
    /// The screen's elements in document order.
    public let elements: ElementStore
    /// Index of the first element VoiceOver reads (after the title, if any), nil when the screen has none.
    public let firstReadElement: Int?
    /// Indices of elements whose `focus` value was used by an earlier element.
    public let duplicateFocus: Set<Int> = []
    /// Focus values bound by more than one element.
    public let sharedFocusValues: Set<String>
    /// Each element whose focus value an earlier element binds, with the first element that binds
    /// it, in document order (`duplicate_focus_id` reads them instead of filing every value again).
    public let focusRepeats: [(element: Int, first: Int)]
    /// Each element, in document order, that stands for one element of every row of some data
    /// (`repeats(_:)`) and binds a focus value written once for all of them (`row`, not
    /// `row(item.id)`): every row binds that value, so it is shared as if written on each
    /// (`duplicate_focus_id`), and a restoration to it cannot tell the rows apart.
    public let focusInEveryRow: [Int]
    /// Paths of parents worked out by `longPath(of:)`, made when the first is asked for.
    @exclusivity(unchecked) private var longPaths: LongPaths?

    private final class LongPaths {
        /// Where a kept path is in `bytes`.
        struct Range {
            var start: Int
            var count: Int
        }
        /// The kept paths by element. An ancestor's path is the start of its descendants' up to the
        /// next shortening, so one run of `bytes` holds the paths of a line of ancestors.
        @exclusivity(unchecked) var ranges: [Int: Range] = [:]
        @exclusivity(unchecked) var bytes: [UInt8] = []
        /// The end of the last kept path's bytes.
        @exclusivity(unchecked) var end = 0

        func string(_ range: Range) -> String {
            String(decoding: bytes[range.start..<range.start + range.count], as: UTF8.self)
        }
    }

    public init(screen: consuming Screen) {
        // The elements are the analysis's from now on (a tree is copied into a store first). The
        // screen is taken over, not copied.
        // (No `??`: its autoclosure would capture the screen, which copies it.)
        let elements: ElementStore
        if let store = screen.elements.take() {
            elements = store
        } else {
            elements = ElementStore(tree: screen.body)
            screen.body = []
        }
        var firstRead: Int?
        // In document order, so an element's parent is done before it.
        for index in 0..<elements.count {
            let element = ElementInfo(store: elements, index: index)
            var hiddenAbove = false
            var swallowed = false
            if let parent = element.parent {
                let above = ElementInfo(store: elements, index: parent)
                hiddenAbove = above.isHidden
                swallowed = above.swallowsChildren
            }
            let isHidden = hiddenAbove || element.hidden
            let interactive = element.isInteractive
            let oneElement = element.isOneElementContainer
            let isElement = interactive || oneElement || element.isContentElement
            element.swallowsChildren = swallowed || interactive || oneElement
            let name = element.hasLabel || isElement ? AccessibleName.kept(element) : nil
            element.isHidden = isHidden
            element.isSwallowed = swallowed
            element.isAccessibilityElement = isElement && !isHidden && !swallowed
            if let name {
                // A name of its own is already in the buffer (`AccessibleName.kept`): no string is made.
                element.setName(source: name.source, kept: name.kept, apartOffset: name.apart)
            } else if element.hasName {
                element.name = nil
            }
            if element.isAccessibilityElement && firstRead == nil { firstRead = index }
        }
        var shared: Set<String> = []
        var repeatsOfFocus: [(element: Int, first: Int)] = []
        var inEveryRow: [Int] = []
        var seen = FirstIndexTable()
        for index in 0..<elements.count {
            guard let focus = ElementInfo(store: elements, index: index).focus else { continue }
            if let first = seen.insert(focus, at: index) {
                shared.insert(focus)
                repeatsOfFocus.append((index, first))
            }
        }
        if elements.holdsRepeated {
            for index in 0..<elements.count {
                guard let focus = ElementInfo(store: elements, index: index).focus, Self.isOneValueForEveryRow(focus),
                    Self.repeats(index, in: elements)
                else { continue }
                shared.insert(focus)
                inEveryRow.append(index)
            }
        }
        self.elements = elements
        // Moved in: assigned without `consume`, the screen was copied (every field retained) and
        // then destroyed; swapped with a placeholder, the placeholder was made and destroyed.
        self.screen = consume screen
        firstReadElement = firstRead
        sharedFocusValues = shared
        focusRepeats = repeatsOfFocus
        focusInEveryRow = inEveryRow
    }

    /// Whether a focus value written on a repeated element is the same for every row: a plain name
    /// (`row`, the `Bool` state `isFocused`). A value with a call or a member in it (`row(item.id)`,
    /// `item.id`, `row(\(item.id))`) is read as computed from each row's item, one per row.
    public static func isOneValueForEveryRow(_ focus: String) -> Bool {
        !focus.utf8.contains(UInt8(ascii: "(")) && !focus.utf8.contains(UInt8(ascii: "."))
    }

    /// Whether VoiceOver cannot activate the element at `index`: it is hidden, or it is inside the
    /// content of another interactive element, which VoiceOver reads and activates as one element
    /// (`nested_control`). Such a link is not simulated; it still counts for reachability.
    public func isInactive(_ index: Int) -> Bool {
        let element = ElementInfo(store: elements, index: index)
        if element.isHidden { return true }
        // Only a swallowed element can have a control above it.
        guard element.isSwallowed else { return false }
        var ancestor = element.parent
        while let a = ancestor {
            let above = ElementInfo(store: elements, index: a)
            if above.node.isInteractive { return true }
            ancestor = above.parent
        }
        return false
    }

    /// Whether the element at `index` is a control that VoiceOver would reach once code shows the
    /// Interface Builder views hidden in the file around it (`hidden="YES"` on it or on a view that
    /// holds it, with its accessibility not turned off): `UIView.isHidden` is only where a view starts
    /// (Apple's `isHidden` documentation: "a hidden view disappears from its window and does not
    /// receive input events"; setting it to false shows the view again), so such a control is judged
    /// by the rules about how it looks and is named once shown, as `fixed_font_size` judges its font
    /// and as a linter of the file (xiblint) judges every button in it. False for a control that is
    /// inside a view VoiceOver reads as one element or inside another control, and for any other
    /// reader's hidden elements.
    public func isShownByCode(_ index: Int) -> Bool {
        let element = ElementInfo(store: elements, index: index)
        guard element.isHidden, !element.isSwallowed, element.node.isInteractive, !screen.hiddenInFile.isEmpty else { return false }
        var current: Int? = index
        while let i = current {
            let view = ElementInfo(store: elements, index: i)
            if view.hidden && !screen.hiddenInFile.contains(view.node.location) { return false }
            current = view.parent
        }
        return true
    }

    /// Calls `body` with each element and its index, in document order. Rules walk every element
    /// of every screen; an element is an index into the store, so nothing is retained for each.
    @inline(__always)
    public func forEachElement(_ body: (Int, ElementInfo) -> Void) {
        let elements = self.elements
        for i in 0..<elements.count { body(i, ElementInfo(store: elements, index: i)) }
    }

    /// The element path of the element at `index` (`screen[s]/List[1]/Button[ok]`), built on demand:
    /// only findings and links need it.
    public func path(of index: Int) -> String {
        // Ancestors are collected innermost first into a small fixed buffer (views are rarely nested
        // more than a few deep), then appended outermost first. No capacity is reserved ahead: parent
        // paths are kept until the end of the file, and a generous reserve stays allocated with them.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { small in
            var depth = 0
            var current: Int? = index
            var deep: [Int] = []
            // Escaping at most doubles a type or id, so this bounds the length of the whole path.
            var bound = screen.path.utf8.count
            while let i = current {
                if depth < small.count { small[depth] = i } else { deep.append(i) }
                depth += 1
                let node = elements[i]
                bound += 2 * (node.type.utf8.count + node.withIDBytes { $0?.count ?? 0 }) + 24
                current = node.parent
            }
            guard bound <= ElementPath.maximumLength else { return longPath(of: index) }
            return UTF8Builder.build { out in
                out.append(screen.path)
                for level in stride(from: depth - 1, through: 0, by: -1) {
                    let node = elements[level < small.count ? small[level] : deep[level - small.count]]
                    out.append(byte: 0x2F)
                    node.withIDBytes { ElementPath.appendStep(type: node.type, idBytes: $0, ordinal: node.ordinal, to: &out) }
                }
            }
        }
    }

    /// The path of an element whose ancestry may be too long to write whole: each step is added to
    /// its parent's path as `ElementPath.joined` does everywhere else, so a path is the same however
    /// it is made (and the same as writing it whole when that is short enough). Parents' paths are
    /// kept for the screen's other elements, so each long step is shortened once.
    ///
    /// The ancestors not known yet are walked from the outermost down, with the path so far written
    /// at the end of the kept bytes (`LongPaths`): a step is appended in place, an ancestor's path is
    /// kept as the range of bytes it has then, and only a step that would make the path too long
    /// goes through `ElementPath.joined`, which shortens it and starts a new run of bytes.
    func longPath(of index: Int) -> String {
        let kept: LongPaths
        if let made = longPaths {
            kept = made
        } else {
            kept = LongPaths()
            longPaths = kept
        }
        if let known = kept.ranges[index] { return kept.string(known) }
        // The element and its ancestors whose paths are not known yet, innermost first, and the
        // path above the outermost of them.
        var chain: [Int] = []
        var above: LongPaths.Range?
        var current: Int? = index
        while let i = current {
            if i != index, let known = kept.ranges[i] {
                above = known
                break
            }
            chain.append(i)
            current = elements[i].parent
        }
        kept.ranges.reserveCapacity(kept.ranges.count + chain.count)
        var start = kept.bytes.count
        if let above {
            let prefix = Array(kept.bytes[above.start..<above.start + above.count])
            kept.bytes.append(contentsOf: prefix)
        } else {
            kept.bytes.append(contentsOf: screen.path.utf8)
        }
        for level in stride(from: chain.count - 1, through: 0, by: -1) {
            let node = elements[chain[level]]
            func writeStep(_ out: inout UTF8Builder) {
                node.withIDBytes { ElementPath.appendStep(type: node.type, idBytes: $0, ordinal: node.ordinal, to: &out) }
            }
            UTF8Builder.withBytes(writeStep) { step in
                if kept.bytes.count - start + 1 + step.count <= ElementPath.maximumLength {
                    kept.bytes.append(0x2F)
                    kept.bytes.append(contentsOf: step)
                } else {
                    let parent = String(decoding: kept.bytes[start...], as: UTF8.self)
                    let joined = ElementPath.joined(parent, step: String(decoding: step, as: UTF8.self))
                    start = kept.bytes.count
                    kept.bytes.append(contentsOf: joined.utf8)
                }
            }
            if level > 0 {
                kept.ranges[chain[level]] = LongPaths.Range(start: start, count: kept.bytes.count - start)
                kept.end = kept.bytes.count
            }
        }
        let path = String(decoding: kept.bytes[start...], as: UTF8.self)
        // Only ancestors' paths are kept: the bytes past the last of them are let go.
        kept.bytes.removeLast(kept.bytes.count - kept.end)
        return path
    }

    /// Indices of the descendants of the element at `index`, in document order.
    public func descendants(of index: Int) -> Range<Int> {
        (index + 1)..<elements[index].subtreeEnd
    }

    /// The effective capture of an element and where it is written: on the element or on the screen.
    public func capture(of element: ElementInfo) -> (capture: Capture, onElement: Bool) {
        if let c = element.node.capture { return (c, true) }
        return (screen.capture, false)
    }

    /// What VoiceOver lands on when the screen re-appears without restoring focus.
    public var landingDescription: String {
        if let name = defaultFocusName { return name }
        return ScreenSummary.landing(title: screen.title, firstRead: firstReadName)
    }

    /// The element the screen's `default-focus` names: the first accessibility element bound to that
    /// focus value; nil when there is none (the title or first element is the landing then).
    public var defaultFocusElement: Int? {
        guard let value = screen.defaultFocus else { return nil }
        return elements.firstIndex { $0.isAccessibilityElement && $0.node.focus == value }
    }

    /// How messages name the default-focus element as a landing.
    var defaultFocusName: String? {
        defaultFocusElement.map { "\(elements[$0].displayName), the screen's default focus" }
    }

    /// How messages name the first element VoiceOver reads when the screen has no title; nil otherwise.
    /// An element that stands for a row of each item is named as the first row's.
    var firstReadName: String? {
        guard (screen.title ?? "").isBlank, let first = firstReadElement else { return nil }
        return repeats(first) ? "\(elements[first].displayName) in the first row" : elements[first].displayName
    }

    /// Whether the element at `index` stands for one element of each item of some data: it, or a
    /// view that holds it, is `repeated` (a row of `ForEach`). Only the first of them is where
    /// VoiceOver lands when the screen's first element is among them; the others are not.
    public func repeats(_ index: Int) -> Bool { Self.repeats(index, in: elements) }

    /// `repeats(_:)` of the element at `index` of `elements`.
    static func repeats(_ index: Int, in elements: ElementStore) -> Bool {
        guard elements.holdsRepeated else { return false }
        var current: Int? = index
        while let i = current {
            let element = ElementInfo(store: elements, index: i)
            if element.repeated { return true }
            current = element.parent
        }
        return false
    }
}
