import Testing

@testable import FocusAudit

/// One example of one rule, run as a test: a triggering example must give exactly one finding of
/// its rule at each `↓` marker and no other; a non-triggering example must give none.
struct RuleExampleCase: CustomTestStringConvertible, Sendable {
    let rule: RuleDescription
    let example: RuleExample
    let triggering: Bool
    let index: Int

    var testDescription: String {
        "\(rule.id) \(triggering ? "triggering" : "non-triggering") #\(index + 1)"
    }

    static let all: [RuleExampleCase] = RuleRegistry.descriptions.flatMap { rule in
        rule.triggeringExamples.enumerated().map {
            RuleExampleCase(rule: rule, example: $1, triggering: true, index: $0)
        }
            + rule.nonTriggeringExamples.enumerated().map {
                RuleExampleCase(rule: rule, example: $1, triggering: false, index: $0)
            }
    }
}

@Suite struct RuleExampleTests {
    @Test(arguments: RuleExampleCase.all)
    func example(_ c: RuleExampleCase) {
        // Every route: one thread, pipelined, and read in parts; they must agree (`audit` checks).
        // An example whose root is an Interface Builder `<document>` is read as a storyboard.
        let audit = FocusAuditTests.audit(c.example.source)
        let at = Testing.SourceLocation(
            fileID: "FocusAudit/\(c.example.file.split(separator: "/").last ?? "")", filePath: c.example.file,
            line: c.example.line, column: 1)
        #expect(audit.error == nil, "example is not readable: \(String(describing: audit.error))", sourceLocation: at)
        let found = audit.findings.filter { $0.rule == c.rule.id }.map(\.location).sorted()
        let expected = c.triggering ? c.example.markers.sorted() : []
        #expect(
            found == expected,
            "\(c.rule.id): findings at \(found), expected \(expected)\n\(audit.findings.map { "\($0.location) \($0.rule): \($0.message)" }.joined(separator: "\n"))",
            sourceLocation: at)
    }

    @Test func everyRuleHasExamplesOfBothKinds() {
        for rule in RuleRegistry.descriptions {
            #expect(!rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example")
            for example in rule.triggeringExamples {
                #expect(!example.markers.isEmpty, "\(rule.id): a triggering example without a ↓ marker")
            }
        }
    }

    @Test func registryIdsAreUniqueAndFromTheContract() {
        let ids = RuleRegistry.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(RuleID.known.contains(id), "\(id) is not a contract rule id") }
    }

    @Test func ruleTypesAreNamedAfterTheirIds() {
        for rule in RuleRegistry.rules {
            let typeName = String(describing: type(of: rule))
            let camel = rule.description.id.split(separator: "_").map { word -> String in
                word == "id" ? "ID" : word.prefix(1).uppercased() + word.dropFirst()
            }.joined()
            #expect(typeName == camel + "Rule", "\(typeName) should be named \(camel)Rule")
        }
    }
}
