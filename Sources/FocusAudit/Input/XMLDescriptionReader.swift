internal import CLibXML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What reading one file produced, apart from the screens handed to the sink.
struct ReadOutcome {
    /// `invalid_description` findings from the reader.
    var diagnostics: [Finding] = []
    /// Suppressions followed by no element.
    var orphanSuppressions: [Suppression] = []
    /// `disable-file` suppressions.
    var fileSuppressions: [Suppression] = []
}

/// Why a file could not be audited as a description.
enum ReadFailure: Error {
    /// Not a description (another kind of XML or JSON); skipped when found in a directory.
    case notADescription(String)
    /// Unreadable or not well-formed.
    case input(location: SourceLocation?, message: String)
}

/// Reads the XML form of a description with libxml2's push (SAX) parser, streaming the file in
/// chunks so that no tree of the whole document is ever built.
///
/// Safety for untrusted input: no entity substitution, no DTD loading or validation, no network, an
/// external-entity loader that refuses everything (installed once by `LibXML.setUp()`), and libxml2's
/// default limits (nesting depth 256, text nodes of 10 MB) kept, since `XML_PARSE_HUGE` is never set.
/// A document that declares entities is refused outright: descriptions have no use for them, and
/// refusing them stops entity-expansion attacks before any expansion happens.
enum XMLDescriptionReader {
    static let chunkSize = 256 * 1024

    static func read(
        bytes source: ByteSource, fileName: String, sink: DescriptionSink,
        interfaceBuilder: InterfaceBuilderOptions = InterfaceBuilderOptions()
    ) -> Result<ReadOutcome, ReadFailure> {
        LibXML.setUp()
        let context = XMLReadContext(fileName: fileName, sink: sink, bomLength: source.utf8BOMLength)
        context.interfaceBuilder = interfaceBuilder

        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = xmlStartElement
        handler.endElementNs = xmlEndElement
        handler.characters = xmlCharacters
        handler.cdataBlock = xmlCharacters
        handler.comment = xmlComment
        handler.entityDecl = xmlEntityDecl
        handler.reference = xmlReference
        handler.serror = xmlStructuredError

        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        guard let ctxt = xmlCreatePushParserCtxt(&handler, unmanaged.toOpaque(), nil, 0, fileName) else {
            return .failure(.input(location: nil, message: "could not start the XML parser"))
        }
        defer {
            // libxml2 may build a document of its own while reading a DTD's declarations (its
            // compatibility path for entity declarations); the context does not free it.
            if let doc = ctxt.pointee.myDoc {
                xmlFreeDoc(doc)
                ctxt.pointee.myDoc = nil
            }
            xmlFreeParserCtxt(ctxt)
        }
        var options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOWARNING.rawValue)
        if source.isTranscoded { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        xmlCtxtUseOptions(ctxt, options)
        context.ctxt = ctxt

        var readError: String?
        var sawBytes = false
        source.forEachChunk(size: chunkSize) { chunk in
            if !chunk.isEmpty { sawBytes = true }
            context.tracker.append(chunk)
            let status = chunk.withMemoryRebound(to: CChar.self) { p in
                xmlParseChunk(ctxt, p.baseAddress, Int32(p.count), 0)
            }
            context.tracker.compact()
            return status == 0 && !context.stopped
        } onError: { message in
            readError = message
        }
        if let readError { return .failure(.input(location: nil, message: readError)) }
        if !context.stopped {
            xmlParseChunk(ctxt, nil, 0, 1)
        }
        if let importer = context.importer, context.error == nil, ctxt.pointee.wellFormed != 0 {
            // Comments before the root element went to the builder.
            let early = context.builder.finish()
            return .success(
                ReadOutcome(
                    diagnostics: context.builder.diagnostics + importer.diagnostics,
                    orphanSuppressions: early + importer.orphanSuppressions,
                    fileSuppressions: context.builder.fileSuppressions + importer.fileSuppressions))
        }
        if let root = context.foreignRoot {
            return .failure(.notADescription("the root element is <\(root)>, not <app>"))
        }
        if !sawBytes {
            return .failure(.input(location: SourceLocation(line: 1, column: 1), message: "the file is empty"))
        }
        if let error = context.error {
            return .failure(.input(location: error.location, message: error.message))
        }
        if ctxt.pointee.wellFormed == 0 {
            return .failure(.input(location: nil, message: "the document is not well-formed"))
        }
        guard context.sawRoot else {
            return .failure(.input(location: SourceLocation(line: 1, column: 1), message: "the document has no root element"))
        }
        let orphans = context.builder.finish()
        return .success(
            ReadOutcome(
                diagnostics: context.builder.diagnostics, orphanSuppressions: orphans,
                fileSuppressions: context.builder.fileSuppressions))
    }
}

