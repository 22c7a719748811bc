import FocusAudit
import SwiftParser
import SwiftSyntax

/// The Swift files of one run, parsed, with an index of the types and helpers they declare. Views are
/// resolved by type name across all of them.
final class SwiftProject: @unchecked Sendable {
    /// One parsed file.
    final class File: @unchecked Sendable {
        let path: String
        let index: Int
        var tree: SourceFileSyntax?
        var lines: LineTable?
        var error: InputError?
        /// Whether it declares a view, a view modifier or an app (otherwise it is skipped).
        var declaresViews = false

        init(path: String, index: Int) {
            self.path = path
            self.index = index
        }
    }

    let files: [File]
    /// View, view modifier and app types by name (members of their extensions included).
    private(set) var types: [String: TypeInfo] = [:]
    /// Functions that return views or wrap delays, by name: global functions and those in extensions
    /// of `View` (helper modifiers).
    private(set) var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Numeric constants (`static let restoreDelay = 0.6`, `let delay = 0.6`) by name.
    private(set) var constants: [String: Double] = [:]
    /// Types declared in the audited files that are not views (models, enums): never opaque views.
    private(set) var otherTypes: Set<String> = []

    /// Parses the files on up to `jobs` threads (`--jobs`), then indexes them in order.
    init(files: [ReaderFile], jobs: Int = Configuration.defaultJobs) {
        self.files = files.enumerated().map { File(path: $0.element.path, index: $0.offset) }
        let all = self.files
        _ = WorkQueue.map(count: all.count, jobs: jobs) { n in Self.parse(all[n], source: files[n]) }
        for file in self.files where file.tree != nil { indexFile(file) }
        // Each type's calls are collected once, on the same threads, before screens are read.
        let indexed = types.values.sorted { $0.name < $1.name }
        _ = WorkQueue.map(count: indexed.count, jobs: jobs) { n in indexed[n].collectCalls() }
    }

    private static func parse(_ file: File, source: ReaderFile) {
        switch source.readText() {
        case .failure(let error):
            file.error = error
        case .success(let text):
            let tree = Parser.parse(source: text)
            let lines = LineTable(text)
            file.lines = lines
            if tree.hasError, let problem = SyntaxProblemFinder.first(in: tree) {
                file.error = InputError(
                    file: source.path, location: lines.location(of: problem.position),
                    message: "not valid Swift: \(problem.message); the file is not audited")
                return
            }
            file.tree = tree
        }
    }

    // MARK: - Index

    private func indexFile(_ file: File) {
        guard let tree = file.tree else { return }
        for item in tree.statements { indexDecl(item.item, file: file, inType: nil) }
    }

    private func indexDecl(_ node: CodeBlockItemSyntax.Item, file: File, inType: String?) {
        switch node {
        case .decl(let decl): index(decl, file: file, inType: inType)
        default: break
        }
    }

