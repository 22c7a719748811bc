/// The attribute names the Interface Builder importer reads, as numbers. The XML reader works a
/// name's number out once per distinct name (by its slot in `NameCache`), so that an element's
/// attributes are looked up by comparing bytes rather than by hashing strings into a dictionary
/// for every element (which was most of the importer's time on large storyboards).
enum IBAttributeName: UInt8, CaseIterable {
    /// Any name the importer does not read.
    case other = 0
    case adjustsFontForContentSizeCategory, adjustsFontSizeToFit, backgroundImage, buttonType, catalog, constant
    case content, customClass, destination, editable, firstAttribute, firstItem, fixedFrame, height, hidden, hint, id, image
    case initialViewController, isElement, key, keyPath, kind, label, minimumFontSize, minimumScaleFactor
    case modalPresentationStyle, multiplier, name, numberOfLines, placeholder, placeholderIdentifier, pointSize, priority, property
    case referencedIdentifier
    case relation, relationship, secondItem, secureTextEntry, selected, storyboardIdentifier, storyboardName, style
    case size, systemItem, text, title, type, userInteractionEnabled, value, weight, width, x, y

    /// The number of an attribute name: the case of the same spelling, else `.other`.
    init(_ name: String) {
        self = Self.byName[name] ?? .other
    }

    // A new case needs its spelling here (InterfaceBuilderNamesTests checks every case).
    // Spelt out: naming the cases through `String(describing:)` looks up conformances at run time,
    // which showed in the start-up of every file.
    private static let byName: [String: IBAttributeName] = [
        "adjustsFontForContentSizeCategory": .adjustsFontForContentSizeCategory,
        "adjustsFontSizeToFit": .adjustsFontSizeToFit, "backgroundImage": .backgroundImage,
        "buttonType": .buttonType, "catalog": .catalog, "constant": .constant, "content": .content,
        "customClass": .customClass, "destination": .destination, "editable": .editable,
        "firstAttribute": .firstAttribute, "firstItem": .firstItem, "fixedFrame": .fixedFrame, "height": .height,
        "hidden": .hidden,
        "hint": .hint, "id": .id, "image": .image, "initialViewController": .initialViewController,
        "isElement": .isElement, "key": .key, "keyPath": .keyPath, "kind": .kind, "label": .label,
        "minimumFontSize": .minimumFontSize, "minimumScaleFactor": .minimumScaleFactor,
        "modalPresentationStyle": .modalPresentationStyle, "multiplier": .multiplier, "name": .name,
        "numberOfLines": .numberOfLines, "placeholder": .placeholder, "placeholderIdentifier": .placeholderIdentifier, "pointSize": .pointSize,
        "priority": .priority, "property": .property,
        "referencedIdentifier": .referencedIdentifier, "relation": .relation, "relationship": .relationship,
        "secondItem": .secondItem, "secureTextEntry": .secureTextEntry, "selected": .selected, "size": .size,
        "storyboardIdentifier": .storyboardIdentifier, "storyboardName": .storyboardName, "style": .style,
        "systemItem": .systemItem, "text": .text, "title": .title, "type": .type,
        "userInteractionEnabled": .userInteractionEnabled, "value": .value, "weight": .weight,
        "width": .width, "x": .x, "y": .y,
    ]
}

/// One element's attributes as the importer reads them: the reader's list with each name's number
/// (`IBAttributeName`) beside it.
struct IBAttributes {
    let raw: UnsafeBufferPointer<Attribute>
    /// `raw`'s names as numbers, one for each attribute.
    let names: UnsafeBufferPointer<IBAttributeName>

    /// The string value of the attribute `name`; of the last one, should there be several (as a
    /// dictionary filled in order would keep).
    subscript(_ name: IBAttributeName) -> String? {
        var i = raw.count
        while i > 0 {
            i -= 1
            if names[i] == name, case .string(let s) = raw[i].value { return s }
        }
        return nil
    }

