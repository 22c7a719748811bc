internal import CLibXML
import Dispatch

/// What reading one file produced, apart from the screens handed to the sink.
struct ReadOutcome {
    /// `invalid_description` findings from the reader.
    var diagnostics: [Finding] = []
    /// Suppressions followed by no element.
    var orphanSuppressions: [Suppression] = []
    /// `disable-file` suppressions.
    var fileSuppressions: [Suppression] = []
}

/// What reading gives: the value, or why it could not be read; the standard library's
/// `Result<Success, ReadFailure>` under a name of its own. Making `Result`'s type at run time checks
/// that `ReadFailure` is an `Error`, which on the first check costs the runtime a walk over every
/// protocol conformance of the executable; this type has no such requirement.
enum ReadResult<Success> {
    case success(Success)
    case failure(ReadFailure)

    func map<New>(_ transform: (Success) -> New) -> ReadResult<New> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let failure): return .failure(failure)
        }
    }
}

/// Why a file could not be audited as a description.
enum ReadFailure: Error {
    /// Not a description (another kind of XML or JSON); skipped when found in a directory. The
    /// location is what shows it: the root element's start tag, the top-level JSON object.
    case notADescription(String, location: SourceLocation? = nil)
    /// Unreadable or not well-formed.
    case input(location: SourceLocation?, message: String)
    /// Not read past something focusaudit refuses in any XML file (a declaration in a DTD, nesting
    /// or a text past its limits), which does not show the file is not well-formed: a file found in
    /// a directory that does not say it is a description is skipped (`DescriptionClaim`).
    case refused(location: SourceLocation?, message: String)

    /// The reason alone, for messages of their own ("cannot open: Permission denied" gives
    /// "permission denied").
    var reason: String {
        switch self {
        case .notADescription(let why, _): return why
        case .input(_, let message), .refused(_, let message):
            var text = Substring(message)
            for prefix in ["cannot open: ", "cannot read: ", "cannot audit: "] where text.hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
            }
            if text == "a directory" || text == "not a regular file" { return "it is " + text }
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
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
        interfaceBuilder: InterfaceBuilderOptions = InterfaceBuilderOptions(), crew: ReadCrew? = nil,
        checksOtherXML: Bool = false
    ) -> ReadResult<ReadOutcome> {
        guard
            let parse = XMLParse(
                fileName: fileName, sink: sink, interfaceBuilder: interfaceBuilder, crew: crew,
                bomLength: source.utf8BOMLength, isTranscoded: source.isTranscoded)
        else {
            return .failure(.input(location: nil, message: "could not start the XML parser"))
        }
        parse.context.checksOtherXML = checksOtherXML
        if let crew {
            // libxml2 parses chunk by chunk on whichever of the crew's threads is free, recording
            // its events; this thread replays them into the builder as they come, so parsing,
            // building and checking overlap. The last parse step sends the end of the events, after
            // which the context is this thread's again.
            let context = parse.context
            crew.startParsing { context.parseStep(source) }
            parse.receiver.replay(from: crew)
        } else {
            parse.context.parse(source)
        }
        return parse.outcome()
    }
}

/// One libxml2 push parse of a file (or of a part of it) with its receiver and builder: made,
/// fed, and asked for its outcome once the bytes have been fed.
final class XMLParse {
    let receiver: XMLEventReceiver
    let context: XMLReadContext
    let ctxt: xmlParserCtxtPtr
    private let retained: Unmanaged<XMLReadContext>

