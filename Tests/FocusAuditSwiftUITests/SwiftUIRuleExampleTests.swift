import FocusAudit
import FocusAuditSwiftUI
import Foundation
import TestSupport
import Testing

/// One SwiftUI example of one rule (`RuleDescription.swiftUI`), run as a test.
struct SwiftUIRuleExampleCase: CustomTestStringConvertible, Sendable {
    let rule: RuleDescription
    let example: RuleExample
    let triggering: Bool
    let index: Int

    var testDescription: String {
        "\(rule.id) SwiftUI \(triggering ? "triggering" : "non-triggering") #\(index + 1)"
    }

    static let all: [SwiftUIRuleExampleCase] = RuleRegistry.descriptions.flatMap { rule -> [SwiftUIRuleExampleCase] in
        guard case .examples(let triggering, let nonTriggering)? = rule.swiftUI else { return [] }
        return triggering.enumerated().map { SwiftUIRuleExampleCase(rule: rule, example: $1, triggering: true, index: $0) }
            + nonTriggering.enumerated().map {
                SwiftUIRuleExampleCase(rule: rule, example: $1, triggering: false, index: $0)
            }
    }
}

/// Each rule's SwiftUI examples, read by the SwiftUI reader as one app in one file: a triggering
/// example gives exactly one finding of its rule at each `↓` marker and no other, with the messages
/// it pins (`RuleExample.messages`); a non-triggering one gives none.
struct SwiftUIRuleExampleTests {
    @Test(arguments: SwiftUIRuleExampleCase.all)
    func example(_ c: SwiftUIRuleExampleCase) throws {
        let result = try SwiftUISemanticsTests.audit(["Example.swift": c.example.source], configuration: .everyRule)
        let at = Testing.SourceLocation(
            fileID: "FocusAudit/\(c.example.file.split(separator: "/").last ?? "")", filePath: c.example.file,
            line: c.example.line, column: 1)
        #expect(result.inputErrors.isEmpty, "example is not readable: \(result.inputErrors)", sourceLocation: at)
        #expect(result.files.allSatisfy { !$0.skipped }, "example declares no view", sourceLocation: at)
        let found = result.findings.filter { $0.rule == c.rule.id }.map(\.location).sorted()
        let expected = c.triggering ? c.example.markers.sorted() : []
        #expect(
            found == expected,
            "\(c.rule.id): findings at \(found), expected \(expected)\n\(result.findings.map { "\($0.location) \($0.rule): \($0.message)" }.joined(separator: "\n"))",
            sourceLocation: at)
        #expect(c.example.messages.count <= c.example.markers.count, "more messages pinned than markers", sourceLocation: at)
        for (marker, pinned) in zip(c.example.markers, c.example.messages) {
            let messages = result.findings.filter { $0.rule == c.rule.id && $0.location == marker }.map(\.message)
            #expect(messages == [pinned], "\(c.rule.id): the message at \(marker)", sourceLocation: at)
        }
    }

    /// The messages a SwiftUI example pins are also what its export (`focusaudit export`) reads as
    /// an XML description, for the same elements: the export keeps the names messages quote. The
    /// Swift source is read here with the description's words for fixes (`FixVocabulary`), which
    /// the export's audit uses; that the Swift reading gives the pinned messages in SwiftUI's words
    /// is `example(_:)`'s check. A line a message quotes ("at line 7") is the line of the file read,
    /// Swift or XML, so lines are not compared; `invalid_description` is about the Swift file itself
    /// (its suppression comments), which the export writes with the known rule ids only.
    @Test(
        arguments: SwiftUIRuleExampleCase.all.filter {
            $0.triggering && !$0.example.messages.isEmpty && $0.rule.id != "invalid_description"
        })
    func pinnedMessagesSurviveTheExport(_ c: SwiftUIRuleExampleCase) throws {
        let at = Testing.SourceLocation(
            fileID: "FocusAudit/\(c.example.file.split(separator: "/").last ?? "")", filePath: c.example.file,
            line: c.example.line, column: 1)
        var reader = SwiftUIReader()
        reader.vocabulary = .description
        let swift = try SwiftUISemanticsTests.withFiles(["Example.swift": c.example.source]) { dir in
            Auditor.audit(paths: [dir.path], configuration: .everyRule, registry: ReaderRegistry([reader]))
        }
        let exported = Auditor.audit(
            text: try CustomModifierTests.document(c.example.source), file: "export.xml", configuration: .everyRule)
        #expect(exported.error == nil, sourceLocation: at)
        for marker in c.example.markers.prefix(c.example.messages.count) {
            let found = swift.findings.filter { $0.rule == c.rule.id && $0.location == marker }
            #expect(found.count == 1, sourceLocation: at)
            let paths = found.map(\.element)
            let fromExport = exported.findings.filter { $0.rule == c.rule.id && paths.contains($0.element) }.map(\.message)
            #expect(
                fromExport.map(Self.withoutLines) == found.map { Self.withoutLines($0.message) },
                "\(c.rule.id): the export's message at \(paths)", sourceLocation: at)
        }
    }

    /// A finding on Swift source gives its fix in SwiftUI's words: no pinned message of a SwiftUI
    /// example names an attribute of the description format, which a SwiftUI user never writes.
    @Test(arguments: SwiftUIRuleExampleCase.all.filter { $0.triggering && !$0.example.messages.isEmpty })
    func fixesAreGivenInSwiftUIsWords(_ c: SwiftUIRuleExampleCase) {
        let attributes = [
            "restore-delay", "restore-focus=", "capture=", "focus=\"", "decorative=\"", "traits=\"", "(on-tap)", "root=\"",
        ]
        for message in c.example.messages {
            for attribute in attributes {
                #expect(!message.contains(attribute), "\(c.rule.id): \(message)")
            }
        }
    }

    /// The message with every "at line N" as "at line …".
    static func withoutLines(_ message: String) -> String {
        var out = ""
        var rest = Substring(message)
        while let range = rest.range(of: "at line ") {
            out += rest[..<range.upperBound] + "…"
            rest = rest[range.upperBound...].drop(while: \.isNumber)
        }
        return out + rest
    }

    /// Every rule says how it reads on SwiftUI source: examples of both kinds, or why it cannot apply.
    @Test func everyRuleHasASwiftUIForm() {
        for rule in RuleRegistry.descriptions {
            switch rule.swiftUI {
            case .examples(let triggering, let nonTriggering)?:
                #expect(!triggering.isEmpty, "\(rule.id) has no triggering SwiftUI example")
                #expect(!nonTriggering.isEmpty, "\(rule.id) has no non-triggering SwiftUI example")
                for example in triggering {
                    #expect(!example.markers.isEmpty, "\(rule.id): a triggering SwiftUI example without a ↓ marker")
                    #expect(!example.messages.isEmpty, "\(rule.id): a triggering SwiftUI example that pins no message")
                }
            case .notApplicable(let reason)?:
                #expect(!reason.isEmpty, "\(rule.id): say why the rule cannot apply to SwiftUI source")
            case nil:
                Issue.record("\(rule.id) has no SwiftUI examples and does not say why it cannot apply to SwiftUI source")
            }
        }
    }
}
