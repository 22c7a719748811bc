#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The building side of one XML read: turns parser events into strings and attribute lists and hands
/// them to the description builder, or to the Interface Builder importer when the root is one of
/// its documents. Events come straight from libxml2's callbacks, or replayed from a tape written on
/// the parsing thread (`replay(from:)`); either way, in the order libxml2 reported them.
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
    /// in place (emptying it each time went through the general, slower removal), and only its first
    /// `attributeCount` entries are the current element's.
    @exclusivity(unchecked) private var attributes: [Attribute] = []
    @exclusivity(unchecked) private var attributeCount = 0
    @exclusivity(unchecked) private var depth = 0

    init(fileName: String, sink: DescriptionSink, interfaceBuilder: InterfaceBuilderOptions) {
        self.fileName = fileName
        self.sink = sink
        self.interfaceBuilder = interfaceBuilder
        builder = DescriptionBuilder(dialect: .xml, fileName: fileName, sink: sink)
    }

    /// Strings made lately from short values, by their bytes (see `ShortStrings`).
    private let shortStrings = ShortStrings()

    /// An attribute value as the builder gets it. Without entity substitution libxml2 hands `&amp;`
    /// on as `&#38;`; every other predefined entity and character reference arrives decoded.
    static func value(_ bytes: UnsafeRawBufferPointer, shortStrings: ShortStrings? = nil) -> String {
        if let start = bytes.baseAddress, bytes.count > 0, memchr(start, Int32(UInt8(ascii: "&")), bytes.count) != nil {
            return String(decoding: bytes, as: UTF8.self).replacing("&#38;", with: "&")
        }
        return shortStrings?.string(bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Events

    func define(slot: Int, bytes: UnsafeRawBufferPointer) {
        let name = String(decoding: bytes, as: UTF8.self)
        names[slot] = name
        keys[slot] = AttributeKey(name)
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
    }

    func attribute(name: UInt16, prefix: UInt16, value bytes: UnsafeRawBufferPointer) {
        var (attrName, key) = name == TapeWriter.none ? ("", AttributeKey.other) : (names[Int(name)], keys[Int(name)])
        if prefix != TapeWriter.none {
            attrName = names[Int(prefix)] + ":" + attrName
            key = AttributeKey(attrName)
        }
        let attribute = Attribute(key: key, name: attrName, value: .string(Self.value(bytes, shortStrings: shortStrings)))
        if attributeCount < attributes.count {
            attributes[attributeCount] = attribute
        } else {
            attributes.append(attribute)
        }
        attributeCount += 1
    }

    /// The element begun, with its attributes, starts at `location`.
    func commit(_ location: SourceLocation) {
        depth += 1
        let attrs = attributes[..<attributeCount]
        if let importer {
            importer.startElement(name: elementName, attributes: attrs, location: location)
        } else if depth == 1 {
            builder.startApp(attributes: attrs, location: location)
        } else {
            builder.startElement(name: elementName, attributes: attrs, location: location)
        }
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
        let text = shortStrings.string(bytes)
        if let importer {
            importer.text(text)
        } else {
            builder.text(text)
        }
    }

    /// A comment's text (without `<!--`/`-->`) at the comment's location.
    func comment(_ bytes: UnsafeRawBufferPointer, at location: SourceLocation) {
        let body = String(decoding: bytes, as: UTF8.self)
        guard body.contains("focusaudit:") else { return }
        if let importer {
            importer.comment(body, location: location)
        } else {
            builder.comment(body, location: location)
        }
    }

    /// Replays the events recorded on the parsing thread until it ends them.
    func replay(from channel: TapeChannel) {
        while let segment = channel.receive() {
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
                }
            }
            channel.recycle(segment)
        }
    }
}

/// The strings last made from byte sequences of at most 15 bytes (Swift keeps those inside the
/// string value, with no storage of its own), by their bytes. Attribute values repeat a lot (`true`,
/// the same asset or destination on many rows), and making a string checks its bytes as UTF-8 each
/// time; a hit here is a compare of two words instead. Equal bytes make equal strings, so a hit
/// gives exactly the string that would have been made.
final class ShortStrings {
    private static let count = 256
    /// By entry: the bytes, zero-padded, with the length + 1 in the last byte (0: an empty entry).
    private let keys = UnsafeMutablePointer<(UInt64, UInt64)>.allocate(capacity: ShortStrings.count)
    private let strings = UnsafeMutablePointer<String>.allocate(capacity: ShortStrings.count)

    init() {
        keys.initialize(repeating: (0, 0), count: Self.count)
        strings.initialize(repeating: "", count: Self.count)
    }

    deinit {
        strings.deinitialize(count: Self.count)
        strings.deallocate()
        keys.deallocate()
    }

    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.count <= 15 else { return String(decoding: bytes, as: UTF8.self) }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { words in
            if bytes.count > 0 { words.copyMemory(from: bytes) }
            words[15] = UInt8(bytes.count + 1)
        }
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F)
        let entry = Int(truncatingIfNeeded: mixed >> 56)
        if keys[entry] == words { return strings[entry] }
        let made = String(decoding: bytes, as: UTF8.self)
        keys[entry] = words
        strings[entry] = made
        return made
    }
}
