import Foundation
import Testing

@testable import FocusAudit

@Suite struct DocumentationTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    @Test(arguments: RuleRegistry.descriptions.map(\.id))
    func rulePageIsCurrent(_ id: String) throws {
        let rule = try #require(RuleRegistry.description(for: id))
        let path = "\(Self.root)/docs/rules/\(RuleDocumentation.fileName(for: rule))"
        let committed = TextFile.read(path)
        #expect(committed != nil, "\(path) is missing; run `swift run focusaudit rules --write-docs docs/rules`")
        #expect(
            committed == RuleDocumentation.markdown(for: rule),
            "\(path) is stale; run `swift run focusaudit rules --write-docs docs/rules`")
    }

    @Test func pagesHaveBadAndGoodExamplesAndAFix() {
        for rule in RuleRegistry.descriptions {
            let page = RuleDocumentation.markdown(for: rule)
            #expect(page.contains("## Reported"), "\(rule.id)")
            #expect(page.contains("## Not reported"), "\(rule.id)")
            // The section holds the rule's fix, not only its heading.
            let section =
                page.components(separatedBy: "## How to fix it").dropFirst().first?
                .components(separatedBy: "\n## ").first ?? ""
            let firstLine = rule.fix.split(separator: "\n").first.map(String.init) ?? ""
            #expect(!firstLine.isEmpty && section.contains(firstLine), "\(rule.id): no fix under ## How to fix it")
        }
    }

    /// A page shows every message its triggering examples pin, right after the example's code;
    /// SARIF's rule help is the page without them.
    @Test func pagesShowPinnedMessages() {
        for rule in RuleRegistry.descriptions {
            let page = RuleDocumentation.markdown(for: rule)
            var examples = rule.triggeringExamples.map { ("```xml\n" + $0.code + "\n```\n\n", $0) }
            if case .examples(let triggering, _)? = rule.swiftUI {
                examples += triggering.map { ("```swift\n" + $0.code + "\n```\n\n", $0) }
            }
            for (code, example) in examples where !example.messages.isEmpty {
                let block = "```text\n" + example.messages.joined(separator: "\n") + "\n```\n"
                let after = page.components(separatedBy: code).dropFirst().first ?? ""
                #expect(after.hasPrefix("The message"), "\(rule.id): no pinned message after an example")
                #expect(after.prefix(while: { $0 != "#" }).contains(block), "\(rule.id): the pinned messages are not shown")
            }
            let help = RuleDocumentation.markdown(for: rule, showingMessages: false)
            #expect(!help.contains("```text\n"), "\(rule.id)")
            #expect(help.count < page.count, "\(rule.id): the help should leave the pinned messages out")
        }
        let sarif = SARIFReporter.render(AuditResult(files: []), options: ReportOptions())
        #expect(!sarif.contains("The message"))
    }

    @Test func readmeListsEveryRule() throws {
        let readme = try #require(TextFile.read("\(Self.root)/README.md"))
        for rule in RuleRegistry.descriptions {
            #expect(readme.contains("`\(rule.id)`"), "README does not mention \(rule.id)")
        }
    }
}
