/// Bounds on what a finding's message quotes from the input, so that no input can make the output
/// grow faster than itself: a message quotes at most `maximumQuoteLength` characters of any one
/// name, title, id or value (then `…`), and lists at most `maximumListedItems` items (then
/// "and N more"). Without them, one long name quoted by every finding about its descendants, or
/// thousands of controls listed in one message, made the output grow with the square of the input.
public enum MessageText {
    /// Characters of a name, title, id or value a message quotes before cutting it with `…`.
    public static let maximumQuoteLength = 100
    /// Items a message lists before "and N more".
    public static let maximumListedItems = 5

    /// `text` as it is when it has at most `maximumQuoteLength` characters, else its first
    /// `maximumQuoteLength` characters and `…`.
    public static func quoted(_ text: String) -> String {
        // A character is at least one byte: short UTF-8 is short text, checked without counting.
        guard text.utf8.count > maximumQuoteLength else { return text }
        var end = text.startIndex
        var count = 0
        while end < text.endIndex {
            if count == maximumQuoteLength { return String(text[..<end]) + "…" }
            text.formIndex(after: &end)
            count += 1
        }
        return text
    }

    /// An element as a message names it: its type and, when it has one, its id in single quotes,
    /// each quoted (`Button 'save'`).
    public static func element(type: String, id: String?) -> String {
        UTF8Builder.build { writeElement(type: type, id: id, to: &$0) }
    }

    /// Writes `element(type:id:)`.
    static func writeElement(type: String, id: String?, to out: inout UTF8Builder) {
        out.append(quoted(type))
        if let id {
            out.append(" '")
            out.append(quoted(id))
            out.append(byte: 0x27)
        }
    }

    /// `quoted(text)` for a substring.
    public static func quoted(_ text: Substring) -> String {
        quoted(String(text))
    }

    /// The items joined with `separator`, at most `maximumListedItems` of them, then
    /// "and N more" for the rest; each item is built only when listed.
    public static func list<C: Collection>(
        _ items: C, separator: String = ", ", _ describe: (C.Element) -> String
    ) -> String {
        var out = ""
        var listed = 0
        for item in items {
            if listed == maximumListedItems { break }
            if listed > 0 { out += separator }
            out += describe(item)
            listed += 1
        }
        let rest = items.count - listed
        if rest > 0 { out += "\(separator)and \(rest) more" }
        return out
    }
}
