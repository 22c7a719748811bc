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
            #expect(Set(finding.keys) == ["rule", "severity", "file", "line", "column", "element", "message"])
        }
        let summary = try #require(object["summary"] as? [String: Any])
        let errors = findings.filter { $0["severity"] as? String == "error" }.count
        #expect(summary["errors"] as? Int == errors)
        #expect(summary["warnings"] as? Int == findings.count - errors)
        #expect(summary["files"] as? Int == 1)
        // Sorted by file, line, column, rule.
        let keys = findings.map { ($0["line"] as! Int, $0["column"] as! Int, $0["rule"] as! String) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
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