    private func index(_ decl: DeclSyntax, file: File, inType: String?) {
        if let s = decl.as(StructDeclSyntax.self) {
            let name = s.name.text
            let inherited = Self.inheritedNames(s.inheritanceClause)
            let isPreview = inherited.contains("PreviewProvider")
            let kind: TypeInfo.Kind? =
                isPreview
                ? nil
                : inherited.contains("App")
                    ? .app
                    : inherited.contains("ViewModifier")
                        ? .modifier
                        : inherited.contains("View") || inherited.contains("ToolbarContent") || Self.hasViewBody(s.memberBlock)
                            ? .view : nil
            if let kind {
                let info = types[name] ?? TypeInfo(name: name, kind: kind, file: file.index, nameToken: s.name)
                info.kind = kind
                info.file = file.index
                info.nameToken = s.name
                info.declaration = s
                info.add(members: s.memberBlock, file: file.index)
                types[name] = info
                file.declaresViews = true
            } else if !isPreview {
                otherTypes.insert(name)
            }
            for member in s.memberBlock.members { indexNested(member.decl, file: file) }
        } else if let e = decl.as(ExtensionDeclSyntax.self) {
            let name = e.extendedType.trimmedDescription
            if name == "View" || name == "SwiftUI.View" {
                for member in e.memberBlock.members {
                    if let f = member.decl.as(FunctionDeclSyntax.self) { functions[f.name.text, default: []].append(f) }
                }
            } else {
                let info = types[name] ?? TypeInfo(name: name, kind: .pending, file: file.index, nameToken: nil)
                info.add(members: e.memberBlock, file: file.index)
                if Self.inheritedNames(e.inheritanceClause).contains("View") { info.kind = .view }
                types[name] = info
                if info.kind != .pending { file.declaresViews = true }
            }
            for member in e.memberBlock.members { indexNested(member.decl, file: file) }
        } else if let f = decl.as(FunctionDeclSyntax.self), inType == nil {
            functions[f.name.text, default: []].append(f)
        } else if let v = decl.as(VariableDeclSyntax.self) {
            recordConstants(v)
        } else if let c = decl.as(ClassDeclSyntax.self) {
            otherTypes.insert(c.name.text)
            for member in c.memberBlock.members { indexNested(member.decl, file: file) }
        } else if let en = decl.as(EnumDeclSyntax.self) {
            otherTypes.insert(en.name.text)
            for member in en.memberBlock.members { indexNested(member.decl, file: file) }
        } else if let ifc = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifc.clauses {
                if case .statements(let items)? = clause.elements {
                    for item in items { indexDecl(item.item, file: file, inType: inType) }
                }
            }
        }
    }

    private func indexNested(_ decl: DeclSyntax, file: File) {
        if let v = decl.as(VariableDeclSyntax.self) {
            recordConstants(v)
        } else if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(ClassDeclSyntax.self)
            || decl.is(ExtensionDeclSyntax.self)
        {
            index(decl, file: file, inType: "nested")
        }
    }

    private func recordConstants(_ v: VariableDeclSyntax) {
        guard v.bindingSpecifier.tokenKind == .keyword(.let) else { return }
        for binding in v.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = binding.initializer?.value, let number = Evaluate.number(value, constants: [:])
            else { continue }
            constants[name] = number
        }
    }

    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> Set<String> {
        guard let clause else { return [] }
        var names: Set<String> = []
        for inherited in clause.inheritedTypes {
            let text = inherited.type.trimmedDescription
            names.insert(text.hasPrefix("SwiftUI.") ? String(text.dropFirst(8)) : text)
        }
        return names
    }

    private static func hasViewBody(_ members: MemberBlockSyntax) -> Bool {
        members.members.contains { member in
            guard let v = member.decl.as(VariableDeclSyntax.self) else { return false }
            return v.bindings.contains {
                $0.pattern.trimmedDescription == "body"
                    && ($0.typeAnnotation.map {
                        let t = $0.type.trimmedDescription
                        return t.contains("View") || t.contains("ToolbarContent")
                    } ?? false)
            }
        }
    }

    func type(_ name: String) -> TypeInfo? {
        guard let info = types[name], info.kind != .pending else { return nil }
        return info
    }

    var viewTypes: [TypeInfo] {
        types.values.filter { $0.kind == .view }.sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    var appTypes: [TypeInfo] {
        types.values.filter { $0.kind == .app }.sorted { ($0.file, $0.order) < ($1.file, $1.order) }
    }

    /// The `focusaudit:` comments in a token's leading trivia (`// focusaudit:disable rule`), read
    /// by the core's comment parser, each with its position.
    func focusauditComments(before token: TokenSyntax, file: Int) -> [(comment: SuppressionComment, text: String, origin: SourceOrigin)] {
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
            let location = files[file].lines?.location(of: AbsolutePosition(utf8Offset: offset)) ?? AuditLocation(line: 1, column: 1)
            let trimmed = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            out.append((comment, trimmed, SourceOrigin(file: file, line: location.line, column: location.column)))
        }
        return out
    }

    /// The index of the file a node was parsed from.
    func file(of node: some SyntaxProtocol) -> Int? {
        let root = node.root.id
        return files.firstIndex { $0.tree?.id == root }
    }

    func origin(of node: some SyntaxProtocol, file: Int) -> SourceOrigin {
        let position = node.positionAfterSkippingLeadingTrivia
        let location = files[file].lines?.location(of: position) ?? AuditLocation(line: 1, column: 1)
        return SourceOrigin(file: file, line: location.line, column: location.column)
    }
}

