import Foundation
import Testing

@Suite struct OtherCommandTests {
    @Test func simulatePrintsEveryJourney() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(
            """
            <app name="LMessenger">
              <screen id="friends" title="친구" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink id="myProfile" destination="profile" focus="myProfile" label="내 프로필 보기"/>
                <Button id="search" label="검색" sheet="search"/>
              </screen>
              <screen id="profile" title="프로필">
                <NavigationLink id="chat" destination="chat"><Text>1:1 채팅</Text></NavigationLink>
              </screen>
              <screen id="chat"/>
              <screen id="search"/>
            </app>
            """, to: "app.xml")
        let result = try CLIRunner.run(["simulate", "app.xml"], in: dir)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "LMessenger (app.xml), transition 0.35 s: 3 journeys, 1 losing focus")
        #expect(
            lines.contains(
                "friends ▸ activate \"내 프로필 보기\" (myProfile) ▸ push profile ▸ back ▸ focus lands on \"내 프로필 보기\" (myProfile) ✓ restored after 0.6 s"
            ))
        #expect(lines.contains { $0.hasPrefix("friends ▸ activate \"검색\" (search) ▸ present sheet search ▸ dismiss ▸") })
        #expect(
            lines.contains(
                "profile ▸ activate \"1:1 채팅\" (chat) ▸ push chat ▸ back ▸ focus lands on the title \"프로필\" ✗ lost: the screen does not restore focus"
            ))
        let lost = try CLIRunner.run(["simulate", "--lost-only", "app.xml"], in: dir)
        #expect(lost.stdout.split(separator: "\n").count == 2)
        let missing = try CLIRunner.run(["simulate", "nope.xml"], in: dir)
        #expect(missing.status == 2)
    }

    @Test func simulateReadsTheConfigurationFileAsCheckDoes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(
            """
            <app>
              <screen id="a" restore-focus="on-appear" restore-delay="0.5" capture="binding">
                <NavigationLink id="l" destination="b" focus="l"><Text>Go</Text></NavigationLink>
              </screen>
              <screen id="b"/>
            </app>
            """, to: "app.xml")
        try dir.write("transition: 0.8\n", to: ".focusaudit.yml")
        let check = try CLIRunner.run(["check", "app.xml"], in: dir)
        #expect(check.stdout.contains("[missing_restoration_delay]"))
        let simulate = try CLIRunner.run(["simulate", "app.xml"], in: dir)
        #expect(simulate.stdout.hasPrefix("app (app.xml), transition 0.8 s: 1 journey, 1 losing focus"))
        // A flag still wins over the file.
        let flagged = try CLIRunner.run(["simulate", "--transition", "0.35", "app.xml"], in: dir)
        #expect(flagged.stdout.contains("0 losing focus"))
    }

    @Test func simulateAndExportReadSwiftUISource() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(
            """
            import SwiftUI
            struct Friends: View {
                var body: some View {
                    NavigationStack {
                        List { NavigationLink("Kim", destination: Profile()) }
                            .navigationTitle("Friends")
                    }
                }
            }
            struct Profile: View { var body: some View { Text("Profile") } }
            """, to: "Friends.swift")
        let simulate = try CLIRunner.run(["simulate", "Friends.swift"], in: dir)
        #expect(simulate.status == 0)
        #expect(simulate.stdout.contains("Friends ▸ activate \"Kim\""))
        #expect(simulate.stdout.contains("✗ lost: the screen does not restore focus"))
        let export = try CLIRunner.run(["export", "Friends.swift"], in: dir)
        #expect(export.status == 0)
        #expect(export.stdout.contains("<screen id=\"Friends\" title=\"Friends\" root=\"true\">"))
        #expect(export.stdout.contains("<NavigationLink destination=\"Profile\">Kim</NavigationLink>"))
        #expect(export.stdout.contains("<!-- Friends.swift:5:20 -->"))
    }

    @Test func exportSkipsFilesWithoutViewsFoundInADirectory() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("App"), withIntermediateDirectories: true)
        try dir.write(
            """
            import SwiftUI
            struct Home: View {
                var body: some View { Text("Home").navigationTitle("Home") }
            }
            """, to: "App/Home.swift")
        try dir.write(
            """
            import Foundation
            enum Route: Hashable { case home }
            """, to: "App/Route.swift")
        // Found by searching the directory: skipped, as `check` skips it.
        let found = try CLIRunner.run(["export", "App"], in: dir)
        #expect(found.status == 0)
        #expect(found.stderr.isEmpty)
        #expect(found.stdout.contains("<screen id=\"Home\" title=\"Home\" root=\"true\">"))
        // Named on the command line: an input error, and the other file is still exported.
        let named = try CLIRunner.run(["export", "App/Route.swift", "App/Home.swift"], in: dir)
        #expect(named.status == 2)
        #expect(named.stderr.contains("App/Route.swift: error: declares no SwiftUI view, view modifier or app"))
        #expect(named.stdout.contains("<screen id=\"Home\""))
    }

    @Test func rulesListsEveryContractRule() throws {
        let result = try CLIRunner.run(["rules"])
        #expect(result.status == 0)
        let ids = result.stdout.split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
        #expect(
            Set(ids) == [
                "focus_lost_on_return", "missing_restoration_delay", "excessive_restoration_delay", "unlabeled_control",
                "unreliable_focus_capture", "unbound_focus_target", "duplicate_focus_id", "unknown_destination",
                "unreachable_screen", "image_missing_label", "symbol_only_label", "redundant_trait_in_label",
                "tap_gesture_without_button_trait", "ambiguous_control_label", "focus_on_hidden_element",
                "invalid_description", "superfluous_suppression", "nested_control", "label_not_in_name",
                "conflicting_traits", "fixed_font_size", "small_touch_target", "focus_restored_to_fixed_element",
                "text_may_clip", "header_missing", "unused_focus_state",
            ])
        // Each line gives the default severity and the impact.
        let unlabeled = result.stdout.split(separator: "\n").first { $0.hasPrefix("unlabeled_control ") }
        #expect(unlabeled?.split(separator: " ").dropFirst().prefix(2) == ["error", "critical"])
    }

    @Test func explainPrintsTheRuleDocumentation() throws {
        let result = try CLIRunner.run(["explain", "focus_lost_on_return"])
        #expect(result.status == 0)
        let page = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/rules/focus_lost_on_return.md"), encoding: .utf8)
        #expect(result.stdout == page)
        let typo = try CLIRunner.run(["explain", "focus_lost_on_retrun"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("Did you mean 'focus_lost_on_return'?"))
    }

    /// `check --help`, the README and docs/format.md name every kind of input a directory search
    /// reads, with the option that skips named files that are not descriptions.
    @Test func everyInputKindIsDocumented() throws {
        let help = try CLIRunner.run(["check", "--help"])
        #expect(help.status == 0)
        let readme = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let format = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/format.md"), encoding: .utf8)
        for (name, text) in [("check --help", help.stdout), ("README.md", readme), ("docs/format.md", format)] {
            for kind in [".xml", ".json", ".storyboard", ".xib", ".swift", "--skip-non-descriptions"] {
                #expect(text.contains(kind), "\(name) does not mention \(kind)")
            }
        }
        let ci = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        #expect(ci.contains("Folders in a report's\npath that do not exist yet are created"))
    }

    /// A usage error found while a command runs shows that command's usage, not the top-level one,
    /// and `explain` suggests the ids closest to what was typed.
    @Test func usageErrorsShowTheCommandsOwnUsage() throws {
        let word = try CLIRunner.run(["explain", "control"])
        #expect(word.status == 2)
        #expect(
            word.stderr == """
                Error: unknown rule 'control'. Did you mean 'nested_control', or 'unlabeled_control', or 'ambiguous_control_label'? `focusaudit rules` lists them all.
                Usage: focusaudit explain <rule-id>
                  See 'focusaudit explain --help' for more information.

                """, "\(word.stderr)")
        let nothing = try CLIRunner.run(["check"], in: CLIRunner.temporaryDirectory())
        #expect(nothing.status == 2)
        #expect(nothing.stderr.contains("Usage: focusaudit check [<options>] [<paths> ...]"), "\(nothing.stderr)")
        #expect(!nothing.stderr.contains("focusaudit <subcommand>"))
    }
}
