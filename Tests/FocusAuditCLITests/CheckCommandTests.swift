import Foundation
import Testing

@Suite struct CheckCommandTests {
    static let clean = """
        <app name="Clean">
          <screen id="home">
            <Button id="ok" label="확인"/>
          </screen>
        </app>
        """
    static let broken = """
        <app name="Broken">
          <screen id="home" title="홈">
            <NavigationLink id="a" destination="detail"><Text>상세</Text></NavigationLink>
          </screen>
          <screen id="detail"/>
        </app>
        """

    @Test func brokenSampleFailsWithCompilerStyleLines() throws {
        let result = try CLIRunner.run(["check", "Samples/messenger-broken.xml"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let pattern = /^Samples\/messenger-broken\.xml:\d+:\d+: (error|warning): .+ \[[a-z_]+\]$/
        #expect(lines.count > 10)
        for line in lines.dropLast() {
            #expect(line.wholeMatch(of: pattern) != nil, "not compiler-style: \(line)")
        }
        #expect(lines.last?.hasPrefix("focusaudit: ") == true)
        #expect(!result.stdout.contains("\u{1B}["), "no colour when not on a terminal")
    }

    @Test func fixedSamplesAreClean() throws {
        let result = try CLIRunner.run(["check", "Samples/messenger-fixed.xml", "Samples/guide.xml"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "focusaudit: no findings in 2 files\n")
    }

    @Test func jsonReportHasTheDocumentedShape() throws {
        let result = try CLIRunner.run(["check", "--format", "json", "Samples/messenger-broken.xml"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "impact", "file", "line", "column", "element", "message"])
            #expect(["critical", "serious", "moderate", "minor"].contains(finding["impact"] as? String ?? ""))
        }
        // The impact is the rule's own, whatever the severity or the element.
        var impacts: [String: Set<String>] = [:]
        for finding in findings { impacts[finding["rule"] as! String, default: []].insert(finding["impact"] as! String) }
        #expect(impacts.values.allSatisfy { $0.count == 1 })
        #expect(impacts["unlabeled_control"] == ["critical"])
        #expect(impacts["redundant_trait_in_label"] == ["minor"])
        let summary = try #require(object["summary"] as? [String: Any])
        let errors = findings.filter { $0["severity"] as? String == "error" }.count
        #expect(summary["errors"] as? Int == errors)
        #expect(summary["warnings"] as? Int == findings.count - errors)
        #expect(summary["files"] as? Int == 1)
        // Findings per rule, always there.
        var perRule: [String: Int] = [:]
        for finding in findings { perRule[finding["rule"] as! String, default: 0] += 1 }
        #expect(summary["rules"] as? [String: Int] == perRule)
        let clean = try CLIRunner.run(["check", "--format", "json", "Samples/messenger-fixed.xml"])
        #expect(clean.stdout.contains("\"rules\": {}"))
        // Sorted by file, line, column, rule.
        let keys = findings.map { ($0["line"] as! Int, $0["column"] as! Int, $0["rule"] as! String) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func verboseTextListsFindingsPerRuleAfterTheSummary() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(
            "<app><screen id=\"s\"><Button id=\"a\"/><Button id=\"b\"/><Image asset=\"x\"/><Button id=\"c\" label=\"Send button\"/></screen></app>",
            to: "d.xml")
        let plain = try CLIRunner.run(["check", "d.xml"], in: dir)
        #expect(plain.stdout.hasSuffix("focusaudit: 2 errors, 2 warnings in 1 file\n"), "\(plain.stdout)")
        let verbose = try CLIRunner.run(["check", "--verbose", "d.xml"], in: dir)
        #expect(verbose.status == 1)
        #expect(
            verbose.stdout.hasSuffix(
                """
                focusaudit: 2 errors, 2 warnings in 1 file
                  unlabeled_control: 2 errors
                  image_missing_label: 1 warning
                  redundant_trait_in_label: 1 warning

                """), "\(verbose.stdout)")
    }

    @Test func outputDoesNotDependOnJobsAndIsStable() throws {
        let dir = try CLIRunner.temporaryDirectory()
        for i in 0..<40 {
            try dir.write(i % 3 == 0 ? Self.broken : Self.clean, to: "screen\(i).xml")
        }
        let one = try CLIRunner.run(["check", "--format", "json", "--jobs", "1", "."], in: dir)
        let two = try CLIRunner.run(["check", "--format", "json", "--jobs", "2", "."], in: dir)
        let again = try CLIRunner.run(["check", "--format", "json", "--jobs", "2", "."], in: dir)
        #expect(one.status == 1)
        #expect(one.stdout == two.stdout)
        #expect(two.stdout == again.stdout)
        #expect(one.stdout.contains("\"files\": 40"))
    }

    @Test func aSingleLargeFileIsTheSameOnOneThreadAndTwo() throws {
        // One file is read on one thread and checked on another unless --jobs is 1; it must not show.
        let dir = try CLIRunner.temporaryDirectory()
        var screens = ""
        for i in 0..<500 {
            screens += """
                  <screen id="s\(i)" restore-focus="on-appear" restore-delay="\(i % 5 == 0 ? "0.1" : "0.6")" capture="binding">
                    <NavigationLink id="a" destination="s\((i + 1) % 500)"\(i % 3 == 0 ? "" : " focus=\"a\"")><Text>다음</Text></NavigationLink>
                    <Button id="b" push="\(i % 50 == 0 ? "gone" : "s0")" label="처음 버튼" focus="b"/>
                  </screen>

                """
        }
        try dir.write("<app transition=\"0.4\">\n\(screens)</app>\n", to: "big.xml")
        let one = try CLIRunner.run(["check", "--format", "json", "--jobs", "1", "big.xml"], in: dir)
        let two = try CLIRunner.run(["check", "--format", "json", "--jobs", "2", "big.xml"], in: dir)
        #expect(one.status == 1)
        #expect(one.stdout.contains("\"rule\": \"unknown_destination\""))
        #expect(one.stdout.contains("\"rule\": \"missing_restoration_delay\""))
        #expect(one.stdout == two.stdout)
        // A well-formedness error after many screens have been handed over to be checked is
        // still an input error at its place, exit 2, and no findings are reported for the file.
        try dir.write("<app>\n\(screens)<screen id=\"bad\"></app>\n", to: "broken.xml")
        let broken = try CLIRunner.run(["check", "--jobs", "2", "broken.xml"], in: dir)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("broken.xml:\(2 + 500 * 4):"))
        #expect(broken.stdout.contains("1 input error"))
    }

    @Test func unreadableInputsExitTwoAndOthersAreStillAudited() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.broken, to: "broken.xml")
        try dir.write("<app>\n  <screen id=\"x\">\n</app>\n", to: "malformed.xml")
        let result = try CLIRunner.run(["check", "missing.xml", "malformed.xml", "broken.xml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.xml: error: no such file or directory"))
        #expect(result.stderr.contains("malformed.xml:3:7: error:"))
        #expect(result.stdout.contains("broken.xml:2:3: error:"))
        #expect(result.stdout.contains("(2 input errors)"))
        let json = try CLIRunner.run(["check", "--format", "json", "missing.xml", "malformed.xml", "broken.xml"], in: dir)
        #expect(json.status == 2)
        #expect(json.stdout.contains("\"inputErrors\": 2"))
        #expect(json.stdout.contains("\"file\": \"malformed.xml\", \"line\": 3"))
    }

    @Test func directoriesSkipOtherXMLAndJSONButNotBrokenOnes() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
        try dir.write(Self.clean, to: "nested/deeper/ui.xml")
        try dir.write("{\"name\": \"pkg\", \"version\": \"1.0.0\"}", to: "package.json")
        try dir.write("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", to: "Info.xml")
        let clean = try CLIRunner.run(["check", "."], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout == "focusaudit: no findings in 1 file (2 skipped)\n")
        let named = try CLIRunner.run(["check", "Info.xml"], in: dir)
        #expect(named.status == 2)
        #expect(named.stderr.contains("not a focusaudit description"))
        try dir.write("{\"screens\": [", to: "nested/broken.json")
        let broken = try CLIRunner.run(["check", "."], in: dir)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("nested/broken.json:1:14: error:"))
    }

    @Test func pathsAreShownTheSameHoweverTheyAreTyped() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("UI"), withIntermediateDirectories: true)
        try dir.write(Self.broken, to: "UI/b.xml")
        let plain = try CLIRunner.run(["check", "UI"], in: dir)
        let dotted = try CLIRunner.run(["check", "./UI/"], in: dir)
        let absolute = try CLIRunner.run(["check", dir.appendingPathComponent("UI/./b.xml").path], in: dir)
        #expect(plain.stdout.hasPrefix("UI/b.xml:2:3: error:"))
        #expect(dotted.stdout == plain.stdout)
        #expect(absolute.stdout == plain.stdout)
    }

    @Test func hooksCanSkipNamedFilesThatAreNotDescriptions() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.broken, to: "ui.xml")
        try dir.write("{\"images\": [], \"info\": {\"version\": 1}}", to: "Contents.json")
        try dir.write("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", to: "Info.xml")
        let strict = try CLIRunner.run(["check", "ui.xml", "Contents.json", "Info.xml"], in: dir)
        #expect(strict.status == 2)
        let hook = try CLIRunner.run(["check", "--skip-non-descriptions", "ui.xml", "Contents.json", "Info.xml"], in: dir)
        #expect(hook.status == 1)
        #expect(hook.stdout.hasSuffix("focusaudit: 1 error, 0 warnings in 1 file (2 skipped)\n"))
        try dir.write("{\"screens\": [", to: "broken.json")
        let broken = try CLIRunner.run(["check", "--skip-non-descriptions", "broken.json"], in: dir)
        #expect(broken.status == 2)
    }

    @Test func strictMakesWarningsFail() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("<app><screen id=\"a\"/><screen id=\"lonely\"/></app>", to: "w.xml")
        #expect(try CLIRunner.run(["check", "w.xml"], in: dir).status == 0)
        #expect(try CLIRunner.run(["check", "--strict", "w.xml"], in: dir).status == 1)
    }

    @Test func maxRestoreDelayFlag() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(
            """
            <app><screen id="a" restore-focus="on-appear" restore-delay="1.2" capture="binding">
            <NavigationLink id="l" destination="b" focus="l"><Text>B</Text></NavigationLink></screen><screen id="b"/></app>
            """, to: "d.xml")
        #expect(!(try CLIRunner.run(["check", "d.xml"], in: dir).stdout.contains("excessive_restoration_delay")))
        let tight = try CLIRunner.run(["check", "--max-restore-delay", "1", "d.xml"], in: dir)
        #expect(tight.stdout.contains("d.xml:1:6: warning:"))
        #expect(tight.stdout.contains("[excessive_restoration_delay]"))
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLIRunner.run(["check"]).status == 2)
        #expect(try CLIRunner.run(["check", "--no-such-flag", "x.xml"]).status == 2)
        #expect(try CLIRunner.run(["check", "--format", "yaml", "x.xml"]).status == 2)
        #expect(try CLIRunner.run(["check", "--jobs", "0", "x.xml"]).status == 2)
        #expect(try CLIRunner.run(["frobnicate"]).status == 2)
        #expect(try CLIRunner.run(["--help"]).status == 0)
    }

    @Test func nonRegularFilesDoNotHang() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.xml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try dir.write(Self.broken, to: "broken.xml")
        let result = try CLIRunner.run(["check", "pipe.xml", "/dev/zero", ".", "broken.xml"], in: dir, timeout: 20)
        #expect(result.status == 2)
        #expect(result.stderr.contains("pipe.xml: error: cannot audit: not a regular file"))
        #expect(result.stderr.contains("/dev/zero: error: cannot audit: not a regular file"))
        #expect(result.stdout.contains("broken.xml:2:3"))
    }

    @Test func externalDTDsAndEntitiesAreNeverOpened() throws {
        let dir = try CLIRunner.temporaryDirectory()
        // If anything opened these, the audit would fail (garbage DTD) or hang (FIFO with no writer).
        try dir.write("<<< not a DTD", to: "evil.dtd")
        #expect(mkfifo(dir.appendingPathComponent("trap").path, 0o644) == 0)
        try dir.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE app SYSTEM "evil.dtd">
            <app><screen id="s"><Button id="b" label="확인"/></screen></app>
            """, to: "external-dtd.xml")
        try dir.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE app [<!ENTITY x SYSTEM "trap">]>
            <app><screen id="s"><Text>&x;</Text></screen></app>
            """, to: "external-entity.xml")
        try dir.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE app [<!ENTITY % p SYSTEM "trap"> %p;]>
            <app/>
            """, to: "parameter-entity.xml")
        let dtd = try CLIRunner.run(["check", "external-dtd.xml"], in: dir, timeout: 20)
        #expect(dtd.status == 0, "\(dtd.stdout)\(dtd.stderr)")
        let entity = try CLIRunner.run(["check", "external-entity.xml", "parameter-entity.xml"], in: dir, timeout: 20)
        #expect(entity.status == 2)
        #expect(entity.stderr.contains("external-entity.xml:2:16: error: the document declares the entity 'x'"))
        #expect(entity.stderr.contains("parameter-entity.xml:2:16: error: the document declares the entity 'p'"))
    }
}

@Suite struct ConfigurationCommandTests {
    static let description = """
        <app>
          <screen id="home" title="홈">
            <NavigationLink id="a" destination="detail"><Text>상세</Text></NavigationLink>
          </screen>
          <screen id="detail"/>
          <screen id="island"/>
        </app>
        """

    @Test func nearestConfigFileIsUsedAndFlagsWin() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("app/ui"), withIntermediateDirectories: true)
        try dir.write(Self.description, to: "app/ui/d.xml")
        try dir.write("rules:\n  unreachable_screen: off\n  focus_lost_on_return: warning\n", to: ".focusaudit.yml")
        let sub = dir.appendingPathComponent("app")
        let result = try CLIRunner.run(["check", "ui/d.xml"], in: sub)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ui/d.xml:2:3: warning:"))
        #expect(!result.stdout.contains("unreachable_screen"))
        #expect(try CLIRunner.run(["check", "--strict", "ui/d.xml"], in: sub).status == 1)
        try dir.write("", to: "empty.yml")
        let other = try CLIRunner.run(["check", "--config", "../empty.yml", "ui/d.xml"], in: sub)
        #expect(other.stdout.contains("[unreachable_screen]"))
    }

    @Test func badConfigIsAnErrorWithItsLine() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.description, to: "d.xml")
        try dir.write("strict: false\nmax_restore_dely: 1\n", to: ".focusaudit.yml")
        let result = try CLIRunner.run(["check", "d.xml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(".focusaudit.yml:2:1: error: unknown key 'max_restore_dely'; did you mean 'max_restore_delay'?"))
    }

    @Test func includedAndExcludedChooseTheFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("UI/Generated"), withIntermediateDirectories: true)
        try dir.write(Self.description, to: "UI/d.xml")
        try dir.write(Self.description, to: "UI/Generated/g.xml")
        try dir.write("included: [UI]\nexcluded: [\"**/Generated/**\"]\n", to: ".focusaudit.yml")
        let result = try CLIRunner.run(["check"], in: dir)
        #expect(result.stdout.contains("UI/d.xml:2:3"))
        #expect(!result.stdout.contains("Generated"))
    }

    @Test func initWritesAUsableFileOnce() throws {
        let dir = try CLIRunner.temporaryDirectory()
        #expect(try CLIRunner.run(["init"], in: dir).status == 0)
        let again = try CLIRunner.run(["init"], in: dir)
        #expect(again.status == 2)
        try dir.write(Self.description, to: "d.xml")
        let result = try CLIRunner.run(["check"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.contains("d.xml:2:3: error:"))
    }

    @Test func baselineRoundTrip() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.description, to: "d.xml")
        let written = try CLIRunner.run(["check", "--write-baseline", "base.json", "d.xml"], in: dir)
        // What was just recorded is accepted.
        #expect(written.status == 0)
        #expect(written.stdout == "focusaudit: no findings in 1 file (2 in the baseline)\n")
        try dir.write("<!-- moved -->\n\n" + Self.description, to: "d.xml")
        let quiet = try CLIRunner.run(["check", "--baseline", "base.json", "d.xml"], in: dir)
        #expect(quiet.status == 0, "\(quiet.stdout)")
        #expect(quiet.stdout == "focusaudit: no findings in 1 file (2 in the baseline)\n")
        try dir.write(Self.description.replacing("<screen id=\"detail\"/>", with: "<screen id=\"detail\"><Button id=\"x\"/></screen>"), to: "d.xml")
        let fresh = try CLIRunner.run(["check", "--baseline", "base.json", "d.xml"], in: dir)
        #expect(fresh.status == 1)
        #expect(fresh.stdout.contains("[unlabeled_control]"))
        let missing = try CLIRunner.run(["check", "--baseline", "nope.json", "d.xml"], in: dir)
        #expect(missing.status == 2)
        // Why, and how to make one.
        #expect(
            missing.stderr.contains(
                "nope.json: error: cannot read the baseline: no such file; to make one, run the same check with --write-baseline nope.json"),
            "\(missing.stderr)")
        let directory = try CLIRunner.run(["check", "--baseline", ".", "d.xml"], in: dir)
        #expect(directory.status == 2)
        #expect(directory.stderr.contains(".: error: cannot read the baseline: it is a directory"), "\(directory.stderr)")
    }

    @Test func everyConfigurationErrorIsReportedInOneRun() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.description, to: "d.xml")
        try dir.write(
            "transition: soon\nstrikt: true\nrules:\n  unlabeled_contrl: error\n  nested_control: loud\nmax_restore_delay: 2\n",
            to: "bad.yml")
        let result = try CLIRunner.run(["check", "--config", "bad.yml", "d.xml"], in: dir)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "bad.yml:1:13: error: 'transition' must be a number of seconds such as 0.6",
                "bad.yml:2:1: error: unknown key 'strikt'; did you mean 'strict'?",
                "bad.yml:4:3: error: unknown rule id 'unlabeled_contrl' under 'rules'; did you mean 'unlabeled_control'?",
                "bad.yml:5:19: error: 'rules.nested_control' must be error, warning, on or off",
            ], "\(result.stderr)")
        let missing = try CLIRunner.run(["check", "--config", "none.yml", "d.xml"], in: dir)
        #expect(missing.status == 2)
        #expect(
            missing.stderr == "none.yml: error: cannot read the configuration file: no such file; `focusaudit init` writes one with the defaults\n",
            "\(missing.stderr)")
    }

    @Test func reportsAreWrittenAtomicallyInOneRun() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.description, to: "d.xml")
        let result = try CLIRunner.run(
            [
                "check", "d.xml", "--report", "junit:d.xml/r.xml", "--report", "sarif:r.sarif", "--report", "html:out/deeper/r.html",
                "--report", "json:r.json",
            ],
            in: dir)
        // d.xml is a file, so that report cannot be written (exit 2); the others still are, and
        // missing directories are created.
        #expect(result.status == 2)
        #expect(result.stderr.contains("d.xml/r.xml: error: cannot write"))
        for name in ["r.sarif", "out/deeper/r.html", "r.json"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path), "\(name)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        #expect(try CLIRunner.run(["check", "d.xml", "--report", "pdf:x"], in: dir).status == 2)
    }
}
