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

    /// Renders a whole run into one string (for tests and small reports; `write` streams).
    public func render(_ result: AuditResult, options: ReportOptions = ReportOptions()) -> String {
        reporter.renderText(result, options: options)
    }

    /// Writes a whole run into `out`; the caller flushes it. The bytes are the same as `render`'s.
    public func write(_ result: AuditResult, options: ReportOptions = ReportOptions(), to out: ReportWriter) {
        reporter.write(result, options: options, to: out)
    }
}

/// One reporter per format. Each writes its report into a `ReportWriter`; rendering to a string
/// goes through the same code with the writer keeping the bytes in memory.
protocol Reporter {
    static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter)
}

extension Reporter {
    static func renderText(_ result: AuditResult, options: ReportOptions) -> String {
        let out = ReportWriter()
        write(result, options: options, to: out)
        return out.text
    }
}

extension AuditResult {
    /// The files in report order (by name, then input order): the order of `findings`, for
    /// reporters that walk the findings without gathering them into one array.
    var filesInReportOrder: [FileAudit] {
        files.indices.sorted { (files[$0].file, $0) < (files[$1].file, $1) }.map { files[$0] }
    }
}

public struct ReportOptions: Sendable {
    /// ANSI colour in text output (only on a terminal, never with NO_COLOR).
    public var color: Bool
    /// Base address of the rule pages; SARIF's `helpUri` is `docsURL + "/" + rule id + ".md"`.
    public var docsURL: String?
    /// Tool version written into SARIF and HTML.
    public var toolVersion: String
    /// Threads a reporter may use to format a large report (the JSON report uses two); the bytes
    /// never depend on it.
    public var jobs: Int
    /// The language of the descriptions' own text (titles, labels, source lines) as a BCP 47 tag
    /// (`ko`, `en-GB`), for the HTML report's `lang` attributes; nil when unknown. The report's
    /// own words are English.
    public var language: String?
    /// The HTML report shows at most this many findings of each rule, and at most
    /// `htmlMaxFindings` in all; the others are counted (the JSON and SARIF reports list all).
    public var htmlFindingsPerRule: Int
    public var htmlMaxFindings: Int
    /// Text output: the summary line is followed by the number of findings of each rule.
    public var verbose = false

    public init(
        color: Bool = false, docsURL: String? = nil, toolVersion: String = FocusAudit.version, jobs: Int = 1,
        language: String? = nil, htmlFindingsPerRule: Int = 200, htmlMaxFindings: Int = 5000
    ) {
        self.color = color
        self.docsURL = docsURL
        self.toolVersion = toolVersion
        self.jobs = jobs
        self.language = language
        self.htmlFindingsPerRule = htmlFindingsPerRule
        self.htmlMaxFindings = htmlMaxFindings
    }

    /// Whether `tag` looks like a BCP 47 language tag (letters, digits and hyphens, starting with
    /// two or three letters): what `language` accepts.
    public static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count) || first == "x" else { return false }
        guard first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

public enum FocusAudit {
    public static let version = "0.1.0"
}
