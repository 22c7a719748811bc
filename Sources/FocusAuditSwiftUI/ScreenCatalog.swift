import FocusAudit
import SwiftSyntax
import Synchronization

/// Which view types are screens, which are roots, and where links go.
///
/// A screen is a view type that is a navigation destination (`NavigationLink(destination:)`,
/// `navigationDestination`), is presented (`sheet`, `fullScreenCover`, `popover`), or is a root: the
/// content of an app's `WindowGroup`, a view that holds a `NavigationStack`, `NavigationView`,
/// `NavigationSplitView` or `TabView`, or a view no other audited view uses.
final class ScreenCatalog: @unchecked Sendable {
    let project: SwiftProject
    let transition: Double
    private(set) var screens: Set<String> = []
    private(set) var roots: Set<String> = []
    /// View modifiers nothing applies, read as root screens of their own.
    private(set) var unappliedModifiers: Set<String> = []
    /// Destinations that are not audited screens: a view declared outside the audited files, or one
    /// that cannot be worked out statically. Each becomes an empty screen whose findings are dropped.
    /// Kept under a lock: screens are translated on several threads, and each adds the same note for
    /// the same id.
    var stubs: [String: String] { stubStore.withLock { $0 } }
    private let stubStore = Mutex<[String: String]>([:])
    /// `navigationDestination(for: T.self)` registrations: by enum case name when the closure
    /// switches over the value, else one view.
    private var valueDestinations: [(type: String, cases: [String: String], single: String?)] = []

    static let dynamicID = "(dynamic)"

    /// What one view type's code says about the catalog.
    private struct TypeFacts: Sendable {
        /// Views of the audited files it uses.
        var referenced: [String] = []
        /// Whether it holds a navigation container (a root).
        var holdsNavigation = false
        /// The view types it navigates to or presents.
        var screens: [String] = []
        var valueDestinations: [(type: String, cases: [String: String], single: String?)] = []
    }

    /// Reads each view type's code on up to `jobs` threads (each type with the trees it needs), then
    /// puts what they found together in the order of the types, so the catalog is the same
    /// whatever the number of threads.
    init(project: SwiftProject, transition: Double, jobs: Int = 1) {
        self.project = project
        self.transition = transition
        let types = project.viewTypes
        let facts = WorkQueue.map(count: types.count, jobs: jobs) { n in
            project.withTrees { self.facts(of: types[n]) }
        }
        var referenced: Set<String> = []
        for (type, found) in zip(types, facts) {
            referenced.formUnion(found.referenced)
            if found.holdsNavigation { roots.insert(type.name) }
            screens.formUnion(found.screens)
            valueDestinations += found.valueDestinations
        }
        for app in project.appTypes {
            project.withTrees {
                for call in app.calls where call.name == "WindowGroup" {
                    let call = call.node
                    if let closure = Arguments(call).trailing ?? Arguments(call).closure("content"),
                        let root = viewType(in: Syntax(closure), type: app)
                    {
                        roots.insert(root)
                    }
                }
            }
        }
        for type in project.viewTypes where !referenced.contains(type.name) { roots.insert(type.name) }
        roots = roots.filter { project.type($0)?.kind == .view }
        // A view modifier that nothing in the audited files applies (its file is audited alone, or it
        // is applied in another module) is read on its own, `content` standing for nothing, so the
        // controls it adds (a toolbar's close button) are checked.
        var applied: Set<String> = []
        for type in project.viewTypes + project.modifierTypes + project.appTypes {
            for call in type.calls { applied.insert(call.name) }
        }
        // Through the helpers that are called (`func dismissButton() -> some View { modifier(DismissButton()) }`),
        // a few levels deep.
        project.withTrees {
            var followed: Set<String> = []
            for _ in 0..<3 {
                for (name, refs) in project.functions.refs where applied.contains(name) && followed.insert(name).inserted {
                    for ref in refs {
                        for call in ref.node.descendants(FunctionCallExprSyntax.self) { applied.insert(Evaluate.calledName(call)) }
                    }
                }
            }
        }
        for type in project.modifierTypes where !applied.contains(type.name) && type.methods["body"] != nil {
            unappliedModifiers.insert(type.name)
            roots.insert(type.name)
        }
        screens.formUnion(roots)
    }