/// libxml2's process-wide set-up, done once before any parsing thread starts.
public enum LibXML {
    private static let once: Void = {
        focusaudit_installEntityGuard()
    }()

    public static func setUp() { _ = once }
}

final class XMLReadContext {
    /// libxml2's own default limit; its push parser does not enforce it, so the reader does.
    static let maxDepth = 256
    let builder: DescriptionBuilder
    // Read on every parser event by the one thread parsing the file: no run-time exclusivity checks.
    @exclusivity(unchecked) var tracker: PositionTracker
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?
    @exclusivity(unchecked) var depth = 0
    var sawRoot = false
    var foreignRoot: String?
    /// Set when the root is an Interface Builder document (`.storyboard`, `.xib`); gets every later event.
    @exclusivity(unchecked) var importer: StoryboardImporter?
    @exclusivity(unchecked) var stopped = false
    var error: (location: SourceLocation?, message: String)?
    /// Element and attribute names made into strings once per parse (libxml2 hands the same few names
    /// over for every element).
    @exclusivity(unchecked) var names = NameCache()
    /// The attribute list handed to the builder, reused from element to element.
    @exclusivity(unchecked) var attributes: [Attribute] = []

    let fileName: String
    let sink: DescriptionSink
    /// How Interface Builder documents are read.
    var interfaceBuilder = InterfaceBuilderOptions()

    init(fileName: String, sink: DescriptionSink, bomLength: Int) {
        self.fileName = fileName
        self.sink = sink
        builder = DescriptionBuilder(dialect: .xml, fileName: fileName, sink: sink)
        tracker = PositionTracker(startingAt: bomLength)
    }

    var parserOffset: Int {
        guard let ctxt else { return tracker.cursor }
        return Int(xmlByteConsumed(ctxt))
    }

    func startTagLocation() -> SourceLocation {
        let offset = parserOffset
        return tracker.locateTagOpen(atOrBefore: offset)
    }

    /// libxml2's message made into one clear line: some of its messages span lines, name options
    /// users never set, or say something misleading for the usual cause.
    static func clarify(_ raw: String) -> String {
        let lines = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingWhitespace() }
        let first = lines.first ?? "XML error"
        let lower = first.lowercased()
        if lower.hasPrefix("excessive depth in document") {
            return "elements are nested more than \(maxDepth) deep"
        }
        if lower.contains("huge input lookup") || lower.contains("xml_parse_huge") || lower.contains("length too long") {
            return "a text node or attribute is larger than 10 MB"
        }
        if lower.hasPrefix("document is empty") || lower.hasPrefix("start tag expected") {
            return "the content is not XML: a document must start with '<'"
        }
        if lower.hasPrefix("input is not proper utf-8") {
            let bytes = lines.first { $0.hasPrefix("Bytes:") }.map { " (bytes " + $0.dropFirst("Bytes:".count).trimmingWhitespace() + ")" }
            return "the file is not valid UTF-8\(bytes ?? "")"
        }
        return first
    }

    func stop(_ message: String, at location: SourceLocation?) {
        if error == nil { error = (location, message) }
        stopped = true
        if let ctxt { xmlStopParser(ctxt) }
    }
}

@inline(__always)
private func context(_ raw: UnsafeMutableRawPointer?) -> XMLReadContext {
    Unmanaged<XMLReadContext>.fromOpaque(raw!).takeUnretainedValue()
}

