/// Settings that change how Interface Builder documents are read, from the configuration.
struct InterfaceBuilderOptions: Sendable {
    /// Runtime attributes (besides `accessibilityLabel`) that set a label at run time.
    var labelRuntimeAttributes: Set<String> = []
    /// Runtime attributes through which the project's own classes set a view's font in code.
    var fontRuntimeAttributes: Set<String> = []
    /// Whether UIKit screens restore VoiceOver focus on a pop (`uikit_focus`).
    var focus: UIKitFocus = .system
    /// Whether the XML reader works out what an element or attribute name is to the importer once
    /// per distinct name (the default) rather than for every element; the tests compare the two.
    var namesBySlot = true
}

/// Imports Interface Builder documents (`.storyboard` and `.xib`) into the model, from the SAX events
/// of `XMLDescriptionReader` (same libxml2 parser, same safety options, same start-tag positions).
///
/// Each scene's controller becomes a `Screen` whose id is the controller's `id` attribute (segue
/// destinations name it); each top-level view of a xib becomes a screen of its own. Views become
/// `ViewNode`s typed with the SwiftUI name of the matching control (`button` → `Button`, `switch` →
/// `Toggle`, …) so the label rules apply unchanged; other views keep their UIKit name (`View`,
/// `TableViewCell`, …) and are plain containers. Segues become navigations on the control that owns
/// them; segues fired from code, `embed` and `relationship` segues become hidden links, which count for
/// reachability but are never activated. See docs/storyboards.md for the whole mapping and the
/// focus assumptions.
///
/// Screens are held until the document ends, because `<resources>` (which says which image names are
/// SF Symbols) comes last; Interface Builder documents are small, so this costs little.
///
/// An importer is used by one thread at a time, and none of its methods reaches a property while
/// another access to it is open: the properties read for every element are `@exclusivity(unchecked)`,
/// whose run-time checks (`swift_beginAccess`) were about 5% of a storyboard's instructions.
final class StoryboardImporter {
    /// How long UIKit's standard push and modal transitions take; system restoration happens after it.
    static let uikitTransition = 0.35

    static let controllerNames: Set<String> = [
        "viewController", "tableViewController", "collectionViewController", "navigationController",
        "tabBarController", "splitViewController", "pageViewController", "viewControllerPlaceholder",
        "avPlayerViewController", "glkViewController", "hostingController",
    ]

    /// Interface Builder view elements and the model type each becomes.
    static let viewTypes: [String: String] = [
        "button": "Button", "barButtonItem": "Button", "tabBarItem": "Button", "switch": "Toggle",
        "slider": "Slider", "segmentedControl": "SegmentedControl", "segment": "Segment", "textField": "TextField", "stepper": "Stepper",
        "datePicker": "DatePicker", "imageView": "Image", "label": "Text",
        "view": "View", "stackView": "StackView", "scrollView": "ScrollView", "tableView": "TableView",
        "collectionView": "CollectionView", "tableViewCell": "TableViewCell",
        "collectionViewCell": "CollectionViewCell", "collectionReusableView": "CollectionReusableView",
        "tableViewCellContentView": "CellContentView", "collectionViewCellContentView": "CellContentView",
        "tableViewHeaderFooterView": "TableViewHeaderFooterView", "containerView": "ContainerView",
        "visualEffectView": "VisualEffectView", "navigationBar": "NavigationBar", "toolbar": "Toolbar",
        "tabBar": "TabBar", "searchBar": "SearchBar", "pageControl": "PageControl",
        "activityIndicatorView": "ActivityIndicatorView", "progressView": "ProgressBar", "textView": "TextView",
        "pickerView": "PickerView", "mapView": "MapView", "wkWebView": "WebView", "webView": "WebView",
        "sceneKitView": "SceneKitView", "mtkView": "MetalView", "arscnView": "ARView",
    ]

    /// Interface Builder elements that leave a table view cell one element: text, images, and plain
    /// views and stacks around them (and the cell's content view). Anything else inside (a control,
    /// a text view, a nested table) makes the cell a container.
    static let textLikeElements: Set<String> = [
        "label", "imageView", "view", "stackView", "tableViewCellContentView", "collectionViewCellContentView",
    ]

    /// Button types UIKit draws and labels itself.
    static let labelledButtonTypes: [String: String] = [
        "infoLight": "More Info", "infoDark": "More Info", "detailDisclosure": "More Info",
        "contactAdd": "Add", "close": "Close",
    ]

    let fileName: String
    weak var sink: DescriptionSink?
    @exclusivity(unchecked) private(set) var diagnostics: [Finding] = []

    @exclusivity(unchecked) private var isXib = false
    private var initialController: String?
    private var documentLocation = SourceLocation(line: 1, column: 1)

    /// An open controller (screen) or view (node).
    /// Where the nodes of the scene being read keep their strings (`ViewNode.store`).
    @exclusivity(unchecked) private var nodeStrings = ElementStore()

    private struct Owner {
        var node: ViewNode
        var depth: Int
        var isScreen: Bool
        var element: String
        /// `element` as the importer compares it: never `.other`, since a controller or view element
        /// is one of the names it knows.
        var name: IBElementName
        var ordinals: [(String, Int)] = []
        // Screens.
        var title: String?
        var navigationTitle: String?
        /// The title of a navigation bar placed in the screen's view (`<navigationBar>` holding a
        /// `<navigationItem title=…>`), which shows it as a navigation controller's bar would.
        var barTitle: String?
        var customClass: String?
        var isEntryPoint = false
        // Views.
        var stateTitle: String?
        var stateImage: String?
        var stateBackground: String?
        /// A button selected in the file (`selected="YES"`) draws its selected state's title and image
        /// (`<state key="selected">`) where it has them, and VoiceOver reads those
        /// (`UIButton.currentTitle`, `currentImage`: the current state's, else the normal state's).
        var selectedInFile = false
        var selectedTitle: String?
        var selectedImage: String?
        /// Whether the button has a `<buttonConfiguration>` (Xcode 13 and later).
        var hasConfiguration = false
        var configTitle: String?
        var configImage: String?
        var configAttributedText = ""
        var attributedText = ""
        var accessibilityLabel: String?
        var runtimeLabel: String?
        var uikitLabel: String?
        var isElement: Bool?
        /// `userInteractionEnabled="NO"`: the view receives no touches, so its gesture recognizers never fire.
        var interactionDisabled = false
        var secure = false
        /// `adjustsFontForContentSizeCategory="YES"` (label, text field, text view).
        var adjustsFont = false
        /// The view's own font (`<fontDescription key="fontDescription">`) and a button
        /// configuration's title font (`key="titleFontDescription"`).
        var font: FontSize?
        var configFont: FontSize?
        /// The first font of an attributed text or title (`<font key="NSFont" size=…>` in a fragment's
        /// attributes), and of a button configuration's attributed title: always a fixed size.
        var attributedFont: FontSize?
        var configAttributedFont: FontSize?
        var attributedBold = false
        /// The view's own font is bold (semibold or heavier).
        var boldFont = false
        /// `<rect key="frame">` and the view's own width and height constraints (`constant`, equal).
        var frame: ViewSize?
        /// The frame's origin on the screen: its `x` and `y` added to those of the views around it.
        var position: ViewPoint?
        /// Required lower bounds the view holds on its own size (`relation="greaterThanOrEqual"`).
        var minimumWidth: Double?
        var minimumHeight: Double?
        var widthConstraint: Double?
        var heightConstraint: Double?
        /// A required width or height constraint of the view's own (equal to a constant) of a point or less.
        var heldAtNoWidth = false
        var heldAtNoHeight = false
        /// `fixedFrame="YES"`: Interface Builder keeps the view at its frame (it adds constraints of
        /// that position and size when the view has none of its own, or the autoresizing mask does).
        var fixedFrame = false
        /// Whether a view inside is more than text, images and plain views around them (a control,
        /// a text view, a table…): a table view cell holding only those is one element (`finishView`).
        var holdsMoreThanText = false
        /// A runtime attribute listed in `font_runtime_attributes`: the view's class sets its font in
        /// code, so the font in the file is not the one drawn.
        var fontSetInCode = false
    }

    @exclusivity(unchecked) private var owners: [Owner] = []

    /// A field of the open owner at `index`, read where it is. Read as `owners[index].field`, the
    /// larger functions here (`property` above all) called the array's getter, which copied the
    /// whole `Owner` (some forty fields, their strings retained and released) for every field read:
    /// about a tenth of a storyboard's instructions.
    @inline(__always) private func ownerField<R>(_ index: Int, _ field: (borrowing Owner) -> R) -> R {
        owners.withUnsafeBufferPointer { field($0[index]) }
    }

