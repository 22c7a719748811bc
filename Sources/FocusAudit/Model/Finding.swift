/// One problem found in a description, pointing where the fix goes.
public struct Finding: Hashable, Sendable {
    /// The rule id (`focus_lost_on_return`, …), fixed by the format contract.
    public var rule: String
    public var severity: Severity
    /// The file as the user named it (or as found under a named directory).
    public var file: String
    public var location: SourceLocation
    /// The element path (`screen[friends]/List[1]/NavigationLink[myProfile]`), stable across line shifts.
    public var element: String
    public var message: String

    public init(
        rule: String, severity: Severity, file: String = "", location: SourceLocation, element: String,
        message: String
    ) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.location = location
        self.element = element
        self.message = message
    }

    /// The order of every report: file, line, column, rule, then the rest so ties are stable.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.location != b.location { return a.location < b.location }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.element != b.element { return a.element < b.element }
        return a.message < b.message
    }
}

/// An input that could not be audited: unreadable, not well-formed, or not a description.
public struct InputError: Hashable, Sendable, Error {
    public var file: String
    public var location: SourceLocation?
    public var message: String
    /// Further errors found in the same file in the same pass (a configuration file reports all
    /// its errors at once), in file order.
    public var more: [InputError] = []

    public init(file: String, location: SourceLocation? = nil, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// This error and the ones found with it.
    public var all: [InputError] {
        var first = self
        first.more = []
        return [first] + more
    }
}
