import FocusAudit
import SwiftSyntax

/// Text and layout modifiers read into the attributes the Dynamic Type and touch-target rules use:
/// `font`, `line-limit`, `minimum-scale-factor` and `size`. Only what the source shows is claimed:
/// a value that is computed at run time leaves the attribute out, and the element is not judged.
/// docs/swiftui.md ("Text size, line limits and touch targets") gives the platform facts.
extension ViewTranslator {
    /// Modifiers this extension reads; each changes the elements in place (several elements made by
    /// one expression, `if`/`else` branches, each get the attribute; no group is made around them).
    static let textAndLayoutModifiers: Set<String> = [
        "font", "lineLimit", "minimumScaleFactor", "frame", "padding", "contentShape", "buttonStyle", "labelStyle",
    ]

    func applyTextAndLayout(
        _ mod: Modifier, to elements: [DescriptionElement], _ scope: Scope
    )
        -> [DescriptionElement]
    {
        let args = mod.args
        var out = elements
        switch mod.name {
        case "font":
            // The modifier closest to the text wins (SwiftUI's environment), so an attribute already
            // set from an inner `.font` is kept.
            guard let first = args.firstUnlabelled, let font = fontValue(first, scope) else { return elements }
            for i in out.indices where Self.showsUnsizedText(out[i], attribute: "font") { out[i]["font"] = font }
        case "lineLimit":
            guard let first = args.firstUnlabelled, let lines = staticNumber(first, scope), lines >= 1,
                lines == lines.rounded(), lines < 1_000_000
            else { return elements }
            for i in out.indices where Self.showsUnsizedText(out[i], attribute: "line-limit") {
                out[i]["line-limit"] = String(Int(lines))
            }
        case "minimumScaleFactor":
            guard let first = args.firstUnlabelled, let factor = staticNumber(first, scope), factor > 0, factor <= 1
            else { return elements }
            for i in out.indices where Self.showsUnsizedText(out[i], attribute: "minimum-scale-factor") {
                out[i]["minimum-scale-factor"] = Self.seconds(factor)
            }
        case "frame":
            guard out.count == 1 else { return elements }
            let size = Self.size(of: out[0])
            if Self.isTarget(out[0]) {
                out[0]["size"] = outerFrame(args, around: size, scope).map(Self.sizeValue)
            } else {
                out[0]["size"] = frame(args, around: size, scope).map(Self.sizeValue)
            }
        case "padding":
            // Padding inside a control's label is part of the label, and so of what takes taps.
            // Padding written after the control (`Button { … }.padding(10)`) is drawn around it but
            // is a view of its own, outside the button: a tap there does not reach the button, so
            // its size stays what it was. Only a content shape around the padding makes it take
            // taps (`contentShape(_:eoFill:)`: "Defines the content shape for hit testing",
            // https://developer.apple.com/documentation/swiftui/view/contentshape(_:eofill:)), which
            // leaves the size unknown below. Fixes made in public apps say the same: onevcat/Prowl
            // pull 130 moves `.padding()` and `.contentShape(.rect)` into the label for the padding to
            // take clicks; anyproto/anytype-swift pull 4846 finds a `.frame(48×48)` outside a button
            // left only its 17-point symbol hit-testable.
            guard out.count == 1, let size = Self.size(of: out[0]) else { return elements }
            if !Self.isTarget(out[0]) { out[0]["size"] = padded(size, args, scope).map(Self.sizeValue) }
        case "contentShape":
            // Inside a label, a shape that fills the view's bounds keeps its size; any other shape,
            // or a shape around the control itself, may reach beyond what is drawn.
            let shape = args.firstUnlabelled.map { Evaluate.name(of: Self.calledOrSelf($0)) } ?? ""
            for i in out.indices where Self.isTarget(out[i]) || !Self.boundsShapes.contains(shape) {
                out[i]["size"] = nil
            }
        case "labelStyle":
            // `.iconOnly` hides the titles of the labels inside: they stay their accessible names
            // but are not drawn, so no text size applies to them.
            guard args.firstUnlabelled.map({ Evaluate.name(of: Self.calledOrSelf($0)) == "iconOnly" }) == true
            else { return elements }
            for i in out.indices { Self.hideLabelTitles(&out[i]) }
        case "buttonStyle":
            // A bordered or custom style draws (and hit-tests) padding around the label.
            let style = args.firstUnlabelled.map { Evaluate.name(of: Self.calledOrSelf($0)) } ?? ""
            // The style is set for every button within the view it is written on ("Sets the style
            // for buttons within this view",
            // https://developer.apple.com/documentation/swiftui/view/buttonstyle(_:)-7qx1), not
            // only for a button it is written on. A style nearer to a button wins, which is not
            // tracked here: the sizes of the buttons inside are left unknown.
            if !["plain", "borderless", "PlainButtonStyle", "BorderlessButtonStyle"].contains(style) {
                for i in out.indices { Self.dropControlSizes(&out[i]) }
            }
        default:
            break
        }
        return out
    }