    /// Whether a controller (screen) is open. Asked for every element; iterating the owners copied each.
    private var holdsScreen: Bool {
        owners.withUnsafeBufferPointer { open in
            for i in open.indices where open[i].isScreen { return true }
            return false
        }
    }
    /// Names of all open elements (as the importer compares them), with their `key` attribute.
    @exclusivity(unchecked) private var elements: [(name: IBElementName, key: String?)] = []
    @exclusivity(unchecked) private var screens: [Screen] = []
    /// Screen of the scene being read (for top-level objects outside the controller).
    @exclusivity(unchecked) private var sceneScreen: Int?
    /// SF Symbol names: `catalog="system"` on an element or in `<resources>`.
    private var systemImages: Set<String> = []
    /// Depth inside `inferredMetricsTieBreakers`, whose `<segue reference>`s are not segues.
    @exclusivity(unchecked) private var tieBreakerDepth = 0
    @exclusivity(unchecked) private var buffer: (key: String, depth: Int, text: String)?
    /// `focusaudit:disable` comments waiting for the next controller or view.
    @exclusivity(unchecked) private var pending: [Suppression] = []
    private(set) var fileSuppressions: [Suppression] = []
    /// Suppressions followed by no controller or view they could apply to.
    @exclusivity(unchecked) private(set) var orphanSuppressions: [Suppression] = []
    /// Elements a waiting suppression passes over to reach the controller or view inside.
    static let suppressionWrappers: Set<String> = ["scenes", "scene", "objects", "subviews"]
    @exclusivity(unchecked) private var runtimeKeyPath: String?
    /// Where that runtime attribute starts, for a finding about its value.
    private var runtimeLocation: SourceLocation?
    /// Outlet property names by destination object id (the first outlet to each), from every
    /// `<outlet>` and `<outletCollection>` of the document, File's Owner's included.
    private var outlets: [String: String] = [:]
    /// The start tags of views hidden in the file (`hidden="YES"`) whose accessibility is not turned
    /// off (`Screen.hiddenInFile`).
    @exclusivity(unchecked) private var hiddenInFile: Set<SourceLocation> = []
    /// A xib's File's Owner: its class, whether its `<placeholder>` is open, and the objects its
    /// outlets name. The top-level view it owns (its `view`, or the content view a custom view
    /// loads) takes the owner's class as its scene's name when the view has no class of its own.
    private var filesOwnerClass: String?
    @exclusivity(unchecked) private var inFilesOwner = false
    private var filesOwnerOutletTargets: Set<String> = []
    /// Tab bar items with an image: an asset image is no name for a tab (`resolve`).
    private var tabItemsWithImages = MarkedNodes()
    /// The objects a `view` outlet names: in a xib, the view of File's Owner when it is a view
    /// controller (UIKit refuses to load a controller's nib whose `view` outlet is not connected).
    private var viewOutletTargets: Set<String> = []
    /// Controllers shown as tabs: destinations of a tab bar controller's `viewControllers`
    /// relationship segues.
    private var tabChildren: Set<String> = []
    /// Each tab bar controller's tabs, in the order of its `viewControllers` relationship segues:
    /// the controller's id and its children's ids.
    private var tabBars: [(controller: String, children: [String])] = []
    /// Tab bar items read, by the index of the screen whose controller holds them.
    private var tabItems: [(screen: Int, node: ViewNode)] = []
    /// The type of the copy of a tab's item that a tab bar controller's tab bar holds
    /// (`gatherTabItems`): hidden, so that only `ambiguous_control_label` compares it.
    static let tabBarButtonType = "TabBarButton"
    /// Top-level objects of scenes, outside the controller's view hierarchy, by screen index.
    private var detached: [(screen: Int, node: ViewNode)] = []
    /// The views each gesture recognizer is attached to (`<outletCollection property="gestureRecognizers">`
    /// in a view's connections), by the recognizer's id.
    private var recognizerViews: [String: [ViewNode]] = [:]
    /// The ids of the document's tap gesture recognizers.
    private var tapRecognizers: Set<String> = []
    /// Legacy buttons whose only name is Xcode's placeholder title ("Button"): when an outlet names
    /// one, code sets its real title, so the placeholder is not taken for its name (`resolve`).
    private var placeholderTitled = MarkedNodes()
    /// The height UIKit draws a segmented control at from iOS 13 (Xcode 11 and later write
    /// `height="32"`; iOS 12 and earlier drew it 28 points high).
    static let segmentedControlHeight = 32.0
    /// The title Xcode gives a new button, left in the file when the title is set in code.
    static let placeholderButtonTitle = "Button"
    /// The title Xcode gives a new bar button item or tab bar item (dragged from the library, or the
    /// item of a controller connected to a tab bar controller).
    static let defaultItemTitle = "Item"
    /// The point size of a legacy button's title when the file gives no font (Interface Builder's
    /// default font for a button, System 15.0).
    static let defaultButtonPointSize = 15.0
    /// Kinds of xib top-level view (`Screen.sceneKind`) that are one row or item of a list on some
    /// screen, never a screen of their own.
    static let reusableViewKinds: Set<String> = [
        "table view cell", "collection view cell", "collection reusable view", "table view header footer view",
    ]

    let options: InterfaceBuilderOptions

    init(fileName: String, sink: DescriptionSink, options: InterfaceBuilderOptions = InterfaceBuilderOptions()) {
        self.options = options
        self.fileName = fileName
        self.sink = sink
    }

    /// Whether a root element opens an Interface Builder document.
    static func isInterfaceBuilderRoot(name: String, attributes: UnsafeBufferPointer<Attribute>) -> Bool {
        guard name == "document" else { return false }
        for attribute in attributes where attribute.name == "type" {
            if case .string(let s) = attribute.value { return s.hasPrefix("com.apple.InterfaceBuilder3") }
        }
        return false
    }

    // MARK: - Events

    /// An element, whose name and attribute names are worked out here (the general way; the XML
    /// reader works each distinct name out once and calls `startElement(name:kind:attributes:location:)`).
    func startElement(name: String, attributes raw: UnsafeBufferPointer<Attribute>, location: SourceLocation) {
        let names = raw.map { IBAttributeName($0.name) }
        names.withUnsafeBufferPointer { names in
            startElement(
                name: name, kind: IBElementKind(name), attributes: IBAttributes(raw: raw, names: names), location: location)
        }
    }

    /// An element whose name's kind and attribute names' numbers are known.
    func startElement(name: String, kind: IBElementKind, attributes attrs: IBAttributes, location: SourceLocation) {
        let parent = elements.last?.name
        let element = kind.name
        elements.append((element, attrs[.key]))
        let depth = elements.count
        if depth == 1 {
            documentLocation = location
            isXib = !ByteSearch.containsLetters("Storyboard", in: attrs[.type] ?? "")
            initialController = attrs[.initialViewController]
            return
        }
        let isModelled =
            (kind.isController && !holdsScreen)
            || kind.viewType != nil || (element == .segue && parent == .connections && tieBreakerDepth == 0)
        if !pending.isEmpty, !isModelled, !kind.isSuppressionWrapper {
            // The comment is followed by something that is not audited (a frame, a state, a constraint).
            orphanSuppressions += pending
            pending = []
        }
        if element == .inferredMetricsTieBreakers || tieBreakerDepth > 0 {
            tieBreakerDepth += 1
            return
        }
        if element == .scene {
            sceneScreen = nil
            return
        }
        if element == .tapGestureRecognizer, let id = nonBlank(attrs[.id]) { tapRecognizers.insert(id) }
        if isXib, element == .placeholder, parent == .objects, attrs[.placeholderIdentifier] == "IBFilesOwner" {
            filesOwnerClass = nonBlank(attrs[.customClass])
            inFilesOwner = true
        }
        if element == .image, parent == .resources {
            if attrs[.catalog] == "system", let n = attrs[.name] { systemImages.insert(n) }
            return
        }
        if kind.isController, !holdsScreen {
            openScreen(element: name, name: element, attrs: attrs, location: location, depth: depth)
            return
        }
        if var type = kind.viewType {
            // A text view is a text input unless it is read-only, when VoiceOver reads it as text.
            if element == .textView { type = flag(attrs[.editable], "editable", at: location) == false ? "Text" : "TextField" }
            if owners.isEmpty {
                // A top-level object: a xib's view, or a scene object outside the controller.
                if !isXib, let s = sceneScreen {
                    openNode(type: type, element: name, name: element, attrs: attrs, location: location, depth: depth)
                    owners[owners.count - 1].node.ordinal = screens[s].body.count(where: { $0.type == type }) + 1
                    return
                }
                openScreen(element: name, name: element, attrs: attrs, location: location, depth: depth)
                owners[0].depth = -1  // closed together with its view
                openNode(type: type, element: name, name: element, attrs: attrs, location: location, depth: depth)
                // A xib's view is on screen only when code adds it; one hidden in the file is shown
                // by that code too (nothing else could show it), so it is audited as shown.
                owners[1].node.hidden = false
                hiddenInFile.remove(location)
                return
            }
            openNode(type: type, element: name, name: element, attrs: attrs, location: location, depth: depth)
            return
        }
        property(name: element, parent: parent, attrs: attrs, location: location, depth: depth)
    }

