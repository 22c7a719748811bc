import Testing

@testable import FocusAudit

@Suite struct ReporterTests {
    static let hostileLabel = "<b>]]>\u{1}\u{1B}[31mred\u{202E}evil😀&\"'"

    /// A run whose finding messages carry a hostile label (an unknown destination with that id).
    static func hostileRun() -> AuditResult {
        let json = """
            {"screens": [{"id": "s", "title": "t", "body": [
              {"view": "NavigationLink", "id": "x", "label": "\\u003cb\\u003e]]>\\u0001\\u001b[31mred\\u202eevil😀&\\"'",
               "destination": "\\u003cb\\u003e]]>\\u0001\\u001b[31mred\\u202eevil😀&\\"'"}]}]}
            """
        let audit = Auditor.audit(
            source: ByteSource(bytes: Array(json.utf8)), file: "a b/한글 100%,x:y.json", explicit: true,
            configuration: Configuration())
        return AuditResult(files: [audit])
    }

    @Test func hostileRunHasTheLabelInItsMessages() {
        let result = Self.hostileRun()
        #expect(result.findings.contains { $0.message.contains(Self.hostileLabel.prefix(5)) })
    }

    @Test func xmlEscapingKeepsDocumentsValid() {
        let escaped = Escaping.xml(Self.hostileLabel)
        #expect(!escaped.contains("<b>") && !escaped.contains("]]>"))
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 })
        #expect(escaped.contains("\\u{1}") && escaped.contains("\\u{1B}"))
        #expect(escaped.contains("😀"))
        for format in [ReportFormat.junit, .html] {
            let text = format.render(Self.hostileRun())
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(format) has a raw control character")
            #expect(!text.contains("<b>"), "\(format) lets markup through")
        }
    }

    @Test func jsonAndSARIFEscapeEverything() {
        #expect(Escaping.json("a\"b\\c\n\u{1}\u{2028}") == "a\\\"b\\\\c\\n\\u0001\\u2028")
        for format in [ReportFormat.json, .sarif] {
            let text = format.render(Self.hostileRun())
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(format) has a raw control character")
            #expect(text.contains("\\u0001") && text.contains("\\u001b"))
        }
    }

    @Test func terminalTextCannotColourOrReorder() {
        let line = TextReporter.render(Self.hostileRun(), options: ReportOptions(color: false))
        #expect(!line.contains("\u{1B}"))
        #expect(!line.contains("\u{202E}"))
        #expect(line.contains("\\u{1B}[31m"))
        #expect(Escaping.terminal("ok\u{9B}x") == "ok\\u{9B}x")
    }

    @Test func githubAnnotationsEncodeDataAndProperties() {
        let text = GitHubReporter.render(Self.hostileRun(), options: ReportOptions())
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line.hasPrefix("::error file=a b/한글 100%25%2Cx%3Ay.json,line=") || line.hasPrefix("::warning file=a b/한글 100%25%2Cx%3Ay.json,line="))
        }
        #expect(Escaping.githubData("50%\nnext") == "50%25%0Anext")
    }

    @Test func junitHasOneFailurePerFindingAndAPassForCleanFiles() {
        let broken = Auditor.audit(text: "<app><screen id=\"a\"/><screen id=\"b\"/><screen id=\"c\"/></app>", file: "b.xml")
        let clean = Auditor.audit(text: "<app><screen id=\"a\"/></app>", file: "c.xml")
        let text = JUnitReporter.render(AuditResult(files: [broken, clean]), options: ReportOptions())
        #expect(text.ranges(of: "<failure ").count == 2)
        #expect(text.contains("<testsuite name=\"c.xml\" tests=\"1\" failures=\"0\""))
        #expect(text.contains("<testcase name=\"focusaudit\" classname=\"c\" time=\"0\"/>"))
        #expect(text.contains("<testsuites name=\"focusaudit\" tests=\"3\" failures=\"2\" errors=\"0\""))
    }

    @Test func junitClassNamesReadFolderThenFileAndTestNamesAreUnique() {
        #expect(JUnitReporter.className(of: "Samples/messenger-broken.xml") == "Samples.messenger-broken")
        #expect(JUnitReporter.className(of: "./ios/App.v2/Main.storyboard") == "ios.App_v2.Main")
        #expect(JUnitReporter.className(of: "/tmp/my.app.json") == "tmp.my_app")
        #expect(JUnitReporter.className(of: "app.xml") == "app")
        // Two elements with one id on one line, and the same rule on two lines.
        let a = Auditor.audit(
            text: "<app><screen id=\"s\"><Button id=\"b\"/><Button id=\"b\"/>\n<Button id=\"b\"/></screen></app>",
            file: "ui/home.xml")
        let text = JUnitReporter.render(AuditResult(files: [a]), options: ReportOptions())
        let names = text.matches(of: /<testcase name="([^"]*)"/).map { String($0.1) }
        #expect(names.count == a.findings.count)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.contains("unlabeled_control screen[s]/Button[b] line 1 column 21"))
        #expect(names.contains("unlabeled_control screen[s]/Button[b] line 2"))
        #expect(text.contains("classname=\"ui.home\""))
    }

    @Test func fingerprintsSurviveLineShifts() {
        let xml = "<app><screen id=\"a\"><Button id=\"b\" label=\"B\" push=\"nowhere\"/></screen></app>"
        let before = Auditor.audit(text: xml, file: "f.xml").findings
        let after = Auditor.audit(text: "\n\n\n<!-- moved -->\n" + xml, file: "f.xml").findings
        #expect(before.map(\.location) != after.map(\.location))
        #expect(Fingerprint.of(before) == Fingerprint.of(after))
        #expect(Fingerprint.hash("") == "cbf29ce484222325")
    }

    @Test func sarifDeclaresColumnsAndRules() {
        let text = SARIFReporter.render(Self.hostileRun(), options: ReportOptions(docsURL: "https://example.invalid/rules"))
        #expect(text.contains("\"columnKind\": \"unicodeCodePoints\""))
        #expect(text.contains("\"helpUri\": \"https://example.invalid/rules/focus_lost_on_return.md\""))
        #expect(text.contains("\"uri\": \"a%20b/%ED%95%9C%EA%B8%80%20100%25,x:y.json\""))
        #expect(!SARIFReporter.render(Self.hostileRun(), options: ReportOptions()).contains("helpUri"))
    }

    @Test func sarifRulesCarryImpactAndAxeStyleTags() throws {
        let text = SARIFReporter.render(Self.hostileRun(), options: ReportOptions())
        let parsed = try JSONParser.parse(Array(text.utf8)).get()
        func member(_ value: JSONValue, _ key: String) -> JSONValue? {
            guard case .object(let members, _) = value else { return nil }
            return members.first { $0.key == key }?.value
        }
        func strings(_ value: JSONValue?) -> [String] {
            guard case .array(let items, _)? = value else { return [] }
            return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
        }
        guard case .array(let runs, _)? = member(parsed, "runs"), let run = runs.first,
            let driver = member(run, "tool").flatMap({ member($0, "driver") }),
            case .array(let rules, _)? = member(driver, "rules")
        else {
            Issue.record("no rules in the SARIF report")
            return
        }
        var byID: [String: (impact: String, tags: [String])] = [:]
        for rule in rules {
            guard case .string(let id)? = member(rule, "id"), let properties = member(rule, "properties"),
                case .string(let impact)? = member(properties, "impact")
            else { continue }
            byID[id] = (impact, strings(member(properties, "tags")))
        }
        #expect(byID.count == RuleRegistry.rules.count)
        #expect(byID["unlabeled_control"]?.impact == "critical")
        #expect(byID["unlabeled_control"]?.tags == ["accessibility", "voiceover", "wcag2a", "wcag412", "wcag111"])
        #expect(byID["focus_lost_on_return"]?.tags == ["accessibility", "voiceover", "wcag2a", "wcag243"])
        #expect(byID["duplicate_focus_id"]?.tags == ["accessibility", "voiceover", "wcag2a", "wcag243"])
        #expect(byID["redundant_trait_in_label"]?.tags == ["accessibility", "voiceover", "best-practice"])
        #expect(byID["redundant_trait_in_label"]?.impact == "minor")
        #expect(byID["unreachable_screen"]?.tags == ["accessibility", "voiceover", "correctness"])
        #expect(Set(byID.values.map(\.impact)).isSubset(of: Set(Impact.allCases.map(\.rawValue))))
    }

    @Test func wcagReferencesFollowWCAG22() {
        let references = Dictionary(uniqueKeysWithValues: RuleRegistry.descriptions.map { ($0.id, $0.references) })
        // 4.1.1 Parsing is obsolete in WCAG 2.2 and cited by no rule.
        #expect(!references.values.joined().contains { $0.contains("4.1.1") })
        #expect(references["focus_lost_on_return"]?.contains { $0.hasPrefix("WCAG 2.4.3") } == true)
        #expect(references["focus_lost_on_return"]?.contains { $0.contains("F85") } == true)
        #expect(references["focus_lost_on_return"]?.contains { $0.contains("3.2.3") } == false)
        #expect(references["unreachable_screen"] == [])
        #expect(references["redundant_trait_in_label"]?.contains { $0.hasPrefix("WCAG") } == false)
        // Every WCAG criterion a rule cites is in the table the tags come from.
        for reference in references.values.joined() where reference.hasPrefix("WCAG ") && !reference.contains("failure") {
            #expect(WCAG.criterion(cited: reference) != nil, "\(reference)")
        }
        #expect(WCAG.tags(for: ["WCAG 2.5.8 Target Size (Minimum)", "WCAG 1.4.4 Resize Text"]) == ["wcag22aa", "wcag2aa", "wcag258", "wcag144"])
    }

    @Test func htmlAndJSONShowEachFindingsImpact() {
        let html = HTMLReporter.render(Self.hostileRun(), options: ReportOptions())
        let json = JSONReporter.render(Self.hostileRun(), options: ReportOptions())
        let findings = Self.hostileRun().findings
        #expect(!findings.isEmpty)
        for finding in findings {
            let impact = RuleRegistry.impact(ofRule: finding.rule).rawValue
            #expect(html.contains("impact: \(impact)"))
            #expect(json.contains("\"impact\": \"\(impact)\""))
        }
    }

    /// A large file's JSON findings are formatted on two threads with more than one job: the bytes
    /// are those of one thread, wherever the large file comes among the files and whatever its
    /// findings hold.
    @Test func jsonOnTwoThreadsIsTheSameBytes() throws {
        let size = JSONReporter.sharedFormattingFindings + JSONReporter.pieceSize * 3 + 17
        func file(_ name: String, count: Int) -> FileAudit {
            var audit = FileAudit(file: name)
            for i in 0..<count {
                audit.findings.append(
                    Finding(
                        rule: i % 3 == 0 ? RuleID.unboundFocusTarget : RuleID.imageMissingLabel,
                        severity: i % 2 == 0 ? .error : .warning, file: name,
                        location: SourceLocation(line: i + 1, column: i % 7 + 1),
                        element: "screen[s\(i / 10)]/Button[\(i)]",
                        message: i % 5 == 0 ? Self.hostileLabel + " \(i)" : "message \(i % 40)"))
            }
            return audit
        }
        let large = file("b/large \"x\".xml", count: size)
        for files in [[large], [file("a.xml", count: 3), large, file("c.xml", count: 0)], [large, file("z.xml", count: 2)]] {
            let result = AuditResult(files: files)
            let one = JSONReporter.render(result, options: ReportOptions(jobs: 1))
            let two = JSONReporter.render(result, options: ReportOptions(jobs: 2))
            #expect(one == two)
            // Valid JSON, with every finding in it.
            let parsed = try JSONParser.parse(Array(two.utf8)).get()
            guard case .object(let members, _) = parsed, let findings = members.first(where: { $0.key == "findings" }),
                case .array(let list, _) = findings.value
            else {
                Issue.record("no findings array")
                return
            }
            #expect(list.count == files.reduce(0) { $0 + $1.findings.count })
        }
    }

    @Test(arguments: ReportFormat.allCases)
    func sameRunSameBytes(_ format: ReportFormat) {
        let sample = DocumentationTests.root + "/Samples/messenger-broken.xml"
        let one = format.render(AuditResult(files: [Auditor.audit(file: sample, configuration: Configuration())]))
        let two = format.render(AuditResult(files: [Auditor.audit(file: sample, configuration: Configuration())]))
        #expect(one == two)
    }
}
