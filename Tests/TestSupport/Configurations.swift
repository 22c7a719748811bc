import FocusAudit

extension Configuration {
    /// The default configuration with every opt-in rule turned on (`RuleID.optIn`), for the rules'
    /// own examples: they show what a rule reports once a team enables it.
    public static var everyRule: Configuration {
        var configuration = Configuration()
        configuration.optInRules = RuleID.optIn
        return configuration
    }
}
