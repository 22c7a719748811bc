/// A `focusaudit:` comment (`disable RULE…`, `disable-file RULE…`), read the same way in
/// descriptions and Interface Builder files. Problems are returned as messages for the reader to
/// report as `invalid_description` at its own element. Readers in other modules (SwiftUI source)
/// read their comments with it too.
public struct SuppressionComment: Sendable {
    public enum Kind: Sendable { case disable, disableFile }

    /// Nil for a directive focusaudit does not know (reported in `problems`).
    public var kind: Kind?
    public var rules: [String] = []
    public var problems: [String] = []

    /// The comment's directive, or nil when the comment is not addressed to focusaudit.
    public static func parse(_ body: String) -> SuppressionComment? {
        let trimmed = body.trimmingWhitespace()
        guard trimmed.hasPrefix("focusaudit:") else { return nil }
        let directive = trimmed.dropFirst("focusaudit:".count)
        var comment = SuppressionComment()
        if directive.hasPrefix("disable-file") {
            comment.kind = .disableFile
            (comment.rules, comment.problems) = ruleList(directive.dropFirst("disable-file".count))
        } else if directive.hasPrefix("disable") {
            comment.kind = .disable
            (comment.rules, comment.problems) = ruleList(directive.dropFirst("disable".count))
        } else {
            let word = String(directive.prefix(while: { !$0.isWhitespace }))
            if word.isEmpty, let next = directive.split(whereSeparator: \.isWhitespace).first {
                // `focusaudit: disable rule`: the directive is written after a space.
                comment.problems = [InvalidDescriptionMessage.spaceBeforeDirective(String(next))]
            } else {
                comment.problems = [InvalidDescriptionMessage.unknownDirective(word)]
            }
        }
        return comment
    }

    /// Known rule ids named in `text` (separated by commas and white space), without repeats, and a
    /// message for each unknown id or for a list that names none.
    static func ruleList(_ text: Substring) -> (rules: [String], problems: [String]) {
        var rules: [String] = []
        var problems: [String] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            let id = String(part)
            if RuleID.known.contains(id) {
                if !rules.contains(id) { rules.append(id) }
            } else {
                problems.append(InvalidDescriptionMessage.unknownRuleInSuppression(id))
            }
        }
        if rules.isEmpty && !text.contains(where: { !$0.isWhitespace && $0 != "," }) {
            problems.append(InvalidDescriptionMessage.suppressionNamesNoRule)
        }
        return (rules, problems)
    }
}
