/// Settings of a run. Precedence: command-line flags over the config file over these defaults; a
/// description's own `transition` wins over all.
public struct Configuration: Sendable {
    /// Transition length used when a description does not give one.
    public var transition: Double = 0.35
    /// Longest acceptable `restore-delay` (`excessive_restoration_delay`).
    public var maxRestoreDelay: Double = 1.5
    /// Whether dismissing a sheet or cover returns focus to the presenting control, for the kinds
    /// `presentations` does not name, and for storyboard and xib scenes (UIKit presentations).
    public var modalRestoresFocus = true
    /// What dismissing each kind of presentation does to VoiceOver focus (`presentations:`), for
    /// descriptions and SwiftUI source; kinds not named follow `modalRestoresFocus` in descriptions
    /// and `SwiftUIPlatform.dismissalFocus` in SwiftUI source.
    public var presentations: [Presentation: DismissalFocus] = [:]
    /// Warnings fail the run too.
    public var strict = false
    /// Files audited at once; output never depends on it.
    public var jobs: Int = Configuration.defaultJobs
    /// Severity overrides by rule id; a nil value turns the rule off.
    public var severities: [String: Severity?] = [:]
    /// Opt-in rules turned on at their own severity (`RuleID.optIn`; `opt_in_rules:`, or `on` under
    /// `rules:`). A severity under `rules:` turns one on too.
    public var optInRules: Set<String> = []
    /// Words that repeat a role, by role (`redundant_trait_in_label`); replaces the built-in list.
    public var roleWords: [String: [String]] = [:]
    /// Files found in directories that match one of these are not audited.
    public var excluded: [Glob] = []
    /// Key paths of Interface Builder runtime attributes that set an accessibility label at run
    /// time (a project's own `localVOLabelKey`, say); a control carrying one counts as labelled.
    public var labelRuntimeAttributes: Set<String> = []
    /// Key paths of Interface Builder runtime attributes through which a project's own classes set a
    /// view's font in code (a label class that reads a text style from `ibEnaStyle`, say): the font
    /// in the file is not the one drawn, so it is not judged.
    public var fontRuntimeAttributes: Set<String> = []
    /// What the simulator assumes UIKit does with VoiceOver focus when a navigation controller pops
    /// back to a storyboard or xib screen (`uikit_focus`).
    public var uikitFocus: UIKitFocus = .system
    /// Severity of `unlabeled_control` for an Interface Builder control with no title, image or
    /// label that an outlet names, since code may title it (`outlet_controls`); nil turns those
    /// findings off. It wins over `rules: unlabeled_control` (which still turns the rule off).
    public var outletControls: Severity? = .warning
    /// The smallest width and height in points a touch target may have (`small_touch_target`):
    /// 44 as Apple's Human Interface Guidelines ask; 24 is WCAG 2.5.8's minimum.
    public var minTouchTarget: Double = 44
    /// Custom SwiftUI components read as a built-in role (`components:`): `IconButton` as a button
    /// named by its `title` argument, `Avatar` as a decorative image.
    public var components: [String: ComponentMapping] = [:]
    /// Treat named files like files found in a directory: skip (and count) those that are not
    /// descriptions instead of failing on them. For hooks that pass every changed `.json`/`.xml`.
    public var skipNonDescriptions = false
    /// Whether each file's audit keeps every link and simulated journey (`FileAudit.graph.links`,
    /// `FileAudit.journeys`), as `simulate` and the HTML report show them. Without it only what
    /// findings need is kept, which takes far less memory on large apps; the findings are the same.
    public var keepsJourneys = true
    /// Without `keepsJourneys`: whether every journey that loses focus is kept (the HTML report
    /// counts and lists them), or only those some rule reads (`Journey.Outcome.isReadByRules`). A
    /// link that loses focus only through a shared focus value, a short delay or not being an
    /// element of its own is reported by screen checks, not from its journey; without a record and
    /// a journey for each, an app whose links all lose focus that way keeps eight bytes a link
    /// instead of about 220. The findings are the same either way.
    public var keepsLostJourneys = true

    /// The smallest part a large XML description is cut into to be read on several cores at once
    /// (`XMLPartReader`): a file is read in as many parts as there are jobs, and in parts at all
    /// only when each part would be at least this large.
    var minimumPartSize = 4 << 20

    /// Whether a description's plain leaves, which nothing reads once their screen is read, are
    /// left out of the screen's elements (`DescriptionBuilder.foldsClosedLeaf`); tests turn it off
    /// to check that reports are the same bytes either way.
    var foldsPlainLeaves = true
    /// Whether, when plain leaves are folded, a `Text` with an id and a text and nothing else is
    /// folded too (`DescriptionBuilder.foldsIDLeaf`); a file where a folded id meets another id of
    /// its screen is read again with this off.
    var foldsIDLeaves = true

    /// Whether a rule runs at all.
    public func isEnabled(_ rule: String) -> Bool {
        if let override = severities[rule] { return override != nil }
        return !RuleID.optIn.contains(rule) || optInRules.contains(rule)
    }

    /// The severity findings of `rule` get.
    public func severity(of rule: String, default value: Severity) -> Severity {
        (severities[rule] ?? value) ?? value
    }

    public init() {}

    /// The settings the Interface Builder importer reads, in one value.
    var interfaceBuilder: InterfaceBuilderOptions {
        InterfaceBuilderOptions(
            labelRuntimeAttributes: labelRuntimeAttributes, fontRuntimeAttributes: fontRuntimeAttributes, focus: uikitFocus)
    }

    public static var defaultJobs: Int {
        max(1, ProcessInfoLite.activeProcessorCount)
    }
}

/// What happens to VoiceOver focus when a UIKit navigation controller pops back to a screen read
/// from a storyboard or xib (modal dismissal is `modalRestoresFocus`).
public enum UIKitFocus: String, CaseIterable, Sendable {
    /// UIKit returns focus to the control that was activated, after its 0.35 s transition.
    case system
    /// Nothing restores focus: VoiceOver starts again at the top of the screen (its title first).
    case none
}

enum ProcessInfoLite {
    static var activeProcessorCount: Int {
        Platform.processorCount
    }
}

/// How a custom view is read (`components:` in `.focusaudit.yml`).
public struct ComponentMapping: Sendable, Equatable {
    /// The roles a component can have.
    public static let roles = ["button", "link", "toggle", "image", "text", "textfield", "container"]

    /// One of `roles`.
    public var role: String
    /// The argument label whose value names it (`title`); `_` for the first unlabelled argument.
    public var label: String?
    /// An image that is decoration (`Image(decorative:)`).
    public var decorative: Bool

    public init(role: String, label: String? = nil, decorative: Bool = false) {
        self.role = role
        self.label = label
        self.decorative = decorative
    }
}
