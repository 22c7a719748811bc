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
    ///
    /// A comment of ASCII without CR is read on its bytes (`parseASCII`): there every byte is a
    /// character, and white space is the bytes 09–0D and 20. Any other comment is read on its
    /// characters (`parseCharacters`), where a combining mark after `:` or a CR LF changes what
    /// the characters are.
    public static func parse(_ body: String) -> SuppressionComment? {
        if isPlainASCII(body.utf8) { return parseASCII(body) }
        return parseCharacters(body)
    }

    /// Whether every byte is ASCII other than CR: text whose characters are its bytes.
    static func isPlainASCII(_ bytes: some Collection<UInt8>) -> Bool {
        !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
    }

    /// White space among ASCII characters (`Character.isWhitespace`).
    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// `parseCharacters(body)` for a body of ASCII without CR, on its bytes.
    static func parseASCII(_ body: String) -> SuppressionComment? {
        let utf8 = body.utf8
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end && isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end && isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        /// The index after `word` when the bytes from `from` start with it.
        func after(_ word: StaticString, from: String.Index) -> String.Index? {
            var i = from
            for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
                guard i < end && utf8[i] == byte else { return nil }
                utf8.formIndex(after: &i)
            }
            return i
        }
        guard let directive = after("focusaudit:", from: start) else { return nil }
        var comment = SuppressionComment()
        if let rest = after("disable-file", from: directive) {
            comment.kind = .disableFile
            (comment.rules, comment.problems) = ruleList(body[rest..<end])
        } else if let rest = after("disable", from: directive) {
            comment.kind = .disable
            (comment.rules, comment.problems) = ruleList(body[rest..<end])
        } else {
            var wordEnd = directive
            while wordEnd < end && !isSpace(utf8[wordEnd]) { utf8.formIndex(after: &wordEnd) }
            var next = directive
            while next < end && isSpace(utf8[next]) { utf8.formIndex(after: &next) }
            if wordEnd == directive && next < end {
                var nextEnd = next
                while nextEnd < end && !isSpace(utf8[nextEnd]) { utf8.formIndex(after: &nextEnd) }
                comment.problems = [InvalidDescriptionMessage.spaceBeforeDirective(String(body[next..<nextEnd]))]
            } else {
                comment.problems = [InvalidDescriptionMessage.unknownDirective(String(body[directive..<wordEnd]))]
            }
        }
        return comment
    }

    /// `parse(body)` on characters: any text.
    static func parseCharacters(_ body: String) -> SuppressionComment? {
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
        if isPlainASCII(text.utf8) { return ruleListASCII(text) }
        return ruleListCharacters(text)
    }

    /// `ruleListCharacters(text)` for text of ASCII without CR, on its bytes: the parts between
    /// separators (`,`, space, tab, LF, CR) are made strings only to be looked up.
    static func ruleListASCII(_ text: Substring) -> (rules: [String], problems: [String]) {
        var rules: [String] = []
        var problems: [String] = []
        let utf8 = text.utf8
        var onlySeparators = true
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let byte = utf8[i]
            if byte == 0x2C || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                utf8.formIndex(after: &i)
                continue
            }
            var partEnd = i
            while partEnd < utf8.endIndex {
                let b = utf8[partEnd]
                if b == 0x2C || b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { break }
                if !isSpace(b) { onlySeparators = false }
                utf8.formIndex(after: &partEnd)
            }
            let id = String(text[i..<partEnd])
            if RuleID.known.contains(id) {
                if !rules.contains(id) { rules.append(id) }
            } else {
                problems.append(InvalidDescriptionMessage.unknownRuleInSuppression(id))
            }
            i = partEnd
        }
        if rules.isEmpty && onlySeparators {
            problems.append(InvalidDescriptionMessage.suppressionNamesNoRule)
        }
        return (rules, problems)
    }

    /// `ruleList(text)` on characters: any text.
    static func ruleListCharacters(_ text: Substring) -> (rules: [String], problems: [String]) {
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
