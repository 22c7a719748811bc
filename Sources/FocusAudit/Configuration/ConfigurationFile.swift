/// `.focusaudit.yml`: found in the current directory or the nearest one above it, or named with
/// `--config`. Every key is checked: an unknown key or a bad value is an error naming the key and
/// its line, so a typo never silently does nothing.
public struct ConfigurationFile: Sendable {
    public static let fileName = ".focusaudit.yml"

    /// The file's path, as found.
    public var path: String
    /// The directory that globs in `included` and `excluded` are relative to.
    public var directory: String
    public var transition: Double?
    public var maxRestoreDelay: Double?
    public var modalRestoresFocus: Bool?
    /// `presentations: {sheet: loses, full-screen-cover: loses, popover: restores}`.
    public var presentations: [Presentation: DismissalFocus] = [:]
    public var strict: Bool?
    public var included: [String] = []
    public var excluded: [String] = []
    /// Per-rule severity; nil means `off`.
    public var severities: [String: Severity?] = [:]
    /// Rules turned on at their own severity: `opt_in_rules: [label_not_in_name]`, or
    /// `rules: {label_not_in_name: on}`.
    public var optInRules: Set<String> = []
    /// Role → words that repeat it (`redundant_trait_in_label`).
    public var roleWords: [String: [String]] = [:]
    public var docsURL: String?
    public var baseline: String?
    public var labelRuntimeAttributes: [String] = []
    public var fontRuntimeAttributes: [String] = []
    public var uikitFocus: UIKitFocus?
    /// Severity of `unlabeled_control` for empty controls an outlet names (`outlet_controls`);
    /// `.some(nil)` means `off`.
    public var outletControls: Severity??
    public var minTouchTarget: Double?
    public var components: [String: ComponentMapping] = [:]
    /// The language of the descriptions' text (BCP 47, `ko`), for the HTML report's `lang`.
    public var language: String?
    /// The HTML report's limits: findings listed per rule and in all.
    public var htmlFindingsPerRule: Int?
    public var htmlMaxFindings: Int?

    static let keys = [
        "transition", "max_restore_delay", "modal_restores_focus", "presentations", "strict", "included", "excluded", "rules",
        "redundant_role_words", "docs_url", "baseline", "label_runtime_attributes", "font_runtime_attributes", "uikit_focus",
        "outlet_controls",
        "language", "html_findings_per_rule", "html_max_findings", "min_touch_target", "components",
        "opt_in_rules",
    ]

    /// Report options with this file's settings (`docs_url`, `language`, the HTML limits).
    public func reportOptions(_ options: ReportOptions) -> ReportOptions {
        var options = options
        if let docsURL { options.docsURL = docsURL }
        if let language { options.language = language }
        if let htmlFindingsPerRule { options.htmlFindingsPerRule = htmlFindingsPerRule }
        if let htmlMaxFindings { options.htmlMaxFindings = htmlMaxFindings }
        return options
    }