    /// The code of a type: its computed properties (`body` among them) and methods.
    func bodies(of type: TypeInfo) -> [Syntax] { type.bodies }

    private func facts(of type: TypeInfo) -> TypeFacts {
        var facts = TypeFacts()
        for call in type.calls {
            let name = call.name
            if let t = project.type(name), t.kind == .view, t.name != type.name { facts.referenced.append(t.name) }
            switch name {
            case "NavigationStack", "NavigationView", "NavigationSplitView", "TabView":
                facts.holdsNavigation = true
            default: break
            }
            collectDestinations(call, in: type, into: &facts)
        }
        return facts
    }

    /// Only the calls that can name a destination are read from their tree.
    private func collectDestinations(_ ref: CallRef, in type: TypeInfo, into facts: inout TypeFacts) {
        switch ref.name {
        case "NavigationLink", "sheet", "fullScreenCover", "popover", "navigationDestination": break
        default: return
        }
        let call = ref.node
        let args = Arguments(call)
        switch ref.name {
        case "NavigationLink":
            let destination: Syntax? =
                args.labelled("destination").map { Syntax($0) }
                ?? (args.closure("label") != nil || (args.firstUnlabelled.map { !$0.is(ClosureExprSyntax.self) } ?? false)
                    ? args.trailing.map { Syntax($0) } : nil)
            if let destination, let t = viewType(in: destination, type: type) { addScreen(t, to: &facts) }
        case "sheet", "fullScreenCover", "popover", "navigationDestination":
            guard let closure = args.closure("content") ?? args.closure("destination") ?? args.trailing else { return }
            if let forType = args.labelled("for") {
                var cases: [String: String] = [:]
                for s in closure.descendants(SwitchCaseSyntax.self) {
                    guard let label = s.label.as(SwitchCaseLabelSyntax.self) else { continue }
                    let viewName = viewType(in: Syntax(s.statements), type: type)
                    for item in label.caseItems {
                        if let name = item.pattern.descendants(DeclReferenceExprSyntax.self).first?.baseName.text
                            ?? item.pattern.descendants(IdentifierPatternSyntax.self).first?.identifier.text,
                            let viewName
                        {
                            cases[name] = viewName
                            addScreen(viewName, to: &facts)
                        }
                    }
                }
                let single = cases.isEmpty ? viewType(in: Syntax(closure), type: type) : nil
                if let single { addScreen(single, to: &facts) }
                var typeName = forType.trimmedDescription
                if typeName.hasSuffix(".self") { typeName.removeLast(5) }
                facts.valueDestinations.append((typeName, cases, single))
            } else if let t = viewType(in: Syntax(closure), type: type) {
                addScreen(t, to: &facts)
            }
        default: break
        }
    }

    private func addScreen(_ name: String, to facts: inout TypeFacts) {
        if let t = project.type(name), t.kind == .view { facts.screens.append(name) }
    }

    func isScreen(_ name: String) -> Bool { screens.contains(name) }

    private func stub(_ id: String, _ note: String) { stubStore.withLock { $0[id] = note } }