    func text(_ text: String) {
        if buffer != nil { buffer!.text += text }
        // Only white space and comments may stand between a suppression comment and its element.
        if !pending.isEmpty, !text.isBlank { breakPendingLink() }
    }

    /// `text(_:)` for the UTF-8 bytes of the text: a string is made only inside a `<string>` element,
    /// which is the only place text is kept. Most text in an Interface Builder file is the
    /// indentation between two tags, a string of its own for each of them before.
    func text(bytes: UnsafeRawBufferPointer) {
        if buffer != nil { buffer!.text += String(decoding: bytes, as: UTF8.self) }
        if !pending.isEmpty, !DescriptionBuilder.isBlank(bytes) { breakPendingLink() }
    }

    /// A processing instruction: a suppression comment before it applies to nothing.
    func instruction() {
        breakPendingLink()
    }

    func endElement() {
        let depth = elements.count
        guard let closed = elements.popLast() else { return }
        // A comment followed by an end tag is followed by no element it could apply to.
        breakPendingLink()
        if tieBreakerDepth > 0 {
            tieBreakerDepth -= 1
            return
        }
        if let b = buffer, b.depth == depth {
            buffer = nil
            applyString(key: b.key, text: b.text)
        }
        if closed.name == .userDefinedRuntimeAttribute { runtimeKeyPath = nil }
        if closed.name == .placeholder { inFilesOwner = false }
        if let top = owners.indices.last, ownerField(top, { $0.depth }) == depth {
            closeOwner()
            if owners.count == 1, ownerField(0, { $0.depth }) == -1 { closeOwner() }
        }
        if depth == 1 { finishDocument() }
    }

    /// A comment's text at the comment's location: `focusaudit:disable RULE…` applies to the next
    /// controller or view (past `<scene>`, `<objects>` and `<subviews>`), `disable-file` to the file.
    func comment(_ body: String, location: SourceLocation) {
        guard let comment = SuppressionComment.parse(body) else { return }
        for problem in comment.problems { report(problem, at: location) }
        switch comment.kind {
        case .disableFile?: fileSuppressions.append(Suppression(rules: comment.rules, location: location))
        case .disable?: pending.append(Suppression(rules: comment.rules, location: location))
        case nil: break
        }
    }

    /// An Interface Builder boolean, which Xcode writes as YES or NO. Any other value is an
    /// `invalid_description` and is read as not set, so the default applies (as for a bad value
    /// in a description).
    private func flag(_ value: String?, _ name: String, at location: SourceLocation) -> Bool? {
        switch value {
        case nil: return nil
        case "YES": return true
        case "NO": return false
        case let other?:
            report(InvalidDescriptionMessage.notYesOrNo(name, value: other), at: location)
            return nil
        }
    }

    private func report(_ message: String, at location: SourceLocation) {
        diagnostics.append(
            Finding(
                rule: RuleID.invalidDescription, severity: .error, location: location, element: ElementPath.app,
                message: message))
    }

    /// The waiting suppressions apply to nothing: something other than white space, a comment or
    /// one of the `suppressionWrappers` start tags follows them.
    private func breakPendingLink() {
        if !pending.isEmpty { orphanSuppressions += takePending() }
    }

    private func takePending() -> [Suppression] {
        defer { pending = [] }
        return pending
    }

    // MARK: - Owners

    private func openScreen(element: String, name: IBElementName, attrs: IBAttributes, location: SourceLocation, depth: Int) {
        // Each scene's nodes keep their strings in a store of their own, let go with the scene.
        nodeStrings = ElementStore()
        var owner = Owner(
            node: ViewNode(type: element, location: location, ordinal: 1, in: nodeStrings), depth: depth, isScreen: true,
            element: element, name: name)
        owner.node.id = attrs[.id]
        owner.node.suppressions = takePending()
        owner.title = nonBlank(attrs[.title])
        owner.customClass = nonBlank(attrs[.customClass])
        if name == .viewControllerPlaceholder {
            owner.title = owner.title ?? nonBlank(attrs[.referencedIdentifier]) ?? nonBlank(attrs[.storyboardName])
        } else {
            // Xcode's own rule: a scene with a storyboard ID can be instantiated from code.
            owner.isEntryPoint = isXib || nonBlank(attrs[.storyboardIdentifier]) != nil
        }
        owners.append(owner)
    }

    private func openNode(type: String, element: String, name: IBElementName, attrs: IBAttributes, location: SourceLocation, depth: Int) {
        let ordinal: Int
        if owners.isEmpty {
            ordinal = 1
        } else {
            ordinal = ElementPath.nextOrdinal(type, in: &owners[owners.count - 1].ordinals)
        }
        var owner = Owner(
            node: ViewNode(type: type, location: location, ordinal: ordinal, in: nodeStrings), depth: depth, isScreen: false,
            element: element, name: name)
        owner.node.id = nonBlank(attrs[.id])
        owner.interactionDisabled = flag(attrs[.userInteractionEnabled], "userInteractionEnabled", at: location) == false
        if name == .segmentedControl { owner.fixedFrame = flag(attrs[.fixedFrame], "fixedFrame", at: location) == true }
        owner.node.suppressions = takePending()
        if flag(attrs[.hidden], "hidden", at: location) == true {
            owner.node.hidden = true
            hiddenInFile.insert(location)
        }
        owner.adjustsFont =
            flag(attrs[.adjustsFontForContentSizeCategory], "adjustsFontForContentSizeCategory", at: location) == true
        switch name {
        case .button:
            if let t = attrs[.buttonType] { owner.uikitLabel = Self.labelledButtonTypes[t] }
            owner.stateTitle = nonBlank(attrs[.title])
            owner.selectedInFile = flag(attrs[.selected], "selected", at: location) == true
        case .barButtonItem, .tabBarItem:
            owner.stateTitle = nonBlank(attrs[.title])
            owner.stateImage = image(attrs[.image], catalog: attrs[.catalog])
            if let item = attrs[.systemItem] {
                if item == "flexibleSpace" || item == "fixedSpace" {
                    owner.node.hidden = true
                    owner.node.type = "BarSpace"
                    owner.node.kind = ViewKind(name: "BarSpace")
                } else {
                    owner.uikitLabel = Self.systemItemLabel(item)
                }
            }
        case .label:
            owner.node.text = nonBlank(attrs[.text])
            // UILabel: one line unless numberOfLines says otherwise (0: as many as needed).
            switch attrs[.numberOfLines].flatMap({ Int($0) }) {
            case nil: owner.node.lineLimit = 1
            case 0?: owner.node.lineLimit = nil
            case let n?: owner.node.lineLimit = max(1, n)
            }
            // Autoshrink: a minimum scale (or font size) with adjustsFontSizeToFit not turned off.
            if flag(attrs[.adjustsFontSizeToFit], "adjustsFontSizeToFit", at: location) != false {
                if let factor = attrs[.minimumScaleFactor].flatMap(Double.init), factor > 0, factor < 1 {
                    owner.node.minimumScaleFactor = factor
                } else if attrs[.minimumFontSize] != nil {
                    owner.node.minimumScaleFactor = 0.5
                }
            }
        case .textField:
            owner.node.value = nonBlank(attrs[.text])
            // Not a name: UIKit draws the placeholder, and VoiceOver reads it, only while the field is
            // empty (material-components/material-components-ios issue 2822: "when content is entered,
            // VoiceOver only reads the content"). Kept for messages.
            owner.node.fieldPlaceholder = nonBlank(attrs[.placeholder])
        case .textView:
            // Read-only: its text is its name. Editable: its text is the value, as in a text field.
            if type == "Text" { owner.node.text = nonBlank(attrs[.text]) } else { owner.node.value = nonBlank(attrs[.text]) }
        case .imageView:
            owner.stateImage = image(attrs[.image], catalog: attrs[.catalog])
        case .segmentedControl:
            // An accessibility container: VoiceOver reads each segment as a button of its own.
            owner.node.childBehavior = .contain
        case .segment:
            owner.node.kind = .interactive
            owner.node.traits = [.button]
            owner.node.text = nonBlank(attrs[.title])
            owner.stateImage = image(attrs[.image], catalog: attrs[.catalog])
        case .switch, .slider, .stepper, .datePicker:
            break
        case .pickerView:
            // VoiceOver reads each of a picker's components as an adjustable element ("Medium, picker
            // item, 2 of 3, adjustable": react-native-picker/picker pull request 582): a control that
            // needs a name. UIKit names the components only through the delegate's
            // `pickerView(_:accessibilityLabelForComponent:)` (Apple's UIPickerViewAccessibilityDelegate
            // documentation), in code, so `unlabeled_control` asks for one as for an outlet control.
            owner.node.kind = .interactive
        default:
            owner.node.childBehavior = .contain
        }
        owners.append(owner)
    }

