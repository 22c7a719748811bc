import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import FocusAuditSwiftUI

/// Names as Swift reads them: backticks are not part of a name, so `` `Settings` `` and `Settings`,
/// `` `default` `` and `.default` are one name. swift-syntax keeps the backticks in a token's text.
struct NameTests {
    @Test func aNameIsItsTextWithoutBackticks() throws {
        let tree = Parser.parse(source: "let v = `Type`(`default`: x.`init`, y: .default, z: self.`self`, w: $0, k: `in`)\n")
        let names = tree.tokens(viewMode: .sourceAccurate).map(\.nameText)
        #expect(names.contains("Type") && names.contains("default") && names.contains("init") && names.contains("in"))
        #expect(!names.contains { $0.contains("`") })
        // Keywords, operators and literals are their text.
        #expect(names.prefix(3) == ["let", "v", "="])
        #expect(names.contains("$0") && names.contains("self"))
    }

    @Test(
        arguments: [
            ("self.`focus`", "self.focus"), ("[`Route`].self", "[Route].self"), ("Text(\"`a` b\")", "Text(\"`a` b\")"),
            ("f(/* `c` */ b)", "f(/* `c` */ b)"), ("$focus", "$focus"), ("`x` + `y`", "x + y"),
        ])
    func codeIsComparedWithItsNamesWithoutBackticks(source: String, expected: String) throws {
        let tree = Parser.parse(source: "  " + source + "  // trailing\n")
        guard case .expr(let expr)? = tree.statements.first?.item else {
            Issue.record("not an expression: \(source)")
            return
        }
        #expect(expr.trimmedNameText == expected)
        // Without backticks, the same text as swift-syntax's own.
        if !source.contains("`") { #expect(expr.trimmedNameText == expr.trimmedDescription) }
    }

    /// The reader compares names only through `nameText` and `trimmedNameText`: no name token's
    /// `text`, no `trimmedDescription` but where source is quoted as written.
    @Test func theReaderComparesNamesOnlyWithoutBackticks() throws {
        let folder = SwiftUIReaderTests.root.appendingPathComponent("Sources/FocusAuditSwiftUI")
        let pattern = try Regex(#"(baseName|identifier|firstName|secondName|name|label)\??\.text\b"#)
        var found: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if line.contains(pattern) { found.append("\(file):\(i + 1): \(code)") }
                if line.contains(".trimmedDescription"), file != "Names.swift", !line.contains("var text = node.trimmedDescription") {
                    found.append("\(file):\(i + 1): \(code)")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}

/// SFSafeSymbols' cases name SF Symbols: `Image(systemSymbol: .arrowUpArrowDownCircle)` is
/// `Image(systemName: "arrow.up.arrow.down.circle")`.
struct SymbolCaseTests {
    @Test func aCaseNamesTheSymbolWhoseWordsItJoins() {
        #expect(ViewTranslator.symbolName(ofCase: "ellipsisCircle") == "ellipsis.circle")
        #expect(ViewTranslator.symbolName(ofCase: "arrowUpArrowDownCircle") == "arrow.up.arrow.down.circle")
        #expect(ViewTranslator.symbolName(ofCase: "_1Circle") == "1.circle")
        #expect(ViewTranslator.symbolName(ofCase: "gobackward15") == "gobackward.15")
        #expect(ViewTranslator.symbolName(ofCase: "person2Fill") == "person.2.fill")
        #expect(ViewTranslator.symbolName(ofCase: "checkmark") == "checkmark")
    }
}