    /// The first view type a piece of code makes: through modifiers, navigation containers, the
    /// view's own computed properties and methods, and the first branch of an `if` or `switch`.
    func viewType(in node: Syntax, type: TypeInfo?, depth: Int = 0) -> String? {
        guard depth < 8 else { return nil }
        if let closure = node.as(ClosureExprSyntax.self) {
            return viewType(in: Syntax(closure.statements), type: type, depth: depth + 1)
        }
        if let list = node.as(CodeBlockItemListSyntax.self) {
            for item in list {
                if let found = viewType(in: Syntax(item.item), type: type, depth: depth + 1) { return found }
            }
            return nil
        }
        if let stmt = node.as(ExpressionStmtSyntax.self) {
            return viewType(in: Syntax(stmt.expression), type: type, depth: depth + 1)
        }
        if let ret = node.as(ReturnStmtSyntax.self), let e = ret.expression {
            return viewType(in: Syntax(e), type: type, depth: depth + 1)
        }
        if let i = node.as(IfExprSyntax.self) {
            return viewType(in: Syntax(i.body.statements), type: type, depth: depth + 1)
        }
        if let s = node.as(SwitchExprSyntax.self), let first = s.cases.first?.as(SwitchCaseSyntax.self) {
            return viewType(in: Syntax(first.statements), type: type, depth: depth + 1)
        }
        guard var expr = node.as(ExprSyntax.self) else { return nil }
        // Through the modifier chain to the view it modifies.
        while let call = expr.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = m.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase != true,
            base.as(DeclReferenceExprSyntax.self)?.baseName.text != "self"
        {
            expr = base
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let name = Evaluate.calledName(call)
            guard let first = name.first else { return nil }
            if first.isUppercase {
                if ["NavigationStack", "NavigationView", "Group", "VStack", "ZStack", "AnyView"].contains(name) {
                    let args = Arguments(call)
                    if let closure = args.trailing ?? args.closure("root") ?? args.closure("content") {
                        return viewType(in: Syntax(closure), type: type, depth: depth + 1)
                    }
                    if let first = args.firstUnlabelled { return viewType(in: Syntax(first), type: type, depth: depth + 1) }
                    return nil
                }
                if ViewTranslator.containers.contains(name) || ViewTranslator.silent.contains(name)
                    || ["Text", "Image", "Label", "Button", "EmptyView", "ProgressView"].contains(name)
                {
                    return nil
                }
                return name
            }
            if let method = type?.methods[name]?.decl.body {
                return viewType(in: Syntax(method.statements), type: type, depth: depth + 1)
            }
            return nil
        }
        if let r = expr.as(DeclReferenceExprSyntax.self), let computed = type?.computed[r.baseName.text] {
            return viewType(in: Syntax(computed.body), type: type, depth: depth + 1)
        }
        return nil
    }

    /// The screen a `destination:` argument or closure goes to (a stub when it is not audited).
    func destination(of node: Syntax, in scope: Scope, translator: ViewTranslator) -> String {
        if let name = viewType(in: node, type: scope.type) {
            if screens.contains(name) { return name }
            if project.type(name) != nil { return name }
            stub(name, "declared outside the audited files")
            return name
        }
        stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
        return Self.dynamicID
    }

    /// The screen a `NavigationLink(value:)` or `path.append(…)` goes to, through the
    /// `navigationDestination(for:)` registrations. SwiftUI picks the registration for the value's
    /// type, so the type is worked out first where the source says it: a literal (`"Support"` is a
    /// `String`), a case or initialiser written with its type (`Route.settings`, `Panel.city(id)`),
    /// a case of an enum of the audited files (`.profile(id)`), a property, parameter or `ForEach`
    /// element whose type is declared (`order.id` of an `Order` is an `Order.ID`, `selection.first`
    /// of a `Set<Order.ID>` too). Among the registrations for that type, an enum case goes to its
    /// `case` of the `switch`. A value of a type with no registration in the audited files goes
    /// nowhere known. When the type cannot be worked out: by enum case name, or the only
    /// registration there is.
    func destination(ofValue value: ExprSyntax, in scope: Scope) -> String {
        var caseName: String?
        var expr = value
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.is(MemberAccessExprSyntax.self) {
            expr = call.calledExpression
        }
        if let m = expr.as(MemberAccessExprSyntax.self) {
            let base = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
            if base == nil || base?.first?.isUppercase == true { caseName = m.declName.baseName.text }
        }
        var registrations = valueDestinations
        let type = valueType(value, in: scope, caseName: caseName)
        if let type {
            registrations = valueDestinations.filter { Self.sameType($0.type, type) }
            if registrations.isEmpty {
                stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
                return Self.dynamicID
            }
        }
        if let caseName {
            for registration in registrations {
                if let target = registration.cases[caseName] { return known(target) }
            }
        }
        let singles = registrations.compactMap(\.single)
        if registrations.count == 1, let only = singles.first { return known(only) }
        if type != nil, Set(singles).count == 1, singles.count == registrations.count, let only = singles.first {
            return known(only)
        }
        if type == nil, caseName == nil, Set(singles).count == 1, let only = singles.first { return known(only) }
        stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
        return Self.dynamicID
    }

