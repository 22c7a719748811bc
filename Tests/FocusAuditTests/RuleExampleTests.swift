import Foundation
import TestSupport
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
        // Every route: one thread, the crew, the compact graph and read in parts; they must agree
        // (`audit` checks). An example whose root is an Interface Builder `<document>` is read as a
        // storyboard.
        // Opt-in rules are turned on: their examples show what they report when a team enables them.
        let audit = FocusAuditTests.audit(c.example.source, configuration: .everyRule)
        let at = Testing.SourceLocation(
            fileID: "FocusAudit/\(c.example.file.split(separator: "/").last ?? "")", filePath: c.example.file,
            line: c.example.line, column: 1)
        // The pinned messages, on every route.
        for (route, audit) in auditsOnEveryRoute(c.example.source, configuration: .everyRule) {
            for problem in Self.messageProblems(c.example, rule: c.rule.id, findings: audit.findings) {
                Issue.record("\(c.rule.id) on the \(route) route: \(problem)", sourceLocation: at)
            }
        }
        #expect(audit.error == nil, "example is not readable: \(String(describing: audit.error))", sourceLocation: at)
        let found = audit.findings.filter { $0.rule == c.rule.id }.map(\.location).sorted()
        let expected = c.triggering ? c.example.markers.sorted() : []
        #expect(
            found == expected,
            "\(c.rule.id): findings at \(found), expected \(expected)\n\(audit.findings.map { "\($0.location) \($0.rule): \($0.message)" }.joined(separator: "\n"))",
            sourceLocation: at)
    }

    /// A storyboard example's pinned messages start with the scene's name, and they are what the
    /// rule reports while the screen is checked, before the file is finished: the pipeline adds
    /// nothing to a message after the rule.
    @Test func pinnedStoryboardMessagesAreWhatTheRuleReports() throws {
        let pinned = RuleExampleCase.all.filter {
            $0.triggering && !$0.example.messages.isEmpty && $0.example.source.hasPrefix("<document ")
        }
        #expect(!pinned.isEmpty, "no storyboard example pins its messages")
        for c in pinned {
            for message in c.example.messages { #expect(message.hasPrefix("scene vc: "), "\(c.rule.id): \(message)") }
            // What the rule reports, given the screens' scene names from the model.
            final class Screens: DescriptionSink {
                var screens: [Screen] = []
                func didReadHeader(_ header: AppHeader) {}
                func didReadScreen(_ screen: Screen) { screens.append(screen) }
            }
            let read = Screens()
            let bytes = ByteSource(bytes: Array(c.example.source.utf8))
            _ = XMLDescriptionReader.read(bytes: bytes, fileName: "Main.storyboard", sink: read)
            let rule = try #require(RuleRegistry.rules.first { $0.description.id == c.rule.id })
            let context = RuleContext(settings: SimulationSettings(), maxRestoreDelay: 1.5, suppressions: SuppressionIndex())
            var report = FindingCollector(ruleID: c.rule.id, severity: c.rule.severity, scenes: SceneNames(read.screens))
            for screen in read.screens { rule.check(screen: ScreenAnalysis(screen: screen), context: context, report: &report) }
            let reported = report.takeFindings().sorted { $0.location < $1.location }.map(\.message)
            #expect(Array(reported.prefix(c.example.messages.count)) == c.example.messages, "\(c.rule.id): what the rule reports")
            // The same messages as the pipeline has them once the screens are checked, before `finish`.
            let run = FileRun(file: "Main.storyboard", configuration: .everyRule)
            _ = XMLDescriptionReader.read(bytes: bytes, fileName: "Main.storyboard", sink: run)
            let checked = run.findings.filter { $0.rule == c.rule.id }.sorted { $0.location < $1.location }.map(\.message)
            #expect(
                Array(checked.prefix(c.example.messages.count)) == c.example.messages,
                "\(c.rule.id): the findings as the screens' checks leave them")
        }
    }

    /// A rule that says it has no screen check (`Rule.checksScreens`), and so is not called for each
    /// screen, reports nothing from it on the screens of every rule's examples and of the samples;
    /// and every rule that says it has one reports from it on some screen there.
    @Test func rulesNotCalledForEachScreenHaveNoScreenCheck() throws {
        final class Screens: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        var sources = RuleExampleCase.all.map { ($0.example.source, $0.example.source.hasPrefix("<document ") ? "Main.storyboard" : "e.xml") }
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples")
        for file in try FileManager.default.contentsOfDirectory(atPath: samples.path) where file.hasSuffix(".xml") {
            sources.append((try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8), file))
        }
        let rules = RuleRegistry.rules.map { $0.configured(by: .everyRule) }
        var reporting = Set<String>()
        let context = RuleContext(settings: SimulationSettings(), maxRestoreDelay: 1.5, suppressions: SuppressionIndex())
        for (source, name) in sources {
            let read = Screens()
            _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(source.utf8)), fileName: name, sink: read)
            for screen in read.screens {
                let analysis = ScreenAnalysis(screen: screen)
                for rule in rules {
                    let id = rule.description.id
                    var report = FindingCollector(ruleID: id, severity: rule.description.severity, scenes: SceneNames(read.screens))
                    rule.check(screen: analysis, context: context, report: &report)
                    guard !report.takeFindings().isEmpty else { continue }
                    reporting.insert(id)
                    #expect(type(of: rule).checksScreens, "\(id) reports from its screen check but is not called for each screen")
                }
            }
        }
        let declared = Set(RuleRegistry.rules.filter { type(of: $0).checksScreens }.map(\.description.id))
        #expect(reporting == declared)
        #expect(declared.count < RuleRegistry.rules.count)
    }

    /// What is wrong with the messages `example` pins, given the findings it gave: each pinned
    /// message must be the message of the rule's finding at its marker. Empty when all match.
    static func messageProblems(_ example: RuleExample, rule: String, findings: some Sequence<Finding>) -> [String] {
        let markers = example.markers
        guard example.messages.count <= markers.count else {
            return ["\(example.messages.count) messages pinned for \(markers.count) markers"]
        }
        var problems: [String] = []
        for (marker, pinned) in zip(markers, example.messages) {
            let found = findings.filter { $0.rule == rule && $0.location == marker }.map(\.message)
            if found != [pinned] {
                problems.append("at \(marker) the message is \(found.map { "\"\($0)\"" }), pinned \"\(pinned)\"")
            }
        }
        return problems
    }

    @Test func pinnedMessagesAreChecked() {
        // A pinned message that differs from the finding's, and more messages than markers, are
        // problems; the exact message is not.
        let example = RuleExample("<app>\n  ↓<screen id=\"a\"/>\n</app>", messages: ["right"])
        let at = example.markers[0]
        let finding = Finding(rule: "r", severity: .warning, location: at, element: "screen[a]", message: "right")
        #expect(Self.messageProblems(example, rule: "r", findings: [finding]).isEmpty)
        var wrong = finding
        wrong.message = "wrong"
        #expect(Self.messageProblems(example, rule: "r", findings: [wrong]).count == 1)
        #expect(Self.messageProblems(example, rule: "other", findings: [finding]).count == 1)
        let tooMany = RuleExample(example.code, messages: ["right", "more"])
        #expect(Self.messageProblems(tooMany, rule: "r", findings: [finding]).count == 1)
    }

    /// Every triggering example states what the user reads at its first marker at least.
    @Test func everyTriggeringExamplePinsAMessage() {
        for rule in RuleRegistry.descriptions {
            for (i, example) in rule.triggeringExamples.enumerated() {
                #expect(!example.messages.isEmpty, "\(rule.id) triggering #\(i + 1) pins no message")
            }
        }
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
