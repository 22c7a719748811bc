/// A report format. Each has one reporter type; all go through `Escaping` for untrusted text.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json
    case junit
    case sarif
    case html
    case github

    var reporter: any Reporter.Type {
        switch self {
        case .text: return TextReporter.self
        case .json: return JSONReporter.self
        case .junit: return JUnitReporter.self
        case .sarif: return SARIFReporter.self
        case .html: return HTMLReporter.self
        case .github: return GitHubReporter.self
        }
    }

    /// Renders a whole run.
    public func render(_ result: AuditResult, options: ReportOptions = ReportOptions()) -> String {
        reporter.render(result, options: options)
    }
}

/// One reporter per format.
protocol Reporter {
    static func render(_ result: AuditResult, options: ReportOptions) -> String
}

public struct ReportOptions: Sendable {
    /// ANSI colour in text output (only on a terminal, never with NO_COLOR).
    public var color: Bool
    /// Base address of the rule pages; SARIF's `helpUri` is `docsURL + "/" + rule id + ".md"`.
    public var docsURL: String?
    /// Tool version written into SARIF and HTML.
    public var toolVersion: String

    public init(color: Bool = false, docsURL: String? = nil, toolVersion: String = FocusAudit.version) {
        self.color = color
        self.docsURL = docsURL
        self.toolVersion = toolVersion
    }
}

public enum FocusAudit {
    public static let version = "0.1.0"
}