    /// Leaves the sizes of a control and of the controls inside a view unknown.
    static func dropControlSizes(_ e: inout DescriptionElement) {
        if ViewKind(name: e.name) == .interactive { e["size"] = nil }
        for i in e.children.indices { dropControlSizes(&e.children[i]) }
    }

    static func hideLabelTitles(_ e: inout DescriptionElement) {
        if e.name == "Label", let title = e.text {
            if e["label"] == nil { e["label"] = title }
            e.text = nil
            for attribute in ["font", "line-limit", "minimum-scale-factor"] { e[attribute] = nil }
        }
        for i in e.children.indices { hideLabelTitles(&e.children[i]) }
    }

    /// Shapes whose path fills the bounds of the view they are given to.
    static let boundsShapes: Set<String> = [
        "Rectangle", "rect", "RoundedRectangle", "Circle", "circle", "Capsule", "capsule", "Ellipse", "ellipse",
        "ContainerRelativeShape", "containerRelative",
    ]

    /// `Rectangle()` → `Rectangle`, `.rect(cornerRadius: 8)` → the call's member; anything else as is.
    static func calledOrSelf(_ expr: ExprSyntax) -> ExprSyntax {
        if let call = expr.as(FunctionCallExprSyntax.self) { return call.calledExpression }
        return expr
    }

    /// Whether the element shows text whose `attribute` no inner modifier has set: its own string,
    /// a text view, or such text somewhere inside it. An image (an SF Symbol's size follows the font
    /// too, but it is not text) or an empty container is left alone.
    static func showsUnsizedText(_ e: DescriptionElement, attribute: String) -> Bool {
        if e[attribute] != nil { return false }
        if e.name == "Image" { return false }
        // A text field is one line that scrolls, never cut off with "…": only its font matters.
        let field = ["TextField", "SecureField", "TextEditor"].contains(e.name)
        if field { return attribute == "font" }
        if let text = e.text, !text.isEmpty { return true }
        if e.name == "Text" { return true }
        return e.children.contains { showsUnsizedText($0, attribute: attribute) }
    }

    // MARK: - Fonts

    /// The `font` attribute for a `Font` expression: a text style (`.headline`, `.title.bold()`,
    /// `.system(.body, design: .rounded)`, `.custom("X", size: 17)`, which scales relative to body,
    /// `.custom("X", size: 17, relativeTo: .title)`), or `fixed:N` (`.system(size: N)`,
    /// `.custom("X", fixedSize: N)`) when N is known. Nil for a font the source does not show.
    func fontValue(_ expr: ExprSyntax, _ scope: Scope) -> String? {
        var e = expr
        // Font modifiers keep the size behaviour: `.title.bold()`, `.body.weight(.semibold)`.
        while let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, !Self.isFontType(base)
        {
            e = base
        }
        if let member = e.as(MemberAccessExprSyntax.self) {
            guard member.base.map(Self.isFontType) ?? true else { return nil }
            return TextStyle(rawValue: member.declName.baseName.nameText)?.rawValue
        }
        guard let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base.map(Self.isFontType) ?? true
        else { return nil }
        let args = Arguments(call)
        switch member.declName.baseName.nameText {
        case "system":
            if let relative = args.labelled("relativeTo") { return Self.textStyle(relative) }
            if let size = args.labelled("size") { return staticNumber(size, scope).flatMap(Self.fixedFont) }
            if let style = args.firstUnlabelled ?? args.labelled("style") { return Self.textStyle(style) }
            return nil
        case "custom":
            if let size = args.labelled("fixedSize") { return staticNumber(size, scope).flatMap(Self.fixedFont) }
            guard args.labelled("size") != nil else { return nil }
            if let relative = args.labelled("relativeTo") { return Self.textStyle(relative) }
            return TextStyle.body.rawValue
        default:
            return nil
        }
    }

    private static func isFontType(_ expr: ExprSyntax) -> Bool {
        let text = expr.trimmedNameText
        return text == "Font" || text == "SwiftUI.Font"
    }

    /// `.headline`, `Font.TextStyle.headline`: the style's name.
    private static func textStyle(_ expr: ExprSyntax) -> String? {
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        return TextStyle(rawValue: member.declName.baseName.nameText)?.rawValue
    }

    private static func fixedFont(_ points: Double) -> String? {
        guard points > 0, points < 100_000 else { return nil }
        return "fixed:" + seconds(points)
    }

    // MARK: - Sizes

