/// The building side of one XML read: turns parser events into strings and attribute lists and hands
/// them to the description builder, or to the Interface Builder importer when the root is one of
/// its documents. Events come straight from libxml2's callbacks, or replayed from a tape written by
/// the parse's steps (`replay(from:)`); either way, in the order libxml2 reported them.
final class XMLEventReceiver {
    let builder: DescriptionBuilder
    /// Set when the root is an Interface Builder document; gets every later event.
    @exclusivity(unchecked) private(set) var importer: StoryboardImporter?
    private let fileName: String
    private let sink: DescriptionSink
    private let interfaceBuilder: InterfaceBuilderOptions

    /// Element and attribute names by slot (`NameCache`), with their numbers as attribute names.
    @exclusivity(unchecked) private var names = [String](repeating: "", count: NameCache.slots)
    @exclusivity(unchecked) private var keys = [AttributeKey](repeating: .other, count: NameCache.slots)
    /// The element begun and not yet committed.
    @exclusivity(unchecked) private var elementName = ""
    /// The attribute list handed to the builder, reused from element to element: it is written over
    /// in place, and only its first `attributeCount` entries are the current element's; the first
    /// `attributeSlots` are initialized. Raw memory rather than an array, so that lending it to the
    /// builder for every element counts no reference to its buffer.
    @exclusivity(unchecked) private var attributes = UnsafeMutablePointer<Attribute>.allocate(capacity: 16)
    @exclusivity(unchecked) private var attributeCapacity = 16
    @exclusivity(unchecked) private var attributeSlots = 0
    @exclusivity(unchecked) private var attributeCount = 0
    @exclusivity(unchecked) private var depth = 0
    /// For the Interface Builder importer: what each slot's name is to it, worked out when first
    /// needed after the slot is (re)defined; and the begun element's name's kind and its attribute
    /// names as numbers. Worked out as each name comes, since a slot can be filled again with
    /// another name within one element.
    @exclusivity(unchecked) private var ibKinds = [IBElementKind?](repeating: nil, count: NameCache.slots)
    @exclusivity(unchecked) private var ibNames = [IBAttributeName?](repeating: nil, count: NameCache.slots)
    @exclusivity(unchecked) private var elementKind: IBElementKind?
    /// Whether the begun element is the importer's (or may be: a `document` root).
    @exclusivity(unchecked) private var readsForImporter = false
    /// Whether the element begun hands a view's id and label on as bytes (`keepsBytes`).
    @exclusivity(unchecked) private var viewValuesAsBytes = false
    @exclusivity(unchecked) private var attributeIBNames = UnsafeMutablePointer<IBAttributeName>.allocate(capacity: 16)

    init(fileName: String, sink: DescriptionSink, interfaceBuilder: InterfaceBuilderOptions) {
        self.fileName = fileName
        self.sink = sink
        self.interfaceBuilder = interfaceBuilder
        builder = DescriptionBuilder(dialect: .xml, fileName: fileName, sink: sink)
    }

    deinit {
        attributes.deinitialize(count: attributeSlots)
        attributes.deallocate()
        attributeIBNames.deallocate()
    }

