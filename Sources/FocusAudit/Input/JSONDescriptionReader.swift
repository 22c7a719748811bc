/// Reads the JSON form of a description: the same model as XML, camelCase keys, child views in
/// `body`, the view type in `view`. Findings point at the line and column of each object's `{`.
enum JSONDescriptionReader {
    /// The keys written more than once among `members`, each once, in the order of their first
    /// repetition. RFC 8259 lets a parser accept them but leaves which value counts open, so a
    /// description that repeats a key means something different to different readers. Compared
    /// pairwise for the few keys an object usually has, through a set beyond that (an object of
    /// many keys must not cost their square).
    static func duplicateKeys(_ members: [JSONMember]) -> [String] {
        var repeated: [String] = []
        if members.count <= 16 {
            for i in members.indices.dropFirst() {
                let key = members[i].key
                // Keys are compared by their bytes, as RFC 8259 compares names (not by canonical
                // equivalence, as `==` on strings does).
                let length = key.utf8.count
                let seenBefore = members[..<i].contains { $0.key.utf8.count == length && $0.key.utf8.elementsEqual(key.utf8) }
                if seenBefore && !repeated.contains(where: { $0.utf8.elementsEqual(key.utf8) }) { repeated.append(key) }
            }
            return repeated
        }
        var seen: Set<[UInt8]> = []
        var reported: Set<[UInt8]> = []
        for member in members {
            let bytes = Array(member.key.utf8)
            if !seen.insert(bytes).inserted && reported.insert(bytes).inserted { repeated.append(member.key) }
        }
        return repeated
    }

    /// camelCase key → the attribute name the builder knows, with its number.
    private static let attributeForKey: [String: (name: String, key: AttributeKey)] =
        AttributeVocabulary.entryForJSONKey.mapValues { ($0.xml, $0.key) }

    /// Reads the description in `source` in two passes over chunks, so that memory follows the
    /// largest screen rather than the file: the first checks the syntax of everything (the same
    /// errors, at the same places, as parsing the whole file at once) and notes where each screen
    /// starts; the second parses one screen at a time from there, builds it and lets it go.
    static func read(
        bytes source: ByteSource, fileName: String, sink: DescriptionSink, chunkSize: Int = 1 << 16
    ) -> ReadResult<ReadOutcome> {
        let bom = source.utf8BOMLength
        let window = JSONWindow(source: source, chunkSize: chunkSize)
        let parsed = JSONParser.parseDescription(window, start: bom)
        if let failure = window.failure { return .failure(.input(location: nil, message: failure)) }
        let description: JSONParser.Description
        switch parsed {
        case .failure(let error):
            var positions = SourcePositions(source: source, start: bom, chunkSize: chunkSize)
            let location = positions.locate(error.offset)
            if let failure = positions.failure { return .failure(.input(location: nil, message: failure)) }
            return .failure(.input(location: location, message: error.message + (error.message == "the file is empty" ? "" : XMLReadContext.restNotRead)))
        case .success(let value):
            description = value
        }
        let root = description.root
        func at(_ offset: Int) -> SourceLocation? {
            var positions = SourcePositions(source: source, start: bom, chunkSize: chunkSize)
            let location = positions.locate(offset)
            return positions.failure == nil ? location : nil
        }
        guard case .object(let members, let offset) = root else {
            var rootOffset: Int?
            if case .array(_, let offset) = root { rootOffset = offset }
            return .failure(
                .notADescription(
                    "the top-level JSON value is \(root.typeName), not an object with \"screens\"", location: rootOffset.flatMap(at)))
        }
        guard let screens = members.last(where: { $0.key == "screens" }) else {
            return .failure(.notADescription("the top-level object has no \"screens\" array", location: at(offset)))
        }
        guard case .array(_, let arrayOffset) = screens.value, let screenOffsets = description.screens[arrayOffset] else {
            return .failure(.notADescription("\"screens\" is \(screens.value.typeName), not an array", location: at(offset)))
        }
        let reader = Walker(
            builder: DescriptionBuilder(dialect: .json, fileName: fileName, sink: sink),
            tracker: SourcePositions(source: source, start: bom, chunkSize: chunkSize), window: window)
        reader.readApp(members, offset: offset, screenCount: screenOffsets.count) { i in
            // A screen's views are parsed one at a time as they are built only when the screen is
            // large (or last, whose end is not known here): parsing a view's bytes twice, once to
            // check the screen and once to build it, costs a third of the JSON route's time, while
            // holding a small screen's parsed values costs nothing that matters.
            let large = i + 1 == screenOffsets.count || screenOffsets[i + 1] - screenOffsets[i] >= deferredScreenSize
            return JSONParser.screen(in: window, at: screenOffsets[i], deferringBodies: large)
        }
        if let failure = window.failure ?? reader.tracker.failure { return .failure(.input(location: nil, message: failure)) }
        let orphans = reader.builder.finish()
        return .success(
            ReadOutcome(
                diagnostics: reader.builder.diagnostics, orphanSuppressions: orphans,
                fileSuppressions: reader.builder.fileSuppressions))
    }

