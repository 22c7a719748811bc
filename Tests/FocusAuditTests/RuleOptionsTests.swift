import Testing

@testable import FocusAudit

/// Options that only one rule reads belong to that rule (`Rule.configured(by:)`), not to the
/// context every rule sees.
@Suite struct RuleOptionsTests {
    @Test func eachRuleTakesItsOwnOptionsFromTheConfiguration() throws {
        var configuration = Configuration()
        configuration.minTouchTarget = 24
        configuration.outletControls = .error
        configuration.roleWords["button"] = ["단추"]
        let touch = try #require(SmallTouchTargetRule().configured(by: configuration) as? SmallTouchTargetRule)
        #expect(touch.minimum == 24)
        #expect(SmallTouchTargetRule().minimum == 44)
        let unlabeled = try #require(UnlabeledControlRule().configured(by: configuration) as? UnlabeledControlRule)
        #expect(unlabeled.outletControls == .error)
        let words = try #require(RedundantTraitInLabelRule().configured(by: configuration) as? RedundantTraitInLabelRule)
        let button = try #require(RedundantTraitInLabelRule.roleWords.firstIndex { $0.role == "button" })
        #expect(words.wordTable.match(in: "확인단추", role: button) != nil)
        #expect(RedundantTraitInLabelRule().wordTable.match(in: "확인단추", role: button) == nil)
    }

    /// Two files audited at once with different settings each get their own: the rules in the
    /// registry are never changed.
    @Test func configuringARuleLeavesTheRegistrysRuleAlone() {
        var small = Configuration()
        small.minTouchTarget = 10
        let xml = "<app><screen id=\"s\"><Button id=\"b\" label=\"Go\" size=\"30x30\"/></screen></app>"
        let lenient = Auditor.audit(text: xml, configuration: small)
        let strict = Auditor.audit(text: xml)
        #expect(lenient.findings.filter { $0.rule == RuleID.smallTouchTarget }.isEmpty)
        #expect(strict.findings.contains { $0.rule == RuleID.smallTouchTarget })
    }
}
