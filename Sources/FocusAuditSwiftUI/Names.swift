import SwiftSyntax

/// Names as Swift reads them. Backticks let any word be a name (`` `default` ``, `` `init` ``,
/// `` `Type` ``) and may be put around any name without changing it: `` `Settings`() `` calls
/// `Settings`, and `` case `default` `` is the case `.default` (The Swift Programming Language,
/// "Lexical Structure", Identifiers: "The backticks aren't considered part of the identifier").
/// swift-syntax keeps the backticks in a token's `text`, so names are always compared through
/// these two, never through `text` or `trimmedDescription` (kept for quoting source as written).
extension TokenSyntax {
    /// The name a token spells: its text without backticks (swift-syntax's `Identifier`); a keyword
    /// or an operator is its text.
    var nameText: String {
        guard let identifier else { return text }
        return identifier.name
    }
}

extension SyntaxProtocol {
    /// The node's source without its leading and trailing trivia, as `trimmedDescription`, with
    /// every name written without backticks (`` self.`focus` `` is `self.focus`,
    /// `` [`Route`].self `` is `[Route].self`), for code that is compared or used as a key as text.
    /// Anything else (a string literal's contents, operators, trivia inside) is kept as written,
    /// and a node without backticks is its `trimmedDescription`.
    var trimmedNameText: String {
        let text = trimmedDescription
        guard text.utf8.contains(UInt8(ascii: "`")) else { return text }
        var out = ""
        var previous: TokenSyntax?
        for token in tokens(viewMode: .sourceAccurate) {
            if let previous { out += previous.trailingTrivia.description + token.leadingTrivia.description }
            out += token.nameText
            previous = token
        }
        return out
    }
}

/// The state a binding argument is written with. A binding to a view's own state is its projected
/// value, written `$showEditor` or, through `self`, `self.$showEditor` (The Swift Programming
/// Language, "Properties", Projecting a Value From a Property Wrapper: "the projected value is
/// accessed ... by writing self.$someProperty"); both name the state `showEditor`, and
/// `$viewModel.selected` names `viewModel.selected`.
enum BindingText {
    /// The state a projected value names: `$x` and `self.$x` are `x`; nil for text that does not
    /// start with `$` (after `self.`).
    static func projected(_ text: String) -> String? {
        var rest = Substring(text)
        if rest.hasPrefix("self.") { rest = rest.dropFirst(5) }
        guard rest.hasPrefix("$") else { return nil }
        rest = rest.dropFirst()
        if rest.hasPrefix("self.") { rest = rest.dropFirst(5) }
        return String(rest)
    }

    /// The state a binding or a plain reference names: a projected value's state, or the text
    /// without a leading `self.` (`self.showEditor` is `showEditor`).
    static func state(_ text: String) -> String {
        if let projected = projected(text) { return projected }
        return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }
}
