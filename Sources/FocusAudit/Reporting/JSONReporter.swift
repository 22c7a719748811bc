/// The JSON report: `{"errors", "findings", "summary", "version"}` with keys in sorted order and
/// findings in report order, so the same input always gives the same bytes. It is written by hand,
/// escaping straight into the output, because the shape is fixed and reports can hold tens of
/// thousands of findings.
public enum JSONReporter: Reporter {
    public static let version = 1

    public static func render(_ result: AuditResult, options: ReportOptions = ReportOptions()) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions = ReportOptions(), to out: ReportWriter) {
        out.write("{\n  \"errors\": [")
        let errors = result.inputErrors.sorted { ($0.file, $0.location?.line ?? 0) < ($1.file, $1.location?.line ?? 0) }
        for (i, error) in errors.enumerated() {
            out.write(i == 0 ? "\n    " : ",\n    ")
            out.write("{\"column\": ")
            if let location = error.location { out.write(location.column) } else { out.write("null") }
            out.write(", \"file\": ")
            out.writeJSONString(error.file)
            out.write(", \"line\": ")
            if let location = error.location { out.write(location.line) } else { out.write("null") }
            out.write(", \"message\": ")
            out.writeJSONString(error.message)
            out.write("}")
        }
        out.write(errors.isEmpty ? "],\n" : "\n  ],\n")
        out.write("  \"findings\": [")
        var first = true
        // A file's findings all name the file: its escaped name is made once.
        var fileName: String?
        var fileJSON: [UInt8] = []
        for file in result.filesInReportOrder {
            file.findings.forEachBorrowed { finding in
                if finding.file != fileName {
                    fileName = finding.file
                    let escaped = ReportWriter(capacity: finding.file.utf8.count * 6 + 2)
                    escaped.writeJSONString(finding.file)
                    fileJSON = escaped.bytes
                }
                out.write(literal: first ? "\n    {\"column\": " : ",\n    {\"column\": ")
                first = false
                out.write(finding.location.column)
                out.write(literal: ", \"element\": ")
                out.writeJSONString(bytes: finding.element)
                out.write(literal: ", \"file\": ")
                fileJSON.withUnsafeBufferPointer { out.write(bytes: $0) }
                out.write(literal: ", \"line\": ")
                out.write(finding.location.line)
                out.write(literal: ", \"message\": ")
                out.writeJSONString(bytes: finding.message)
                out.write(literal: ", \"rule\": \"")
                out.write(finding.rule)
                out.write(literal: "\", \"severity\": \"")
                out.write(finding.severity.rawValue)
                out.write(literal: "\"}")
            }
        }
        out.write(first ? "],\n" : "\n  ],\n")
        out.write("  \"summary\": {\"baselined\": ")
        out.write(result.baselinedCount)
        out.write(", \"errors\": ")
        out.write(result.count(.error))
        out.write(", \"files\": ")
        out.write(result.auditedFileCount)
        out.write(", \"inputErrors\": ")
        out.write(result.inputErrors.count)
        out.write(", \"skipped\": ")
        out.write(result.skippedFileCount)
        out.write(", \"warnings\": ")
        out.write(result.count(.warning))
        out.write("},\n  \"version\": ")
        out.write(version)
        out.write("\n}\n")
    }
}
