import SwiftSyntax

/// `#if` conditions as an iOS build of the app evaluates them, where the source says enough: the
/// platform (`os(iOS)`, `!os(macOS)`), the frameworks it can import (`canImport(UIKit)`), and
/// `true`/`false`, combined with `!`, `&&` and `||`. Anything else (`DEBUG`, a custom flag,
/// `swift(>=5.9)`, `targetEnvironment(simulator)`, `arch(arm64)`) is undecided.
enum BuildConditions {
    /// The platforms `os(…)` can name other than iOS: false in an iOS build.
    private static let otherPlatforms: Set<String> = [
        "macOS", "OSX", "watchOS", "tvOS", "visionOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI",
        "Cygwin", "Haiku", "PS4",
    ]
    /// Modules an iOS build can import, and modules it cannot.
    private static let importable: Set<String> = ["UIKit", "SwiftUI", "Foundation", "Combine", "CoreGraphics"]
    private static let notImportable: Set<String> = ["AppKit", "Cocoa", "Glibc", "Musl", "WinSDK", "Android"]

    /// Whether an iOS build compiles code under the condition: true, false, or nil when it cannot be told.
    static func value(_ condition: ExprSyntax) -> Bool? {
        if let b = condition.as(BooleanLiteralExprSyntax.self) { return b.literal.tokenKind == .keyword(.true) }
        if let t = condition.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return value(only.expression)
        }
        if let p = condition.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" {
            return value(p.expression).map { !$0 }
        }
        if let seq = condition.as(SequenceExprSyntax.self) { return value(Array(seq.elements)) }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return combine(op.operator.text, value(infix.leftOperand), value(infix.rightOperand))
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.nameText,
            let argument = call.arguments.first?.expression.trimmedNameText
        else { return nil }
        switch name {
        case "os":
            if argument == "iOS" { return true }
            return otherPlatforms.contains(argument) ? false : nil
        case "canImport":
            if importable.contains(argument) { return true }
            return notImportable.contains(argument) ? false : nil
        case "targetEnvironment":
            // A Mac Catalyst build is a build for the Mac, not the iPhone or iPad one audited here.
            return argument == "macCatalyst" ? false : nil
        default:
            return nil
        }
    }

    /// An unfolded sequence of operands and `&&`/`||` operators: `||` binds looser than `&&`. Read
    /// in one pass, left to right, as a disjunction of conjunctions (both are associative in this
    /// three-valued logic), so a condition of any number of operands takes time in proportion to
    /// them, on a stack that does not grow with them: splitting it at its last operator and reading
    /// each side again recursed once per operand and copied the operands before it each time.
    private static func value(_ items: [ExprSyntax]) -> Bool? {
        var disjunction: Bool? = false
        var conjunction: Bool? = true
        var operand: ExprSyntax?
        var operandsInARow = 0
        /// Ends the operand before an operator or at the end; nil when there is none or several.
        func take() -> Bool? {
            defer {
                operand = nil
                operandsInARow = 0
            }
            guard operandsInARow == 1, let operand else { return nil }
            return value(operand)
        }
        for item in items {
            switch item.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "" {
            case "&&":
                guard operandsInARow > 0 else { return nil }
                conjunction = combine("&&", conjunction, take())
            case "||":
                guard operandsInARow > 0 else { return nil }
                disjunction = combine("||", disjunction, combine("&&", conjunction, take()))
                conjunction = true
            default:
                operand = item
                operandsInARow += 1
            }
        }
        guard operandsInARow > 0 else { return nil }
        return combine("||", disjunction, combine("&&", conjunction, take()))
    }

    /// Three-valued `&&` and `||`.
    private static func combine(_ op: String, _ a: Bool?, _ b: Bool?) -> Bool? {
        switch op {
        case "&&":
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case "||":
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        default: return nil
        }
    }

    /// The clauses of an `#if` an iOS build can compile, in order: the compiler takes the first
    /// clause whose condition holds (`#else` always does). A clause whose condition is false on iOS
    /// is left out; one that is true is taken and ends the list; the clauses of conditions that
    /// cannot be told are all kept, since either may be compiled.
    static func clausesForIOS(_ clauses: IfConfigClauseListSyntax) -> [IfConfigClauseSyntax] {
        var out: [IfConfigClauseSyntax] = []
        for clause in clauses {
            let holds = clause.condition.map { value($0) } ?? true
            if holds == false { continue }
            out.append(clause)
            if holds == true { break }
        }
        return out
    }

    /// Types only AppKit declares: a file that names one (or imports AppKit or Cocoa) outside an
    /// `#if` clause an iOS build leaves out compiles only for the Mac. AppKit is the macOS user
    /// interface framework (https://developer.apple.com/documentation/appkit); `NSWorkspace`, for
    /// one, is available on macOS only (https://developer.apple.com/documentation/appkit/nsworkspace),
    /// and SwiftUI on macOS makes these names visible without `import AppKit`.
    private static let appKitOnly: Set<String> = [
        "NSWorkspace", "NSApp", "NSApplication", "NSCursor", "NSPasteboard", "NSEvent", "NSScreen", "NSWindow",
        "NSWindowController", "NSViewController", "NSView", "NSViewRepresentable", "NSViewControllerRepresentable",
        "NSHostingController", "NSHostingView", "NSImage", "NSColor", "NSFont", "NSMenu", "NSMenuItem", "NSStatusBar",
        "NSStatusItem", "NSSound", "NSAlert", "NSOpenPanel", "NSSavePanel", "NSTextField", "NSTextView", "NSButton",
        "NSTableView", "NSSplitView", "NSTrackingArea", "NSAnimationContext", "NSSharingService",
    ]

    /// Whether a file compiles only for the Mac: it imports AppKit or Cocoa, or names a type only
    /// AppKit declares, in code an iOS build compiles (outside `#if os(macOS)`, `#if
    /// canImport(AppKit)` and the like).
    static func macOnly(_ tree: SourceFileSyntax) -> Bool {
        let check = MacOnlyCheck(viewMode: .sourceAccurate)
        check.walk(tree)
        return check.found
    }

    private final class MacOnlyCheck: SyntaxVisitor {
        var found = false

        override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
            for clause in BuildConditions.clausesForIOS(node.clauses) where !found {
                if let elements = clause.elements { walk(elements) }
            }
            return .skipChildren
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            if let module = node.path.first?.name.nameText, notImportable.contains(module), module == "AppKit" || module == "Cocoa" {
                found = true
            }
            return .skipChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if appKitOnly.contains(node.baseName.nameText) { found = true }
            return found ? .skipChildren : .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if appKitOnly.contains(node.name.nameText) { found = true }
            return found ? .skipChildren : .visitChildren
        }

        /// `.collapsible(false)` on a sidebar's `Section`: SwiftUI declares `collapsible(_:)` for
        /// macOS only (https://developer.apple.com/documentation/swiftui/section/collapsible(_:),
        /// available on macOS 10.15 and later, no other platform). Only the call with one `Bool`
        /// literal, as SwiftUI's is written, counts: a project's own `collapsible(isExpanded:)` does not.
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
                member.declName.baseName.nameText == "collapsible", node.arguments.count == 1,
                let argument = node.arguments.first, argument.label == nil,
                argument.expression.is(BooleanLiteralExprSyntax.self)
            {
                found = true
            }
            return found ? .skipChildren : .visitChildren
        }
    }

    /// Whether a node sits in a clause of an `#if` inside a modifier chain (`.foo() #if os(macOS)
    /// .bar() #endif`) or among the statements of a body or closure (`Group { #if os(tvOS) … #endif
    /// }`) that an iOS build does not compile. For many nodes, ask one `ClauseCheck`.
    static func leftOutOfIOS(_ node: Syntax) -> Bool {
        var check = ClauseCheck()
        return check.leftOutOfIOS(node)
    }

    /// `leftOutOfIOS` for many nodes of a tree, each node between them and their member block
    /// looked at once: the answer for a node is the answer for its parent, so it is kept for every
    /// node walked through. Each call of a modifier chain is one level deeper than the next, and
    /// walking up from each call to the chain's start took time in the square of the chain's length
    /// (a screen of long chains of `.accessibilityFocused(…)` took most of its time there).
    struct ClauseCheck {
        /// Whether the walk up from a node (the node included) meets a clause left out of iOS
        /// before its member block, by node.
        private var known: [SyntaxIdentifier: Bool] = [:]

        init() {}

        mutating func leftOutOfIOS(_ node: Syntax) -> Bool {
            var walked: [SyntaxIdentifier] = []
            var answer = false
            var current = node.parent
            while let n = current {
                if let k = known[n.id] {
                    answer = k
                    break
                }
                walked.append(n.id)
                if let clause = n.as(IfConfigClauseSyntax.self), let decl = clause.parent?.parent?.as(IfConfigDeclSyntax.self),
                    decl.parent?.is(PostfixIfConfigExprSyntax.self) == true || decl.parent?.is(CodeBlockItemSyntax.self) == true,
                    !BuildConditions.clausesForIOS(decl.clauses).contains(where: { $0.id == clause.id })
                {
                    answer = true
                    break
                }
                if n.is(MemberBlockSyntax.self) || n.is(SourceFileSyntax.self) { break }
                current = n.parent
            }
            for id in walked { known[id] = answer }
            return answer
        }
    }
}
