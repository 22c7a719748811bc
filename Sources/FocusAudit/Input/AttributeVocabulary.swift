/// The attributes of the description format, in one list: each one's XML spelling, its JSON key,
/// and the elements that take it. The builder's sets of known attributes (and so the
/// `invalid_description` messages about unknown ones), the JSON reader's key map and the number
/// readers look each name up by (`AttributeKey`) are all derived from it. `docs/focusaudit.xsd` and
/// `docs/focusaudit.schema.json` are written by hand; a test checks they list exactly these.
/// Values are checked where they are read (`DescriptionBuilder`), against the enums in
/// Model/Vocabulary.swift.
enum AttributeVocabulary {
    /// The elements an attribute may be written on.
    struct Places: OptionSet, Sendable {
        let rawValue: UInt8
        /// `<app>` (the top-level JSON object).
        static let app = Places(rawValue: 1)
        /// `<screen>`.
        static let screen = Places(rawValue: 2)
        /// Every view element.
        static let view = Places(rawValue: 4)
        /// `<AccessibilityFocusState>` (in JSON, a view object whose `view` is that name).
        static let focusState = Places(rawValue: 8)
    }

    struct Entry: Sendable {
        let key: AttributeKey
        /// The XML attribute name (kebab-case).
        let xml: String
        /// The JSON key (camelCase).
        let json: String
        let places: Places
    }

    // swift-format-ignore
    /// Every attribute, in the order docs/format.md introduces them.
    static let all: [Entry] = [
        // The app.
        Entry(key: .name,               xml: "name",                 json: "name",               places: [.app, .focusState]),
        Entry(key: .transition,         xml: "transition",           json: "transition",         places: .app),
        Entry(key: .language,           xml: "language",             json: "language",           places: .app),
        Entry(key: .sheetFocus,         xml: "sheet-focus",          json: "sheetFocus",         places: .app),
        Entry(key: .fullScreenCoverFocus, xml: "full-screen-cover-focus", json: "fullScreenCoverFocus", places: .app),
        Entry(key: .popoverFocus,       xml: "popover-focus",        json: "popoverFocus",       places: .app),
        // Screens.
        Entry(key: .id,                 xml: "id",                   json: "id",                 places: [.screen, .view]),
        Entry(key: .title,              xml: "title",                json: "title",              places: .screen),
        Entry(key: .root,               xml: "root",                 json: "root",               places: .screen),
        Entry(key: .restoreFocus,       xml: "restore-focus",        json: "restoreFocus",       places: [.screen, .view]),
        Entry(key: .restoreDelay,       xml: "restore-delay",        json: "restoreDelay",       places: .screen),
        Entry(key: .restoreTarget,      xml: "restore-target",       json: "restoreTarget",      places: .screen),
        Entry(key: .defaultFocus,       xml: "default-focus",        json: "defaultFocus",       places: .screen),
        Entry(key: .capture,            xml: "capture",              json: "capture",            places: [.screen, .view]),
        // Views.
        Entry(key: .label,              xml: "label",                json: "label",              places: .view),
        Entry(key: .hint,               xml: "hint",                 json: "hint",               places: .view),
        Entry(key: .value,              xml: "value",                json: "value",              places: .view),
        Entry(key: .traits,             xml: "traits",               json: "traits",             places: .view),
        Entry(key: .hidden,             xml: "hidden",               json: "hidden",             places: .view),
        Entry(key: .children,           xml: "children",             json: "children",           places: .view),
        Entry(key: .focus,              xml: "focus",                json: "focus",              places: .view),
        Entry(key: .onTap,              xml: "on-tap",               json: "onTap",              places: .view),
        Entry(key: .destination,        xml: "destination",          json: "destination",        places: .view),
        Entry(key: .push,               xml: "push",                 json: "push",               places: .view),
        Entry(key: .sheet,              xml: "sheet",                json: "sheet",              places: .view),
        Entry(key: .fullScreenCover,    xml: "full-screen-cover",    json: "fullScreenCover",    places: .view),
        Entry(key: .popover,            xml: "popover",              json: "popover",            places: .view),
        Entry(key: .dismiss,            xml: "dismiss",              json: "dismiss",            places: .view),
        Entry(key: .popToRoot,          xml: "pop-to-root",          json: "popToRoot",          places: .view),
        Entry(key: .decorative,         xml: "decorative",           json: "decorative",         places: .view),
        Entry(key: .systemName,         xml: "system-name",          json: "systemName",         places: .view),
        Entry(key: .asset,              xml: "asset",                json: "asset",              places: .view),
        Entry(key: .text,               xml: "text",                 json: "text",               places: .view),
        Entry(key: .presentation,       xml: "presentation",         json: "presentation",       places: .view),
        Entry(key: .font,               xml: "font",                 json: "font",               places: .view),
        Entry(key: .size,               xml: "size",                 json: "size",               places: .view),
        Entry(key: .lineLimit,          xml: "line-limit",           json: "lineLimit",          places: .view),
        Entry(key: .minimumScaleFactor, xml: "minimum-scale-factor", json: "minimumScaleFactor", places: .view),
        Entry(key: .repeated,           xml: "repeated",             json: "repeated",           places: .view),
        // A focus state (besides `name`).
        Entry(key: .bound,              xml: "bound",                json: "bound",              places: .focusState),
        Entry(key: .assigned,           xml: "assigned",             json: "assigned",           places: .focusState),
    ]

    /// The XML names of the attributes `place` takes.
    static func names(on place: Places) -> Set<String> {
        Set(all.lazy.filter { $0.places.contains(place) }.map(\.xml))
    }

    /// Attribute number by XML name.
    static let keyForName: [String: AttributeKey] = Dictionary(uniqueKeysWithValues: all.map { ($0.xml, $0.key) })

    /// XML name and number by JSON key.
    static let entryForJSONKey: [String: Entry] = Dictionary(uniqueKeysWithValues: all.map { ($0.json, $0) })
}

/// The attribute names of the format (XML spelling), by number, so the builder dispatches on a
/// number instead of comparing strings. Their spellings are in `AttributeVocabulary.all`.
enum AttributeKey: UInt8, Sendable {
    /// A name the format does not define.
    case other
    /// `xmlns`, `xmlns:…`, `xsi:…` and `$schema`: schema plumbing, allowed on every element and ignored.
    case schema
    // Views.
    case id, label, hint, value, traits, hidden, children, focus, onTap, destination, push, sheet, fullScreenCover, popover
    case dismiss, popToRoot, capture, decorative, systemName, asset, text, presentation, font, size
    case lineLimit, minimumScaleFactor, repeated
    // The app.
    case name, transition, language, sheetFocus, fullScreenCoverFocus, popoverFocus
    // Screens (besides `id` and `capture`).
    case title, root, restoreFocus, restoreDelay, restoreTarget, defaultFocus
    // A focus state (`<AccessibilityFocusState>`, besides `name`).
    case bound, assigned

    init(_ name: String) {
        if let key = AttributeVocabulary.keyForName[name] {
            self = key
        } else if name == "xmlns" || name == "$schema" || name.hasPrefix("xmlns:") || name.hasPrefix("xsi:") {
            self = .schema
        } else {
            self = .other
        }
    }
}