    init?(
        fileName: String, sink: DescriptionSink, interfaceBuilder: InterfaceBuilderOptions, crew: ReadCrew?,
        bomLength: Int, isTranscoded: Bool
    ) {
        LibXML.setUp()
        receiver = XMLEventReceiver(fileName: fileName, sink: sink, interfaceBuilder: interfaceBuilder)
        context = XMLReadContext(receiver: receiver, crew: crew, bomLength: bomLength)

        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        // The events' destination is chosen here, once: the receiver directly, or the crew's tape.
        if crew == nil {
            DirectCallbacks.install(in: &handler)
        } else {
            TapedCallbacks.install(in: &handler)
        }
        handler.entityDecl = xmlEntityDecl
        handler.attributeDecl = xmlAttributeDecl
        handler.reference = xmlReference
        handler.serror = xmlStructuredError

        retained = Unmanaged.passRetained(context)
        guard let ctxt = xmlCreatePushParserCtxt(&handler, retained.toOpaque(), nil, 0, fileName) else {
            retained.release()
            return nil
        }
        self.ctxt = ctxt
        var options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOWARNING.rawValue)
        if isTranscoded { options |= Int32(XML_PARSE_IGNORE_ENC.rawValue) }
        xmlCtxtUseOptions(ctxt, options)
        context.ctxt = ctxt
    }

    deinit {
        // libxml2 may build a document of its own while reading a DTD's declarations (its
        // compatibility path for entity declarations); the context does not free it.
        if let doc = ctxt.pointee.myDoc {
            xmlFreeDoc(doc)
            ctxt.pointee.myDoc = nil
        }
        context.ctxt = nil
        xmlFreeParserCtxt(ctxt)
        retained.release()
    }

    /// What the parse made of the file, once every byte has been fed and the parse ended.
    func outcome() -> ReadResult<ReadOutcome> {
        if let readError = context.readError { return .failure(.input(location: nil, message: readError)) }
        if let importer = receiver.importer, context.error == nil, ctxt.pointee.wellFormed != 0 {
            // Comments before the root element went to the builder.
            let early = receiver.builder.finish()
            return .success(
                ReadOutcome(
                    diagnostics: receiver.builder.diagnostics + importer.diagnostics,
                    orphanSuppressions: early + importer.orphanSuppressions,
                    fileSuppressions: receiver.builder.fileSuppressions + importer.fileSuppressions))
        }
        if let root = context.foreignRoot {
            // Read to its end (`checksOtherXML`): a file that is not well-formed is an input error
            // whatever its root.
            if context.checksOtherXML {
                if let error = context.error {
                    return .failure(.input(location: error.location, message: error.message + XMLReadContext.restNotRead))
                }
                if ctxt.pointee.wellFormed == 0 {
                    return .failure(.input(location: nil, message: "the document is not well-formed" + XMLReadContext.restNotRead))
                }
            }
            return .failure(.notADescription("the root element is <\(root)>, not <app>", location: context.foreignRootLocation))
        }
        if !context.sawBytes {
            return .failure(.input(location: SourceLocation(line: 1, column: 1), message: "the file is empty"))
        }
        if let error = context.error {
            let message = error.message + XMLReadContext.restNotRead
            return .failure(context.errorIsRefusal ? .refused(location: error.location, message: message) : .input(location: error.location, message: message))
        }
        if ctxt.pointee.wellFormed == 0 {
            return .failure(.input(location: nil, message: "the document is not well-formed" + XMLReadContext.restNotRead))
        }
        guard context.sawRoot else {
            return .failure(.input(location: SourceLocation(line: 1, column: 1), message: "the document has no root element"))
        }
        return .success(descriptionOutcome())
    }

    /// What the builder gave of a description read this far; ends its pending suppressions.
    func descriptionOutcome() -> ReadOutcome {
        let orphans = receiver.builder.finish()
        return ReadOutcome(
            diagnostics: receiver.builder.diagnostics, orphanSuppressions: orphans,
            fileSuppressions: receiver.builder.fileSuppressions)
    }
}

/// libxml2's process-wide set-up, done once before any parse starts.
public enum LibXML {
    private static let once: Void = {
        focusaudit_installEntityGuard()
    }()

    public static func setUp() { _ = once }
}

/// What the root element makes of a file.
enum XMLRootKind: UInt8 {
    /// `<app>`: a focusaudit description.
    case description
    /// An Interface Builder document (`.storyboard`, `.xib`).
    case interfaceBuilder
}

/// The parsing side of one XML read: libxml2's callbacks, positions, nesting and errors. Each event
/// goes on to its destination (`XMLEvents`): the `XMLEventReceiver` directly, or a tape when the
/// parse runs in steps on a crew's threads (`ReadCrew`).
final class XMLReadContext {
    /// libxml2's own default limit; its push parser does not enforce it, so the reader does.
    static let maxDepth = 256
    // Read on every parser event by the one thread running the parse (or its step): no run-time
    // exclusivity checks.
    @exclusivity(unchecked) var tracker: PositionTracker
    @exclusivity(unchecked) var ctxt: xmlParserCtxtPtr?
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var sawRoot = false
    @exclusivity(unchecked) var foreignRoot: String?
    @exclusivity(unchecked) var foreignRootLocation: SourceLocation?
    /// Whether the root is an Interface Builder document, whose importer gets every text.
    @exclusivity(unchecked) var interfaceBuilderRoot = false
    @exclusivity(unchecked) var stopped = false
    /// Whether a file whose root is neither `<app>` nor an Interface Builder document is read on to
    /// its end, without events, to find whether it is well-formed (a file found in a directory:
    /// FORMAT.md makes a `.xml` file that is not well-formed an input error however it was found).
    @exclusivity(unchecked) var checksOtherXML = false
    /// Whether such a file is being read on past its root: `stopped` holds the events back, while
    /// the bytes are still fed and libxml2's errors still kept.
    @exclusivity(unchecked) var checkingOtherXML = false
    /// The parse is over: stopped, and not reading another kind of XML on to its end.
    var halted: Bool { stopped && !checkingOtherXML }
    @exclusivity(unchecked) var error: (location: SourceLocation?, message: String)?
    /// Whether `error` is a refusal (`ReadFailure.refused`), not a sign of a file that is not
    /// well-formed.
    @exclusivity(unchecked) var errorIsRefusal = false
    @exclusivity(unchecked) var readError: String?
    @exclusivity(unchecked) var sawBytes = false
    /// Bytes of character data read since the last tag or comment: one text node, which libxml2's
    /// push parser hands over in pieces without applying its 10 MB limit to the whole.
    @exclusivity(unchecked) var textLength = 0
    /// The largest text node, as libxml2 allows attribute values and CDATA without `XML_PARSE_HUGE`.
    static let maxTextLength = 10_000_000
    /// Whether libxml2 has been told the bytes ended: an error from then on is a premature end.
    @exclusivity(unchecked) var ending = false
    /// Where the next suppression comment's `<!--` is looked for: past the last one located.
    @exclusivity(unchecked) var nextCommentSearch = 0
    /// Slots for element and attribute names: libxml2 hands the same few names over for every element,
    /// so the receiver makes each into a string once per slot.
    let names = NameCache()
    /// For each open element (by depth), whether text other than white space was read directly in
    /// it. White space before that is dropped by the builder, so it is not handed on: between views
    /// it is most of the text events.
    let textSeen = UnsafeMutablePointer<Bool>.allocate(capacity: XMLReadContext.maxDepth + 2)
    /// For each open element (by depth), the line of its start tag as focusaudit counts lines (LF,
    /// CRLF or a lone CR). libxml2's messages name the line of an unclosed start tag counting LF
    /// only, which is wrong in a file with lone CR line breaks, so those messages take this one.
    let startLines = UnsafeMutablePointer<Int>.allocate(capacity: XMLReadContext.maxDepth + 2)

