import Synchronization

/// What the reader's sink does once the file has been read.
protocol FileFinishing: AnyObject {
    /// Runs the whole-file checks and returns the file's audit.
    func finish(_ outcome: ReadOutcome) -> FileAudit
    /// Whether a folded leaf's id met another id of its screen (`LabelledLeafFoldingSink.foldedIDMet`):
    /// the audit is to be made again with no id folded.
    var foldedIDsMet: Bool { get }
    /// The file could not be read to the end; nothing more will come.
    func abandon()
}

/// Receives one file's screens as they are read, checks each at once, and keeps only the compact
/// navigation graph for the whole-file checks at the end.
final class FileRun: LabelledLeafFoldingSink, FileFinishing {
    let file: String
    let configuration: Configuration
    @exclusivity(unchecked) var audit: FileAudit
    /// The simulation settings in force (the description's own transition once its header is read).
    var settings: SimulationSettings { context.settings }
    let suppressions = SuppressionIndex()
    @exclusivity(unchecked) var findings = FindingList()
    let rules: [any Rule]
    /// Each rule's `check(screen:)` behind a class reference (`ScreenCheck`), called without
    /// counting a reference (`screenCheckRefs`): called on an element of `rules`, each rule's
    /// existential box was copied (and its fields retained and released) for every screen.
    /// Only rules that have a screen check (`Rule.checksScreens`) are here, each with its place in
    /// `rules` (`screenCheckRules`).
    private let screenChecks: [ScreenCheck]
    private let screenCheckRefs: [Unmanaged<ScreenCheck>]
    private let screenCheckRules: [Int]
    /// Each rule's id and default severity, taken from its description once per file.
    let ruleHeads: [(id: String, severity: Severity)]
    /// The ids of `ruleHeads`, which one collector goes through for each screen.
    private let ruleIDs: [String]
    /// The Interface Builder scenes read so far, which the rules' messages name (`SceneNames`).
    @exclusivity(unchecked) var scenes = SceneNames()
    /// An emptied store of a checked screen, for the next screen read (`recycle`).
    @exclusivity(unchecked) private var spareStore: ElementStore?
    /// Whether the whole-file checks may use a second thread (a one-file run with cores to spare).
    var sharesGraphChecks = false
    /// Whether a folded leaf's id met another id of its screen (`foldedIDMet`).
    private(set) var foldedIDsMet = false
    /// The collector the rules report to, kept for the whole file: for each screen the file's
    /// findings and scene names are exchanged into it and back out after (`FindingCollector.exchange`).
    /// Made for each screen and destroyed after, with the list and names moved in and out, it cost
    /// some 500 instructions a screen on files of many small screens.
    @exclusivity(unchecked) private var collector: FindingCollector
    /// Whether the builder asks this run whether a screen id was read before (`claimScreenID`):
    /// only where the builder hands each screen here as soon as it is read (one thread), so that
    /// the graph has every screen read before the one asking.
    var claimsScreenIDs = false

    init(file: String, configuration: Configuration, vocabulary: FixVocabulary = .description) {
        self.file = file
        self.configuration = configuration
        let rules = RuleRegistry.rules.filter { configuration.isEnabled($0.description.id) }.map {
            $0.configured(by: configuration)
        }
        self.rules = rules
        // Severities as configured: a rule that gives some findings a severity of their own
        // (`outlet_controls`) then keeps it, since the file's findings are not set again by rule.
        ruleHeads = rules.map {
            ($0.description.id, configuration.severity(of: $0.description.id, default: $0.description.severity))
        }
        ruleIDs = ruleHeads.map(\.id)
        screenCheckRules = rules.indices.filter { type(of: rules[$0]).checksScreens }
        screenChecks = screenCheckRules.map { ScreenCheck.of(rules[$0]) }
        screenCheckRefs = screenChecks.map { Unmanaged.passUnretained($0) }
        // A run whose configuration turns every rule off never reports through it.
        collector = FindingCollector(
            ruleIDs: ruleIDs.isEmpty ? [""] : ruleIDs, severity: .warning, adding: FindingList(), scenes: SceneNames())
        audit = FileAudit(file: file)
        let settings = SimulationSettings(
            transition: configuration.transition, modalRestoresFocus: configuration.modalRestoresFocus,
            dismissalFocus: configuration.presentations)
        context = RuleContext(
            settings: settings, maxRestoreDelay: configuration.maxRestoreDelay, suppressions: suppressions,
            vocabulary: vocabulary)
        if !configuration.keepsJourneys {
            audit.graph = NavigationGraph(compactWith: settings, keepsLostJourneys: configuration.keepsLostJourneys)
        }
    }

    /// What rules see; made once per file and updated by the header.
    @exclusivity(unchecked) private(set) var context: RuleContext

    func didReadHeader(_ header: AppHeader) {
        audit.appName = header.name
        audit.language = header.language
        if let transition = header.transition {
            context.settings.transition = transition
        }
        // What the description says about dismissals wins over the configuration, as its transition does.
        context.settings.dismissalFocus.merge(header.dismissalFocus) { _, own in own }
        if header.transition != nil || !header.dismissalFocus.isEmpty { audit.graph.update(context.settings) }
    }

    /// The screens to be checked next, before any other, are `screens` (in that order or not):
    /// links to them do not wait for their target (`NavigationGraph.expectScreens`).
    func expectScreens(_ screens: [Screen]) {
        audit.graph.expectScreens(ids: screens.lazy.map(\.id))
    }

