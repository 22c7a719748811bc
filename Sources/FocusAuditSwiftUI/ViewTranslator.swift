import FocusAudit
import SwiftSyntax

/// What a name stands for while a view's code is read: a value passed to a custom view (its title,
/// its content closure) or a local constant.
enum Bound {
    case text(TextValue)
    case expression(ExprSyntax, Scope)
    case views(ClosureExprSyntax, Scope)
    /// A view modifier's `content`: the elements of the view it modifies.
    case content([DescriptionElement])
}

/// Where code is being read: the type whose members names resolve to, the file, and the values of
/// the custom view being inlined.
final class Scope {
    let type: TypeInfo?
    let file: Int
    var names: [String: Bound]
    /// Types being inlined, outermost first (a view that contains itself is not inlined again).
    let inlining: [String]
    /// Inside a custom view inlined into a screen: where the screen uses it. Findings about what
    /// the view contains point there, where its arguments (a title, a label) are given.
    let callSite: SourceOrigin?
    /// Which use of a view or view modifier of the audited files this code is read for, numbered in
    /// the order the screen's code is read (0 for the screen's own code). Each use is a view of its
    /// own, with its own `@State` and `@AccessibilityFocusState`.
    let instance: Int

    init(
        type: TypeInfo?, file: Int, names: [String: Bound] = [:], inlining: [String] = [],
        callSite: SourceOrigin? = nil, instance: Int = 0
    ) {
        self.type = type
        self.file = file
        self.names = names
        self.inlining = inlining
        self.callSite = callSite
        self.instance = instance
    }

    /// A scope for more code of the same view (a computed property, a method, a closure).
    func sameView(type: TypeInfo?, file: Int, names: [String: Bound], inlining: [String]) -> Scope {
        Scope(type: type, file: file, names: names, inlining: inlining, callSite: callSite, instance: instance)
    }

    func lookup(_ name: String) -> Bound? { names[name] }
}

/// What one screen's code declares besides its view tree.
final class ScreenFacts {
    var title: String?
    /// `.accessibilityDefaultFocus($focus, .title)`: the focus value VoiceOver lands on.
    var defaultFocus: String?
    /// For each `equals:` binding, the focus state it binds, by the bound element's position.
    var focusStates: [SourceOrigin: (value: String, state: String)] = [:]
    /// The elements whose focus value is a plain name and yet one of each view that binds it: read
    /// from a value the caller gives (`equals: title` in a row view given each item's title), or
    /// bound on a focus state of the inlined view's own, which each instance has apart. In a row of
    /// `ForEach` it is one value per row (`bindOnlyWhere`).
    var focusPerInstance: Set<SourceOrigin> = []
    var leadingToolbar: [DescriptionElement] = []
    var trailingToolbar: [DescriptionElement] = []
    /// Views a sheet, cover or popover shows that are written in place (`.sheet { NavigationStack {
    /// … } }`), not a view type of their own: read for what they show, not as a screen.
    var inlinePresented: [DescriptionElement] = []
    /// Presentations driven by state (`.sheet(isPresented: $showSearch)`), by the state's name.
    var presentations: [String: ScreenCatalog.Presentation] = [:]
    var triggered: Set<String> = []
    /// The views that rows pushing a value of every case show (`ForEach(Route.allCases) { route in
    /// … path.append(route) }`): one representative row goes nowhere known, and these views are
    /// reached by the rows it stands for.
    var rowCases: [(view: String, origin: SourceOrigin)] = []
    /// Screens this one shows in place as part of its own content (`NavigationStack { FolderView(
    /// folder: root) }` where `FolderView` is also pushed): shown whenever this screen is.
    var shownInPlace: [(view: String, origin: SourceOrigin)] = []
    /// While the rows of a `List(selection: $x)` are read, the presentation `x` drives (its
    /// `navigationDestination(item:)`, a split view's detail column) and the state's name.
    var selectionList: (state: String, presentation: ScreenCatalog.Presentation)?
    /// The tabs of the screen's `TabView` whose content is written in place (`VStack { … }.tabItem
    /// { … }`), each a screen of its own (`tabScreen`).
    var tabScreens: [DescriptionElement] = []
    let focus: FocusAnalysis

    init(focus: FocusAnalysis) { self.focus = focus }
}

/// Turns view code into description elements.
final class ViewTranslator {
    let project: SwiftProject
    let screens: ScreenCatalog
    let components: [String: ComponentMapping]
    private var facts: ScreenFacts!
    private var screenType: TypeInfo!
    /// `pathRecords()` of the screen being translated, once asked.
    private var pathRecordsAnswer: Bool?
    /// Helpers already expanded in the screen being read, by their code and arguments: the same
    /// views called again (a portrait and a landscape layout of one `main()`) are one set of elements.
    private var expanded: Set<String> = []
    /// The calls and sequences of each action read in the screen being translated, by node: one walk
    /// per action, shared by what it navigates to and how it records the activation.
    private var walkedActions: [SyntaxIdentifier: WalkedCode] = [:]
    /// What each expanded helper gave, by the same key.
    private var expandedViews: [String: [DescriptionElement]] = [:]
    /// How many custom views the screen being translated has inlined (`maximumInlinedViews`).
    private var inlinedViews = 0
    /// How many uses of the audited files' views and view modifiers the screen being translated
    /// has read (`Scope.instance`).
    private var instances = 0
    /// How many custom views, and closures of views handed to them, one screen inlines at most: 100,000. Each use of a view is inlined, so
    /// views that each use the next one twice make a tree twice as large per level (40 levels made
    /// 2^40 elements and never ended). Past the limit a custom view is read as a view of its own
    /// name that is not inlined, as a view that contains itself is, and says so in its note.
    static let maximumInlinedViews = 100_000
    /// How many custom views (and their computed properties and methods) may be inlined one in
    /// another: 200. Inlining recurses, and 5,000 views each using the next crashed the reader by
    /// running off the end of its thread's stack.
    static let maximumInliningDepth = 200

    init(project: SwiftProject, screens: ScreenCatalog, components: [String: ComponentMapping]) {
        self.project = project
        self.screens = screens
        self.components = components
    }