    /// Where events go when they are delivered directly (`DirectCallbacks`). A variable only so
    /// that the callbacks can lend it as their `XMLEvents`, as they lend `tape`; it never changes.
    @exclusivity(unchecked) var receiver: XMLEventReceiver
    /// Where events go when a crew shares the read (`TapedCallbacks`): recorded for the receiver to
    /// replay on another thread. Kept in the context and written in place: a writer object would
    /// be retained for each event.
    @exclusivity(unchecked) var tape: TapeWriter

    init(receiver: XMLEventReceiver, crew: ReadCrew?, bomLength: Int) {
        self.receiver = receiver
        tape = TapeWriter(crew: crew)
        tracker = PositionTracker(startingAt: bomLength)
        textSeen.initialize(repeating: false, count: Self.maxDepth + 2)
        startLines.initialize(repeating: 0, count: Self.maxDepth + 2)
    }

    deinit {
        textSeen.deallocate()
        startLines.deallocate()
    }

    /// Feeds the file to libxml2 chunk by chunk, then ends the parse (on one thread: a crew's parse
    /// goes by `parseStep`, which also ends the taped events).
    func parse(_ source: ByteSource) {
        source.forEachChunk(size: XMLDescriptionReader.chunkSize) {
            feed($0)
        } onError: { message in
            readError = message
        }
        endParse()
    }

    /// How many bytes one `parseStep` feeds.
    static let stepSize = 64 * 1024
    /// Where the next `parseStep` reads.
    @exclusivity(unchecked) private var stepOffset = 0

    /// Feeds the next `stepSize` bytes; at the end of the bytes (or once the parse has stopped)
    /// ends the parse and the taped events, and returns false. Only a crew's parse goes by steps.
    func parseStep(_ source: ByteSource) -> Bool {
        var fed = 0
        var more = true
        source.forEachChunk(in: stepOffset..<(stepOffset + Self.stepSize), size: Self.stepSize) { chunk in
            fed = chunk.count
            more = feed(chunk)
            return more
        } onError: { message in
            readError = message
            more = false
        }
        stepOffset += fed
        guard fed == 0 || !more else { return true }
        endParse()
        tape.close()
        return false
    }

    /// Feeds the bytes of `range` (without ending the parse); false when the parse stopped or the
    /// bytes could not be read.
    @discardableResult
    func parse(_ source: ByteSource, range: Range<Int>) -> Bool {
        source.forEachChunk(in: range, size: XMLDescriptionReader.chunkSize) {
            feed($0)
        } onError: { message in
            readError = message
        }
        return readError == nil && !halted
    }