/// Runs `body` with the context of the parse without retaining and releasing it: the reader keeps
/// it alive for the whole parse, and the element and text callbacks are the hottest code there is.
@inline(__always)
private func withContext(_ raw: UnsafeMutableRawPointer?, _ body: (XMLReadContext) -> Void) {
    Unmanaged<XMLReadContext>.fromOpaque(raw!)._withUnsafeGuaranteedRef(body)
}

private func string(_ p: UnsafePointer<xmlChar>?) -> String {
    guard let p else { return "" }
    return String(cString: p)
}

/// Strings for the names libxml2 reports, cached by address: libxml2 keeps each distinct name once in
/// its parser's dictionary and hands over the same pointer every time, so a description's few dozen
/// element and attribute names are decoded once instead of once per use. Each hit is checked against
/// the bytes it was made from, so a reused address can never return the wrong name.
struct NameCache {
    private struct Entry {
        var address: UnsafePointer<xmlChar>?
        var bytes: [UInt8]
        var string: String
        /// The name as an attribute name.
        var key: AttributeKey
    }

    /// 256, as the top eight bits of the mixed address.
    private static let slots = 256
    private var entries = [Entry](
        repeating: Entry(address: nil, bytes: [], string: "", key: .other), count: NameCache.slots)

    mutating func string(_ p: UnsafePointer<xmlChar>) -> String {
        entries[slot(p)].string
    }

    /// The name and its number as an attribute name.
    mutating func attribute(_ p: UnsafePointer<xmlChar>) -> (String, AttributeKey) {
        let i = slot(p)
        return (entries[i].string, entries[i].key)
    }

    /// The slot holding `p`'s name, filled in when it holds another.
    private mutating func slot(_ p: UnsafePointer<xmlChar>) -> Int {
        // Names sit next to each other in libxml2's dictionary, a few bytes apart: the whole address
        // is mixed (Fibonacci hashing) so that neighbours do not share a slot and evict each other.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: p)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        let length = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
        if entries[slot].address == p, entries[slot].bytes.count == length,
            entries[slot].bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, p, length) == 0 })
        {
            return slot
        }
        let bytes = Array(UnsafeBufferPointer(start: p, count: length))
        let string = String(decoding: bytes, as: UTF8.self)
        entries[slot] = Entry(address: p, bytes: bytes, string: string, key: AttributeKey(string))
        return slot
    }
}

private let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

private func xmlStartElement(
    _ raw: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ nbAttributes: Int32, _ nbDefaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    withContext(raw) { startElement($0, localname, prefix, nbAttributes, attributes) }
}

private func startElement(
    _ c: XMLReadContext, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ nbAttributes: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    if c.stopped { return }
    let location = c.startTagLocation()
    var name = localname.map { c.names.string($0) } ?? ""
    if let prefix { name = c.names.string(prefix) + ":" + name }
    // The list is kept from element to element and written over in place (emptying it each time
    // went through the general, slower removal); only its first `count` entries are this element's.
    var count = 0
    if let attributes, nbAttributes > 0 {
        for i in 0..<Int(nbAttributes) {
            let base = i * 5
            if let ns = attributes[base + 2], String(cString: ns) == xsiNamespace { continue }
            var (attrName, key) = attributes[base].map { c.names.attribute($0) } ?? ("", .other)
            if let p = attributes[base + 1] {
                attrName = c.names.string(p) + ":" + attrName
                key = AttributeKey(attrName)
            }
            var value = ""
            if let start = attributes[base + 3], let end = attributes[base + 4] {
                let length = end - start
                value = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
                // Without entity substitution libxml2 hands `&amp;` on as `&#38;`; every other
                // predefined entity and character reference arrives decoded.
                if length > 0, memchr(start, Int32(UInt8(ascii: "&")), length) != nil {
                    value = value.replacing("&#38;", with: "&")
                }
            }
            if count < c.attributes.count {
                c.attributes[count] = Attribute(key: key, name: attrName, value: .string(value))
            } else {
                c.attributes.append(Attribute(key: key, name: attrName, value: .string(value)))
            }
            count += 1
        }
    }
    let attrs = c.attributes[..<count]
    c.depth += 1
    if c.depth > XMLReadContext.maxDepth {
        c.stop("elements are nested more than \(XMLReadContext.maxDepth) deep", at: location)
        return
    }
    if c.depth == 1 {
        c.sawRoot = true
        if StoryboardImporter.isInterfaceBuilderRoot(name: name, attributes: attrs) {
            c.importer = StoryboardImporter(
                fileName: c.fileName, sink: c.sink, options: c.interfaceBuilder)
        }
        guard name == "app" || c.importer != nil else {
            c.foreignRoot = name
            c.stopped = true
            if let ctxt = c.ctxt { xmlStopParser(ctxt) }
            return
        }
        if let importer = c.importer {
            importer.startElement(name: name, attributes: attrs, location: location)
        } else {
            c.builder.startApp(attributes: attrs, location: location)
        }
    } else if let importer = c.importer {
        importer.startElement(name: name, attributes: attrs, location: location)
    } else {
        c.builder.startElement(name: name, attributes: attrs, location: location)
    }
}