    /// SwiftUI's containers. (`Toolbar` is the model's element for a `.toolbar`; SwiftUI has no
    /// `Toolbar` view, so a `Toolbar(…)` call is the project's or another module's view.)
    static let containers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "List", "ScrollView",
        "Form", "Section", "Group", "GroupBox", "NavigationStack", "NavigationView", "NavigationSplitView",
        "ControlGroup", "ViewThatFits", "GeometryReader", "ScrollViewReader", "TimelineView", "Grid", "GridRow",
        "DisclosureGroup", "TabView", "ToolbarItem", "ToolbarItemGroup",
    ]
    /// Views VoiceOver does not read: spacing and shapes.
    static let silent: Set<String> = [
        "Spacer", "Divider", "EmptyView", "Color", "Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse",
        "LinearGradient", "RadialGradient", "AngularGradient", "Path", "UnevenRoundedRectangle", "ContainerRelativeShape",
    ]
    /// Containers whose element the model keeps; the others are drawn through (their children stand
    /// in their place).
    static let transparent: Set<String> = ["ForEach", "ToolbarItem", "ToolbarItemGroup", "Group"]

    // MARK: - Screens

    /// The screen a view type is, followed by the screens of the tabs its `TabView` writes in place.
    func screens(_ type: TypeInfo) -> [DescriptionElement] {
        let main = screen(type)
        return [main] + facts.tabScreens
    }

    func screen(_ type: TypeInfo) -> DescriptionElement {
        screenType = type
        expanded = []
        walkedActions = [:]
        expandedViews = [:]
        inlinedViews = 0
        instances = 0
        pathRecordsAnswer = nil
        facts = ScreenFacts(focus: FocusAnalysis(type: type, parts: inlinedParts(of: type), project: project))
        // The screen's own presentations, then those of the views inlined into it (a private
        // `CatalogContent` whose `.sheet` and pushes its own buttons drive).
        for part in [type] + inlinedParts(of: type) {
            for (variable, presentation) in screens.presentations(in: part) where facts.presentations[variable] == nil {
                facts.presentations[variable] = presentation
                // A `NavigationLink(isActive:)` or `(tag:selection:)` is itself a control that sets its state.
                if presentation.byLink { facts.triggered.insert(variable) }
            }
        }
        let origin = project.origin(of: type.nameToken!, file: type.file)
        var element = DescriptionElement(name: "screen", origin: origin)
        element.comments = suppressions(in: type.declaration.map { Syntax($0) }, file: type.file)
        element["id"] = type.name
        var body: [DescriptionElement] = []
        if let computed = type.computed["body"] {
            body = items(computed.body, Scope(type: type, file: computed.file, inlining: [type.name]))
        } else if type.kind == .modifier, let method = type.methods["body"], let code = method.decl.body,
            let parameter = method.decl.signature.parameterClause.parameters.first
        {
            // A view modifier read on its own: what its body adds around a `content` that shows nothing.
            let scope = Scope(type: type, file: method.file, inlining: [type.name])
            scope.names[(parameter.secondName ?? parameter.firstName).nameText] = .content([])
            body = items(code.statements, scope)
        }
        if let title = facts.title { element["title"] = title }
        if screens.roots.contains(type.name) { element["root"] = "true" }
        if let value = facts.defaultFocus { element["default-focus"] = value }
        var notes: [String] = []
        let focus = facts.focus
        if let restore = focus.appearRestores.first {
            element["restore-focus"] = "on-appear"
            if let delay = restore.delay {
                element["restore-delay"] = Self.seconds(delay)
            } else {
                element["restore-delay"] = Self.seconds(screens.transition)
                notes.append(
                    "restores focus to \(restore.target) in \(restore.trigger) after a delay that cannot be worked out statically (\(restore.unknownDelay ?? "")); assumed long enough"
                )
            }
        } else if let fixed = focus.fixedRestores.first {
            element["restore-focus"] = "on-appear"
            element["restore-target"] = Self.focusValue(fixed.target)
            if let delay = fixed.delay {
                element["restore-delay"] = Self.seconds(delay)
            } else {
                element["restore-delay"] = Self.seconds(screens.transition)
                notes.append("the delay cannot be worked out statically (\(fixed.unknownDelay ?? "")); assumed long enough")
            }
            notes.append("moves focus to a fixed element (\(fixed.target)) in \(fixed.trigger), not back to the activated one")
        }
        if let dismiss = focus.dismissRestores.first {
            if let i = element.attributes.firstIndex(where: { $0.name == "restore-focus" }) {
                element.attributes[i].value += " on-dismiss"
            } else {
                element["restore-focus"] = "on-dismiss"
            }
            notes.append("moves focus back in \(dismiss.trigger) (\(dismiss.target)) when what it presented is dismissed")
        }
        var children = focusStateDeclarations(focus)
        if !facts.leadingToolbar.isEmpty { children.append(toolbar(facts.leadingToolbar, origin: origin)) }
        children += body
        if !facts.trailingToolbar.isEmpty { children.append(toolbar(facts.trailingToolbar, origin: origin)) }
        children += facts.inlinePresented
        // The views rows over every case of a route show, which the representative row does not name.
        // Screens shown in place as this screen's content are reached with it.
        for (view, origin) in facts.shownInPlace where view != type.name {
            var hidden = DescriptionElement(name: "Group", origin: origin)
            hidden["hidden"] = "true"
            hidden["destination"] = view
            hidden.note = "\(view) is shown in place as part of this screen, so it is reached with it"
            children.append(hidden)
        }
        for (view, origin) in facts.rowCases {
            var hidden = DescriptionElement(name: "Group", origin: origin)
            hidden["hidden"] = "true"
            hidden["destination"] = view
            hidden.note = "shown by the row whose value is this case; one representative row stands for all of them"
            children.append(hidden)
        }
        // Presentations no control was found to trigger still make their screens reachable.
        for (variable, presentation) in facts.presentations.sorted(by: { $0.key < $1.key })
        where !facts.triggered.contains(variable) {
            var hidden = DescriptionElement(name: "Group", origin: presentation.origin)
            hidden["hidden"] = "true"
            hidden[presentation.kind] = presentation.destination
            hidden.note = "presented when \(variable) is set, by code focusaudit did not find a control for"
            children.append(hidden)
        }
        element.children = children
        if type.kind == .modifier {
            // A view modifier read on its own is read for what it shows: where it is applied decides
            // the navigation and focus.
            element.children.removeAll { $0.name == "AccessibilityFocusState" }
            for i in element.children.indices { Self.stripNavigation(&element.children[i]) }
            for name in ["restore-focus", "restore-target", "restore-delay", "default-focus", "capture"] { element[name] = nil }
            notes = ["a view modifier nothing in the audited files applies, read on its own for what it shows"]
        }
        Self.dropRowSizes(&element)
        Self.separateSharedValues(&element, facts.focusStates)
        if focus.restoresOnAppear { Self.consolidateCapture(&element) }
        for i in facts.tabScreens.indices {
            Self.dropRowSizes(&facts.tabScreens[i])
            Self.separateSharedValues(&facts.tabScreens[i], facts.focusStates)
        }
        if !notes.isEmpty { element.note = notes.joined(separator: "; ") }
        return element
    }

    /// An `<AccessibilityFocusState>` for each focus state the screen and its inlined views declare,
    /// at the property's declaration, saying whether it is bound and assigned.
    private func focusStateDeclarations(_ focus: FocusAnalysis) -> [DescriptionElement] {
        focus.declarations.map { declaration in
            let property = declaration.property
            var element = DescriptionElement(
                name: "AccessibilityFocusState", origin: project.origin(of: property.declaration, file: property.file))
            element.comments = suppressions(in: Syntax(property.declaration), file: property.file)
            element["name"] = property.name
            if !declaration.bound { element["bound"] = "false" }
            if !declaration.assigned { element["assigned"] = "false" }
            return element
        }
    }

    /// One value bound on different focus states (`notification.id` on a row's title for
    /// `focusedTitle` and on the row for `focusedRow`) names different elements: SwiftUI moves focus
    /// for each state separately. Such values are qualified by their state (`focusedRow.notification.id`),
    /// so they are not taken for one value bound twice.
    static func separateSharedValues(_ screen: inout DescriptionElement, _ bindings: [SourceOrigin: (value: String, state: String)]) {
        var states: [String: Set<String>] = [:]
        for binding in bindings.values { states[binding.value, default: []].insert(binding.state) }
        let shared = Set(states.filter { $0.value.count > 1 }.keys)
        guard !shared.isEmpty else { return }
        func qualify(_ e: inout DescriptionElement) {
            if let value = e["focus"], shared.contains(value), let binding = bindings[e.origin], binding.value == value {
                e["focus"] = binding.state + "." + value
            }
            for i in e.children.indices { qualify(&e.children[i]) }
        }
        qualify(&screen)
    }

    /// When every push-type link of a restoring screen is recorded the same way, that is the
    /// screen's `capture` (a finding about it points at the screen); otherwise each link keeps its own.
    static func consolidateCapture(_ screen: inout DescriptionElement) {
        var captures: Set<String> = []
        func collect(_ e: DescriptionElement) {
            if let c = e["capture"] { captures.insert(c) }
            e.children.forEach(collect)
        }
        collect(screen)
        guard captures.count == 1, let only = captures.first else { return }
        func strip(_ e: inout DescriptionElement) {
            e["capture"] = nil
            for i in e.children.indices { strip(&e.children[i]) }
        }
        for i in screen.children.indices { strip(&screen.children[i]) }
        screen["capture"] = only
    }

    /// The custom views a screen inlines (not screens themselves), a few levels deep.
    private func inlinedParts(of type: TypeInfo) -> [TypeInfo] {
        var found: [TypeInfo] = []
        var seen: Set<String> = [type.name]
        var queue = [type]
        var depth = 0
        while !queue.isEmpty && depth < 4 {
            var next: [TypeInfo] = []
            for t in queue {
                for call in t.calls {
                    let name = call.name
                    guard !seen.contains(name), let part = project.type(name), part.kind == .view,
                        !screens.isScreen(name)
                    else { continue }
                    seen.insert(name)
                    found.append(part)
                    next.append(part)
                }
            }
            queue = next
            depth += 1
        }
        return found
    }

    private func toolbar(_ items: [DescriptionElement], origin: SourceOrigin) -> DescriptionElement {
        var bar = DescriptionElement(name: "Toolbar", origin: items.first?.origin ?? origin)
        bar.children = items
        return bar
    }

    /// A focus value as elements and restorations both write it: `.profile`, `Route.profile` and
    /// `profile` are one value.
    static func focusValue(_ text: String) -> String {
        var value = Substring(text)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.dropFirst().dropLast().contains("\"") {
            return String(value.dropFirst().dropLast())
        }
        if value.hasPrefix(".") { value = value.dropFirst() }
        if let dot = value.firstIndex(of: "."), value.first?.isUppercase == true,
            value[..<dot].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        {
            value = value[value.index(after: dot)...]
        }
        return String(value)
    }

    static func seconds(_ value: Double) -> String {
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        if text.contains("e") { text = "0" }
        return text
    }

    // MARK: - Statements

    func items(_ list: CodeBlockItemListSyntax, _ scope: Scope) -> [DescriptionElement] {
        var out: [DescriptionElement] = []
        for item in list { out += self.item(item, scope) }
        return out
    }

    func item(_ item: CodeBlockItemSyntax, _ scope: Scope) -> [DescriptionElement] {
        var made: [DescriptionElement]
        switch item.item {
        case .expr(let e): made = views(e, scope)
        case .stmt(let s):
            if let e = s.as(ExpressionStmtSyntax.self) {
                made = views(e.expression, scope)
            } else if let r = s.as(ReturnStmtSyntax.self), let e = r.expression {
                made = views(e, scope)
            } else {
                made = []
            }
        case .decl(let d):
            made = declaration(d, scope)
        }
        let comments = suppressions(in: Syntax(item), file: scope.file)
        if !comments.isEmpty, !made.isEmpty { made[0].comments += comments }
        return made
    }

    private func declaration(_ decl: DeclSyntax, _ scope: Scope) -> [DescriptionElement] {
        if let ifc = decl.as(IfConfigDeclSyntax.self) {
            // `#if os(tvOS) … #else … #endif` among a view builder's statements: only the clauses an
            // iOS build compiles (every clause of a condition that cannot be told) are views of the app.
            var out: [DescriptionElement] = []
            for clause in BuildConditions.clausesForIOS(ifc.clauses) {
                if case .statements(let items)? = clause.elements { out += self.items(items, scope) }
            }
            return out
        }
        if let v = decl.as(VariableDeclSyntax.self) {
            for binding in v.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText,
                    let value = binding.initializer?.value
                {
                    scope.names[name] = .expression(value, scope)
                }
            }
        }
        return []
    }

    // MARK: - Expressions

    struct Modifier {
        let call: FunctionCallExprSyntax
        let name: String
        var args: Arguments { Arguments(call) }
    }

    func views(_ expr: ExprSyntax, _ scope: Scope) -> [DescriptionElement] {
        var mods: [Modifier] = []
        var base = expr
        while true {
            if let postfix = base.as(PostfixIfConfigExprSyntax.self), let inner = postfix.base {
                // `#if os(iOS) .listStyle(…) #else … #endif` inside a chain: the modifiers of the
                // clauses an iOS build can compile (every clause of a condition that cannot be
                // told), in order (`mods` is outermost first).
                for clause in BuildConditions.clausesForIOS(postfix.config.clauses).reversed() {
                    if case .postfixExpression(let e)? = clause.elements { mods += Self.implicitChain(e) }
                }
                base = inner
                continue
            }
            guard let call = base.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                let inner = member.base
            else { break }
            if let r = inner.as(DeclReferenceExprSyntax.self) {
                let n = r.baseName.nameText
                // In a `View` extension's body `self` is the modified view: `self.padding()` is a
                // modifier of it. Elsewhere `self.header()` calls a method of the view.
                if n == "self", case .content? = scope.lookup("self") {
                    mods.append(Modifier(call: call, name: member.declName.baseName.nameText))
                    base = inner
                    break
                }
                if n == "self" || n == "Self" { break }
                if n.first?.isUppercase == true { break }  // `Image.init(…)`, `Color.red`
                if !resolvesView(n, scope) { return [] }
            }
            mods.append(Modifier(call: call, name: member.declName.baseName.nameText))
            base = inner
        }
        mods.reverse()
        var elements = baseViews(base, scope, modifiers: mods)
        for mod in mods { elements = apply(mod, to: elements, scope) }
        if elements.count == 1, ViewKind(name: elements[0].name) == .interactive, elements[0]["focus"] == nil {
            Self.hoistFocus(&elements[0])
        }
        if elements.count == 1, let call = base.as(FunctionCallExprSyntax.self),
            ["NavigationLink", "Button"].contains(Evaluate.calledName(call)), elements[0].name == Evaluate.calledName(call)
        {
            linkCapture(&elements[0], call: call, modifiers: mods, scope: scope)
        }
        return elements
    }

    /// The views that hold a navigation stack and show its bar.
    static let navigationContainers: Set<String> = ["NavigationView", "NavigationStack", "NavigationSplitView"]

    /// The name of the view a modifier chain starts from (`NavigationView` in
    /// `NavigationView { … }.navigationViewStyle(.stack).navigationTitle("…")`); empty when it does
    /// not start with a call.
    static func chainRootName(_ call: FunctionCallExprSyntax) -> String {
        var current = call
        while let member = current.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            guard let inner = base.as(FunctionCallExprSyntax.self) else { return "" }
            current = inner
        }
        return Evaluate.calledName(current)
    }

    /// The modifiers of a chain that starts with an implicit member (`.font(…).padding()`), outermost first.
    static func implicitChain(_ expr: ExprSyntax) -> [Modifier] {
        var out: [Modifier] = []
        var e = expr
        while let call = e.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            out.append(Modifier(call: call, name: member.declName.baseName.nameText))
            guard let inner = member.base else { break }
            e = inner
        }
        return out
    }

    /// SwiftUI makes a control and its label one accessibility element, and accessibility modifiers
    /// written on the label's views apply to it: `.accessibilityFocused` on a button's `Text` focuses
    /// the button. The binding is moved to the control (the first one found, if several).
    static func hoistFocus(_ control: inout DescriptionElement) {
        func take(_ e: inout DescriptionElement) -> String? {
            for i in e.children.indices {
                if ViewKind(name: e.children[i].name) == .interactive { continue }
                if let focus = e.children[i]["focus"] {
                    e.children[i]["focus"] = nil
                    return focus
                }
                if let found = take(&e.children[i]) { return found }
            }
            return nil
        }
        if let focus = take(&control) { control["focus"] = focus }
    }

    private func resolvesView(_ name: String, _ scope: Scope) -> Bool {
        if let bound = scope.lookup(name) {
            if case .text = bound { return false }
            return true
        }
        return scope.type?.computed[name] != nil
    }

    private func baseViews(_ base: ExprSyntax, _ scope: Scope, modifiers: [Modifier]) -> [DescriptionElement] {
        if let asset = Self.generatedAsset(base, property: ["image", "swiftUIImage"]) {
            // SwiftGen's `Asset.Images.logo.image`: the asset catalog's image `logo`, shown as
            // `Image("logo")` shows it (https://github.com/SwiftGen/SwiftGen, the xcassets template).
            var e = make("Image", base, scope)
            e["asset"] = asset
            return [e]
        }
        if let call = base.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                let owner = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.nameText
                if owner == "self" || owner == "Self" {
                    return function(member.declName.baseName.nameText, call, scope)
                }
                if let owner, owner.first?.isUppercase == true, owner != "SwiftUI" { return [] }
            }
            let name = Evaluate.calledName(call)
            guard let first = name.first else { return [] }
            // `@ViewBuilder func ResultView() -> some View` called as `ResultView()`: a method of the
            // view, not a view type, whatever its capital.
            if first.isUppercase, project.type(name) == nil, scope.type?.methods[name] != nil, call.calledExpression.is(DeclReferenceExprSyntax.self) {
                return function(name, call, scope)
            }
            if first.isUppercase { return construct(name, call, scope, modifiers: modifiers) }
            // `iOSQuestCardView(…)`: a type named with a platform's name first, the one common
            // exception to a type's capital (Swift API Design Guidelines: "Names of types and
            // protocols are UpperCamelCase", https://www.swift.org/documentation/api-design-guidelines/),
            // when it is no method or function of the audited files.
            if Self.isPlatformPrefixedTypeName(name), scope.type?.methods[name] == nil, project.functions[name] == nil {
                return construct(name, call, scope, modifiers: modifiers)
            }
            return function(name, call, scope)
        }
        if let r = base.as(DeclReferenceExprSyntax.self) {
            return reference(r.baseName.nameText, scope, at: base)
        }
        if let m = base.as(MemberAccessExprSyntax.self), Evaluate.isSelf(m.base) {
            return reference(m.declName.baseName.nameText, scope, at: base)
        }
        if let m = base.as(MemberAccessExprSyntax.self), m.declName.baseName.nameText == "label",
            let owner = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.nameText, case .content? = scope.lookup(owner)
        {
            // `configuration.label` in a button style's `makeBody`: the button's own label.
            return reference(owner, scope)
        }
        if let m = base.as(MemberAccessExprSyntax.self), m.declName.argumentNames == nil,
            let owner = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.nameText,
            let made = enumViewProperty(of: owner, m.declName.baseName.nameText, scope, at: base)
        {
            return made
        }
        if let i = base.as(IfExprSyntax.self) { return shownWhile(i, ifViews(i, scope), scope) }
        if let s = base.as(SwitchExprSyntax.self) {
            return Self.alternatives(s.cases.compactMap { $0.as(SwitchCaseSyntax.self).map { items($0.statements, scope) } })
        }
        if let t = base.as(TernaryExprSyntax.self) {
            return Self.alternatives([views(t.thenExpression, scope), views(t.elseExpression, scope)])
        }
        if let seq = base.as(SequenceExprSyntax.self) {
            let items = Array(seq.elements)
            if items.count == 5, items[1].is(UnresolvedTernaryExprSyntax.self) {
                return views(items[2], scope) + views(items[4], scope)
            }
            // `Text("a") + Text("b")`.
            let texts = items.compactMap { $0.as(FunctionCallExprSyntax.self) }.filter { Evaluate.calledName($0) == "Text" }
            if !texts.isEmpty {
                var element = make("Text", base, scope)
                element.text = texts.compactMap { call in
                    Arguments(call).firstUnlabelled.flatMap { textValue($0, scope)?.text }
                }.joined()
                return [element]
            }
        }
        if let t = base.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first {
            return views(only.expression, scope)
        }
        return []
    }

    /// `action.button` where `action` is a name the code being read does not bind (a row's element,
    /// a closure's parameter) and `button` is a view property of an enum of the audited files
    /// (`var button: some View { switch self { case .delete(let action): Button(…) … } }`): that
    /// property's views. A row's element has no known type: the enum is the only one declaring such a
    /// property of that name, or the one whose cases a closure bound where it is read is made of
    /// (`.swipeActions { RowAction.delete { … }; RowAction.edit { … } }`, bound to the function's
    /// `content`); then, when the property is `switch self { … }`, only those cases are drawn. A
    /// view's own property, or a name several enums declare with no closure to tell them apart, is
    /// left alone. Nil when it is not such a property.
    private func enumViewProperty(of owner: String, _ name: String, _ scope: Scope, at node: ExprSyntax) -> [DescriptionElement]? {
        guard owner.first?.isLowercase == true, owner != "self", scope.lookup(owner) == nil,
            scope.type?.stored.contains(where: { $0.name == owner }) != true,
            let declared = project.enumViewProperties[name], scope.inlining.count < 16
        else { return nil }
        let given = casesGiven(scope)
        let fitting = declared.filter { candidate in
            guard let given else { return true }
            if let type = given.type { return type == candidate.type }
            return given.names.isSubset(of: project.enumCases[candidate.type] ?? [])
        }
        guard let only = fitting.count == 1 ? fitting.first : (declared.count == 1 ? declared.first : nil),
            !scope.inlining.contains(only.type + "." + name), let accessors = only.ref.node.bindings.first?.accessorBlock?.accessors
        else { return nil }
        let statements: CodeBlockItemListSyntax
        switch accessors {
        case .getter(let body): statements = body
        case .accessors(let list):
            guard let body = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body?.statements else { return nil }
            statements = body
        }
        let inner = Scope(
            type: nil, file: only.ref.file, inlining: scope.inlining + [only.type + "." + name],
            callSite: scope.callSite ?? project.origin(of: node, file: scope.file))
        if let given, fitting.count == 1, statements.count == 1, let first = statements.first,
            let choice = (first.item.as(ExpressionStmtSyntax.self)?.expression ?? first.item.as(ExprSyntax.self))?.as(SwitchExprSyntax.self),
            Evaluate.isSelf(choice.subject)
        {
            let chosen = choice.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.filter { c in
                guard case .case(let label) = c.label else { return false }
                return label.caseItems.contains { item in Self.caseName(item.pattern).map(given.names.contains) ?? true }
            }
            return Self.alternatives(chosen.map { items($0.statements, inner) })
        }
        return items(statements, inner)
    }

    /// The cases a closure bound in `scope` is made of (`Type.delete { … }`, `.edit { … }`, `.copy`),
    /// with the type when every one names it; nil when no bound closure is made only of cases.
    private func casesGiven(_ scope: Scope) -> (type: String?, names: Set<String>)? {
        for (_, bound) in scope.names.sorted(by: { $0.key < $1.key }) {
            guard case .views(let closure, _) = bound, !closure.statements.isEmpty else { continue }
            var names: Set<String> = []
            var types: Set<String> = []
            var implicit = false
            for statement in closure.statements {
                var expr = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
                if let call = expr?.as(FunctionCallExprSyntax.self) { expr = call.calledExpression }
                guard let member = expr?.as(MemberAccessExprSyntax.self) else {
                    names = []
                    break
                }
                if let base = member.base {
                    guard let type = base.as(DeclReferenceExprSyntax.self)?.baseName.nameText, type.first?.isUppercase == true else {
                        names = []
                        break
                    }
                    types.insert(type)
                } else {
                    implicit = true
                }
                names.insert(member.declName.baseName.nameText)
            }
            guard !names.isEmpty else { continue }
            return (types.count == 1 && !implicit ? types.first : nil, names)
        }
        return nil
    }

    /// The case a `switch` pattern names: `.delete`, `.delete(let action)`, `let .delete(action)`.
    static func caseName(_ pattern: PatternSyntax) -> String? {
        var expr: ExprSyntax?
        if let e = pattern.as(ExpressionPatternSyntax.self) { expr = e.expression }
        if let b = pattern.as(ValueBindingPatternSyntax.self) { return caseName(b.pattern) }
        if let call = expr?.as(FunctionCallExprSyntax.self) { expr = call.calledExpression }
        return expr?.as(MemberAccessExprSyntax.self)?.declName.baseName.nameText
    }

    private func ifViews(_ i: IfExprSyntax, _ scope: Scope) -> [DescriptionElement] {
        var branches: [[DescriptionElement]] = []
        var next: IfExprSyntax? = i
        while let current = next {
            branches.append(conditionFails(current.conditions, scope) ? [] : items(current.body.statements, scope))
            switch current.elseBody {
            case .ifExpr(let inner)?: next = inner
            case .codeBlock(let block)?:
                branches.append(items(block.statements, scope))
                next = nil
            case nil: next = nil
            }
        }
        return Self.alternatives(branches)
    }

    /// The views of branches that replace each other (`if`/`else if`/`else`, the cases of a
    /// `switch`, a ternary): only one branch is on the screen at a time, yet the model keeps them
    /// all. A focus value bound in an earlier branch and bound again in a later one
    /// (`if loading { ProgressView().accessibilityFocused($focus) } else { Form { … }
    /// .accessibilityFocused($focus) }`) names whichever of them is shown, so it is not two
    /// elements sharing a value: the later binding is kept out of the model, with a note. A link
    /// keeps its binding (a restoring screen's link without one would be reported unbound), unless
    /// an earlier branch binds the value on the same link: one of the same kind going to the same
    /// place, recorded the same way (`if compact { NavigationLink("A", value: 1)
    /// .accessibilityFocused($f, equals: .a) } else { … the same … }`). Whichever branch is shown,
    /// activating it pushes the same screen and focus comes back to the value the shown one is
    /// bound to, so the earlier link stands for both in the simulation: the later one keeps its
    /// content and name (for the label rules) but not its binding or navigation, with a note.
    static func alternatives(_ branches: [[DescriptionElement]]) -> [DescriptionElement] {
        guard branches.count > 1 else { return branches.first ?? [] }
        var bound: Set<String> = []
        /// The links bound to each value in earlier branches, as `linkKey` gives them.
        var links: [String: Set<[String]>] = [:]
        var out: [DescriptionElement] = []
        func values(_ e: DescriptionElement, into set: inout Set<String>, links found: inout [String: Set<[String]>]) {
            if let value = e["focus"] {
                set.insert(value)
                if let key = linkKey(e) { found[value, default: []].insert(key) }
            }
            for child in e.children { values(child, into: &set, links: &found) }
        }
        func unbind(_ e: inout DescriptionElement) {
            if let value = e["focus"], bound.contains(value) {
                if e["destination"] == nil, e["push"] == nil {
                    e["focus"] = nil
                    let note = "bound to focus value '\(value)' in a branch that replaces the one bound before it"
                    e.note = e.note.map { $0 + "; " + note } ?? note
                } else if let key = linkKey(e), links[value]?.contains(key) == true {
                    for attribute in ["focus", "destination", "push", "capture"] { e[attribute] = nil }
                    let note =
                        "the link bound to focus value '\(value)' in a branch that replaces the one bound before it, "
                        + "which goes to the same place: its navigation is read there"
                    e.note = e.note.map { $0 + "; " + note } ?? note
                }
            }
            for i in e.children.indices { unbind(&e.children[i]) }
        }
        for branch in branches {
            var made = branch
            for i in made.indices { unbind(&made[i]) }
            var found: Set<String> = []
            var foundLinks: [String: Set<[String]>] = [:]
            for e in branch { values(e, into: &found, links: &foundLinks) }
            bound.formUnion(found)
            links.merge(foundLinks) { $0.union($1) }
            out += made
        }
        return out
    }

    /// What makes two push-type links the same link for the simulation: their kind, where they go
    /// and how their activation is recorded. Nil for an element that does not push.
    private static func linkKey(_ e: DescriptionElement) -> [String]? {
        guard e["destination"] != nil || e["push"] != nil else { return nil }
        return [e.name] + ["destination", "push", "sheet", "full-screen-cover", "capture"].map { e[$0] ?? "" }
    }

    /// `AsyncImage(url:) { image in image.resizable() } placeholder: { ProgressView() }` and
    /// `AsyncImage(url:) { phase in … }`: one view that shows, in turn, what its placeholder (or the
    /// phase's other branches) shows and the image it loaded, with the modifiers the content closure
    /// puts on it (`image.resizable().accessibilityLabel("Cover")`). The loaded image comes from
    /// data, so it has no name of its own; the placeholder is read like any other view (a symbol
    /// there is read by VoiceOver while the image loads or after it fails). See
    /// https://developer.apple.com/documentation/swiftui/asyncimage (`init(url:scale:content:placeholder:)`,
    /// `init(url:scale:transaction:content:)` and `AsyncImagePhase`: `.empty`, `.success(Image)`,
    /// `.failure(Error)`, and its `image` property).
    private func asyncImage(_ call: FunctionCallExprSyntax, _ args: Arguments, _ scope: Scope) -> DescriptionElement {
        var e = make("AsyncImage", call, scope)
        e.note = "the image it loads and what it shows meanwhile"
        var loaded = make("Image", call, scope)
        loaded.note = "the image AsyncImage loads, which has no name of its own"
        guard let closure = args.closure("content") ?? args.trailing else { return e }
        let inner = scope.sameView(type: scope.type, file: scope.file, names: scope.names, inlining: scope.inlining)
        let parameters =
            closure.signature?.parameterClause.map { clause -> [String] in
                switch clause {
                case .simpleInput(let names): return names.map(\.name.nameText)
                case .parameterClause(let list): return list.parameters.map { ($0.secondName ?? $0.firstName).nameText }
                }
            } ?? []
        if args.closure("placeholder") != nil {
            // `{ image in … }`: the closure is given the loaded image.
            inner.names[parameters.first ?? "$0"] = .content([loaded])
            e.children = items(closure.statements, inner)
            e.children += content(args.closure("placeholder"), scope)
        } else {
            // `{ phase in switch phase { case .success(let image): image… } }`, `if let image =
            // phase.image { image… }`: the names given the loaded image.
            for binding in closure.statements.descendants(OptionalBindingConditionSyntax.self) {
                guard let value = binding.initializer?.value.as(MemberAccessExprSyntax.self), value.declName.baseName.nameText == "image",
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText
                else { continue }
                inner.names[name] = .content([loaded])
            }
            for label in closure.statements.descendants(SwitchCaseItemSyntax.self) {
                guard let success = label.pattern.descendants(MemberAccessExprSyntax.self).first,
                    success.declName.baseName.nameText == "success"
                else { continue }
                for name in label.pattern.descendants(IdentifierPatternSyntax.self) { inner.names[name.identifier.nameText] = .content([loaded]) }
            }
            e.children = items(closure.statements, inner)
        }
        return e
    }

    /// The asset a SwiftGen constant names: `Asset.Images.logo` (with `property` nil), or its image,
    /// `Asset.Images.logo.image` or `.swiftUIImage` (with those names as `property`): `logo`. Only
    /// chains from SwiftGen's `Asset` enum are read.
    static func generatedAsset(_ expr: ExprSyntax, property: Set<String>?) -> String? {
        guard var member = expr.as(MemberAccessExprSyntax.self) else { return nil }
        if let property {
            guard property.contains(member.declName.baseName.nameText), let inner = member.base?.as(MemberAccessExprSyntax.self) else {
                return nil
            }
            member = inner
        }
        let name = member.declName.baseName.nameText
        var root: ExprSyntax? = member.base
        while let m = root?.as(MemberAccessExprSyntax.self) { root = m.base }
        guard root?.as(DeclReferenceExprSyntax.self)?.baseName.nameText == "Asset", member.base != nil else { return nil }
        return name
    }

    /// The SF Symbol an SFSafeSymbols case names: words split at capitals and digits and joined
    /// with dots (`arrowUpArrowDownCircle` → `arrow.up.arrow.down.circle`, `_1Circle` → `1.circle`).
    static func symbolName(ofCase name: String) -> String {
        var parts: [String] = []
        var current = ""
        var previous: Character?
        for ch in name where ch != "_" {
            let startsWord = ch.isUppercase || (ch.isNumber && !(previous?.isNumber ?? false))
            if startsWord, !current.isEmpty {
                parts.append(current)
                current = ""
            }
            current.append(Character(ch.lowercased()))
            previous = ch
        }
        if !current.isEmpty { parts.append(current) }
        return parts.joined(separator: ".")
    }

    /// Whether the caller's arguments make an `if`'s condition false: `if let desc` (or `if let d =
    /// desc`) where `desc` was given `nil` (an `init` parameter's default `desc: String? = nil`),
    /// `if showsTitle` given `false`, `if !compact` given `true`. Such a branch shows nothing there.
    private func conditionFails(_ conditions: ConditionElementListSyntax, _ scope: Scope) -> Bool {
        func literal(_ name: String) -> ExprSyntax? {
            if case .expression(let e, _)? = scope.lookup(name) { return e }
            return nil
        }
        for element in conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                let name =
                    binding.initializer?.value.as(DeclReferenceExprSyntax.self)?.baseName.nameText
                    ?? binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText
                if binding.initializer == nil || binding.initializer?.value.is(DeclReferenceExprSyntax.self) == true,
                    let name, literal(name)?.is(NilLiteralExprSyntax.self) == true
                {
                    return true
                }
            case .expression(let e):
                if let r = e.as(DeclReferenceExprSyntax.self), let value = literal(r.baseName.nameText).flatMap(Evaluate.bool), !value {
                    return true
                }
                if let prefix = e.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
                    let r = prefix.expression.as(DeclReferenceExprSyntax.self),
                    let value = literal(r.baseName.nameText).flatMap(Evaluate.bool), value
                {
                    return true
                }
            default: break
            }
        }
        return false
    }

    /// The note that marks what an `if` with no `else` shows, whose condition depends on state the
    /// view is not given (`if icon == currentIcon { Image(systemName: "checkmark") }`): it is there
    /// only while the condition holds. A control named only by such content is read without it (see
    /// `namedWithoutConditionalContent`).
    static let conditionalNote = "shown only while "

    private func shownWhile(_ i: IfExprSyntax, _ made: [DescriptionElement], _ scope: Scope) -> [DescriptionElement] {
        var conditions: [ConditionElementListSyntax] = []
        var next: IfExprSyntax? = i
        while let current = next {
            conditions.append(current.conditions)
            switch current.elseBody {
            case .ifExpr(let inner)?: next = inner
            case .codeBlock?: return made  // some branch is always shown
            case nil: next = nil
            }
        }
        // A condition on the view's own arguments (`if let title`, `if !hideText`, given by the
        // caller, or a plain stored property its caller sets) is read as the caller decides; one on
        // other state (a `@State`, a model, a row's item, a computed property) holds sometimes.
        var names: [String] = []
        for list in conditions {
            for condition in list {
                if let binding = condition.condition.as(OptionalBindingConditionSyntax.self), binding.initializer == nil,
                    let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText
                {
                    names.append(name)
                }
                names += Self.referencedNames(Syntax(condition))
            }
        }
        guard names.contains(where: { varies($0, scope, depth: 0) }) else { return made }
        let shown = Self.conditionalNote + "`" + Evaluate.brief(i.conditions) + "`"
        return made.map { element in
            var e = element
            e.note = shown + (e.note.map { "; " + $0 } ?? "")
            return e
        }
    }

    /// The names an expression reads: variables and the view's own properties (`self.x`), not
    /// members of other values or types.
    static func referencedNames(_ node: Syntax) -> [String] {
        var names: [String] = []
        for reference in node.descendants(DeclReferenceExprSyntax.self) {
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                if Evaluate.isSelf(member.base) { names.append(reference.baseName.nameText) }
                continue
            }
            let name = reference.baseName.nameText
            if name != "self", name != "Self", name.first?.isUppercase != true { names.append(name) }
        }
        return names
    }

    /// Whether a name an `if` reads may change while the view is shown: state, a model, a row's
    /// item, a computed property. A plain stored property or an argument is set by the caller; a
    /// constant the view's own code declares (`let isCompact = sizeClass == .compact` before the
    /// `if`) varies as what it is computed from does.
    private func varies(_ name: String, _ scope: Scope, depth: Int) -> Bool {
        switch scope.lookup(name) {
        case nil:
            let givenByCaller = scope.type?.stored.contains { $0.wrappers.isEmpty && $0.name == name } ?? false
            return !givenByCaller
        case .expression(let value, let from)? where from.type === scope.type && depth < 8:
            return Self.referencedNames(Syntax(value)).contains { varies($0, from, depth: depth + 1) }
        default:
            return false
        }
    }

    /// How a control's content names it, as focusaudit's rules read it: 2 by text (a `Text`, a label,
    /// a view that may show text), 1 by SF Symbols only, 0 not at all. Without `conditional`, what an
    /// `if` shows only sometimes (see `conditionalNote`) is left out.
    static func naming(_ elements: [DescriptionElement], conditional: Bool) -> Int {
        var best = 0
        for e in elements where e["hidden"] != "true" {
            if !conditional, e.note?.hasPrefix(conditionalNote) == true { continue }
            if e.name == "Image" {
                if e["decorative"] == "true" { continue }
                if !(e["label"] ?? "").allSatisfy(\.isWhitespace) { return 2 }
                if e["system-name"] != nil { best = max(best, 1) }
                continue
            }
            if !(e["label"] ?? "").allSatisfy(\.isWhitespace) || !(e.text ?? "").allSatisfy(\.isWhitespace) { return 2 }
            best = max(best, naming(e.children, conditional: conditional))
            if best == 2 { return 2 }
        }
        return best
    }

    /// `Button { … } label: { Image(uiImage: icon); if selected { Image(systemName: "checkmark") } }`:
    /// while the condition does not hold, the button shows only what is always there, and VoiceOver
    /// names it from that (an image from a `UIImage` has no name; SwiftUI's `Button` reads the
    /// accessibility labels of its label's content, https://developer.apple.com/documentation/swiftui/button).
    /// When that names the control less well than the whole content does (nothing, or only
    /// symbols), the control is read in that state: what the `if` shows is hidden, with a note.
    static func namedWithoutConditionalContent(_ e: inout DescriptionElement) {
        guard (e.text ?? "").allSatisfy(\.isWhitespace) else { return }
        let always = naming(e.children, conditional: false)
        guard always < naming(e.children, conditional: true) else { return }
        func hideConditional(_ c: inout DescriptionElement) {
            if c.note?.hasPrefix(conditionalNote) == true {
                c["hidden"] = "true"
                return
            }
            for i in c.children.indices { hideConditional(&c.children[i]) }
        }
        for i in e.children.indices { hideConditional(&e.children[i]) }
        let note = "named only while its content's `if` holds: read as it is when it does not"
        e.note = e.note.map { $0 + "; " + note } ?? note
    }

    private func reference(_ name: String, _ scope: Scope, at node: ExprSyntax? = nil) -> [DescriptionElement] {
        switch scope.lookup(name) {
        case .views(let closure, let from)?:
            // Each use of views handed down is read again, as each use of a custom view is.
            guard spendInlining() else { return [] }
            return items(closure.statements, from)
        case .content(let elements)?:
            // The modified view is there once, even when several branches name it.
            scope.names[name] = .content([])
            return elements
        case .expression(let e, let from)?: return views(e, from)
        case .text?: return []
        case nil: break
        }
        if let type = scope.type, let computed = type.computed[name], scope.inlining.count < 16 {
            let key = "\(type.name).\(name)"
            guard expanded.insert(key).inserted else { return repeated(key) }
            let made = items(
                computed.body,
                scope.sameView(type: type, file: computed.file, names: scope.names, inlining: scope.inlining + ["." + name]))
            expandedViews[key] = made
            return made
        }
        if let origin = scope.callSite ?? node.map({ project.origin(of: $0, file: scope.file) }), let type = scope.type,
            type.stored.contains(where: { $0.name == name && !$0.hasValue })
        {
            // A custom view's property whose value was not followed (set by code focusaudit does not
            // read), or, in a component read as a screen of its own, the view its callers give
            // (`@ViewBuilder var label: Label`): what it shows is unknown, so it is taken to show
            // text, and a control around it is not reported as unnamed.
            var shown = DescriptionElement(name: "Text", origin: origin)
            shown.text = "\\(" + name + ")"
            shown.note = "\(type.name).\(name): a value set by code focusaudit does not follow, read as text"
            return [shown]
        }
        return []
    }

    /// A call of a method of the view, or of a global function that returns a view.
    private func function(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> [DescriptionElement] {
        guard scope.inlining.count < 16, !scope.inlining.contains("()" + name) else { return [] }
        // `label()`, `content()`: calling a closure parameter or property that holds views.
        switch scope.lookup(name) {
        case .views(let closure, let from)?:
            // Counted as a level of inlining, so a closure that calls itself ends.
            guard spendInlining() else { return [] }
            let inner = from.sameView(
                type: from.type, file: from.file, names: from.names, inlining: from.inlining + ["()" + name])
            return items(closure.statements, inner)
        case .expression(let e, let from)?:
            if e.is(DeclReferenceExprSyntax.self) || e.is(MemberAccessExprSyntax.self) { return [] }
            return views(e, from)
        default: break
        }
        var decl: FunctionDeclSyntax?
        var file = scope.file
        if let method = scope.type?.methods[name] {
            decl = method.decl
            file = method.file
        } else if let global = project.functions[name]?.first {
            decl = global
        }
        guard let decl, let body = decl.body else { return [] }
        let key = "\(scope.type?.name ?? "").\(name)(\(Evaluate.brief(call.arguments)))"
        guard expanded.insert(key).inserted else { return repeated(key) }
        let inner = scope.sameView(type: scope.type, file: file, names: scope.names, inlining: scope.inlining + ["()" + name])
        bind(parameters: decl.signature.parameterClause.parameters, call: call, from: scope, into: inner)
        let made = items(body.statements, inner)
        expandedViews[key] = made
        return made
    }

    /// A helper expanded again with the same arguments: the elements it gave, when they are only
    /// what it shows (text, images), so that a row or label built from it twice (two sections of
    /// one list) still has its name; nothing when they hold controls, links or focus bindings,
    /// which are there once (a portrait and a landscape layout of one `main()`).
    private func repeated(_ key: String) -> [DescriptionElement] {
        guard let made = expandedViews[key] else { return [] }
        func plain(_ e: DescriptionElement) -> Bool {
            ViewKind(name: e.name) != .interactive && e["focus"] == nil && e["on-tap"] == nil
                && e.children.allSatisfy(plain)
        }
        return made.allSatisfy(plain) ? made : []
    }

    func bind(parameters: FunctionParameterListSyntax, call: FunctionCallExprSyntax, from scope: Scope, into inner: Scope) {
        for (name, value) in Self.arguments(for: parameters, in: call) { inner.names[name] = bound(value, scope) }
    }

    /// What a call gives for each parameter of the function or `init` it calls, by the parameter's
    /// name inside the function: the argument of its label (unlabelled ones in order), a closure
    /// of its label, the trailing closure for the first function-typed parameter left, else its
    /// default value. Parameters given nothing are left out.
    static func arguments(
        for parameters: FunctionParameterListSyntax, in call: FunctionCallExprSyntax
    ) -> [(name: String, value: ExprSyntax)] {
        let args = Arguments(call)
        var unlabelled = args.unlabelled.makeIterator()
        var trailingUsed = false
        var out: [(name: String, value: ExprSyntax)] = []
        for parameter in parameters {
            let label = parameter.firstName.nameText
            var value: ExprSyntax? = label == "_" ? unlabelled.next() : args.labelled(label)
            if value == nil, let closure = args.closure(label) { value = ExprSyntax(closure) }
            if value == nil, !trailingUsed, let closure = args.trailing, parameter.type.trimmedNameText.contains("->") {
                value = ExprSyntax(closure)
                trailingUsed = true
            }
            guard let value = value ?? parameter.defaultValue?.value else { continue }
            out.append(((parameter.secondName ?? parameter.firstName).nameText, value))
        }
        return out
    }

    func bound(_ value: ExprSyntax, _ scope: Scope) -> Bound {
        if let closure = value.as(ClosureExprSyntax.self) { return .views(closure, scope) }
        if let text = Evaluate.literalString(value) { return .text(.literal(text)) }
        return .expression(value, scope)
    }

    // MARK: - Texts

    func textValue(_ expr: ExprSyntax, _ scope: Scope) -> TextValue? {
        if let s = Evaluate.literalString(expr) { return .literal(s) }
        if let literal = expr.as(StringLiteralExprSyntax.self) { return TextValue.interpolated(literal) }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let transformed = transformedText(member.declName.baseName.nameText, base, scope)
        {
            return transformed  // `title.uppercased()`
        }
        if let member = expr.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            Evaluate.isSelf(member.base)
        {
            // `Text(self.title)`: the view's own property, as `Text(title)`.
            return textValue(ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName)), scope)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base,
            let transformed = transformedText(member.declName.baseName.nameText, base, scope, property: true)
        {
            return transformed  // `title.capitalized`, `"Done".localized`
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            switch Evaluate.calledName(call) {
            case "Text", "LocalizedStringKey", "String", "NSLocalizedString", "LocalizedStringResource":
                let args = Arguments(call)
                if let first = args.firstUnlabelled ?? args.labelled("localized") ?? args.labelled("verbatim") {
                    return textValue(first, scope)
                }
            default: break
            }
            return .dynamic(Evaluate.brief(expr))
        }
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            switch scope.lookup(r.baseName.nameText) {
            case .text(let value)?: return value
            case .expression(let e, let from)?: return textValue(e, from)
            case .views?, .content?: return nil
            case nil: return .dynamic(r.baseName.nameText)
            }
        }
        if expr.is(ClosureExprSyntax.self) { return nil }
        return .dynamic(Evaluate.brief(expr))
    }

    /// A string changed by a method or property of `String` whose result is known when the string
    /// is: an empty title stays empty (`"".uppercased()`), others keep their words. Nil when the
    /// string is not known or the member is not one of these.
    private func transformedText(_ member: String, _ base: ExprSyntax, _ scope: Scope, property: Bool = false) -> TextValue? {
        let methods = ["uppercased", "lowercased", "localizedUppercase", "localizedLowercase"]
        let properties = ["capitalized", "localizedCapitalized", "localizedUppercase", "localizedLowercase", "localized"]
        guard property ? properties.contains(member) : methods.contains(member) else { return nil }
        guard case .literal(let text)? = textValue(base, scope) else { return nil }
        switch member {
        case "uppercased", "localizedUppercase": return .literal(text.uppercased())
        case "lowercased", "localizedLowercase": return .literal(text.lowercased())
        case "capitalized", "localizedCapitalized":
            var out = ""
            var start = true
            for ch in text {
                out += start ? ch.uppercased() : ch.lowercased()
                start = ch == " " || ch == "\n" || ch == "\t"
            }
            return .literal(out)
        default: return .literal(text)  // `localized`: a translation of the same words
        }
    }

    /// A string as VoiceOver would read it: a literal that looks like a localization key
    /// (`"account.edit.save-button"`) stands for a translation focusaudit does not read, so it is
    /// kept as a string computed at run time: a name, whose words are unknown.
    func shownText(_ expr: ExprSyntax, _ scope: Scope) -> TextValue? {
        guard let value = textValue(expr, scope) else { return nil }
        if case .literal(let s) = value, Self.looksLikeKey(s) { return .dynamic("\"" + s + "\"") }
        return value
    }

    static func looksLikeKey(_ s: String) -> Bool {
        guard s.contains("."), !s.hasPrefix("."), !s.hasSuffix(".") else { return false }
        return s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "." || c == "_" || c == "-"
        }
    }

    /// A view argument that is a `Text` (`Picker(selection:label:)`), its text.
    private func label(ofViewArgument expr: ExprSyntax?, _ scope: Scope) -> String? {
        guard let expr else { return nil }
        return shownText(expr, scope)?.text
    }

    // MARK: - Constructors

    private func make(_ name: String, _ node: some SyntaxProtocol, _ scope: Scope) -> DescriptionElement {
        DescriptionElement(name: name, origin: scope.callSite ?? project.origin(of: node, file: scope.file))
    }

    /// The title of a control: its first unlabelled argument when that is not a closure.
    private func title(_ args: Arguments, _ scope: Scope) -> TextValue? {
        guard let first = args.firstUnlabelled, !first.is(ClosureExprSyntax.self) else { return nil }
        if first.is(DeclReferenceExprSyntax.self), case .views? = scope.lookup(first.as(DeclReferenceExprSyntax.self)!.baseName.nameText) {
            return nil
        }
        return shownText(first, scope)
    }

    private func content(_ closure: ClosureExprSyntax?, _ scope: Scope) -> [DescriptionElement] {
        guard let closure else { return [] }
        return items(closure.statements, scope)
    }

    private func construct(
        _ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope, modifiers: [Modifier]
    )
        -> [DescriptionElement]
    {
        let args = Arguments(call)
        if Self.silent.contains(name) { return [] }
        switch name {
        case "Text":
            var e = make("Text", call, scope)
            e.text =
                args.labelled("verbatim").flatMap { textValue($0, scope)?.text }
                ?? args.firstUnlabelled.flatMap { shownText($0, scope)?.text }
            return [e]
        case "AsyncImage" where args.trailing != nil || args.closure("content") != nil:
            return [asyncImage(call, args, scope)]
        case "Image", "AsyncImage":
            var e = make("Image", call, scope)
            if let symbol = args.labelled("systemSymbol"), let member = symbol.as(MemberAccessExprSyntax.self) {
                // SFSafeSymbols' `Image(systemSymbol: .ellipsisCircle)`: the SF Symbol
                // `ellipsis.circle`, named by its case (https://github.com/SFSafeSymbols/SFSafeSymbols).
                e["system-name"] = Self.symbolName(ofCase: member.declName.baseName.nameText)
            } else if let symbol = args.labelled("systemName") {
                let name = textValue(symbol, scope)?.text ?? ""
                if name.allSatisfy(\.isWhitespace) {
                    // `Image(systemName: "")` names no symbol: SwiftUI draws nothing (it logs that no
                    // symbol has that name), so VoiceOver has nothing to read there.
                    e["decorative"] = "true"
                } else {
                    e["system-name"] = name
                }
            } else if let decorative = args.labelled("decorative") {
                let name = textValue(decorative, scope)?.text ?? ""
                if !name.allSatisfy(\.isWhitespace) { e["asset"] = name }
                e["decorative"] = "true"
            } else if let generated = args.labelled("asset"), let asset = Self.generatedAsset(generated, property: nil) {
                // SwiftGen's `Image(asset: Asset.Images.banner)`: the image `banner`.
                e["asset"] = asset
            } else if let asset = args.firstUnlabelled {
                if let member = asset.as(MemberAccessExprSyntax.self), member.base == nil {
                    e["asset"] = member.declName.baseName.nameText  // `Image(.logo)`: an image resource
                } else if let name = textValue(asset, scope)?.text, !name.allSatisfy(\.isWhitespace) {
                    e["asset"] = name
                } else {
                    // `Image("")` names no image, as `Image(systemName: "")` names no symbol: SwiftUI
                    // finds nothing in the asset catalog (it logs "No image named '' found in asset
                    // catalog") and draws nothing, so VoiceOver has nothing to read there. Not an
                    // asset of the description either, which must not be empty.
                    e["decorative"] = "true"
                }
                if let label = args.labelled("label"), let text = shownText(label, scope)?.text { e["label"] = text }
            }
            return [e]
        case "Label":
            var e = make("Label", call, scope)
            if let t = title(args, scope) {
                e.text = t.text
            } else if let titleClosure = args.closure("title") ?? args.trailing {
                e.children = content(titleClosure, scope)
            }
            if let icon = args.closure("icon") {
                e.children += content(icon, scope).map { Self.decorative($0) }
            }
            return [e]
        case "AnyView":
            // Type erasure: what it wraps, in place.
            return args.firstUnlabelled.map { views($0, scope) } ?? []
        case "ProgressView":
            var e = make("ProgressView", call, scope)
            e.text = title(args, scope)?.text
            return [e]
        case "Button", "EditButton", "PasteButton", "RenameButton":
            var e = make("Button", call, scope)
            if name == "EditButton" { e.text = "Edit" }
            if name == "PasteButton" { e.text = "Paste" }
            if name == "RenameButton" { e.text = "Rename" }
            if let t = title(args, scope) { e.text = t.text }
            let labelClosure: ClosureExprSyntax? =
                args.closure("label")
                ?? ((args.labelled("action") != nil || args.labelled("intent") != nil) ? args.trailing : nil)
            e.children = content(labelClosure, scope)
            Self.takeLabelSize(&e)
            Self.namedWithoutConditionalContent(&e)
            let action = args.closure("action") ?? (labelClosure == args.trailing ? nil : args.trailing)
            if let action {
                navigation(fromAction: Syntax(action), into: &e, scope)
            } else if let named = args.labelled("action") {
                navigation(fromAction: Syntax(named), into: &e, scope)
            }
            return [e]
        case "NavigationLink":
            var e = make("NavigationLink", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            var destination: Syntax?
            var labelClosure = args.closure("label")
            if let d = args.labelled("destination") {
                destination = Syntax(d)
                if labelClosure == nil { labelClosure = args.trailing }
            } else if labelClosure != nil || e.text != nil, let trailing = args.trailing {
                // `NavigationLink { Detail() } label: { … }`, `NavigationLink("Title") { Detail() }`.
                destination = Syntax(trailing)
            } else if args.labelled("value") != nil {
                labelClosure = labelClosure ?? args.trailing
            }
            if destination == nil, let d = args.closure("destination") { destination = Syntax(d) }
            // SwiftUI has no link whose one closure is its destination: a trailing closure with no title,
            // `destination:`, `value:` or `label:` is the label of a navigation library's link
            // (`NavigationLink(state: Path.State.detail(…)) { Row() }` in The Composable Architecture),
            // which pushes a value focusaudit cannot map to a view.
            let libraryLink = destination == nil && labelClosure == nil && e.text == nil && args.labelled("value") == nil
            if libraryLink { labelClosure = args.trailing }
            e.children = content(labelClosure, scope)
            Self.takeLabelSize(&e)
            Self.namedWithoutConditionalContent(&e)
            if let destination {
                e["destination"] = screens.destination(of: destination, in: scope, translator: self)
            } else if let value = args.labelled("value") {
                e["destination"] = valueDestination(value, scope)
            } else if libraryLink, labelClosure != nil {
                e["destination"] = screens.dynamicDestination()
            }
            if let target = e["destination"], args.labelled("isActive") != nil || args.labelled("selection") != nil {
                // `NavigationLink(isActive: $isActive) { D() } label: { Button("Go") { isActive = true } }`: the
                // button inside is part of the link (VoiceOver activates the link), and what it pushes is
                // the link's own push, not a second link.
                Self.dropNestedPush(&e.children, to: target)
            }
            if args.labelled("isActive") != nil || args.labelled("selection") != nil, e.children.isEmpty,
                (e.text ?? "").allSatisfy(\.isWhitespace)
            {
                // `NavigationLink(destination: D(), isActive: $showsD) { EmptyView() }`: a link with nothing
                // to show is there only to push when its state is set (by a button elsewhere); VoiceOver
                // has nothing to land on.
                e["hidden"] = "true"
                e.note = "a link with an empty label, pushed by setting its binding: not an element VoiceOver reaches"
            }
            return [e]
        case "Link":
            var e = make("Link", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            e.children = content(args.closure("label") ?? args.trailing, scope)
            Self.takeLabelSize(&e)
            Self.namedWithoutConditionalContent(&e)
            return [e]
        case "ShareLink":
            var e = make("ShareLink", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            e.children = content(args.closure("label") ?? args.trailing, scope)
            if e.text == nil && e.children.isEmpty { e.text = "Share" }
            return [e]
        case "Toggle", "Stepper", "DatePicker", "ColorPicker", "PhotosPicker", "Slider", "Gauge":
            var e = make(name, call, scope)
            if let t = title(args, scope) { e.text = t.text }
            e.children = content(args.closure("label") ?? args.trailing, scope)
            if e.text == nil, let l = label(ofViewArgument: args.labelled("label"), scope) { e.text = l }
            return [e]
        case "TextField", "SecureField":
            var e = make(name, call, scope)
            if let t = title(args, scope) { e.text = t.text }
            e.children = content(args.closure("label"), scope)
            return [e]
        case "TextEditor":
            return [make("TextEditor", call, scope)]
        case "Picker":
            var e = make("Picker", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            if let l = args.closure("label") { e.children = content(l, scope) }
            if e.text == nil, let l = label(ofViewArgument: args.labelled("label"), scope) { e.text = l }
            let segmented = modifiers.contains { m in
                m.name == "pickerStyle" && (m.args.firstUnlabelled?.trimmedNameText.contains("segmented") ?? false)
            }
            if segmented, (e.text ?? "").isEmpty {
                // Each segment is a button VoiceOver reads by its title ("Day, button, 1 of 3").
                e.children += content(args.closure("content") ?? args.trailing, scope)
            }
            return [e]
        case "Menu":
            var e = make("Menu", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            e.children = content(args.closure("label"), scope)
            Self.takeLabelSize(&e)
            Self.namedWithoutConditionalContent(&e)
            return [e]
        case "ForEach":
            let closure = args.closure("content") ?? args.trailing
            guard let closure else { return [] }
            let inner = scope.sameView(type: scope.type, file: scope.file, names: scope.names, inlining: scope.inlining)
            var rows = selectionRows(facts.selectionList) { items(closure.statements, inner) }
            markRepeated(&rows, data: args.firstUnlabelled, scope)
            bindOnlyWhere(&rows, closure)
            return rows
        case "Map" where args.labelled("annotationItems") != nil && project.type("Map") == nil:
            // MapKit's `Map(coordinateRegion:annotationItems:annotationContent:)` (iOS 14–16) draws its
            // content closure once for each item of `annotationItems`, as `ForEach` draws a row per
            // item (Apple's documentation of MapKit's `Map`, `init(coordinateRegion:…annotationItems:
            // annotationContent:)`): one representative annotation that stands for all of them.
            var e = make("Map", call, scope)
            e.note = "MapKit's Map: one annotation for each item of annotationItems"
            guard let closure = args.closure("annotationContent") ?? args.trailing else { return [e] }
            let inner = scope.sameView(type: scope.type, file: scope.file, names: scope.names, inlining: scope.inlining)
            e.children = items(closure.statements, inner)
            markRepeated(&e.children, data: args.labelled("annotationItems"), scope)
            bindOnlyWhere(&e.children, closure)
            return [e]
        case "List" where args.trailing != nil && !args.unlabelled.isEmpty:
            // `List(items) { item in … }`: one representative row.
            var e = make("List", call, scope)
            e.children = selectionRows(selectionTarget(args, scope)) { content(args.trailing, scope) }
            markRepeated(&e.children, data: args.firstUnlabelled, scope)
            if let trailing = args.trailing { bindOnlyWhere(&e.children, trailing) }
            return [e]
        case "List" where args.labelled("selection") != nil:
            // `List(selection: $selected) { ForEach(…) { … } }`: the rows of its `ForEach`es and those
            // tagged with `.tag(…)` are selected.
            var e = make("List", call, scope)
            let saved = facts.selectionList
            facts.selectionList = selectionTarget(args, scope)
            e.children = content(args.closure("content") ?? args.trailing, scope)
            facts.selectionList = saved
            return [e]
        case "Section":
            var e = make("Section", call, scope)
            if let t = title(args, scope) {
                var header = make("Text", call, scope)
                header.text = t.text
                e.children.append(header)
            }
            if let header = args.closure("header") {
                e.children += content(header, scope)
            } else if let h = args.labelled("header") {
                e.children += views(h, scope)
            }
            e.children += content(args.closure("content") ?? args.trailing, scope)
            if let footer = args.closure("footer") {
                e.children += content(footer, scope)
            } else if let f = args.labelled("footer") {
                e.children += views(f, scope)
            }
            return [e]
        case "TabView":
            var e = make("TabView", call, scope)
            guard let closure = args.closure("content") ?? args.trailing, splitsTabs(scope) else {
                e.children = content(args.closure("content") ?? args.trailing, scope)
                return [e]
            }
            var number = 0
            for statement in closure.statements {
                if isTabWrittenInPlace(statement) {
                    number += 1
                    facts.tabScreens.append(tabScreen(statement, number: number, scope))
                } else {
                    if isTab(statement) { number += 1 }
                    e.children += item(statement, scope)
                }
            }
            return [e]
        case "Tab":
            // iOS 18 `Tab("Friends", systemImage:) { FriendsView() }`.
            var e = make("Label", call, scope)
            if let t = title(args, scope) { e.text = t.text }
            var tab = make("Group", call, scope)
            tab.children = [e] + content(args.closure("content") ?? args.trailing, scope)
            return [tab]
        default:
            break
        }
        if Self.transparent.contains(name) {
            return content(args.closure("content") ?? args.trailing, scope)
        }
        if Self.containers.contains(name) {
            var e = make(name, call, scope)
            e.children = content(args.closure("content") ?? args.trailing, scope)
            if name == "GroupBox" || name == "DisclosureGroup", let t = title(args, scope) {
                var header = make("Text", call, scope)
                header.text = t.text
                e.children.insert(header, at: 0)
            }
            return [e]
        }
        return custom(name, call, scope)
    }

    /// Counts one more custom view or closure of views inlined into the screen; false past
    /// `maximumInlinedViews`, when it is not inlined.
    /// A number for one more use of a view or view modifier in the screen being translated.
    func nextInstance() -> Int {
        instances += 1
        return instances
    }

    private func spendInlining() -> Bool {
        guard inlinedViews < Self.maximumInlinedViews else { return false }
        inlinedViews += 1
        return true
    }

    /// A custom view: mapped by configuration, inlined from its declaration, or opaque.
    private func custom(_ name: String, _ call: FunctionCallExprSyntax, _ scope: Scope) -> [DescriptionElement] {
        let args = Arguments(call)
        if let mapping = components[name] {
            let role: String
            switch mapping.role {
            case "button": role = "Button"
            case "link": role = "Link"
            case "toggle": role = "Toggle"
            case "image": role = "Image"
            case "text": role = "Text"
            case "textfield", "text_field": role = "TextField"
            default: role = name
            }
            var e = make(role, call, scope)
            if let label = mapping.label {
                let value = label == "_" ? args.firstUnlabelled : args.labelled(label)
                if let value, let text = textValue(value, scope)?.text {
                    if role == "Image" { e["label"] = text } else { e.text = text }
                }
            }
            if mapping.decorative { e["decorative"] = "true" }
            return [e]
        }
        var e = make(name, call, scope)
        if screens.isScreen(name) || scope.inlining.contains(name) {
            if screens.isScreen(name), !scope.inlining.contains(name), !facts.shownInPlace.contains(where: { $0.view == name }) {
                facts.shownInPlace.append((name, e.origin))
            }
            return [e]
        }
        guard let type = project.type(name), type.kind == .view, let body = type.computed["body"] else {
            if name.hasSuffix("Image") {
                // `KFImage(url)`, `LazyImage`, `WebImage`: an image with no name of its own.
                var image = make("Image", call, scope)
                image.note = "\(name), read as an image"
                return [image]
            }
            // Declared elsewhere: a container of whatever its closure holds. What it shows is
            // unknown, so it is taken to show text (its string arguments, or an unknown name):
            // a control around it is not reported as unnamed.
            e.children = content(args.closure("content") ?? args.trailing, scope)
            if project.type(name) == nil, !project.otherTypes.contains(name) {
                // Views given in other closures (`header: { … }`, `trailing: { IconButton(…) }`) are
                // shown by it too, before its trailing content as in the source.
                e.children = viewSlots(call).flatMap { content($0, scope) } + e.children
                e.note = "declared outside the audited files: read as a container that may show text"
                let texts = call.arguments.compactMap { argument -> String? in
                    let v = argument.expression
                    guard
                        Evaluate.literalString(v) != nil || v.is(StringLiteralExprSyntax.self)
                            || v.as(FunctionCallExprSyntax.self).map({
                                ["Text", "LocalizedStringKey"].contains(Evaluate.calledName($0))
                            }) == true
                    else { return nil }
                    return textValue(v, scope)?.text
                }
                var shown = make("Text", call, scope)
                shown.text = texts.isEmpty ? "\\(" + name + ")" : texts.joined(separator: ", ")
                let showsViews = !e.children.isEmpty
                if !showsViews { e.children = [shown] }
                if let destination = screens.outsideViewDestination(call) {
                    // A navigation row of another module, given the view it pushes.
                    e["destination"] = screens.destination(of: destination, in: scope, translator: self)
                }
                externalActions(call, into: &e, scope)
                if e["on-tap"] != nil, showsViews {
                    // A control drawn around the views it is given: its title (or what it may show)
                    // comes first, and names it.
                    e.children.insert(shown, at: 0)
                }
            }
            return [e]
        }
        guard scope.inlining.count < Self.maximumInliningDepth else {
            e.note = "not inlined: custom views nest more than \(Self.maximumInliningDepth) levels deep here"
            return [e]
        }
        guard spendInlining() else {
            e.note = "not inlined: the screen inlines more than \(Self.maximumInlinedViews) custom views"
            return [e]
        }
        let inner = Scope(
            type: type, file: body.file, inlining: scope.inlining + [name],
            callSite: scope.callSite ?? project.origin(of: call, file: scope.file), instance: nextInstance())
        if bindInitialiser(of: type, call: call, from: scope, into: inner) {
            e.children = items(body.body, inner)
            return [e]
        }
        bindMemberwise(of: type, call: call, from: scope, into: inner, trailingClosureTo: Self.takesViews)
        e.children = items(body.body, inner)
        return [e]
    }

    /// Whether a custom view's stored property takes views (a closure, a generic `Content` or
    /// `Label`, a `View`, `some View`, a `@ViewBuilder`): where its memberwise initialiser takes a
    /// trailing closure.
    private static func takesViews(_ property: TypeInfo.Stored) -> Bool {
        let t = property.type
        return t.contains("->") || t == "Content" || t.hasSuffix("View") || t == "Label" || t.hasPrefix("some ")
            || property.wrappers.contains("ViewBuilder")
    }

    /// An image with no name of its own, nothing else inside: `Image(systemName:)` or `Image("asset")`
    /// without `accessibilityLabel`, not hidden and not decorative.
    static func isUnnamedImage(_ e: DescriptionElement) -> Bool {
        e.name == "Image" && e.children.isEmpty && e["label"] == nil && e["hidden"] != "true" && e["decorative"] != "true"
    }

    static func decorative(_ element: DescriptionElement) -> DescriptionElement {
        var e = element
        if e.name == "Image" { e["decorative"] = "true" }
        e.children = e.children.map(decorative)
        return e
    }

    // MARK: - Modifiers

    static let elementModifiers: Set<String> = [
        "accessibilityLabel", "accessibility", "accessibilityHint", "accessibilityValue", "accessibilityAddTraits",
        "accessibilityRemoveTraits", "accessibilityHeading", "accessibilityHidden", "hidden", "accessibilityElement",
        "accessibilityRepresentation", "accessibilityFocused", "onTapGesture", "simultaneousGesture", "gesture",
        "tabItem", "id",
    ]

    func apply(_ mod: Modifier, to elements: [DescriptionElement], _ scope: Scope) -> [DescriptionElement] {
        let args = mod.args
        switch mod.name {
        case "navigationTitle", "navigationBarTitle":
            // Written on the navigation container itself (`NavigationView { … }.navigationTitle("…")`),
            // the title is set on a view that is not inside the stack, and the bar shows none: the
            // bar shows the title of the view the stack displays ("when a view is navigated to inside
            // of a navigation stack, that view's title is displayed in the navigation bar",
            // https://developer.apple.com/documentation/swiftui/view/navigationtitle(_:)-avgj).
            if Self.navigationContainers.contains(Self.chainRootName(mod.call)) { return elements }
            if facts.title == nil, let first = args.firstUnlabelled, let t = shownText(first, scope) { facts.title = t.text }
            return elements
        case "accessibilityDefaultFocus":
            // iOS 26: `.accessibilityDefaultFocus($focus, .title)` declares where VoiceOver lands;
            // for a `Bool` state, `true` names the element bound with `.accessibilityFocused($state)`.
            let unlabelled = args.unlabelled
            if facts.defaultFocus == nil, unlabelled.count == 2 {
                let state = BindingText.state(Evaluate.brief(unlabelled[0]))
                let value = unlabelled[1]
                if let flag = Evaluate.bool(value) {
                    if flag { facts.defaultFocus = state }
                } else {
                    facts.defaultFocus = Evaluate.literalString(value) ?? Self.focusValue(Evaluate.brief(value))
                }
            }
            return elements
        case "disabled":
            // `.disabled(true)`: the controls inside are read ("dimmed") but cannot be activated, so
            // they go nowhere. A condition known only at run time changes nothing.
            guard let first = args.firstUnlabelled, Evaluate.bool(first) == true else { return elements }
            var out = elements
            for i in out.indices { Self.disable(&out[i]) }
            return out
        case "toolbar":
            guard let closure = args.closure("content") ?? args.trailing else { return elements }
            for item in closure.statements {
                let made = self.item(item, scope)
                if item.trimmedNameText.contains("bottomBar") || item.trimmedNameText.contains(".status") {
                    facts.trailingToolbar += made
                } else {
                    facts.leadingToolbar += made
                }
            }
            return elements
        case "navigationBarItems":
            // `.navigationBarItems(leading:trailing:)`, deprecated since iOS 14 but still common: the
            // views it is given are the navigation bar's items, read as `.toolbar`'s are.
            for side in ["leading", "trailing"] {
                if let view = args.labelled(side) { facts.leadingToolbar += views(view, scope) }
            }
            return elements
        case "sheet", "fullScreenCover", "popover":
            inlinePresentation(mod, scope)
            return elements
        case "swipeActions", "contextMenu":
            if let own = projectsOwnActionModifier(mod, scope) {
                // The project's own function of this name: applied as its other `View` extensions
                // are, so what its modifier draws is read where it is applied.
                return applyCustomModifier(mod, to: elements, scope, declaration: own) ?? elements
            }
            // A row's swipe actions and a context menu's items are not elements of the screen:
            // VoiceOver offers them as actions of the element they are on ("Actions available"),
            // each named by its button's label (SwiftUI lists them among the row cell's custom
            // actions, https://github.com/cashapp/AccessibilitySnapshot/pull/323, "VoiceOver
            // behavior (verified on device)"). They are read for their names, as a sheet written in
            // place is, at the end of the screen.
            let closure = args.closure("content") ?? args.closure("menuItems") ?? args.trailing
            var shown = content(closure, scope)
            guard !shown.isEmpty else { return elements }
            for i in shown.indices { Self.stripNavigation(&shown[i]) }
            let anchor: Syntax = mod.call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(mod.call)
            var group = make("Group", anchor, scope)
            group.children = shown
            group.note = "the actions of .\(mod.name) { … }: read for their names, not as elements of the screen"
            facts.inlinePresented.append(group)
            return elements
        case "tag":
            // A row of a `List(selection:)` written in place, tagged with the value it selects.
            guard facts.selectionList != nil else { return elements }
            var out = elements
            for i in out.indices { markSelectionRow(&out[i]) }
            return out
        case "overlay", "safeAreaInset":
            let content =
                self.content(args.closure("content") ?? args.trailing, scope)
                + (args.firstUnlabelled.map { views($0, scope) } ?? [])
            return elements + content
        case "background":
            // `.background { … }`: views behind the modified one. A view given as the argument is
            // most often decoration (a shape, a colour, a view of another module), and is read only
            // when it holds a control: `.background(link(id))`, a hidden `NavigationLink` that a
            // button's action pushes through its selection.
            var content = self.content(args.closure("content") ?? args.trailing, scope)
            if let view = args.firstUnlabelled {
                let behind = views(view, scope)
                if behind.contains(where: Self.holdsControl) { content += behind }
            }
            return content + elements
        default:
            break
        }
        if mod.name == "buttonStyle", let styled = applyButtonStyle(mod, to: elements, scope) {
            return applyTextAndLayout(mod, to: styled, scope)
        }
        if Self.textAndLayoutModifiers.contains(mod.name) { return applyTextAndLayout(mod, to: elements, scope) }
        if !Self.elementModifiers.contains(mod.name), let applied = applyCustomModifier(mod, to: elements, scope) {
            return applied
        }
        if !Self.elementModifiers.contains(mod.name), let given = viewsGivenToOtherModule(mod, scope) {
            return elements + given
        }
        guard Self.elementModifiers.contains(mod.name), !elements.isEmpty else { return elements }
        var e: DescriptionElement
        if elements.count == 1 {
            e = elements[0]
        } else {
            e = DescriptionElement(name: "Group", origin: elements[0].origin)
            e.children = elements
        }
        switch mod.name {
        case "accessibilityLabel":
            if let first = args.firstUnlabelled, let t = shownText(first, scope) { e["label"] = t.text }
        case "accessibility":
            // The API before iOS 14: `.accessibility(label: Text("…"))`, `hidden:`, `addTraits:`.
            if let l = args.labelled("label"), let t = shownText(l, scope) { e["label"] = t.text }
            if let h = args.labelled("hint"), let t = shownText(h, scope) { e["hint"] = t.text }
            if let v = args.labelled("value"), let t = textValue(v, scope) { e["value"] = t.text }
            if let h = args.labelled("hidden"), Evaluate.bool(h) == true { e["hidden"] = "true" }
            if let t = args.labelled("addTraits") { addTraits(t, to: &e) }
        case "accessibilityHint":
            if let first = args.firstUnlabelled, let t = shownText(first, scope) { e["hint"] = t.text }
        case "accessibilityValue":
            if let first = args.firstUnlabelled, let t = textValue(first, scope) { e["value"] = t.text }
        case "accessibilityAddTraits":
            if let first = args.firstUnlabelled { addTraits(first, to: &e) }
        case "accessibilityHeading":
            // Any heading level, `.unspecified` included, makes the view a heading.
            var traits = (e["traits"] ?? "").split(separator: " ").map(String.init)
            if !traits.contains("header") { traits.append("header") }
            e["traits"] = traits.joined(separator: " ")
        case "accessibilityRemoveTraits":
            if let first = args.firstUnlabelled {
                let removed = Set(Self.traits(in: first))
                let kept = (e["traits"] ?? "").split(separator: " ").map(String.init).filter { !removed.contains($0) }
                e["traits"] = kept.isEmpty ? nil : kept.joined(separator: " ")
            }
        case "accessibilityHidden":
            if let first = args.firstUnlabelled, Evaluate.bool(first) == true { e["hidden"] = "true" }
        case "hidden":
            e["hidden"] = "true"
        case "accessibilityElement":
            let children = args.labelled("children")?.trimmedNameText ?? ".ignore"
            if children.hasSuffix("combine") {
                e["children"] = "combine"
            } else if children.hasSuffix("contain") {
                e["children"] = "contain"
            } else {
                e["children"] = "ignore"
            }
        case "accessibilityRepresentation":
            if let closure = args.closure("representation") ?? args.trailing {
                let represented = content(closure, scope)
                if represented.count == 1 {
                    var r = represented[0]
                    r.origin = e.origin
                    r.note = "accessibility representation of \(e.name)"
                    for (name, value) in e.attributes
                    where r[name] == nil && ["label", "hint", "value", "hidden", "focus", "id"].contains(name) {
                        r[name] = value
                    }
                    e = r
                }
            }
        case "accessibilityFocused":
            // A focus state of the inlined view's (or view modifier's) own is a state of that use of
            // it: another use, elsewhere on the screen or around it, has its own, as each view has its
            // own `@State` (https://developer.apple.com/documentation/swiftui/accessibilityfocusstate,
            // https://developer.apple.com/documentation/swiftui/state). Its value is written with the
            // use it belongs to (`hasFocus(FocusOnAppear#2)`), so two uses do not share one value.
            var ownUse: String?
            if let first = args.firstUnlabelled {
                let state = BindingText.state(Evaluate.brief(first))
                let ownState =
                    scope.callSite != nil && scope.lookup(state) == nil
                    && (scope.type?.stored.contains { $0.name == state && $0.wrappers.contains("AccessibilityFocusState") } ?? false)
                let given = args.labelled("equals").map { Self.referencedNames(Syntax($0)).contains { scope.lookup($0) != nil } } ?? false
                if ownState || given { facts.focusPerInstance.insert(e.origin) }
                if ownState, scope.instance > 0, let type = scope.type { ownUse = type.name + "#" + String(scope.instance) }
            }
            if let value = args.labelled("equals"), Evaluate.bool(value) == true, let first = args.firstUnlabelled {
                // `.accessibilityFocused($isMuteFocused, equals: true)` is the `Bool` form: the
                // element is named by its own state, as with `.accessibilityFocused($isMuteFocused)`,
                // so buttons bound to different states do not share a value.
                e["focus"] = BindingText.state(Evaluate.brief(first))
            } else if let value = args.labelled("equals") {
                let bound = Evaluate.literalString(value) ?? Self.focusValue(Evaluate.brief(value))
                e["focus"] = bound
                if let first = args.firstUnlabelled {
                    facts.focusStates[e.origin] = (bound, BindingText.state(Evaluate.brief(first)))
                }
            } else if let first = args.firstUnlabelled {
                e["focus"] = BindingText.state(Evaluate.brief(first))
            }
            if let ownUse, let value = e["focus"] {
                let written = value + "(" + ownUse + ")"
                e["focus"] = written
                if let binding = facts.focusStates[e.origin], binding.value == value {
                    facts.focusStates[e.origin] = (written, binding.state)
                }
            }
        case "onTapGesture":
            // A control already announces how to activate it; the gesture matters on other views.
            // A container that holds controls of its own is not made one element by a gesture:
            // its buttons and fields stay elements, and the tap is on its background (a tap that
            // clears focus or hides the keyboard), not a control of its own.
            guard !Self.containsControls(e) else { break }
            if ViewKind(name: e.name) != .interactive { e["on-tap"] = "true" }
            if let closure = args.closure("perform") ?? args.trailing { navigation(fromAction: Syntax(closure), into: &e, scope) }
        case "simultaneousGesture", "gesture":
            if let first = args.firstUnlabelled, first.trimmedNameText.hasPrefix("TapGesture"),
                ViewKind(name: e.name) != .interactive, !Self.containsControls(e)
            {
                e["on-tap"] = "true"
            }
        case "tabItem":
            if let closure = args.closure("label") ?? args.trailing {
                let shown = content(closure, scope)
                if !shown.isEmpty, shown.allSatisfy(Self.isUnnamedImage) {
                    // The tab bar shows the label as the tab's button, named by its text. A label of
                    // images only (`.tabItem { Image(systemName: "a.circle") }`) leaves the button
                    // the image's name alone: the symbol's or the asset's.
                    var tab = make("Button", Syntax(closure), scope)
                    tab["traits"] = "tab"
                    tab.children = shown
                    e.children.append(tab)
                } else {
                    e.children += shown.map { Self.decorative($0) }
                }
            }
        case "id":
            if let first = args.firstUnlabelled, let s = Evaluate.literalString(first) { e["id"] = s }
        default:
            break
        }
        return [e]
    }

    /// Where a value link or push goes (`ScreenCatalog.destination(ofValue:in:)`); when it goes
    /// nowhere known because only the value's case is unknown, the views of that type's cases are
    /// kept to be reached by the rows the representative one stands for.
    private func valueDestination(_ value: ExprSyntax, _ scope: Scope) -> String {
        let target = screens.destination(ofValue: value, in: scope)
        if target == ScreenCatalog.dynamicID {
            for view in screens.caseViews(ofValue: value, in: scope) where !facts.rowCases.contains(where: { $0.view == view }) {
                facts.rowCases.append((view, scope.callSite ?? project.origin(of: value, file: scope.file)))
            }
        }
        return target
    }

    /// Takes what activating a control would do off a disabled view and the controls inside it.
    static func disable(_ e: inout DescriptionElement) {
        for attribute in ["destination", "push", "sheet", "full-screen-cover", "popover", "dismiss", "pop-to-root", "on-tap"] {
            e[attribute] = nil
        }
        for i in e.children.indices { disable(&e.children[i]) }
    }

    /// Whether a view holds, among its visible descendants, a control of its own: a button, field
    /// or other interactive view, a tappable view, or a link.
    static func containsControls(_ e: DescriptionElement) -> Bool {
        e.children.contains { c in
            guard c["hidden"] != "true" else { return false }
            if ViewKind(name: c.name) == .interactive { return true }
            if ["on-tap", "push", "destination", "sheet", "full-screen-cover", "popover"].contains(where: { c[$0] != nil }) {
                return true
            }
            return containsControls(c)
        }
    }

    /// Whether an element is, or holds, a control or a link, hidden or not. Unlike
    /// `containsControls(_:)`, which asks whether a container has controls a user can reach (and so
    /// is not one element under a tap gesture), this asks whether a view given to `.background(_:)`
    /// carries navigation worth reading: there a hidden `NavigationLink` that a button's action
    /// pushes through its binding is the usual case, and a tap gesture is decoration.
    static func holdsControl(_ e: DescriptionElement) -> Bool {
        ViewKind(name: e.name) == .interactive || e["destination"] != nil || e["push"] != nil || e.children.contains(where: holdsControl)
    }

    /// A sheet, cover or popover whose content is written in place rather than a view type: its
    /// views are read (a close button in its toolbar is audited like any other), kept at the end of
    /// the presenting screen without the navigation and focus attributes they would have on a screen
    /// of their own, and with their own title and toolbar items inside them.
    private func inlinePresentation(_ mod: Modifier, _ scope: Scope) {
        let args = mod.args
        guard let closure = args.closure("content") ?? args.trailing,
            screens.viewType(in: Syntax(closure), type: scope.type) == nil
        else { return }
        let saved = (facts.title, facts.defaultFocus, facts.leadingToolbar, facts.trailingToolbar)
        facts.leadingToolbar = []
        facts.trailingToolbar = []
        let anchor: Syntax = mod.call.calledExpression.as(MemberAccessExprSyntax.self).map { Syntax($0.declName) } ?? Syntax(mod.call)
        let place = make("Group", anchor, scope).origin
        var shown = content(closure, scope)
        if !facts.leadingToolbar.isEmpty { shown.insert(toolbar(facts.leadingToolbar, origin: place), at: 0) }
        if !facts.trailingToolbar.isEmpty { shown.append(toolbar(facts.trailingToolbar, origin: place)) }
        (facts.title, facts.defaultFocus, facts.leadingToolbar, facts.trailingToolbar) = saved
        guard !shown.isEmpty else { return }
        for i in shown.indices { Self.stripNavigation(&shown[i]) }
        var group = DescriptionElement(name: "Group", origin: place)
        group.children = shown
        group.note = "shown by .\(mod.name) { … }: read for what it shows, not as a screen"
        facts.inlinePresented.append(group)
    }

    /// SwiftUI's modifiers that take a view to draw as decoration, that show it where VoiceOver
    /// does not read it as part of the screen (an alert's buttons are not read, see docs/swiftui.md),
    /// or that present or push it (read as navigation, `ScreenCatalog`).
    static let decorationModifiers: Set<String> = [
        "mask", "clipShape", "contentShape", "border", "listRowBackground", "containerBackground",
        "presentationBackground", "scrollContentBackground", "backgroundStyle", "alert", "confirmationDialog",
        "navigationDestination", "inspector", "accessibilityActions", "accessibilityRotor", "searchSuggestions",
    ]

    /// Views of the audited files given to a modifier of another module, as an argument
    /// (`.navigationBarLargeTitleItems(trailing: ProfileIcon())`) or as the only view of a closure
    /// (`.popup(isPresented: $shows) { PopupCard() }`): the other module draws them on the screen
    /// (in its navigation bar, over its content), so they are read with the modified view, as
    /// `.overlay` content is. Only views the audited files declare that are not screens are taken
    /// (not what a navigation modifier of another module pushes): an argument of
    /// another kind (a model, a colour, a view of another module) or a closure of actions says
    /// nothing that can be read. Nil when there is none.
    private func viewsGivenToOtherModule(_ mod: Modifier, _ scope: Scope) -> [DescriptionElement]? {
        guard mod.call.calledExpression.is(MemberAccessExprSyntax.self), !Self.decorationModifiers.contains(mod.name),
            project.functions.refs[mod.name] == nil, project.type(mod.name) == nil
        else { return nil }
        func auditedView(_ expr: ExprSyntax) -> Bool {
            guard let call = expr.as(FunctionCallExprSyntax.self), call.calledExpression.is(DeclReferenceExprSyntax.self),
                let type = project.type(Evaluate.calledName(call))
            else { return false }
            // A screen (a destination, a presented view) is reached through its navigation, and
            // audited in its own code.
            return type.kind == .view && !screens.isScreen(type.name)
        }
        var given: [DescriptionElement] = []
        for argument in mod.call.arguments {
            let value = argument.expression
            if auditedView(value) {
                given += views(value, scope)
            } else if let closure = value.as(ClosureExprSyntax.self) {
                given += viewsOfClosure(closure)
            }
        }
        for closure in [mod.call.trailingClosure].compactMap({ $0 }) + mod.call.additionalTrailingClosures.map(\.closure) {
            given += viewsOfClosure(closure)
        }
        func viewsOfClosure(_ closure: ClosureExprSyntax) -> [DescriptionElement] {
            guard closure.statements.count == 1, let only = closure.statements.first,
                let expr = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression,
                auditedView(expr)
            else { return [] }
            return views(expr, scope)
        }
        return given.isEmpty ? nil : given
    }

    /// Whether the tabs a `TabView` writes in place are read as screens of their own: in the screen's
    /// own code (not a view inlined into another screen), on a screen that does not move VoiceOver
    /// focus itself, whose restoration could not be given to one tab. Otherwise they stay part of
    /// the screen, as before.
    private func splitsTabs(_ scope: Scope) -> Bool {
        guard scope.callSite == nil, scope.type?.name == screenType.name, screenType.kind == .view else { return false }
        let focus = facts.focus
        return focus.appearRestores.isEmpty && focus.fixedRestores.isEmpty && focus.dismissRestores.isEmpty
    }

    /// The view a statement of a `TabView`'s content makes, under its modifiers, and their names.
    private func tabStatement(_ statement: CodeBlockItemSyntax) -> (base: FunctionCallExprSyntax, modifiers: [String])? {
        guard var expr = statement.item.as(ExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression
        else { return nil }
        var modifiers: [String] = []
        while let c = expr.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
            let base = m.base
        {
            modifiers.append(m.declName.baseName.nameText)
            expr = base
        }
        guard let made = expr.as(FunctionCallExprSyntax.self) else { return nil }
        return (made, modifiers)
    }

    /// A statement of a `TabView`'s content that is a tab: a view with `.tabItem { … }`, or an iOS 18
    /// `Tab(…) { … }`.
    private func isTab(_ statement: CodeBlockItemSyntax) -> Bool {
        guard let (base, modifiers) = tabStatement(statement) else { return false }
        return modifiers.contains("tabItem") || Evaluate.calledName(base) == "Tab"
    }

    /// A tab whose content is written in place (`VStack { Text("Welcome") }.tabItem { … }`,
    /// `NavigationStack { List { … } }.tabItem { … }`), not a view type of the audited files (which
    /// is a screen of its own already, `ScreenCatalog.tabContents`).
    private func isTabWrittenInPlace(_ statement: CodeBlockItemSyntax) -> Bool {
        guard isTab(statement), let (base, _) = tabStatement(statement) else { return false }
        var shown = base
        if Evaluate.calledName(base) == "Tab" {
            guard let content = Arguments(base).closure("content") ?? base.trailingClosure else { return false }
            guard content.statements.count == 1, let only = content.statements.first,
                let inner = only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression,
                let call = inner.as(FunctionCallExprSyntax.self)
            else { return true }
            shown = call
        }
        if let t = project.type(Evaluate.calledName(shown)), t.kind == .view { return false }
        return true
    }

    /// A tab written in place as a screen of its own, `<Type>.tab<n>`: the tab bar selects it rather
    /// than navigating to it, so it is a root, and what VoiceOver reads first on it, its navigation
    /// title (`.navigationTitle` inside the tab) and its toolbar are its own, not another tab's (a
    /// tab showing `VStack { Text("Welcome").font(.largeTitle) }` beside a tab with a titled
    /// `NavigationStack` has no title). SwiftUI keeps each tab's content apart and shows one at a
    /// time (https://developer.apple.com/documentation/swiftui/tabview).
    private func tabScreen(_ statement: CodeBlockItemSyntax, number: Int, _ scope: Scope) -> DescriptionElement {
        let saved = (facts.title, facts.defaultFocus, facts.leadingToolbar, facts.trailingToolbar)
        facts.title = nil
        facts.defaultFocus = nil
        facts.leadingToolbar = []
        facts.trailingToolbar = []
        let origin = make("Group", statement, scope).origin
        var tab = DescriptionElement(name: "screen", origin: origin)
        tab["id"] = "\(screenType.name).tab\(number)"
        var children: [DescriptionElement] = []
        let shown = item(statement, scope)
        if !facts.leadingToolbar.isEmpty { children.append(toolbar(facts.leadingToolbar, origin: origin)) }
        children += shown
        if !facts.trailingToolbar.isEmpty { children.append(toolbar(facts.trailingToolbar, origin: origin)) }
        if let title = facts.title { tab["title"] = title }
        tab["root"] = "true"
        if let value = facts.defaultFocus { tab["default-focus"] = value }
        tab.children = children
        tab.note = "tab \(number) of \(screenType.name)'s TabView, written in place: a screen of its own"
        (facts.title, facts.defaultFocus, facts.leadingToolbar, facts.trailingToolbar) = saved
        return tab
    }

    /// Takes off what an element would do as part of a screen's navigation and focus (links,
    /// presentations, focus bindings), for views read only for what they show.
    static func stripNavigation(_ e: inout DescriptionElement) {
        for name in [
            "destination", "push", "sheet", "full-screen-cover", "popover", "dismiss", "pop-to-root", "focus",
            "restore-focus", "capture",
        ] {
            e[name] = nil
        }
        for i in e.children.indices { stripNavigation(&e.children[i]) }
    }

    private func addTraits(_ expr: ExprSyntax, to e: inout DescriptionElement) {
        var traits = (e["traits"] ?? "").split(separator: " ").map(String.init)
        for t in Self.traits(in: expr) where !traits.contains(t) { traits.append(t) }
        e["traits"] = traits.isEmpty ? nil : traits.joined(separator: " ")
    }

    static func traits(in expr: ExprSyntax) -> [String] {
        var out: [String] = []
        for member in expr.descendants(MemberAccessExprSyntax.self) {
            switch member.declName.baseName.nameText {
            case "isButton": out.append("button")
            case "isHeader": out.append("header")
            case "isImage": out.append("image")
            case "isLink": out.append("link")
            case "isSelected": out.append("selected")
            case "isStaticText": out.append("staticText")
            case "isSearchField": out.append("searchField")
            case "isModal": out.append("isModal")
            case "isSummaryElement": out.append("summaryElement")
            default: break
            }
        }
        return out
    }

    // MARK: - Navigation from actions

    /// The code an action runs: the closure, or the body of the view's method it names, and the
    /// bodies of the view's own methods that code calls (one level).
    private func actionCode(_ action: Syntax, in type: TypeInfo? = nil) -> [WalkedCode] {
        // The methods of the view whose code holds the action (a view inlined into the screen has its
        // own), else the screen's.
        func method(_ name: String) -> CodeBlockSyntax? {
            type?.methods[name]?.decl.body ?? screenType?.methods[name]?.decl.body
        }
        var body = action
        if let r = action.as(DeclReferenceExprSyntax.self), let method = method(r.baseName.nameText) {
            body = Syntax(method)
        }
        let walked = walk(body)
        var code = [walked]
        for call in walked.calls {
            if let r = call.calledExpression.as(DeclReferenceExprSyntax.self),
                let method = method(r.baseName.nameText)
            {
                code.append(walk(Syntax(method)))
            }
        }
        return code
    }

    /// The calls and sequences of a piece of code, walked once per screen.
    private func walk(_ node: Syntax) -> WalkedCode {
        if let known = walkedActions[node.id] { return known }
        let walked = WalkedCode(node)
        walkedActions[node.id] = walked
        return walked
    }

    /// Calls that push a route onto a navigation path or router (`path.append(.profile)`).
    static let pushVerbs: Set<String> = ["append", "push", "navigate", "navigateTo"]

    /// A name that starts with a platform's name spelled as Apple does and goes on with a capital
    /// (`iOSHubView`, `macOSSidebar`, `tvOSTile`, `watchOSRow`, `visionOSPanel`).
    static func isPlatformPrefixedTypeName(_ name: String) -> Bool {
        for prefix in ["iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS"] where name.hasPrefix(prefix) {
            if let next = name.dropFirst(prefix.count).first, next.isUppercase { return true }
        }
        return false
    }

    /// A push verb, or a router's push method named for what it pushes (`router.pushGame(kind:)`,
    /// `coordinator.pushDetail(item)`): `push` followed by a capitalised word. `pushesSeen()` is not one.
    static func isPushVerb(_ name: String) -> Bool {
        if pushVerbs.contains(name) { return true }
        guard name.hasPrefix("push"), let next = name.dropFirst(4).first else { return false }
        return next.isUppercase
    }

    /// What a control's action does: pushes (`path.append`, a state that drives
    /// `navigationDestination(isPresented:)`), presents a sheet or cover, dismisses, pops to the root.
    /// A view of another module given an action closure that navigates (`ActivityCell(item) {
    /// navigator.navigate(to: …) }`, `ResultRow(item: item, onTap: { selected = item })` with
    /// `selected` driving `.navigationDestination(item:)`): the row is what the user activates, so it
    /// is read as the link. Closures that show views (its content) are not actions.
    private func externalActions(_ call: FunctionCallExprSyntax, into e: inout DescriptionElement, _ scope: Scope) {
        var actions: [Syntax] = []
        let slots = Set(viewSlots(call).map(\.id))
        for argument in call.arguments where argument.label?.nameText != "content" {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                // A closure that shows views is content, not an action (see `viewSlots`).
                if slots.contains(closure.id) { continue }
                actions.append(Syntax(closure))
            } else if argument.expression.is(MemberAccessExprSyntax.self) {
                // A method named as the action (`onSelect: viewModel.open(_:)`): followed only when
                // it is a method of a model of the audited files.
                actions.append(Syntax(argument.expression))
            } else if let r = argument.expression.as(DeclReferenceExprSyntax.self),
                (scope.type ?? screenType)?.methods[r.baseName.nameText] != nil || scope.lookup(r.baseName.nameText) != nil
            {
                // The view's own method named as the action (`GuideFooter(onBasics: openBasics)`):
                // the other module calls it as it would a closure written there.
                actions.append(Syntax(argument.expression))
            }
        }
        for extra in call.additionalTrailingClosures where extra.label.nameText != "content" && !slots.contains(extra.closure.id) {
            actions.append(Syntax(extra.closure))
        }
        var tapAction: Syntax?
        if let trailing = call.trailingClosure, content(trailing, scope).isEmpty {
            actions.append(Syntax(trailing))
            tapAction = Syntax(trailing)
        }
        if let action = call.arguments.first(where: { $0.label?.nameText == "action" })?.expression.as(ClosureExprSyntax.self) {
            tapAction = tapAction ?? Syntax(action)
        }
        var rows: [DescriptionElement] = []
        var plainTap = false
        for action in actions {
            var probe = DescriptionElement(name: e.name, origin: e.origin)
            navigation(fromAction: action, into: &probe, scope)
            let kinds = ["push", "sheet", "full-screen-cover", "popover"].filter { probe[$0] != nil }
            if kinds.isEmpty, action.id == tapAction?.id, !Self.takesItem(action) { plainTap = true }
            guard !kinds.isEmpty else { continue }
            if Self.takesItem(action) {
                // Called with the item of the row that was activated (`onOpen: { playbackMemo = $0 }`,
                // `onSelect: { memo in … }`, `onSelect: viewModel.open(_:)`): the view draws rows, each a
                // control of its own. One representative row is kept, after what the view shows.
                var row = DescriptionElement(name: e.name, origin: e.origin)
                for kind in kinds { row[kind] = probe[kind] }
                var shown = DescriptionElement(name: "Text", origin: e.origin)
                shown.text = "\\(row of " + e.name + ")"
                row.children = [shown]
                row.note = "a row drawn by \(e.name) (declared outside the audited files), whose action navigates"
                row["repeated"] = "true"
                rows.append(row)
                continue
            }
            for kind in kinds where e[kind] == nil { e[kind] = probe[kind] }
        }
        let kinds = ["push", "sheet", "full-screen-cover", "popover"]
        if rows.isEmpty, plainTap, !kinds.contains(where: { e[$0] != nil }), !Self.containsControls(e) {
            // Given the action it runs when tapped, as its trailing closure or `action:`
            // (`SettingsRow("Help") { openHelp() } trailing: { Image("external") }`): a button drawn
            // around what it shows, as a navigating one is a link. What it shows is part of the
            // button (a button's label content is merged into the one element VoiceOver reads,
            // https://developer.apple.com/documentation/swiftui/button), not an element of its own.
            e["on-tap"] = "true"
            e["traits"] = "button"
            e.note = "declared outside the audited files, given the action it runs: read as a button around what it shows"
        }
        guard !rows.isEmpty else { return }
        // The view is a list: its rows, and whatever else it shows, are elements of their own, and the
        // activated row is one of several, so the view as a whole is not what VoiceOver lands on.
        var children = e.children
        if kinds.contains(where: { e[$0] != nil }) {
            // Its other actions (a "new" button it draws) are another control of the view.
            var other = DescriptionElement(name: e.name, origin: e.origin)
            for kind in kinds {
                other[kind] = e[kind]
                e[kind] = nil
            }
            var shown = DescriptionElement(name: "Text", origin: e.origin)
            shown.text = "\\(" + e.name + ")"
            other.children = [shown]
            children.append(other)
        }
        if e.children.isEmpty {
            var shown = DescriptionElement(name: "Text", origin: e.origin)
            shown.text = "\\(" + e.name + ")"
            children.insert(shown, at: 0)
        }
        e.children = children + rows
        e.note = "declared outside the audited files: read as a list whose rows navigate"
    }

    /// The closures, other than the content or trailing closure, that a view of another module is
    /// given to show (`header: { Text("…") }`, `trailing: { IconButton("info") { … } }`): closures
    /// whose code is views. A closure that only makes a value (`create: { LessonModel() }`) or runs
    /// statements is not one: a call counts as a view when it is one of SwiftUI's or the project's
    /// views, is given a closure, or has a modifier applied (`Badge(count).padding()`).
    private func viewSlots(_ call: FunctionCallExprSyntax) -> [ClosureExprSyntax] {
        var closures: [ClosureExprSyntax] = []
        // Not `destination:`: the view a navigation row pushes is another screen, not shown in place.
        let notShown: Set<String> = ["content", "destination"]
        for argument in call.arguments where argument.label != nil && !notShown.contains(argument.label?.nameText ?? "") {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { closures.append(closure) }
        }
        for extra in call.additionalTrailingClosures where !notShown.contains(extra.label.nameText) { closures.append(extra.closure) }
        return closures.filter { closure in
            guard closure.signature == nil, !closure.statements.isEmpty else { return false }
            return closure.statements.allSatisfy { item in
                switch item.item {
                case .expr(let expr): return showsView(expr)
                case .stmt(let stmt): return stmt.is(ExpressionStmtSyntax.self)
                default: return false
                }
            }
        }
    }

    /// Whether an expression written as a statement of a closure is a view (see `viewSlots`).
    private func showsView(_ expr: ExprSyntax) -> Bool {
        if expr.is(IfExprSyntax.self) || expr.is(SwitchExprSyntax.self) { return true }
        guard let call = expr.as(FunctionCallExprSyntax.self) else { return false }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            // `X(…).modifier(…)`: a view with a modifier applied, when its base is a call.
            return base.is(FunctionCallExprSyntax.self)
        }
        let name = Evaluate.calledName(call)
        if ViewKind(name: name) != .custom || Self.containers.contains(name) || Self.silent.contains(name) || Self.transparent.contains(name) {
            return true
        }
        if project.type(name)?.kind == .view { return true }
        return call.trailingClosure != nil
    }

    /// Whether an action of another module's view is called with an item (a row's): a closure with
    /// parameters or one that uses `$0`, or a method named with argument labels (`open(_:)`).
    static func takesItem(_ action: Syntax) -> Bool {
        if let closure = action.as(ClosureExprSyntax.self) {
            if closure.signature?.parameterClause != nil { return true }
            return closure.statements.descendants(DeclReferenceExprSyntax.self).contains {
                if case .dollarIdentifier = $0.baseName.tokenKind { return true }
                return false
            }
        }
        if let m = action.as(MemberAccessExprSyntax.self), let names = m.declName.argumentNames {
            return !names.arguments.isEmpty
        }
        return false
    }

    private func navigation(fromAction action: Syntax, into e: inout DescriptionElement, _ scope: Scope, depth: Int = 0) {
        // A method of a view model or router named as the action (`onSelect: viewModel.open(_:)`).
        if let m = action.as(MemberAccessExprSyntax.self), let owner = m.base.map({ Self.ownerName($0) }) ?? nil {
            modelNavigation(owner: owner, method: m.declName.baseName.nameText, arguments: nil, into: &e, scope, depth: 0)
            return
        }
        // A closure the custom view was given (`Button(title) { onButtonTapped() }`, `Button(action:
        // onTap)`): what the caller passed, read where it was passed.
        if let r = action.as(DeclReferenceExprSyntax.self), scope.lookup(r.baseName.nameText) != nil {
            passedAction(r.baseName.nameText, into: &e, scope, depth: depth)
            return
        }
        // The view's own method named as the action (`onBasics: openBasics`): its code, and the
        // closures the view was given that it calls (`Button("Reminders", action: openReminders)`
        // with `func openReminders() { if ready { onOpenReminders() } }`), as for a closure action.
        if let r = action.as(DeclReferenceExprSyntax.self),
            let body = (scope.type ?? screenType)?.methods[r.baseName.nameText]?.decl.body
        {
            let node = walk(Syntax(body))
            navigation(in: node, owner: nil, parameters: [:], into: &e, scope, depth: 0)
            passedActions(calledIn: node, into: &e, scope, depth: depth)
            return
        }
        for node in actionCode(action, in: scope.type) {
            navigation(in: node, owner: nil, parameters: [:], into: &e, scope, depth: 0)
            passedActions(calledIn: node, into: &e, scope, depth: depth)
        }
    }

    /// Follows each closure property of an inlined custom view that `node` calls
    /// (`onOpenReminders()`) to what its caller gave (`passedAction`).
    private func passedActions(calledIn node: WalkedCode, into e: inout DescriptionElement, _ scope: Scope, depth: Int) {
        for call in node.calls {
            guard let r = call.calledExpression.as(DeclReferenceExprSyntax.self), scope.lookup(r.baseName.nameText) != nil
            else { continue }
            passedAction(r.baseName.nameText, into: &e, scope, depth: depth)
        }
    }

    /// Follows a closure property of an inlined custom view to what its caller gave: a closure, a
    /// method of the caller's view (`onLevelUpsTapped: onLevelUpsTapped`), or a closure property the
    /// caller was itself given, a few views up.
    private func passedAction(_ name: String, into e: inout DescriptionElement, _ scope: Scope, depth: Int) {
        guard depth < 6, case .expression(let value, let outer)? = scope.lookup(name) ?? nil else {
            if depth < 6, case .views(let closure, let outer)? = scope.lookup(name) {
                navigation(fromAction: Syntax(closure), into: &e, outer, depth: depth + 1)
            }
            return
        }
        if let r = value.as(DeclReferenceExprSyntax.self) {
            let method = r.baseName.nameText
            if outer.lookup(method) != nil {
                passedAction(method, into: &e, outer, depth: depth + 1)
            } else if let body = (outer.type ?? screenType)?.methods[method]?.decl.body {
                let node = walk(Syntax(body))
                navigation(in: node, owner: nil, parameters: [:], into: &e, outer, depth: 0)
                passedActions(calledIn: node, into: &e, outer, depth: depth + 1)
            }
        } else if value.is(MemberAccessExprSyntax.self) {
            navigation(fromAction: Syntax(value), into: &e, outer, depth: depth + 1)
        }
    }

    /// What one piece of action code does. `owner`: the view's property whose method this code is
    /// (`viewModel` for the code of `viewModel.showDetail(item)`), so that the model's
    /// `destination = …` is the view's `viewModel.destination`; `parameters`: that method's
    /// parameters bound to the call's arguments.
    private func navigation(
        in node: WalkedCode, owner: String?, parameters: [String: ExprSyntax], into e: inout DescriptionElement,
        _ scope: Scope, depth: Int
    ) {
        func state(_ name: String) -> String { owner.map { $0 + "." + name } ?? name }
        for seq in node.sequences {
            guard let (name, value) = Self.assignedState(seq) else { continue }
            let key = state(name)
            // `path = [32]`, `path = [.settings, .privacy]`: the stack shows the path's last value.
            if Self.isNavigator(name), let array = value.as(ArrayExprSyntax.self), var last = array.elements.last?.expression {
                if let r = last.as(DeclReferenceExprSyntax.self), let bound = parameters[r.baseName.nameText] { last = bound }
                e["push"] = valueDestination(last, scope)
                continue
            }
            if let p = facts.presentations[key], !value.is(NilLiteralExprSyntax.self), Evaluate.bool(value) != false {
                facts.triggered.insert(key)
                // `selection = 2` with `NavigationLink(…, tag: 2, selection: $selection)`: that tag's link.
                e[p.kind] = p.tags[value.trimmedNameText] ?? p.destination
                markDismissal(&e, state: key, kind: p.kind)
            }
        }
        for call in node.calls {
            let name = Evaluate.calledName(call)
            let callOwner = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { Self.ownerName($0) } ?? nil
            // `store.send(.updateDestination(.about))`, with `.navigationDestination(isPresented:
            // store.bindingFor(.about))`: the presentation whose model binding names a case sent here.
            if owner == nil, let callOwner, let key = routedPresentation(call, model: callOwner), let p = facts.presentations[key] {
                facts.triggered.insert(key)
                e[p.kind] = p.destination
                markDismissal(&e, state: key, kind: p.kind)
            }
            switch name {
            case "toggle":
                if let callOwner, let p = facts.presentations[state(callOwner)] {
                    facts.triggered.insert(state(callOwner))
                    e[p.kind] = p.destination
                    markDismissal(&e, state: state(callOwner), kind: p.kind)
                }
            case _ where Self.isPushVerb(name) && callOwner.map(Self.isNavigator) == true:
                // `path.append(.profile)`, `router.push(.settings)`: only on something that
                // is a navigation path or router by its name (an array's `append` is not).
                if var value = call.arguments.first?.expression {
                    if let r = value.as(DeclReferenceExprSyntax.self), let bound = parameters[r.baseName.nameText] { value = bound }
                    e["push"] = valueDestination(value, scope)
                }
            case "dismiss" where owner == nil:
                e["dismiss"] = "true"
            case "popToRoot":
                e["pop-to-root"] = "true"
            case "removeAll" where callOwner.map(Self.isNavigator) == true:
                e["pop-to-root"] = "true"
            case "removeLast"
            where callOwner.map(Self.isNavigator) == true
                && call.arguments.first?.expression.trimmedNameText.hasSuffix("count") == true:
                e["pop-to-root"] = "true"
            default:
                // A method of a view model or router of the audited files
                // (`viewModel.showDetail(item)`), or, inside one, another method of the same model.
                guard depth < 3, e["push"] == nil, e["sheet"] == nil, e["full-screen-cover"] == nil, e["popover"] == nil
                else { break }
                if let callOwner, owner == nil || callOwner != "self" {
                    modelNavigation(
                        owner: owner.map { $0 + "." + callOwner } ?? callOwner, method: name, arguments: call.arguments,
                        into: &e, scope, depth: depth + 1)
                } else if let owner, callOwner == nil || callOwner == "self" {
                    modelNavigation(owner: owner, method: name, arguments: call.arguments, into: &e, scope, depth: depth + 1)
                }
            }
        }
    }

    /// Follows a call of a view model's or router's method (`viewModel.showDetail(item)`,
    /// `router.open(.detail(id))`) into its code, when the method is declared in the audited files:
    /// in the type the view's property is declared with, or, when that is not written, the one type
    /// of the audited files that has a method of that name.
    private func modelNavigation(
        owner: String, method: String, arguments: LabeledExprListSyntax?, into e: inout DescriptionElement,
        _ scope: Scope, depth: Int
    ) {
        guard let decl = modelMethod(owner: owner, name: method, scope), let body = decl.body else { return }
        var parameters: [String: ExprSyntax] = [:]
        if let arguments {
            for (parameter, argument) in zip(decl.signature.parameterClause.parameters, arguments) {
                parameters[(parameter.secondName ?? parameter.firstName).nameText] = argument.expression
            }
        }
        navigation(in: walk(Syntax(body)), owner: owner, parameters: parameters, into: &e, scope, depth: depth)
    }

    private func modelMethod(owner: String, name: String, _ scope: Scope) -> FunctionDeclSyntax? {
        let models = project.modelMethods.filter { project.type($0.key)?.kind != .view }
        let property = owner.split(separator: ".").last.map(String.init) ?? owner
        if !owner.contains("."), let type = ownerType(property, scope) {
            let last = type.split(separator: ".").last.map(String.init) ?? type
            if let ref = models[last]?[name] { return ref.node }
            if models[last] != nil { return nil }
        }
        let found = models.values.compactMap { $0[name] }
        return found.count == 1 ? found[0].node : nil
    }

    /// The type a view's property is declared with: `@ObservedObject var viewModel: DetailViewModel`,
    /// `@StateObject private var model = DetailModel()`, `@Environment(Router.self) var router`.
    private func ownerType(_ property: String, _ scope: Scope) -> String? {
        for type in [scope.type, screenType].compactMap({ $0 }) {
            guard let stored = type.stored.first(where: { $0.name == property }) else { continue }
            var t = stored.type.filter { !$0.isWhitespace }
            while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
            if !t.isEmpty, t.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) { return t }
            let decl = stored.declaration
            if let binding = decl.bindings.first(where: { $0.pattern.trimmedNameText == property }),
                let value = binding.initializer?.value
            {
                if let call = value.as(FunctionCallExprSyntax.self) {
                    let called = call.calledExpression.trimmedNameText
                    if called.first?.isUppercase == true { return called }
                }
                if let m = value.as(MemberAccessExprSyntax.self), let base = m.base?.trimmedNameText,
                    base.first?.isUppercase == true
                {
                    return base  // `Router.shared`
                }
            }
            for attribute in decl.attributes {
                guard let a = attribute.as(AttributeSyntax.self), a.attributeName.trimmedNameText == "Environment",
                    case .argumentList(let list)? = a.arguments, let first = list.first?.expression.trimmedNameText,
                    first.hasSuffix(".self")
                else { continue }
                return String(first.dropLast(5))
            }
        }
        return nil
    }

    /// The presentation (by its key) whose binding a model makes for a case this call sends to
    /// the same model; the first by key when several match.
    private func routedPresentation(_ call: FunctionCallExprSyntax, model: String) -> String? {
        let sent = ScreenCatalog.implicitCases(in: Syntax(call.arguments))
        guard !sent.isEmpty else { return nil }
        var first: String?
        for (key, p) in facts.presentations where p.routeModel == model && !p.routeCases.isDisjoint(with: sent) {
            if first.map({ key < $0 }) ?? true { first = key }
        }
        return first
    }

    /// The name an action's code calls a method on: `viewModel` in `viewModel.open()`,
    /// `self.viewModel.open()` and `viewModel?.open()`, `model.router` in `model.router.push(…)`.
    static func ownerName(_ expr: ExprSyntax) -> String? {
        var text = Evaluate.brief(expr)
        if text.hasPrefix("self.") { text.removeFirst(5) }
        text = text.filter { $0 != "?" && $0 != "!" }
        guard !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return text
    }

    /// An assignment to a state, by its name as the view spells it: `showDetail = true`,
    /// `self.selected = item`, `viewModel.destination = .detail(id)`.
    static func assignedState(_ seq: SequenceExprSyntax) -> (String, ExprSyntax)? {
        let items = Array(seq.elements)
        guard items.count == 3, items[1].is(AssignmentExprSyntax.self) else { return nil }
        guard items[0].is(DeclReferenceExprSyntax.self) || items[0].is(MemberAccessExprSyntax.self),
            let name = ownerName(items[0])
        else { return nil }
        return (name, items[2])
    }

    /// On a screen that restores focus when something it presented is dismissed, a control whose
    /// own presentation has no restoring `onDismiss:` gets `restore-focus="none"`.
    private func markDismissal(_ e: inout DescriptionElement, state: String, kind: String) {
        guard kind != "push", !facts.focus.dismissRestores.isEmpty else { return }
        if !facts.focus.dismissRestoringStates.contains(state) {
            e["restore-focus"] = "none"
            let note = "nothing moves focus back when what it presents (\(state)) is dismissed"
            e.note = e.note.map { $0 + "; " + note } ?? note
        }
    }

    /// Whether an action pushes through a navigation path or router, which records the route.
    static func appendsToNavigator(_ action: WalkedCode) -> Bool {
        action.calls.contains { call in
            guard isPushVerb(Evaluate.calledName(call)),
                let owner = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
            else { return false }
            return isNavigator(Evaluate.brief(owner))
        }
    }

    /// Whether an action pushes through a view model's or router's method that appends to its
    /// navigation path (`viewModel.showDetail(item)` with `path.append(.detail(item.id))` inside),
    /// which records the route like a push written in the action.
    private func modelAppends(_ action: Syntax, _ scope: Scope) -> Bool {
        for node in actionCode(action, in: scope.type) {
            for call in node.calls {
                guard let owner = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map({ Self.ownerName($0) }) ?? nil,
                    let body = modelMethod(owner: owner, name: Evaluate.calledName(call), scope)?.body
                else { continue }
                if Self.appendsToNavigator(walk(Syntax(body))) { return true }
            }
        }
        return false
    }

    static func isNavigator(_ owner: String) -> Bool {
        let last = owner.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return ["path", "router", "navigat", "coordinator", "stack", "route"].contains { last.contains($0) }
    }

    // MARK: - Capture

    /// How a push-type link's activation is recorded, on a screen that restores focus.
    private func linkCapture(
        _ e: inout DescriptionElement, call: FunctionCallExprSyntax, modifiers: [Modifier], scope: Scope
    ) {
        guard facts.focus.restoresOnAppear, e["destination"] != nil || e["push"] != nil else { return }
        let recorded = facts.focus.recordedVariables
        // The recorded states an action assigns that SwiftUI sets back to nil on return.
        var cleared: [String] = []
        func records(_ node: Syntax) -> Bool { recordsIn(node, scope, depth: 0) }
        func recordsIn(_ node: Syntax, _ scope: Scope, depth: Int) -> Bool {
            // A closure the inlined view was given (`Button(item.name) { open(item) }` in a row view
            // whose caller passed `{ item in lastFocusedID = item.id; path.append(item) }`): it runs
            // when the button is activated, so what it records is recorded by the button.
            if depth < 6 {
                var handed: [String] = []
                if let r = node.as(DeclReferenceExprSyntax.self) { handed.append(r.baseName.nameText) }
                for n in actionCode(node, in: scope.type) {
                    handed += n.calls.compactMap { $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.nameText }
                }
                for name in handed {
                    switch scope.lookup(name) {
                    case .views(let closure, let outer)?:
                        if recordsIn(Syntax(closure), outer, depth: depth + 1) { return true }
                    case .expression(let value, let outer)?:
                        if value.is(ClosureExprSyntax.self) || value.is(DeclReferenceExprSyntax.self),
                            recordsIn(Syntax(value), outer, depth: depth + 1)
                        {
                            return true
                        }
                    default:
                        break
                    }
                }
            }
            return actionCode(node, in: scope.type).contains { n in
                n.sequences.contains { seq in
                    guard let (name, value) = RestoreScanner.assignment(seq), !value.is(NilLiteralExprSyntax.self) else {
                        return false
                    }
                    let state = screenState(name, scope)
                    if clearedOnReturn(state) {
                        // The state that pushes (`selected = item` with `navigationDestination(item:
                        // $selected)`): SwiftUI sets it back to nil on return, so it is the old value,
                        // read when it changes, that says which control it was, as for a selection.
                        if Evaluate.bool(value) == nil, selectionRecords(state) { return true }
                        if recorded.contains(name) { cleared.append(name) }
                        return false
                    }
                    return recorded.contains(name)
                }
            }
        }
        let args = Arguments(call)
        var capture = "none"
        let name = Evaluate.calledName(call)
        if name == "NavigationLink" {
            if let active = args.labelled("isActive") ?? args.labelled("isPresented") ?? args.labelled("selection"),
                records(Syntax(active))
            {
                capture = "binding"
            } else if args.labelled("tag") != nil, let selection = args.labelled("selection").flatMap(ScreenCatalog.stateName),
                selectionRecords(screenState(selection, scope))
            {
                // `NavigationLink(…, tag: id, selection: $selected)`: activating the link sets the
                // selection to its tag, and a restoration that takes the old value when SwiftUI
                // clears it on return (`.onChange(of: selected) { old, _ in … }`) knows which link it was.
                capture = "binding"
            } else if args.labelled("tag") != nil, let selection = args.labelled("selection").flatMap(ScreenCatalog.stateName),
                readsCleared(screenState(selection, scope))
            {
                cleared.append(selection)
            } else if args.labelled("value") != nil, pathRecords() {
                capture = "path"
            }
        } else if let action = args.closure("action")
            ?? (args.closure("label") != nil || title(args, scope) != nil ? args.trailing : nil)
        {
            if records(Syntax(action)) {
                capture = "binding"
            } else if Self.appendsToNavigator(walk(Syntax(action))) || modelAppends(Syntax(action), scope), pathRecords() {
                capture = "path"
            }
        } else if let named = args.labelled("action") {
            if records(Syntax(named)) {
                capture = "binding"
            } else if Self.appendsToNavigator(walk(Syntax(named))) || modelAppends(Syntax(named), scope), pathRecords() {
                capture = "path"
            }
        }
        if capture == "none" {
            for mod in modifiers where ["simultaneousGesture", "gesture", "onTapGesture"].contains(mod.name) {
                if records(Syntax(mod.call.arguments)) || (mod.args.trailing.map { records(Syntax($0)) } ?? false) {
                    capture = "gesture"
                }
            }
        }
        if capture == "none", let state = cleared.first {
            let note = Self.clearedNote(state)
            e.note = e.note.map { $0 + "; " + note } ?? note
        }
        if capture == "none" && facts.focus.restoresUnresolved {
            // Focus is restored by code focusaudit cannot see, which may record the activation too.
            capture = "binding"
            let note = "assumed recorded: focus is restored by code outside the audited files"
            e.note = e.note.map { $0 + "; " + note } ?? note
        }
        e["capture"] = capture
    }

    /// Whether a push onto a navigation path (`NavigationLink(value:)`, `path.append(item)`) records
    /// the activation for the screen's restoration. The path holds the pushed values, so a
    /// restoration that reads one of them (the popped value in `.onChange(of: path) { old, new in … }`),
    /// the path itself or a model's state does find it. A restoration that reads a stored property of
    /// the view that no code assigns (`focus = lastFocusedID` in `.onAppear`, with only value links)
    /// or that only a tap gesture assigns does not: the path leaves that property alone, so it stays
    /// nil, or holds what the gesture (which VoiceOver activation can skip) recorded.
    func pathRecords() -> Bool {
        if let pathRecordsAnswer { return pathRecordsAnswer }
        let answer = findsPathRecord()
        pathRecordsAnswer = answer
        return answer
    }

    private func findsPathRecord() -> Bool {
        let parts = [screenType!] + inlinedParts(of: screenType)
        let recorded = facts.focus.recordedVariables
        let stored = Set(parts.flatMap { $0.stored.map(\.name) })
        if recorded.contains(where: { $0 == FocusAnalysis.unresolved || !stored.contains($0) || Self.isNavigator($0) }) {
            return true
        }
        var code: [Syntax] = parts.compactMap { $0.declaration.map(Syntax.init) }
        for part in parts { code += part.methods.values.map { Syntax($0.decl) } }
        let gestures: Set<String> = ["simultaneousGesture", "gesture", "onTapGesture", "highPriorityGesture"]
        func inGesture(_ node: Syntax) -> Bool {
            var parent = node.parent
            while let p = parent {
                if let call = p.as(FunctionCallExprSyntax.self), gestures.contains(Evaluate.calledName(call)) { return true }
                parent = p.parent
            }
            return false
        }
        for node in code {
            // Handed on as a binding (`Editor(last: $lastFocusedID)`): what is done with it is not followed.
            if node.descendants(DeclReferenceExprSyntax.self).contains(where: { r in
                r.baseName.text.hasPrefix("$") && recorded.contains(String(r.baseName.text.dropFirst()))
            }) {
                return true
            }
            for seq in node.descendants(SequenceExprSyntax.self) {
                guard let (name, value) = RestoreScanner.assignment(seq), recorded.contains(name),
                    !value.is(NilLiteralExprSyntax.self), !inGesture(Syntax(seq)), tiedToActivation(Syntax(seq), value: value)
                else { continue }
                return true
            }
        }
        return false
    }

    /// Whether an assignment to the recorded property runs because a link was activated: in a
    /// `Binding`'s closures (a link's `isActive:` or selection binding), in `.onChange(of:)` of the
    /// navigation state (the path, a selection), in what `navigationDestination` builds for the
    /// pushed value, or in an action or method that also navigates (`lastPlant = plant.id;
    /// path.append(plant)`). One made when the screen appears (`.onAppear { lastPlant =
    /// plants.first?.id }`) or by a button that does not navigate records no activation. A value
    /// read from the focus state itself records where VoiceOver focus was, which is on the control
    /// the user activates (`.onDisappear { lastPlant = focus }`, `.onChange(of: focus) { … }`):
    /// the state follows VoiceOver focus ("SwiftUI updates [it] as the focus of any active
    /// accessibility technology … changes",
    /// https://developer.apple.com/documentation/swiftui/accessibilityfocusstate).
    private func tiedToActivation(_ node: Syntax, value: ExprSyntax) -> Bool {
        let focusStates = facts.focus.focusStates
        func readsFocus(_ expr: ExprSyntax) -> Bool {
            expr.descendants(DeclReferenceExprSyntax.self).contains { focusStates.contains($0.baseName.nameText) }
        }
        if readsFocus(value) { return true }
        var innermost: String?
        var current = node
        while let parent = current.parent {
            defer { current = parent }
            if let function = parent.as(FunctionDeclSyntax.self) {
                guard innermost == nil, let body = function.body else { return false }
                return navigates(Syntax(body))
            }
            guard let closure = parent.as(ClosureExprSyntax.self) else { continue }
            let call = Self.callGiven(closure)
            let name = call.map(Evaluate.calledName) ?? ""
            if name == "navigationDestination" { return true }
            guard innermost == nil, !RestoreScanner.deferringCalls.contains(name) else { continue }
            innermost = name
            if name == "Binding" { return true }
            if name == "onChange", let of = call.flatMap({ Arguments($0).labelled("of") }) {
                if RestoreScanner.isNavigationState(of, type: screenType) || readsFocus(of) { return true }
                continue
            }
            if name == "task", let id = call.flatMap({ Arguments($0).labelled("id") }),
                RestoreScanner.isNavigationState(id, type: screenType)
            {
                return true  // `.task(id: path) { … }` runs when the path changes, as `.onChange(of: path)` does
            }
            if ["onAppear", "task", "onDisappear", "onReceive", "refreshable"].contains(name) { continue }
            if navigates(Syntax(closure)) { return true }
        }
        return false
    }

    /// Whether code pushes: appends to a navigation path or router, or sets a state that drives a push.
    private func navigates(_ node: Syntax) -> Bool {
        actionCode(node).contains { code in
            Self.appendsToNavigator(code)
                || code.sequences.contains { seq in
                    guard let (name, value) = RestoreScanner.assignment(seq), !value.is(NilLiteralExprSyntax.self) else {
                        return false
                    }
                    return Self.isNavigator(name) || facts.presentations[name]?.kind == "push"
                }
        }
    }

    /// The call a closure is given to, as an argument or a trailing closure.
    static func callGiven(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = closure.parent
        for _ in 0..<4 {
            guard let n = node else { return nil }
            if let call = n.as(FunctionCallExprSyntax.self) { return call }
            node = n.parent
        }
        return nil
    }

    /// Whether a selection (of `NavigationLink(tag:selection:)` links or of a `List(selection:)`)
    /// records the activation for the screen's restoration. SwiftUI sets the selection back to nil
    /// when the user comes back, so only a value taken at run time records it (the old value in
    /// `.onChange(of: selection) { old, new in … }`): not the selection itself, read after the
    /// return (`focus = selection` in `.onAppear`), nor another stored property that the selection
    /// leaves alone.
    func selectionRecords(_ state: String) -> Bool {
        let parts = [screenType!] + inlinedParts(of: screenType)
        return facts.focus.recordedVariables.contains { name in
            name != FocusAnalysis.unresolved && !parts.contains { $0.stored.contains { $0.name == name } }
        }
    }

    /// Whether the screen's restoration reads a state itself (`focus = selection`).
    func readsCleared(_ state: String) -> Bool {
        let recorded = facts.focus.recordedVariables
        let last = state.split(separator: ".").last.map(String.init) ?? state
        return recorded.contains(state) || recorded.contains(last)
    }

    /// Whether SwiftUI sets a state back to nil (or false) when the user comes back from what it
    /// pushed: the selection of `NavigationLink(tag:selection:)` links or of a `List(selection:)`,
    /// the item of `navigationDestination(item:)`, the binding of `isActive:` or `isPresented:`.
    /// Their value is what is shown, or nil when nothing is.
    func clearedOnReturn(_ state: String) -> Bool {
        facts.presentations[state]?.kind == "push"
    }

    static func clearedNote(_ state: String) -> String {
        "not recorded: the restoration reads \(state), which SwiftUI sets back to nil when the user comes back"
    }

    /// Takes the push to `target` off controls nested in a link's label (they set the link's state).
    static func dropNestedPush(_ elements: inout [DescriptionElement], to target: String) {
        for i in elements.indices {
            if elements[i]["push"] == target { elements[i]["push"] = nil }
            dropNestedPush(&elements[i].children, to: target)
        }
    }

    /// The state a `List(selection: $x)` selects and what `x` drives, when it drives a presentation.
    private func selectionTarget(_ args: Arguments, _ scope: Scope) -> (state: String, presentation: ScreenCatalog.Presentation)? {
        guard let selection = args.labelled("selection"), let named = ScreenCatalog.stateName(selection) else { return nil }
        let state = screenState(named, scope)
        guard let p = facts.presentations[state] else { return nil }
        return (state, p)
    }

    /// A state named in the code of an inlined view, as the code that passed it names it: a
    /// `@Binding` property given `$selected` (or a binding handed on by its name) stands for
    /// `selected` of the view that gave it, a few views up.
    func screenState(_ name: String, _ scope: Scope) -> String {
        var name = name
        var scope = scope
        for _ in 0..<6 {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let first = parts.first, case .expression(let given, let outer)? = scope.lookup(first),
                let passed = ScreenCatalog.stateName(given) ?? ScreenCatalog.plainName(given), passed != first || outer !== scope
            else { break }
            name = parts.count > 1 ? passed + "." + parts[1] : passed
            scope = outer
        }
        return name
    }

    /// Marks the elements one row of `ForEach(data)` or `List(data) { … }` makes as `repeated`: each
    /// stands for one element of every item, so the first element of a screen that is among them is
    /// where VoiceOver lands only when the first row was the one activated. Data the source shows to
    /// hold one item (`itemCount`) makes one row, which is not marked.
    private func markRepeated(_ rows: inout [DescriptionElement], data: ExprSyntax?, _ scope: Scope) {
        if let data, itemCount(data, scope) == 1 { return }
        for i in rows.indices { rows[i]["repeated"] = "true" }
    }

    /// A focus value written once in a row (`.accessibilityFocused($focus, equals: .row)`,
    /// `.accessibilityFocused($isFocused)`) is bound in every row, one value for all of them
    /// (`ScreenAnalysis.isOneValueForEveryRow`). A plain name is one value per row when it is the
    /// row's item itself (`equals: name` in `ForEach(names, id: \.self) { name in … }`), a value the
    /// row view is given (`focusPerInstance`), or a state of the row view's own: it is written as
    /// computed from the row (`\(name)`). When the row binds it only under a condition on its item
    /// or index (`if index == 0 { row.accessibilityFocused($isTitleFocused) } else { row }`), some
    /// rows bind it and others do not: it is written with that condition
    /// (`isTitleFocused(index == 0)`). Either way the audit reads it as a value of its own row.
    private func bindOnlyWhere(_ rows: inout [DescriptionElement], _ closure: ClosureExprSyntax) {
        let parameters =
            closure.signature?.parameterClause.map { clause -> [String] in
                switch clause {
                case .simpleInput(let names): return names.map(\.name.nameText)
                case .parameterClause(let list): return list.parameters.map { ($0.secondName ?? $0.firstName).nameText }
                }
            } ?? ["$0"]
        var condition: String?
        for i in closure.statements.descendants(IfExprSyntax.self) {
            guard Self.referencedNames(Syntax(i.conditions)).contains(where: parameters.contains),
                i.descendants(DeclReferenceExprSyntax.self).contains(where: { $0.baseName.nameText == "accessibilityFocused" })
            else { continue }
            condition = Evaluate.brief(i.conditions)
            break
        }
        let facts: ScreenFacts = facts
        func qualify(_ e: inout DescriptionElement) {
            if let value = e["focus"], ScreenAnalysis.isOneValueForEveryRow(value) {
                var written: String?
                if parameters.contains(value) || facts.focusPerInstance.contains(e.origin) {
                    written = "\\(" + value + ")"
                } else if let condition {
                    written = value + "(" + condition + ")"
                }
                if let written {
                    e["focus"] = written
                    if let binding = facts.focusStates[e.origin], binding.value == value {
                        facts.focusStates[e.origin] = (written, binding.state)
                    }
                }
            }
            for i in e.children.indices { qualify(&e.children[i]) }
        }
        for i in rows.indices { qualify(&rows[i]) }
    }

    /// How many items the data of a `ForEach` or `List(data)` holds, when the source says so: an
    /// array written out (`[film]`), `CollectionOfOne(x)`, a range between integer literals
    /// (`0..<1`, `1...3`), an enum's `allCases` (its cases in the audited files), one item at most of
    /// `prefix(1)`; through `$items`, `Array(…)`, `.indices` and `.enumerated()`; and a name whose
    /// value is one of them: a value given to the view being inlined or a local constant, a `let`
    /// property of the view written with its value, a `let` of a type (`Self.tabs`, `Tabs.all`) or
    /// of a file. Nil when it is not known (the data of a model, a `var`).
    func itemCount(_ data: ExprSyntax, _ scope: Scope, depth: Int = 0) -> Int? {
        guard depth < 8 else { return nil }
        if let array = data.as(ArrayExprSyntax.self) { return array.elements.count }
        if let tuple = data.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return itemCount(only.expression, scope, depth: depth + 1)
        }
        if let range = Self.literalRange(data) { return range }
        if let call = data.as(FunctionCallExprSyntax.self) {
            let called = call.calledExpression.trimmedNameText
            if called == "CollectionOfOne", call.arguments.count == 1 { return 1 }
            if called == "Array", call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
                return itemCount(only.expression, scope, depth: depth + 1)
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
            switch member.declName.baseName.nameText {
            case "enumerated" where call.arguments.isEmpty:
                return itemCount(base, scope, depth: depth + 1)
            case "prefix":
                guard call.arguments.count == 1, let n = call.arguments.first?.expression.as(IntegerLiteralExprSyntax.self),
                    n.literal.text == "1"
                else { return nil }
                return 1
            default:
                return nil
            }
        }
        if let member = data.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.nameText
            if name == "indices" { return itemCount(base, scope, depth: depth + 1) }
            guard let root = base.as(DeclReferenceExprSyntax.self)?.baseName.nameText else { return nil }
            if root == "self" { return storedItemCount(name, scope, depth: depth) }
            guard root.first?.isUppercase == true else { return nil }
            let type = root == "Self" ? (scope.type?.name ?? root) : root
            if name == "allCases", let cases = project.enumCases[type], !cases.isEmpty { return cases.count }
            return project.arrayCounts[type + "." + name]
        }
        guard let reference = data.as(DeclReferenceExprSyntax.self) else { return nil }
        var name = reference.baseName.nameText
        if name.hasPrefix("$") { name.removeFirst() }
        switch scope.lookup(name) {
        case .expression(let given, let outer)?:
            return itemCount(given, outer, depth: depth + 1)
        case nil:
            return storedItemCount(name, scope, depth: depth) ?? project.arrayCounts[name]
        default:
            return nil
        }
    }

    /// `itemCount` of a `let` property of the view being read written with its value, which no
    /// initialiser can change.
    private func storedItemCount(_ name: String, _ scope: Scope, depth: Int) -> Int? {
        guard let stored = scope.type?.stored.first(where: { $0.name == name }),
            stored.declaration.bindingSpecifier.tokenKind == .keyword(.let),
            let binding = stored.declaration.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText == name
            }),
            let initial = binding.initializer?.value
        else { return scope.type.flatMap { project.arrayCounts[$0.name + "." + name] } }
        return itemCount(initial, scope, depth: depth + 1)
    }

    /// The number of integers in a range written between two integer literals (`0..<1`: 1, `1...3`:
    /// 3), nil for anything else.
    static func literalRange(_ expr: ExprSyntax) -> Int? {
        var parts: [ExprSyntax] = []
        if let sequence = expr.as(SequenceExprSyntax.self) {
            parts = Array(sequence.elements)
        } else if let infix = expr.as(InfixOperatorExprSyntax.self) {
            parts = [infix.leftOperand, infix.operator, infix.rightOperand]
        }
        guard parts.count == 3, let low = parts[0].as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
            let high = parts[2].as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
            let op = parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text
        else { return nil }
        switch op {
        case "..<": return max(0, high - low)
        case "...": return max(0, high - low + 1)
        default: return nil
        }
    }

    /// Rows read with no selection list around them (a list inside a row is its own), then marked as
    /// rows of `target` when there is one.
    private func selectionRows(
        _ target: (state: String, presentation: ScreenCatalog.Presentation)?, _ make: () -> [DescriptionElement]
    ) -> [DescriptionElement] {
        let saved = facts.selectionList
        facts.selectionList = nil
        var rows = make()
        facts.selectionList = target
        if target != nil { for i in rows.indices { markSelectionRow(&rows[i]) } }
        facts.selectionList = saved
        return rows
    }

    /// Marks a row of a `List(selection: $x)` whose selection drives a presentation: selecting the
    /// row sets `x`, which pushes (or presents) what `x` drives. Rows that navigate on their own are
    /// left as they are.
    func markSelectionRow(_ e: inout DescriptionElement) {
        guard let (state, p) = facts.selectionList else { return }
        let kinds = ["destination", "push", "sheet", "full-screen-cover", "popover"]
        guard !kinds.contains(where: { e[$0] != nil }) else { return }
        if e.name == "Section" {
            for i in e.children.indices where e.children[i].origin != e.origin { markSelectionRow(&e.children[i]) }
            return
        }
        facts.triggered.insert(state)
        e[p.kind] = p.destination
        let note = "a row of List(selection: $\(state)): selecting it sets \(state), which shows \(p.destination)"
        e.note = e.note.map { $0 + "; " + note } ?? note
        if p.kind == "push", facts.focus.restoresOnAppear {
            if selectionRecords(state) {
                e["capture"] = "binding"
            } else if facts.focus.restoresUnresolved {
                e["capture"] = "binding"
            } else {
                e["capture"] = "none"
                if readsCleared(state) { e.note = (e.note ?? "") + "; " + Self.clearedNote(state) }
            }
        }
    }

    // MARK: - Suppression comments

    /// The `focusaudit:disable` comments before a statement: they apply to what it makes (a
    /// `disable-file` is the file's, and is read with the file).
    func suppressions(in node: Syntax?, file: Int) -> [(text: String, origin: SourceOrigin)] {
        guard let node, let token = node.firstToken(viewMode: .sourceAccurate) else { return [] }
        return project.focusauditComments(before: token, file: file).filter { $0.comment.kind == .disable }
            .map { ($0.text, $0.origin) }
    }
}

/// The calls and the sequence expressions of a piece of code (an action), in source order, found in
/// one walk.
struct WalkedCode {
    var calls: [FunctionCallExprSyntax] = []
    var sequences: [SequenceExprSyntax] = []

    init(_ node: Syntax) {
        let walker = Walker(viewMode: .sourceAccurate)
        walker.walk(node)
        calls = walker.calls
        sequences = walker.sequences
    }

    private final class Walker: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        var sequences: [SequenceExprSyntax] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            sequences.append(node)
            return .visitChildren
        }
    }
}