    /// Hands libxml2 the next bytes; false once the parse has stopped.
    func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let ctxt else { return false }
        if !chunk.isEmpty { sawBytes = true }
        tracker.append(chunk)
        let status = chunk.withMemoryRebound(to: CChar.self) { p in
            xmlParseChunk(ctxt, p.baseAddress, Int32(p.count), 0)
        }
        tracker.compact()
        return status == 0 && !halted
    }

    /// Tells libxml2 the bytes have ended, unless the parse stopped already.
    func endParse() {
        if let ctxt, readError == nil && !halted {
            ending = true
            xmlParseChunk(ctxt, nil, 0, 1)
        }
    }

    /// Whether the parse stands between two children of the root element of a description: no
    /// error so far, in the root's content with nothing else open, and past `offset` of the bytes
    /// fed. Bytes after that point parse as they would after the root's start tag.
    func isBetweenRootChildren(consumedAtLeast offset: Int) -> Bool {
        guard let ctxt, error == nil, readError == nil, !stopped, sawRoot, foreignRoot == nil, !interfaceBuilderRoot,
            depth == 1
        else { return false }
        return ctxt.pointee.instate == XML_PARSER_CONTENT && ctxt.pointee.nameNr == 1 && ctxt.pointee.wellFormed != 0
            && Int(xmlByteConsumed(ctxt)) >= offset
    }

    var parserOffset: Int {
        guard let ctxt else { return tracker.cursor }
        return Int(xmlByteConsumed(ctxt))
    }

    func startTagLocation() -> SourceLocation {
        let offset = parserOffset
        return tracker.locateTagOpen(atOrBefore: offset)
    }

    /// libxml2's message put in plain words that say what to fix: its own wording (function names,
    /// "PCDATA", "AttValue") never reaches the user. `openElement` is the element being read when
    /// the error came, if any, for errors at the end of the file.
    /// The message for an error libxml2 found once the bytes had ended, when the file ends in the
    /// middle of something (it was cut short, or a construct is never closed), whatever libxml2's
    /// own words for it ("Extra content at the end of the document" for a file that ends before its
    /// root element); nil when the error is about something complete, to be said as usual.
    /// `state` is what libxml2 was reading, `buffer` the input it holds, `position` where it is in it.
    static func prematureEnd(
        state: xmlParserInputState, buffer: UnsafeBufferPointer<UInt8>, position: Int, openElement: String?, sawRoot: Bool
    ) -> String? {
        func has(_ terminator: String, in bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
            let t = Array(terminator.utf8)
            guard bytes.count >= t.count else { return false }
            var i = bytes.startIndex
            while i + t.count <= bytes.endIndex {
                if bytes[i] == t[0] && bytes[i..<i + t.count].elementsEqual(t) { return true }
                i += 1
            }
            return false
        }
        func ends(_ inside: String) -> String { "the file ends \(inside) (truncated file?)" }
        let all = buffer[position...]
        let before = buffer[..<position]
        switch state {
        case XML_PARSER_START_TAG:
            return has(">", in: all) ? nil : ends("inside a start tag")
        case XML_PARSER_ATTRIBUTE_VALUE:
            return has(">", in: all) ? nil : ends("inside an attribute value")
        case XML_PARSER_END_TAG:
            return has(">", in: all) ? nil : ends("inside an end tag")
        case XML_PARSER_COMMENT:
            return has("-->", in: all) ? nil : ends("inside a comment that is not closed with -->")
        case XML_PARSER_CDATA_SECTION:
            return has("]]>", in: all) ? nil : ends("inside a <![CDATA[ section")
        case XML_PARSER_PI:
            return has("?>", in: all) ? nil : ends("inside a processing instruction")
        case XML_PARSER_DTD, XML_PARSER_ENTITY_DECL, XML_PARSER_ENTITY_VALUE, XML_PARSER_SYSTEM_LITERAL,
            XML_PARSER_PUBLIC_LITERAL, XML_PARSER_IGNORE:
            return has(">", in: all) ? nil : ends("inside the DOCTYPE")
        case XML_PARSER_START, XML_PARSER_MISC, XML_PARSER_PROLOG, XML_PARSER_CONTENT:
            // The markup that starts after the parser's position, or (when only text follows it) the
            // last markup before it, which libxml2 may have begun to read and given up on.
            let markupStart = all.firstIndex(of: 0x3C) ?? before.lastIndex(of: 0x3C)
            guard let markupStart else {
                if let openElement { return ends("before <\(MessageText.quoted(openElement))> is closed") }
                return sawRoot ? nil : ends("before its root element")
            }
            let markup = buffer[markupStart...]
            func starts(_ prefix: String) -> Bool { markup.starts(with: prefix.utf8) }
            let complete: Bool
            let inside: String
            if starts("<!--") {
                (complete, inside) = (has("-->", in: markup.dropFirst(4)), "inside a comment that is not closed with -->")
            } else if starts("<![CDATA[") {
                (complete, inside) = (has("]]>", in: markup), "inside a <![CDATA[ section")
            } else if starts("<?") {
                (complete, inside) = (has("?>", in: markup), "inside a processing instruction")
            } else if starts("<!") {
                (complete, inside) = (has(">", in: markup), "inside the DOCTYPE")
            } else if starts("</") {
                (complete, inside) = (has(">", in: markup), "inside an end tag")
            } else {
                // An odd number of quotes means inside an attribute value.
                let quotes = markup.count(where: { $0 == 0x22 }) + markup.count(where: { $0 == 0x27 })
                (complete, inside) = (has(">", in: markup), quotes % 2 == 1 ? "inside an attribute value" : "inside a start tag")
            }
            if !complete { return ends(inside) }
            // Complete markup after the position: the error is about something else.
            if markupStart >= all.startIndex { return nil }
            if let openElement { return ends("before <\(MessageText.quoted(openElement))> is closed") }
            return sawRoot ? nil : ends("before its root element")
        default:
            return nil
        }
    }

    /// `openLine` is the line of the innermost open element's start tag, when the reader knows it:
    /// it replaces the line libxml2 names, which counts LF line breaks only.
    static func clarify(_ raw: String, openElement: String? = nil, openLine: Int? = nil) -> String {
        let lines = raw.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingWhitespace() }
        let first = lines.first ?? ""
        let lower = first.lowercased()
        /// The words of `first` after `prefix`, split at spaces.
        func words(after prefix: String) -> [String] {
            first.dropFirst(prefix.count).split(separator: " ").map(String.init)
        }
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
        if first.hasPrefix("xmlParseEntityRef: no name") {
            return "a bare & must be written &amp;"
        }
        if first.hasPrefix("EntityRef: expecting ';'") {
            return "an entity reference must end with ';' (a bare & must be written &amp;)"
        }
        if first.hasPrefix("Entity '"), let name = first.split(separator: "'").dropFirst().first {
            return "the entity &\(name); is not defined: write the character itself (XML knows only &amp; &lt; &gt; &quot; &apos;)"
        }
        if first.hasPrefix("Opening and ending tag mismatch:") {
            // "Opening and ending tag mismatch: Text line 3 and Txt"
            let w = words(after: "Opening and ending tag mismatch:")
            if w.count >= 5, w[1] == "line", w[3] == "and" {
                return "the end tag </\(w[4])> does not match the start tag <\(w[0])> of line \(openLine.map(String.init) ?? w[2])"
            }
            return "an end tag does not match its start tag"
        }
        if first.hasPrefix("Premature end of data in tag") {
            let w = words(after: "Premature end of data in tag")
            if w.count >= 3, w[1] == "line" { return "the file ends before <\(w[0])> of line \(openLine.map(String.init) ?? w[2]) is closed" }
            return "the file ends before every element is closed"
        }
        if first.hasPrefix("Extra content at the end of the document") {
            if let openElement { return "the file ends before <\(openElement)> is closed" }
            return "there is more after the end of the root element; a file holds one <app>"
        }
        if first.hasPrefix("Couldn't find end of Start Tag") {
            let w = words(after: "Couldn't find end of Start Tag")
            if let name = w.first { return "the start tag <\(name)> is not closed with > or />" }
            return "a start tag is not closed with > or />"
        }
        if first.hasPrefix("StartTag: invalid element name") {
            return "a < must start an element name; a literal < in text must be written &lt;"
        }
        if first.hasPrefix("Unescaped '<' not allowed in attributes values") {
            return "an attribute value holds a '<': close the value's quotes, or write the < as &lt;"
        }
        if first.hasPrefix("AttValue: \" or ' expected") {
            return "an attribute value must be in quotes: name=\"value\""
        }
        if first.hasPrefix("Specification mandates value for attribute") {
            if let name = words(after: "Specification mandates value for attribute").first {
                return "the attribute '\(name)' has no value: write \(name)=\"…\""
            }
            return "an attribute has no value: write name=\"…\""
        }
        if first.hasPrefix("Attribute "), first.hasSuffix(" redefined") {
            let name = first.dropFirst("Attribute ".count).dropLast(" redefined".count)
            return "the attribute '\(name)' is written twice on one element"
        }
        if first.hasPrefix("error parsing attribute name") || first.hasPrefix("attributes construct error") {
            return "an attribute is malformed (write name=\"value\"), or a start tag is not closed with > or />"
        }
        if first.hasPrefix("Comment not terminated") {
            return "a comment <!-- is not closed with -->"
        }
        if first.hasPrefix("Double hyphen within comment") {
            return "a comment must not hold -- before its end"
        }
        if first.hasPrefix("CData section not finished") {
            return "a <![CDATA[ section is not closed with ]]>"
        }
        if first.hasPrefix("ParsePI") {
            return "a processing instruction <? is not closed with ?>"
        }
        if first.hasPrefix("XML declaration allowed only at the start of the document") {
            return "the XML declaration <?xml …?> must be the very first thing in the file, with nothing before it"
        }
        if first.hasPrefix("Unsupported encoding"), let name = words(after: "Unsupported encoding").first {
            return "the file declares the encoding '\(name)', which cannot be read; save it as UTF-8"
        }
        if lower.contains("xml declaration") || lower.hasPrefix("malformed declaration") || lower.hasPrefix("blank needed")
            || lower.hasPrefix("parsing xml declaration")
        {
            return "the XML declaration is malformed; write <?xml version=\"1.0\" encoding=\"UTF-8\"?>"
        }
        if first.hasPrefix("xmlParseCharRef: invalid xmlChar value") {
            let code = words(after: "xmlParseCharRef: invalid xmlChar value").first ?? "?"
            return "the character reference &#\(code); names a character XML does not allow"
        }
        if first.hasPrefix("PCDATA invalid Char value") || first.hasPrefix("Char 0x") || lower.contains("invalid char") {
            let code = first.split(separator: " ").last.map(String.init) ?? "?"
            return "the file holds a control character (code \(code)) that XML does not allow"
        }
        if first.hasPrefix("Namespace prefix "), let prefix = words(after: "Namespace prefix ").first {
            return "the namespace prefix '\(prefix)' is not declared: remove it, or declare it with xmlns:\(prefix)=\"…\""
        }
        if first.hasPrefix("expected '>'") || first.hasPrefix("EndTag") {
            return "an end tag is malformed: write </name>"
        }
        if lower.contains("doctype") || lower.contains("literal") || lower.contains("string not closed") {
            return "the document type declaration <!DOCTYPE …> is malformed"
        }
        return "the XML is not well-formed here"
    }

    /// Added to the message of an error that stopped the parse.
    static let restNotRead = " (the rest of the file was not read)"

    func stop(_ message: String, at location: SourceLocation?, refusal: Bool = false) {
        if error == nil {
            error = (location, message)
            errorIsRefusal = refusal
        }
        stopped = true
        checkingOtherXML = false
        if let ctxt { xmlStopParser(ctxt) }
    }

    /// A start tag of another kind of XML read on to its end: only its depth and line are kept, for
    /// the messages of a later error ("does not match the start tag <x> of line 3").
    func checkStartTag() {
        let location = startTagLocation()
        depth += 1
        if depth > Self.maxDepth {
            stop("elements are nested more than \(Self.maxDepth) deep", at: location, refusal: true)
            return
        }
        startLines[depth] = location.line
    }

    /// The slot of a name, handing its bytes on to `events` first when the slot held another name.
    @inline(__always)
    func nameSlot<Events: XMLEvents>(_ p: UnsafePointer<xmlChar>?, _ events: inout Events) -> UInt16 {
        guard let p else { return TapeWriter.none }
        let (slot, filled) = names.slot(p)
        if filled {
            let length = Platform.cStringLength(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
            events.define(slot: slot, bytes: UnsafeRawBufferPointer(start: p, count: length))
        }
        return UInt16(slot)
    }

    /// Decides what the root element makes of the file; false (and the parse stopped) when it is
    /// neither a description nor an Interface Builder document.
    func acceptRoot<Events: XMLEvents>(
        _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?, _ nbAttributes: Int32,
        _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ events: inout Events
    ) -> Bool {
        sawRoot = true
        var name = localname.map { String(cString: $0) } ?? ""
        if let prefix { name = String(cString: prefix) + ":" + name }
        var list: [Attribute] = []
        if let attributes, nbAttributes > 0 {
            for i in 0..<Int(nbAttributes) {
                let base = i * 5
                if isSchemaInstance(attributes[base + 2]) { continue }
                var attrName = attributes[base].map { String(cString: $0) } ?? ""
                if let p = attributes[base + 1] { attrName = String(cString: p) + ":" + attrName }
                let value = XMLEventReceiver.value(
                    UnsafeRawBufferPointer(start: attributes[base + 3], count: valueLength(attributes, base)))
                list.append(Attribute(name: attrName, value: .string(value)))
            }
        }
        let kind: XMLRootKind
        if list.withUnsafeBufferPointer({ StoryboardImporter.isInterfaceBuilderRoot(name: name, attributes: $0) }) {
            kind = .interfaceBuilder
            interfaceBuilderRoot = true
        } else if name == "app" {
            kind = .description
        } else if ending {
            // libxml2 hands over a start tag the file cut short before saying it is incomplete:
            // the file ends inside the root's start tag, whatever name it was cut to.
            stop("the file ends inside a start tag (truncated file?)", at: tracker.locate(parserOffset))
            return false
        } else {
            foreignRoot = name
            foreignRootLocation = startTagLocation()
            stopped = true
            if checksOtherXML {
                checkingOtherXML = true
            } else if let ctxt {
                xmlStopParser(ctxt)
            }
            return false
        }
        events.root(kind)
        return true
    }
}