    private func closeOwner() {
        guard var owner = owners.popLast() else { return }
        if owner.isScreen {
            finishScreen(owner)
            return
        }
        finishView(&owner)
        if let parent = owners.indices.last, !ownerField(parent, { $0.isScreen }),
            owner.holdsMoreThanText || owner.node.kind == .interactive || !owner.name.isTextLike
        {
            owners[parent].holdsMoreThanText = true
        }
        if owner.name == .tabBarItem, let last = owners.indices.last, ownerField(last, { $0.isScreen }) {
            // Shown only when its controller is a tab; decided once the whole document is read. The
            // controller is the open screen, which becomes the next one finished.
            tabItems.append((screens.count, owner.node))
        }
        if owners.isEmpty {
            if let s = sceneScreen {
                screens[s].body.append(owner.node)
                detached.append((s, owner.node))
            }
        } else {
            owners[owners.count - 1].node.children.append(owner.node)
        }
    }

    private func finishView(_ owner: inout Owner) {
        let attributed = nonBlank(owner.attributedText)
        var node = owner.node
        switch owner.name {
        case .button, .barButtonItem, .tabBarItem:
            // A button configuration (Xcode 13 and later) is what the button shows: its title and
            // image win over the legacy `<state key="normal">`, which Xcode leaves behind ("Button").
            let configAttributed = nonBlank(owner.configAttributedText)
            let configured =
                owner.hasConfiguration && (owner.configTitle != nil || configAttributed != nil || owner.configImage != nil)
            let image: String?
            if configured {
                node.text = owner.configTitle ?? configAttributed
                image = owner.configImage
            } else {
                node.text = owner.selectedTitle ?? owner.stateTitle ?? attributed ?? owner.configTitle
                image = owner.selectedImage ?? owner.stateImage ?? owner.configImage ?? owner.stateBackground
            }
            if let title = node.text, Self.isIconGlyphs(title) {
                // A title drawn in an icon font (Font Awesome and the like) is a picture, not words:
                // its characters are of Unicode's Private Use Area, which have no names, and VoiceOver
                // on iOS says nothing for them or reads them as unrelated emoji ("boy's head" for
                // U+E001: nfroidure/gulp-svgicons2svgfont pull request 18; "may announce the
                // characters as (completely unrelated) emoji symbols": FortAwesome/Font-Awesome issue
                // 6133). So it is no name, as an asset image is none, and it draws no text to size.
                node.glyphTitle = title
                node.text = nil
            }
            if let image {
                setImage(image, on: &node)
                if owner.name == .tabBarItem { tabItemsWithImages.insert(node) }
            }
            if owner.name != .button, !configured, node.text == Self.defaultItemTitle, owner.accessibilityLabel == nil,
                owner.runtimeLabel == nil, owner.uikitLabel == nil
            {
                // Xcode's default title: VoiceOver reads "Item" unless code titles the item. Kept on
                // the node (not by its identity, which a node made later may take once an item left
                // out is freed).
                node.placeholderTitle = Self.defaultItemTitle
            }
            // Xcode titles a new button "Button", in its legacy state or, from Xcode 13, in its
            // configuration (Style: Plain, Filled…) as well.
            let titledAsPlaceholder =
                configured
                ? owner.configTitle == Self.placeholderButtonTitle && configAttributed == nil
                : owner.stateTitle == Self.placeholderButtonTitle
            if owner.name == .button, image == nil, node.text == Self.placeholderButtonTitle, titledAsPlaceholder,
                owner.accessibilityLabel == nil, owner.runtimeLabel == nil
            {
                placeholderTitled.insert(node)
            }
            // An image-only button draws no text: the font Xcode writes for every button has
            // nothing to size (a button with neither title nor image may be titled in code). Nor
            // does a system button of a type UIKit draws as an icon (Info Light, Info Dark, Detail
            // Disclosure, Add Contact, Close: `UIButton.ButtonType`), whatever font the file gives it.
            let drawsIcon = image != nil || node.glyphTitle != nil || (owner.name == .button && owner.uikitLabel != nil)
            // A title that is only an attributed one is drawn in the attributed string's font.
            let configFont = owner.configTitle == nil && configAttributed != nil ? owner.configFont ?? owner.configAttributedFont : owner.configFont
            // UIKit draws a state's attributed title instead of its plain one (`setAttributedTitle`).
            let legacyFont = attributed != nil ? owner.font ?? owner.attributedFont : owner.font
            node.font = node.text == nil && drawsIcon ? nil : owner.hasConfiguration ? configFont : legacyFont
            if owner.name == .button, !owner.hasConfiguration, node.font == nil, owner.stateTitle != nil, node.glyphTitle == nil {
                // Xcode writes no font for a legacy button left at Interface Builder's default
                // (System 15.0): UIKit draws the title in that fixed size, whatever the text size.
                node.font = .fixed(Self.defaultButtonPointSize)
            }
            if owner.name == .button { node.size = Self.size(of: owner) }
            if owner.name == .barButtonItem, node.text == nil, image == nil, owner.uikitLabel == nil,
                !node.children.isEmpty
            {
                // A bar button item with a custom view is only its container.
                node.type = "BarButtonItem"
                node.kind = ViewKind(name: node.type)
                node.childBehavior = .contain
            }
        case .label:
            node.font = owner.font
            node.boldFont = owner.boldFont
            if node.text == nil, attributed != nil, owner.font == nil {
                node.font = owner.attributedFont
                node.boldFont = owner.attributedBold
            }
            node.text = node.text ?? attributed
        case .textView:
            if node.type == "Text" { node.text = node.text ?? attributed } else { node.value = node.value ?? attributed }
            node.font = owner.font
            node.boldFont = owner.boldFont
        case .textField:
            node.font = owner.font
            node.size = Self.size(of: owner)
            if owner.secure {
                node.type = "SecureField"
                node.kind = .interactive
            }
        case .segment:
            if let image = owner.stateImage, node.text == nil { setImage(image, on: &node) }
        case .segmentedControl:
            // UIKit draws a segmented control at a height of its own (32 points from iOS 13), which
            // is not judged; a height constraint of the control's own that makes it lower is the
            // app's choice, and each segment (as wide as the control divided by its segments) is a
            // touch target that small. So is a frame of the control's own (`fixedFrame="YES"`, no
            // constraints): Xcode saved 28 or 29 points, UIKit's height before iOS 13, and Interface
            // Builder keeps a fixed frame's size (it adds constraints of the frame's position and size
            // at build time, Xcode's "fixed frame" layout), so on current iOS the control keeps the
            // lower height instead of taking UIKit's own.
            let fixedHeight = owner.fixedFrame ? owner.frame?.height : nil
            if let constrained = owner.heightConstraint ?? fixedHeight, let width = owner.widthConstraint ?? owner.frame?.width {
                let height = max(constrained, owner.minimumHeight ?? 0)
                let segments = node.children.indices.filter { node.children[$0].type == "Segment" }
                if height < Self.segmentedControlHeight, !segments.isEmpty {
                    let size = ViewSize(width: width / Double(segments.count), height: height)
                    for i in segments { node.children[i].size = size }
                }
            }
        case .tableViewCell, .collectionViewCell:
            if owner.isElement == true { node.childBehavior = .ignore }
            if owner.name == .tableViewCell, owner.isElement == nil, !owner.holdsMoreThanText {
                // A table view cell whose content is only labels and images (in plain views or stacks)
                // is one element to VoiceOver, named by its labels in turn: UIKit makes the cell an
                // accessibility element and derives its label from the text inside. A control (or a
                // text view) inside makes it a container whose subviews VoiceOver visits one by one,
                // as here. A collection view cell is never combined: UIKit leaves it a container
                // (Giphy/giphy-ios-sdk issue 82, material-foundation/cocoapods-catalog-by-convention
                // issue 28, jessesquires/JSQMessagesViewController issue 873), so its labels are read
                // one at a time. See docs/storyboards.md.
                // Such a cell with a selection segue is what VoiceOver activates: the segue's link starts
                // from the cell itself, one element named by its labels (a double tap selects the row).
                node.childBehavior = .combine
            } else if !node.navigations.isEmpty {
                // Selecting the cell navigates. A cell holding controls (or a collection view cell) is
                // kept a container, so controls inside it stay elements of their own (as in UIKit),
                // and the selection becomes a button named by the cell's labels.
                let selection = ViewNode(type: "Button", location: node.location, ordinal: 1, in: nodeStrings)
                selection.navigations = node.navigations
                node.navigations = []
                var texts: [String] = []
                Self.collectTexts(node.children, into: &texts)
                selection.text = texts.isEmpty ? nil : texts.joined(separator: ", ")
                selection.label = owner.accessibilityLabel ?? owner.runtimeLabel
                owner.accessibilityLabel = nil
                owner.runtimeLabel = nil
                for i in node.children.indices where node.children[i].type == "Button" { node.children[i].ordinal += 1 }
                node.children.insert(selection, at: 0)
            }
        case .imageView:
            if let image = owner.stateImage { setImage(image, on: &node) }
            // UIImageView is not an accessibility element unless Interface Builder enables it.
            node.decorative = owner.isElement != true
        default:
            if owner.isElement == true {
                node.childBehavior = .ignore
                if node.traits.contains(.button) || node.traits.contains(.link) || node.traits.contains(.adjustable) {
                    // Accessibility enabled with the Button (or Link) trait ticked: VoiceOver reads the
                    // view as a control. So it does with the Adjustable trait, the accessible form of a
                    // view that is dragged or swiped (a pan gesture recognizer): VoiceOver announces
                    // "adjustable" and a swipe up or down calls accessibilityIncrement() or
                    // accessibilityDecrement() (Apple's UIAccessibilityTraits.adjustable
                    // documentation). UIKit derives no label from a plain view's subviews (the
                    // default accessibilityLabel is nil unless the view is a UIKit control), and
                    // VoiceOver does not reach them: the view's own label is its only name (it
                    // ignores its children). A control inside is a nested control, unless it is
                    // hidden or its accessibility is turned off, which leaves it out of the
                    // accessibility tree.
                    node.kind = .interactive
                }
            }
        }
        if owner.isElement == false, node.kind == .interactive || owner.name == .label || owner.name == .textView {
            // A control or text whose accessibility is disabled: VoiceOver never reaches it.
            node.hidden = true
            hiddenInFile.remove(node.location)
        }
        if owner.fontSetInCode || Self.heldAtNoReadableSize(owner) {
            // The project's class sets the font in code from its runtime attribute: unknown here.
            // Or the view's own constraints hold it at a point square or less (a 1×1 text field that
            // only lets AutoFill find a user name): its text is never seen at any size.
            node.font = nil
            node.boldFont = false
        }
        node.label = owner.accessibilityLabel ?? owner.runtimeLabel
        if node.label == nil, node.text == nil, let uikit = owner.uikitLabel { node.label = uikit }
        node.position = owner.position
        owner.node = node
    }