private func xmlEndElement(
    _ raw: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withContext(raw) { c in
        if c.stopped { return }
        c.depth -= 1
        if let importer = c.importer {
            importer.endElement()
        } else if c.depth >= 1 {
            c.builder.endElement()
        }
    }
}

private func xmlCharacters(_ raw: UnsafeMutableRawPointer?, _ chars: UnsafePointer<xmlChar>?, _ length: Int32) {
    withContext(raw) { characters($0, chars, length) }
}

private func characters(_ c: XMLReadContext, _ chars: UnsafePointer<xmlChar>?, _ length: Int32) {
    guard !c.stopped, let chars, c.depth >= 1 else { return }
    if let importer = c.importer {
        importer.text(String(decoding: UnsafeBufferPointer(start: chars, count: Int(length)), as: UTF8.self))
        return
    }
    let bytes = UnsafeBufferPointer(start: chars, count: Int(length))
    // White space between elements (indentation) is most text events; skip it before making a string
    // when the builder would drop it anyway.
    if c.builder.ignoresBlankText, isBlank(bytes) { return }
    c.builder.text(String(decoding: bytes, as: UTF8.self))
}

/// Whether the bytes are only XML white space (space, tab, CR, LF).
@inline(__always)
private func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes {
        switch byte {
        case 0x20, 0x0A, 0x09, 0x0D: continue
        default: return false
        }
    }
    return true
}

private func xmlComment(_ raw: UnsafeMutableRawPointer?, _ value: UnsafePointer<xmlChar>?) {
    let c = context(raw)
    guard !c.stopped else { return }
    let body = string(value)
    guard body.contains("focusaudit:") else { return }
    let offset = c.parserOffset
    let open = c.tracker.lastCommentOpen(atOrBefore: offset) ?? offset
    if let importer = c.importer {
        importer.comment(body, location: c.tracker.locate(open))
    } else {
        c.builder.comment(body, location: c.tracker.locate(open))
    }
}

private func xmlEntityDecl(
    _ raw: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32, _ publicID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    let c = context(raw)
    let location = c.tracker.locateTagOpen(atOrBefore: c.parserOffset)
    c.stop(
        "the document declares the entity '\(string(name))'; focusaudit does not process entity declarations",
        at: location)
}

private func xmlReference(_ raw: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    let c = context(raw)
    let offset = c.parserOffset
    let location = c.tracker.locate(offset)
    c.stop("reference to the undeclared entity '&\(string(name));'", at: location)
}

private func xmlStructuredError(_ raw: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<xmlError>?) {
    guard let raw, let error else { return }
    let c = context(raw)
    guard c.error == nil, !c.stopped, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let text = error.pointee.message.map { String(cString: $0) } ?? "XML error"
    let message = XMLReadContext.clarify(text)
    let offset = c.parserOffset
    let location: SourceLocation
    if offset >= c.tracker.cursor && offset <= c.tracker.end {
        location = c.tracker.locate(offset)
    } else {
        location = SourceLocation(line: Int(max(error.pointee.line, 1)), column: Int(max(error.pointee.int2, 1)))
    }
    c.error = (location, message)
}