/// A view, view modifier or app type and its members.
final class TypeInfo: @unchecked Sendable {
    enum Kind { case view, modifier, app, pending }

    let name: String
    var kind: Kind
    var file: Int
    var nameToken: TokenSyntax?
    var declaration: StructDeclSyntax?
    /// Position of its declaration among its file's, for a stable order.
    var order: Int { nameToken?.position.utf8Offset ?? Int.max }

    struct Stored {
        var name: String
        var type: String
        var hasValue: Bool
        var wrappers: [String]
        var file: Int
        var line: Int
        var declaration: VariableDeclSyntax
    }

    /// Stored properties in declaration order.
    var stored: [Stored] = []
    /// `body` and other computed properties, by name, with the file they are in.
    var computed: [String: (body: CodeBlockItemListSyntax, file: Int)] = [:]
    /// Methods by name.
    var methods: [String: (decl: FunctionDeclSyntax, file: Int)] = [:]
    /// Every call in `bodies`, in source order body after body: collected once (`collectCalls`)
    /// for the reader's passes that look for calls (roots, destinations, presentations, inlined
    /// parts, focus restorations), instead of each walking the bodies again.
    private(set) var calls: [FunctionCallExprSyntax] = []

    /// The code of the type's computed properties, then of its methods, each in name order.
    var bodies: [Syntax] {
        computed.sorted { $0.key < $1.key }.map { Syntax($0.value.body) }
            + methods.sorted { $0.key < $1.key }.compactMap { $0.value.decl.body.map { Syntax($0) } }
    }

    func collectCalls() {
        let collector = CallCollector(viewMode: .sourceAccurate)
        for body in bodies { collector.walk(body) }
        calls = collector.calls
    }

    /// Hand-written initialisers, in declaration order.
    var initialisers: [(decl: InitializerDeclSyntax, file: Int)] = []

    init(name: String, kind: Kind, file: Int, nameToken: TokenSyntax?) {
        self.name = name
        self.kind = kind
        self.file = file
        self.nameToken = nameToken
    }

    func add(members: MemberBlockSyntax, file: Int) {
        for member in members.members {
            if let v = member.decl.as(VariableDeclSyntax.self) {
                let wrappers = v.attributes.compactMap {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription
                }
                let isStatic = v.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let accessor = binding.accessorBlock {
                        switch accessor.accessors {
                        case .getter(let items):
                            computed[name] = (items, file)
                        case .accessors(let list):
                            if let get = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }),
                                let body = get.body
                            {
                                computed[name] = (body.statements, file)
                            }
                        }
                    } else if !isStatic {
                        stored.append(
                            Stored(
                                name: name, type: binding.typeAnnotation?.type.trimmedDescription ?? "",
                                hasValue: binding.initializer != nil, wrappers: wrappers, file: file,
                                line: 0, declaration: v))
                    }
                }
            } else if let f = member.decl.as(FunctionDeclSyntax.self) {
                methods[f.name.text] = (f, file)
            } else if let i = member.decl.as(InitializerDeclSyntax.self) {
                initialisers.append((i, file))
            }
        }
    }

    /// `@AccessibilityFocusState` properties.
    var focusStates: [Stored] {
        stored.filter { s in s.wrappers.contains { $0.hasPrefix("AccessibilityFocusState") } }
    }

    /// Properties a memberwise initialiser takes, in order.
    var initialised: [Stored] {
        let injected = ["Environment", "EnvironmentObject", "FocusState", "AccessibilityFocusState", "Namespace"]
        return stored.filter { s in
            !s.hasValue && !s.wrappers.contains { w in injected.contains { w.hasPrefix($0) } }
        }
    }
}

/// Line starts of a file's text, for 1-based lines and columns counted in Unicode scalars.
struct LineTable: Sendable {
    private let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
    }

    func location(of position: AbsolutePosition) -> AuditLocation {
        let offset = min(max(0, position.utf8Offset), bytes.count)
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = starts[lo]
        while i < offset {
            // Continuation bytes do not start a scalar.
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
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

/// Collects the calls below a node in source order (a call before the calls inside it).
final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
