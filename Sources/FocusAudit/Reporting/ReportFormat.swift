/// The formats `check` can write.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text
    case json

    /// Renders a whole run.
    public func render(_ result: AuditResult, options: ReportOptions) -> String {
        switch self {
        case .text: return TextReporter.render(result, options: options)
        case .json: return JSONReporter.render(result)
        }
    }
}

public struct ReportOptions: Sendable {
    /// ANSI colour (only on a terminal, never with NO_COLOR).
    public var color: Bool

    public init(color: Bool = false) {
        self.color = color
    }
}
