extension FileRun {
    /// What happens to a file once it has been read, in this order (`finish`).
    enum FinishStep: CaseIterable {
        /// File-wide suppressions, and those whose element was never found, join the index.
        case addFileSuppressions
        /// Link targets resolved and every journey simulated (or taken from the compact graph).
        case simulate
        /// Every rule's whole-file check (GraphChecks.swift).
        case checkGraph
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
