import Dispatch

extension FileRun {
    /// Links from which the whole-file checks are shared with a second thread (`sharesGraphChecks`):
    /// below it, starting one costs more than it saves.
    static let sharedGraphCheckLinks = 8_192

    /// Runs every rule's whole-file check.
    ///
    /// With `sharesGraphChecks` and a large graph, the checks of rules that may report every link
    /// (`Rule.reportsEveryLink`, such as `unbound_focus_target`: tens of thousands of findings in a
    /// large app) run here, straight into the file's list, while a second thread runs the other
    /// rules' checks, which report per screen or per missing destination, into a list of its own
    /// that is then appended. Findings of different rules then stand in another order than one
    /// thread leaves them, which sorting into report order undoes (it orders them by rule); a
    /// rule's own findings keep their order. Those checks read only the graph and the journeys, so
    /// the two threads share nothing that either one writes.
    func checkGraph() {
        // One copy of the graph for all the rules: read from the audit, it was copied for each.
        let work = GraphChecks(
            rules: rules, heads: ruleHeads, graph: audit.graph, journeys: audit.journeys, context: context,
            scenes: scenes)
        let here = rules.indices.filter { type(of: rules[$0]).reportsEveryLink }
        guard sharesGraphChecks, !here.isEmpty, rules.count > here.count,
            work.graph.linkCount >= Self.sharedGraphCheckLinks
        else {
            findings = work.run(Array(rules.indices), adding: takeFindings())
            return
        }
        let others = rules.indices.filter { !type(of: rules[$0]).reportsEveryLink }
        let result = Slot(FindingList())
        let done = DispatchSemaphore(value: 0)
        let shared = Slot(work)
        DispatchQueue.global().async {
            result.value = shared.value.run(others, adding: FindingList())
            done.signal()
        }
        findings = work.run(here, adding: takeFindings())
        // The semaphore orders the other thread's writes before the reads here.
        done.wait()
        findings.append(contentsOf: result.value)
    }
}

/// What the whole-file checks read (`FileRun.checkGraph`), in one value for either thread.
private struct GraphChecks {
    let rules: [any Rule]
    let heads: [(id: String, severity: Severity)]
    let graph: NavigationGraph
    let journeys: [Journey]
    let context: RuleContext
    let scenes: SceneNames

    /// Runs the whole-file checks of the rules at `indices`, in that order, adding to `list`.
    func run(_ indices: [Int], adding list: FindingList) -> FindingList {
        var list = list
        for i in indices {
            var collector = FindingCollector(
                ruleID: heads[i].id, severity: heads[i].severity, adding: list, scenes: scenes)
            rules[i].check(graph: graph, journeys: journeys, context: context, report: &collector)
            list = collector.takeFindings()
        }
        return list
    }
}