    /// Every attribute with a string value, by name, each name once (the last value), sorted by name.
    var sortedByName: [(name: String, value: String)] {
        var byName: [String: String] = [:]
        for attribute in raw {
            if case .string(let s) = attribute.value { byName[attribute.name] = s }
        }
        return byName.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

/// What the importer does with an element, from its name alone: worked out once per distinct name
/// by the XML reader (`IBAttributeName`'s reason) rather than by hashing the name for every element.
struct IBElementKind {
    /// A view controller element (`viewController`, `navigationController`, …).
    var isController: Bool
    /// The model type of a view element (`button` → `Button`); nil for anything else.
    var viewType: String?
    /// An element a waiting suppression passes over (`scene`, `objects`, …).
    var isSuppressionWrapper: Bool
    /// The name as the importer compares it.
    var name: IBElementName

    init(_ name: String) {
        self.name = IBElementName(name)
        isController = StoryboardImporter.controllerNames.contains(name)
        viewType = StoryboardImporter.viewTypes[name]
        isSuppressionWrapper = StoryboardImporter.suppressionWrappers.contains(name)
    }
}

/// The element names the Interface Builder importer tells apart, as numbers: every controller and
/// view element it models (`StoryboardImporter.controllerNames`, `viewTypes`), the wrappers a
/// suppression passes over, and every other element name it compares. Worked out once per distinct
/// name with the element's kind (`IBElementKind`), so that the importer compares numbers where it
/// compared the name's string with a dozen literals for every element. A name with a prefix
/// (`ib:label`) is `.other`, as its string matched none of the literals.
enum IBElementName: UInt8, CaseIterable {
    /// Any name the importer does not tell apart.
    case other = 0
    // Controllers.
    case viewController, tableViewController, collectionViewController, navigationController, tabBarController
    case splitViewController, pageViewController, viewControllerPlaceholder, avPlayerViewController, glkViewController
    case hostingController
    // Views.
    case button, barButtonItem, tabBarItem, `switch`, slider, segmentedControl, segment, textField, stepper, datePicker
    case imageView, label, view, stackView, scrollView, tableView, collectionView, tableViewCell, collectionViewCell
    case collectionReusableView, tableViewCellContentView, collectionViewCellContentView, tableViewHeaderFooterView
    case containerView, visualEffectView, navigationBar, toolbar, tabBar, searchBar, pageControl, activityIndicatorView
    case progressView, textView, pickerView, mapView, wkWebView, webView, sceneKitView, mtkView, arscnView
    // Wrappers a waiting suppression passes over.
    case scenes, scene, objects, subviews
    // Everything else the importer reads or compares.
    case accessibility, accessibilityTraits, attributedString, attributes, bool, buttonConfiguration, connections
    case constraint, constraints, font, fontDescription, fragment, image, imageReference, inferredMetricsTieBreakers
    case items, navigationItem, outlet, outletCollection, placeholder, rect, resources, segue, state, string
    case tapGestureRecognizer, textInputTraits, userDefinedRuntimeAttribute

    /// The number of an element name: the case of the same spelling, else `.other`.
    init(_ name: String) {
        self = Self.byName[name] ?? .other
    }

    /// Whether the element leaves a table view cell one element (`StoryboardImporter.textLikeElements`).
    var isTextLike: Bool {
        switch self {
        case .label, .imageView, .view, .stackView, .tableViewCellContentView, .collectionViewCellContentView: return true
        default: return false
        }
    }

    // A new case needs its spelling here (InterfaceBuilderNamesTests checks every case and the
    // importer's tables).
    static let byName: [String: IBElementName] = [
        "viewController": .viewController, "tableViewController": .tableViewController,
        "collectionViewController": .collectionViewController, "navigationController": .navigationController,
        "tabBarController": .tabBarController, "splitViewController": .splitViewController,
        "pageViewController": .pageViewController, "viewControllerPlaceholder": .viewControllerPlaceholder,
        "avPlayerViewController": .avPlayerViewController, "glkViewController": .glkViewController,
        "hostingController": .hostingController,
        "button": .button, "barButtonItem": .barButtonItem, "tabBarItem": .tabBarItem, "switch": .switch,
        "slider": .slider, "segmentedControl": .segmentedControl, "segment": .segment, "textField": .textField,
        "stepper": .stepper, "datePicker": .datePicker, "imageView": .imageView, "label": .label, "view": .view,
        "stackView": .stackView, "scrollView": .scrollView, "tableView": .tableView, "collectionView": .collectionView,
        "tableViewCell": .tableViewCell, "collectionViewCell": .collectionViewCell,
        "collectionReusableView": .collectionReusableView, "tableViewCellContentView": .tableViewCellContentView,
        "collectionViewCellContentView": .collectionViewCellContentView,
        "tableViewHeaderFooterView": .tableViewHeaderFooterView, "containerView": .containerView,
        "visualEffectView": .visualEffectView, "navigationBar": .navigationBar, "toolbar": .toolbar, "tabBar": .tabBar,
        "searchBar": .searchBar, "pageControl": .pageControl, "activityIndicatorView": .activityIndicatorView,
        "progressView": .progressView, "textView": .textView, "pickerView": .pickerView, "mapView": .mapView,
        "wkWebView": .wkWebView, "webView": .webView, "sceneKitView": .sceneKitView, "mtkView": .mtkView,
        "arscnView": .arscnView,
        "scenes": .scenes, "scene": .scene, "objects": .objects, "subviews": .subviews,
        "accessibility": .accessibility, "accessibilityTraits": .accessibilityTraits,
        "attributedString": .attributedString, "attributes": .attributes, "bool": .bool,
        "buttonConfiguration": .buttonConfiguration, "connections": .connections, "constraint": .constraint,
        "constraints": .constraints, "font": .font, "fontDescription": .fontDescription, "fragment": .fragment,
        "image": .image, "imageReference": .imageReference, "inferredMetricsTieBreakers": .inferredMetricsTieBreakers,
        "items": .items, "navigationItem": .navigationItem, "outlet": .outlet, "outletCollection": .outletCollection,
        "placeholder": .placeholder, "rect": .rect, "resources": .resources, "segue": .segue, "state": .state,
        "string": .string, "tapGestureRecognizer": .tapGestureRecognizer, "textInputTraits": .textInputTraits,
        "userDefinedRuntimeAttribute": .userDefinedRuntimeAttribute,
    ]
}