private let xsiNamespace = "http://www.w3.org/2001/XMLSchema-instance"

/// Whether an attribute's namespace is XML Schema's instance namespace (`xsi:` attributes are
/// schema plumbing and never reach the builder).
@inline(__always)
private func isSchemaInstance(_ uri: UnsafePointer<xmlChar>?) -> Bool {
    guard let uri else { return false }
    return Platform.cStringsEqual(UnsafeRawPointer(uri).assumingMemoryBound(to: CChar.self), xsiNamespace)
}

/// The length of attribute `base / 5`'s value in libxml2's attribute array (value start, value end).
@inline(__always)
private func valueLength(_ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, _ base: Int) -> Int {
    guard let start = attributes[base + 3], let end = attributes[base + 4] else { return 0 }
    return end - start
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

/// Slots for the names libxml2 reports, by address: libxml2 keeps each distinct name once in its
/// parser's dictionary and hands over the same pointer every time, so a description's few dozen
/// element and attribute names each keep a slot, and the receiver keeps their strings by slot.
/// Every name the element callback gets (element and attribute names and prefixes) comes from that
/// dictionary, which keeps each string at one address until the parser is freed, and a cache lives
/// for one parse: an address seen again is the same name, so a hit compares only the address.
struct NameCache: ~Copyable {
    /// 256, as the top eight bits of the mixed address.
    static let slots = 256
    private let addresses = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: NameCache.slots)

    init() {
        addresses.initialize(repeating: nil, count: Self.slots)
    }

    deinit { addresses.deallocate() }

    /// The slot holding `p`'s name, and whether it was (re)filled for it.
    @inline(__always)
    func slot(_ p: UnsafePointer<xmlChar>) -> (slot: Int, filled: Bool) {
        // Names sit next to each other in libxml2's dictionary, a few bytes apart: the whole address
        // is mixed (Fibonacci hashing) so that neighbours do not share a slot and evict each other.
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: Int(bitPattern: p)) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        if addresses[slot] == p { return (slot, false) }
        addresses[slot] = p
        return (slot, true)
    }
}

