/// One element of a screen, flattened in document order with the facts rules ask about.
public struct ElementInfo: Sendable {
    public var node: ViewNode
    /// Index of the parent element in `ScreenAnalysis.elements`, nil at the top of the screen.
    public var parent: Int?
    /// Hidden itself or through an ancestor (`hidden="true"`).
    public var isHidden: Bool
    /// Inside a one-element container or a control, so not an accessibility element of its own.
    public var isSwallowed: Bool
    /// Whether VoiceOver can put focus on it: an accessibility element, not hidden, not swallowed.
    public var isAccessibilityElement: Bool
    public var name: AccessibleName?
    /// One past the index of its last descendant: descendants are `index + 1 ..< subtreeEnd`.
    public var subtreeEnd = 0

    /// `"name" (id)`, `"name"`, `id`, or the path step: how messages refer to an element.
    public var displayName: String {
        switch (name, node.id) {
        case (let name?, let id?): return "\"\(name.text)\" (\(id))"
        case (let name?, nil): return "\"\(name.text)\""
        case (nil, let id?): return id
        case (nil, nil): return node.pathStep
        }
    }
}

/// A screen with its elements flattened and its reading order worked out; everything screen-local
/// that rules and the simulator need.
public struct ScreenAnalysis: Sendable {
    public var screen: Screen
    public var elements: [ElementInfo] = []
    /// Index of the first element VoiceOver reads (after the title, if any), nil when the screen has none.
    public var firstReadElement: Int?
    /// Indices of elements whose `focus` value was used by an earlier element.
    public var duplicateFocus: Set<Int> = []
    /// Focus values bound by more than one element.
    public var sharedFocusValues: Set<String> = []

    public init(screen: Screen) {
        self.screen = screen
        var body = screen.body
        self.screen.body = []
        for i in body.indices {
            flatten(&body[i], parent: nil, hidden: false, swallowed: false)
        }
        var seen: Set<String> = []
        for element in elements {
            guard let focus = element.node.focus else { continue }
            if !seen.insert(focus).inserted { sharedFocusValues.insert(focus) }
        }
    }

    private mutating func flatten(_ node: inout ViewNode, parent: Int?, hidden: Bool, swallowed: Bool) {
        let isHidden = hidden || node.hidden
        let isElement = node.isInteractive || node.isOneElementContainer || node.isContentElement
        // The name reads the whole subtree, so it is computed before the children are moved out.
        let name =
            node.label != nil || isElement ? AccessibleName.of(node) : nil
        let index = elements.count
        var children: [ViewNode] = []
        swap(&children, &node.children)
        let info = ElementInfo(
            node: node, parent: parent, isHidden: isHidden, isSwallowed: swallowed,
            isAccessibilityElement: isElement && !isHidden && !swallowed, name: name)
        elements.append(info)
        if info.isAccessibilityElement && firstReadElement == nil { firstReadElement = index }
        let swallowsChildren = swallowed || node.isInteractive || node.isOneElementContainer
        for i in children.indices {
            flatten(&children[i], parent: index, hidden: isHidden, swallowed: swallowsChildren)
        }
        elements[index].subtreeEnd = elements.count
    }

    /// The element path of the element at `index` (`screen[s]/List[1]/Button[ok]`), built on demand:
    /// only findings and links need it.
    public func path(of index: Int) -> String {
        var chain: [Int] = []
        var current: Int? = index
        while let i = current {
            chain.append(i)
            current = elements[i].parent
        }
        var path = screen.path
        for i in chain.reversed() {
            path += "/"
            elements[i].node.appendPathStep(to: &path)
        }
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
        if let title = screen.title, !title.trimmingWhitespace().isEmpty { return "the title \"\(title)\"" }
        if let first = firstReadElement { return elements[first].displayName }
        return "nothing (the screen has no accessibility element)"
    }
}
