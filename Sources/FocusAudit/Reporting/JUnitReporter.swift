/// JUnit XML for CI test views (Jenkins, GitLab, GitHub check annotations): one test suite per input
/// file, one failing test case per finding, and one passing test case for a file without findings so
/// every audited file shows up. Inputs that could not be audited are test cases with an `<error>`.
///
/// A test case's `classname` is the file's path without its extension, with `/` made `.`
/// (`Samples/messenger-broken.xml` → `Samples.messenger-broken`): Jenkins shows the part before the
/// last dot as the package and the rest as the class, so the test tree reads folder, then file. Dots
/// inside a folder or file name become `_`, so they do not split it. A test case's name is the rule,
/// the element and the line, unique within its file (the column is added when two findings of one
/// rule and element share a line).
public enum JUnitReporter: Reporter {
    /// The `classname` of a file's test cases.
    public static func className(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init).filter { $0 != "." && !$0.isEmpty }
        if var last = parts.popLast() {
            if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            parts.append(last)
        }
        return parts.map { $0 == ".." ? "_" : $0.replacing(".", with: "_") }.joined(separator: ".")
    }

    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter) {
        let files = result.files.filter { !$0.skipped }.sorted { $0.file < $1.file }
        let findings = files.reduce(0) { $0 + $1.findings.count }
        let errors = files.filter { $0.error != nil }.count
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write("<testsuites name=\"focusaudit\" tests=\"\(findings + files.filter { $0.findings.isEmpty }.count)\" ")
        out.write("failures=\"\(findings)\" errors=\"\(errors)\" time=\"0\">\n")
        for file in files {
            let name = Escaping.xml(file.file)
            let className = Escaping.xml(Self.className(of: file.file))
            let cases = max(1, file.findings.count)
            out.write("  <testsuite name=\"\(name)\" tests=\"\(cases)\" failures=\"\(file.findings.count)\" ")
            out.write("errors=\"\(file.error == nil ? 0 : 1)\" skipped=\"0\" time=\"0\">\n")
            if let error = file.error {
                let place = error.location.map { "\(error.file):\($0.line):\($0.column)" } ?? error.file
                out.write("    <testcase name=\"input\" classname=\"\(className)\" time=\"0\">\n")
                out.write("      <error message=\"\(Escaping.xml(error.message))\" type=\"input\">")
                out.write(Escaping.xml("\(place): \(error.message)") + "</error>\n")
                out.write("    </testcase>\n")
            } else if file.findings.isEmpty {
                out.write("    <testcase name=\"focusaudit\" classname=\"\(className)\" time=\"0\"/>\n")
            }
            // Findings of one rule and element on one line (elements with the same id side by side)
            // are told apart by their column.
            var perLine: [String: Int] = [:]
            for finding in file.findings {
                perLine["\(finding.rule) \(finding.element) \(finding.location.line)", default: 0] += 1
            }
            for finding in file.findings {
                let place = "\(finding.file):\(finding.location.line):\(finding.location.column)"
                var testName = "\(finding.rule) \(finding.element) line \(finding.location.line)"
                if perLine["\(finding.rule) \(finding.element) \(finding.location.line)", default: 0] > 1 {
                    testName += " column \(finding.location.column)"
                }
                out.write("    <testcase name=\"\(Escaping.xml(testName))\" classname=\"\(className)\" time=\"0\">\n")
                out.write("      <failure message=\"\(Escaping.xml(finding.message))\" type=\"\(finding.severity.rawValue)\">")
                out.write(Escaping.xml("\(place): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]"))
                out.write("</failure>\n")
                out.write("    </testcase>\n")
            }
            out.write("  </testsuite>\n")
        }
        out.write("</testsuites>\n")
    }
}