/// libxml2's callbacks that hand events on, for one destination of events (`XMLEvents`): each
/// passes the context's `DirectCallbacks` or `TapedCallbacks` destination to the generic callback
/// bodies below, which the compiler specialises for it.
protocol XMLEventCallbacks {
    associatedtype Events: XMLEvents
    /// The destination in the context, lent to `body` in place.
    static func withEvents(_ c: XMLReadContext, _ body: (inout Events) -> Void)
    /// Sets `handler`'s element, text, comment and processing instruction callbacks. (Written out in each type: a C
    /// function pointer cannot be formed in generic code.)
    static func install(in handler: inout xmlSAXHandler)
}

/// Events go straight to the context's `XMLEventReceiver`.
enum DirectCallbacks: XMLEventCallbacks {
    @inline(__always)
    static func withEvents(_ c: XMLReadContext, _ body: (inout XMLEventReceiver) -> Void) { body(&c.receiver) }

    static func install(in handler: inout xmlSAXHandler) {
        handler.startElementNs = { raw, localname, prefix, _, _, _, nbAttributes, nbDefaulted, attributes in
            readStartElement(DirectCallbacks.self, raw, localname, prefix, nbAttributes, nbDefaulted, attributes)
        }
        handler.endElementNs = { raw, _, _, _ in readEndElement(DirectCallbacks.self, raw) }
        handler.characters = { raw, chars, length in readCharacters(DirectCallbacks.self, raw, chars, length) }
        handler.cdataBlock = { raw, chars, length in readCharacters(DirectCallbacks.self, raw, chars, length) }
        handler.comment = { raw, value in readComment(DirectCallbacks.self, raw, value) }
        handler.processingInstruction = { raw, _, _ in readInstruction(DirectCallbacks.self, raw) }
    }
}

