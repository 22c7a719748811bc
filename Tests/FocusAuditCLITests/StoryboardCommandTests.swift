import Foundation
import Testing

/// `focusaudit check` run on directories of storyboards and xibs, as a user would.
@Suite struct StoryboardCommandTests {
    private struct Report: Decodable {
        struct Finding: Decodable {
            var element: String
            var file: String
            var rule: String
        }
        struct Summary: Decodable {
            var files: Int
            var inputErrors: Int
        }
        var findings: [Finding]
        var summary: Summary
    }

    private func check(_ arguments: [String]) throws -> (CLIRunner.Output, Report) {
        let output = try CLIRunner.run(["check", "--format", "json"] + arguments)
        let report = try JSONDecoder().decode(Report.self, from: Data(output.stdout.utf8))
        return (output, report)
    }

    /// An empty configuration file, so no `.focusaudit.yml` around the checkout changes the run.
    private func emptyConfig() throws -> String {
        let directory = try CLIRunner.temporaryDirectory()
        try directory.write("", to: "empty.yml")
        return directory.appendingPathComponent("empty.yml").path
    }

    @Test func directoriesOfStoryboardsAndXibsAreAudited() throws {
        let (output, report) = try check([
            "--config", "Tests/fixtures/storyboards/.focusaudit.yml", "Samples/storyboards", "Tests/fixtures/storyboards",
        ])
        #expect(output.status == 1)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        #expect(report.summary.inputErrors == 0)
        #expect(report.summary.files == 4)
        let found = Set(report.findings.map { "\($0.rule) \($0.element.split(separator: "/").last!)" })
        // Image-only and untitled controls: SF Symbol buttons, background images, bar button items,
        // controls in table and collection view cells, a scene's top-level view, a text field with
        // only a placeholder.
        let expected: Set<String> = [
            "symbol_only_label Button[Fav-bt-001]", "symbol_only_label Button[btn-call-01]",
            "unlabeled_control Button[bbi-search-01]", "unlabeled_control TextField[txt-msg-001]",
            "unlabeled_control Button[btn-emo-001]", "redundant_trait_in_label Image[img-prf-001]",
            "symbol_only_label Button[btn-shr-001]", "unlabeled_control Button[btn-del-001]",
            "unlabeled_control Button[bbi-flt-001]",
            "unlabeled_control Stepper[stp-det-001]", "symbol_only_label Button[bbi-del-001]",
            "unlabeled_control TextField[txt-flt-001]",
            // Tabs.storyboard: segments, a configured symbol button, empty buttons (one an outlet
            // names), a view an outlet names beside the controller, and a tab's image-only item.
            "symbol_only_label Segment[1]", "unlabeled_control Segment[2]", "symbol_only_label Button[btn-cls-001]",
            "unlabeled_control Button[btn-shr-002]", "unlabeled_control Button[btn-mor-001]",
            "unlabeled_control Button[btn-exp-001]", "unlabeled_control Button[tbi-act-001]",
            // Its buttons are 35 points high: under the 44-point minimum.
            "small_touch_target Button[btn-lev-001]", "small_touch_target Button[btn-cls-001]",
            "small_touch_target Button[btn-shr-002]", "small_touch_target Button[btn-mor-001]",
            // Titled buttons left at Interface Builder's default font, a fixed System 15.0.
            "fixed_font_size Button[btn-send-01]", "fixed_font_size Button[btn-apl-001]",
        ]
        #expect(found == expected)
        // Silent on controls named by a title, an accessibility label, a runtime attribute (UIKit's
        // own or the declared one), a system item or button type, and on elements hidden from VoiceOver
        // (but for the font of the two titled buttons, above).
        let labelRules: Set<String> = ["unlabeled_control", "symbol_only_label", "redundant_trait_in_label"]
        for id in ["btn-send-01", "btn-apl-001"] {
            #expect(!report.findings.contains { $0.element.hasSuffix("[\(id)]") && labelRules.contains($0.rule) }, "\(id)")
        }
        let silent = [
            "btn-att-001", "swt-mute-01", "btn-save-01", "Msg-bt-001", "Inf-bt-001", "bbi-add-001",
            "btn-fav-001", "btn-prn-001", "btn-dec-001", "btn-add-001", "bbi-shr-001", "bbi-edt-001", "swt-flt-001",
            "seg-rng-001", "txt-str-001", "tbi-trp-001", "tbi-arc-001", "tbi-nav-001",
        ]
        for id in silent {
            #expect(!report.findings.contains { $0.element.hasSuffix("[\(id)]") }, "\(id)")
        }
    }

    @Test func withoutTheDeclaredRuntimeAttributeThatControlIsUnlabeled() throws {
        let (_, report) = try check(["--config", try emptyConfig(), "Tests/fixtures/storyboards"])
        #expect(report.findings.contains { $0.element.hasSuffix("Button[btn-prn-001]") && $0.rule == "unlabeled_control" })
    }

    @Test func uikitFocusNoneReportsLostJourneysAndIsDocumentedInInit() throws {
        let (_, system) = try check(["--config", try emptyConfig(), "Samples/storyboards/Main.storyboard"])
        #expect(!system.findings.contains { $0.rule == "focus_lost_on_return" })
        let (_, none) = try check(["--config", try emptyConfig(), "--uikit-focus", "none", "Samples/storyboards/Main.storyboard"])
        #expect(none.findings.filter { $0.rule == "focus_lost_on_return" }.map(\.element) == ["screen[frd-vc-001]"])
        let bad = try CLIRunner.run(["check", "--uikit-focus", "sometimes", "Samples/storyboards"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("system") && bad.stderr.contains("none"))
    }
}
