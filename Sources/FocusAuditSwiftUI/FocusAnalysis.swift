import SwiftSyntax

/// How a screen (a view type) restores VoiceOver focus when it appears again: the closures of
/// `.onAppear`, `.task` and `.onChange` that assign an `@AccessibilityFocusState`, the delay before
/// they do, and whether they move focus back to a recorded id or to a fixed element.
struct FocusAnalysis {
    struct Restore {
        /// The state the recorded id is read from (`lastFocusedID`), nil for a fixed target.
        var recordedVariable: String?
        /// The expression assigned (`lastFocusedID`, `.first`).
        var target: String
        /// Seconds before the assignment; nil when it cannot be worked out statically.
        var delay: Double?
        var unknownDelay: String?
        /// Where: `onAppear`, `task`, `onChange`, `onDismiss`, `onChange(of: showEditor)` (a
        /// presentation's state).
        var trigger: String
        /// The focus state assigned (`focus` in `focus = lastFocusedID`); nil when the assignment
        /// is made by code focusaudit cannot see.
        var state: String? = nil

        /// Whether it runs when a sheet, cover or popover is dismissed.
        var onDismissal: Bool { trigger == "onDismiss" || trigger.hasPrefix("onChange(of: ") }
    }

    /// An `@AccessibilityFocusState` property declared by the screen or a view inlined into it, and
    /// whether its code binds it (`.accessibilityFocused`) and assigns it.
    struct Declaration {
        var property: TypeInfo.Stored
        var bound: Bool
        var assigned: Bool
    }

    /// `@AccessibilityFocusState` properties.
    var focusStates: Set<String> = []
    var restores: [Restore] = []
    /// The states presenting a sheet, cover or popover whose `onDismiss:` restores focus.
    var dismissRestoringStates: Set<String> = []
    /// The focus states declared (not the `.Binding`s passed in), in declaration order.
    var declarations: [Declaration] = []

    /// Restorations to a recorded element when the screen appears again (not a sheet's dismissal).
    var appearRestores: [Restore] { restores.filter { $0.recordedVariable != nil && !$0.onDismissal } }
    var fixedRestores: [Restore] { restores.filter { $0.recordedVariable == nil && !$0.onDismissal } }
    /// Assignments to a focus state in a sheet's, cover's or popover's `onDismiss:` (or in an
    /// `.onChange(of:)` of the state that presents it): the screen moves focus back when what it
    /// presented is dismissed.
    var dismissRestores: [Restore] { restores.filter(\.onDismissal) }
    var recordedVariables: Set<String> { Set(restores.compactMap(\.recordedVariable)) }
    /// The recorded variable of a restoration made by code focusaudit cannot see (a function of
    /// another module handed `$focus`): what it restores to and how the activation is recorded are
    /// unknown, and assumed to be right.
    static let unresolved = "(code outside the audited files)"
    /// Whether a restoration on appear is made by code focusaudit cannot see.
    var restoresUnresolved: Bool { appearRestores.contains { $0.recordedVariable == Self.unresolved } }

    /// Whether the screen moves focus back to the activated element on re-appearing.
    var restoresOnAppear: Bool { !appearRestores.isEmpty }

    /// The analysis of a screen: its own type and the views inlined into it (`parts`), since the
    /// focus state and its restoration often live in a child view (`HomeView` inside `RootView`).
    init(type: TypeInfo, parts: [TypeInfo], project: SwiftProject) {
        // Names of focus states that more than one of these views declares.
        var declaringViews: [String: Int] = [:]
        for part in [type] + parts {
            for name in Set(part.focusStates.map(\.name)) { declaringViews[name, default: 0] += 1 }
        }
        for part in [type] + parts {
            let states = Set(part.focusStates.map(\.name))
            guard !states.isEmpty else { continue }
            focusStates.formUnion(states)
            let scanner = RestoreScanner(type: part, project: project, focusStates: states)
            // Not the modifiers of a clause of an `#if` in a chain that an iOS build does not compile.
            var clauses = BuildConditions.ClauseCheck()
            scanner.findTriggers(in: part.calls.map(\.node).filter { !clauses.leftOutOfIOS(Syntax($0)) })
            var unbound: Set<String> = []
            for property in part.focusStates where !property.wrappers.contains(where: { $0.contains(".Binding") }) {
                let use = FocusStateUse.of(property.name, in: part, project: project)
                declarations.append(Declaration(property: property, bound: use.bound, assigned: use.assigned))
                if !use.bound, declaringViews[property.name, default: 0] > 1 { unbound.insert(property.name) }
            }
            // Each view's `@AccessibilityFocusState` is its own storage, bound only by the
            // `.accessibilityFocused` of that view's code (and of the views it hands `$state` to):
            // setting a state that nothing binds moves focus nowhere
            // (https://developer.apple.com/documentation/swiftui/accessibilityfocusstate: "causing
            // accessibility focus to move to whichever accessibility element is associated with the
            // updated value"), even when another view inlined into the screen binds a state of the
            // same name, whose elements it would otherwise seem to restore. Such an assignment is not
            // a restoration. (A state that no view of the screen binds keeps its restoration, so that
            // the links it is meant for are reported as unbound_focus_target.)
            restores += scanner.found.filter { restore in restore.state.map { !unbound.contains($0) } ?? true }
            dismissRestoringStates.formUnion(scanner.dismissRestoringStates)
        }
    }
}