/// Events are recorded on the context's tape for a crew (`TapeWriter`).
enum TapedCallbacks: XMLEventCallbacks {
    @inline(__always)
    static func withEvents(_ c: XMLReadContext, _ body: (inout TapeWriter) -> Void) { body(&c.tape) }

    static func install(in handler: inout xmlSAXHandler) {
        handler.startElementNs = { raw, localname, prefix, _, _, _, nbAttributes, nbDefaulted, attributes in
            readStartElement(TapedCallbacks.self, raw, localname, prefix, nbAttributes, nbDefaulted, attributes)
        }
        handler.endElementNs = { raw, _, _, _ in readEndElement(TapedCallbacks.self, raw) }
        handler.characters = { raw, chars, length in readCharacters(TapedCallbacks.self, raw, chars, length) }
        handler.cdataBlock = { raw, chars, length in readCharacters(TapedCallbacks.self, raw, chars, length) }
        handler.comment = { raw, value in readComment(TapedCallbacks.self, raw, value) }
        handler.processingInstruction = { raw, _, _ in readInstruction(TapedCallbacks.self, raw) }
    }
}

@inline(__always)
private func readStartElement<C: XMLEventCallbacks>(
    _: C.Type, _ raw: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ nbAttributes: Int32, _ nbDefaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    // Attributes a DTD's <!ATTLIST> would add by default come last; they are never read (and the
    // declaration itself stops the parse first: `xmlAttributeDecl`).
    withContext(raw) { c in
        C.withEvents(c) { readStartElement(c, localname, prefix, nbAttributes - max(0, nbDefaulted), attributes, &$0) }
    }
}

@inline(__always)
private func readStartElement<Events: XMLEvents>(
    _ c: XMLReadContext, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ nbAttributes: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ events: inout Events
) {
    if c.stopped {
        if c.checkingOtherXML { c.checkStartTag() }
        return
    }
    let location = c.startTagLocation()
    c.depth += 1
    if c.depth > XMLReadContext.maxDepth {
        c.stop("elements are nested more than \(XMLReadContext.maxDepth) deep", at: location, refusal: true)
        return
    }
    c.textSeen[c.depth] = false
    c.startLines[c.depth] = location.line
    c.textLength = 0
    if c.depth == 1, !c.acceptRoot(localname, prefix, nbAttributes, attributes, &events) { return }
    let name = c.nameSlot(localname, &events)
    let namePrefix = prefix.map { c.nameSlot($0, &events) } ?? TapeWriter.none
    events.begin(name: name, prefix: namePrefix)
    if let attributes, nbAttributes > 0 {
        for i in 0..<Int(nbAttributes) {
            let base = i * 5
            if isSchemaInstance(attributes[base + 2]) { continue }
            let attrName = c.nameSlot(attributes[base], &events)
            let attrPrefix = attributes[base + 1].map { c.nameSlot($0, &events) } ?? TapeWriter.none
            let length = valueLength(attributes, base)
            events.attribute(
                name: attrName, prefix: attrPrefix, value: UnsafeRawBufferPointer(start: attributes[base + 3], count: length))
        }
    }
    events.commit(location)
}

@inline(__always)
private func readEndElement<C: XMLEventCallbacks>(_: C.Type, _ raw: UnsafeMutableRawPointer?) {
    withContext(raw) { c in
        if c.stopped {
            if c.checkingOtherXML { c.depth -= 1 }
            return
        }
        c.depth -= 1
        c.textLength = 0
        C.withEvents(c) { $0.end() }
    }
}

@inline(__always)
private func readCharacters<C: XMLEventCallbacks>(
    _: C.Type, _ raw: UnsafeMutableRawPointer?, _ chars: UnsafePointer<xmlChar>?, _ length: Int32
) {
    withContext(raw) { c in
        guard !c.stopped, let chars, c.depth >= 1 else { return }
        c.textLength += Int(length)
        if c.textLength > XMLReadContext.maxTextLength {
            c.stop("a text node or attribute is larger than 10 MB", at: c.tracker.locate(c.parserOffset), refusal: true)
            return
        }
        let bytes = UnsafeRawBufferPointer(start: chars, count: Int(length))
        if !c.interfaceBuilderRoot {
            if isBlank(bytes) {
                if !c.textSeen[c.depth] { return }
            } else {
                c.textSeen[c.depth] = true
            }
        }
        C.withEvents(c) { $0.text(bytes) }
    }
}

