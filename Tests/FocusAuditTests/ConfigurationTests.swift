import Testing

@testable import FocusAudit

@Suite struct ConfigurationTests {
    private func parse(_ yaml: String) throws(InputError) -> ConfigurationFile {
        try ConfigurationFile.parse(yaml, path: "dir/.focusaudit.yml")
    }

    @Test func everyKeyIsRead() throws {
        let file = try parse(
            """
            transition: 0.5
            max_restore_delay: 2
            modal_restores_focus: false
            strict: true
            included: [UI, More]
            excluded: "**/Generated/**"
            rules:
              unreachable_screen: off
              image_missing_label: error
            redundant_role_words:
              button: [btn, 버튼]
            docs_url: https://example.invalid/rules
            baseline: base.json
            uikit_focus: none
            """)
        var configuration = Configuration()
        file.apply(to: &configuration)
        #expect(configuration.transition == 0.5)
        #expect(configuration.maxRestoreDelay == 2)
        #expect(!configuration.modalRestoresFocus)
        #expect(configuration.strict)
        #expect(!configuration.isEnabled(RuleID.unreachableScreen))
        #expect(configuration.severity(of: RuleID.imageMissingLabel, default: .warning) == .error)
        #expect(file.includedPaths == ["dir/UI", "dir/More"])
        #expect(file.baselinePath == "dir/base.json")
        #expect(configuration.excluded.first?.matches("dir/App/Generated/x.xml") == true)
        #expect(configuration.roleWords["button"] == ["btn", "버튼"])
        #expect(configuration.uikitFocus == .none)
    }

    @Test func presentationsAreReadPerKindBesideTheSingleKey() throws {
        let file = try parse(
            """
            modal_restores_focus: false
            presentations:
              sheet: restores
              fullScreenCover: loses
            """)
        var configuration = Configuration()
        file.apply(to: &configuration)
        #expect(!configuration.modalRestoresFocus)
        #expect(configuration.presentations == [.sheet: .restores, .fullScreenCover: .loses])
        var untouched = Configuration()
        try parse("strict: true\n").apply(to: &untouched)
        #expect(untouched.presentations.isEmpty)
        #expect(untouched.modalRestoresFocus)
    }

    @Test func unknownKeysAndBadValuesNameTheKeyAndLine() {
        let cases: [(String, Int, String)] = [
            ("strict: true\nmax_restore_dely: 2\n", 2, "unknown key 'max_restore_dely'; did you mean 'max_restore_delay'?"),
            ("transition: soon\n", 1, "'transition' must be a number of seconds such as 0.6"),
            ("rules:\n  focus_lost_on_retrun: off\n", 2, "unknown rule id 'focus_lost_on_retrun' under 'rules'; did you mean 'focus_lost_on_return'?"),
            ("rules:\n  unreachable_screen: maybe\n", 2, "'rules.unreachable_screen' must be error, warning, on or off"),
            ("strict: yes please\n", 1, "'strict' must be true or false"),
            ("redundant_role_words:\n  buton: [x]\n", 2, "unknown role 'buton'"),
            ("included: [a, [b]]\n", 1, "'included' must be a list of strings"),
            ("a: [unclosed\n", 2, "not valid YAML"),
            ("strict: false\nuikit_focus: nome\n", 2, "'uikit_focus' must be system or none; did you mean 'none'?"),
            ("uikit_focus: [system]\n", 1, "'uikit_focus' must be system or none"),
            ("presentations:\n  sheets: loses\n", 2, "unknown presentation kind 'sheets' under 'presentations'; did you mean 'sheet'?"),
            ("presentations:\n  push: loses\n", 2, "unknown presentation kind 'push'"),
            ("presentations:\n  sheet: lost\n", 2, "'presentations.sheet' must be restores or loses"),
            ("presentations: loses\n", 1, "'presentations' must be a mapping of presentation kinds"),
        ]
        for (yaml, line, message) in cases {
            do {
                _ = try parse(yaml)
                Issue.record("\(yaml) should be rejected")
            } catch {
                #expect(error.location?.line == line, "\(yaml): \(String(describing: error.location))")
                #expect(error.message.hasPrefix(message), "\(error.message)")
                #expect(error.file == "dir/.focusaudit.yml")
            }
        }
    }

