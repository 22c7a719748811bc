internal import CLibYAML

/// One node of a YAML document as `.focusaudit.yml` needs it: scalars as their text (tags are not
/// applied; the configuration reader checks each value itself), sequences, and mappings in the order
/// written, each with the 1-based position where it starts.
indirect enum YAMLNode {
    case scalar(String, SourceLocation)
    case sequence([YAMLNode], SourceLocation)
    case mapping([(key: YAMLNode, value: YAMLNode)], SourceLocation)

    var location: SourceLocation {
        switch self {
        case .scalar(_, let at), .sequence(_, let at), .mapping(_, let at): return at
        }
    }

    /// The text of a scalar; nil for a sequence or mapping.
    var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    var mapping: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let pairs, _) = self { return pairs }
        return nil
    }
}

/// Why a YAML text could not be read, and where.
struct YAMLError: Error {
    var location: SourceLocation?
    var message: String
}

/// Reads one YAML document with libyaml's event parser (YAML 1.1, the parser PyYAML and Yams are
/// built on) into `YAMLNode`s. Aliases are resolved to the node their anchor names; a second
/// document, a duplicate key in a mapping, or nesting deeper than `maxDepth` is an error.
enum YAMLReader {
    static let maxDepth = 256

    /// The document's root node; nil for an empty document (nothing, or only comments).
    static func read(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError(location: nil, message: "out of memory")
        }
        defer { yaml_parser_delete(parser) }
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            var composer = Composer(parser: parser)
            return try composer.document()
        }
    }

    /// Builds nodes from events without recursion: open sequences and mappings wait on a stack.
    private struct Composer {
        let parser: UnsafeMutablePointer<yaml_parser_t>
        var anchors: [String: YAMLNode] = [:]

        private enum Open {
            case sequence([YAMLNode], SourceLocation, anchor: String?)
            case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, SourceLocation, anchor: String?)
        }

        private var stack: [Open] = []

        init(parser: UnsafeMutablePointer<yaml_parser_t>) {
            self.parser = parser
        }

        mutating func document() throws(YAMLError) -> YAMLNode? {
            var root: YAMLNode?
            var documents = 0
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(parser, &event) != 0 else { throw parserError() }
                defer { yaml_event_delete(&event) }
                let at = Self.location(event.start_mark)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return root
                case YAML_DOCUMENT_START_EVENT:
                    documents += 1
                    if documents > 1 {
                        throw YAMLError(
                            location: at,
                            message: "a second document starts here; the configuration must be a single document")
                    }
                case YAML_SCALAR_EVENT:
                    let s = event.data.scalar
                    let text = Self.text(s.value, count: s.length)
                    let node = YAMLNode.scalar(text, at)
                    if let anchor = Self.optionalText(s.anchor) { anchors[anchor] = node }
                    try add(node, into: &root)
                case YAML_ALIAS_EVENT:
                    let name = Self.optionalText(event.data.alias.anchor) ?? ""
                    guard let node = anchors[name] else {
                        throw YAMLError(location: at, message: "the alias '*\(name)' names no anchor before it")
                    }
                    try add(node, into: &root)
                case YAML_SEQUENCE_START_EVENT:
                    try open(.sequence([], at, anchor: Self.optionalText(event.data.sequence_start.anchor)), at: at)
                case YAML_MAPPING_START_EVENT:
                    try open(
                        .mapping([], pendingKey: nil, at, anchor: Self.optionalText(event.data.mapping_start.anchor)),
                        at: at)
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let top = stack.popLast() else { continue }
                    let node: YAMLNode
                    let anchor: String?
                    switch top {
                    case .sequence(let items, let start, let a):
                        node = .sequence(items, start)
                        anchor = a
                    case .mapping(let pairs, _, let start, let a):
                        node = .mapping(pairs, start)
                        anchor = a
                    }
                    if let anchor { anchors[anchor] = node }
                    try add(node, into: &root)
                default:
                    // Stream start, document end: nothing to build.
                    continue
                }
            }
        }

        private mutating func open(_ node: Open, at location: SourceLocation) throws(YAMLError) {
            guard stack.count < YAMLReader.maxDepth else {
                throw YAMLError(location: location, message: "values are nested more than \(YAMLReader.maxDepth) deep")
            }
            stack.append(node)
        }

        /// Puts a finished node into the open sequence or mapping, or makes it the root.
        private mutating func add(_ node: YAMLNode, into root: inout YAMLNode?) throws(YAMLError) {
            guard let top = stack.popLast() else {
                root = node
                return
            }
            switch top {
            case .sequence(var items, let at, let anchor):
                items.append(node)
                stack.append(.sequence(items, at, anchor: anchor))
            case .mapping(var pairs, let pendingKey, let at, let anchor):
                if let key = pendingKey {
                    pairs.append((key, node))
                    stack.append(.mapping(pairs, pendingKey: nil, at, anchor: anchor))
                } else {
                    if let name = node.string, pairs.contains(where: { $0.key.string == name }) {
                        throw YAMLError(location: node.location, message: "the key '\(name)' appears twice in one mapping")
                    }
                    stack.append(.mapping(pairs, pendingKey: node, at, anchor: anchor))
                }
            }
        }

        private func parserError() -> YAMLError {
            let p = parser.pointee
            if p.error == YAML_MEMORY_ERROR { return YAMLError(location: nil, message: "out of memory") }
            let problem = Self.optionalText(p.problem) ?? "syntax error"
            if p.error == YAML_READER_ERROR {
                // Reader errors (bad UTF-8, control characters) give a byte offset, not a line.
                return YAMLError(location: nil, message: "\(problem) at byte \(p.problem_offset)")
            }
            let context = Self.optionalText(p.context)
            let message = [context, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return YAMLError(location: Self.location(p.problem_mark), message: message)
        }

        private static func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        private static func text(_ p: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
            guard let p else { return "" }
            return String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
        }

        private static func optionalText(_ p: UnsafePointer<CChar>?) -> String? {
            p.map { String(cString: $0) }
        }

        private static func optionalText(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            p.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }
    }
}