/// Where a view's code uses a focus state: whether an element is bound to it with
/// `.accessibilityFocused` and whether it is assigned. A `$focus` passed to a custom view of the
/// audited files is followed into that view (its `AccessibilityFocusState<T>.Binding` property,
/// matched by argument label); passed anywhere else, it is taken as both bound and assigned there,
/// since focusaudit cannot see what is done with it.
enum FocusStateUse {
    /// Read from what indexing found in each body (`FocusUses`), without the syntax.
    static func of(_ name: String, in type: TypeInfo, project: SwiftProject, depth: Int = 0) -> (bound: Bool, assigned: Bool) {
        var bound = false
        var assigned = false
        let dollar = "$" + name
        let underscored = "_" + name
        let assignments: Set<String> = [name, name + ".wrappedValue", dollar + ".wrappedValue", underscored + ".wrappedValue"]
        var readPlain = false
        var focusedPlain = false
        for uses in type.focusUses {
            if uses.focused.contains(where: { $0 == dollar || $0 == name }) { bound = true }
            if uses.toggled.contains(name) { assigned = true }
            // A state whose value the view reads (`focused ? .red : .gray`) observes where
            // VoiceOver is, a documented use of `AccessibilityFocusState` that needs no assignment.
            if uses.read.contains(name) { assigned = true }
            if uses.read.contains(name) { readPlain = true }
            if uses.focused.contains(name) { focusedPlain = true }
            if uses.assigned.contains(where: { assignments.contains($0) }) { assigned = true }
            for reference in uses.references where reference.text == dollar || reference.text == underscored {
                // `.accessibilityFocused($focus)` binds it (counted above).
                if let argument = reference.focusedArgument, argument == dollar || argument == name { continue }
                if reference.wrappedValue { continue }
                // Passed to a custom view: follow it into the view's property of that label.
                if let (label, callee) = reference.passed, let child = project.type(callee), child.kind == .view, depth < 3,
                    child.stored.contains(where: { $0.name == label })
                {
                    let inner = of(label, in: child, project: project, depth: depth + 1)
                    bound = bound || inner.bound
                    assigned = assigned || inner.assigned
                    continue
                }
                bound = true
                assigned = true
            }
        }
        // In a view given the state's binding (`let focus: AccessibilityFocusState<ID?>.Binding`), the
        // binding used by its plain name, and never in `.accessibilityFocused`, is handed on
        // (`RowFilters(focus: focus)`) or read: what is done with it there is not followed, so it is
        // taken as bound too.
        if depth > 0, readPlain, !focusedPlain { bound = true }
        return (bound, assigned)
    }
}

/// Walks a view type's code for the closures that run when it appears or a sheet is dismissed, and
/// in them for assignments to a focus state, adding up the delays they are made after.
final class RestoreScanner {
    /// Calls whose closure runs the same code on the main actor, at once or later, and nothing else:
    /// `DispatchQueue.main.async`/`asyncAfter`, `Task { }`, `Task.detached { }`, `MainActor.run { }`,
    /// `withAnimation { }`. An assignment inside one is the assignment of the code around it (for a
    /// restoration's delay, for whether it is tied to a link's activation, for whether it runs on the
    /// first appearance only); every reading of the view's code takes them from this one set.
    static let deferringCalls: Set<String> = ["async", "asyncAfter", "Task", "detached", "withAnimation", "MainActor", "run"]