    /// The nearest `.focusaudit.yml` from `directory` upwards, if any.
    public static func find(from directory: String) -> String? {
        var current = directory
        while true {
            let candidate = current == "/" ? "/" + fileName : current + "/" + fileName
            if Platform.pathExists(candidate) { return candidate }
            guard let slash = current.lastIndex(of: "/"), current != "/" else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    public static func load(path: String) throws(InputError) -> ConfigurationFile {
        let text: String
        switch TextFile.readOrExplain(path) {
        case .success(let read): text = read
        case .failure(let problem):
            let hint = problem.isMissing ? "; `focusaudit init` writes one with the defaults" : ""
            throw InputError(file: path, message: "cannot read the configuration file: \(problem.reason)\(hint)")
        }
        return try parse(text, path: path)
    }

    /// Reads a configuration file. Every problem with a key or value is found in one pass: the
    /// error thrown is the first, with the others in its `more`.
    public static func parse(_ text: String, path: String) throws(InputError) -> ConfigurationFile {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        var config = ConfigurationFile(path: path, directory: directory)
        let root: YAMLNode?
        do {
            root = try YAMLReader.read(text)
        } catch {
            throw InputError(file: path, location: error.location, message: "not valid YAML: \(error.message)")
        }
        guard let root else { return config }
        guard let mapping = root.mapping else {
            throw InputError(file: path, location: location(root), message: "the configuration must be a mapping of keys to values")
        }
        var problems: [InputError] = []
        for (keyNode, value) in mapping {
            do throws(InputError) {
                try read(keyNode, value, into: &config, path: path)
            } catch {
                problems.append(contentsOf: error.all)
            }
        }
        if var first = problems.first {
            first.more = Array(problems.dropFirst())
            throw first
        }
        return config
    }

    /// Reads one key and its value into `config`.
    private static func read(
        _ keyNode: YAMLNode, _ value: YAMLNode, into config: inout ConfigurationFile, path: String
    )
        throws(InputError)
    {
        do {
            let key = keyNode.string ?? ""
            let at = location(keyNode)
            // A key with no value (`rules:` followed only by comments) leaves the default.
            if Self.known(key), let s = scalar(value), ["", "~", "null"].contains(s) { return }
            switch key {
            case "transition": config.transition = try seconds(value, key, path)
            case "max_restore_delay": config.maxRestoreDelay = try seconds(value, key, path)
            case "modal_restores_focus": config.modalRestoresFocus = try bool(value, key, path)
            case "presentations": config.presentations = try presentations(value, path)
            case "strict": config.strict = try bool(value, key, path)
            case "included": config.included = try strings(value, key, path)
            case "excluded": config.excluded = try strings(value, key, path)
            case "docs_url": config.docsURL = try string(value, key, path)
            case "baseline": config.baseline = try string(value, key, path)
            case "label_runtime_attributes": config.labelRuntimeAttributes = try strings(value, key, path)
            case "font_runtime_attributes": config.fontRuntimeAttributes = try strings(value, key, path)
            case "uikit_focus": config.uikitFocus = try choice(value, key, path)
            case "outlet_controls": config.outletControls = .some(try severity(value, key, path))
            case "min_touch_target":
                guard let s = scalar(value), let points = DecimalText.parse(s), points > 0, points.isFinite else {
                    throw bad(value, key, path, "a size in points greater than 0, such as 44 or 24")
                }
                config.minTouchTarget = points
            case "rules":
                let (severities, on) = try severities(value, path)
                config.severities = severities
                config.optInRules.formUnion(on)
            case "opt_in_rules": config.optInRules.formUnion(try ruleIDs(value, key, path))
            case "language":
                let tag = try string(value, key, path)
                guard ReportOptions.isLanguageTag(tag) else {
                    throw bad(value, key, path, "a BCP 47 language tag such as ko or en-GB")
                }
                config.language = tag
            case "html_findings_per_rule": config.htmlFindingsPerRule = try count(value, key, path)
            case "html_max_findings": config.htmlMaxFindings = try count(value, key, path)
            case "redundant_role_words": config.roleWords = try roleWords(value, path)
            case "components": config.components = try components(value, path)
            default:
                throw InputError(
                    file: path, location: at,
                    message: Suggestion.closest(to: key, in: keys).map { "unknown key '\(key)'; did you mean '\($0)'?" }
                        ?? "unknown key '\(key)'; known keys: \(keys.joined(separator: ", "))")
            }
        }
    }

    /// Applies the file to a configuration; command-line flags are applied after, so they win.
    public func apply(to configuration: inout Configuration) {
        if let transition { configuration.transition = transition }
        if let maxRestoreDelay { configuration.maxRestoreDelay = maxRestoreDelay }
        if let modalRestoresFocus { configuration.modalRestoresFocus = modalRestoresFocus }
        for (kind, focus) in presentations { configuration.presentations[kind] = focus }
        if let strict { configuration.strict = strict }
        for (rule, severity) in severities { configuration.severities[rule] = severity }
        configuration.optInRules.formUnion(optInRules)
        for (role, words) in roleWords { configuration.roleWords[role] = words }
        configuration.excluded = excluded.map { Glob(pattern: $0, relativeTo: directory) }
        configuration.labelRuntimeAttributes.formUnion(labelRuntimeAttributes)
        configuration.fontRuntimeAttributes.formUnion(fontRuntimeAttributes)
        if let uikitFocus { configuration.uikitFocus = uikitFocus }
        if let outletControls { configuration.outletControls = outletControls }
        if let minTouchTarget { configuration.minTouchTarget = minTouchTarget }
        for (name, mapping) in components { configuration.components[name] = mapping }
    }

    /// `included`, as paths to audit when none are named on the command line.
    public var includedPaths: [String] {
        included.map { $0.hasPrefix("/") || directory == "." ? $0 : directory + "/" + $0 }
    }

    // MARK: - Values

    private static func location(_ node: YAMLNode) -> SourceLocation? {
        node.location
    }

    private static func known(_ key: String) -> Bool { keys.contains(key) }

    private static func bad(_ node: YAMLNode, _ key: String, _ path: String, _ expected: String) -> InputError {
        InputError(file: path, location: location(node), message: "'\(key)' must be \(expected)")
    }

    private static func scalar(_ node: YAMLNode) -> String? {
        node.string
    }

    private static func string(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> String {
        guard let s = scalar(node), !s.isEmpty else { throw bad(node, key, path, "a string") }
        return s
    }

    private static func seconds(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> Double {
        guard let s = scalar(node), let d = DecimalText.parse(s), d >= 0, d.isFinite else {
            throw bad(node, key, path, "a number of seconds such as 0.6")
        }
        return d
    }

    private static func count(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> Int {
        guard let s = scalar(node), !s.isEmpty, s.count <= 9, s.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(s), n >= 1
        else { throw bad(node, key, path, "a whole number of at least 1") }
        return n
    }

    private static func bool(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> Bool {
        switch scalar(node) {
        case "true": return true
        case "false": return false
        default: throw bad(node, key, path, "true or false")
        }
    }

    /// One of an enumeration's values, with the closest one suggested for a typo.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, _ key: String, _ path: String
    )
        throws(InputError) -> T where T.RawValue == String
    {
        let names = T.allCases.map(\.rawValue)
        let s = scalar(node) ?? ""
        if let value = T(rawValue: s) { return value }
        let suggestion = s.isEmpty ? "" : Suggestion.hint(for: s, in: names)
        throw InputError(
            file: path, location: location(node),
            message: "'\(key)' must be \(names.joined(separator: " or "))\(suggestion)")
    }

    private static func strings(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> [String] {
        if let s = scalar(node), !s.isEmpty { return [s] }
        guard case .sequence(let items, _) = node else { throw bad(node, key, path, "a list of strings") }
        var result: [String] = []
        for item in items {
            guard let s = scalar(item), !s.isEmpty else { throw bad(item, key, path, "a list of strings") }
            result.append(s)
        }
        return result
    }

    /// `rules:`: each rule's severity (nil for `off`), and the rules turned on at their own
    /// severity (`on`, also written `true`).
    private static func severities(
        _ node: YAMLNode, _ path: String
    ) throws(InputError) -> (severities: [String: Severity?], on: Set<String>) {
        guard let mapping = node.mapping else {
            throw bad(node, "rules", path, "a mapping of rule ids to error, warning, on or off")
        }
        var result: [String: Severity?] = [:]
        var on: Set<String> = []
        var problems: [InputError] = []
        for (keyNode, value) in mapping {
            let id = keyNode.string ?? ""
            guard RuleID.known.contains(id) else {
                problems.append(unknownRuleID(id, at: keyNode, under: "rules", path))
                continue
            }
            if let s = scalar(value), s == "on" || s == "true" {
                on.insert(id)
                continue
            }
            do throws(InputError) {
                result[id] = .some(try severity(value, "rules.\(id)", path, or: "error, warning, on or off"))
            } catch {
                problems.append(error)
            }
        }
        if var first = problems.first {
            first.more = Array(problems.dropFirst())
            throw first
        }
        return (result, on)
    }

    /// A rule id no rule has, with the closest known id suggested.
    private static func unknownRuleID(_ id: String, at node: YAMLNode, under key: String, _ path: String) -> InputError {
        InputError(
            file: path, location: location(node), message: "unknown rule id '\(id)' under '\(key)'\(Suggestion.hint(for: id, in: RuleID.all))")
    }

    /// `opt_in_rules:`: a list of rule ids, each checked like the keys under `rules:`.
    private static func ruleIDs(_ node: YAMLNode, _ key: String, _ path: String) throws(InputError) -> Set<String> {
        let items: [YAMLNode]
        if scalar(node) != nil {
            items = [node]
        } else if case .sequence(let list, _) = node {
            items = list
        } else {
            throw bad(node, key, path, "a list of rule ids")
        }
        var result: Set<String> = []
        var problems: [InputError] = []
        for item in items {
            let id = scalar(item) ?? ""
            guard RuleID.known.contains(id) else {
                problems.append(unknownRuleID(id, at: item, under: key, path))
                continue
            }
            result.insert(id)
        }
        if var first = problems.first {
            first.more = Array(problems.dropFirst())
            throw first
        }
        return result
    }

    /// `error`, `warning`, or nil for `off` (also written `false`).
    private static func severity(
        _ node: YAMLNode, _ key: String, _ path: String, or expected: String = "error, warning or off"
    ) throws(InputError) -> Severity? {
        switch scalar(node) {
        case "error": return .error
        case "warning": return .warning
        case "off", "false": return nil
        default: throw bad(node, key, path, expected)
        }
    }

    /// `components:`: a mapping of view type names to `{role: button, label: title, decorative: true}`.
    private static func components(_ node: YAMLNode, _ path: String) throws(InputError) -> [String: ComponentMapping] {
        guard let mapping = node.mapping else {
            throw bad(node, "components", path, "a mapping of view type names to {role, label, decorative}")
        }
        var result: [String: ComponentMapping] = [:]
        for (keyNode, value) in mapping {
            let name = keyNode.string ?? ""
            let key = "components.\(name)"
            guard let fields = value.mapping else { throw bad(value, key, path, "a mapping with role, label and decorative") }
            var component = ComponentMapping(role: "")
            for (fieldNode, fieldValue) in fields {
                let field = fieldNode.string ?? ""
                switch field {
                case "role":
                    let role = try string(fieldValue, key + ".role", path)
                    guard ComponentMapping.roles.contains(role) else {
                        throw InputError(
                            file: path, location: location(fieldValue),
                            message:
                                "unknown role '\(role)' for \(key)\(Suggestion.hint(for: role, in: ComponentMapping.roles)); roles: \(ComponentMapping.roles.joined(separator: ", "))"
                        )
                    }
                    component.role = role
                case "label": component.label = try string(fieldValue, key + ".label", path)
                case "decorative": component.decorative = try bool(fieldValue, key + ".decorative", path)
                default:
                    throw InputError(
                        file: path, location: location(fieldNode),
                        message:
                            "unknown key '\(field)' under \(key)\(Suggestion.hint(for: field, in: ["role", "label", "decorative"])); keys: role, label, decorative"
                    )
                }
            }
            guard !component.role.isEmpty else {
                throw InputError(file: path, location: location(keyNode), message: "\(key) needs a role (\(ComponentMapping.roles.joined(separator: ", ")))")
            }
            result[name] = component
        }
        return result
    }

    /// `presentations: {sheet: restores|loses, full-screen-cover: …, popover: …}`.
    private static func presentations(_ node: YAMLNode, _ path: String) throws(InputError) -> [Presentation: DismissalFocus] {
        let kinds = Presentation.allCases.filter { !$0.isPush }.map(\.rawValue)
        guard let mapping = node.mapping else {
            throw bad(node, "presentations", path, "a mapping of presentation kinds (\(kinds.joined(separator: ", "))) to restores or loses")
        }
        var result: [Presentation: DismissalFocus] = [:]
        for (keyNode, value) in mapping {
            let name = keyNode.string ?? ""
            // `fullScreenCover`, as SwiftUI spells the modifier, is the same kind.
            guard let kind = Presentation(rawValue: name == "fullScreenCover" ? "full-screen-cover" : name), !kind.isPush else {
                throw InputError(
                    file: path, location: location(keyNode),
                    message:
                        "unknown presentation kind '\(name)' under 'presentations'\(Suggestion.hint(for: name, in: kinds)); kinds: \(kinds.joined(separator: ", "))"
                )
            }
            result[kind] = try choice(value, "presentations.\(name)", path)
        }
        return result
    }

    private static func roleWords(_ node: YAMLNode, _ path: String) throws(InputError) -> [String: [String]] {
        let roles = RedundantTraitInLabelRule.roleWords.map(\.role)
        guard let mapping = node.mapping else {
            throw bad(node, "redundant_role_words", path, "a mapping of roles (\(roles.joined(separator: ", "))) to word lists")
        }
        var result: [String: [String]] = [:]
        for (keyNode, value) in mapping {
            let role = keyNode.string ?? ""
            guard roles.contains(role) else {
                throw InputError(
                    file: path, location: location(keyNode),
                    message:
                        "unknown role '\(role)' under 'redundant_role_words'\(Suggestion.hint(for: role, in: roles)); roles: \(roles.joined(separator: ", "))")
            }
            result[role] = try strings(value, "redundant_role_words.\(role)", path)
        }
        return result
    }
}

/// A path pattern from `included`/`excluded`: `*` matches within one path component, `**` across
/// components, `?` one character. Patterns are relative to the configuration file's directory.
public struct Glob: Sendable, Hashable {
    public var pattern: String

    public init(pattern: String, relativeTo directory: String = ".") {
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        if !p.hasPrefix("/") && directory != "." { p = directory + "/" + p }
        self.pattern = p
    }

    /// Whether `path` (or a directory above it) matches.
    public func matches(_ path: String) -> Bool {
        var p = path
        while p.hasPrefix("./") { p.removeFirst(2) }
        let target = Array(p.unicodeScalars)
        let glob = Array(pattern.unicodeScalars)
        if Self.match(glob, 0, target, 0) { return true }
        // A pattern naming a directory excludes everything under it.
        for (i, c) in target.enumerated() where c == "/" {
            if Self.match(glob, 0, Array(target[..<i]), 0) { return true }
        }
        return false
    }

    private static func match(_ g: [Unicode.Scalar], _ gi: Int, _ t: [Unicode.Scalar], _ ti: Int) -> Bool {
        var gi = gi
        var ti = ti
        while gi < g.count {
            if g[gi] == "*" {
                let doubleStar = gi + 1 < g.count && g[gi + 1] == "*"
                var next = gi + (doubleStar ? 2 : 1)
                if doubleStar && next < g.count && g[next] == "/" { next += 1 }
                var k = ti
                while true {
                    if match(g, next, t, k) { return true }
                    if k >= t.count || (!doubleStar && t[k] == "/") { return false }
                    k += 1
                }
            }
            guard ti < t.count else { return false }
            if g[gi] != "?" && g[gi] != t[ti] { return false }
            if g[gi] == "?" && t[ti] == "/" { return false }
            gi += 1
            ti += 1
        }
        return ti == t.count
    }
}

extension ConfigurationFile {
    /// `baseline`, relative to the configuration file's directory.
    public var baselinePath: String? {
        baseline.map { $0.hasPrefix("/") || directory == "." ? $0 : directory + "/" + $0 }
    }

    /// What `focusaudit init` writes: every key, commented, with its default.
    public static let template = """
        # focusaudit configuration. Command-line flags win over this file; a description's own
        # `transition` wins over the value here.

        # Paths audited when `focusaudit check` is run without any (files or directories).
        included:
          - .
        # Files found in directories that match these patterns are skipped (* within a name,
        # ** across directories), relative to this file.
        excluded:
          - "**/Generated/**"

        # Push/pop animation length in seconds, for descriptions that do not give one.
        transition: 0.35
        # Longest acceptable restore-delay in seconds (excessive_restoration_delay).
        max_restore_delay: 1.5
        # What dismissing each kind of presentation does to VoiceOver focus: restores (the platform
        # puts it back on the presenting control) or loses (only an onDismiss restoration does).
        # SwiftUI source defaults to loses for all three (docs/simulation.md says why); a kind not
        # named here follows modal_restores_focus in descriptions and storyboards.
        # presentations: {sheet: loses, full-screen-cover: loses, popover: loses}
        # Whether dismissing a sheet or full-screen cover returns focus to the presenting control
        # (descriptions and storyboards; false judges a dismissal like a pop).
        modal_restores_focus: true
        # Fail on warnings too.
        strict: false

        # Severity per rule: error, warning or off.
        rules:
          # unreachable_screen: off
          # image_missing_label: error

        # Words that repeat a role in a label (redundant_trait_in_label); a list replaces the built-in
        # one for that role. Roles: button, link, image, toggle, heading, tab.
        # redundant_role_words:
        #   button: [button, btn, 버튼]

        # SwiftUI source: custom components read as a built-in role, named by one of their
        # arguments (roles: button, link, toggle, image, text, textfield, container).
        # components:
        #   IconButton: {role: button, label: title}
        #   Avatar: {role: image, decorative: true}

        # Accepted findings (see `focusaudit check --write-baseline`).
        # baseline: focusaudit-baseline.json

        # Storyboards and xibs: key paths of user-defined runtime attributes that set an
        # accessibility label at run time, so controls carrying them count as labelled.
        # label_runtime_attributes: [localVOLabelKey]
        # Key paths of runtime attributes through which the project's own classes set a view's font
        # in code (a text style read from the attribute), so the font in the file is not judged.
        # font_runtime_attributes: [ibEnaStyle]
        # What UIKit does with VoiceOver focus when a navigation controller pops back to a storyboard
        # or xib screen: system (focus returns to the control that was activated) or none (focus
        # starts again at the top of the screen). Dismissing a modal follows modal_restores_focus.
        uikit_focus: system
        # Severity of unlabeled_control for a control with no title, image or label that an outlet
        # names (code may title it): error, warning or off. It wins over rules: unlabeled_control,
        # except that off there turns these off too.
        outlet_controls: warning
        # Smallest width and height of a touch target in points (small_touch_target): 44 as Apple's
        # Human Interface Guidelines ask; WCAG 2.5.8 asks for at least 24.
        min_touch_target: 44

        # Base address of the rule pages, for links in SARIF and HTML reports.
        # docs_url: https://example.com/focusaudit/rules

        # The language of the descriptions' titles and labels (a BCP 47 tag), so that screen readers
        # read them in the right voice in the HTML report.
        # language: ko
        # The HTML report lists at most this many findings of each rule, and in all (the JSON and
        # SARIF reports list every finding).
        # html_findings_per_rule: 200
        # html_max_findings: 5000

        """
}
