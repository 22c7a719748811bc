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
    /// `navigationDestination(for:)` registrations: by enum case (`.profile(id)`, `Route.settings`),
    /// or the only registration there is.
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
        if let caseName {
            for registration in valueDestinations {
                if let target = registration.cases[caseName] { return known(target) }
            }
        }
        let singles = valueDestinations.compactMap(\.single)
        if valueDestinations.count == 1, let only = singles.first { return known(only) }
        if caseName == nil, Set(singles).count == 1, let only = singles.first { return known(only) }
        stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
        return Self.dynamicID
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
