import Foundation
import Testing

/// The conformance cases of `Tests/conformance/cases` (see `ConformanceTests`) through the built
/// executable, as an outside tester runs them, and the command-line contract of FORMAT.md: exit
/// status 0, 1 or 2, input errors as `file:line:col: error: message`, `invalid_description`
/// versus an input error, skipped files, summary counts and output that does not depend on
/// `--jobs`.
@Suite struct ConformanceCommandTests {
    static let cases = CLIRunner.packageRoot.appendingPathComponent("Tests/conformance/cases")

    /// `rule severity path line:col` for each finding a case file must give.
    static func expected(_ file: String) throws -> [String] {
        let dot = file.lastIndex(of: ".")!
        let (name, format) = (String(file[..<dot]), String(file[file.index(after: dot)...]))
        let text = try String(contentsOf: cases.appendingPathComponent("\(name).expected"), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).compactMap { line -> String? in
            let fields = line.split(separator: " ").map(String.init)
            guard !line.hasPrefix("#"), fields.count >= 3,
                let position = fields.first(where: { $0.hasPrefix(format + "=") })?.dropFirst(format.count + 1)
            else { return nil }
            return "\(fields[0]) \(fields[1]) \(fields[2]) \(position)"
        }.sorted()
    }

    static func caseFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cases.path)
            .filter { $0.hasSuffix(".xml") || $0.hasSuffix(".json") }.sorted()
    }

    /// A restoring screen with one link, with the app's own transition if given.
    static func app(_ transition: String?, delay: String) -> String {
        let t = transition.map { " transition=\"\($0)\"" } ?? ""
        return """
            <app name="s"\(t)>
              <screen id="s" restore-focus="on-appear" restore-delay="\(delay)" capture="binding">
                <Text>Intro</Text>
                <NavigationLink id="a" destination="d" focus="a">A</NavigationLink>
              </screen>
              <screen id="d"/>
            </app>

            """
    }

    /// The rule ids `check --format json` reports for one file, in order.
    static func rules(_ file: String, _ flags: [String], in directory: URL) throws -> [String] {
        let run = try CLIRunner.run(["check", "--format", "json"] + flags + [file], in: directory)
        let findings = try #require(try Self.json(run.stdout)["findings"] as? [[String: Any]])
        return findings.compactMap { $0["rule"] as? String }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theCaseDirectoryGivesTheExpectedFindingsWhateverTheJobCount() throws {
        let one = try CLIRunner.run(["check", "--format", "json", "--jobs", "1", "."], in: Self.cases)
        let three = try CLIRunner.run(["check", "--format", "json", "--jobs", "3", "."], in: Self.cases)
        #expect(one.stdout == three.stdout, "--jobs must not change the report")
        #expect(one.status == 1 && three.status == 1, "\(one.stderr)")
        let report = try Self.json(one.stdout)
        let findings = try #require(report["findings"] as? [[String: Any]])
        var got: [String: [String]] = [:]
        var errors = 0
        var warnings = 0
        for finding in findings {
            let file = finding["file"] as? String ?? "?"
            let line = finding["line"] as? Int ?? 0
            let column = finding["column"] as? Int ?? 0
            let severity = finding["severity"] as? String ?? "?"
            if severity == "error" { errors += 1 } else { warnings += 1 }
            got[file, default: []].append("\(finding["rule"] as? String ?? "?") \(severity) \(finding["element"] as? String ?? "?") \(line):\(column)")
        }
        var expectedErrors = 0
        var expectedWarnings = 0
        let files = try Self.caseFiles()
        for file in files {
            let expected = try Self.expected(file)
            expectedErrors += expected.filter { $0.split(separator: " ")[1] == "error" }.count
            expectedWarnings += expected.filter { $0.split(separator: " ")[1] == "warning" }.count
            #expect((got[file] ?? []).sorted() == expected, "\(file)")
        }
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == files.count)
        #expect(summary["errors"] as? Int == errors && errors == expectedErrors)
        #expect(summary["warnings"] as? Int == warnings && warnings == expectedWarnings)
        #expect(summary["inputErrors"] as? Int == 0 && summary["skipped"] as? Int == 0)
        #expect((report["errors"] as? [Any])?.isEmpty == true)
    }

    /// SARIF points where the JSON report does (columns in Unicode scalars, declared as
    /// `unicodeCodePoints`; the element path as the logical location), and a baseline written
    /// from the case directory records every expected element path and then silences the whole
    /// run (exit 0), whatever the job count.
    @Test func sarifAndBaselinesUseTheContractsPositionsAndPaths() throws {
        let sarif = try CLIRunner.run(["check", "--format", "sarif", "--jobs", "3", "."], in: Self.cases)
        #expect(sarif.status == 1, "\(sarif.stderr)")
        let run = try #require((try Self.json(sarif.stdout)["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        var got: [String: [String]] = [:]
        for result in try #require(run["results"] as? [[String: Any]]) {
            let location = try #require((result["locations"] as? [[String: Any]])?.first)
            let physical = try #require(location["physicalLocation"] as? [String: Any])
            let file = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            let region = try #require(physical["region"] as? [String: Any])
            let path = (location["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"] as? String ?? "?"
            let level = result["level"] as? String ?? "?"
            got[file, default: []].append(
                "\(result["ruleId"] as? String ?? "?") \(level) \(path) \(region["startLine"] as? Int ?? 0):\(region["startColumn"] as? Int ?? 0)")
        }
        var paths: [String] = []
        for file in try Self.caseFiles() {
            let expected = try Self.expected(file)
            #expect((got[file] ?? []).sorted() == expected, "\(file)")
            paths += expected.map { "\(file) \($0.split(separator: " ")[2])" }
        }
        let dir = try CLIRunner.temporaryDirectory()
        let baseline = dir.appendingPathComponent("baseline.json").path
        for jobs in ["1", "3"] {
            let written = try CLIRunner.run(["check", "--jobs", jobs, "--write-baseline", baseline, "."], in: Self.cases)
            #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
            let recorded = try #require(
                try Self.json(String(decoding: Data(contentsOf: URL(fileURLWithPath: baseline)), as: UTF8.self))["findings"] as? [[String: Any]])
            #expect(recorded.map { "\($0["file"] as? String ?? "?") \($0["element"] as? String ?? "?")" }.sorted() == paths.sorted())
            let checked = try CLIRunner.run(["check", "--jobs", jobs, "--baseline", baseline, "."], in: Self.cases)
            #expect(checked.status == 0, "\(checked.stdout)")
        }
    }

    /// Columns count Unicode scalars whatever the file's encoding: every case re-encoded as UTF-8
    /// with a byte-order mark, UTF-16 LE and UTF-16 BE (with marks) gives the same findings at the
    /// same lines and columns as its UTF-8 original.
    @Test func everyEncodingGivesTheSamePositions() throws {
        func findings(_ directory: URL) throws -> [String] {
            let run = try CLIRunner.run(["check", "--format", "json", "--jobs", "3", "."], in: directory)
            #expect(run.status == 1, "\(run.stderr)")
            let all = try #require(try Self.json(run.stdout)["findings"] as? [[String: Any]])
            return all.map { f in
                ["file", "rule", "element", "line", "column"].map { "\(f[$0] ?? "?")" }.joined(separator: " ")
            }.sorted()
        }
        // The cases about encodings are already in another encoding (or carry their own mark):
        // they are not re-encoded, and their findings are left out of the comparison.
        let plain = try Self.caseFiles().filter { file in
            let data = try Data(contentsOf: Self.cases.appendingPathComponent(file))
            guard let text = String(data: data, encoding: .utf8) else { return false }
            return !text.hasPrefix("\u{FEFF}") && !text.contains("\u{0}")
        }
        let original = try findings(Self.cases).filter { line in plain.contains { line.hasPrefix("\($0) ") } }
        let encodings: [(String, [UInt8], (String) -> [UInt8])] = [
            ("utf8-bom", [0xEF, 0xBB, 0xBF], { Array($0.utf8) }),
            ("utf16le", [0xFF, 0xFE], { $0.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }),
            ("utf16be", [0xFE, 0xFF], { $0.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }),
        ]
        for (name, mark, encode) in encodings {
            let dir = try CLIRunner.temporaryDirectory()
            for file in plain {
                let text = try String(contentsOf: Self.cases.appendingPathComponent(file), encoding: .utf8)
                try Data(mark + encode(text)).write(to: dir.appendingPathComponent(file))
            }
            #expect(try findings(dir) == original, "\(name)")
        }
    }

    @Test func eachCaseAloneExitsByItsSeverities() throws {
        // A file alone takes the two-thread route with --jobs 2; the exit status follows the
        // expected severities: 1 with an error, 0 with warnings only (1 under --strict).
        for file in try Self.caseFiles() {
            let expected = try Self.expected(file)
            let hasError = expected.contains { $0.split(separator: " ")[1] == "error" }
            let run = try CLIRunner.run(["check", "--jobs", "2", file], in: Self.cases)
            #expect(run.status == (hasError ? 1 : 0), "\(file): \(run.stdout)\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").dropLast().map(String.init)
            #expect(lines.count == expected.count, "\(file)")
            for line in lines {
                // path:line:col: severity: message [rule_id]
                #expect(line.hasPrefix(file + ":") && line.hasSuffix("]"), "\(line)")
            }
            if !hasError && !expected.isEmpty {
                #expect(try CLIRunner.run(["check", "--strict", file], in: Self.cases).status == 1, "\(file)")
            }
        }
    }

    static let good = "<app name=\"g\">\n  <screen id=\"s\">\n    <Button/>\n  </screen>\n</app>\n"

    @Test func aBrokenFileIsAnInputErrorAndTheOthersAreStillAudited() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.good, to: "good.xml")
        // The end tag does not match on line 3, after a Korean word, a tab and an emoji: columns
        // count Unicode scalars.
        try dir.write("<app name=\"b\">\n  <screen id=\"s\">\n\t<Text>가나😀</Tex>\n  </screen>\n</app>\n", to: "broken.xml")
        let run = try CLIRunner.run(["check", "good.xml", "broken.xml"], in: dir)
        #expect(run.status == 2)
        #expect(run.stdout.contains("good.xml:3:5: error:") && run.stdout.contains("[unlabeled_control]"), "\(run.stdout)")
        let error = try #require(run.stderr.split(separator: "\n").first.map(String.init))
        #expect(error.hasPrefix("broken.xml:3:"), "\(error)")
        #expect(error.contains(": error: "), "\(error)")
        // `<Tex` of `</Tex>` is at column 11 (tab, <Text>, three scalars): the column is that of
        // the bad end tag or right after it, never a byte count (the line has 13 bytes more).
        let column = Int(error.split(separator: ":")[2]) ?? 0
        #expect((9...18).contains(column), "\(error)")
        let json = try Self.json(try CLIRunner.run(["check", "--format", "json", "good.xml", "broken.xml"], in: dir).stdout)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["inputErrors"] as? Int == 1)
        #expect(summary["errors"] as? Int == 1)
        #expect((json["errors"] as? [Any])?.count == 1)
    }

    /// Line breaks are LF, CRLF or a lone CR in input errors too: the position and the line an
    /// error message names for an unclosed start tag count a lone CR as a line break (libxml2's
    /// own message counts LF only and would name line 1 here), on one thread and with a crew.
    @Test func inputErrorsCountLoneCarriageReturnsAsLineBreaks() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("<app name=\"b\">\r  <screen id=\"s\">\r\t<Text>가나</Tex>\r  </screen>\r</app>\r", to: "mismatch.xml")
        try dir.write("<app name=\"b\">\r\n  <screen id=\"s\">\r\r\n\t<VStack>\r    <Text>x</Text>", to: "truncated.xml")
        for jobs in ["1", "3"] {
            let mismatch = try CLIRunner.run(["check", "--jobs", jobs, "mismatch.xml"], in: dir)
            #expect(mismatch.status == 2)
            #expect(mismatch.stderr.hasPrefix("mismatch.xml:3:"), "\(mismatch.stderr)")
            #expect(mismatch.stderr.contains("<Text> of line 3"), "\(mismatch.stderr)")
            let truncated = try CLIRunner.run(["check", "--jobs", jobs, "truncated.xml"], in: dir)
            #expect(truncated.status == 2)
            #expect(truncated.stderr.hasPrefix("truncated.xml:5:"), "\(truncated.stderr)")
            #expect(!truncated.stderr.contains("of line 1 ") && !truncated.stderr.contains("of line 2 "), "\(truncated.stderr)")
        }
    }

    @Test func brokenJSONIsAnInputErrorEvenInADirectory() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("{ \"screens\": [ { \"id\": \"s\" } ", to: "broken.json")
        try dir.write(Self.good, to: "good.xml")
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("broken.json:1:"), "\(run.stderr)")
    }

    @Test func nonDescriptionsAreSkippedInDirectoriesAndInputErrorsWhenNamed() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("{\"name\": \"web\", \"version\": \"1.0.0\"}\n", to: "package.json")
        try dir.write("<?xml version=\"1.0\"?>\n<project><name>x</name></project>\n", to: "pom.xml")
        try dir.write("<app name=\"c\">\n  <screen id=\"s\"><Text>Hi</Text></screen>\n</app>\n", to: "clean.xml")
        let run = try CLIRunner.run(["check", "--format", "json", "."], in: dir)
        #expect(run.status == 0, "\(run.stdout + run.stderr)")
        let summary = try #require(try Self.json(run.stdout)["summary"] as? [String: Any])
        #expect(summary["skipped"] as? Int == 2)
        #expect(summary["files"] as? Int == 1)
        // Named, each is an input error at what shows it is not a description: the top-level
        // object, the root element.
        for (name, position) in [("package.json", "1:1"), ("pom.xml", "2:1")] {
            let named = try CLIRunner.run(["check", name, "clean.xml"], in: dir)
            #expect(named.status == 2, "\(name): \(named.stderr)")
            #expect(named.stderr.hasPrefix("\(name):\(position): error: not a focusaudit description"), "\(named.stderr)")
        }
    }

    @Test func invalidContentIsAFindingNotAnInputError() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("<app name=\"c\">\n  <screen id=\"s\" restore-delay=\"soon\">\n    <Text lable=\"x\">Hi</Text>\n  </screen>\n</app>\n", to: "c.xml")
        let run = try CLIRunner.run(["check", "c.xml"], in: dir)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        // Each points at the start tag of the element whose attribute is wrong.
        #expect(run.stdout.contains("c.xml:2:3: error: restore-delay must be"), "\(run.stdout)")
        #expect(run.stdout.contains("c.xml:3:5: error: unknown attribute 'lable'"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "[invalid_description]").count == 3, "\(run.stdout)")
    }

    @Test func usageErrorsExitTwo() throws {
        #expect(try CLIRunner.run(["check", "--no-such-flag", "x.xml"]).status == 2)
        #expect(try CLIRunner.run(["check", "--format", "yaml", "x.xml"]).status == 2)
        let dir = try CLIRunner.temporaryDirectory()
        #expect(try CLIRunner.run(["check", "missing.xml"], in: dir).status == 2)
    }

    /// The description's own transition wins over --transition, which wins over 0.35; a delay
    /// equal to the transition is in time; --max-restore-delay moves the excessive bound.
    @Test func settingsLayerAsTheContractSays() throws {
        let dir = try CLIRunner.temporaryDirectory()
        func rules(_ file: String, _ flags: [String]) throws -> [String] { try Self.rules(file, flags, in: dir) }
        try dir.write(Self.app(nil, delay: "0.4"), to: "plain.xml")
        try dir.write(Self.app("0.3", delay: "0.4"), to: "own.xml")
        try dir.write(Self.app(nil, delay: "0.5"), to: "equal.xml")
        try dir.write(Self.app(nil, delay: "1.8"), to: "long.xml")
        #expect(try rules("plain.xml", []) == [])
        #expect(try rules("plain.xml", ["--transition", "0.5"]) == ["missing_restoration_delay"])
        #expect(try rules("own.xml", ["--transition", "0.5"]) == [])
        #expect(try rules("equal.xml", ["--transition", "0.5"]) == [])
        #expect(try rules("long.xml", []) == ["excessive_restoration_delay"])
        #expect(try rules("long.xml", ["--max-restore-delay", "1.8"]) == [])
        #expect(try rules("long.xml", ["--max-restore-delay", "1.79"]) == ["excessive_restoration_delay"])
        // A bad transition is treated as absent: the flag (or 0.35) applies.
        try dir.write(Self.app("fast", delay: "0.4"), to: "bad.xml")
        #expect(try rules("bad.xml", []) == ["invalid_description"])
        #expect(try rules("bad.xml", ["--transition", "0.5"]) == ["invalid_description", "missing_restoration_delay"])
    }

    /// The configuration file's transition and maximum apply to descriptions that give none; the
    /// description's own transition wins over the file, and flags win over the file.
    /// `modal_restores_focus: false` makes a sheet lose focus as a push does.
    @Test func theConfigurationFileSitsBetweenDefaultsAndFlags() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write("transition: 0.5\nmax_restore_delay: 2\n", to: ".focusaudit.yml")
        func rules(_ file: String, _ flags: [String] = [], in directory: URL) throws -> [String] {
            try Self.rules(file, flags, in: directory)
        }
        try dir.write(Self.app(nil, delay: "0.4"), to: "plain.xml")
        try dir.write(Self.app("0.3", delay: "0.4"), to: "own.xml")
        try dir.write(Self.app(nil, delay: "1.9"), to: "long.xml")
        #expect(try rules("plain.xml", in: dir) == ["missing_restoration_delay"])
        #expect(try rules("plain.xml", ["--transition", "0.4"], in: dir) == [])
        #expect(try rules("own.xml", in: dir) == [])
        #expect(try rules("long.xml", in: dir) == [])
        #expect(try rules("long.xml", ["--max-restore-delay", "1.5"], in: dir) == ["excessive_restoration_delay"])

        let sheets = try CLIRunner.temporaryDirectory()
        try sheets.write(
            """
            <app name="m">
              <screen id="s" title="Home">
                <Button id="a" sheet="d">Compose</Button>
              </screen>
              <screen id="d"/>
            </app>

            """, to: "sheet.xml")
        #expect(try rules("sheet.xml", in: sheets) == [])
        try sheets.write("modal_restores_focus: false\n", to: ".focusaudit.yml")
        #expect(try rules("sheet.xml", in: sheets) == ["focus_lost_on_return"])
    }
}