    /// Whether two type names written in the source name the same type: equal, or equal once a
    /// qualifier is dropped from one (`FoodTruckKit.Order.ID` and `Order.ID`, `Route` and
    /// `AppView.Route`).
    static func sameType(_ a: String, _ b: String) -> Bool {
        let a = normalised(a)
        let b = normalised(b)
        if a == b { return true }
        return a.hasSuffix("." + b) || b.hasSuffix("." + a)
    }

    private static func normalised(_ type: String) -> String {
        var t = type.filter { !$0.isWhitespace }
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("Swift.") { t.removeFirst(6) }
        return t
    }

    /// The element type of a collection type as written (`[Order]`, `Array<Order>`, `Set<Order.ID>`,
    /// `IdentifiedArrayOf<Order>`), or nil.
    static func elementType(_ type: String) -> String? {
        let t = normalised(type)
        if t.hasPrefix("["), t.hasSuffix("]"), !t.contains(":") { return String(t.dropFirst().dropLast()) }
        for prefix in ["Array<", "Set<", "ArraySlice<", "IdentifiedArrayOf<", "OrderedSet<"] where t.hasPrefix(prefix) && t.hasSuffix(">") {
            return String(t.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    /// The type of a value pushed onto a navigation stack, where the source says it (see
    /// `destination(ofValue:in:)`), or nil.
    func valueType(_ value: ExprSyntax, in scope: Scope, caseName: String?, depth: Int = 0) -> String? {
        guard depth < 6 else { return nil }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let f = value.as(ForceUnwrapExprSyntax.self) { return valueType(f.expression, in: scope, caseName: caseName, depth: depth + 1) }
        if let o = value.as(OptionalChainingExprSyntax.self) {
            return valueType(o.expression, in: scope, caseName: caseName, depth: depth + 1)
        }
        if let t = value.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return valueType(only.expression, in: scope, caseName: caseName, depth: depth + 1)
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            if let r = call.calledExpression.as(DeclReferenceExprSyntax.self), r.baseName.text.first?.isUppercase == true {
                return r.baseName.text  // `Route(id:)`: an initialiser.
            }
            if call.calledExpression.is(MemberAccessExprSyntax.self) {
                return valueType(call.calledExpression, in: scope, caseName: caseName, depth: depth + 1)
            }
            return nil
        }
        if let m = value.as(MemberAccessExprSyntax.self) {
            let member = m.declName.baseName.text
            guard let base = m.base else {
                // `.profile(id)`: the enum of the audited files that declares the case, among the
                // registered types.
                let owners = Set(
                    valueDestinations.map(\.type).filter { type in
                        let last = type.split(separator: ".").last.map(String.init) ?? type
                        return project.enumCases[last]?.contains(member) == true
                    })
                return owners.count == 1 ? owners.first : nil
            }
            let baseText = base.trimmedDescription
            if baseText.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) {
                return baseText  // `Route.settings`, `Panel.city(id)`
            }
            guard let baseType = valueType(base, in: scope, caseName: nil, depth: depth + 1) else { return nil }
            switch member {
            case "id": return baseType + ".ID"
            case "first", "last", "randomElement": return Self.elementType(baseType)
            default: return nil
            }
        }
        if let s = value.as(SubscriptCallExprSyntax.self) {
            return valueType(s.calledExpression, in: scope, caseName: nil, depth: depth + 1).flatMap(Self.elementType)
        }
        if let r = value.as(DeclReferenceExprSyntax.self) {
            return declaredType(of: r.baseName.text, at: Syntax(r), in: scope, depth: depth)
        }
        return nil
    }

    /// The type a name is declared with where it is used: a closure parameter of a `ForEach` or
    /// `List` (the element of the collection it goes over), a parameter of the enclosing function,
    /// a `let`/`var` with a type written, or a stored property of the view.
    private func declaredType(of name: String, at node: Syntax, in scope: Scope, depth: Int) -> String? {
        var current: Syntax? = node.parent
        while let n = current {
            if let closure = n.as(ClosureExprSyntax.self), let signature = closure.signature {
                var declared = false
                var annotated: String?
                switch signature.parameterClause {
                case .simpleInput(let list)?:
                    declared = list.contains { $0.name.text == name }
                case .parameterClause(let clause)?:
                    if let p = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                        declared = true
                        annotated = p.type?.trimmedDescription
                    }
                case nil: break
                }
                if declared {
                    if let annotated { return annotated }
                    // `ForEach(orders) { order in … }`, `List(items) { item in … }`.
                    if let call = closure.parent?.as(FunctionCallExprSyntax.self)
                        ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                        ["ForEach", "List"].contains(Evaluate.calledName(call)),
                        let data = Arguments(call).firstUnlabelled
                    {
                        return valueType(data, in: scope, caseName: nil, depth: depth + 1).flatMap(Self.elementType)
                    }
                    return nil
                }
            }
            if let f = n.as(FunctionDeclSyntax.self) {
                if let p = f.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return p.type.trimmedDescription
                }
                break
            }
            if let list = n.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let v = item.item.as(VariableDeclSyntax.self) else { continue }
                    for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        if let t = b.typeAnnotation?.type.trimmedDescription { return t }
                    }
                }
            }
            if n.is(MemberBlockSyntax.self) { break }
            current = n.parent
        }
        if let stored = scope.type?.stored.first(where: { $0.name == name }), !stored.type.isEmpty { return stored.type }
        return nil
    }

    /// A registered destination: a view declared outside the audited files is a stub, like any
    /// other destination focusaudit cannot read (never an unknown screen).
    private func known(_ name: String) -> String {
        if !screens.contains(name), project.type(name) == nil { stub(name, "declared outside the audited files") }
        return name
    }

    /// State-driven presentations of a view type: `.sheet(isPresented: $showSearch) { SearchView() }`,
    /// `.fullScreenCover(item: $photo)`, `.navigationDestination(isPresented: $showDetail)`.
    func presentations(in type: TypeInfo) -> [String: (kind: String, destination: String, origin: SourceOrigin)] {
        var out: [String: (kind: String, destination: String, origin: SourceOrigin)] = [:]
        for ref in type.calls {
            let kind: String
            switch ref.name {
            case "sheet": kind = "sheet"
            case "popover": kind = "popover"
            case "fullScreenCover": kind = "full-screen-cover"
            case "navigationDestination": kind = "push"
            default: continue
            }
            let call = ref.node
            let args = Arguments(call)
            guard let state = args.labelled("isPresented") ?? args.labelled("item") else { continue }
            var variable = state.trimmedDescription
            if variable.hasPrefix("$") { variable.removeFirst() }
            if variable.hasPrefix("self.") { variable.removeFirst(5) }
            guard let closure = args.closure("content") ?? args.closure("destination") ?? args.trailing else { continue }
            let destination: String
            if let t = viewType(in: Syntax(closure), type: type) {
                if project.type(t) == nil { stub(t, "declared outside the audited files") }
                destination = t
            } else {
                stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
                destination = Self.dynamicID
            }
            let anchor: Syntax = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
            let origin = project.origin(of: anchor, file: ref.file)
            out[variable] = (kind, destination, origin)
        }
        return out
    }

}