    /// Lines and columns of offsets asked for in increasing order, counted over the source's bytes
    /// as far as needed: only the bytes between the last offset located and the next are held.
    struct SourcePositions {
        private var tracker: PositionTracker
        let source: ByteSource
        let chunkSize: Int
        private(set) var failure: String?

        init(source: ByteSource, start: Int, chunkSize: Int) {
            tracker = PositionTracker(startingAt: start)
            self.source = source
            self.chunkSize = max(chunkSize, 1)
        }

        mutating func locate(_ offset: Int) -> SourceLocation {
            while tracker.end <= offset, failure == nil {
                let start = tracker.end
                var got = 0
                var error: String?
                source.forEachChunk(in: start..<(max(offset + 1, start + chunkSize)), size: chunkSize) { chunk in
                    tracker.append(chunk)
                    got += chunk.count
                    return true
                } onError: {
                    error = $0
                }
                failure = error
                if got == 0 { break }
            }
            let location = tracker.locate(offset)
            tracker.compact()
            return location
        }
    }

    /// How many levels of views (the screen's body being the first) have their bodies parsed one
    /// view at a time: enough for a screen of one long list, or of a list in a few stacks, never to
    /// be held as parsed values whole. Deeper bodies are parsed with their view (each level that
    /// defers its body reads it twice, once to check it and once view by view, so the levels are
    /// bounded, not every one).
    static let deferredLevels = 4

    /// The size in bytes from which a screen's views are parsed one at a time (`deferredLevels`).
    static let deferredScreenSize = 64 << 10

    /// Walks the parsed tree in document order, so object offsets are located in increasing order.
    private final class Walker {
        let builder: DescriptionBuilder
        var tracker: SourcePositions
        let window: JSONWindow

        init(builder: DescriptionBuilder, tracker: SourcePositions, window: JSONWindow) {
            self.builder = builder
            self.tracker = tracker
            self.window = window
        }

        func readApp(_ members: [JSONMember], offset: Int, screenCount: Int, screen: (Int) -> (JSONValue, bodies: [Int: ViewOffsets])) {
            let location = tracker.locate(offset)
            var attributes: [Attribute] = []
            var disable: JSONValue?
            var problems: [String] = []
            for key in JSONDescriptionReader.duplicateKeys(members) { problems.append(InvalidDescriptionMessage.duplicateKey(key)) }
            for member in members {
                switch member.key {
                case "screens", "$schema": continue
                case "focusauditDisable": disable = member.value
                default:
                    if let attribute = attribute(member.key, member.value, problems: &problems) {
                        attributes.append(attribute)
                    }
                }
            }
            if let disable, let ids = ruleIDs(disable, problems: &problems) {
                builder.fileSuppression(Suppression(rules: ids, location: location))
            }
            for problem in problems { builder.report(problem, at: location, path: ElementPath.app) }
            attributes.withUnsafeBufferPointer { builder.startApp(attributes: $0, location: location) }
            for i in 0..<screenCount {
                let (value, bodies) = screen(i)
                readObject(value, elementName: "screen", holder: location, bodies: bodies, level: 0)
            }
        }

