import FocusAudit
import SwiftSyntax

/// The project's own view modifiers (`struct M: ViewModifier`, applied with `.modifier(M(…))` or
/// through a `View` extension that applies one) and hand-written initialisers of custom views.
extension ViewTranslator {
    /// Applies a modifier the project defines: `.modifier(M(…))` reads `M`'s `body(content:)` with
    /// `content` standing for the modified view; `.name(…)` declared in `extension View` applies the
    /// modifiers its body applies to `self`. Nil when the modifier is not one of the project's.
    /// A modifier applied to a view that shows nothing itself (a shape, a colour) is still read for
    /// what it draws. `declaration` is the function to apply when the caller has chosen it among
    /// several of that name (`projectsOwnActionModifier`).
    func applyCustomModifier(
        _ mod: Modifier, to elements: [DescriptionElement], _ scope: Scope, declaration: FunctionDeclSyntax? = nil
    ) -> [DescriptionElement]? {
        guard scope.inlining.count < 16 else { return nil }
        if mod.name == "modifier" {
            guard let call = mod.args.firstUnlabelled?.as(FunctionCallExprSyntax.self) else { return nil }
            return viewModifier(call, at: mod.call, to: elements, scope)
        }
        guard !scope.inlining.contains("()" + mod.name),
            let decl = declaration ?? project.functions[mod.name]?.first(where: Self.extendsView), let body = decl.body
        else { return nil }
        let inner = scope.sameView(
            type: scope.type, file: scope.file, names: scope.names, inlining: scope.inlining + ["()" + mod.name])
        bind(parameters: decl.signature.parameterClause.parameters, call: mod.call, from: scope, into: inner)
        // The extension's code is in its own file: what it adds is placed where it is applied.
        let placed = Scope(
            type: inner.type, file: project.file(of: decl) ?? inner.file, names: inner.names, inlining: inner.inlining,
            callSite: scope.callSite ?? project.origin(of: mod.call, file: scope.file), instance: inner.instance)
        if let result = Self.resultExpression(body.statements), let chain = Self.selfChain(result) {
            // `modifier(M())`, `self.font(…).padding()`, `padding().modifier(M())`: modifiers of `self`.
            var out = elements
            for m in chain.reversed() { out = apply(m, to: out, placed) }
            return out
        }
        // `VStack { self }.padding()`, `ZStack { self; closeButton }`, `if let caption { … } else { self }`:
        // the body's views, with `self` standing for the modified view (kept once).
        placed.names["self"] = .content(elements)
        let made = items(body.statements, placed)
        return made.isEmpty ? nil : made
    }

