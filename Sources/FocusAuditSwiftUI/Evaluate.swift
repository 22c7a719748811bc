import SwiftSyntax

/// A string a view shows or is labelled with: known from the source, or computed at run time (then
/// shown as the expression, `\(friend.name)`, and counted as a name).
enum TextValue: Equatable {
    case literal(String)
    case dynamic(String)
    /// A string literal with interpolations (`"Select \(mode.name)"`): its words as written, each
    /// interpolation shown as its expression.
    case interpolated(String)

    var text: String {
        switch self {
        case .literal(let s): return s
        case .dynamic(let expression): return "\\(" + expression + ")"
        case .interpolated(let s): return s
        }
    }

    /// `"Select blend mode \(mode.description)"` → `Select blend mode \(mode.description)`.
    static func interpolated(_ literal: StringLiteralExprSyntax) -> TextValue {
        var out = ""
        for segment in literal.segments {
            if let text = segment.as(StringSegmentSyntax.self) {
                out += text.content.text
            } else if let expression = segment.as(ExpressionSegmentSyntax.self) {
                out += "\\(" + Evaluate.brief(expression.expressions) + ")"
            }
        }
        return .interpolated(out)
    }
}

/// Static evaluation of the few kinds of expression the reader needs: strings, numbers, booleans.
enum Evaluate {
    /// Whether an expression is `self`, asked of the node itself: the text of a base
    /// (`trimmedDescription`) is made from its whole subtree, which in a chain of modifiers is the
    /// whole chain before it, so asking it of each member of a chain took time quadratic in its length.
    static func isSelf(_ expr: ExprSyntax?) -> Bool {
        expr?.as(DeclReferenceExprSyntax.self)?.baseName.nameText == "self"
    }

    /// The name of a view's own property or method as code refers to it: `name` or `self.name`;
    /// nil for anything else (`model.name`, a call).
    static func ownName(_ expr: ExprSyntax) -> String? {
        if let r = expr.as(DeclReferenceExprSyntax.self) { return r.baseName.nameText }
        if let m = expr.as(MemberAccessExprSyntax.self), isSelf(m.base) { return m.declName.baseName.nameText }
        return nil
    }

    /// A number: a literal, a known constant, `.seconds(N)`, `.milliseconds(N)`, simple arithmetic.
    static func number(_ expr: ExprSyntax, constants: [String: Double]) -> Double? {
        if let i = expr.as(IntegerLiteralExprSyntax.self) {
            return Double(i.literal.text.replacingUnderscores)
        }
        if let f = expr.as(FloatLiteralExprSyntax.self) {
            return Double(f.literal.text.replacingUnderscores)
        }
        if let t = expr.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return number(only.expression, constants: constants)
        }
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            return constants[r.baseName.nameText]
        }
        if let m = expr.as(MemberAccessExprSyntax.self) {
            return constants[m.declName.baseName.nameText]
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let name = calledName(call)
            guard let first = call.arguments.first else { return nil }
            let value = number(first.expression, constants: constants)
            switch name {
            case "seconds", "Double", "TimeInterval", "CGFloat", "Float", "Int", "UInt64": return value
            case "milliseconds": return value.map { $0 / 1_000 }
            case "microseconds": return value.map { $0 / 1_000_000 }
            case "nanoseconds": return value.map { $0 / 1_000_000_000 }
            default: return nil
            }
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self) {
            return arithmetic(infix.leftOperand, infix.operator, infix.rightOperand, constants: constants)
        }
        if let seq = expr.as(SequenceExprSyntax.self) {
            // Unfolded `a * b`: only two operands are taken.
            let items = Array(seq.elements)
            if items.count == 3 { return arithmetic(items[0], items[1], items[2], constants: constants) }
        }
        return nil
    }

    /// `l op r` for the four arithmetic operators.
    private static func arithmetic(
        _ left: ExprSyntax, _ op: ExprSyntax, _ right: ExprSyntax, constants: [String: Double]
    )
        -> Double?
    {
        guard let op = op.as(BinaryOperatorExprSyntax.self)?.operator.text,
            let l = number(left, constants: constants), let r = number(right, constants: constants)
        else { return nil }
        switch op {
        case "+": return l + r
        case "-": return l - r
        case "*": return l * r
        case "/": return r == 0 ? nil : l / r
        default: return nil
        }
    }

    /// A boolean literal.
    static func bool(_ expr: ExprSyntax) -> Bool? {
        guard let b = expr.as(BooleanLiteralExprSyntax.self) else { return nil }
        return b.literal.tokenKind == .keyword(.true)
    }

    /// The text of a string literal without interpolation; nil for anything else.
    static func literalString(_ expr: ExprSyntax) -> String? {
        guard let s = expr.as(StringLiteralExprSyntax.self) else { return nil }
        var out = ""
        for segment in s.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            out += unescaped(text.content.text)
        }
        return out
    }

    private static func unescaped(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var escape = false
        for ch in text {
            if escape {
                switch ch {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(ch)
                }
                escape = false
            } else if ch == "\\" {
                escape = true
            } else {
                out.append(ch)
            }
        }
        return out
    }

    /// The name of what a call calls: `Button` for `Button(…)`, `SwiftUI.Button(…)` and
    /// `ForEach<…>(…)`, `append` for `path.append(…)`.
    static func calledName(_ call: FunctionCallExprSyntax) -> String {
        name(of: call.calledExpression)
    }

    static func name(of expr: ExprSyntax) -> String {
        if let r = expr.as(DeclReferenceExprSyntax.self) { return r.baseName.nameText }
        if let m = expr.as(MemberAccessExprSyntax.self) { return m.declName.baseName.nameText }
        if let g = expr.as(GenericSpecializationExprSyntax.self) { return name(of: g.expression) }
        return ""
    }

    /// A short, one-line form of an expression for messages and dynamic names, its names written
    /// without backticks (`trimmedNameText`): it is also compared, as the value a focus binding
    /// records or is bound to.
    static func brief(_ expr: some SyntaxProtocol) -> String {
        var text = ""
        var space = false
        for ch in expr.trimmedNameText {
            if ch == " " || ch == "\n" || ch == "\t" || ch == "\r" {
                space = true
                continue
            }
            if space && !text.isEmpty { text.append(" ") }
            space = false
            text.append(ch)
        }
        if text.count > 60 { text = String(text.prefix(60)) + "…" }
        return text
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(filter { $0 != "_" }) }
}

/// Arguments of a call, by label, with trailing closures.
struct Arguments {
    let call: FunctionCallExprSyntax

    init(_ call: FunctionCallExprSyntax) { self.call = call }

    func labelled(_ label: String) -> ExprSyntax? {
        call.arguments.first { $0.label?.nameText == label }?.expression
    }

    /// Unlabelled arguments, in order.
    var unlabelled: [ExprSyntax] {
        call.arguments.compactMap { $0.label == nil ? $0.expression : nil }
    }

    var firstUnlabelled: ExprSyntax? { unlabelled.first }

    /// A closure given by label, as an argument or as a labelled trailing closure.
    func closure(_ label: String) -> ClosureExprSyntax? {
        if let e = labelled(label)?.as(ClosureExprSyntax.self) { return e }
        return call.additionalTrailingClosures.first { $0.label.nameText == label }?.closure
    }

    var trailing: ClosureExprSyntax? { call.trailingClosure }

    var hasLabelledTrailing: Bool { !call.additionalTrailingClosures.isEmpty }
}
