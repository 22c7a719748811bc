/// The JSON report: `{"errors", "findings", "summary", "version"}` with keys in sorted order and
/// findings in report order, so the same input always gives the same bytes. It is written by hand
/// (through `Escaping.json`) because the shape is fixed and reports can hold tens of thousands of
/// findings.
public enum JSONReporter: Reporter {
    public static let version = 1

    public static func render(_ result: AuditResult, options: ReportOptions = ReportOptions()) -> String {
        var out = "{\n  \"errors\": ["
        let errors = result.inputErrors.sorted { ($0.file, $0.location?.line ?? 0) < ($1.file, $1.location?.line ?? 0) }
        for (i, error) in errors.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"column\": \(error.location.map { String($0.column) } ?? "null"), "
            out += "\"file\": \"\(Escaping.json(error.file))\", "
            out += "\"line\": \(error.location.map { String($0.line) } ?? "null"), "
            out += "\"message\": \"\(Escaping.json(error.message))\"}"
        }
        out += errors.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"findings\": ["
        let findings = result.findings
        for (i, finding) in findings.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"column\": \(finding.location.column), "
            out += "\"element\": \"\(Escaping.json(finding.element))\", "
            out += "\"file\": \"\(Escaping.json(finding.file))\", "
            out += "\"line\": \(finding.location.line), "
            out += "\"message\": \"\(Escaping.json(finding.message))\", "
            out += "\"rule\": \"\(finding.rule)\", "
            out += "\"severity\": \"\(finding.severity.rawValue)\"}"
        }
        out += findings.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"summary\": {"
        out += "\"baselined\": \(result.baselinedCount), "
        out += "\"errors\": \(result.count(.error)), "
        out += "\"files\": \(result.auditedFileCount), "
        out += "\"inputErrors\": \(result.inputErrors.count), "
        out += "\"skipped\": \(result.skippedFileCount), "
        out += "\"warnings\": \(result.count(.warning))},\n"
        out += "  \"version\": \(version)\n}\n"
        return out
    }
}