    private func finishScreen(_ owner: Owner) {
        guard let id = owner.node.id, !id.isEmpty else { return }
        var screen = Screen(id: id, location: owner.node.location, path: "", index: screens.count)
        // Messages keep naming the scene as Interface Builder does, by its controller's own title.
        screen.title = owner.navigationTitle ?? owner.title ?? owner.barTitle
        // A xib's view without a class of its own that File's Owner holds is named by the owner's
        // class (`PasscodeViewController`, not `view 1ua-9z-VE2`).
        let ownerClass = isXib && filesOwnerOutletTargets.contains(id) ? filesOwnerClass : nil
        screen.sceneKind = Self.words(owner.element)
        screen.sceneName = Self.sceneName(
            id: id, customClass: owner.customClass ?? ownerClass, title: owner.navigationTitle ?? owner.title, isXib: isXib,
            kind: screen.sceneKind)
        screen.isMarkedRoot = owner.isEntryPoint || id == initialController
        switch options.focus {
        case .system:
            // UIKit returns focus to the activated control once its transition is over.
            screen.restoreFocus = .onAppear
            screen.restoreDelay = Self.uikitTransition
            screen.capture = .path
            screen.captureWritten = true
        case .none:
            // Nothing restores focus: VoiceOver starts again at the title or the first element.
            screen.restoreFocus = .none
        }
        screen.body = owner.node.children
        screen.suppressions = owner.node.suppressions
        sceneScreen = screens.count
        screens.append(screen)
    }

    // MARK: - Properties of the open view or controller

