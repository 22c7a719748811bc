import FocusAudit
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax
import Synchronization

/// The Swift files of one run, with an index of the types and helpers they declare. Views are
/// resolved by type name across all of them.
///
/// The index holds no syntax: a type's members, its calls and its stored properties are names,
/// facts and places in their file's tree (`SyntaxRef`). Each file is parsed once to index it; its
/// tree is then kept only among the few most recently used (`TreeStore`), and parsed again from its
/// bytes when code that reads syntax (the screen catalog, a screen's translation) asks for a node
/// of it. So the trees alive at once are bounded, whatever the number of files.
final class SwiftProject: @unchecked Sendable {
    /// One file: its lines (and bytes), and what it is.
    final class File: @unchecked Sendable {
        let path: String
        let index: Int
        var lines: LineTable?
        var error: InputError?
        /// Whether it declares a view, a view modifier or an app (otherwise it is skipped).
        var declaresViews = false
        /// Whether the file declares views compiled only for another platform (`#if os(tvOS)`).
        var declaresOtherPlatformViews = false
        /// Whether it was parsed without error (and so is indexed).
        var parsed = false
        /// `// focusaudit:disable-file …` and comments with a directive focusaudit does not know,
        /// found when the file was indexed.
        var fileSuppressions: [FileSuppression] = []
        /// What indexing it found, merged into the project in file order.
        fileprivate var found: [IndexEntry] = []

        init(path: String, index: Int) {
            self.path = path
            self.index = index
        }
    }

    let files: [File]
    /// The files' trees, parsed again on demand.
    let store: TreeStore
    /// View, view modifier and app types by name (members of their extensions included).
    private(set) var types: [String: TypeInfo] = [:]
    /// Functions that return views or wrap delays, by name: global functions and those in extensions
    /// of `View` (helper modifiers).
    private(set) var functions = FunctionTable()
    /// Numeric constants (`static let restoreDelay = 0.6`, `let delay = 0.6`) by name.
    private(set) var constants: [String: Double] = [:]
    /// Types declared in the audited files that are not views (models, enums): never opaque views.
    private(set) var otherTypes: Set<String> = []
    /// Methods of the types that are not views (a view model's `showDetail(_:)`, a router's
    /// `open(_:)`), by type name then method name: an action that calls one is followed into it.
    private(set) var modelMethods: [String: [String: SyntaxRef<FunctionDeclSyntax>]] = [:]
    /// The cases each enum of the audited files declares, by the enum's name.
    private(set) var enumCases: [String: Set<String>] = [:]
    /// Constants of the audited files' types whose value is written as a literal, by `Type.member`:
    /// `let start: Corner = .tools` in `struct ShedConfig`, `static let start = Corner.seeds` in
    /// `enum ShedDefaults`. The text of the value.
    private(set) var memberConstants: [String: String] = [:]
    /// Constants whose value is an array written out (`static let tabs = [Tab.home]`), by
    /// `Type.member` for a type's `let` (static or not) and by name for one outside any type: how
    /// many elements the array holds.
    private(set) var arrayCounts: [String: Int] = [:]
    /// Properties of the audited files' enums whose type is a view (`var button: some View {
    /// switch self { … } }` in `enum RowAction`), by property name: each declaration with its enum.
    private(set) var enumViewProperties: [String: [(type: String, ref: SyntaxRef<VariableDeclSyntax>)]] = [:]

    /// Parses and indexes the files on up to `jobs` threads (`--jobs`), then merges the indexes in
    /// file order. `keptTrees`: how many trees the store keeps besides those in use.
    init(files: [ReaderFile], jobs: Int = Configuration.defaultJobs, keptTrees: Int? = nil) {
        self.files = files.enumerated().map { File(path: $0.element.path, index: $0.offset) }
        store = TreeStore(files: self.files, capacity: keptTrees ?? TreeStore.defaultCapacity(jobs: jobs, files: files.count))
        let all = self.files
        let store = self.store
        _ = WorkQueue.map(count: all.count, jobs: jobs, stackBytes: WorkQueue.largeStackBytes) { n in Self.parse(all[n], source: files[n], store: store) }
        for file in self.files where file.parsed {
            merge(file.found, file: file)
            file.found = []
        }
        for type in types.values { type.collectCalls() }
    }

