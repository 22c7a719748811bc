import Testing

@testable import FocusAudit

/// The bundled samples are audited against the `<!-- expect: rule, … -->` comments written before
/// each element (or suppression comment) where a finding must point: exactly those findings, no
/// more, no fewer.
@Suite struct SampleTests {
    static let samples = DocumentationTests.root + "/Samples"

    /// `line:col rule` for each expectation in an XML sample.
    static func expectations(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var result: [String] = []
        var pending: [String] = []
        var line = 1
        var column = 1
        var i = 0
        func starts(_ s: String, at k: Int) -> Bool {
            let p = Array(s.unicodeScalars)
            return k + p.count <= scalars.count && Array(scalars[k..<k + p.count]) == p
        }
        while i < scalars.count {
            if starts("<!--", at: i) {
                var end = i + 4
                while end < scalars.count && !starts("-->", at: end) { end += 1 }
                let body = String(String.UnicodeScalarView(scalars[(i + 4)..<end])).trimmingWhitespace()
                if body.hasPrefix("expect:") {
                    pending += body.dropFirst("expect:".count).split(separator: ",").map { $0.trimmingWhitespace() }
                } else if body.hasPrefix("focusaudit:") {
                    result += pending.map { "\(line):\(column) \($0)" }
                    pending = []
                }
                while i < min(end + 3, scalars.count) {
                    if scalars[i] == "\n" {
                        line += 1
                        column = 1
                    } else {
                        column += 1
                    }
                    i += 1
                }
                continue
            }
            if scalars[i] == "<", i + 1 < scalars.count, scalars[i + 1].properties.isAlphabetic {
                result += pending.map { "\(line):\(column) \($0)" }
                pending = []
            }
            if scalars[i] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        return result
    }

    @Test(arguments: ["messenger-broken.xml", "messenger-fixed.xml", "guide.xml"])
    func sampleFindingsMatchItsExpectComments(_ name: String) throws {
        let path = "\(Self.samples)/\(name)"
        let text = try #require(TextFile.read(path))
        let expected = Self.expectations(in: text).sorted()
        // By default the opt-in rules' expectations are not reported; with them turned on, all are.
        let defaults = expected.filter { line in !RuleID.optIn.contains { line.hasSuffix(" " + $0) } }
        for (configuration, expected) in [(Configuration(), defaults), (.everyRule, expected)] {
            let audit = Auditor.audit(file: path, configuration: configuration)
            #expect(audit.error == nil)
            let found = audit.findings.map { "\($0.location.line):\($0.location.column) \($0.rule)" }.sorted()
            #expect(found == expected)
        }
    }

    @Test func brokenSampleShowsEveryRule() throws {
        let path = "\(Self.samples)/messenger-broken.xml"
        let audit = Auditor.audit(file: path, configuration: Configuration())
        #expect(Set(audit.findings.map(\.rule)) == Set(RuleID.all).subtracting(RuleID.optIn))
        let everyRule = Auditor.audit(file: path, configuration: .everyRule)
        #expect(Set(everyRule.findings.map(\.rule)) == Set(RuleID.all))
    }

    @Test(arguments: ["messenger-broken", "messenger-fixed", "guide"])
    func jsonTwinGivesTheSameFindings(_ name: String) throws {
        let xml = Auditor.audit(file: "\(Self.samples)/\(name).xml", configuration: Configuration())
        let json = Auditor.audit(file: "\(Self.samples)/\(name).json", configuration: Configuration())
        #expect(json.error == nil, "\(String(describing: json.error))")
        let key = { (f: Finding) in "\(f.rule) \(f.element)" }
        #expect(xml.findings.map(key).sorted() == json.findings.map(key).sorted())
        #expect(xml.journeys.count == json.journeys.count)
        // Positions are the JSON file's own: every finding points at an opening brace.
        let text = try #require(TextFile.read("\(Self.samples)/\(name).json"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        for finding in json.findings {
            let line = lines[finding.location.line - 1]
            #expect(line[finding.location.column - 1] == "{", "\(finding.rule) at \(finding.location) is not at a brace")
        }
    }
}

@Suite struct RunTests {
    @Test func aFileNamedTwiceOrAlsoFoundInADirectoryIsAuditedOnce() {
        let sample = SampleTests.samples + "/messenger-broken.xml"
        let once = Auditor.audit(paths: [sample], configuration: Configuration())
        let twice = Auditor.audit(paths: [sample, sample, SampleTests.samples + "/./messenger-broken.xml"], configuration: Configuration())
        #expect(twice.files.count == 1)
        #expect(twice.findings == once.findings)
        let withDirectory = Auditor.audit(paths: [sample, SampleTests.samples], configuration: Configuration())
        let shown = once.findings.first?.file
        #expect(shown != nil)
        #expect(withDirectory.findings.filter { $0.file == shown }.count == once.findings.count)
        // Across files the order is by file name, then position, whatever order they were named in.
        let files = withDirectory.findings.map(\.file)
        #expect(files == files.sorted())
    }
}