    private func property(name: IBElementName, parent: IBElementName?, attrs: IBAttributes, location: SourceLocation, depth: Int) {
        if name == .outlet || name == .outletCollection {
            // Any object's outlet, File's Owner's included: the view it names may be set up in code.
            if let destination = nonBlank(attrs[.destination]), outlets[destination] == nil {
                outlets[destination] = nonBlank(attrs[.property]) ?? ""
            }
            if name == .outlet, attrs[.property] == "view", let destination = nonBlank(attrs[.destination]) {
                viewOutletTargets.insert(destination)
            }
            if inFilesOwner, name == .outlet, let destination = nonBlank(attrs[.destination]) {
                filesOwnerOutletTargets.insert(destination)
            }
            // A gesture recognizer attached to the open view (not to a controller's root view).
            if name == .outletCollection, attrs[.property] == "gestureRecognizers", parent == .connections,
                let destination = nonBlank(attrs[.destination]), let top = owners.indices.last, !ownerField(top, { $0.isScreen }),
                !ownerField(top, { $0.interactionDisabled })
            {
                recognizerViews[destination, default: []].append(ownerField(top, { $0.node }))
            }
            return
        }
        guard !owners.isEmpty || name == .segue else { return }
        let top = owners.count - 1
        switch name {
        case .state:
            if top >= 0, attrs[.key] == "selected", ownerField(top, { $0.selectedInFile }) {
                if let t = nonBlank(attrs[.title]) { owners[top].selectedTitle = t }
                if let i = image(attrs[.image], catalog: attrs[.catalog]) { owners[top].selectedImage = i }
                return
            }
            guard top >= 0, attrs[.key] == "normal" else { return }
            if let t = nonBlank(attrs[.title]) { owners[top].stateTitle = t }
            if let i = image(attrs[.image], catalog: attrs[.catalog]) { owners[top].stateImage = i }
            if let i = image(attrs[.backgroundImage], catalog: attrs[.catalog]) { owners[top].stateBackground = i }
        case .buttonConfiguration:
            owners[top].hasConfiguration = true
            if let t = nonBlank(attrs[.title]) { owners[top].configTitle = t }
            if let i = image(attrs[.image], catalog: attrs[.catalog]) { owners[top].configImage = i }
        case .rect:
            // The view's own frame, not that of something inside it.
            guard top >= 0, !ownerField(top, { $0.isScreen }), attrs[.key] == "frame", ownerField(top, { $0.depth }) == depth - 1,
                let width = attrs[.width].flatMap(Double.init), let height = attrs[.height].flatMap(Double.init)
            else { return }
            owners[top].frame = ViewSize(width: width, height: height)
            if let x = attrs[.x].flatMap(Double.init), let y = attrs[.y].flatMap(Double.init) {
                // Frames are relative to the superview: the nearest view around with a position of
                // its own (a scene's root view starts at the screen's corner).
                var origin = ViewPoint(x: 0, y: 0)
                var i = top - 1
                while i >= 0, !ownerField(i, { $0.isScreen }) {
                    if let p = ownerField(i, { $0.position }) {
                        origin = p
                        break
                    }
                    i -= 1
                }
                owners[top].position = ViewPoint(x: origin.x + x, y: origin.y + y)
            }
        case .constraint:
            // A size constraint the view holds on itself: `<constraints>` right inside the view, a
            // width or height equal to a constant, relative to nothing else.
            guard top >= 0, !ownerField(top, { $0.isScreen }), parent == .constraints, ownerField(top, { $0.depth }) == depth - 2,
                attrs[.secondItem] == nil, attrs[.multiplier] == nil,
                attrs[.firstItem] == nil || attrs[.firstItem] == ownerField(top, { $0.node.id }),
                let constant = attrs[.constant].flatMap(Double.init)
            else { return }
            switch (attrs[.relation], attrs[.firstAttribute]) {
            case (nil, "width"):
                owners[top].widthConstraint = constant
                if constant <= 1, attrs[.priority] == nil || attrs[.priority] == "1000" { owners[top].heldAtNoWidth = true }
            case (nil, "height"):
                owners[top].heightConstraint = constant
                if constant <= 1, attrs[.priority] == nil || attrs[.priority] == "1000" { owners[top].heldAtNoHeight = true }
            case ("greaterThanOrEqual", let dimension?) where attrs[.priority] == nil || attrs[.priority] == "1000":
                // A required lower bound: Auto Layout never makes the view smaller than this.
                if dimension == "width" { owners[top].minimumWidth = max(ownerField(top, { $0.minimumWidth }) ?? 0, constant) }
                if dimension == "height" { owners[top].minimumHeight = max(ownerField(top, { $0.minimumHeight }) ?? 0, constant) }
            default: break
            }
        case .fontDescription:
            guard top >= 0, !ownerField(top, { $0.isScreen }) else { return }
            // A text style scales when the view adjusts it: labels, text fields and text views
            // say so (adjustsFontForContentSizeCategory); a configured button's title always does
            // (UIButton.Configuration follows Dynamic Type); a legacy button's title label never
            // does from Interface Builder, which has no setting for it.
            let inConfiguration = parent == .buttonConfiguration
            let font: FontSize?
            if let name = attrs[.style], let style = TextStyle(interfaceBuilder: name) {
                font = .style(style, scales: inConfiguration || ownerField(top, { $0.adjustsFont }))
            } else if let size = attrs[.pointSize].flatMap(Double.init), size > 0 {
                font = .fixed(size)
            } else {
                font = nil
            }
            switch (parent, attrs[.key]) {
            case (.buttonConfiguration?, "titleFontDescription"?): owners[top].configFont = font
            case (_, "fontDescription"?) where parent == ownerField(top, { $0.name }):
                owners[top].font = font
                owners[top].boldFont = Self.isBold(type: attrs[.type], weight: attrs[.weight], name: attrs[.name])
            default: break
            }
        case .font:
            // A font in an attributed string is stored by name and size: it never scales (Apple's
            // `adjustsFontForContentSizeCategory` documentation: the font must come from
            // `preferredFont(forTextStyle:)` or be scaled with `UIFontMetrics`), so an attributed
            // text or title drawn in it is a fixed size, whatever the text size.
            guard top >= 0, !ownerField(top, { $0.isScreen }), attrs[.key] == "NSFont", parent == .attributes,
                elements.contains(where: { $0.name == .attributedString }),
                let size = attrs[.size].flatMap(Double.init), size > 0
            else { return }
            if elements.contains(where: { $0.name == .buttonConfiguration }) {
                if ownerField(top, { $0.configAttributedFont }) == nil { owners[top].configAttributedFont = .fixed(size) }
            } else if ownerField(top, { $0.attributedFont }) == nil {
                owners[top].attributedFont = .fixed(size)
                owners[top].attributedBold = Self.isBold(type: nil, weight: nil, name: attrs[.name])
            }
        case .imageReference:
            // Newer Xcode writes images as `<imageReference key="image" image="xmark" catalog="system"/>`
            // inside a button configuration, a state or an image view.
            guard top >= 0, let i = image(attrs[.image], catalog: attrs[.catalog]) else { return }
            switch (parent, attrs[.key]) {
            case (.buttonConfiguration?, "image"?): owners[top].configImage = i
            case (.state?, "image"?):
                switch elements[elements.count - 2].key {
                case "normal"?: owners[top].stateImage = i
                case "selected"? where ownerField(top, { $0.selectedInFile }): owners[top].selectedImage = i
                default: break
                }
            case (.state?, "backgroundImage"?):
                if elements[elements.count - 2].key == "normal" { owners[top].stateBackground = i }
            case (.imageView?, "image"?), (.barButtonItem?, "image"?), (.tabBarItem?, "image"?):
                owners[top].stateImage = i
            default: break
            }
        case .accessibility:
            guard attrs[.key] == "accessibilityConfiguration", !ownerField(top, { $0.isScreen }) else { return }
            if let l = attrs[.label] { owners[top].accessibilityLabel = l }
            if let h = nonBlank(attrs[.hint]) { owners[top].node.hint = h }
            if let v = nonBlank(attrs[.value]) { owners[top].node.value = v }
            if let e = flag(attrs[.isElement], "isElement", at: location) { owners[top].isElement = e }
        case .bool:
            if parent == .accessibility, attrs[.key] == "isElement", !ownerField(top, { $0.isScreen }) {
                if let e = flag(attrs[.value], "isElement", at: location) { owners[top].isElement = e }
            }
        case .accessibilityTraits:
            guard parent == .accessibility, !ownerField(top, { $0.isScreen }) else { return }
            for (trait, value) in attrs.sortedByName {
                if let t = Trait(rawValue: trait), flag(value, trait, at: location) == true { owners[top].node.traits.insert(t) }
            }
        case .userDefinedRuntimeAttribute:
            runtimeKeyPath = attrs[.keyPath]
            runtimeLocation = location
            if let keyPath = attrs[.keyPath], options.fontRuntimeAttributes.contains(keyPath), top >= 0, !ownerField(top, { $0.isScreen }) {
                owners[top].fontSetInCode = true
            }
            if let value = attrs[.value] { runtimeAttribute(value) }
        case .string:
            if let key = attrs[.key] { buffer = (key, depth, "") }
        case .fragment:
            if elements.contains(where: { $0.name == .attributedString }), let content = attrs[.content] {
                if elements.contains(where: { $0.name == .buttonConfiguration }) {
                    owners[top].configAttributedText += content
                } else {
                    owners[top].attributedText += content
                }
            }
        case .textInputTraits:
            if flag(attrs[.secureTextEntry], "secureTextEntry", at: location) == true { owners[top].secure = true }
        case .navigationItem:
            if ownerField(top, { $0.isScreen }), let t = nonBlank(attrs[.title]) { owners[top].navigationTitle = t }
            // A navigation bar dragged into the view shows its item's title at the top of the screen,
            // where VoiceOver reads it as the screen's heading, as it reads a navigation
            // controller's title (react-navigation/react-navigation pull request 948: Apple's apps
            // identify screen titles as headings). Its first titled item is the screen's title.
            if !ownerField(top, { $0.isScreen }), ownerField(top, { $0.name }) == .navigationBar, parent == .items, !ownerField(top, { $0.node.hidden }),
                let t = nonBlank(attrs[.title]), let screen = owners.lastIndex(where: \.isScreen), ownerField(screen, { $0.barTitle }) == nil
            {
                owners[screen].barTitle = t
            }
        case .segue:
            if parent == .connections { segue(attrs: attrs, location: location) }
        default:
            break
        }
    }

    private func applyString(key: String, text: String) {
        guard let top = owners.indices.last else { return }
        let parent = elements.last?.name
        switch (parent, key) {
        case (.label?, "text"): owners[top].node.text = nonBlank(text)
        case (.textView?, "text"):
            if ownerField(top, { $0.node.type }) == "Text" { owners[top].node.text = nonBlank(text) } else { owners[top].node.value = nonBlank(text) }
        case (.state?, "title"): if elements.last?.key == "normal" { owners[top].stateTitle = nonBlank(text) }
        case (.buttonConfiguration?, "title"): owners[top].configTitle = nonBlank(text)
        case (.userDefinedRuntimeAttribute?, "value"): runtimeAttribute(text)
        case (.accessibility?, "label"): owners[top].accessibilityLabel = text
        case (.accessibility?, "hint"): owners[top].node.hint = nonBlank(text)
        default: break
        }
    }