    @Test func emptyKeysKeepDefaults() throws {
        let file = try parse("rules:\n  # nothing yet\nincluded:\n")
        #expect(file.severities.isEmpty && file.included.isEmpty)
        #expect(try parse(ConfigurationFile.template).included == ["."])
        #expect(try parse(ConfigurationFile.template).outletControls == .some(.warning))
        #expect(try parse("outlet_controls: off\n").outletControls == .some(nil))
        #expect(try parse("outlet_controls: error\n").outletControls == .some(.error))
        #expect(try parse("").outletControls == nil)
    }

    @Test func globs() {
        #expect(Glob(pattern: "*.xml").matches("a.xml"))
        #expect(!Glob(pattern: "*.xml").matches("sub/a.xml"))
        #expect(Glob(pattern: "**/*.xml").matches("sub/deeper/a.xml"))
        #expect(Glob(pattern: "**/*.xml").matches("a.xml"))
        #expect(Glob(pattern: "Generated").matches("./Generated/a.xml"))
        #expect(Glob(pattern: "UI/?.json").matches("UI/a.json"))
        #expect(!Glob(pattern: "UI/?.json").matches("UI/ab.json"))
        #expect(Glob(pattern: "x/**", relativeTo: "conf").matches("conf/x/y/z.xml"))
    }

    @Test func offRulesAreNotRunAndTheirSuppressionsAreNotSuperfluous() {
        var configuration = Configuration()
        configuration.severities[RuleID.unreachableScreen] = .some(nil)
        configuration.severities[RuleID.unknownDestination] = .some(.warning)
        let a = audit(
            """
            <app>
              <screen id="a"><Button id="b" label="B" push="nowhere"/></screen>
              <!-- focusaudit:disable unreachable_screen -->
              <screen id="island"/>
            </app>
            """, configuration: configuration)
        #expect(a.findings.map(\.rule) == [RuleID.unknownDestination])
        #expect(a.findings.first?.severity == .warning)
    }

    @Test func roleWordsAreConfigurable() {
        var configuration = Configuration()
        configuration.roleWords["button"] = ["btn", "단추"]
        let a = audit(
            "<app><screen id=\"s\"><Button id=\"a\" label=\"Send btn\"/><Button id=\"b\" label=\"전송 버튼\"/><Button id=\"c\" label=\"확인단추\"/></screen></app>",
            configuration: configuration)
        #expect(a.findings.map(\.element) == ["screen[s]/Button[a]", "screen[s]/Button[c]"])
    }
}

@Suite struct BaselineTests {
    @Test func baselinedFindingsStayBaselinedWhenLinesMoveAndNewOnesFail() throws {
        let xml = "<app>\n<screen id=\"a\"><Button id=\"b\" label=\"B\" push=\"nowhere\"/></screen>\n</app>\n"
        let first = AuditResult(files: [Auditor.audit(text: xml, file: "f.xml")])
        let text = Baseline.render(first)
        let bytes = Array(text.utf8)
        #expect(bytes.last == UInt8(ascii: "\n"))
        let prints = Fingerprint.of(first.findings)
        let baseline = Baseline(fingerprints: Set(prints))
        let moved = AuditResult(files: [Auditor.audit(text: "<!-- a -->\n\n" + xml, file: "f.xml")])
        let applied = moved.applying(baseline)
        #expect(applied.findings.isEmpty)
        #expect(applied.baselinedCount == 1)
        #expect(applied.exitStatus(strict: false) == 0)
        let grown = xml.replacing("</screen>", with: "<Button id=\"c\" label=\"C\" push=\"gone\"/></screen>")
        let withNew = AuditResult(files: [Auditor.audit(text: grown, file: "f.xml")]).applying(baseline)
        #expect(withNew.findings.map(\.element) == ["screen[a]/Button[c]"])
        #expect(withNew.exitStatus(strict: false) == 1)
    }
}
