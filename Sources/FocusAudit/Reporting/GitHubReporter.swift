/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request.
public enum GitHubReporter: Reporter {
    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        var out = ""
        for error in result.inputErrors.sorted(by: { $0.file < $1.file }) {
            var properties = "file=\(Escaping.githubProperty(Escaping.terminal(error.file)))"
            if let location = error.location {
                properties += ",line=\(location.line),col=\(location.column)"
            }
            out += "::error \(properties),title=focusaudit input error::\(Escaping.githubData(Escaping.terminal(error.message)))\n"
        }
        for finding in result.findings {
            let command = finding.severity == .error ? "error" : "warning"
            // The Actions log renders terminal escapes, so untrusted text is neutralised first.
            out += "::\(command) file=\(Escaping.githubProperty(Escaping.terminal(finding.file))),line=\(finding.location.line),"
            out += "col=\(finding.location.column),title=\(finding.rule)::\(Escaping.githubData(Escaping.terminal(finding.message)))\n"
        }
        return out
    }
}