    private func runtimeAttribute(_ value: String) {
        guard let top = owners.indices.last, !ownerField(top, { $0.isScreen }) else { return }
        switch runtimeKeyPath {
        case "accessibilityLabel": owners[top].runtimeLabel = value
        case let keyPath? where options.labelRuntimeAttributes.contains(keyPath):
            // The label is looked up at run time (a localisation key, say): the control is labelled.
            owners[top].runtimeLabel = value
        case "accessibilityHint": owners[top].node.hint = nonBlank(value)
        case "isAccessibilityElement":
            // Xcode writes a boolean runtime attribute as YES or NO (1 and 0 are read too); any other
            // value is reported and read as not set, so it cannot hide the element from the rules.
            switch value {
            case "YES", "1": owners[top].isElement = true
            case "NO", "0": owners[top].isElement = false
            default:
                if let runtimeLocation {
                    report(InvalidDescriptionMessage.notYesOrNo("isAccessibilityElement", value: value), at: runtimeLocation)
                }
            }
        default: break
        }
    }

    private func segue(attrs: IBAttributes, location: SourceLocation) {
        let kind = attrs[.kind] ?? "show"
        let destination = nonBlank(attrs[.destination])
        // Where the segue lives: on a view (a control fires it), or on the controller (code fires it).
        let ownerIndex = owners.indices.last
        let onControl = ownerIndex.map { i in !ownerField(i, { $0.isScreen }) } ?? false
        if kind == "unwind" {
            orphanSuppressions += takePending()
            if onControl, let i = ownerIndex { owners[i].node.dismiss = true }
            return
        }
        guard let destination else {
            orphanSuppressions += takePending()
            return
        }
        let presentation: Presentation?
        switch kind {
        case "embed", "relationship": presentation = nil
        case "presentation", "modal", "popoverPresentation", "popover", "formSheet":
            presentation = attrs[.modalPresentationStyle] == "fullScreen" ? .fullScreenCover : .sheet
        default: presentation = .push  // show, push, showDetail, replace, custom
        }
        if kind == "relationship", attrs[.relationship] == "viewControllers", let i = ownerIndex,
            ownerField(i, { $0.isScreen }), ownerField(i, { $0.name }) == .tabBarController
        {
            tabChildren.insert(destination)
            let controller = ownerField(i, { $0.node.id }) ?? ""
            if let t = tabBars.lastIndex(where: { $0.controller == controller }) {
                tabBars[t].children.append(destination)
            } else {
                tabBars.append((controller, [destination]))
            }
        }
        let navigation = Navigation(
            presentation: presentation ?? .push, target: destination, attribute: "segue destination")
        if onControl, presentation != nil, let i = ownerIndex {
            // A suppression before it is for the control, which is already open.
            orphanSuppressions += takePending()
            owners[i].node.navigations.append(navigation)
            return
        }
        // Fired from code, or not a user navigation: a hidden link, for reachability only.
        let link = ViewNode(type: "Segue", location: location, ordinal: 1, in: nodeStrings)
        link.id = nonBlank(attrs[.id])
        link.hidden = true
        link.navigations = [navigation]
        link.suppressions = takePending()
        if let i = ownerIndex {
            link.ordinal = ElementPath.nextOrdinal("Segue", in: &owners[i].ordinals)
            owners[i].node.children.append(link)
        } else if let s = sceneScreen {
            link.ordinal = screens[s].body.count(where: { $0.type == "Segue" }) + 1
            screens[s].body.append(link)
        }
    }

    // MARK: - End of the document

    private func finishDocument() {
        orphanSuppressions += takePending()
        if !isXib, !screens.contains(where: { $0.id == initialController }), let first = screens.indices.first,
            !screens.contains(where: \.isMarkedRoot)
        {
            screens[first].isMarkedRoot = true
        }
        markTappedViews()
        gatherTabItems(dropHiddenTabItems())
        dropDetachedViews()
        sink?.didReadHeader(AppHeader(name: appName(), transition: Self.uikitTransition, location: documentLocation))
        // Handed over one by one, each moved out of the list rather than copied: reversed, so that
        // taking the last one each time takes them in document order.
        var left: [Screen] = []
        swap(&left, &screens)
        left.reverse()
        var i = 0
        while var screen = left.popLast() {
            if isXib, let kind = screen.sceneKind, !kind.hasSuffix("controller"), !viewOutletTargets.contains(screen.id) {
                // No controller's `view`: a part that code adds to some screen (a footer, a panel).
                screen.isPartOfAScreen = true
            }
            screen.index = i
            screen.path = ElementPath.screen(id: screen.id, index: i)
            for (node, outlet) in screen.outsideHierarchyNodes {
                screen.outsideHierarchy[ElementPath.joined(screen.path, step: node.pathStep)] = outlet
            }
            screen.outsideHierarchyNodes = []
            screen.hiddenInFile = hiddenInFile
            for j in screen.body.indices {
                resolve(&screen.body[j], hidden: false, swallowed: false)
            }
            sink?.didReadScreen(screen)
            i += 1
        }
    }

    /// Views with a tap gesture recognizer respond to taps (`on-tap`): unless they are buttons or
    /// carry the Button or Link trait, VoiceOver does not announce them as something to activate.
    /// A view that holds controls of its own is left as it is: a gesture recognizer does not make a
    /// view an accessibility element, so VoiceOver still reaches each control inside, and such a view
    /// is a background that takes stray taps (typically to dismiss the keyboard), not a button;
    /// making it one element with the Button trait would hide those controls.
    private func markTappedViews() {
        for (id, views) in recognizerViews where tapRecognizers.contains(id) {
            for view in views where !Self.holdsControl(view.children) { view.onTap = true }
        }
        recognizerViews = [:]
        tapRecognizers = []
    }

    /// Whether any of these views, or a view inside them, is a control.
    private static func holdsControl(_ nodes: [ViewNode]) -> Bool {
        nodes.contains { $0.isInteractive || holdsControl($0.children) }
    }

    /// Leaves out the tab bar items UIKit never shows: a tab bar controller shows the items of its
    /// own children only (for a navigation controller that is a tab, the navigation controller's
    /// item, not that of the controllers inside it). A storyboard says which controllers are tabs;
    /// a xib's controllers are wired in code, so their items are all kept.
    /// Returns the items kept, by the id of the controller that holds them.
    private func dropHiddenTabItems() -> [String: ViewNode] {
        defer { tabItems = [] }
        guard !isXib else { return [:] }
        var shown: [String: ViewNode] = [:]
        for (s, node) in tabItems where s < screens.count {
            if tabChildren.contains(screens[s].id) {
                shown[screens[s].id] = shown[screens[s].id] ?? node
            } else {
                screens[s].body.removeAll { $0 === node }
                dropSuppressions(of: node)
            }
        }
        return shown
    }

    /// Gives each tab bar controller's tab bar a copy of its tabs' items, in the order of its
    /// relationship segues. VoiceOver reads a tab bar as one container of tab buttons ("Item, tab,
    /// 1 of 2": Apple's `UIAccessibilityTraits.tabBar` documentation, "the accessibility element
    /// is a tab bar", whose children are read with their position), so two tabs with the same name
    /// cannot be told apart, though each item is written in its own controller's scene. The copy
    /// is hidden: each item is audited once, in its own scene, with its own element path, and the
    /// copy, which points at the item's start tag and switches to the item's tab, is there only for
    /// `ambiguous_control_label` to compare the tabs with each other.
    private func gatherTabItems(_ shown: [String: ViewNode]) {
        defer { tabBars = [] }
        for (controller, children) in tabBars {
            guard let s = screens.firstIndex(where: { $0.id == controller }) else { continue }
            var copies: [ViewNode] = []
            for child in children {
                guard let item = shown[child] else { continue }
                let copy = ViewNode(type: Self.tabBarButtonType, location: item.location, ordinal: copies.count + 1, in: item.store)
                copy.kind = .interactive
                copy.id = item.id
                copy.label = item.label
                // Xcode's default title is no name to tell the tabs apart by: each item left at "Item"
                // is reported on its own (`resolve`).
                copy.text = item.placeholderTitle == Self.defaultItemTitle ? nil : item.text
                copy.hint = item.hint
                copy.asset = item.asset
                copy.systemName = item.systemName
                copy.hidden = true
                copy.navigations = [Navigation(presentation: .push, target: child, attribute: "segue destination")]
                copies.append(copy)
            }
            guard copies.count > 1 else { continue }
            if let bar = screens[s].body.first(where: { $0.type == "TabBar" }) {
                bar.children += copies
            } else {
                screens[s].body += copies
            }
        }
    }

    /// Leaves out a scene's top-level views (objects beside the controller, in no view hierarchy)
    /// that no outlet names, in the view or in its subviews: nothing can ever show them. Those an
    /// outlet names may be added by code; they are kept, and findings about them say so.
    private func dropDetachedViews() {
        for (s, node) in detached where s < screens.count {
            if let outlet = Self.firstOutlet(in: node, outlets: outlets) {
                screens[s].outsideHierarchyNodes.append((node, outlet))
            } else {
                screens[s].body.removeAll { $0 === node }
                dropSuppressions(of: node)
            }
        }
        detached = []
    }

