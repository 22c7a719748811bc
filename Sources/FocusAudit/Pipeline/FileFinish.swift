extension FileRun {
    /// What happens to a file once it has been read, in this order (`finish`).
    enum FinishStep: CaseIterable {
        /// File-wide suppressions, and those whose element was never found, join the index.
        case addFileSuppressions
        /// Link targets resolved and every journey simulated (or taken from the compact graph).
        case simulate
        /// Every rule's whole-file check (GraphChecks.swift).
        case checkGraph
        /// Messages about elements of an Interface Builder scene start with the scene's name.
        case nameScenes
        /// The reader's findings (`invalid_description`) join the rules'.
        case addReaderFindings
        /// Findings of rules turned off are dropped before suppressions see them, so suppressing an
        /// off rule is not reported as superfluous either.
        case dropDisabledRules
        case applySuppressions
        /// `superfluous_suppression`; a suppression of it (say, file-wide) silences these too.
        case reportSuperfluousSuppressions
        /// Rules' findings have their configured severity already (`ruleHeads`); this sets the
        /// others' (`invalid_description`, `superfluous_suppression`), and the file name.
        case setFileAndSeverities
        case sortInReportOrder
    }

    /// Runs the steps of `FinishStep` in order and returns the file's audit.
    func finish(_ outcome: ReadOutcome) -> FileAudit {
        for step in FinishStep.allCases { run(step, outcome) }
        audit.findings = takeFindings()
        return audit
    }

    func abandon() {}

    private func run(_ step: FinishStep, _ outcome: ReadOutcome) {
        let configuration = self.configuration
        switch step {
        case .addFileSuppressions:
            for suppression in outcome.fileSuppressions { suppressions.addFileWide(suppression) }
            for suppression in outcome.orphanSuppressions { suppressions.addOrphan(suppression) }
        case .simulate:
            audit.transition = settings.transition
            audit.graph.resolveTargets()
            audit.journeys =
                audit.graph.keepsJourneys
                ? Simulator.journeys(in: audit.graph, settings: settings) : audit.graph.takeCompactJourneys()
        case .checkGraph:
            checkGraph()
        case .nameScenes:
            nameScenes()
        case .addReaderFindings:
            findings.append(contentsOf: outcome.diagnostics)
        case .dropDisabledRules:
            findings.removeFindings(ofRules: { !configuration.isEnabled($0) })
        case .applySuppressions:
            let suppressions = self.suppressions
            if !suppressions.silencesNothing {
                findings.removeAll { suppressions.suppresses($0.rule, at: $0.element, location: $0.location) }
            }
        case .reportSuperfluousSuppressions:
            if configuration.isEnabled(RuleID.superfluousSuppression) {
                findings.append(
                    contentsOf: suppressions.filter(suppressions.superfluous(onlyFor: configuration.isEnabled)))
            }
        case .setFileAndSeverities:
            findings.setFile(file)
            findings.setSeverities { rule, current in
                rule == RuleID.unlabeledControl ? current : configuration.severity(of: rule, default: current)
            }
        case .sortInReportOrder:
            findings.sortInReportOrder()
        }
    }
}

extension FileRun {
    /// Starts each message about an element of an Interface Builder scene with the scene's name
    /// (`FriendsViewController ("친구"): Button …`), since controller ids mean nothing to a reader.
    /// Screen-level messages already name their screen.
    func nameScenes() {
        guard !sceneNames.isEmpty else { return }
        findings = FindingList(
            findings.lazy.map { finding in
                guard let screen = Self.screenStep(of: finding.element), let name = self.sceneNames[screen] else {
                    return finding
                }
                var named = finding
                named.message = name + ": " + finding.message
                if !self.outsideHierarchy.isEmpty, let outlet = self.outsideOutlet(of: finding.element) {
                    named.message +=
                        " (this view is outside the scene's view hierarchy: it is on screen only if code adds it"
                        + (outlet.isEmpty ? ")" : ", through outlet '\(outlet)')")
                }
                return named
            })
    }

    /// The outlet of the view outside its scene's view hierarchy that holds the element at `path`.
    func outsideOutlet(of path: String) -> String? {
        for (prefix, outlet) in outsideHierarchy where path == prefix || path.hasPrefix(prefix + "/") {
            return outlet
        }
        return nil
    }

    /// The `screen[…]` step of an element path below a screen; nil for the screen itself or `app`.
    static func screenStep(of path: String) -> String? {
        var escaped = false
        for i in path.indices {
            let c = path[i]
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "/" {
                return String(path[..<i])
            }
        }
        return nil
    }
}
