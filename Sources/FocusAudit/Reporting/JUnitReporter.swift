/// JUnit XML for CI test views (Jenkins, GitLab, GitHub check annotations): one test suite per input
/// file, one failing test case per finding, and one passing test case for a file without findings so
/// every audited file shows up. Inputs that could not be audited are test cases with an `<error>`.
public enum JUnitReporter: Reporter {
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
            let cases = max(1, file.findings.count)
            out.write("  <testsuite name=\"\(name)\" tests=\"\(cases)\" failures=\"\(file.findings.count)\" ")
            out.write("errors=\"\(file.error == nil ? 0 : 1)\" skipped=\"0\" time=\"0\">\n")
            if let error = file.error {
                let place = error.location.map { "\(error.file):\($0.line):\($0.column)" } ?? error.file
                out.write("    <testcase name=\"input\" classname=\"\(name)\" time=\"0\">\n")
                out.write("      <error message=\"\(Escaping.xml(error.message))\" type=\"input\">")
                out.write(Escaping.xml("\(place): \(error.message)") + "</error>\n")
                out.write("    </testcase>\n")
            } else if file.findings.isEmpty {
                out.write("    <testcase name=\"focusaudit\" classname=\"\(name)\" time=\"0\"/>\n")
            }
            for finding in file.findings {
                let place = "\(finding.file):\(finding.location.line):\(finding.location.column)"
                out.write("    <testcase name=\"\(finding.rule) \(Escaping.xml(finding.element))\" classname=\"\(name)\" time=\"0\">\n")
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