    /// The property name of the first outlet naming the node or one of its descendants.
    private static func firstOutlet(in node: ViewNode, outlets: [String: String]) -> String? {
        if let id = node.id, let outlet = outlets[id] { return outlet }
        for child in node.children {
            if let outlet = firstOutlet(in: child, outlets: outlets) { return outlet }
        }
        return nil
    }

    /// The suppressions written before a view left out (and its subviews) apply to nothing.
    private func dropSuppressions(of node: ViewNode) {
        orphanSuppressions += node.suppressions
        for child in node.children { dropSuppressions(of: child) }
    }

    /// Resolves SF Symbol names known only from `<resources>`, and gives each visible navigating
    /// control the focus binding that UIKit's own restoration stands for.
    private func resolve(_ node: inout ViewNode, hidden: Bool, swallowed: Bool) {
        if node.placeholderTitle == Self.defaultItemTitle, node.text == Self.defaultItemTitle {
            // "Item" is Xcode's, not a name: the item is reported as one code may title. Its image is
            // not what VoiceOver reads either: a bar button item with a title reads the title, the
            // image being only drawn (as BookPlayer's toolbar titles its icons "Speed", "Timer"…).
            node.text = nil
            node.asset = nil
            node.systemName = nil
        }
        if let id = node.id, let outlet = outlets[id] {
            node.outlet = outlet
            // Xcode's placeholder title on a button that code can reach is replaced there.
            if placeholderTitled.contains(node) {
                node.text = nil
                node.placeholderTitle = Self.placeholderButtonTitle
            }
        }
        if let asset = node.asset, systemImages.contains(asset) {
            node.systemName = asset
            node.asset = nil
        } else if node.asset != nil, tabItemsWithImages.contains(node) {
            // A tab shows its item's image in a tab bar button of UIKit's own, which reads the item's
            // title and no image name: WordPress for iOS, after removing its tabs' titles, heard
            // "Tab 2 of 5" for each image-only tab (wordpress-mobile/WordPress-iOS issue 5414,
            // iOS 9.3). So VoiceOver announces only the role of an image-only tab, not its asset name.
            node.asset = nil
        }
        let isHidden = hidden || node.hidden
        if options.focus == .system, node.navigates, !isHidden, !swallowed, node.focus == nil {
            node.focus = node.id ?? "\(node.type)-\(node.location.line)-\(node.location.column)"
        }
        let swallows = swallowed || node.isInteractive || node.isOneElementContainer
        for i in node.children.indices {
            resolve(&node.children[i], hidden: isHidden, swallowed: swallows)
        }
    }

    // MARK: - Helpers

    /// Whether a `<fontDescription>` draws a bold face, semibold or heavier: the system font in
    /// bold (`type="boldSystem"`) or of a heavy `weight`, or a custom font (`name="Georgia-Bold"`,
    /// `AvenirNext-Heavy`, `HelveticaNeue-CondensedBlack`) whose name says so.
    static func isBold(type: String?, weight: String?, name: String?) -> Bool {
        if type == "boldSystem" { return true }
        if let weight, ["semibold", "bold", "heavy", "black"].contains(weight) { return true }
        guard let name = name?.lowercased() else { return false }
        return name.contains("bold") || name.contains("heavy") || name.contains("black")
    }

    /// A view's size from its own constraints, else its frame: only for controls whose size the
    /// app chooses (buttons, text fields); UIKit draws switches, steppers, sliders and segmented
    /// controls at sizes of its own, whatever the frame says.
    private static func size(of owner: Owner) -> ViewSize? {
        guard let width = owner.widthConstraint ?? owner.frame?.width,
            let height = owner.heightConstraint ?? owner.frame?.height
        else { return nil }
        return ViewSize(width: max(width, owner.minimumWidth ?? 0), height: max(height, owner.minimumHeight ?? 0))
    }

    /// Whether the view's own required constraints (equal to a constant, with no larger required
    /// minimum) hold both its width and its height at a point or less: Auto Layout keeps it that
    /// small (a required constraint must be satisfied: Apple's `UILayoutPriority.required`
    /// documentation, https://developer.apple.com/documentation/uikit/uilayoutpriority/required),
    /// so any text it draws is never seen, whatever its font. One dimension alone is not
    /// enough (a label collapsed to no width that code opens again), nor is a frame that small
    /// without such constraints (code or the autoresizing mask may size the view).
    private static func heldAtNoReadableSize(_ owner: Owner) -> Bool {
        owner.heldAtNoWidth && (owner.minimumWidth ?? 0) <= 1 && owner.heldAtNoHeight && (owner.minimumHeight ?? 0) <= 1
    }

    /// How messages name a scene: `FriendsViewController ("친구")`, `scene "채팅"`, `scene ID`
    /// (a xib's top-level objects: `view …`).
    static func sceneName(id: String, customClass: String?, title: String?, isXib: Bool, kind: String? = nil) -> String {
        let quoted = title.map { "\"\($0)\"" }
        if let customClass { return quoted.map { "\(customClass) (\($0))" } ?? customClass }
        // A xib's top-level object without a class is named by its kind, as Interface Builder's
        // outline names it ("Table View Cell", "View"): `table view cell qo2-S3-mwb`, `view iN0-l3-epB`.
        return (isXib ? "\(kind ?? "view") " : "scene ") + (quoted ?? id)
    }

    /// An element name in words: `tabBarController` → `tab bar controller`.
    static func words(_ name: String) -> String {
        var out = ""
        for ch in name {
            if ch.isUppercase {
                out += " " + ch.lowercased()
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// The visible texts of a cell outside its controls, in document order.
    private static func collectTexts(_ nodes: [ViewNode], into texts: inout [String]) {
        for node in nodes where !node.hidden && node.kind != .interactive {
            if let label = node.label, !label.isBlank {
                texts.append(label)
            } else if node.type == "Text", let text = node.text {
                texts.append(text)
            } else {
                collectTexts(node.children, into: &texts)
            }
        }
    }

    /// An image name; remembered as an SF Symbol when the element says `catalog="system"`.
    private func image(_ name: String?, catalog: String?) -> String? {
        guard let name = nonBlank(name) else { return nil }
        if catalog == "system" { systemImages.insert(name) }
        return name
    }

    private func setImage(_ name: String, on node: inout ViewNode) {
        if systemImages.contains(name) {
            node.systemName = name
        } else {
            node.asset = name
        }
    }

    /// Whether `title` is only characters of Unicode's Private Use Area (U+E000–U+F8FF and planes 15
    /// and 16), which icon fonts draw as pictures, with white space between them. U+F8FF is left
    /// out: Apple's fonts draw it as the Apple logo, which VoiceOver names.
    static func isIconGlyphs(_ title: String) -> Bool {
        var glyphs = false
        for scalar in title.unicodeScalars {
            switch scalar.value {
            case 0xE000..<0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: glyphs = true
            default: if !scalar.properties.isWhitespace { return false }
            }
        }
        return glyphs
    }

    private func nonBlank(_ s: String?) -> String? {
        guard let s, !s.isBlank else { return nil }
        return s.trimmingWhitespace()
    }

    /// What VoiceOver reads for a system bar or tab bar item (UIKit's English labels).
    static func systemItemLabel(_ item: String) -> String {
        switch item {
        case "action": return "Share"
        case "trash": return "Delete"
        case "organize": return "Organize"
        default:
            var words = ""
            for ch in item {
                if ch.isUppercase { words.append(" ") }
                // Uppercasing can give several characters ("ß" → "SS"): append a string.
                if words.isEmpty { words += ch.uppercased() } else { words.append(ch) }
            }
            return words
        }
    }

    private func appName() -> String {
        let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { return String(base[..<dot]) }
        return base
    }
}

/// Nodes the importer marks by their identity until the document is read (tab items with an image,
/// buttons titled with Xcode's placeholder). The set holds every node it marks, so a marked node
/// that the document leaves out (a tab item UIKit never shows) stays alive, and no node made later
/// (a tab bar button's copy of an item) can be given its freed identity and be taken as marked.
struct MarkedNodes {
    private var nodes: [ObjectIdentifier: ViewNode] = [:]

    mutating func insert(_ node: ViewNode) { nodes[ObjectIdentifier(node)] = node }

    func contains(_ node: ViewNode) -> Bool { nodes[ObjectIdentifier(node)] === node }
}
