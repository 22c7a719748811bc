/// Compiler-style lines, `path:line:col: error: message [rule_id]`, which Xcode, editors and CI
/// log viewers turn into links; then one summary line.
public enum TextReporter: Reporter {
    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter) {
        // The lines `line(for:color:)` makes, written straight into the output.
        let color = options.color
        for file in result.filesInReportOrder {
            file.findings.forEachBorrowed { finding in
                if color { out.write(literal: "\u{1B}[1m") }
                out.writeTerminalEscaped(bytes: finding.file)
                out.write(byte: 0x3A)
                out.write(finding.location.line)
                out.write(byte: 0x3A)
                out.write(finding.location.column)
                out.write(byte: 0x3A)
                if color {
                    out.write(literal: "\u{1B}[0m ")
                    out.write(literal: finding.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m")
                } else {
                    out.write(byte: 0x20)
                }
                out.write(finding.severity.rawValue)
                out.write(byte: 0x3A)
                if color { out.write(literal: "\u{1B}[0m") }
                out.write(byte: 0x20)
                out.writeTerminalEscaped(bytes: finding.message)
                out.write(literal: color ? " \u{1B}[2m[" : " [")
                out.write(bytes: finding.rule)
                out.write(literal: color ? "]\u{1B}[0m\n" : "]\n")
            }
        }
        out.write(summary(result))
        out.write(byte: 0x0A)
        if options.verbose {
            for line in ruleSummary(result) {
                out.write(line)
                out.write(byte: 0x0A)
            }
        }
    }

    /// One line per rule with findings, most findings first (then by rule id):
    /// `  unlabeled_control: 3 errors`, `  label_not_in_name: 1 error, 2 warnings`.
    public static func ruleSummary(_ result: AuditResult) -> [String] {
        result.countsByRule.sorted { ($1.errors + $1.warnings, $0.rule) < ($0.errors + $0.warnings, $1.rule) }.map { count in
            var parts: [String] = []
            if count.errors > 0 { parts.append(plural(count.errors, "error")) }
            if count.warnings > 0 { parts.append(plural(count.warnings, "warning")) }
            return "  \(count.rule): \(parts.joined(separator: ", "))"
        }
    }

    public static func line(for finding: Finding, color: Bool) -> String {
        let place = "\(Escaping.terminal(finding.file)):\(finding.location.line):\(finding.location.column):"
        let severity = finding.severity.rawValue + ":"
        let message = Escaping.terminal(finding.message)
        guard color else { return "\(place) \(severity) \(message) [\(finding.rule)]" }
        let tint = finding.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
        return "\u{1B}[1m\(place)\u{1B}[0m \(tint)\(severity)\u{1B}[0m \(message) \u{1B}[2m[\(finding.rule)]\u{1B}[0m"
    }

    /// `path:line:col: error: message` for an input that could not be audited.
    public static func line(for error: InputError) -> String {
        var place = Escaping.terminal(error.file) + ":"
        if let location = error.location { place += "\(location.line):\(location.column):" }
        return "\(place) error: \(Escaping.terminal(error.message))"
    }

    public static func summary(_ result: AuditResult) -> String {
        let errors = result.count(.error)
        let warnings = result.count(.warning)
        let files = result.auditedFileCount
        var text = "focusaudit: "
        if errors == 0 && warnings == 0 {
            text += "no findings"
        } else {
            text += "\(plural(errors, "error")), \(plural(warnings, "warning"))"
        }
        text += " in \(plural(files, "file"))"
        var extra: [String] = []
        if result.skippedFileCount > 0 { extra.append("\(result.skippedFileCount) skipped") }
        if result.baselinedCount > 0 { extra.append("\(result.baselinedCount) in the baseline") }
        if !result.inputErrors.isEmpty {
            extra.append("\(plural(result.inputErrors.count, "input error"))")
        }
        if !extra.isEmpty { text += " (" + extra.joined(separator: ", ") + ")" }
        return text
    }

    static func plural(_ n: Int, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }
}
