@testable import FocusAudit

/// Audits a description held in a string.
func audit(_ xml: String, file: String = "test.xml", configuration: Configuration = Configuration()) -> FileAudit {
    Auditor.audit(text: xml, file: file, configuration: configuration)
}

/// The findings of one rule as `line:col`.
func positions(_ audit: FileAudit, _ rule: String) -> [String] {
    audit.findings.filter { $0.rule == rule }.map { "\($0.location.line):\($0.location.column)" }
}

func rules(_ audit: FileAudit) -> [String] {
    audit.findings.map(\.rule)
}