        /// A screen (`elementName` "screen") or a view (type from its `view` key).
        /// A value that is not an object is about its parent's content, and gets the parent's path
        /// and position (`holder`, the brace of the object whose array holds it); a problem with one
        /// of the object's own keys gets the object's own path, so those are reported once its
        /// element has started.
        ///
        /// The value is consumed as it is read: each view's parsed value is let go once its element
        /// is built, so one large screen is not held twice (as parsed JSON and as views) while its
        /// last views are built and the screen is checked.
        ///
        /// A body that the parse left empty (`bodies`, by the offset of its `[`) has each of its
        /// views parsed from the source as it is read, at view level `level + 1`.
        private func readObject(
            _ value: consuming JSONValue, elementName: String?, holder: SourceLocation, bodies: [Int: ViewOffsets], level: Int
        ) {
            let parentPath = { self.builder.currentPath }
            guard case .object = value else {
                builder.report(
                    InvalidDescriptionMessage.notAnObject(isScreen: elementName == "screen", found: value.typeName), at: holder, path: parentPath())
                return
            }
            var (members, offset) = Self.objectParts(consume value)
            let location = tracker.locate(offset)
            var attributes: [Attribute] = []
            var body: JSONValue?
            var disable: JSONValue?
            var type = elementName
            // A "view" that is there but not a name is one problem, not also a missing "view".
            var hasViewKey = false
            var problems: [String] = []
            for key in JSONDescriptionReader.duplicateKeys(members) { problems.append(InvalidDescriptionMessage.duplicateKey(key)) }
            for member in members {
                switch member.key {
                case "body": body = member.value
                case "focusauditDisable": disable = member.value
                case "$schema": continue
                case "view" where elementName == nil:
                    hasViewKey = true
                    if case .string(let name) = member.value, !name.isBlank {
                        type = name
                    } else {
                        problems.append(InvalidDescriptionMessage.viewKeyNotAName)
                    }
                default:
                    if let attribute = attribute(member.key, member.value, problems: &problems) {
                        attributes.append(attribute)
                    }
                }
            }
            if type == nil && !hasViewKey {
                problems.append(InvalidDescriptionMessage.viewKeyMissing)
            }
            if let disable, let ids = ruleIDs(disable, problems: &problems) {
                builder.pendSuppression(Suppression(rules: ids, location: location))
            }
            attributes.withUnsafeBufferPointer {
                builder.startElement(name: type ?? "View", attributes: $0, location: location)
            }
            if !problems.isEmpty {
                let path = builder.currentPath
                for problem in problems { builder.report(problem, at: location, path: path) }
            }
            members = []
            if let bodyValue = body {
                body = nil
                if case .array(_, let open) = bodyValue, let offsets = bodies[open] {
                    // Parsed a view at a time from the source, each let go once its element is built.
                    let defers = level + 1 < deferredLevels
                    for offset in offsets {
                        let (child, childBodies) = JSONParser.view(in: window, at: offset, deferringBodies: defers)
                        readObject(child, elementName: nil, holder: location, bodies: childBodies, level: level + 1)
                    }
                } else if case .array = bodyValue {
                    // The list is the only holder of its views now: each is moved out before it is
                    // read, so that it is freed as soon as its element is built.
                    var children = Self.arrayItems(consume bodyValue)
                    for i in children.indices {
                        var child = JSONValue.null
                        swap(&child, &children[i])
                        readObject(consume child, elementName: nil, holder: location, bodies: [:], level: level + 1)
                    }
                } else {
                    builder.report(InvalidDescriptionMessage.bodyNotAnArray(found: bodyValue.typeName), at: location, path: builder.currentPath)
                }
            }
            builder.endElement()
        }

        /// An object's members and offset, taken out of the value (which is then let go, so that
        /// nothing else holds the members).
        private static func objectParts(_ value: consuming JSONValue) -> ([JSONMember], Int) {
            guard case .object(let members, let offset) = value else { return ([], 0) }
            return (members, offset)
        }

        /// An array's items, taken out of the value as `objectParts` takes an object's members.
        private static func arrayItems(_ value: consuming JSONValue) -> [JSONValue] {
            guard case .array(let items, _) = value else { return [] }
            return items
        }

        /// The attribute a key stands for. Keys are camelCase; an XML spelling (`restore-delay`) is
        /// an unknown key, reported here with the JSON spelling suggested.
        private func attribute(_ key: String, _ value: JSONValue, problems: inout [String]) -> Attribute? {
            if let known = attributeForKey[key] {
                return Attribute(key: known.key, name: known.name, value: self.value(value))
            }
            if key.contains("-") {
                let camel = DescriptionBuilder.Dialect.json.spell(key)
                problems.append(InvalidDescriptionMessage.dashedKey(key, camelCase: attributeForKey[camel] != nil ? camel : nil))
                return nil
            }
            return Attribute(name: key, value: self.value(value))
        }

        private func value(_ json: JSONValue) -> AttributeValue {
            switch json {
            case .string(let s): return .string(s)
            case .bool(let b): return .bool(b)
            case .number(let d): return .number(d)
            case .null: return .other("null")
            case .object: return .other("an object")
            case .array(let items, _):
                var strings: [String] = []
                for item in items {
                    guard case .string(let s) = item else { return .other("an array of \(item.typeName) values") }
                    strings.append(s)
                }
                return .strings(strings)
            }
        }

        private func ruleIDs(_ json: JSONValue, problems: inout [String]) -> [String]? {
            guard case .strings(let ids) = value(json) else {
                problems.append(InvalidDescriptionMessage.disableNotAnArray(found: json.typeName))
                return nil
            }
            let (rules, found) = SuppressionComment.ruleList(Substring(ids.joined(separator: ",")))
            problems.append(contentsOf: found)
            return rules
        }
    }
}
