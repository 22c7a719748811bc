/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
public enum GitHubReporter: Reporter {
    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter) {
        for error in result.inputErrors.sorted(by: { $0.file < $1.file }) {
            var properties = "file=\(Escaping.githubProperty(Escaping.terminal(error.file)))"
            if let location = error.location {
                properties += ",line=\(location.line),col=\(location.column)"
            }
            out.write("::error \(properties),title=focusaudit input error::\(Escaping.githubData(Escaping.terminal(error.message)))\n")
        }
        for file in result.filesInReportOrder {
            for finding in file.findings {
                // The Actions log renders terminal escapes, so untrusted text is neutralised first.
                out.write(finding.severity == .error ? "::error file=" : "::warning file=")
                out.write(Escaping.githubProperty(Escaping.terminal(finding.file)))
                out.write(",line=")
                out.write(finding.location.line)
                out.write(",col=")
                out.write(finding.location.column)
                out.write(",title=")
                out.write(finding.rule)
                out.write("::")
                out.write(Escaping.githubData(Escaping.terminal(finding.message)))
                out.write(byte: 0x0A)
            }
        }
    }
}