    /// An attribute value as the builder gets it. Without entity substitution libxml2 hands `&amp;`
    /// on as `&#38;`; every other predefined entity and character reference arrives decoded.
    static func value(_ bytes: UnsafeRawBufferPointer) -> String {
        if let start = bytes.baseAddress, bytes.count > 0, Platform.containsByte(start, count: bytes.count, UInt8(ascii: "&")) {
            return ampersandsRestored(bytes) ?? String(decoding: bytes, as: UTF8.self).replacing("&#38;", with: "&")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `String(decoding: bytes, as: UTF8.self).replacing("&#38;", with: "&")`, worked on the bytes;
    /// nil when a `&#38;` stands next to a byte outside ASCII. The string's `replacing` compares
    /// characters: a mark after the `;` or a prepended mark before the `&` would make another
    /// character of it, and then it is left to the string's comparison. Next to ASCII bytes, each
    /// of the five is a character of its own, so bytes and characters agree. (The string search
    /// builds a table of characters on every call: on values with `&amp;` it cost more than reading
    /// the file.)
    static func ampersandsRestored(_ bytes: UnsafeRawBufferPointer) -> String? {
        let n = bytes.count
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var i = 0
        while i < n {
            let b = bytes[i]
            if b == 0x26, i + 4 < n, bytes[i + 1] == 0x23, bytes[i + 2] == 0x33, bytes[i + 3] == 0x38, bytes[i + 4] == 0x3B {
                if (i > 0 && bytes[i - 1] >= 0x80) || (i + 5 < n && bytes[i + 5] >= 0x80) { return nil }
                out.append(0x26)
                i += 5
                continue
            }
            out.append(b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether an attribute's value goes to the builder as the bytes libxml2 hands on rather than
    /// as a string: a view's id or label (`viewValuesAsBytes`), which the builder writes into the
    /// element store as bytes, with no `&` in it (`value(_:)` rewrites `&#38;`). libxml2 hands on
    /// only well-formed UTF-8 (it stops at the first byte that is not, before the element's
    /// start is handed on), so the bytes are the string's.
    @inline(__always)
    private func keepsBytes(_ key: AttributeKey, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard viewValuesAsBytes, key == .id || key == .label else { return false }
        guard let start = bytes.baseAddress, bytes.count > 0 else { return true }
        return !Platform.containsByte(start, count: bytes.count, UInt8(ascii: "&"))
    }

    // MARK: - Events

    func define(slot: Int, bytes: UnsafeRawBufferPointer) {
        let name = String(decoding: bytes, as: UTF8.self)
        names[slot] = name
        keys[slot] = AttributeKey(name)
        ibKinds[slot] = nil
        ibNames[slot] = nil
    }

    func root(_ kind: XMLRootKind) {
        if kind == .interfaceBuilder {
            importer = StoryboardImporter(fileName: fileName, sink: sink, options: interfaceBuilder)
        }
    }

    func begin(name: UInt16, prefix: UInt16) {
        elementName = name == TapeWriter.none ? "" : names[Int(name)]
        if prefix != TapeWriter.none { elementName = names[Int(prefix)] + ":" + elementName }
        attributeCount = 0
        // The importer's documents only (the root before it is known to be one: Interface Builder
        // roots are `document`s).
        readsForImporter = importer != nil || (depth == 0 && elementName == "document")
        // Not the root (`startApp` reads its attributes' values), not a screen (whose id is a
        // string, `Screen.id`), not the importer's (which keeps strings): a view, or an element
        // the builder reports and skips.
        viewValuesAsBytes = !readsForImporter && depth > 0 && elementName != "screen"
        if readsForImporter {
            if interfaceBuilder.namesBySlot, prefix == TapeWriter.none, name != TapeWriter.none {
                if let known = ibKinds[Int(name)] {
                    elementKind = known
                } else {
                    let kind = IBElementKind(elementName)
                    ibKinds[Int(name)] = kind
                    elementKind = kind
                }
            } else {
                elementKind = IBElementKind(elementName)
            }
        }
    }

    func attribute(name: UInt16, prefix: UInt16, value bytes: UnsafeRawBufferPointer) {
        var (attrName, key) = name == TapeWriter.none ? ("", AttributeKey.other) : (names[Int(name)], keys[Int(name)])
        if prefix != TapeWriter.none {
            attrName = names[Int(prefix)] + ":" + attrName
            key = AttributeKey(attrName)
        }
        let attribute =
            keepsBytes(key, bytes)
            ? Attribute(key: key, name: attrName, bytes: bytes)
            : Attribute(key: key, name: attrName, value: .string(Self.value(bytes)))
        if attributeCount < attributeSlots {
            attributes[attributeCount] = attribute
        } else {
            if attributeSlots == attributeCapacity {
                let larger = UnsafeMutablePointer<Attribute>.allocate(capacity: attributeCapacity * 2)
                larger.moveInitialize(from: attributes, count: attributeSlots)
                attributes.deallocate()
                attributes = larger
                let largerNames = UnsafeMutablePointer<IBAttributeName>.allocate(capacity: attributeCapacity * 2)
                largerNames.update(from: attributeIBNames, count: attributeSlots)
                attributeIBNames.deallocate()
                attributeIBNames = largerNames
                attributeCapacity *= 2
            }
            (attributes + attributeSlots).initialize(to: attribute)
            attributeSlots += 1
        }
        if readsForImporter {
            if interfaceBuilder.namesBySlot, prefix == TapeWriter.none, name != TapeWriter.none {
                if let known = ibNames[Int(name)] {
                    attributeIBNames[attributeCount] = known
                } else {
                    let number = IBAttributeName(attrName)
                    ibNames[Int(name)] = number
                    attributeIBNames[attributeCount] = number
                }
            } else {
                attributeIBNames[attributeCount] = IBAttributeName(attrName)
            }
        }
        attributeCount += 1
    }

    /// The element begun, with its attributes, starts at `location`.
    func commit(_ location: SourceLocation) {
        depth += 1
        let attrs = UnsafeBufferPointer(start: attributes, count: attributeCount)
        if let importer {
            startInterfaceBuilderElement(importer, attributes: attrs, location: location)
        } else if depth == 1 {
            builder.startApp(attributes: attrs, location: location)
        } else {
            builder.startElement(name: elementName, attributes: attrs, location: location)
        }
    }

    /// Hands the begun element to the importer with its name's kind and its attribute names'
    /// numbers (each worked out once per slot, or without `namesBySlot` from the name every time).
    private func startInterfaceBuilderElement(
        _ importer: StoryboardImporter, attributes attrs: UnsafeBufferPointer<Attribute>, location: SourceLocation
    ) {
        let kind = elementKind ?? IBElementKind(elementName)
        let names = UnsafeBufferPointer(start: attributeIBNames, count: attributeCount)
        importer.startElement(
            name: elementName, kind: kind, attributes: IBAttributes(raw: attrs, names: names), location: location)
    }

    func end() {
        depth -= 1
        if let importer {
            importer.endElement()
        } else if depth >= 1 {
            builder.endElement()
        }
    }

    func text(_ bytes: UnsafeRawBufferPointer) {
        if let importer {
            importer.text(bytes: bytes)
        } else {
            builder.text(bytes: bytes)
        }
    }

    /// A comment's text (without `<!--`/`-->`) at the comment's location.
    func comment(_ bytes: UnsafeRawBufferPointer, at location: SourceLocation) {
        // The parse passes on only comments whose bytes hold `focusaudit:`. Both readers start with
        // `SuppressionComment.parse`, which asks the trimmed text to start with `focusaudit:` (as
        // characters), so no other test is needed here: asking the string whether it contains the
        // characters (the standard library's search builds a table of characters on each call) cost
        // more than libxml2's whole parse of a file with many suppression comments.
        let body = String(decoding: bytes, as: UTF8.self)
        if let importer {
            importer.comment(body, location: location)
        } else {
            builder.comment(body, location: location)
        }
    }

    /// A processing instruction: it breaks the link between a suppression comment and the next
    /// element.
    func instruction() {
        if let importer {
            importer.instruction()
        } else {
            builder.instruction()
        }
    }

    /// Replays the events recorded by the parse until it ends them.
    func replay(from crew: ReadCrew) {
        while let segment = crew.nextSegment() {
            var tape = TapeCursor(segment)
            while !tape.atEnd {
                switch tape.record() {
                case .define:
                    let slot = Int(tape.take(UInt16.self))
                    define(slot: slot, bytes: tape.bytes())
                case .root:
                    root(XMLRootKind(rawValue: tape.take(UInt8.self))!)
                case .begin:
                    let name = tape.take(UInt16.self)
                    begin(name: name, prefix: tape.take(UInt16.self))
                case .attribute:
                    let name = tape.take(UInt16.self)
                    let prefix = tape.take(UInt16.self)
                    attribute(name: name, prefix: prefix, value: tape.bytes())
                case .commit:
                    commit(tape.location())
                case .end:
                    end()
                case .text:
                    text(tape.bytes())
                case .comment:
                    let location = tape.location()
                    comment(tape.bytes(), at: location)
                case .instruction:
                    instruction()
                }
            }
            crew.recycle(segment)
        }
    }
}
