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
    /// For each view type, the modifiers it applies and the functions it calls (see `TypeFacts.applied`).
    private var appliedOwners: [String: Set<String>] = [:]
    /// `View` extension methods whose bodies present something (a `navigationDestination`, a sheet).
    private var presentingExtensions: Set<String> = []
    /// View modifiers nothing applies, read as root screens of their own.
    private(set) var unappliedModifiers: Set<String> = []
    /// Destinations that are not audited screens: a view declared outside the audited files, or one
    /// that cannot be worked out statically. Each becomes an empty screen whose findings are dropped.
    /// Kept under a lock: screens are translated on several threads, and each adds the same note for
    /// the same id.
    var stubs: [String: String] { stubStore.withLock { $0 } }
    private let stubStore = Mutex<[String: String]>([:])
    /// `navigationDestination(for: T.self)` registrations: by enum case name when the closure
    /// switches over the value, else one view; `owner` is the type whose code registers it.
    private var valueDestinations: [ValueDestination] = []

    /// One `navigationDestination(for:)` registration.
    struct ValueDestination: Sendable {
        var type: String
        var cases: [String: String]
        var single: String?
        /// The view type (or view modifier) whose code holds the registration.
        var owner: String
    }

    /// A presentation driven by state: what it shows, how, and, for `NavigationLink(tag:selection:)`
    /// links sharing one selection, the destination of each tag (by the tag's source text).
    struct Presentation {
        var kind: String
        var destination: String
        var origin: SourceOrigin
        var tags: [String: String] = [:]
        /// Made by a `NavigationLink(isActive:)` or `(tag:selection:)` written in the view's code: the
        /// link itself is a control that sets the state.
        var byLink = false
        /// Driven by a `List(selection:)`'s selection: a split view's detail column.
        var bySplitView = false
        /// For a binding a model makes for one destination (`store.bindingFor(.about)`): the model's
        /// name and the enum cases the binding's call names (see `bindingRoute`).
        var routeModel: String?
        var routeCases: Set<String> = []
    }

    static let dynamicID = "(dynamic)"

    /// What one view type's code says about the catalog.
    private struct TypeFacts: Sendable {
        /// Views of the audited files it uses.
        var referenced: [String] = []
        /// Whether it holds a navigation container (a root).
        var holdsNavigation = false
        /// The view types of the audited files that a `TabView` of its code shows as a tab's whole
        /// content: each tab is a screen of its own, reached by selecting the tab.
        var tabContents: [String] = []
        /// The view types it navigates to or presents.
        var screens: [String] = []
        var valueDestinations: [ValueDestination] = []
        /// The project's modifiers it applies (`.modifier(M())`) and the functions it calls
        /// (`"()name"`): their registrations are in the same stack as its own.
        var applied: Set<String> = []
    }

    /// Reads each view type's code on up to `jobs` threads (each type with the trees it needs), then
    /// puts what they found together in the order of the types, so the catalog is the same
    /// whatever the number of threads.
    init(project: SwiftProject, transition: Double, jobs: Int = 1) {
        self.project = project
        self.transition = transition
        // The project's own view modifiers register destinations too (`content.navigationDestination(…)`
        // in a modifier's body), for the screens that apply them.
        let types = project.viewTypes + project.modifierTypes
        let facts = WorkQueue.map(count: types.count, jobs: jobs, stackBytes: WorkQueue.largeStackBytes) { n in
            project.withTrees { self.facts(of: types[n]) }
        }
        var referenced: Set<String> = []
        for (type, found) in zip(types, facts) {
            referenced.formUnion(found.referenced)
            if found.holdsNavigation, type.kind == .view { roots.insert(type.name) }
            if type.kind == .view { roots.formUnion(found.tabContents) }
            screens.formUnion(found.screens)
            valueDestinations += found.valueDestinations
            if !found.applied.isEmpty { appliedOwners[type.name] = found.applied }
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
        // `View` extensions whose bodies present (`navigationDestination(item: item) { … }`), and the
        // destinations and value registrations they hold.
        // Each function and each type is read with its own lease of trees, so that a large project
        // keeps no more trees alive than `TreeStore` keeps (a lease keeps every tree it asks for).
        var found = TypeFacts()
        for (name, refs) in project.functions.refs.sorted(by: { $0.key < $1.key }) {
            project.withTrees {
                for ref in refs where ViewTranslator.extendsView(ref.node) {
                    let calls = ref.node.body?.descendants(FunctionCallExprSyntax.self) ?? []
                    for call in calls where Self.presenting.contains(Evaluate.calledName(call)) {
                        presentingExtensions.insert(name)
                        collectDestinations(call, name: Evaluate.calledName(call), in: nil, owner: "()" + name, into: &found)
                    }
                }
            }
        }
        screens.formUnion(found.screens)
        valueDestinations += found.valueDestinations
        // A generic extension that registers `navigationDestination(for: D.self)` and shows the view a
        // closure parameter makes (`routerDestination(router:destination:)`): each caller's argument
        // for that parameter is its registration, as if written in the caller's code.
        let generic = project.withTrees { genericDestinationParameters() }
        if !generic.isEmpty {
            for type in project.viewTypes {
                project.withTrees {
                    for call in type.calls {
                        guard let label = generic[call.name],
                            let registration = callerRegistration(call.node, parameter: label, in: type)
                        else { continue }
                        valueDestinations.append(registration)
                        screens.formUnion(registration.cases.values.filter { project.type($0)?.kind == .view })
                        if let single = registration.single, project.type(single)?.kind == .view { screens.insert(single) }
                    }
                }
            }
        }
        // What the project's modifiers and extensions present is a screen too, the view a caller passes
        // included (`.navigate(to: DetailScreen(), when: $showsDetail)`).
        for type in project.viewTypes {
            project.withTrees {
                for p in presentations(in: type).values where project.type(p.destination)?.kind == .view {
                    screens.insert(p.destination)
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
            if name == "TabView" { facts.tabContents += tabContents(of: call.node) }
            // `.modifier(Card())` holds the call `Card()`: known by its name, without reading the tree.
            if project.type(name)?.kind == .modifier {
                facts.applied.insert(name)
            } else if project.functions.refs[name] != nil {
                facts.applied.insert("()" + name)
            }
            switch name {
            case "NavigationLink", "sheet", "fullScreenCover", "popover", "navigationDestination", "NavigationSplitView":
                collectDestinations(call.node, name: name, in: type, owner: type.name, into: &facts)
            default:
                if let link = outsideLink(call.node, name: name), let t = viewType(in: link.destination, type: type) {
                    addScreen(t, to: &facts)
                } else if let destination = outsideViewDestination(call.node), let t = viewType(in: destination, type: type) {
                    addScreen(t, to: &facts)
                }
            }
        }
        return facts
    }

    /// `View` extension methods whose body registers `navigationDestination(for: D.self)` for one of
    /// their generic parameters and shows, in the destination closure, what one of their closure
    /// parameters makes (`destination(item)`): by the method's name, that parameter's argument label.
    private func genericDestinationParameters() -> [String: String] {
        var found: [String: String] = [:]
        for (name, refs) in project.functions.refs.sorted(by: { $0.key < $1.key }) {
            for ref in refs where ViewTranslator.extendsView(ref.node) {
                let decl = ref.node
                let generics = Set(decl.genericParameterClause?.parameters.map { $0.name.nameText } ?? [])
                guard !generics.isEmpty, let body = decl.body else { continue }
                for call in body.descendants(FunctionCallExprSyntax.self) where Evaluate.calledName(call) == "navigationDestination" {
                    let args = Arguments(call)
                    guard var forType = args.labelled("for")?.trimmedNameText, forType.hasSuffix(".self") else { continue }
                    forType.removeLast(5)
                    guard generics.contains(forType), let closure = args.closure("destination") ?? args.trailing else { continue }
                    let called = Set(closure.descendants(FunctionCallExprSyntax.self).map { Evaluate.calledName($0) })
                    for parameter in decl.signature.parameterClause.parameters {
                        let inner = (parameter.secondName ?? parameter.firstName).nameText
                        guard called.contains(inner), parameter.type.trimmedNameText.contains("->") else { continue }
                        found[name] = parameter.firstName.nameText
                    }
                }
            }
        }
        return found
    }

    /// What a caller gives a generic destination extension's closure parameter, as a registration of
    /// its own: a method of the caller (`destination: navigationDestination`, with `func
    /// navigationDestination(_ destination: Destination) -> some View { switch destination { … } }`)
    /// or a closure whose parameter's type is written. The type is the parameter's; each `case` of
    /// its `switch` goes to the view that case makes.
    private func callerRegistration(_ call: FunctionCallExprSyntax, parameter label: String, in type: TypeInfo) -> ValueDestination? {
        let args = Arguments(call)
        guard let argument = label == "_" ? args.firstUnlabelled : (args.labelled(label) ?? args.trailing.map { ExprSyntax($0) }) else {
            return nil
        }
        var valueType: String?
        var code: Syntax?
        if let closure = argument.as(ClosureExprSyntax.self) {
            if let parameters = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self),
                let written = parameters.parameters.first?.type
            {
                valueType = written.trimmedNameText
            }
            code = Syntax(closure.statements)
        } else {
            var name = argument.trimmedNameText
            if name.hasPrefix("self.") { name.removeFirst(5) }
            if let method = type.methods[name] {
                valueType = method.decl.signature.parameterClause.parameters.first?.type.trimmedNameText
                code = method.decl.body.map { Syntax($0.statements) }
            }
        }
        guard let valueType, let code else { return nil }
        let cases = switchCases(in: code, type: type)
        let single = cases.isEmpty ? viewType(in: code, type: type) : nil
        guard !cases.isEmpty || single != nil else { return nil }
        return ValueDestination(type: valueType, cases: cases, single: single, owner: type.name)
    }

    /// The view each `case` of the `switch` statements in some code makes, by case name.
    private func switchCases(in code: Syntax, type: TypeInfo?) -> [String: String] {
        Dictionary(switchCaseViews(in: code, type: type), uniquingKeysWith: { _, last in last })
    }

    /// The case name and view of each `case` of the `switch` statements in some code that makes a
    /// view, in the order they are written.
    private func switchCaseViews(in code: Syntax, type: TypeInfo?) -> [(name: String, view: String)] {
        var cases: [(name: String, view: String)] = []
        for s in code.descendants(SwitchCaseSyntax.self) {
            guard let label = s.label.as(SwitchCaseLabelSyntax.self) else { continue }
            let viewName = viewType(in: Syntax(s.statements), type: type)
            for item in label.caseItems {
                if let name = item.pattern.descendants(DeclReferenceExprSyntax.self).first?.baseName.nameText
                    ?? item.pattern.descendants(IdentifierPatternSyntax.self).first?.identifier.nameText,
                    let viewName
                {
                    cases.append((name, viewName))
                }
            }
        }
        return cases
    }

    /// The view types of the audited files that are a tab's whole content in a `TabView`: the view a
    /// statement of its content makes under its modifiers (`NotificationView().tabItem { … }.tag(0)`),
    /// or the only view of an iOS 18 `Tab(…) { HomeView() }`. A tab shows its content as a screen of
    /// its own, whether or not that view holds a `NavigationStack`; a view that is only part of a
    /// tab's content (`VStack { Header(); Feed() }.tabItem { … }`) is not one.
    private func tabContents(of call: FunctionCallExprSyntax) -> [String] {
        let args = Arguments(call)
        guard let closure = args.closure("content") ?? args.trailing else { return [] }
        var found: [String] = []
        func read(_ items: CodeBlockItemListSyntax) {
            for item in items {
                guard var expr = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression else { continue }
                // Down the modifier chain to the view it modifies.
                while let c = expr.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                    let base = m.base
                {
                    expr = base
                }
                guard let made = expr.as(FunctionCallExprSyntax.self) else { continue }
                let name = Evaluate.calledName(made)
                if name == "Tab" {
                    if let content = Arguments(made).closure("content") ?? made.trailingClosure, content.statements.count == 1 {
                        read(content.statements)
                    }
                } else if let t = project.type(name), t.kind == .view {
                    found.append(t.name)
                }
            }
        }
        read(closure.statements)
        return found
    }

    /// The destinations a call names (only the calls that can name one are read from their tree);
    /// `owner` is the type (or `"()name"` of a `View` extension) whose code holds it.
    private func collectDestinations(
        _ call: FunctionCallExprSyntax, name: String, in type: TypeInfo?, owner: String, into facts: inout TypeFacts
    ) {
        let args = Arguments(call)
        switch name {
        case "NavigationLink":
            let destination = Self.linkDestination(args)
            if let destination, let t = viewType(in: destination, type: type) { addScreen(t, to: &facts) }
        case "NavigationSplitView":
            // The detail column shows what the sidebar's selection picks: on iPhone the split view
            // collapses into a stack and the detail is pushed.
            if let type, let detail = splitSelection(call, type: type)?.detail { addScreen(detail, to: &facts) }
        case "sheet", "fullScreenCover", "popover", "navigationDestination":
            guard let closure = args.closure("content") ?? args.closure("destination") ?? args.trailing else { return }
            if let forType = args.labelled("for") {
                let caseViews = switchCaseViews(in: Syntax(closure), type: type)
                for (_, viewName) in caseViews { addScreen(viewName, to: &facts) }
                let cases = Dictionary(caseViews, uniquingKeysWith: { _, last in last })
                let single = cases.isEmpty ? viewType(in: Syntax(closure), type: type) : nil
                if let single { addScreen(single, to: &facts) }
                var typeName = forType.trimmedNameText
                if typeName.hasSuffix(".self") { typeName.removeLast(5) }
                facts.valueDestinations.append(ValueDestination(type: typeName, cases: cases, single: single, owner: owner))
            } else if let t = viewType(in: Syntax(closure), type: type) {
                addScreen(t, to: &facts)
            }
        default: break
        }
    }

    /// Whether code is drawn only while the horizontal size class is regular: it sits in the branch of
    /// an `if` (or the case of a `switch`) that tests a property of `type` declared
    /// `@Environment(\.horizontalSizeClass)` (`if sizeClass == .regular { … }`, the `else` of `if
    /// sizeClass == .compact`, `!= .compact`, `case .regular:`). A split view drawn there does not
    /// collapse: it "collapses into a single stack in some contexts, like on iPhone"
    /// ([NavigationSplitViewColumn](https://developer.apple.com/documentation/swiftui/navigationsplitviewcolumn)),
    /// "into a single column in narrow sizes"
    /// ([init(preferredCompactColumn:sidebar:detail:)](https://developer.apple.com/documentation/swiftui/navigationsplitview/init(preferredcompactcolumn:sidebar:detail:))),
    /// and in a compact width that code is replaced by the other branch. So its sidebar stays on
    /// screen beside the column a selection fills: selecting a row covers nothing to come back to.
    static func shownOnlyInRegularWidth(_ node: Syntax, type: TypeInfo) -> Bool {
        let sizeClasses = Set(
            type.stored.filter { stored in
                stored.declaration.attributes.contains { attribute in
                    guard let a = attribute.as(AttributeSyntax.self), a.attributeName.trimmedNameText == "Environment" else { return false }
                    return a.arguments?.trimmedNameText.hasSuffix(".horizontalSizeClass") == true
                }
            }.map(\.name))
        guard !sizeClasses.isEmpty else { return false }
        /// `.regular` or `.compact` when `condition` compares one of those properties with a size
        /// class (`==` gives it, `!=` the other one).
        func regularWhenTrue(_ expression: ExprSyntax) -> Bool? {
            guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
            let parts = Array(sequence.elements)
            guard parts.count == 3, let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "==" || op == "!=" else {
                return nil
            }
            func named(_ e: ExprSyntax) -> Bool {
                var text = e.trimmedNameText
                if text.hasPrefix("self.") { text.removeFirst(5) }
                return sizeClasses.contains(text)
            }
            let other: ExprSyntax
            if named(parts[0]) { other = parts[2] } else if named(parts[2]) { other = parts[0] } else { return nil }
            var value = other.trimmedNameText
            if value.hasPrefix("UserInterfaceSizeClass.") { value.removeFirst("UserInterfaceSizeClass".count) }
            guard value == ".regular" || value == ".compact" else { return nil }
            return (value == ".regular") == (op == "==")
        }
        var child = node
        var current = node.parent
        while let parent = current {
            if let branch = parent.as(IfExprSyntax.self), branch.conditions.count == 1,
                let condition = branch.conditions.first?.condition.as(ExprSyntax.self), let regular = regularWhenTrue(condition)
            {
                if child.id == branch.body.id, regular { return true }
                if let otherwise = branch.elseBody, child.id == otherwise.id, !regular { return true }
            }
            if let item = parent.as(SwitchCaseSyntax.self), case .case(let label) = item.label,
                let choice = item.parent?.parent?.as(SwitchExprSyntax.self)
            {
                var subject = choice.subject.trimmedNameText
                if subject.hasPrefix("self.") { subject.removeFirst(5) }
                let values = label.caseItems.map { $0.pattern.trimmedNameText }
                if sizeClasses.contains(subject), values == [".regular"] { return true }
            }
            child = parent
            current = parent.parent
        }
        return false
    }

    /// A `NavigationSplitView` whose sidebar holds a `List(selection: $x)`: the selection's state and
    /// the view type its `detail:` column shows. The list may be written in place or in a view of the
    /// audited files that the sidebar shows (`Sidebar(selection: $selected)`), whose `@Binding`
    /// property stands for the state the split view's code passes.
    func splitSelection(_ call: FunctionCallExprSyntax, type: TypeInfo) -> (state: String, detail: String?)? {
        let args = Arguments(call)
        guard let detail = args.closure("detail"), let sidebar = args.closure("sidebar") ?? args.trailing else { return nil }
        // Nil when the detail column shows only built-in views (`Text(selected.detail)`).
        let shown = viewType(in: Syntax(detail), type: type)
        guard let state = listSelection(in: Syntax(sidebar), state: { $0 }, seen: [type.name]) else { return nil }
        return (state, shown)
    }

    /// The state the first `List(selection:)` of some code selects, in the terms of the code that
    /// holds the split view: `state` takes a state named where the list is to that code. Views of the
    /// audited files are followed into their code (three views deep), their properties taken to what
    /// the call gives for them.
    private func listSelection(in node: Syntax, state: (String) -> String?, seen: [String]) -> String? {
        for call in node.descendants(FunctionCallExprSyntax.self) {
            let name = Evaluate.calledName(call)
            if name == "List" {
                if let selection = Arguments(call).labelled("selection"), let selected = Self.stateName(selection),
                    let outer = state(selected)
                {
                    return outer
                }
                continue
            }
            guard seen.count < 4, !seen.contains(name), let child = project.type(name), child.kind == .view else { continue }
            let inner: (String) -> String? = { selected in
                let parts = selected.split(separator: ".", maxSplits: 1).map(String.init)
                guard let given = Self.argument(forProperty: parts[0], of: child, call: call),
                    let passed = Self.stateName(given) ?? Self.plainName(given)
                else { return nil }
                return state(parts.count > 1 ? passed + "." + parts[1] : passed)
            }
            for body in child.bodies {
                if let found = listSelection(in: body, state: inner, seen: seen + [name]) { return found }
            }
        }
        return nil
    }

    /// What a call of a view or view modifier of the audited files gives for one of its stored
    /// properties: through the hand-written `init` the call matches, where its body stores a
    /// parameter in the property (`self._track = track`, `_track = track`, `self.destination =
    /// destination()`), else as Swift's memberwise initialiser takes it, by the property's name.
    static func argument(forProperty property: String, of type: TypeInfo, call: FunctionCallExprSyntax) -> ExprSyntax? {
        let args = Arguments(call)
        guard let (decl, _) = type.initialisers.first(where: { ViewTranslator.matches(call, $0.decl) }), let body = decl.body
        else {
            return args.labelled(property) ?? args.closure(property).map(ExprSyntax.init)
        }
        // The parameter the `init` stores in the property (the first store found, in branches too).
        var stored: String?
        for seq in body.statements.descendants(SequenceExprSyntax.self) {
            guard let (target, value) = RestoreScanner.assignment(seq),
                (target.hasPrefix("_") ? String(target.dropFirst()) : target) == property
            else { continue }
            var given = value
            if let wrapper = value.as(FunctionCallExprSyntax.self) {
                let wrapped = Arguments(wrapper)
                if let initial = wrapped.labelled("initialValue") ?? wrapped.labelled("wrappedValue") ?? wrapped.labelled("projectedValue") {
                    given = initial
                } else if wrapper.arguments.isEmpty, wrapper.trailingClosure == nil {
                    given = wrapper.calledExpression  // `destination()`: the closure parameter, called.
                }
            }
            stored = given.as(DeclReferenceExprSyntax.self)?.baseName.nameText
            break
        }
        guard let stored else { return nil }
        // The argument the call gives for that parameter, as the view's own code is bound to them.
        return ViewTranslator.arguments(for: decl.signature.parameterClause.parameters, in: call)
            .first { $0.name == stored }?.value
    }

    /// The state a binding argument names: `$showDetail` is `showDetail`, `$viewModel.selected` is
    /// `viewModel.selected`; nil for a binding made in place (`Binding(get:set:)`, a helper's result).
    static func stateName(_ binding: ExprSyntax) -> String? {
        guard let text = BindingText.projected(binding.trimmedNameText) else { return nil }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return text
    }

    private func addScreen(_ name: String, to facts: inout TypeFacts) {
        if let t = project.type(name), t.kind == .view { facts.screens.append(name) }
    }

    func isScreen(_ name: String) -> Bool { screens.contains(name) }

    private func stub(_ id: String, _ note: String) { stubStore.withLock { $0[id] = note } }

    /// `(dynamic)`, for a link whose destination the source names in a way no static reading follows.
    func dynamicDestination() -> String {
        stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
        return Self.dynamicID
    }

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
        // Through the modifier chain (and `#if` clauses in it) to the view it modifies.
        while true {
            if let postfix = expr.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                expr = base
                continue
            }
            guard let call = expr.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
                let base = m.base, base.as(DeclReferenceExprSyntax.self)?.baseName.nameText.first?.isUppercase != true,
                base.as(DeclReferenceExprSyntax.self)?.baseName.nameText != "self"
            else { break }
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
        if let r = expr.as(DeclReferenceExprSyntax.self), let computed = type?.computed[r.baseName.nameText] {
            return viewType(in: Syntax(computed.body), type: type, depth: depth + 1)
        }
        return nil
    }

    /// The screen a `destination:` argument or closure goes to (a stub when it is not audited).
    func destination(of node: Syntax, in scope: Scope, translator: ViewTranslator) -> String {
        // A view the caller passed (`view` in an extension's `DeferView { view }`), when it is a screen.
        for r in node.descendants(DeclReferenceExprSyntax.self) {
            if case .expression(let given, let from)? = scope.lookup(r.baseName.nameText),
                let name = viewType(in: Syntax(given), type: from.type), screens.contains(name)
            {
                return name
            }
        }
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
            let base = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.nameText
            if base == nil || base?.first?.isUppercase == true { caseName = m.declName.baseName.nameText }
        }
        var registrations = enclosingStack(valueDestinations, from: scope)
        let type = valueType(value, in: scope, caseName: caseName)
        if let type {
            registrations = enclosingStack(valueDestinations.filter { Self.sameType($0.type, type) }, from: scope)
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

    /// The views a value link can show when its value's type is known but not its case: a row of a
    /// `ForEach(Route.allCases)` pushing its own `route`, which one representative row stands for.
    /// Each case of the registrations for that type in the enclosing stack is then shown by some
    /// row. Empty when the case is known, or the type is not.
    func caseViews(ofValue value: ExprSyntax, in scope: Scope) -> [String] {
        var expr = value
        if let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.is(MemberAccessExprSyntax.self) {
            expr = call.calledExpression
        }
        if expr.is(MemberAccessExprSyntax.self) { return [] }
        guard let type = valueType(value, in: scope, caseName: nil) else { return [] }
        let registrations = enclosingStack(valueDestinations.filter { Self.sameType($0.type, type) }, from: scope)
        let views = Set(registrations.flatMap { $0.cases.values }).filter { project.type($0)?.kind == .view }
        return views.sorted()
    }

    /// The registrations a value link can reach. SwiftUI looks for them in the view hierarchy of the
    /// `NavigationStack` that encloses the link; where that is known statically, only that stack's
    /// registrations count: those written in the screen's own code (or in the views and modifiers
    /// inlined into it), else, for a screen that one view's registrations push, that view's (its
    /// stack's). When neither registers anything among `candidates`, every registration of the
    /// audited files counts, as before.
    private func enclosingStack(_ candidates: [ValueDestination], from scope: Scope) -> [ValueDestination] {
        guard let screen = scope.inlining.first else { return candidates }
        let types = scope.inlining.filter { !$0.hasPrefix("(") && !$0.hasPrefix(".") }
        // The screen's code, the views inlined into it, and the modifiers and extensions they apply.
        let local = Set(types).union(types.flatMap { appliedOwners[$0] ?? [] })
        let own = candidates.filter { local.contains($0.owner) }
        if !own.isEmpty { return own }
        let pushers = Set(valueDestinations.filter { $0.single == screen || $0.cases.values.contains(screen) }.map(\.owner))
        if pushers.count == 1 {
            let theirs = candidates.filter { pushers.contains($0.owner) }
            if !theirs.isEmpty { return theirs }
        }
        return candidates
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
            if let r = call.calledExpression.as(DeclReferenceExprSyntax.self), r.baseName.nameText.first?.isUppercase == true {
                return r.baseName.nameText  // `Route(id:)`: an initialiser.
            }
            if call.calledExpression.is(MemberAccessExprSyntax.self) {
                return valueType(call.calledExpression, in: scope, caseName: caseName, depth: depth + 1)
            }
            return nil
        }
        if let m = value.as(MemberAccessExprSyntax.self) {
            let member = m.declName.baseName.nameText
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
            let baseText = base.trimmedNameText
            if baseText.split(separator: ".").allSatisfy({ $0.first?.isUppercase == true }) {
                // `Route.allCases` of a `CaseIterable` type: a collection of its values.
                if member == "allCases", caseName == nil { return "[" + baseText + "]" }
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
            return declaredType(of: r.baseName.nameText, at: Syntax(r), in: scope, depth: depth)
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
                    declared = list.contains { $0.name.nameText == name }
                case .parameterClause(let clause)?:
                    if let p = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).nameText == name }) {
                        declared = true
                        annotated = p.type?.trimmedNameText
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
                if let p = f.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).nameText == name }) {
                    return p.type.trimmedNameText
                }
                break
            }
            if let list = n.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    guard let v = item.item.as(VariableDeclSyntax.self) else { continue }
                    for b in v.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText == name {
                        if let t = b.typeAnnotation?.type.trimmedNameText { return t }
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
    /// `.fullScreenCover(item: $photo)`, `.navigationDestination(isPresented: $showDetail)`, a
    /// `NavigationLink(destination:isActive:)` or `(destination:tag:selection:)` (deprecated, and still
    /// common: the link pushes when the state is set), a split view's detail column driven by its
    /// sidebar's `List(selection:)`, and those registered in the body of a view modifier of the
    /// project (`.modifier(PushesTune(tuneID: $pushed))`, whose `navigationDestination(item: $tuneID)`
    /// is driven by the screen's `pushed`) or of a `View` extension it calls.
    func presentations(in type: TypeInfo) -> [String: Presentation] {
        var out: [String: Presentation] = [:]
        var clauses = BuildConditions.ClauseCheck()
        for ref in type.calls {
            // Not a modifier in a clause of an `#if` that an iOS build does not compile (asked only
            // of the calls that can present: the others are not read from their tree).
            let compiled = { !clauses.leftOutOfIOS(Syntax(ref.node)) }
            // Only the calls that can present are read from their tree.
            if Self.presenting.contains(ref.name), compiled() {
                collectPresentation(ref.node, file: ref.file, type: type, state: { $0 }, passed: { _ in nil }, into: &out)
            } else if let link = outsideLink(ref.node, name: ref.name), compiled() {
                let anchor = ref.node.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(ref.node)
                var p = Presentation(
                    kind: "push", destination: destinationName(viewType(in: link.destination, type: type)),
                    origin: project.origin(of: anchor, file: ref.file))
                if let route = Self.bindingRoute(link.binding) {
                    p.routeModel = route.model
                    p.routeCases = route.cases
                }
                out[Self.stateName(link.binding) ?? Self.boundName(link.binding)] = p
            }
            // The project's own modifiers and `View` extensions: their presentations, with their
            // binding properties or parameters taken back to what the screen passes.
            // `.modifier(PushesTrack(track: $opened))`: the call `PushesTrack(…)` of a modifier that presents.
            if let modifier = project.type(ref.name), modifier.kind == .modifier,
                modifier.calls.contains(where: { Self.presenting.contains($0.name) }), compiled()
            {
                // What the call gives for a property: by its name (the memberwise initialiser), or
                // through the hand-written `init` that stores it (`self._track = track`).
                let call = ref.node
                for inner in modifier.calls where Self.presenting.contains(inner.name) {
                    collectPresentation(
                        inner.node, file: inner.file, type: modifier,
                        state: { name in
                            let first = name.split(separator: ".").first.map(String.init) ?? name
                            if let given = Self.argument(forProperty: first, of: modifier, call: call),
                                let outer = Self.stateName(given)
                            {
                                return outer
                            }
                            return modifier.name + "." + name
                        },
                        // `PushModifier(destination: DetailView())` shown by `navigationDestination { destination }`.
                        passed: { name in
                            Self.argument(forProperty: name, of: modifier, call: call).flatMap {
                                self.viewType(in: Syntax($0), type: type)
                            }
                        },
                        into: &out)
                }
            } else if presentingExtensions.contains(ref.name), compiled(),
                let decl = project.functions[ref.name]?.first(where: ViewTranslator.extendsView), let body = decl.body
            {
                let file = project.file(of: decl) ?? ref.file
                // The argument the call gives for a parameter of the extension, by the parameter's
                // name inside the extension.
                let arguments = ViewTranslator.arguments(for: decl.signature.parameterClause.parameters, in: ref.node)
                func given(_ name: String) -> ExprSyntax? { arguments.first { $0.name == name }?.value }
                for inner in body.descendants(FunctionCallExprSyntax.self) {
                    collectPresentation(
                        inner, file: file, type: nil,
                        state: { name in
                            let first = name.split(separator: ".").first.map(String.init) ?? name
                            if let given = given(first), let outer = Self.stateName(given) ?? Self.plainName(given) { return outer }
                            return "()" + ref.name + "." + name
                        },
                        // `.navigate(to: DetailView(), when: $showsDetail)` shown by a link to `view`.
                        passed: { name in given(name).flatMap { self.viewType(in: Syntax($0), type: type) } },
                        into: &out)
                }
            }
        }
        return out
    }

    /// The calls that can be a state-driven presentation.
    static let presenting: Set<String> = [
        "NavigationLink", "NavigationSplitView", "sheet", "popover", "fullScreenCover", "navigationDestination",
    ]

    /// A binding handed on by its name (`item` given to `navigationDestination(item: item)` inside a
    /// `View` extension): the name, when it is one.
    static func plainName(_ expr: ExprSyntax) -> String? {
        expr.as(DeclReferenceExprSyntax.self)?.baseName.nameText
    }

    /// One presentation call. `state` names the state a binding stands for where the presentation is
    /// applied; `passed` gives the view type of what the caller passes for a property or parameter
    /// that the destination shows (a modifier's `destination`, an extension's `view`).
    private func collectPresentation(
        _ call: FunctionCallExprSyntax, file: Int, type: TypeInfo?, state: (String) -> String, passed: (String) -> String?,
        into out: inout [String: Presentation]
    ) {
        // The destination: a view the caller passed, when the code shows one (`{ destination }`,
        // `DeferView { view }`), else the first view type the code makes.
        func shown(_ node: Syntax) -> String? {
            for r in node.descendants(DeclReferenceExprSyntax.self) {
                if let t = passed(r.baseName.nameText) { return t }
            }
            return viewType(in: node, type: type)
        }
        let name = Evaluate.calledName(call)
        let args = Arguments(call)
        let anchor: Syntax = call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(call)
        switch name {
        case "NavigationLink":
            guard let binding = args.labelled("isActive") ?? args.labelled("selection"),
                let variable = Self.stateName(binding) ?? (type == nil || type?.kind == .modifier ? Self.plainName(binding) : nil),
                let destination = Self.linkDestination(args)
            else { return }
            let key = state(variable)
            let shown = destinationName(shown(destination))
            var p = out[key] ?? Presentation(kind: "push", destination: shown, origin: project.origin(of: call, file: file))
            p.byLink = true
            if let tag = args.labelled("tag") { p.tags[tag.trimmedNameText] = shown }
            out[key] = p
        case "NavigationSplitView":
            guard let type, !Self.shownOnlyInRegularWidth(Syntax(call), type: type),
                let (variable, detail) = splitSelection(call, type: type)
            else { return }
            var p = Presentation(kind: "push", destination: destinationName(detail), origin: project.origin(of: anchor, file: file))
            p.bySplitView = true
            out[state(variable)] = p
        case "sheet", "popover", "fullScreenCover", "navigationDestination":
            let kind: String
            switch name {
            case "sheet": kind = "sheet"
            case "popover": kind = "popover"
            case "fullScreenCover": kind = "full-screen-cover"
            default: kind = "push"
            }
            guard let binding = args.labelled("isPresented") ?? args.labelled("item") else { return }
            let variable = Self.inPlaceBindingState(binding) ?? Self.boundName(binding)
            guard let closure = args.closure("content") ?? args.closure("destination") ?? args.trailing else { return }
            var p = Presentation(
                kind: kind, destination: destinationName(shown(Syntax(closure))),
                origin: project.origin(of: anchor, file: file))
            if let route = Self.bindingRoute(binding) {
                p.routeModel = route.model
                p.routeCases = route.cases
            }
            out[state(variable)] = p
        default: return
        }
    }

    /// The name a presentation's binding is known by: `$showsDetail` is `showsDetail`, and a binding
    /// made by a call is its text (`store.bindingFor(.about)`).
    static func boundName(_ binding: ExprSyntax) -> String {
        BindingText.state(binding.trimmedNameText)
    }

    /// The property a binding made in place reads, when its getter is that property alone or asks
    /// whether it holds a value: `Binding(get: { router.presentedSheet }, set: { _ in router.dismiss() })`
    /// (also `Binding<Route?>(…)` and `.init(get:set:)`) is `router.presentedSheet`, and so is
    /// `Binding(get: { router.presentedSheet != nil }, set: …)`. A sheet given such a binding is shown
    /// while the getter gives a value (`item:`) or `true` (`isPresented:`), so setting the property
    /// presents it, as setting a `@State` does through `$state`:
    /// https://developer.apple.com/documentation/swiftui/binding/init(get:set:). Nil for any other
    /// binding, and for a getter that computes something else (`{ selected == friend.id }`).
    static func inPlaceBindingState(_ binding: ExprSyntax) -> String? {
        guard let call = binding.as(FunctionCallExprSyntax.self) else { return nil }
        let called = Evaluate.calledName(call)
        let isBinding =
            called == "Binding"
            || (called == "init" && call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil } == true)
        guard isBinding, let getter = Arguments(call).closure("get"), getter.statements.count == 1,
            let item = getter.statements.first?.item
        else { return nil }
        guard var expression = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression else { return nil }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            guard parts.count == 3, parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "!=",
                parts[2].is(NilLiteralExprSyntax.self)
            else { return nil }
            expression = parts[0]
        }
        var text = expression.trimmedNameText
        if text.hasPrefix("self.") { text.removeFirst(5) }
        guard !text.isEmpty, !text.hasPrefix("."), !text.hasSuffix("."),
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return nil }
        return text
    }

    /// A navigation modifier from another module that wraps a hidden `NavigationLink(isActive:
    /// destination:)`, as apps and packages commonly write one (`.navigationLinkEmpty(isActive:
    /// store.bindingFor(.about)) { AboutView() }`): a modifier the audited files do not declare,
    /// given an `isActive:` binding, as `NavigationLink`'s deprecated initialiser names it, and a
    /// destination. It pushes the destination while the binding is true; see
    /// https://developer.apple.com/documentation/swiftui/navigationlink (`init(destination:isActive:label:)`).
    func outsideLink(_ call: FunctionCallExprSyntax, name: String) -> (binding: ExprSyntax, destination: Syntax)? {
        guard call.calledExpression.is(MemberAccessExprSyntax.self), !Self.presenting.contains(name),
            project.functions.refs[name] == nil, project.type(name) == nil
        else { return nil }
        let args = Arguments(call)
        guard let binding = args.labelled("isActive") else { return nil }
        if let destination = args.closure("destination").map(Syntax.init) ?? args.labelled("destination").map(Syntax.init) {
            return (binding, destination)
        }
        // A trailing closure is the destination only of a modifier named for navigation
        // (`.navigationLinkEmpty(isActive:) { … }`): another `isActive:` modifier's closure is
        // some content it shows (`.loadingOverlay(isActive: $saving) { ProgressView() }`).
        let lower = name.lowercased()
        guard let trailing = args.trailing, ["navigat", "link", "push"].contains(where: { lower.contains($0) }) else { return nil }
        return (binding, Syntax(trailing))
    }

    /// The destination a view of another module is given to push (`LargeNavigationLink(destination:
    /// AnchorList(…), label: "Parks")`, `SettingsRow("Help", destination: { HelpScreen() })`): a
    /// view that takes a `destination:` view, as `NavigationLink(destination:label:)` does
    /// (https://developer.apple.com/documentation/swiftui/navigationlink), is a navigation row drawn
    /// around such a link. SwiftUI's own `Link(destination:)` opens a URL and is not one; a
    /// destination that is not a view (a URL, a route value) is not one either.
    func outsideViewDestination(_ call: FunctionCallExprSyntax) -> Syntax? {
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.nameText
        guard name.first?.isUppercase == true, !["Link", "NavigationLink", "ShareLink"].contains(name),
            project.type(name) == nil, !project.otherTypes.contains(name), project.functions.refs[name] == nil
        else { return nil }
        let args = Arguments(call)
        if let closure = args.closure("destination") { return Syntax(closure) }
        guard let value = args.labelled("destination"), let made = value.as(FunctionCallExprSyntax.self),
            let viewName = made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.nameText
        else { return nil }
        let isView =
            project.type(viewName)?.kind == .view
            || (project.type(viewName) == nil && ["View", "Screen", "Page"].contains(where: { viewName.hasSuffix($0) }))
        return isView ? Syntax(value) : nil
    }

    /// A binding a model makes for one destination, where no state of the view is set to present it
    /// (`store.bindingFor(.about)`, `viewStore.binding(get: \.isAboutShown, send: .aboutTapped)`):
    /// the model's name and the enum cases the call names. A control whose action sends one of
    /// those cases to the same model (`store.send(.updateDestination(.about))`) presents it.
    static func bindingRoute(_ binding: ExprSyntax) -> (model: String, cases: Set<String>)? {
        guard let call = binding.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, let model = ViewTranslator.ownerName(base)
        else { return nil }
        let cases = implicitCases(in: Syntax(call.arguments))
        return cases.isEmpty ? nil : (model, cases)
    }

    /// The enum cases some code names by a leading dot (`.about` in `.updateDestination(.about)`).
    static func implicitCases(in node: Syntax) -> Set<String> {
        Set(node.descendants(MemberAccessExprSyntax.self).filter { $0.base == nil }.map { $0.declName.baseName.nameText })
    }

    /// What a destination found in the code is: a view type (a stub when it is not audited), or
    /// `(dynamic)`.
    private func destinationName(_ found: String?) -> String {
        if let t = found {
            if project.type(t) == nil { stub(t, "declared outside the audited files") }
            return t
        }
        stub(Self.dynamicID, "a destination focusaudit cannot work out statically")
        return Self.dynamicID
    }

    /// The destination of a `NavigationLink`: its `destination:` argument or closure, or its trailing
    /// closure when a title or a `label:` closure names it (`NavigationLink("Title") { Detail() }`,
    /// `NavigationLink(isActive: $shows) { Detail() } label: { … }`).
    static func linkDestination(_ args: Arguments) -> Syntax? {
        if let d = args.labelled("destination") { return Syntax(d) }
        if let d = args.closure("destination") { return Syntax(d) }
        if args.closure("label") != nil || (args.firstUnlabelled.map { !$0.is(ClosureExprSyntax.self) } ?? false) {
            return args.trailing.map { Syntax($0) }
        }
        return nil
    }

}
