/// How serious a finding is. Errors fail a run; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}