    /// A number the source gives: a literal, a constant, simple arithmetic, or a value passed to the
    /// view being inlined. A `@ScaledMetric` property grows with Dynamic Type, so it is not a
    /// number known here.
    func staticNumber(_ expr: ExprSyntax, _ scope: Scope) -> Double? {
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            let name = r.baseName.nameText
            if scope.type?.stored.contains(where: { $0.name == name && $0.wrappers.contains { $0.hasPrefix("ScaledMetric") } })
                == true
            {
                return nil
            }
            switch scope.lookup(name) {
            case .expression(let e, let from)?: return staticNumber(e, from)
            case .text?, .views?, .content?: return nil
            case nil: break
            }
        }
        return Evaluate.number(expr, constants: project.constants)
    }

    static func size(of e: DescriptionElement) -> ViewSize? {
        guard let text = e["size"] else { return nil }
        let parts = text.split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
        return ViewSize(width: w, height: h)
    }

    static func sizeValue(_ size: ViewSize) -> String { seconds(size.width) + "x" + seconds(size.height) }

    /// The size after `.frame(…)`: `width:`/`height:` set a side; `minWidth:`… bound a known side;
    /// a side that cannot be worked out makes the size unknown.
    private func frame(_ args: Arguments, around inner: ViewSize?, _ scope: Scope) -> ViewSize? {
        func side(_ fixed: String, _ lower: String, _ upper: String, _ current: Double?) -> Double? {
            if let e = args.labelled(fixed) { return staticNumber(e, scope) }
            var value = current
            if let e = args.labelled(lower) {
                guard let v = staticNumber(e, scope) else { return nil }
                value = value.map { max($0, v) }
            }
            if let e = args.labelled(upper) {
                // `.infinity` and computed bounds: the view may grow to fill its space.
                guard let v = staticNumber(e, scope) else { return nil }
                value = value.map { min($0, v) }
            }
            return value
        }
        guard let w = side("width", "minWidth", "maxWidth", inner?.width),
            let h = side("height", "minHeight", "maxHeight", inner?.height), w > 0, h > 0, w < 100_000, h < 100_000
        else { return nil }
        return ViewSize(width: w, height: h)
    }

    /// Whether the element is what takes taps: a control, or a view that already has a tap gesture.
    static func isTarget(_ e: DescriptionElement) -> Bool {
        ViewKind(name: e.name) == .interactive || e["on-tap"] == "true"
    }

    /// The size of a control after a `.frame(…)` around it. The frame is drawn around the control
    /// but does not take its taps: a fixed side smaller than the control bounds it, a larger one
    /// or a minimum does not make it larger. A side of a control of unknown size is the fixed
    /// side given (the most it can be).
    private func outerFrame(_ args: Arguments, around inner: ViewSize?, _ scope: Scope) -> ViewSize? {
        func side(_ fixed: String, _ upper: String, _ current: Double?) -> Double? {
            if let e = args.labelled(fixed) {
                guard let v = staticNumber(e, scope) else { return nil }
                return current.map { min($0, v) } ?? v
            }
            if let e = args.labelled(upper), let v = staticNumber(e, scope) { return current.map { min($0, v) } }
            return current
        }
        guard let w = side("width", "maxWidth", inner?.width), let h = side("height", "maxHeight", inner?.height),
            w > 0, h > 0, w < 100_000, h < 100_000
        else { return nil }
        return ViewSize(width: w, height: h)
    }

    /// The size after `.padding(…)` of a view of known size; nil when the amount is the platform's
    /// default (`.padding()`) or not known.
    private func padded(_ size: ViewSize, _ args: Arguments, _ scope: Scope) -> ViewSize? {
        let list = Array(args.call.arguments)
        var edges = "all"
        var amount: Double?
        switch list.count {
        case 1 where list[0].label == nil:
            if let v = staticNumber(list[0].expression, scope) {
                amount = v
            } else {
                return nil  // `.padding(.horizontal)`: the default amount; `EdgeInsets(…)`
            }
        case 2 where list[0].label == nil && list[1].label == nil:
            guard let member = list[0].expression.as(MemberAccessExprSyntax.self) else { return nil }
            edges = member.declName.baseName.nameText
            amount = staticNumber(list[1].expression, scope)
        default:
            return nil
        }
        guard let amount, amount >= 0 else { return nil }
        var s = size
        switch edges {
        case "all":
            s.width += 2 * amount
            s.height += 2 * amount
        case "horizontal": s.width += 2 * amount
        case "vertical": s.height += 2 * amount
        case "leading", "trailing": s.width += amount
        case "top", "bottom": s.height += amount
        default: return nil
        }
        return s
    }

    /// A control whose label is one view of known size takes that size (a plain or borderless
    /// button is as large as its label; `.buttonStyle` removes it again for other styles).
    static func takeLabelSize(_ control: inout DescriptionElement) {
        guard control["size"] == nil, control.children.count == 1,
            ViewKind(name: control.children[0].name) != .interactive, let size = control.children[0]["size"]
        else { return }
        control["size"] = size
    }

    /// Controls in a `List` or `Form` row, or in a toolbar, get their tappable area from the row or
    /// the bar, not from their own frame: their size is not judged.
    static func dropRowSizes(_ e: inout DescriptionElement, inRow: Bool = false) {
        let row = inRow || ["List", "Form", "Toolbar"].contains(e.name)
        for i in e.children.indices {
            if row, ViewKind(name: e.children[i].name) == .interactive || e.children[i]["on-tap"] == "true" {
                e.children[i]["size"] = nil
            }
            dropRowSizes(&e.children[i], inRow: row)
        }
    }
}