    private static func parse(_ file: File, source: ReaderFile, store: TreeStore) {
        switch source.readText(maximumBytes: SwiftUIReader.maximumSourceBytes, kind: "Swift sources") {
        case .failure(let error):
            file.error = error
        case .success(let text):
            var text = text
            let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: SwiftUIReader.maximumNesting) }
            let lines = LineTable(text)
            file.lines = lines
            // The walks below recurse: a tree too deep for them is not walked.
            if let deep = SyntaxProblemFinder.deeperThan(SwiftUIReader.maximumTreeDepth, tree) {
                file.error = InputError(
                    file: source.path, location: lines.location(of: deep),
                    message:
                        "the code here is nested more than \(SwiftUIReader.maximumTreeDepth) syntax levels deep (a chain of "
                        + "thousands of modifiers or `else if`s makes such a tree); focusaudit reads Swift sources at most "
                        + "\(SwiftUIReader.maximumTreeDepth) levels deep, so the file is not audited")
                return
            }
            if tree.hasError, let problem = SyntaxProblemFinder.first(in: tree) {
                // Code nested deeper than the parser's limit is unexpected code after that point.
                if let deep = SyntaxProblemFinder.nestedTooDeeply(tree, limit: SwiftUIReader.maximumNesting),
                    deep <= problem.position
                {
                    file.error = InputError(
                        file: source.path, location: lines.location(of: deep),
                        message:
                            "brackets nest more than \(SwiftUIReader.maximumNesting) levels deep here; focusaudit reads "
                            + "Swift sources nested at most \(SwiftUIReader.maximumNesting) levels, so the file is not audited")
                } else {
                    file.error = InputError(
                        file: source.path, location: lines.location(of: problem.position),
                        message: "not valid Swift: \(problem.message); the file is not audited")
                }
                return
            }
            var indexer = FileIndexer(file: file.index, store: store)
            // A file only the Mac can build is not part of the iOS app, like a view inside `#if os(macOS)`.
            indexer.inOtherPlatform = BuildConditions.macOnly(tree)
            for item in tree.statements { indexer.indexDecl(item.item, inType: nil) }
            file.found = indexer.found
            file.fileSuppressions = tree.tokens(viewMode: .sourceAccurate).flatMap { token in
                focusauditComments(before: token, file: file.index, lines: lines).filter { $0.comment.kind != .disable }
                    .map { FileSuppression($0.comment, origin: $0.origin, text: $0.text) }
            }
            file.parsed = true
            store.keep(tree, file: file.index)
        }
    }

    // MARK: - Index

    /// What one file's index found, in the order the declarations come.
    fileprivate enum IndexEntry {
        /// A struct: a view, view modifier or app (`kind`), a preview (ignored), or another type.
        case type(name: String, kind: TypeInfo.Kind?, isPreview: Bool, declaration: TypeInfo.Declaration, members: Members)
        /// An extension of a type other than `View`, and whether it declares a `View` conformance.
        case typeExtension(name: String, members: Members, addsView: Bool)
        case function(name: String, SyntaxRef<FunctionDeclSyntax>)
        case constant(name: String, value: Double)
        case otherType(String)
        /// A method of a type that is not a view (or of an extension of one), by its type's name.
        case modelMethod(type: String, name: String, SyntaxRef<FunctionDeclSyntax>)
        case enumCases(type: String, cases: Set<String>)
        case memberConstant(key: String, value: String)
        /// A `let` whose value is an array written out: its key as in `arrayCounts`, its count.
        case arrayConstant(key: String, count: Int)
        /// A view declared inside `#if os(tvOS)` (or another platform that is not iOS): ignored.
        case otherPlatformView
        /// A computed property of an enum whose type is a view.
        case enumViewProperty(type: String, name: String, SyntaxRef<VariableDeclSyntax>)
    }

    /// The members of one type declaration or extension, in order.
    fileprivate struct Members {
        var stored: [TypeInfo.Stored] = []
        var computed: [(name: String, TypeInfo.Computed)] = []
        var methods: [(name: String, TypeInfo.Method)] = []
        var initialisers: [SyntaxRef<InitializerDeclSyntax>] = []
    }

    /// Indexes one file's declarations while its tree is alive (on the thread that parsed it).
    fileprivate struct FileIndexer {
        let file: Int
        let store: TreeStore
        var found: [IndexEntry] = []
        /// Whether the declarations being indexed are inside a `PreviewProvider` (its nested
        /// `struct Preview: View` is preview code too).
        var inPreview = false
        /// Whether the declarations being indexed are in a clause of an `#if` that an iOS build does
        /// not compile (`#if os(tvOS)`, `#if os(macOS) || os(watchOS)`, `#if !os(iOS)`, the `#else`
        /// of `#if os(iOS)`; see `BuildConditions`): not part of the iOS app, so ignored like previews.
        var inOtherPlatform = false

        func ref<Node: SyntaxProtocol>(_ node: Node) -> SyntaxRef<Node> { SyntaxRef(node, file: file, store: store) }

        mutating func indexDecl(_ node: CodeBlockItemSyntax.Item, inType: String?) {
            switch node {
            case .decl(let decl): index(decl, inType: inType)
            default: break
            }
        }

        mutating func index(_ decl: DeclSyntax, inType: String?) {
            if let s = decl.as(StructDeclSyntax.self) {
                let name = s.name.nameText
                let inherited = SwiftProject.inheritedNames(s.inheritanceClause)
                let isPreview = inPreview || inOtherPlatform || inherited.contains("PreviewProvider")
                let kind: TypeInfo.Kind? =
                    isPreview
                    ? nil
                    : inherited.contains("App")
                        ? .app
                        : inherited.contains("ViewModifier")
                            ? .modifier
                            : inherited.contains("ButtonStyle") || inherited.contains("PrimitiveButtonStyle")
                                ? .buttonStyle
                                : inherited.contains("View") || inherited.contains("ToolbarContent") || SwiftProject.hasViewBody(s.memberBlock)
                                    ? .view : nil
                if inOtherPlatform, inherited.contains("View") || SwiftProject.hasViewBody(s.memberBlock) {
                    found.append(.otherPlatformView)
                }
                let declaration = TypeInfo.Declaration(syntax: ref(s), name: ref(s.name), nameOffset: s.name.position.utf8Offset)
                found.append(
                    .type(
                        name: name, kind: kind, isPreview: isPreview, declaration: declaration,
                        members: kind == nil ? Members() : members(s.memberBlock)))
                if kind == nil, !isPreview { indexModelMethods(s.memberBlock, of: name) }
                if !isPreview { indexMemberConstants(s.memberBlock, of: name) }
                let outer = inPreview
                inPreview = isPreview
                for member in s.memberBlock.members { indexNested(member.decl) }
                inPreview = outer
            } else if let e = decl.as(ExtensionDeclSyntax.self) {
                let name = e.extendedType.trimmedNameText
                if name == "View" || name == "SwiftUI.View" {
                    for member in e.memberBlock.members {
                        if let f = member.decl.as(FunctionDeclSyntax.self) { found.append(.function(name: f.name.nameText, ref(f))) }
                    }
                } else {
                    found.append(
                        .typeExtension(
                            name: name, members: members(e.memberBlock),
                            addsView: SwiftProject.inheritedNames(e.inheritanceClause).contains("View")))
                    indexModelMethods(e.memberBlock, of: name.split(separator: ".").last.map(String.init) ?? name)
                    indexMemberConstants(e.memberBlock, of: name.split(separator: ".").last.map(String.init) ?? name)
                }
                for member in e.memberBlock.members { indexNested(member.decl) }
            } else if let f = decl.as(FunctionDeclSyntax.self), inType == nil {
                found.append(.function(name: f.name.nameText, ref(f)))
            } else if let v = decl.as(VariableDeclSyntax.self) {
                recordConstants(v, outsideTypes: inType == nil)
            } else if let c = decl.as(ClassDeclSyntax.self) {
                found.append(.otherType(c.name.nameText))
                indexModelMethods(c.memberBlock, of: c.name.nameText)
                indexMemberConstants(c.memberBlock, of: c.name.nameText)
                for member in c.memberBlock.members { indexNested(member.decl) }
            } else if let a = decl.as(ActorDeclSyntax.self) {
                found.append(.otherType(a.name.nameText))
                indexModelMethods(a.memberBlock, of: a.name.nameText)
            } else if let en = decl.as(EnumDeclSyntax.self) {
                found.append(.otherType(en.name.nameText))
                var cases: Set<String> = []
                for member in en.memberBlock.members {
                    if let c = member.decl.as(EnumCaseDeclSyntax.self) {
                        for element in c.elements { cases.insert(element.name.nameText) }
                    }
                }
                found.append(.enumCases(type: en.name.nameText, cases: cases))
                for member in en.memberBlock.members {
                    guard let v = member.decl.as(VariableDeclSyntax.self), v.bindings.count == 1, let binding = v.bindings.first,
                        binding.accessorBlock != nil, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText,
                        let type = binding.typeAnnotation?.type.trimmedNameText,
                        ["some View", "AnyView", "any View", "some SwiftUI.View"].contains(type)
                    else { continue }
                    found.append(.enumViewProperty(type: en.name.nameText, name: name, ref(v)))
                }
                indexModelMethods(en.memberBlock, of: en.name.nameText)
                indexMemberConstants(en.memberBlock, of: en.name.nameText)
                for member in en.memberBlock.members { indexNested(member.decl) }
            } else if let ifc = decl.as(IfConfigDeclSyntax.self) {
                let compiled = BuildConditions.clausesForIOS(ifc.clauses).map(\.id)
                for clause in ifc.clauses {
                    if case .statements(let items)? = clause.elements {
                        let outer = inOtherPlatform
                        if !compiled.contains(clause.id) { inOtherPlatform = true }
                        for item in items { indexDecl(item.item, inType: inType) }
                        inOtherPlatform = outer
                    }
                }
            }
        }

        /// A type's `let` properties (static or not) whose value is written as a literal: an enum
        /// case (`.tools`, `Corner.seeds`), a string, a number or a Boolean.
        mutating func indexMemberConstants(_ block: MemberBlockSyntax, of type: String) {
            for member in block.members {
                guard let v = member.decl.as(VariableDeclSyntax.self), v.bindingSpecifier.tokenKind == .keyword(.let) else { continue }
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText,
                        let value = binding.initializer?.value
                    else { continue }
                    if let array = value.as(ArrayExprSyntax.self) {
                        found.append(.arrayConstant(key: type + "." + name, count: array.elements.count))
                    }
                    guard SwiftProject.isLiteralValue(value) else { continue }
                    found.append(.memberConstant(key: type + "." + name, value: value.trimmedNameText))
                }
            }
        }

        /// The methods of a type that is not a view, for actions that call them.
        mutating func indexModelMethods(_ block: MemberBlockSyntax, of type: String) {
            for member in block.members {
                if let f = member.decl.as(FunctionDeclSyntax.self), f.body != nil {
                    found.append(.modelMethod(type: type, name: f.name.nameText, ref(f)))
                } else if let ifc = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifc.clauses {
                        if case .decls(let decls)? = clause.elements {
                            for d in decls {
                                if let f = d.decl.as(FunctionDeclSyntax.self), f.body != nil {
                                    found.append(.modelMethod(type: type, name: f.name.nameText, ref(f)))
                                }
                            }
                        }
                    }
                }
            }
        }

        mutating func indexNested(_ decl: DeclSyntax) {
            if let v = decl.as(VariableDeclSyntax.self) {
                recordConstants(v)
            } else if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(ClassDeclSyntax.self)
                || decl.is(ExtensionDeclSyntax.self) || decl.is(ActorDeclSyntax.self)
            {
                index(decl, inType: "nested")
            }
        }

        /// `outsideTypes`: a constant of the file, not of a type (whose arrays are indexed by the type's
        /// name, `indexMemberConstants`).
        mutating func recordConstants(_ v: VariableDeclSyntax, outsideTypes: Bool = false) {
            guard v.bindingSpecifier.tokenKind == .keyword(.let) else { return }
            for binding in v.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText,
                    let value = binding.initializer?.value
                else { continue }
                if outsideTypes, let array = value.as(ArrayExprSyntax.self) {
                    found.append(.arrayConstant(key: name, count: array.elements.count))
                }
                guard let number = Evaluate.number(value, constants: [:]) else { continue }
                found.append(.constant(name: name, value: number))
            }
        }

        /// A member block's stored and computed properties, methods and initialisers, with the calls
        /// of each body collected now, in source order.
        func members(_ block: MemberBlockSyntax) -> Members {
            var out = Members()
            // Members inside `#if os(iOS) … #endif` are members too: every clause is read.
            var list = Array(block.members)
            var i = 0
            while i < list.count {
                let member = list[i]
                i += 1
                if let ifc = member.decl.as(IfConfigDeclSyntax.self) {
                    var inner: [MemberBlockItemSyntax] = []
                    for clause in ifc.clauses {
                        if case .decls(let decls)? = clause.elements { inner += Array(decls) }
                    }
                    list.insert(contentsOf: inner, at: i)
                    continue
                }
                if let v = member.decl.as(VariableDeclSyntax.self) {
                    let wrappers = v.attributes.compactMap {
                        $0.as(AttributeSyntax.self)?.attributeName.trimmedNameText
                    }
                    let isStatic = v.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                    for binding in v.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.nameText else { continue }
                        if let accessor = binding.accessorBlock {
                            switch accessor.accessors {
                            case .getter(let items):
                                out.computed.append((name, TypeInfo.Computed(ref(items), code: collect(Syntax(items)))))
                            case .accessors(let list):
                                if let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                                    let body = get.body
                                {
                                    out.computed.append((name, TypeInfo.Computed(ref(body.statements), code: collect(Syntax(body.statements)))))
                                }
                            }
                        } else if !isStatic {
                            out.stored.append(
                                TypeInfo.Stored(
                                    name: name, type: binding.typeAnnotation?.type.trimmedNameText ?? "",
                                    hasValue: binding.initializer != nil, wrappers: wrappers, file: file,
                                    line: 0, declarationRef: ref(v)))
                        }
                    }
                } else if let f = member.decl.as(FunctionDeclSyntax.self) {
                    out.methods.append((f.name.nameText, TypeInfo.Method(ref(f), code: f.body.map { collect(Syntax($0)) })))
                    if SwiftProject.isBodyMethod(f), let body = f.body, !SwiftProject.hasBodyProperty(block) {
                        // A view library's `func body(props: Props) -> some View` (SwiftUIFlux's
                        // `ConnectedView` supplies `var body` and calls it): the view's body, its
                        // parameters values known only at run time.
                        out.computed.append(("body", TypeInfo.Computed(ref(body.statements), code: collect(Syntax(body.statements)))))
                    }
                } else if let i = member.decl.as(InitializerDeclSyntax.self) {
                    out.initialisers.append(ref(i))
                }
            }
            return out
        }

        /// One walk of a body: its calls, and how it uses focus states.
        func collect(_ body: Syntax) -> CollectedCode {
            let collector = CodeCollector(viewMode: .sourceAccurate)
            collector.collect(body)
            return CollectedCode(
                calls: collector.calls.map { CallRef(name: Evaluate.calledName($0), ref: ref($0)) }, focusUses: collector.focusUses)
        }
    }

    /// Adds one file's index to the project's, declaration after declaration, as if the files were
    /// read one after another.
    private func merge(_ entries: [IndexEntry], file: File) {
        for entry in entries {
            switch entry {
            case .type(let name, let kind, let isPreview, let declaration, let members):
                if let kind {
                    let info = types[name] ?? TypeInfo(name: name, kind: kind, file: file.index, declaration: declaration)
                    info.kind = kind
                    info.file = file.index
                    info.declarationRef = declaration
                    info.add(members)
                    types[name] = info
                    if kind != .buttonStyle { file.declaresViews = true }
                } else if !isPreview {
                    otherTypes.insert(name)
                }
            case .typeExtension(let name, let members, let addsView):
                let info = types[name] ?? TypeInfo(name: name, kind: .pending, file: file.index, declaration: nil)
                info.add(members)
                if addsView { info.kind = .view }
                types[name] = info
                if info.kind != .pending, info.kind != .buttonStyle { file.declaresViews = true }
            case .function(let name, let ref):
                functions.add(name, ref)
            case .constant(let name, let value):
                constants[name] = value
            case .otherPlatformView:
                file.declaresOtherPlatformViews = true
            case .otherType(let name):
                otherTypes.insert(name)
            case .modelMethod(let type, let name, let ref):
                if modelMethods[type]?[name] == nil { modelMethods[type, default: [:]][name] = ref }
            case .enumCases(let type, let cases):
                enumCases[type, default: []].formUnion(cases)
            case .memberConstant(let key, let value):
                if memberConstants[key] == nil { memberConstants[key] = value }
            case .arrayConstant(let key, let count):
                if arrayCounts[key] == nil { arrayCounts[key] = count }
            case .enumViewProperty(let type, let name, let ref):
                enumViewProperties[name, default: []].append((type, ref))
            }
        }
    }
    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> Set<String> {
        guard let clause else { return [] }
        var names: Set<String> = []
        for inherited in clause.inheritedTypes {
            let text = inherited.type.trimmedNameText
            names.insert(text.hasPrefix("SwiftUI.") ? String(text.dropFirst(8)) : text)
        }
        return names
    }

    /// `func body(props: Props) -> some View`: a method named `body` that takes arguments (not a
    /// view modifier's `body(content:)`) and returns a view.
    fileprivate static func isBodyMethod(_ f: FunctionDeclSyntax) -> Bool {
        guard f.name.nameText == "body", let first = f.signature.parameterClause.parameters.first,
            first.firstName.nameText != "content",
            let returned = f.signature.returnClause?.type.trimmedNameText
        else { return false }
        return returned.contains("View")
    }

    fileprivate static func hasBodyProperty(_ members: MemberBlockSyntax) -> Bool {
        members.members.contains { member in
            member.decl.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.trimmedNameText == "body" } ?? false
        }
    }

    fileprivate static func hasViewBody(_ members: MemberBlockSyntax) -> Bool {
        if members.members.contains(where: { $0.decl.as(FunctionDeclSyntax.self).map(isBodyMethod) ?? false }), !hasBodyProperty(members) {
            return true
        }
        return members.members.contains { member in
            guard let v = member.decl.as(VariableDeclSyntax.self) else { return false }
            return v.bindings.contains {
                $0.pattern.trimmedNameText == "body"
                    && ($0.typeAnnotation.map {
                        let t = $0.type.trimmedNameText
                        return t.contains("View") || t.contains("ToolbarContent")
                    } ?? false)
            }
        }
    }

    /// Whether an expression is a value written out: an enum case without associated values
    /// (`.tools`, `Corner.seeds`), a string without interpolation, a number or a Boolean.
    static func isLiteralValue(_ value: ExprSyntax) -> Bool {
        if value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self) || value.is(FloatLiteralExprSyntax.self) {
            return true
        }
        if let string = value.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        guard let member = value.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.nameText else { return false }
        return name.first?.isUppercase == true
    }

    func type(_ name: String) -> TypeInfo? {
        guard let info = types[name], info.kind != .pending else { return nil }
        return info
    }

    var viewTypes: [TypeInfo] {
        types.values.filter { $0.kind == .view }.sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    var modifierTypes: [TypeInfo] {
        types.values.filter { $0.kind == .modifier }.sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    /// View types, and view modifier types read as screens of their own, in declaration order.
    func screenCandidates(_ modifiers: Set<String>) -> [TypeInfo] {
        types.values.filter { $0.kind == .view || ($0.kind == .modifier && modifiers.contains($0.name)) }
            .sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    var appTypes: [TypeInfo] {
        types.values.filter { $0.kind == .app }.sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    /// Runs `body` with the trees it asks for kept until it returns, so that a node asked for twice
    /// is the same node (the same `SyntaxIdentifier`) and each file is parsed at most once in it.
    func withTrees<Result>(_ body: () throws -> Result) rethrows -> Result {
        if TreeLease.current != nil { return try body() }
        return try TreeLease.$current.withValue(TreeLease(), operation: body)
    }

    /// The `focusaudit:` comments in a token's leading trivia (`// focusaudit:disable rule`), read
    /// by the core's comment parser, each with its position.
    func focusauditComments(before token: TokenSyntax, file: Int) -> [(comment: SuppressionComment, text: String, origin: SourceOrigin)] {
        Self.focusauditComments(before: token, file: file, lines: files[file].lines)
    }

    static func focusauditComments(
        before token: TokenSyntax, file: Int, lines: LineTable?
    ) -> [(comment: SuppressionComment, text: String, origin: SourceOrigin)] {
        var out: [(comment: SuppressionComment, text: String, origin: SourceOrigin)] = []
        var offset = token.position.utf8Offset
        for piece in token.leadingTrivia {
            defer { offset += piece.sourceLength.utf8Length }
            let text: String
            switch piece {
            case .lineComment(let t): text = String(t.dropFirst(2))
            case .blockComment(let t): text = String(t.dropFirst(2).dropLast(2))
            default: continue
            }
            guard let comment = SuppressionComment.parse(text) else { continue }
            let location = lines?.location(of: AbsolutePosition(utf8Offset: offset)) ?? AuditLocation(line: 1, column: 1)
            let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            out.append((comment, trimmed, SourceOrigin(file: file, line: location.line, column: location.column)))
        }
        return out
    }

    /// The index of the file a node was parsed from.
    func file(of node: some SyntaxProtocol) -> Int? {
        store.file(ofRoot: node.root.id)
    }

    func origin(of node: some SyntaxProtocol, file: Int) -> SourceOrigin {
        let position = node.positionAfterSkippingLeadingTrivia
        let location = files[file].lines?.location(of: position) ?? AuditLocation(line: 1, column: 1)
        return SourceOrigin(file: file, line: location.line, column: location.column)
    }
}

/// A node of a file's tree, by its place in the tree (the same in every parse of the same bytes by
/// the same parser, as swift-syntax documents for `SyntaxIdentifier.fromIndexInTree`): the index
/// keeps these instead of nodes, so that it keeps no tree alive.
struct SyntaxRef<Node: SyntaxProtocol>: @unchecked Sendable {
    let file: Int
    let index: UInt64
    let store: TreeStore

    init(_ node: Node, file: Int, store: TreeStore) {
        self.file = file
        index = node.id.indexInTree.toOpaque()
        self.store = store
    }

    /// The node, from the file's tree (parsed again if it is no longer kept).
    var node: Node { store.node(file: file, index: index).cast(Node.self) }
}

/// A call in a type's code: the name it calls (`Evaluate.calledName`), known without the tree, and
/// where it is.
struct CallRef: @unchecked Sendable {
    let name: String
    let ref: SyntaxRef<FunctionCallExprSyntax>
    var node: FunctionCallExprSyntax { ref.node }
    var file: Int { ref.file }
}

/// Functions by name, each read from its file's tree when asked for.
struct FunctionTable {
    private(set) var refs: [String: [SyntaxRef<FunctionDeclSyntax>]] = [:]

    mutating func add(_ name: String, _ ref: SyntaxRef<FunctionDeclSyntax>) { refs[name, default: []].append(ref) }

    subscript(name: String) -> [FunctionDeclSyntax]? { refs[name]?.map(\.node) }
}

/// The trees a piece of work (a screen's translation) has asked for, kept until it ends: see
/// `SwiftProject.withTrees`.
final class TreeLease: @unchecked Sendable {
    @TaskLocal static var current: TreeLease?
    var trees: [Int: SourceFileSyntax] = [:]
    /// By file: the nodes from the root to the node found last, each with the index just past its
    /// subtree, where the next search for a node starts (`TreeStore.node(file:index:)`).
    var paths: [Int: [TreeStore.PathStep]] = [:]
}

/// The files' syntax trees: the most recently used are kept, the others parsed again from the
/// file's bytes when asked for (the same bytes give the same tree, so a `SyntaxRef` finds its node
/// in it). A tree handed out stays alive as long as something holds one of its nodes.
final class TreeStore: @unchecked Sendable {
    private let files: [SwiftProject.File]
    let capacity: Int
    /// Most recently used last.
    private let kept = Mutex<[(file: Int, tree: SourceFileSyntax)]>([])
    /// How many times a file was parsed again (for tests and measurements).
    private let reparsedCount = Mutex(0)

    /// A project of up to `keptWhole` files keeps all its trees and never parses a file again; a
    /// larger one keeps the eight (or four per job) most recently used.
    static func defaultCapacity(jobs: Int, files: Int) -> Int { files <= keptWhole ? files : max(8, 4 * jobs) }
    static let keptWhole = 64

    init(files: [SwiftProject.File], capacity: Int) {
        self.files = files
        self.capacity = max(1, capacity)
    }

    var reparsed: Int { reparsedCount.withLock { $0 } }

    /// Keeps a tree just parsed among the recently used.
    func keep(_ tree: SourceFileSyntax, file: Int) {
        kept.withLock { kept in
            kept.removeAll { $0.file == file }
            kept.append((file, tree))
            if kept.count > capacity {
                let dropped = kept.prefix(kept.count - capacity).map(\.file)
                kept.removeFirst(kept.count - capacity)
                wideChildren.withLock { wide in for file in dropped { wide[file] = nil } }
            }
        }
    }

    /// A file's tree: the one the current lease holds, a kept one, or a new parse of its bytes.
    func tree(_ file: Int) -> SourceFileSyntax {
        let lease = TreeLease.current
        if let tree = lease?.trees[file] { return tree }
        let tree = keptTree(file) ?? parseAgain(file)
        lease?.trees[file] = tree
        return tree
    }

    private func keptTree(_ file: Int) -> SourceFileSyntax? {
        kept.withLock { kept in
            guard let i = kept.lastIndex(where: { $0.file == file }) else { return nil }
            let entry = kept.remove(at: i)
            kept.append(entry)
            return entry.tree
        }
    }

    private func parseAgain(_ file: Int) -> SourceFileSyntax {
        guard let lines = files[file].lines else { return Parser.parse(source: "") }
        let tree = lines.withBytes { Parser.parse(source: $0, maximumNestingLevel: SwiftUIReader.maximumNesting) }
        reparsedCount.withLock { $0 += 1 }
        keep(tree, file: file)
        return tree
    }

    /// A node on the way from the root to a node found, and the index just past its subtree.
    struct PathStep {
        let node: Syntax
        let end: UInt64
    }

    /// The children of a node, and the index each starts at.
    struct Children: @unchecked Sendable {
        let nodes: [Syntax]
        let starts: [UInt64]
    }

    /// A node with more children than this keeps them, while its tree is kept, for binary searches.
    static let wideNode = 16
    /// By file: the children of the nodes with many (a body of thousands of views, an extension of
    /// thousands of methods) in the tree kept for it (by its root), by node index, with the index
    /// each child starts at, so a child is found by a binary search. Dropped with the tree.
    private let wideChildren = Mutex<[Int: (root: SyntaxIdentifier, nodes: [UInt64: Children])]>([:])

    /// The node at `index` of a file's tree. swift-syntax's `node(at:)` goes down from the root and
    /// looks through every child of each node on the way, so finding each of a body's 10,000 views
    /// took time in the square of their number. Within a lease (a screen's translation) the search
    /// starts from the path to the node found last, going up only as far as needed (the next node
    /// asked for is usually near), and a node with many children is searched by halves.
    func node(file: Int, index: UInt64) -> Syntax {
        let tree = self.tree(file)
        let lease = TreeLease.current
        var path: [PathStep]
        if let kept = lease?.paths[file], let root = kept.first, root.node.id == tree.id {
            path = kept
        } else {
            path = [PathStep(node: Syntax(tree), end: UInt64.max)]
        }
        while path.count > 1, let last = path.last, !(last.node.id.indexInTree.toOpaque() <= index && index < last.end) {
            path.removeLast()
        }
        while let step = path.last, step.node.id.indexInTree.toOpaque() != index {
            guard let next = child(of: step, containing: index, file: file, root: tree.id) else {
                preconditionFailure("a node of the index is not in its file's tree")
            }
            path.append(next)
        }
        lease?.paths[file] = path
        return path[path.count - 1].node
    }

    /// The child of `step`'s node whose subtree holds `index`, with the index just past it.
    private func child(of step: PathStep, containing index: UInt64, file: Int, root: SyntaxIdentifier) -> PathStep? {
        let parent = step.node
        if (parent.raw.layoutView?.children.count ?? 0) > Self.wideNode {
            let key = parent.id.indexInTree.toOpaque()
            let known = wideChildren.withLock { wide in wide[file].flatMap { $0.root == root ? $0.nodes[key] : nil } }
            let children: Children
            if let known {
                children = known
            } else {
                let nodes = Array(parent.children(viewMode: .all))
                children = Children(nodes: nodes, starts: nodes.map { $0.id.indexInTree.toOpaque() })
                // Kept only with a kept tree, so that it never holds a tree the store let go.
                if kept.withLock({ $0.contains { $0.file == file && $0.tree.id == root } }) {
                    wideChildren.withLock { wide in
                        if wide[file]?.root != root { wide[file] = (root, [:]) }
                        wide[file]?.nodes[key] = children
                    }
                }
            }
            // The last child starting at or before `index`.
            var low = 0
            var high = children.starts.count
            while low < high {
                let middle = (low + high) / 2
                if children.starts[middle] <= index { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let end = low < children.starts.count ? children.starts[low] : step.end
            return PathStep(node: children.nodes[low - 1], end: end)
        }
        var found: Syntax?
        for child in parent.children(viewMode: .all) {
            let start = child.id.indexInTree.toOpaque()
            if start > index { return found.map { PathStep(node: $0, end: start) } }
            found = child
        }
        return found.map { PathStep(node: $0, end: step.end) }
    }

    /// The file of a tree this store handed out, by its root's identifier.
    func file(ofRoot root: SyntaxIdentifier) -> Int? {
        if let lease = TreeLease.current, let found = lease.trees.first(where: { $0.value.id == root }) { return found.key }
        return kept.withLock { kept in kept.first { $0.tree.id == root }?.file }
    }
}

/// A view, view modifier or app type and its members.
final class TypeInfo: @unchecked Sendable {
    /// `buttonStyle`: a `ButtonStyle` whose `makeBody(configuration:)` draws the buttons it is
    /// applied to; it declares no view of its own.
    enum Kind { case view, modifier, app, buttonStyle, pending }

    /// Where a type is declared (a struct): the declaration and its name.
    struct Declaration {
        var syntax: SyntaxRef<StructDeclSyntax>
        var name: SyntaxRef<TokenSyntax>
        var nameOffset: Int
    }

    let name: String
    var kind: Kind
    var file: Int
    fileprivate(set) var declarationRef: Declaration?
    var nameToken: TokenSyntax? { declarationRef?.name.node }
    var declaration: StructDeclSyntax? { declarationRef?.syntax.node }
    /// Position of its declaration among its file's, for a stable order.
    var order: Int { declarationRef?.nameOffset ?? Int.max }

    struct Stored {
        var name: String
        var type: String
        var hasValue: Bool
        var wrappers: [String]
        var file: Int
        var line: Int
        var declarationRef: SyntaxRef<VariableDeclSyntax>
        var declaration: VariableDeclSyntax { declarationRef.node }
    }

    /// A computed property's getter, the calls in it and how it uses focus states.
    struct Computed {
        let ref: SyntaxRef<CodeBlockItemListSyntax>
        let calls: [CallRef]
        let focusUses: FocusUses
        init(_ ref: SyntaxRef<CodeBlockItemListSyntax>, code: CollectedCode) {
            self.ref = ref
            calls = code.calls
            focusUses = code.focusUses
        }
        var body: CodeBlockItemListSyntax { ref.node }
        var file: Int { ref.file }
    }

    /// A method, the calls in its body and how it uses focus states.
    struct Method {
        let ref: SyntaxRef<FunctionDeclSyntax>
        let calls: [CallRef]
        let focusUses: FocusUses?
        init(_ ref: SyntaxRef<FunctionDeclSyntax>, code: CollectedCode?) {
            self.ref = ref
            calls = code?.calls ?? []
            focusUses = code?.focusUses
        }
        var decl: FunctionDeclSyntax { ref.node }
        var file: Int { ref.file }
    }

    /// Stored properties in declaration order.
    var stored: [Stored] = []
    /// `body` and other computed properties, by name.
    var computed: [String: Computed] = [:]
    /// Methods by name.
    var methods: [String: Method] = [:]
    /// Every call in `bodies`, in source order body after body: collected when the files were
    /// indexed, for the reader's passes that look for calls (roots, destinations, presentations,
    /// inlined parts, focus restorations), instead of each walking the bodies again.
    private(set) var calls: [CallRef] = []

    /// The code of the type's computed properties, then of its methods, each in name order.
    var bodies: [Syntax] {
        computed.sorted { $0.key < $1.key }.map { Syntax($0.value.body) }
            + methods.sorted { $0.key < $1.key }.compactMap { $0.value.decl.body.map { Syntax($0) } }
    }

    /// How each of `bodies` uses focus states, in the same order.
    var focusUses: [FocusUses] {
        computed.sorted { $0.key < $1.key }.map(\.value.focusUses)
            + methods.sorted { $0.key < $1.key }.compactMap(\.value.focusUses)
    }

    /// The calls of `bodies`, in the same order.
    func collectCalls() {
        calls =
            computed.sorted { $0.key < $1.key }.flatMap(\.value.calls)
            + methods.sorted { $0.key < $1.key }.flatMap(\.value.calls)
    }

    private var initialiserRefs: [SyntaxRef<InitializerDeclSyntax>] = []
    /// Hand-written initialisers, in declaration order.
    var initialisers: [(decl: InitializerDeclSyntax, file: Int)] { initialiserRefs.map { ($0.node, $0.file) } }

    fileprivate init(name: String, kind: Kind, file: Int, declaration: Declaration?) {
        self.name = name
        self.kind = kind
        self.file = file
        declarationRef = declaration
    }

    fileprivate func add(_ members: SwiftProject.Members) {
        stored += members.stored
        for (name, c) in members.computed { computed[name] = c }
        for (name, m) in members.methods { methods[name] = m }
        initialiserRefs += members.initialisers
    }

    /// `@AccessibilityFocusState` properties.
    var focusStates: [Stored] {
        stored.filter { s in s.wrappers.contains { $0.hasPrefix("AccessibilityFocusState") } }
    }

    /// Properties a memberwise initialiser takes, in order.
    var initialised: [Stored] {
        stored.filter { s in !s.hasValue && !Self.isInjected(s) }
    }

    /// Properties SwiftUI sets, not the caller: no initialiser parameter of their own.
    static func isInjected(_ property: Stored) -> Bool {
        let injected = ["Environment", "EnvironmentObject", "FocusState", "AccessibilityFocusState", "Namespace"]
        return property.wrappers.contains { w in injected.contains { w.hasPrefix($0) } }
    }

    /// `var` properties with a value in their declaration (`@State var mainText = ""`): the
    /// memberwise initialiser takes them too, by name, with that value as the default ("Memberwise
    /// Initializers for Structure Types", The Swift Programming Language: "the memberwise
    /// initializer can omit parameters for any properties that have default values"); a `let` with
    /// a value cannot be set again and is not a parameter.
    var initialisedWithDefaults: [Stored] {
        stored.filter { s in
            s.hasValue && !Self.isInjected(s) && s.declaration.bindingSpecifier.tokenKind == .keyword(.var)
        }
    }
}

/// Line starts of a file's text, for 1-based lines and columns counted in Unicode scalars.
///
/// Columns are counted from checkpoints every `stride` bytes (the scalars before each), not from
/// the start of the line, so locating each of many elements on one long line (a minified file, a
/// megabyte on one line) costs at most `stride` bytes each instead of the line's length.
struct LineTable: Sendable {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]
    /// `scalarsBefore[k]`: the scalars that start in `bytes[0 ..< k * stride]`.
    private var scalarsBefore: [Int] = [0]
    static let stride = 4096

    init(_ text: String) {
        bytes = Array(text.utf8)
        var i = 0
        var scalars = 0
        while i < bytes.count {
            let b = bytes[i]
            if b & 0xC0 != 0x80 { scalars += 1 }
            if (i + 1) % Self.stride == 0 { scalarsBefore.append(scalars) }
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                    i += 1
                    scalars += 1
                    if (i + 1) % Self.stride == 0 { scalarsBefore.append(scalars) }
                }
                starts.append(i + 1)
            }
            i += 1
        }
    }

    /// The scalars that start in `bytes[0 ..< offset]`.
    private func scalars(before offset: Int) -> Int {
        let k = offset / Self.stride
        var count = scalarsBefore[k]
        var i = k * Self.stride
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// The file's bytes, to parse again.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { bytes.withUnsafeBufferPointer(body) }

    func location(of position: AbsolutePosition) -> AuditLocation {
        let offset = min(max(0, position.utf8Offset), bytes.count)
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        // Continuation bytes do not start a scalar.
        let column = scalars(before: offset) - scalars(before: starts[lo]) + 1
        return AuditLocation(line: lo + 1, column: column)
    }
}

/// Finds the first syntax error swift-syntax recovered from: a missing token or unexpected text.
final class SyntaxProblemFinder: SyntaxVisitor {
    var found: (position: AbsolutePosition, message: String)?

    static func first(in tree: SourceFileSyntax) -> (position: AbsolutePosition, message: String)? {
        let finder = SyntaxProblemFinder(viewMode: .all)
        finder.walk(tree)
        return finder.found
    }

    /// Where the source's brackets (`(`, `[`, `{`, and the ones of string interpolations) first
    /// nest more than `limit` deep, read from its tokens as written; nil when they never do. The
    /// parser gives up on what is nested deeper than its limit as unexpected code, and this tells
    /// a user why.
    /// Where the syntax tree is first more than `limit` nodes deep, found without recursion (the
    /// tree is walked with a stack of its own); nil when it never is. Brackets are not the only
    /// way to a deep tree: each `.modifier()` of a chain, each `else if` of a chain, holds the
    /// code before it one level down, and the parser makes any number of them without nesting.
    /// The walks that read the tree recurse, one call (or a few) per level, so a chain of thousands
    /// of modifiers would exhaust a thread's stack.
    static func deeperThan(_ limit: Int, _ tree: SourceFileSyntax) -> AbsolutePosition? {
        // Measured first on the raw tree, which is cheaper; the node is found only for a deep tree.
        guard SyntaxDepth.exceeds(limit, tree) else { return nil }
        var stack: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node.positionAfterSkippingLeadingTrivia }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    static func nestedTooDeeply(_ tree: SourceFileSyntax, limit: Int) -> AbsolutePosition? {
        var depth = 0
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .leftParen, .leftSquare, .leftBrace:
                depth += 1
                if depth > limit { return token.positionAfterSkippingLeadingTrivia }
            case .rightParen, .rightSquare, .rightBrace:
                depth = max(0, depth - 1)
            default:
                break
            }
        }
        return nil
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        if found == nil {
            var text = node.trimmedDescription
            if text.count > 40 { text = String(text.prefix(40)) + "…" }
            found = (node.positionAfterSkippingLeadingTrivia, "unexpected code '\(text)'")
        }
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, token.presence == .missing {
            let what: String
            switch token.tokenKind {
            case .rightBrace: what = "'}'"
            case .rightParen: what = "')'"
            case .rightSquare: what = "']'"
            case .leftBrace: what = "'{'"
            case .identifier: what = "a name"
            default: what = "'\(token.text)'"
            }
            found = (token.position, "expected \(what)")
        }
        return .skipChildren
    }

}

/// What one walk of a body finds.
struct CollectedCode {
    var calls: [CallRef]
    var focusUses: FocusUses
}

/// Where a body may use a focus state, as text, for `FocusStateUse`: the targets of
/// `.accessibilityFocused(…)`, what is toggled and assigned, and each `$name` or `_name`.
struct FocusUses {
    /// A `$name` or `_name` (or `self.$name`), and where it stands.
    struct Reference {
        /// `$focus`, `_focus`.
        var text: String
        /// When it is the first argument of `.accessibilityFocused(…)`: that argument without `self.`.
        var focusedArgument: String?
        /// Whether `.wrappedValue` is read from it.
        var wrappedValue: Bool
        /// When it is a labelled argument of a call: the label and the called name.
        var passed: (label: String, callee: String)?
    }

    /// The first argument of each `.accessibilityFocused(…)`, without `self.`.
    var focused: [String] = []
    /// The base of each `.toggle()`, without `self.`.
    var toggled: [String] = []
    /// The left side of each assignment, without `self.`.
    var assigned: [String] = []
    /// The plain names read (not assigned) in the body: `focused ? .red : .gray`, `.onChange(of: focused)`.
    var read: Set<String> = []
    var references: [Reference] = []

    /// `focus`, `self.focus`, `$focus`, `self.$focus`, `_focus`, without `self.`.
    static func plain(_ expr: ExprSyntax) -> String {
        let text = expr.trimmedNameText
        return text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }
}

/// Collects the calls below a node in source order (a call before the calls inside it), and in the
/// same walk how the code uses focus states (`FocusUses`).
final class CodeCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    var focusUses = FocusUses()
    /// The first arguments of `.accessibilityFocused(…)` seen so far.
    private var focusedArguments: [SyntaxIdentifier: String] = [:]
    private var pending: [(DeclReferenceExprSyntax, ExprSyntax)] = []
    /// The left sides of assignments met so far (their names are not reads).
    private var assignmentTargets: Set<SyntaxIdentifier> = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        switch Evaluate.calledName(node) {
        case "accessibilityFocused":
            if let first = node.arguments.first {
                let target = FocusUses.plain(first.expression)
                focusUses.focused.append(target)
                focusedArguments[first.expression.id] = target
            }
        case "toggle":
            if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                focusUses.toggled.append(FocusUses.plain(base))
            }
        default: break
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let items = node.elements
        if items.count >= 3, items.dropFirst().first?.is(AssignmentExprSyntax.self) == true, let first = items.first {
            focusUses.assigned.append(FocusUses.plain(first))
            assignmentTargets.insert(first.id)
        }
        return .visitChildren
    }

    override func visit(_ reference: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let text = reference.baseName.nameText
        guard text.hasPrefix("$") || text.hasPrefix("_") else {
            var target = Syntax(reference)
            if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
                // `model.focused` is another object's property; `self.focused` is the view's.
                guard Evaluate.isSelf(member.base) else { return .visitChildren }
                target = Syntax(member)
            }
            if !assignmentTargets.contains(target.id) { focusUses.read.insert(text) }
            return .visitChildren
        }
        var expr = ExprSyntax(reference)
        if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.nameText == text,
            Evaluate.isSelf(member.base)
        {
            expr = ExprSyntax(member)
        }
        // Whether it is an argument of `.accessibilityFocused` is known once the whole body is walked.
        pending.append((reference, expr))
        return .visitChildren
    }

    /// Walks a body and finishes its references.
    func collect(_ node: some SyntaxProtocol) {
        walk(node)
        for (reference, expr) in pending {
            var passed: (label: String, callee: String)?
            if let argument = expr.parent?.as(LabeledExprSyntax.self), let label = argument.label?.nameText,
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
            {
                passed = (label, Evaluate.calledName(call))
            }
            focusUses.references.append(
                FocusUses.Reference(
                    text: reference.baseName.nameText, focusedArgument: focusedArguments[expr.id],
                    wrappedValue: expr.parent?.as(MemberAccessExprSyntax.self)?.declName.baseName.nameText == "wrappedValue",
                    passed: passed))
        }
        pending = []
    }
}