    /// Calls of other code that run their closure at once, before they return (the standard
    /// library's sequence methods, `withTransaction`, UIKit's `performWithoutAnimation`, a
    /// synchronous dispatch): a focus assignment inside one is made when the code around it runs.
    static let immediateClosureCalls: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "first", "firstIndex", "last", "lastIndex", "contains",
        "allSatisfy", "reduce", "sorted", "min", "max", "withTransaction", "performWithoutAnimation", "sync",
        "assumeIsolated", "autoreleasepool",
    ]

    let type: TypeInfo
    let project: SwiftProject
    let focusStates: Set<String>
    var found: [FocusAnalysis.Restore] = []
    /// The states presenting a sheet, cover or popover whose `onDismiss:` restores focus.
    var dismissRestoringStates: Set<String> = []
    private var restoringDismissals: Set<SyntaxIdentifier> = []
    private var depth = 0
    private var trigger = ""
    private var unknown: String?
    private var seen: Set<SyntaxIdentifier> = []
    /// Local names for a stored property (`guard let last = lastFocusedID`).
    private var aliases: [String: String] = [:]
    /// Numbers given to the parameters of the method being followed (`restore(after: 0.6)`).
    private var numbers: [String: Double] = [:]
    /// Constants of the project and the numbers of the parameters in scope.
    private var known: [String: Double] { project.constants.merging(numbers) { _, local in local } }

    init(type: TypeInfo, project: SwiftProject, focusStates: Set<String>) {
        self.type = type
        self.project = project
        self.focusStates = focusStates
    }

    /// Finds `.onAppear { }`, `.task { }`, `.onChange(of:) { }` and `onDismiss:` closures among
    /// the type's calls.
    func findTriggers(in calls: [FunctionCallExprSyntax]) {
        let presenting = Self.presentationStates(in: calls)
        for call in calls {
            let name = Evaluate.calledName(call)
            let args = Arguments(call)
            switch name {
            case "onAppear", "task":
                if let code = actionCode(args) { scan(code, trigger: name) }
            case "onChange":
                guard let of = args.labelled("of"), let code = actionCode(args) else { continue }
                var state = of.trimmedNameText
                if state.hasPrefix("self.") { state.removeFirst(5) }
                if presenting.contains(state) {
                    // `.onChange(of: showEditor) { if !$1 { … } }`: the state of a sheet, cover or
                    // popover changing is its dismissal, like an `onDismiss:`.
                    let before = found.count
                    scan(code, trigger: "onChange(of: \(state))")
                    if found.count > before { dismissRestoringStates.insert(state) }
                    continue
                }
                // Only a change that means the user came back: the navigation path, a presentation
                // or link state, the selected tab. Focus moved along with a form field is not a return.
                guard Self.isNavigationState(of, type: type) else { continue }
                scan(code, trigger: name)
            case "sheet", "fullScreenCover", "popover":
                if let dismiss = args.labelled("onDismiss") {
                    var items: CodeBlockItemListSyntax?
                    if let closure = dismiss.as(ClosureExprSyntax.self) {
                        items = closure.statements
                    } else if let method = methodBody(dismiss) {
                        items = method
                    }
                    guard let items else { continue }
                    let before = found.count
                    scan(items, trigger: "onDismiss")
                    if found.count > before { restoringDismissals.insert(items.id) }
                    // Which presentation's dismissal restores: by the state that presents it.
                    if restoringDismissals.contains(items.id),
                        let binding = (args.labelled("isPresented") ?? args.labelled("item"))?.trimmedNameText
                    {
                        dismissRestoringStates.insert(BindingText.state(binding))
                    }
                }
            case "modifier":
                // `.modifier(DelayedRestore(delay: 0.1) { focus = last })`: a view modifier of the
                // audited files whose body runs its closure when the view appears.
                guard let made = args.firstUnlabelled?.as(FunctionCallExprSyntax.self),
                    let modifier = project.type(Evaluate.calledName(made)), modifier.kind == .modifier,
                    let body = modifier.methods["body"]?.decl.body
                else { continue }
                var bindings = project.constants
                var unlabelled = Arguments(made).unlabelled.makeIterator()
                for property in modifier.stored {
                    let value =
                        Arguments(made).labelled(property.name)
                        ?? (property.hasValue
                            ? property.declaration.bindings.first { $0.pattern.trimmedNameText == property.name }?
                                .initializer?.value : unlabelled.next())
                    if let value, let n = Evaluate.number(value, constants: project.constants) { bindings[property.name] = n }
                }
                scanHelper(call: made, body: Syntax(body), bindings: bindings)
            default:
                // `.restoreFocus(after: 0.1) { focus = last }`: a `View` extension (or global helper)
                // of the audited files whose body runs its closure when the view appears.
                // Of overloads, the one whose argument labels fit the call.
                let labels = Set(call.arguments.compactMap { $0.label?.nameText })
                let overloads = project.functions[name] ?? []
                let fitting = overloads.first { f in
                    labels.isSubset(of: Set(f.signature.parameterClause.parameters.map { $0.firstName.nameText }))
                }
                guard let helper = fitting ?? overloads.first, let body = helper.body else { continue }
                var bindings = project.constants
                var unlabelled = args.unlabelled.makeIterator()
                for parameter in helper.signature.parameterClause.parameters {
                    let inner = (parameter.secondName ?? parameter.firstName).nameText
                    let label = parameter.firstName.nameText
                    let value: ExprSyntax? =
                        label == "_" ? unlabelled.next() : args.labelled(label) ?? parameter.defaultValue?.value
                    if let value, let n = Evaluate.number(value, constants: project.constants) { bindings[inner] = n }
                }
                scanHelper(call: call, body: Syntax(body), bindings: bindings)
            }
        }
    }

    /// The code a trigger runs: its closure (trailing or `perform:`), or the body of the view's
    /// method it names (`.onAppear(perform: restoreFocus)`).
    private func actionCode(_ args: Arguments) -> CodeBlockItemListSyntax? {
        if let closure = args.trailing ?? args.closure("perform") ?? args.closure("action") { return closure.statements }
        if let reference = args.labelled("perform") ?? args.labelled("action") { return methodBody(reference) }
        return nil
    }

    /// The states that present a sheet, cover or popover (`.sheet(isPresented: $showEditor)`).
    static func presentationStates(in calls: [FunctionCallExprSyntax]) -> Set<String> {
        var out: Set<String> = []
        for call in calls where ["sheet", "fullScreenCover", "popover"].contains(Evaluate.calledName(call)) {
            let args = Arguments(call)
            guard let binding = (args.labelled("isPresented") ?? args.labelled("item"))?.trimmedNameText else { continue }
            out.insert(BindingText.state(binding))
        }
        return out
    }

    /// A helper (a `View` extension method or a view modifier's body) that moves focus when the view
    /// appears: its trigger (`onAppear`, `task`) and the delay its body waits (`asyncAfter`,
    /// `Task.sleep`, with its parameters read at the call site) apply to the closures the call passes.
    private func scanHelper(call: FunctionCallExprSyntax, body: Syntax, bindings: [String: Double]) {
        let inner = body.descendants(FunctionCallExprSyntax.self)
        guard let trigger = inner.lazy.map({ Evaluate.calledName($0) }).first(where: { $0 == "onAppear" || $0 == "task" })
        else { return }
        var wait: Double? = 0
        var note: String?
        for c in inner {
            let name = Evaluate.calledName(c)
            if name == "asyncAfter", let deadline = Arguments(c).labelled("deadline") {
                wait = afterNow(deadline, bindings: bindings)
                if wait == nil { note = Evaluate.brief(deadline) }
                break
            }
            if name == "sleep" {
                let a = Arguments(c)
                if let n = a.labelled("nanoseconds") {
                    wait = Evaluate.number(n, constants: bindings).map { $0 / 1_000_000_000 }
                } else if let d = a.labelled("for") ?? a.firstUnlabelled {
                    wait = Evaluate.number(d, constants: bindings)
                }
                if wait == nil { note = Evaluate.brief(c) }
                break
            }
        }
        var closures: [ClosureExprSyntax] = call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }
        if let trailing = call.trailingClosure { closures.append(trailing) }
        closures += call.additionalTrailingClosures.map(\.closure)
        if closures.isEmpty {
            // `.restoreFocus($focus, to: lastFocusedID, after: 0.6)`: the helper assigns the binding
            // it is given; what it assigns is the other argument that is not a number.
            let arguments = Array(call.arguments)
            guard
                let bound = arguments.firstIndex(where: { a in
                    BindingText.projected(a.expression.trimmedNameText).map { focusStates.contains($0) } ?? false
                }),
                let state = BindingText.projected(arguments[bound].expression.trimmedNameText)
            else { return }
            guard
                let value = arguments.enumerated().first(where: { i, a in
                    i != bound && Evaluate.number(a.expression, constants: bindings) == nil
                })?.element.expression
            else { return }
            self.trigger = trigger
            unknown = note.map { "\(Evaluate.brief(call.calledExpression)): \($0)" }
            record(value, delay: wait, state: state)
            return
        }
        for closure in closures {
            guard seen.insert(closure.statements.id).inserted else { continue }
            self.trigger = trigger
            unknown = note.map { "\(Evaluate.brief(call.calledExpression)): \($0)" }
            block(closure.statements, delay: wait)
        }
    }

    /// Whether an `onChange(of:)` value is navigation state.
    static func isNavigationState(_ expr: ExprSyntax, type: TypeInfo) -> Bool {
        let names = expr.descendants(DeclReferenceExprSyntax.self).map { $0.baseName.nameText.lowercased() }
        let words = ["path", "route", "selection", "selected", "active", "present", "showing", "navigat", "tab", "destination"]
        return names.contains { name in words.contains { name.contains($0) } }
    }

    private func scan(_ items: CodeBlockItemListSyntax, trigger: String) {
        guard seen.insert(items.id).inserted else { return }
        self.trigger = trigger
        unknown = nil
        block(items, delay: 0)
    }

    /// The statements of a block in order: a `Task.sleep` delays those after it.
    private func block(_ items: CodeBlockItemListSyntax, delay: Double?) {
        var local = delay
        for item in items {
            if let slept = sleep(in: Syntax(item)) {
                local = local.flatMap { d in slept.map { d + $0 } }
                if slept == nil { unknown = Evaluate.brief(item) }
            }
            visit(Syntax(item), delay: local)
        }
    }

    /// The seconds of a `Task.sleep(…)` awaited at the top of a statement (nil inside: unknown).
    private func sleep(in node: Syntax) -> Double?? {
        var expr: ExprSyntax?
        if let e = node.as(CodeBlockItemSyntax.self)?.item.as(ExprSyntax.self) { expr = e }
        if let s = node.as(CodeBlockItemSyntax.self)?.item.as(ExpressionStmtSyntax.self) { expr = s.expression }
        while let e = expr {
            if let t = e.as(TryExprSyntax.self) {
                expr = t.expression
            } else if let a = e.as(AwaitExprSyntax.self) {
                expr = a.expression
            } else {
                break
            }
        }
        guard let call = expr?.as(FunctionCallExprSyntax.self), Evaluate.calledName(call) == "sleep" else { return nil }
        let args = Arguments(call)
        if let n = args.labelled("nanoseconds") {
            return .some(Evaluate.number(n, constants: known).map { $0 / 1_000_000_000 })
        }
        if let d = args.labelled("for") ?? args.labelled("seconds") ?? args.firstUnlabelled {
            return .some(Evaluate.number(d, constants: known))
        }
        return .some(nil)
    }

    private func visit(_ node: Syntax, delay: Double?) {
        if let binding = node.as(OptionalBindingConditionSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText
        {
            let source = binding.initializer.map { Evaluate.brief($0.value) } ?? name
            aliases[name] = source.hasPrefix("self.") ? String(source.dropFirst(5)) : source
        }
        if let binding = node.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText, let value = binding.initializer
        {
            let source = Evaluate.brief(value.value)
            aliases[name] = source.hasPrefix("self.") ? String(source.dropFirst(5)) : source
        }
        if let seq = node.as(SequenceExprSyntax.self), let (lhs, rhs) = Self.assignment(seq) {
            if focusStates.contains(lhs) { record(rhs, delay: delay, state: lhs) }
            visit(Syntax(rhs), delay: delay)
            return
        }
        if let call = node.as(FunctionCallExprSyntax.self) {
            if handle(call, delay: delay) { return }
        }
        if let items = node.as(CodeBlockItemListSyntax.self) {
            block(items, delay: delay)
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { visit(child, delay: delay) }
    }

    /// Calls that move the work later or elsewhere; true when handled.
    private func handle(_ call: FunctionCallExprSyntax, delay: Double?) -> Bool {
        let name = Evaluate.calledName(call)
        let args = Arguments(call)
        let closure = args.trailing ?? args.closure("execute")
        switch name {
        case "asyncAfter":
            let deadline = args.labelled("deadline") ?? args.labelled("wallDeadline")
            let d = deadline.flatMap { self.afterNow($0) }
            if d == nil { unknown = deadline.map { Evaluate.brief($0) } ?? "asyncAfter" }
            if let closure {
                block(closure.statements, delay: delay.flatMap { a in d.map { a + $0 } })
            } else if let named = args.labelled("execute"), let body = methodBody(named), depth < 4 {
                // `asyncAfter(deadline: .now() + 0.6, execute: restoreFocus)`: the view's method runs then.
                depth += 1
                block(body, delay: delay.flatMap { a in d.map { a + $0 } })
                depth -= 1
            }
            return true
        case _ where Self.deferringCalls.contains(name):
            if let closure { block(closure.statements, delay: delay) }
            if name == "withAnimation", let body = args.closure("body") ?? args.labelled("body")?.as(ClosureExprSyntax.self) {
                block(body.statements, delay: delay)
            }
            return closure != nil
        default:
            break
        }
        guard depth < 4 else { return false }
        // A method of the view, or a helper function that waits before running its closure.
        if let method = methodDecl(call.calledExpression), let body = method.body?.statements {
            // Its parameters take the call's arguments: numbers for delays, names for what is restored.
            let (savedNumbers, savedAliases) = (numbers, aliases)
            var unlabelled = Arguments(call).unlabelled.makeIterator()
            for parameter in method.signature.parameterClause.parameters {
                let inner = (parameter.secondName ?? parameter.firstName).nameText
                let label = parameter.firstName.nameText
                guard
                    let value = label == "_"
                        ? unlabelled.next() : Arguments(call).labelled(label) ?? parameter.defaultValue?.value
                else { continue }
                if let n = Evaluate.number(value, constants: known) { numbers[inner] = n }
                var source = Evaluate.brief(value)
                if source.hasPrefix("self.") { source.removeFirst(5) }
                aliases[inner] = aliases[source] ?? source
            }
            depth += 1
            block(body, delay: delay)
            depth -= 1
            (numbers, aliases) = (savedNumbers, savedAliases)
            for argument in call.arguments { visit(Syntax(argument), delay: delay) }
            return true
        }
        if let helper = project.functions[name]?.first, let body = helper.body {
            let wait = helperDelay(helper, body: body, call: call)
            if let closure {
                depth += 1
                block(closure.statements, delay: wait.known ? delay.flatMap { a in wait.seconds.map { a + $0 } } : nil)
                if !wait.known { unknown = Evaluate.brief(call.calledExpression) }
                depth -= 1
                return true
            }
            // `moveFocus($focus, to: last, after: 0.6)`: a helper that assigns the binding it is given.
            if let (state, value) = assignedThroughBinding(helper, body: body, call: call) {
                record(value, delay: delay.flatMap { a in wait.seconds.map { a + $0 } }, state: state)
                return true
            }
        }
        // A focus state handed to code focusaudit cannot follow (a function of another module, a
        // helper without a closure): it may restore focus, when and to what is unknown.
        if let handed = call.arguments.first(where: { a in
            BindingText.projected(a.expression.trimmedNameText).map { focusStates.contains($0) } ?? false
        }) {
            found.append(
                FocusAnalysis.Restore(
                    recordedVariable: FocusAnalysis.unresolved, target: Evaluate.brief(call), delay: nil,
                    unknownDelay: "\(handed.expression.trimmedNameText) is handed to code focusaudit cannot see",
                    trigger: trigger))
            return true
        }
        // A closure that moves focus, handed to a function of another module
        // (`await VoiceOver.restoreFocusIfCapturedByToolbar { focus = true }`): that function decides
        // when the closure runs, later or not at all, which focusaudit cannot see, so the delay is
        // unknown (and assumed long enough) rather than none.
        if let closure, !Self.immediateClosureCalls.contains(name),
            closure.statements.descendants(SequenceExprSyntax.self).contains(where: { seq in
                Self.assignment(seq).map { focusStates.contains($0.0) } ?? false
            })
        {
            let saved = unknown
            unknown = "the closure is run by \(Evaluate.brief(call.calledExpression)), which focusaudit cannot see"
            block(closure.statements, delay: nil)
            unknown = saved
            return true
        }
        return false
    }

    /// How long a helper waits before it runs its closure argument: the `.now() + p` of an
    /// `asyncAfter` (or the `Task.sleep`) in its body, with `p` a parameter read from the call.
    private func helperDelay(
        _ helper: FunctionDeclSyntax, body: CodeBlockSyntax, call: FunctionCallExprSyntax
    ) -> (
        known: Bool, seconds: Double?
    ) {
        var bindings: [String: Double] = project.constants
        let parameters = Array(helper.signature.parameterClause.parameters)
        var unlabelled = Arguments(call).unlabelled.makeIterator()
        for parameter in parameters {
            let inner = (parameter.secondName ?? parameter.firstName).nameText
            let label = parameter.firstName.nameText
            let value: ExprSyntax? =
                label == "_" ? unlabelled.next() : Arguments(call).labelled(label) ?? parameter.defaultValue?.value
            if let value, let n = Evaluate.number(value, constants: project.constants) { bindings[inner] = n }
        }
        for inner in body.descendants(FunctionCallExprSyntax.self) {
            let name = Evaluate.calledName(inner)
            if name == "asyncAfter", let deadline = Arguments(inner).labelled("deadline") {
                return (true, afterNow(deadline, bindings: bindings))
            }
            if name == "sleep" {
                let args = Arguments(inner)
                if let n = args.labelled("nanoseconds") {
                    return (true, Evaluate.number(n, constants: bindings).map { $0 / 1_000_000_000 })
                }
                if let d = args.labelled("for") ?? args.firstUnlabelled {
                    return (true, Evaluate.number(d, constants: bindings))
                }
            }
        }
        return (true, 0)
    }

    /// N in `.now() + N`.
    private func afterNow(_ expr: ExprSyntax, bindings: [String: Double]? = nil) -> Double? {
        let constants = bindings ?? known
        if let seq = expr.as(SequenceExprSyntax.self) {
            let items = Array(seq.elements)
            if items.count == 3, items[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                return Evaluate.number(items[2], constants: constants)
            }
        }
        if let call = expr.as(FunctionCallExprSyntax.self), Evaluate.calledName(call) == "now" { return 0 }
        return nil
    }

    /// For a helper called with `$focus`: the focus state and the argument the helper assigns to
    /// that binding's `wrappedValue` (or the value it assigns, when that is not a parameter).
    private func assignedThroughBinding(
        _ helper: FunctionDeclSyntax, body: CodeBlockSyntax, call: FunctionCallExprSyntax
    ) -> (String, ExprSyntax)? {
        var given: [String: ExprSyntax] = [:]
        var state: (name: String, parameter: String)?
        var unlabelled = Arguments(call).unlabelled.makeIterator()
        for parameter in helper.signature.parameterClause.parameters {
            let inner = (parameter.secondName ?? parameter.firstName).nameText
            let label = parameter.firstName.nameText
            guard let value = label == "_" ? unlabelled.next() : Arguments(call).labelled(label) else { continue }
            given[inner] = value
            if let text = BindingText.projected(value.trimmedNameText), focusStates.contains(text) {
                state = (text, inner)
            }
        }
        guard let state else { return nil }
        for seq in body.descendants(SequenceExprSyntax.self) {
            let items = Array(seq.elements)
            guard items.count == 3, items[1].is(AssignmentExprSyntax.self),
                items[0].trimmedNameText == state.parameter + ".wrappedValue"
            else { continue }
            if let r = items[2].as(DeclReferenceExprSyntax.self), let argument = given[r.baseName.nameText] {
                return (state.name, argument)
            }
            return (state.name, items[2])
        }
        return nil
    }

    private func methodDecl(_ expr: ExprSyntax) -> FunctionDeclSyntax? {
        guard let name = Evaluate.ownName(expr) else { return nil }
        return type.methods[name]?.decl
    }

    private func methodBody(_ expr: ExprSyntax) -> CodeBlockItemListSyntax? {
        guard let name = Evaluate.ownName(expr), let method = type.methods[name], let body = method.decl.body else { return nil }
        return body.statements
    }

    private func record(_ value: ExprSyntax, delay: Double?, state: String) {
        if value.is(NilLiteralExprSyntax.self) { return }
        if let flag = Evaluate.bool(value) {
            // A `Bool` focus state set to true focuses the element bound with `.accessibilityFocused($state)`.
            guard flag else { return }
            let dispatching = dispatchingVariable(around: Syntax(value))
            if dispatching == nil, firstAppearanceGuard(around: Syntax(value)) != nil { return }
            found.append(
                FocusAnalysis.Restore(
                    recordedVariable: dispatching, target: state, delay: delay,
                    unknownDelay: delay == nil ? (unknown ?? "a delay computed at run time") : nil, trigger: trigger, state: state))
            return
        }
        if let constant = constantValue(value) {
            if firstAppearanceGuard(around: Syntax(value)) != nil { return }
            // A value that never changes (`config.start`, `ShedDefaults.start`, a state given a
            // literal that no code sets) is a fixed element, as the literal itself is.
            found.append(
                FocusAnalysis.Restore(
                    recordedVariable: nil, target: constant, delay: delay,
                    unknownDelay: delay == nil ? (unknown ?? "a delay computed at run time") : nil, trigger: trigger, state: state))
            return
        }
        var recorded: String?
        var name = Evaluate.ownName(value)
        if let n = name, let original = aliases[n], type.stored.contains(where: { $0.name == original }) {
            name = original
        }
        if name == nil { name = runTimeMember(value) ?? wrappedRecord(value) }
        if let name, !focusStates.contains(name) {
            // A stored property holding the recorded id, or a local taken from run-time state (a
            // closure's parameter, the popped route): both give back what was activated. A literal
            // or a member (`.first`, `items.first?.id`) is a fixed element.
            recorded = name
        }
        if recorded == nil, firstAppearanceGuard(around: Syntax(value)) != nil { return }
        found.append(
            FocusAnalysis.Restore(
                recordedVariable: recorded, target: Evaluate.brief(value), delay: delay,
                unknownDelay: delay == nil ? (unknown ?? "a delay computed at run time") : nil, trigger: trigger, state: state))
    }

    /// The literal a restoration's value always holds, when it is one: a property of the view
    /// declared with `let` and a literal (`private let start = Corner.seeds`), or a `@State` (or
    /// plain `var`) given a literal that no code of the view assigns or hands on as `$start`; a
    /// `let` member of the audited files' types written with a literal, read through a type
    /// (`ShedDefaults.start`, a `static let`) or through such a property of the view
    /// (`config.start`, with `@State var config = ShedConfig()` and `let start: Corner = .tools`).
    private func constantValue(_ value: ExprSyntax) -> String? {
        if var name = Evaluate.ownName(value) {
            if let original = aliases[name], type.stored.contains(where: { $0.name == original }) { name = original }
            guard let stored = type.stored.first(where: { $0.name == name }),
                let binding = stored.declaration.bindings.first(where: {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText == name
                }),
                let initial = binding.initializer?.value, SwiftProject.isLiteralValue(initial)
            else { return nil }
            if stored.declaration.bindingSpecifier.tokenKind == .keyword(.let) { return initial.trimmedNameText }
            guard stored.wrappers.allSatisfy({ $0 == "State" }), !changes(name) else { return nil }
            return initial.trimmedNameText
        }
        guard let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let memberName = member.declName.baseName.nameText
        let root = base.baseName.nameText
        if root.first?.isUppercase == true {
            return project.memberConstants[(root == "Self" ? type.name : root) + "." + memberName]
        }
        guard let stored = type.stored.first(where: { $0.name == root }), stored.wrappers.allSatisfy({ $0 == "State" }) else {
            return nil
        }
        var typeName = stored.type.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        if typeName.isEmpty,
            let call = stored.declaration.bindings.first(where: {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText == root
            })?.initializer?.value.as(FunctionCallExprSyntax.self)
        {
            typeName = call.calledExpression.trimmedNameText
        }
        return project.memberConstants[typeName + "." + memberName]
    }

    /// Whether the view's code assigns a property (`start = …`, `self.start = …`) or hands it on
    /// as a binding (`$start`).
    private func changes(_ name: String) -> Bool {
        writes.handedOn.contains(name) || writes.assignments[name] != nil
    }

    /// Where the view's code assigns each property (`start = …`, `self.start = …`) and which it hands
    /// on as a binding (`$start`): walked once per view, so that each restoration asks in constant
    /// time, not in a walk of the whole view (a view of many restorations was quadratic).
    private lazy var writes: (assignments: [String: [Syntax]], handedOn: Set<String>) = {
        var assignments: [String: [Syntax]] = [:]
        var handedOn: Set<String> = []
        var code: [Syntax] = type.declaration.map { [Syntax($0)] } ?? []
        code += type.methods.values.map { Syntax($0.decl) }
        var seenRoots: Set<SyntaxIdentifier> = []
        for root in code where seenRoots.insert(root.id).inserted {
            for seq in root.descendants(SequenceExprSyntax.self) {
                if let (name, _) = Self.assignment(seq) { assignments[name, default: []].append(Syntax(seq)) }
            }
            for reference in root.descendants(DeclReferenceExprSyntax.self) {
                let text = reference.baseName.nameText
                if text.hasPrefix("$") { handedOn.insert(String(text.dropFirst())) }
            }
        }
        return (assignments, handedOn)
    }()

    /// What a member read names when it gives back the recorded element: a member of a value taken
    /// at run time (`popped.id` with `guard let popped = oldPath.last`, `oldPath.last?.id` of
    /// `.onChange(of: path) { oldPath, newPath in … }`), which is the local or parameter's name, or a
    /// property of the view's model (`model.lastID`, `router.lastOpened`), which the model's methods
    /// set when a control navigates. A member of the view's own stored data (`items.first?.id`) is a
    /// fixed element: nil.
    private func runTimeMember(_ value: ExprSyntax) -> String? {
        var chain: [String] = []
        var expr: ExprSyntax? = value
        while let e = expr {
            if let m = e.as(MemberAccessExprSyntax.self) {
                chain.insert(m.declName.baseName.nameText, at: 0)
                expr = m.base
            } else if let o = e.as(OptionalChainingExprSyntax.self) {
                expr = o.expression
            } else if let f = e.as(ForceUnwrapExprSyntax.self) {
                expr = f.expression
            } else {
                break
            }
        }
        guard var root = expr?.as(DeclReferenceExprSyntax.self)?.baseName.nameText, !chain.isEmpty,
            root.first?.isLowercase == true, root != "self", !focusStates.contains(root)
        else { return nil }
        if let source = aliases[root], type.stored.contains(where: { $0.name == source }) {
            root = source  // `if let last = lastSelected { focus = last.id }`
        }
        let stored = type.stored.first { $0.name == root }
        if let stored {
            // A state holding the activated item (`focus = lastSelected?.id`), not an element of a
            // collection (`items.first?.id`).
            let collectionMembers: Set<String> = ["first", "last", "startIndex", "endIndex", "indices", "randomElement"]
            if stored.wrappers.contains("State") || stored.wrappers.contains("SceneStorage"),
                !collectionMembers.contains(chain[0])
            {
                return root
            }
            // The view's model: a property of an observable object or of a type of the audited files
            // that is not a view, read one level deep.
            let wrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Bindable"]
            let typeName = stored.type.filter { $0.isLetter || $0.isNumber || $0 == "_" }
            let isModel =
                stored.wrappers.contains { wrappers.contains($0) }
                || (project.modelMethods[typeName] != nil && project.type(typeName)?.kind != .view)
            return isModel && chain.count == 1 ? root + "." + chain[0] : nil
        }
        if let source = aliases[root] {
            // A local: it is run-time state when what it was taken from is not the view's own data.
            let base = source.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if type.stored.contains(where: { $0.name == base }) || base.first?.isUppercase == true { return nil }
            return root
        }
        // A closure's parameter.
        return isParameter(root, around: value) ? root : nil
    }

    /// The recorded value an enum case wraps (`focus = .row(lastRow)` with `.accessibilityFocused($focus,
    /// equals: .row(item.id))`): a stored property, a local bound from run-time state or a closure's
    /// parameter given as its associated value. A case of a literal (`.row(0)`) is a fixed element.
    private func wrappedRecord(_ value: ExprSyntax) -> String? {
        guard let call = value.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
            m.base == nil || m.base?.trimmedNameText.first?.isUppercase == true
        else { return nil }
        for argument in call.arguments {
            let e = argument.expression
            if let member = runTimeMember(e) { return member }
            guard var n = Evaluate.ownName(e), !focusStates.contains(n) else { continue }
            if let original = aliases[n], type.stored.contains(where: { $0.name == original }) { n = original }
            if type.stored.contains(where: { $0.name == n }) || isParameter(n, around: e) { return n }
            if let source = aliases[n] {
                // A local taken from the view's own data (`let first = items.first`) is fixed.
                let base = source.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !type.stored.contains(where: { $0.name == base }), base.first?.isUppercase != true { return n }
            }
        }
        return nil
    }

    /// Whether `name` is a parameter of a closure around `node`.
    private func isParameter(_ name: String, around node: ExprSyntax) -> Bool {
        var parent = node.parent
        while let p = parent {
            if let closure = p.as(ClosureExprSyntax.self), let signature = closure.signature {
                let names: [String]
                if let shorthand = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self) {
                    names = shorthand.map(\.name.nameText)
                } else if let list = signature.parameterClause?.as(ClosureParameterClauseSyntax.self) {
                    names = list.parameters.map { ($0.secondName ?? $0.firstName).nameText }
                } else {
                    names = []
                }
                if names.contains(name) { return true }
            }
            parent = p.parent
        }
        return false
    }

    /// The stored property whose value chooses which `Bool` focus state an assignment sets: the
    /// assignment sits in a branch of an `if`, `guard` or `switch` that reads it, and the branching
    /// statement does not assign it itself. With one `Bool` state per control, a screen that records
    /// the activated control in a property (`last = 2` in the button's action) restores it with
    /// `if last == 1 { aFocused = true } else if last == 2 { bFocused = true }`: a restoration to
    /// the recorded control, not to a fixed one. A flag the branch sets (`if !didAppear { titleFocused
    /// = true; didAppear = true }`) focuses one element on the first appearance only, and is not one.
    private func dispatchingVariable(around node: Syntax) -> String? {
        let stored = Set(type.stored.map(\.name))
        func readsStored(_ condition: Syntax, in statement: Syntax) -> String? {
            for reference in condition.descendants(DeclReferenceExprSyntax.self) {
                var name = reference.baseName.nameText
                if let original = aliases[name] { name = original }
                guard stored.contains(name), !focusStates.contains(name) else { continue }
                let assigned = statement.descendants(SequenceExprSyntax.self).contains { seq in
                    Self.assignment(seq)?.0 == name
                }
                if !assigned { return name }
            }
            return nil
        }
        var current = node
        while let parent = current.parent {
            if parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) { return nil }
            // What the branching statement reads to choose a branch; the assignment is in a branch,
            // not in that part itself.
            let condition: Syntax? =
                parent.as(IfExprSyntax.self).map { Syntax($0.conditions) }
                ?? parent.as(GuardStmtSyntax.self).map { Syntax($0.conditions) }
                ?? parent.as(SwitchExprSyntax.self).map { Syntax($0.subject) }
            if let condition, current.id != condition.id, let name = readsStored(condition, in: parent) { return name }
            current = parent
        }
        return nil
    }

    /// The stored property of an `if` around a focus request to a fixed element that makes the request
    /// run on the first appearance only: the branch (or a method of the view it calls) assigns the
    /// property that the condition reads, and no other code of the view assigns it or hands it on as
    /// `$name`. `if !welcomed { headingFocused = true; welcomed = true }` and `if rows.isEmpty {
    /// await load(); focus = rows.first?.id }` (with `load()` the only code setting `rows`) focus an
    /// element when the screen first appears; when it appears again on return the condition is false
    /// and nothing moves focus, so it is not a restoration. SwiftUI keeps a view's `@State` while
    /// the view stays in the hierarchy, as a screen under a pushed one does
    /// (https://developer.apple.com/documentation/swiftui/state: "SwiftUI manages the property's
    /// storage"; https://developer.apple.com/documentation/swiftui/managing-user-interface-state).
    /// A flag put back elsewhere (`.onDisappear { welcomed = false }`) makes it run each time: nil.
    private func firstAppearanceGuard(around node: Syntax) -> String? {
        guard trigger == "onAppear" || trigger == "task" else { return nil }
        // Only the view's own state: a `@Binding` or a model's property can be put back by other views.
        let stored = Set(type.stored.filter { $0.wrappers.allSatisfy { $0 == "State" } }.map(\.name))
        // The code that runs with the branch: the statement and the view's methods it calls, two calls deep.
        func calledMethods(_ root: Syntax) -> [Syntax] {
            var out: [Syntax] = []
            var queue = [root]
            var names: Set<String> = []
            var level = 0
            while !queue.isEmpty, level < 3 {
                var next: [Syntax] = []
                for node in queue {
                    for call in node.descendants(FunctionCallExprSyntax.self) {
                        guard let name = Evaluate.ownName(call.calledExpression), let method = type.methods[name]?.decl,
                            names.insert(name).inserted
                        else { continue }
                        out.append(Syntax(method))
                        next.append(Syntax(method))
                    }
                }
                queue = next
                level += 1
            }
            return out
        }
        func assigns(_ node: Syntax, _ name: String) -> Bool {
            node.descendants(SequenceExprSyntax.self).contains { Self.assignment($0)?.0 == name }
        }
        var current = node
        while let parent = current.parent {
            if parent.is(FunctionDeclSyntax.self) { return nil }
            if let closure = parent.as(ClosureExprSyntax.self) {
                // Only through the closures that run the same code later (`asyncAfter`, `Task`).
                var up = Syntax(closure).parent
                while let u = up, !u.is(FunctionCallExprSyntax.self) { up = u.parent }
                guard let call = up?.as(FunctionCallExprSyntax.self), Self.deferringCalls.contains(Evaluate.calledName(call))
                else {
                    return nil
                }
            }
            if let ifExpr = parent.as(IfExprSyntax.self), current.id != Syntax(ifExpr.conditions).id {
                let inside = [Syntax(ifExpr)] + calledMethods(Syntax(ifExpr))
                let insideIDs = Set(inside.map(\.id))
                for reference in ifExpr.conditions.descendants(DeclReferenceExprSyntax.self) {
                    let name = reference.baseName.nameText
                    guard stored.contains(name), !focusStates.contains(name),
                        inside.contains(where: { assigns($0, name) })
                    else { continue }
                    // Assigned (or handed on) anywhere outside the branch and the methods it calls.
                    let elsewhere =
                        writes.handedOn.contains(name)
                        || (writes.assignments[name] ?? []).contains { !Self.isWithin($0, insideIDs) }
                    if !elsewhere { return name }
                }
            }
            current = parent
        }
        return nil
    }

    private static func isWithin(_ node: Syntax, _ ids: Set<SyntaxIdentifier>) -> Bool {
        var current: Syntax? = node
        while let c = current {
            if ids.contains(c.id) { return true }
            current = c.parent
        }
        return false
    }

    /// `a = b` or `self.a = b`, as the parser leaves it (unfolded).
    static func assignment(_ seq: SequenceExprSyntax) -> (String, ExprSyntax)? {
        let items = Array(seq.elements)
        guard items.count == 3, items[1].is(AssignmentExprSyntax.self) else { return nil }
        guard let name = Evaluate.ownName(items[0]) else { return nil }
        return (name, items[2])
    }
}

extension SyntaxProtocol {
    /// Every node of a kind at or below this one, in source order.
    func descendants<T: SyntaxProtocol>(_ kind: T.Type) -> [T] {
        var out: [T] = []
        func walk(_ node: Syntax) {
            if let t = node.as(T.self) { out.append(t) }
            for child in node.children(viewMode: .sourceAccurate) { walk(child) }
        }
        walk(Syntax(self))
        return out
    }
}