    func didReadScreen(_ screen: consuming Screen) {
        scenes.add(screen)
        suppressions.startScreen(at: screen.location)
        for suppression in screen.suppressions {
            suppressions.add(suppression, element: screen.path, location: screen.location)
        }
        var elements: ElementStore?
        do {
            let analysis = ScreenAnalysis(screen: consume screen)
            check(analysis)
            elements = analysis.elements
        }
        // The analysis is gone here: its elements may be used again.
        recycle(&elements)
    }

    /// Runs the rules on a screen and adds it to the graph.
    private func check(_ analysis: ScreenAnalysis) {
        analysis.forEachElement { index, element in
            guard !element.node.suppressions.isEmpty else { return }
            let end = element.subtreeEnd < analysis.elements.count ? analysis.elements[element.subtreeEnd].node.location : nil
            for suppression in element.node.suppressions {
                suppressions.add(suppression, element: analysis.path(of: index), location: element.node.location, end: end)
            }
        }
        let context = self.context
        // The file's list and scene names are lent to the run's one collector for all the rules
        // (exchanged, so neither is copied); making and destroying a collector per rule and screen
        // showed in profiles.
        guard !screenCheckRules.isEmpty else {
            audit.graph.add(analysis)
            return
        }
        collector.exchange(findings: &findings, scenes: &scenes)
        for k in screenCheckRefs.indices {
            let rule = screenCheckRules[k]
            collector.reportAs(rule, ruleHeads[rule].severity)
            // `screenChecks` holds each check for as long as the run.
            screenCheckRefs[k]._withUnsafeGuaranteedRef { $0.check(analysis, context, &collector) }
        }
        collector.exchange(findings: &findings, scenes: &scenes)
        audit.graph.add(analysis)
    }

    /// Keeps a checked screen's store, emptied, for the next screen when nothing else holds it and it
    /// is small or medium (`ElementStore.isMedium`; one thread: the reader asks this run for
    /// stores). Most screens are small or of some dozen elements, and making and freeing a store
    /// for each took the allocator's slower paths, and the extras of its links with it.
    private func recycle(_ elements: inout ElementStore?) {
        // Taken out, so that this is its only reference unless something else holds it.
        guard spareStore == nil, var store = elements.take(), isKnownUniquelyReferenced(&store), store.isMedium else {
            return
        }
        store.removeAll()
        spareStore = store
    }

    func emptyElementStore() -> ElementStore {
        spareStore.take() ?? ElementStore()
    }

    /// Asks the navigation graph, which has every screen read before (`claimsScreenIDs`).
    func claimScreenID(_ id: String, screen index: Int) -> Bool? {
        guard claimsScreenIDs else { return nil }
        return audit.graph.claimScreenID(id, screen: index)
    }

    /// The screens go to the rules and the graph only (`DescriptionSink.foldsPlainLeaves`).
    var foldsPlainLeaves: Bool { configuration.foldsPlainLeaves }

    /// The role words of this run's `redundant_trait_in_label` (`LabelledLeafFoldingSink`).
    var foldingRoleWords: (any RoleWordFinder)? {
        for rule in rules { if let rule = rule as? RedundantTraitInLabelRule { return rule.wordTable } }
        return nil
    }

    /// Whether the reader folds a `Text` with an id (`LabelledLeafFoldingSink`): its id is compared
    /// with the screen's others when `duplicate_focus_id` runs, the only rule that reads it.
    var idLeafFolding: IDLeafFolding {
        guard configuration.foldsPlainLeaves && configuration.foldsIDLeaves else { return .off }
        return rules.contains { $0 is DuplicateFocusIDRule } ? .checked : .unchecked
    }

    func foldedIDMet() { foldedIDsMet = true }

    /// The findings so far, leaving the run's list empty.
    func takeFindings() -> FindingList {
        // Swapped out rather than copied and then replaced, which retained and released the list's
        // buffers once more for every screen.
        var taken = FindingList()
        swap(&taken, &findings)
        return taken
    }
}

extension FileRun {
    /// Takes over what `other` found: the run of the part of this file that follows the part read
    /// here (`XMLPartReader`). Screen findings, suppressions and the navigation graph come after
    /// this run's own, as if one run had read both parts.
    func absorb(_ other: FileRun) {
        findings.append(contentsOf: other.findings)
        scenes.merge(other.scenes)
        suppressions.absorb(other.suppressions)
        audit.graph.append(other.audit.graph)
    }
}

/// One rule's `check(screen:context:report:)` behind a class reference (`TypedScreenCheck`), so that
/// calling it for each screen neither opens nor copies an existential.
private class ScreenCheck {
    /// The check of `rule`, whatever its type.
    static func of(_ rule: any Rule) -> ScreenCheck { typed(rule) }

    private static func typed<R: Rule>(_ rule: R) -> ScreenCheck { TypedScreenCheck(rule) }

    func check(_ screen: ScreenAnalysis, _ context: RuleContext, _ report: inout FindingCollector) {}
}

private final class TypedScreenCheck<R: Rule>: ScreenCheck {
    let rule: R

    init(_ rule: R) { self.rule = rule }

    override func check(_ screen: ScreenAnalysis, _ context: RuleContext, _ report: inout FindingCollector) {
        rule.check(screen: screen, context: context, report: &report)
    }
}
