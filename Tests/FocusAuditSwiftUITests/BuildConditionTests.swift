import SwiftParser
import SwiftSyntax
import Testing

@testable import FocusAuditSwiftUI

/// `#if` conditions as an iOS build evaluates them (true, false, or undecided), and the clauses of
/// an `#if` in a modifier chain that an iOS build can compile.
struct BuildConditionTests {
    /// The `#if` of `Text("a") #if … #endif`, parsed.
    static func config(_ source: String) -> IfConfigDeclSyntax? {
        Parser.parse(source: "let v = Text(\"a\")\n" + source + "\n").descendants(PostfixIfConfigExprSyntax.self).first?.config
    }

    @Test(
        arguments: [
            ("os(iOS)", true), ("os(macOS)", false), ("!os(macOS)", true), ("os(visionOS)", false),
            ("canImport(UIKit)", true), ("canImport(AppKit)", false), ("canImport(MyKit)", nil),
            ("DEBUG", nil), ("!DEBUG", nil), ("swift(>=5.9)", nil), ("targetEnvironment(macCatalyst)", false),
            ("targetEnvironment(simulator)", nil), ("true", true), ("false", false), ("(os(iOS))", true),
            ("os(iOS) || DEBUG", true), ("DEBUG || os(iOS)", true), ("DEBUG || os(macOS)", nil),
            ("os(macOS) && DEBUG", false), ("os(iOS) && DEBUG", nil),
            ("os(iOS) && !targetEnvironment(macCatalyst)", true),
            // `&&` binds tighter than `||`: false || (true && true).
            ("os(macOS) || os(iOS) && canImport(UIKit)", true),
            // (true && false) || false.
            ("os(iOS) && os(tvOS) || os(watchOS)", false),
        ] as [(String, Bool?)])
    func conditionValues(condition: String, expected: Bool?) throws {
        let decl = try #require(Self.config("#if \(condition)\n.bold()\n#endif"))
        let parsed = try #require(decl.clauses.first?.condition)
        #expect(BuildConditions.value(parsed) == expected, "\(condition)")
    }

    /// A condition of 10,000 operands is read in one pass: it was split at its last operator and
    /// each side read again, a call deeper and a copy of the operands before it per operand.
    @Test func conditionsOfManyOperandsAreReadInOnePass() throws {
        // Each `os(macOS) && DEBUG` is false on iOS, whatever `DEBUG` is.
        let many = Array(repeating: "os(macOS) && DEBUG", count: 5_000).joined(separator: " || ")
        for (condition, expected) in [(many, false), (many + " || os(iOS)", true), (many + " || DEBUG", nil), ("DEBUG && " + many, false)]
            as [(String, Bool?)]
        {
            let decl = try #require(Self.config("#if \(condition)\n.bold()\n#endif"))
            let parsed = try #require(decl.clauses.first?.condition)
            #expect(BuildConditions.value(parsed) == expected, "\(condition.suffix(40))")
        }
    }

    /// Which clauses (by their first modifier's name) an iOS build can compile.
    @Test(
        arguments: [
            ("#if os(macOS)\n.a()\n#else\n.b()\n#endif", ["a()": false, "b()": true]),
            ("#if os(iOS)\n.a()\n#else\n.b()\n#endif", ["a()": true, "b()": false]),
            ("#if DEBUG\n.a()\n#else\n.b()\n#endif", ["a()": true, "b()": true]),
            ("#if DEBUG\n.a()\n#elseif os(iOS)\n.b()\n#else\n.c()\n#endif", ["a()": true, "b()": true, "c()": false]),
            ("#if os(watchOS)\n.a()\n#elseif canImport(AppKit)\n.b()\n#endif", ["a()": false, "b()": false]),
        ] as [(String, [String: Bool])])
    func clausesAnIOSBuildCompiles(source: String, expected: [String: Bool]) throws {
        let decl = try #require(Self.config(source))
        let kept = Set(BuildConditions.clausesForIOS(decl.clauses).compactMap { $0.elements?.trimmedDescription })
        var found: [String: Bool] = [:]
        for clause in decl.clauses {
            guard let text = clause.elements?.trimmedDescription else { continue }
            found[String(text.dropFirst())] = kept.contains(text)
            let call = try #require(clause.elements.flatMap { Syntax($0).descendants(FunctionCallExprSyntax.self).first })
            #expect(BuildConditions.leftOutOfIOS(Syntax(call)) == !kept.contains(text), "\(text)")
        }
        #expect(found == expected)
    }
}