    /// The project's own `swipeActions` or `contextMenu`, declared in `extension View`, when a call
    /// of that name is the project's and not SwiftUI's modifier: the call fits the declaration's
    /// parameters and either gives a label SwiftUI's modifier does not take, or the declaration
    /// builds its closure with a result builder of its own (not `@ViewBuilder`, a closure that
    /// returns no view) and the call's closure holds no SwiftUI view. Swift picks the overload the
    /// closure's contents type-check against: `.swipeActions { Action(symbol: "trash") { … } }`
    /// with `func swipeActions(@ActionBuilder actions: () -> [Action])` in the project is the
    /// project's; SwiftUI's `swipeActions(edge:allowsFullSwipe:content:)` takes a `@ViewBuilder`
    /// closure of views (https://developer.apple.com/documentation/swiftui/view/swipeactions(edge:allowsfullswipe:content:)).
    /// Inside the project's declaration, a call of the same name is SwiftUI's.
    func projectsOwnActionModifier(_ mod: Modifier, _ scope: Scope) -> FunctionDeclSyntax? {
        guard !scope.inlining.contains("()" + mod.name), let declared = project.functions[mod.name] else { return nil }
        let swiftUILabels: Set<String> =
            mod.name == "swipeActions" ? ["edge", "allowsFullSwipe", "content"] : ["menuItems", "preview", "forSelectionType", "menu", "primaryAction"]
        let call = mod.call
        let labels = call.arguments.compactMap { $0.label?.nameText } + call.additionalTrailingClosures.map { $0.label.nameText }
        let unlabelled = call.arguments.filter { $0.label == nil }.count
        // SwiftUI's `swipeActions` takes no unlabelled argument; the deprecated `contextMenu(_:)` takes one.
        let notSwiftUIs = labels.contains { !swiftUILabels.contains($0) } || (unlabelled > 0 && mod.name == "swipeActions")
        for decl in declared where Self.extendsView(decl) {
            let parameters = decl.signature.parameterClause.parameters
            let names = Set(parameters.map(\.firstName.nameText))
            guard labels.allSatisfy(names.contains),
                unlabelled <= parameters.filter({ $0.firstName.nameText == "_" }).count
            else { continue }
            if notSwiftUIs { return decl }
            // The parameter the call's closure goes to.
            let closure = Arguments(call).trailing ?? Arguments(call).closure("content")
            guard let closure,
                let taken = Self.arguments(for: parameters, in: call).first(where: { $0.value.id == ExprSyntax(closure).id }),
                let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).nameText == taken.name })
            else { continue }
            if !Self.buildsViews(parameter), !Self.holdsSwiftUIViews(closure) { return decl }
        }
        return nil
    }

    /// Whether a closure parameter gives views: marked `@ViewBuilder`, or, with no result builder
    /// of its own, a function type whose result names a view.
    static func buildsViews(_ parameter: FunctionParameterSyntax) -> Bool {
        let builders = parameter.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedNameText }
            .filter { !["escaping", "Sendable", "MainActor", "autoclosure"].contains($0) }
        if builders.contains("ViewBuilder") || builders.contains("SwiftUI.ViewBuilder") { return true }
        if !builders.isEmpty { return false }
        let type = Array(parameter.type.trimmedNameText.utf8)
        guard let arrow = type.indices.dropLast().last(where: { type[$0] == UInt8(ascii: "-") && type[$0 + 1] == UInt8(ascii: ">") })
        else { return true }
        return String(decoding: type[(arrow + 2)...], as: UTF8.self).contains("View")
    }

    /// Whether a closure holds a call of a SwiftUI control or view that a swipe action or a menu
    /// item is written with.
    static func holdsSwiftUIViews(_ closure: ClosureExprSyntax) -> Bool {
        let names: Set<String> = [
            "Button", "Label", "Text", "Image", "Toggle", "Link", "ShareLink", "NavigationLink", "Menu", "ForEach", "Section", "Divider", "Picker",
        ]
        return closure.statements.contains { item in
            item.tokens(viewMode: .sourceAccurate).contains { token in
                guard case .identifier(let name) = token.tokenKind, names.contains(name) else { return false }
                return token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
                    || token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftBrace
            }
        }
    }

    /// `.buttonStyle(S(…))` with a `ButtonStyle` the project declares: each button (and link)
    /// inside is drawn by `S.makeBody(configuration:)`, `configuration.label` standing for the
    /// button's own label, so what the style adds (a caption under an icon) is part of the button and
    /// of its name. Nil when the style is not one of the project's.
    func applyButtonStyle(_ mod: Modifier, to elements: [DescriptionElement], _ scope: Scope) -> [DescriptionElement]? {
        guard let call = mod.args.firstUnlabelled?.as(FunctionCallExprSyntax.self) else { return nil }
        let name = Evaluate.calledName(call)
        guard let type = project.type(name), type.kind == .buttonStyle, !scope.inlining.contains(name),
            scope.inlining.count < 16, let method = type.methods["makeBody"], let body = method.decl.body,
            let parameter = method.decl.signature.parameterClause.parameters.first
        else { return nil }
        let site = scope.callSite ?? project.origin(of: mod.call, file: scope.file)
        func style(_ e: inout DescriptionElement) {
            if e.name == "Button" || e.name == "NavigationLink" {
                let inner = Scope(
                    type: type, file: method.file, inlining: scope.inlining + [name], callSite: site, instance: nextInstance())
                if !bindInitialiser(of: type, call: call, from: scope, into: inner) {
                    bindMemberwise(of: type, call: call, from: scope, into: inner)
                }
                inner.names[(parameter.secondName ?? parameter.firstName).nameText] = .content(e.children)
                let drawn = items(body.statements, inner)
                if !drawn.isEmpty { e.children = drawn }
                return
            }
            for i in e.children.indices { style(&e.children[i]) }
        }
        var out = elements
        for i in out.indices { style(&out[i]) }
        return out
    }

    /// The modifiers a body applies to `self`, outermost first; nil when it is not such a chain.
    static func selfChain(_ result: ExprSyntax) -> [Modifier]? {
        var chain: [Modifier] = []
        var e = result
        while true {
            guard let call = e.as(FunctionCallExprSyntax.self) else {
                guard Evaluate.isSelf(e) else { return nil }
                break
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                chain.append(Modifier(call: call, name: member.declName.baseName.nameText))
                e = base
            } else if let r = call.calledExpression.as(DeclReferenceExprSyntax.self), r.baseName.nameText.first?.isLowercase == true {
                chain.append(Modifier(call: call, name: r.baseName.nameText))
                break
            } else {
                return nil
            }
        }
        return chain
    }

    /// `.modifier(M(…))`: `M`'s body read with its properties bound to the arguments and `content`
    /// to the modified elements.
    private func viewModifier(
        _ call: FunctionCallExprSyntax, at site: FunctionCallExprSyntax, to elements: [DescriptionElement], _ scope: Scope
    ) -> [DescriptionElement]? {
        let name = Evaluate.calledName(call)
        guard let type = project.type(name), type.kind == .modifier, !scope.inlining.contains(name),
            let method = type.methods["body"], let body = method.decl.body,
            let parameter = method.decl.signature.parameterClause.parameters.first
        else { return nil }
        let inner = Scope(
            type: type, file: method.file, inlining: scope.inlining + [name],
            callSite: scope.callSite ?? project.origin(of: site, file: scope.file), instance: nextInstance())
        if !bindInitialiser(of: type, call: call, from: scope, into: inner) {
            bindMemberwise(of: type, call: call, from: scope, into: inner)
        }
        inner.names[(parameter.secondName ?? parameter.firstName).nameText] = .content(elements)
        let made = items(body.statements, inner)
        return made.isEmpty ? nil : made
    }

    /// Labelled arguments by property name, unlabelled ones in order, a trailing closure to the
    /// first property `trailingClosureTo` accepts (by default one of a function type or a
    /// `@ViewBuilder`): Swift's memberwise initialiser. Then a `var` with a default value, given by
    /// its label only.
    func bindMemberwise(
        of type: TypeInfo, call: FunctionCallExprSyntax, from scope: Scope, into inner: Scope,
        trailingClosureTo takesTrailingClosure: (TypeInfo.Stored) -> Bool = { $0.type.contains("->") || $0.wrappers.contains("ViewBuilder") }
    ) {
        let args = Arguments(call)
        var unlabelled = args.unlabelled.makeIterator()
        var trailingUsed = false
        for property in type.initialised {
            var value: ExprSyntax? = args.labelled(property.name)
            if value == nil, let closure = args.closure(property.name) { value = ExprSyntax(closure) }
            if value == nil, takesTrailingClosure(property), !trailingUsed, let trailing = args.trailing {
                value = ExprSyntax(trailing)
                trailingUsed = true
            }
            if value == nil { value = unlabelled.next() }
            if let value { inner.names[property.name] = bound(value, scope) }
        }
        // Given by its label only: `AboutRow(mainText: L10n.legal)` for `@State var mainText = ""`.
        for property in type.initialisedWithDefaults {
            let value = args.labelled(property.name) ?? args.closure(property.name).map(ExprSyntax.init)
            if let value { inner.names[property.name] = bound(value, scope) }
        }
    }

    /// A hand-written `init` the call matches: its parameters are bound to the arguments, and each
    /// `self.x = …` (or `_x = State(initialValue: …)`) in its body binds property `x` to what was
    /// given. False when the type has no initialiser the call matches.
    func bindInitialiser(
        of type: TypeInfo, call: FunctionCallExprSyntax, from scope: Scope, into inner: Scope, depth: Int = 0
    ) -> Bool {
        guard depth < 4, let (decl, file) = type.initialisers.first(where: { Self.matches(call, $0.decl) }),
            let body = decl.body
        else { return false }
        let parameters = Scope(
            type: inner.type, file: file, inlining: inner.inlining, callSite: inner.callSite, instance: inner.instance)
        bind(parameters: decl.signature.parameterClause.parameters, call: call, from: scope, into: parameters)
        let stored = Set(type.stored.map(\.name))
        var assigned: Set<String> = []
        func store(_ target: String, _ value: ExprSyntax) {
            let name = target.hasPrefix("_") ? String(target.dropFirst()) : target
            guard stored.contains(name), assigned.insert(name).inserted else { return }
            var given = value
            if let wrapper = value.as(FunctionCallExprSyntax.self),
                let initial = Arguments(wrapper).labelled("initialValue") ?? Arguments(wrapper).labelled("wrappedValue")
            {
                given = initial
            }
            if let r = given.as(DeclReferenceExprSyntax.self), let passed = parameters.lookup(r.baseName.nameText) {
                inner.names[name] = passed
            } else {
                inner.names[name] = bound(given, parameters)
            }
        }
        // The statements in order, and those of `if`/`else` and `switch` branches (the first
        // value stored wins); `self.init(…)` hands over to the initialiser it calls.
        func walk(_ items: CodeBlockItemListSyntax) {
            for item in items {
                var expr: ExprSyntax? = item.item.as(ExprSyntax.self)
                if let s = item.item.as(ExpressionStmtSyntax.self) { expr = s.expression }
                guard let expr else { continue }
                if let seq = expr.as(SequenceExprSyntax.self), let (target, value) = RestoreScanner.assignment(seq) {
                    store(target, value)
                } else if let branch = expr.as(IfExprSyntax.self) {
                    var next: IfExprSyntax? = branch
                    while let b = next {
                        walk(b.body.statements)
                        switch b.elseBody {
                        case .ifExpr(let e)?: next = e
                        case .codeBlock(let block)?:
                            walk(block.statements)
                            next = nil
                        case nil: next = nil
                        }
                    }
                } else if let choice = expr.as(SwitchExprSyntax.self) {
                    for c in choice.cases { if let c = c.as(SwitchCaseSyntax.self) { walk(c.statements) } }
                } else if let delegated = expr.as(FunctionCallExprSyntax.self),
                    let member = delegated.calledExpression.as(MemberAccessExprSyntax.self),
                    // `self.init(…)`, the keyword: `` self.`init`(…) `` calls a method named `init`.
                    member.declName.baseName.tokenKind == .keyword(.`init`),
                    Evaluate.isSelf(member.base)
                {
                    _ = bindInitialiser(of: type, call: delegated, from: parameters, into: inner, depth: depth + 1)
                }
            }
        }
        walk(body.statements)
        return true
    }

    /// Whether a call can be one of an initialiser: every argument label is a parameter's, in order,
    /// and every parameter without a default value is given (a closure parameter may be given by a
    /// trailing closure).
    static func matches(_ call: FunctionCallExprSyntax, _ initialiser: InitializerDeclSyntax) -> Bool {
        let parameters = Array(initialiser.signature.parameterClause.parameters)
        var labels = call.arguments.map { $0.label?.nameText ?? "_" }
        labels += call.additionalTrailingClosures.map { $0.label.nameText }
        var trailing = call.trailingClosure == nil ? 0 : 1
        var i = 0
        for parameter in parameters {
            if i < labels.count, labels[i] == parameter.firstName.nameText {
                i += 1
            } else if parameter.defaultValue != nil {
                continue
            } else if trailing > 0, parameter.type.trimmedNameText.contains("->") {
                trailing -= 1
            } else {
                return false
            }
        }
        return i == labels.count && trailing == 0
    }

    /// Whether a function is declared in `extension View`.
    static func extendsView(_ decl: FunctionDeclSyntax) -> Bool {
        var node = decl.parent
        while let n = node {
            if let e = n.as(ExtensionDeclSyntax.self) {
                let name = e.extendedType.trimmedNameText
                return name == "View" || name == "SwiftUI.View"
            }
            node = n.parent
        }
        return false
    }

    /// The expression a body returns: its only expression, or what its `return` gives.
    static func resultExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard let last = statements.last else { return nil }
        switch last.item {
        case .expr(let e): return e
        case .stmt(let s):
            if let r = s.as(ReturnStmtSyntax.self) { return r.expression }
            return s.as(ExpressionStmtSyntax.self)?.expression
        case .decl: return nil
        }
    }
}
