import Testing

@testable import FocusAudit

/// Screens go from the reader to the rules by move, and on one thread a checked small screen's
/// store is emptied and used for the next screen; these tests compare that with screens read each
/// into a store of its own.
@Suite struct ScreenHandOverTests {
    /// Screen `i` of `count` views, whose names, ids and problems depend on `i`.
    private func screen(_ i: Int, views count: Int) -> String {
        var body = "<screen id=\"s\(i)\"\(i % 3 == 0 ? " title=\"Screen \(i)\"" : "")>"
        for k in 0..<count {
            switch (i + k) % 5 {
            case 0: body += "<Button id=\"b\(k)\" push=\"s\(i + 1)\"\(k % 2 == 0 ? "" : " label=\"Go \(i) \(k)\"")/>"
            case 1: body += "<Image id=\"i\(k)\" name=\"photo\"\(k % 3 == 0 ? " decorative=\"true\"" : "")/>"
            case 2: body += "<VStack hidden=\"\(k % 2 == 0)\"><Button id=\"h\(k)\"/><Text>Row \(k)</Text></VStack>"
            case 3: body += "<Text id=\"t\(k)\" focus=\"f\(k % 2)\">Text \(i) \(k)</Text>"
            default: body += "<Button id=\"x\(k)\" label=\"Close button\" role=\"button\"/>"
            }
        }
        // One line: a message that names a line (duplicate_focus_id's) is the same in both files.
        return body + "</screen>"
    }

    private func screenFindings(_ audit: FileAudit, screen i: Int) -> [String] {
        audit.findings.filter { $0.element.hasPrefix("screen[s\(i)]/") && $0.rule != RuleID.unknownDestination }
            .map { "\($0.rule) \($0.element) \($0.message)" }
    }

    @Test func oneThreadGivesEachScreenTheFindingsItHasAlone() {
        // Screens of 1 to 8 views (their stores are used again) between larger ones (not).
        let sizes = (0..<60).map { $0 % 7 == 6 ? 9 + $0 % 13 : 1 + ($0 * 5) % 8 }
        let screens = sizes.enumerated().map { screen($0.offset, views: $0.element) }
        let whole = Auditor.audit(text: "<app>\n" + screens.joined() + "</app>\n", file: "all.xml")
        #expect(whole.error == nil)
        var compared = 0
        for (i, text) in screens.enumerated() {
            let alone = Auditor.audit(text: "<app>\n" + text + "</app>\n", file: "all.xml")
            let expected = screenFindings(alone, screen: i)
            #expect(screenFindings(whole, screen: i) == expected, "screen \(i)")
            compared += expected.count
        }
        #expect(compared > 60)
    }

    /// One collector goes through every rule for each screen (`FindingCollector.reportAs`): each
    /// finding must carry the id and severity of the rule that reported it, as when that rule runs
    /// alone. Every other rule's severity is flipped, so a severity taken from the wrong rule shows.
    @Test func oneCollectorForAllRulesReportsEachFindingAsItsRuleAlone() {
        let sizes = (0..<40).map { 1 + ($0 * 7) % 12 }
        let text = "<app>\n" + sizes.enumerated().map { screen($0.offset, views: $0.element) }.joined() + "</app>\n"
        var flipped = Configuration()
        for (i, rule) in RuleRegistry.rules.enumerated() where i % 2 == 1 {
            flipped.severities[rule.description.id] = rule.description.severity == .error ? .warning : .error
        }
        flipped.optInRules = RuleID.optIn
        // `superfluous_suppression` reports what the other rules did not find, so it is left out.
        let ids = RuleRegistry.rules.map(\.description.id).filter { $0 != RuleID.superfluousSuppression }
        func line(_ f: Finding) -> String { "\(f.rule) \(f.severity) \(f.element) \(f.location) \(f.message)" }
        let together = Auditor.audit(text: text, file: "all.xml", configuration: flipped).findings
            .filter { $0.rule != RuleID.superfluousSuppression }.map(line)
        var alone: [String] = []
        for id in ids {
            var only = flipped
            for other in ids where other != id { only.severities[other] = .some(nil) }
            only.severities[RuleID.superfluousSuppression] = .some(nil)
            alone += Auditor.audit(text: text, file: "all.xml", configuration: only).findings.map(line)
        }
        #expect(together.sorted() == alone.sorted())
        #expect(Set(together.map { $0.prefix { $0 != " " } }).count >= 5)
    }

    @Test func aSmallOrMediumCheckedStoreIsEmptiedForTheNextScreenAndALargeOneIsNot() {
        let run = FileRun(file: "f.xml", configuration: Configuration())
        let text = "<app>\n" + screen(0, views: 3) + "</app>\n"
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(text.utf8)), fileName: "f.xml", sink: run)
        let spare = run.emptyElementStore()
        #expect(spare.isEmpty && spare.isSmall)
        // Taken: the next store is a new one.
        #expect(run.emptyElementStore() !== spare)
        let medium = FileRun(file: "g.xml", configuration: Configuration())
        let some = "<app>\n" + screen(1, views: 30) + "</app>\n"
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(some.utf8)), fileName: "g.xml", sink: medium)
        let kept = medium.emptyElementStore()
        #expect(kept.isEmpty && kept.isMedium && !kept.isSmall)
        let large = FileRun(file: "h.xml", configuration: Configuration())
        let big = "<app>\n" + screen(2, views: 1_100) + "</app>\n"
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(big.utf8)), fileName: "h.xml", sink: large)
        // A large store is not kept (emptying one for reuse is refused): the next store is new.
        let fresh = large.emptyElementStore()
        #expect(fresh.isEmpty && fresh.isSmall)
    }

    /// Screen `i` of `count` views with every modifier kept in an element's extras, on some views
    /// only, so that a store used again hands extras set for one screen to views of the next.
    private func screenOfModifiers(_ i: Int, views count: Int) -> String {
        var body = "<screen id=\"m\(i)\" title=\"Modifiers \(i)\" restore-focus=\"on-appear\" capture=\"binding\">"
        for k in 0..<count {
            switch (i * 3 + k) % 7 {
            case 0:
                body += "<!-- focusaudit:disable unlabeled_control -->"
                body += "<Button id=\"b\(k)\" push=\"m\(i + 1)\" hint=\"Opens \(k)\" traits=\"header\" focus=\"f\(k)\"/>"
            case 1: body += "<Image id=\"i\(k)\" asset=\"photo_\(k)\" system-name=\"gear\"/>"
            case 2: body += "<Text font=\"fixed:14\" line-limit=\"1\" minimum-scale-factor=\"0.5\">Row \(i) \(k) with a long text</Text>"
            case 3: body += "<Button sheet=\"m\(i + 2)\" restore-focus=\"on-dismiss\" value=\"v\(k)\"/>"
            case 4: body += "<Toggle id=\"t\(k)\" size=\"20x20\" label=\"Switch button\"/>"
            case 5: body += "<Button id=\"x\(k)\" focus=\"f\(k % 3)\"><Image asset=\"icon\"/></Button>"
            default: body += k % 2 == 0 ? "<Text>Plain \(k)</Text>" : "<Text repeated=\"true\">Row \(k)</Text>"
            }
        }
        return body + "</screen>"
    }

    /// Screens of 1 to 60 views with every modifier of the extras, read on one thread (each checked
    /// store emptied and used again, its extras with it), give each screen the findings it has read
    /// alone, in a store of its own.
    @Test func extrasUsedAgainGiveEachScreenTheFindingsItHasAlone() {
        let sizes = (0..<50).map { 1 + ($0 * 17) % 60 }
        let screens = sizes.enumerated().map { screenOfModifiers($0.offset, views: $0.element) }
        var every = Configuration()
        every.optInRules = RuleID.optIn
        let whole = Auditor.audit(text: "<app>\n" + screens.joined() + "</app>\n", file: "all.xml", configuration: every)
        #expect(whole.error == nil)
        var compared = 0
        for (i, text) in screens.enumerated() {
            let alone = Auditor.audit(text: "<app>\n" + text + "</app>\n", file: "all.xml", configuration: every)
            let expected = alone.findings.filter { $0.element.hasPrefix("screen[m\(i)]/") && $0.rule != RuleID.unknownDestination }
                .map { "\($0.rule) \($0.element) \($0.message)" }
            let found = whole.findings.filter { $0.element.hasPrefix("screen[m\(i)]/") && $0.rule != RuleID.unknownDestination }
                .map { "\($0.rule) \($0.element) \($0.message)" }
            #expect(found == expected, "screen \(i)")
            compared += expected.count
        }
        #expect(compared > 100)
    }
}