/// Whether the bytes are only XML white space (space, tab, CR, LF).
@inline(__always)
private func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool { XMLWhiteSpace.isBlank(bytes) }

enum XMLWhiteSpace {
    /// Whether the bytes are only XML white space (space, tab, CR, LF). Most of it is indentation,
    /// so eight bytes at a time are compared with eight spaces first, and only a word that is not
    /// all spaces is looked at byte by byte.
    @inline(__always)
    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var i = 0
        while i + 8 <= count {
            if base.loadUnaligned(fromByteOffset: i, as: UInt64.self) != 0x2020_2020_2020_2020 {
                for j in i..<(i + 8) where !isWhiteSpace(base.load(fromByteOffset: j, as: UInt8.self)) { return false }
            }
            i += 8
        }
        while i < count {
            if !isWhiteSpace(base.load(fromByteOffset: i, as: UInt8.self)) { return false }
            i += 1
        }
        return true
    }

    @inline(__always) static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}

@inline(__always)
private func readComment<C: XMLEventCallbacks>(_: C.Type, _ raw: UnsafeMutableRawPointer?, _ value: UnsafePointer<xmlChar>?) {
    let c = context(raw)
    c.textLength = 0
    guard !c.stopped, let value else { return }
    // Only suppression comments matter; the receiver checks the text again as a string.
    let text = UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)
    guard Platform.cString(text, contains: "focusaudit:") else { return }
    let offset = c.parserOffset
    let length = Platform.cStringLength(text)
    let body = UnsafeRawBufferPointer(start: value, count: length)
    let open = c.tracker.firstCommentOpen(from: c.nextCommentSearch, body: body) ?? c.tracker.lastCommentOpen(atOrBefore: offset) ?? offset
    c.nextCommentSearch = open + 4
    let location = c.tracker.locate(open)
    C.withEvents(c) { $0.comment(body, at: location) }
}

@inline(__always)
private func readInstruction<C: XMLEventCallbacks>(_: C.Type, _ raw: UnsafeMutableRawPointer?) {
    let c = context(raw)
    c.textLength = 0
    guard !c.stopped else { return }
    C.withEvents(c) { $0.instruction() }
}

private func xmlEntityDecl(
    _ raw: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32, _ publicID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    let c = context(raw)
    let location = c.tracker.locateTagOpen(atOrBefore: c.parserOffset)
    c.stop(
        "the document declares the entity '\(string(name))'; focusaudit does not process entity declarations",
        at: location, refusal: true)
}

/// An `<!ATTLIST>` declaration stops the parse with an input error: it could add default
/// attributes to elements, or change how their values are normalised, so a DOCTYPE could change the
/// findings of the elements below it. Descriptions and Interface Builder files have no use for one.
private func xmlAttributeDecl(
    _ raw: UnsafeMutableRawPointer?, _ element: UnsafePointer<xmlChar>?, _ name: UnsafePointer<xmlChar>?, _ type: Int32,
    _ def: Int32, _ defaultValue: UnsafePointer<xmlChar>?, _ tree: xmlEnumerationPtr?
) {
    // libxml2 hands the enumeration of allowed values to the callback, which owns it.
    if let tree { xmlFreeEnumeration(tree) }
    let c = context(raw)
    if c.stopped { return }
    let location = c.tracker.locateTagOpen(atOrBefore: c.parserOffset)
    c.stop(
        "the document declares attributes of <\(MessageText.quoted(string(element)))> (<!ATTLIST>); focusaudit does not process attribute-list declarations, which could add or change attributes",
        at: location, refusal: true)
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
    guard c.error == nil, !c.halted, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let text = error.pointee.message.map { String(cString: $0) } ?? "XML error"
    let open = c.depth > 0 ? c.ctxt.flatMap { $0.pointee.name }.map { String(cString: $0) } : nil
    let openLine = c.depth > 0 && c.depth <= XMLReadContext.maxDepth ? c.startLines[c.depth] : nil
    var message = XMLReadContext.clarify(text, openElement: open, openLine: openLine.flatMap { $0 > 0 ? $0 : nil })
    if c.ending, let ctxt = c.ctxt, let input = ctxt.pointee.input, let base = input.pointee.base,
        let cur = input.pointee.cur, let end = input.pointee.end, base <= cur, cur <= end
    {
        let buffer = UnsafeBufferPointer(start: UnsafePointer<UInt8>(base), count: end - base)
        if let premature = XMLReadContext.prematureEnd(
            state: ctxt.pointee.instate, buffer: buffer, position: cur - base, openElement: open, sawRoot: c.sawRoot)
        {
            message = premature
        }
    }
    let offset = c.parserOffset
    let location: SourceLocation
    if offset >= c.tracker.cursor && offset <= c.tracker.end {
        location = c.tracker.locate(offset)
    } else {
        location = SourceLocation(line: Int(max(error.pointee.line, 1)), column: Int(max(error.pointee.int2, 1)))
    }
    c.error = (location, message)
}
