/// A file's findings, kept compactly: a fixed-size record per finding and the UTF-8 of every
/// element path and message in byte chunks, with rule ids and file names stored once and a message
/// written before stored once too. A finding is made into a `Finding` again when it is read.
///
/// A large description has tens of thousands of findings; as `Finding`s, each held two heap strings
/// of its own with room to spare and a record of almost 90 bytes, which together were most of the
/// memory that grew with the input, and sorting them moved every string's reference count. Here a
/// finding costs its record (40 bytes), the exact bytes of its element path, and those of its
/// message unless an earlier finding has the same one: messages repeat a lot (the same unlabeled
/// asset or wordy label on many screens), and they are most of the text. A path's start that the
/// path before has too (the rows of one list), and a message's fixed start and end around the name
/// it quotes, are stored once.
public struct FindingList: RandomAccessCollection, Sendable {
    private struct Record {
        /// Line and column, saturated at 32 bits (as link records keep them).
        var line: Int32
        var column: Int32
        // Where the element path and the message are in `text` (`element`, `message`), packed: an
        // offset in a chunk fits in 16 bits (`store`).
        private var elementChunk: Int32
        private var elementLength: Int32
        private var messageChunk: Int32
        private var messageLength: Int32
        /// The element path's shared start, which comes before the bytes at `element`:
        /// `pathHeads[pathHead - 1]`, or none when 0.
        var pathHead: UInt32
        private var elementOffset: UInt16
        private var messageOffset: UInt16
        /// Indexes into `names`.
        var rule: UInt16
        var file: UInt16
        /// The message's shared tail, which follows the bytes at `message`: `tails[tail - 1]`, or
        /// none when 0.
        var tail: UInt16
        var severity: Severity
        /// The message's shared head, which comes before the bytes at `message`: `heads[head - 1]`,
        /// or none when 0.
        var head: UInt8

        init(
            line: Int32, column: Int32, element: TextSpan, message: TextSpan, pathHead: UInt32, rule: UInt16, file: UInt16,
            tail: UInt16, severity: Severity, head: UInt8
        ) {
            (self.line, self.column) = (line, column)
            (elementChunk, elementLength, elementOffset) = (element.chunk, element.length, UInt16(element.offset))
            (messageChunk, messageLength, messageOffset) = (message.chunk, message.length, UInt16(message.offset))
            (self.pathHead, self.rule, self.file, self.tail, self.severity, self.head) = (pathHead, rule, file, tail, severity, head)
        }

        var element: TextSpan {
            get { TextSpan(chunk: elementChunk, offset: Int32(elementOffset), length: elementLength) }
            set { (elementChunk, elementLength, elementOffset) = (newValue.chunk, newValue.length, UInt16(newValue.offset)) }
        }

        var message: TextSpan {
            get { TextSpan(chunk: messageChunk, offset: Int32(messageOffset), length: messageLength) }
            set { (messageChunk, messageLength, messageOffset) = (newValue.chunk, newValue.length, UInt16(newValue.offset)) }
        }
    }

    /// The bytes a finding's record takes (for tests: 40).
    static var recordStride: Int { MemoryLayout<Record>.stride }

    // Records and texts are kept in chunks of a fixed size rather than in one growing array each:
    // a growing array is copied to one twice its size whenever it fills, which for a large file
    // would make the peak of memory half as large again as the findings themselves.
    private static let textChunkSize = 1 << 16
    private var records = ChunkedArray<Record>()
    private var text: [[UInt8]] = []
    /// Rule ids and file names, each once.
    private var names: [String] = []
    /// The names last interned as a rule id and as a file name: findings come in runs of both.
    private var lastRule: UInt16 = 0
    private var lastFile: UInt16 = 0
    /// Where each distinct message is stored, in an open-addressing table by a hash of its bytes
    /// (seeded per process, so messages cannot be written to collide; the table is never listed):
    /// entry number + 1 by slot, 0 for an empty slot, at least 4/3 as many slots as entries.
    /// A hit is always confirmed on the bytes.
    private var messageSlots = HashSlots()
    private var messageSpans: [TextSpan] = []
    private var messageHashes: [UInt64] = []
    private static let seed = UInt64.random(in: 0 ... .max)
    /// The distinct shared tails of messages (`append(…sharedTail:)`): the fixed end of a message
    /// that otherwise names its element, stored once. A file usually has a handful, but a tail may
    /// hold numbers (a delay, a transition), so they are found by a hash of their bytes, as
    /// messages are, with the last one found tried first.
    private var tails: [TextSpan] = []
    private var tailSlots = HashSlots()
    private var tailHashes: [UInt64] = []
    private var lastTail: UInt16 = 0
    /// Shared starts of messages and paths, in an object of their own made when a finding first has
    /// one (copied before it is changed, if another list holds it too): the list itself stays as
    /// small as it was, since it is moved for every screen.
    private var starts: Starts?

    /// The shared starts of messages and element paths. Changed only through `ownStarts()`, by the
    /// list that alone holds it, and never while another access to the same field is under way: its
    /// fields are not checked for exclusive access at run time (a check on every finding's path).
    private final class Starts: @unchecked Sendable {
        /// The distinct shared heads of messages (`append(…sharedHead:)`): the fixed start of a
        /// message before the name it quotes, stored once. Heads are fixed texts of the rules (a
        /// handful), so they are looked for along the list; at most 255.
        @exclusivity(unchecked) var messageHeads: [TextSpan] = []
        /// Starts of element paths that a finding shares with the finding appended before it, up to
        /// a `/` (`screen[s]/List[1]/` for the rows of a list): each a span of an earlier finding's
        /// stored path or head, not a copy. A path starting with the last path's head takes that
        /// head; else its start shared with the last path's head (or with the whole last path, when
        /// it had none) is a new head if it is long enough. Comparing with one path before, only
        /// when their first 16 bytes are the same, and never looking among the others keeps this
        /// cheap for files of many small screens.
        @exclusivity(unchecked) var pathHeads: [TextSpan] = []
        /// The last element path appended of at least `shortestPathHead` bytes: its head (0: none),
        /// the rest's span and its first 16 bytes.
        @exclusivity(unchecked) var lastPath: (head: UInt32, rest: TextSpan, start: (UInt64, UInt64))?

        init() {}

        init(copying other: Starts) {
            (messageHeads, pathHeads, lastPath) = (other.messageHeads, other.pathHeads, other.lastPath)
        }
    }

    /// `starts`, made or copied first unless this list alone holds it.
    private mutating func ownStarts() -> Starts {
        if !isKnownUniquelyReferenced(&starts) { starts = starts.map(Starts.init(copying:)) ?? Starts() }
        return starts!
    }

    /// The shortest start of a path kept as a head: a shorter one saves less than its entry.
    static let shortestPathHead = 16

    /// Stored text: a chunk of `text`, an offset in it and a length.
    private struct TextSpan {
        var chunk: Int32
        var offset: Int32
        var length: Int32

        /// The span's bytes in its chunk's buffer.
        func bytes(in chunk: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: chunk[Int(offset)..<Int(offset + length)])
        }
    }

    public init() {}

    public init(_ findings: some Sequence<Finding>) {
        append(contentsOf: findings)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    public subscript(position: Int) -> Finding {
        let r = records[position]
        return Finding(
            rule: names[Int(r.rule)], severity: r.severity, file: names[Int(r.file)],
            location: SourceLocation(line: Int(r.line), column: Int(r.column)),
            element: withElement(r) { String(decoding: $0, as: UTF8.self) },
            message: withMessage(r) { String(decoding: $0, as: UTF8.self) })
    }

    /// Runs `body` on a record's whole message: its stored bytes, or those and its shared head and
    /// tail copied together.
    private func withMessage<R>(_ r: Record, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard r.tail != 0 || r.head != 0 else { return withText(r.message, body) }
        var whole: [UInt8] = []
        if r.head != 0 { withText(starts!.messageHeads[Int(r.head) - 1]) { whole.append(contentsOf: $0) } }
        withText(r.message) { whole.append(contentsOf: $0) }
        if r.tail != 0 { withText(tails[Int(r.tail) - 1]) { whole.append(contentsOf: $0) } }
        return whole.withUnsafeBufferPointer(body)
    }

    /// Runs `body` on a record's whole element path: its stored bytes, or those after its shared
    /// head, copied together.
    private func withElement<R>(_ r: Record, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard r.pathHead != 0 else { return withText(r.element, body) }
        var whole: [UInt8] = []
        withText(starts!.pathHeads[Int(r.pathHead) - 1]) { whole.append(contentsOf: $0) }
        withText(r.element) { whole.append(contentsOf: $0) }
        return whole.withUnsafeBufferPointer(body)
    }

    /// Runs `body` on stored text.
    private func withText<R>(_ span: TextSpan, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text[Int(span.chunk)].withUnsafeBufferPointer { body(span.bytes(in: $0)) }
    }

    /// One finding as `forEachBorrowed` hands it over: its rule id, file name, element path and
    /// message are UTF-8 bytes the list holds, valid only during the call.
    struct BorrowedFinding {
        var rule: UnsafeBufferPointer<UInt8>
        var severity: Severity
        var file: UnsafeBufferPointer<UInt8>
        /// A number standing for the file name within the list, for reporters that format the name once.
        var fileNumber: Int
        var location: SourceLocation
        var element: UnsafeBufferPointer<UInt8>
        var message: UnsafeBufferPointer<UInt8>
    }

    /// Hands `body` each finding in order without making strings of its texts: for reporters, which
    /// only copy the bytes out.
    func forEachBorrowed(_ body: (BorrowedFinding) -> Void) {
        forEachBorrowed(in: indices, body)
    }

    /// `forEachBorrowed` over the findings at `range` only. Everything is read through buffers taken
    /// once, so no reference is counted per finding.
    func forEachBorrowed(in range: Range<Int>, _ body: (BorrowedFinding) -> Void) {
        // Name `i` is `nameBytes[nameStarts[i]..<nameStarts[i + 1]]`. (Offsets, not an array of
        // ranges: the first array of `Range<Int>` costs the runtime a walk over every protocol
        // conformance of the executable, to check that `Int` is `Comparable`.)
        var nameBytes: [UInt8] = []
        var nameStarts: [Int] = [0]
        for name in names {
            nameBytes.append(contentsOf: name.utf8)
            nameStarts.append(nameBytes.count)
        }
        nameBytes.withUnsafeBufferPointer { nameBytes in
            nameStarts.withUnsafeBufferPointer { nameStarts in
                func name(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: nameBytes[nameStarts[i]..<nameStarts[i + 1]])
                }
                // A message with a shared head or tail is copied whole into one buffer, kept across
                // findings.
                var whole: [UInt8] = []
                // A path with a shared head is copied whole into another, grown as needed.
                var joined = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
                defer { joined.deallocate() }
                let messageHeads = starts?.messageHeads ?? []
                let pathHeads = starts?.pathHeads ?? []
                text.withUnsafeBufferPointer { chunks in
                    records.forEach(in: range) { r in
                        chunks[Int(r.element.chunk)].withUnsafeBufferPointer { elementChunk in
                            var element = r.element.bytes(in: elementChunk)
                            if r.pathHead != 0 {
                                let head = pathHeads[Int(r.pathHead) - 1]
                                let length = Int(head.length) + element.count
                                if joined.count < length {
                                    joined.deallocate()
                                    joined = .allocate(capacity: Swift.max(length, 2 * joined.count))
                                }
                                let base = joined.baseAddress!
                                chunks[Int(head.chunk)].withUnsafeBufferPointer {
                                    let bytes = head.bytes(in: $0)
                                    if let from = bytes.baseAddress { base.update(from: from, count: bytes.count) }
                                }
                                if let from = element.baseAddress { (base + Int(head.length)).update(from: from, count: element.count) }
                                element = UnsafeBufferPointer(start: base, count: length)
                            }
                            chunks[Int(r.message.chunk)].withUnsafeBufferPointer { messageChunk in
                                func hand(_ message: UnsafeBufferPointer<UInt8>) {
                                    body(
                                        BorrowedFinding(
                                            rule: name(Int(r.rule)),
                                            severity: r.severity,
                                            file: name(Int(r.file)),
                                            fileNumber: Int(r.file),
                                            location: SourceLocation(line: Int(r.line), column: Int(r.column)),
                                            element: element,
                                            message: message))
                                }
                                guard r.tail != 0 || r.head != 0 else { return hand(r.message.bytes(in: messageChunk)) }
                                whole.removeAll(keepingCapacity: true)
                                if r.head != 0 {
                                    let head = messageHeads[Int(r.head) - 1]
                                    chunks[Int(head.chunk)].withUnsafeBufferPointer { whole.append(contentsOf: head.bytes(in: $0)) }
                                }
                                whole.append(contentsOf: r.message.bytes(in: messageChunk))
                                if r.tail != 0 {
                                    let tail = tails[Int(r.tail) - 1]
                                    chunks[Int(tail.chunk)].withUnsafeBufferPointer { whole.append(contentsOf: tail.bytes(in: $0)) }
                                }
                                whole.withUnsafeBufferPointer { hand($0) }
                            }
                        }
                    }
                }
            }
        }
    }

    public mutating func append(_ finding: Finding) {
        var element = finding.element
        var message = finding.message
        element.withUTF8 { element in
            message.withUTF8 { message in
                append(
                    rule: finding.rule, severity: finding.severity, file: finding.file, location: finding.location,
                    element: element, message: message)
            }
        }
    }

    /// Appends a finding whose element path and message are given as UTF-8 bytes. With `uniqueMessage`
    /// the message is stored as it is, without looking for an earlier finding with the same one:
    /// for messages that name their element, which rarely repeat, so that looking costs more than
    /// it saves.
    ///
    /// With a `sharedTail` (the fixed end of a message that names its element), the message is
    /// `message` followed by `sharedTail`: the tail is stored once for all the findings that end
    /// with it, and `message` as any other message is (once, unless `uniqueMessage`).
    ///
    /// With a `sharedHead` (the fixed start of a message before the name it quotes), the message is
    /// `sharedHead`, `message` and `sharedTail` (if any): the head is stored once too.
    mutating func append(
        rule: String, severity: Severity, file: String, location: SourceLocation, element: UnsafeBufferPointer<UInt8>,
        message: UnsafeBufferPointer<UInt8>, uniqueMessage: Bool = false, sharedTail: UnsafeBufferPointer<UInt8>? = nil,
        sharedHead: UnsafeBufferPointer<UInt8>? = nil
    ) {
        var tail: UInt16 = 0
        var head: UInt8 = 0
        if let sharedTail, !sharedTail.isEmpty {
            guard let index = internTail(sharedTail) else {
                // No number left for another tail: the message is stored whole.
                return appendWhole(
                    rule: rule, severity: severity, file: file, location: location, element: element,
                    message: [sharedHead, message, sharedTail])
            }
            tail = index
        }
        if let sharedHead, !sharedHead.isEmpty {
            guard let index = internHead(sharedHead) else {
                return appendWhole(
                    rule: rule, severity: severity, file: file, location: location, element: element,
                    message: [sharedHead, message, sharedTail])
            }
            head = index
        }
        var pathHead: UInt32 = 0
        let elementSpan: TextSpan
        if element.count >= Self.shortestPathHead {
            let starts = ownStarts()
            let raw = UnsafeRawPointer(element.baseAddress!)
            let start = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            var rest = element
            // A start of 16 bytes or more shared with the last path begins with its first 16 bytes.
            if let last = starts.lastPath, last.start == start {
                (pathHead, rest) = shareStart(of: element, with: (last.head, last.rest), in: starts)
            }
            elementSpan = store(rest)
            starts.lastPath = (pathHead, elementSpan, start)
        } else {
            elementSpan = store(element)
        }
        // A message's start before a shared tail is looked for among earlier messages too, unless
        // it is marked unique: two findings can have the same one.
        let messageSpan = uniqueMessage ? store(message) : storeMessage(message)
        var lastRule = self.lastRule
        var lastFile = self.lastFile
        let rule = intern(rule, after: &lastRule)
        let file = intern(file, after: &lastFile)
        self.lastRule = lastRule
        self.lastFile = lastFile
        records.append(
            Record(
                line: Int32(clamping: location.line), column: Int32(clamping: location.column),
                element: elementSpan, message: messageSpan, pathHead: pathHead, rule: rule, file: file, tail: tail,
                severity: severity, head: head))
    }

    /// The head `path` takes after the path `last` (0 for none) and the rest of `path` after it.
    private func shareStart(
        of path: UnsafeBufferPointer<UInt8>, with last: (head: UInt32, rest: TextSpan), in starts: Starts
    ) -> (UInt32, UnsafeBufferPointer<UInt8>) {
        let before = last.head != 0 ? starts.pathHeads[Int(last.head) - 1] : last.rest
        let length = Int(before.length)
        if last.head != 0 && length <= path.count && holds(UnsafeBufferPointer(rebasing: path[..<length]), at: before) {
            return (last.head, UnsafeBufferPointer(rebasing: path[length...]))
        }
        let shared = withText(before) { Self.sharedStart(path, $0) }
        guard shared >= Self.shortestPathHead && starts.pathHeads.count < Int(UInt32.max) - 1 else { return (0, path) }
        starts.pathHeads.append(TextSpan(chunk: before.chunk, offset: before.offset, length: Int32(shared)))
        return (UInt32(starts.pathHeads.count), UnsafeBufferPointer(rebasing: path[shared...]))
    }

    /// How many bytes `a` and `b` share from their start, up to and with the last `/` of those (0
    /// for none): compared eight bytes at a time, then byte by byte from the first that differ.
    static func sharedStart(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let count = Swift.min(a.count, b.count)
        guard count > 0, let x = a.baseAddress, let y = b.baseAddress else { return 0 }
        var i = 0
        while i + 8 <= count
            && UnsafeRawPointer(x + i).loadUnaligned(as: UInt64.self) == UnsafeRawPointer(y + i).loadUnaligned(as: UInt64.self)
        {
            i += 8
        }
        while i < count && x[i] == y[i] { i += 1 }
        while i > 0 && x[i - 1] != 0x2F { i -= 1 }
        return i
    }

    /// Appends a finding whose message is `parts` one after another, stored whole: no number was
    /// left for another shared piece.
    private mutating func appendWhole(
        rule: String, severity: Severity, file: String, location: SourceLocation, element: UnsafeBufferPointer<UInt8>,
        message parts: [UnsafeBufferPointer<UInt8>?]
    ) {
        var whole: [UInt8] = []
        for part in parts { if let part { whole.append(contentsOf: part) } }
        whole.withUnsafeBufferPointer {
            append(
                rule: rule, severity: severity, file: file, location: location, element: element, message: $0,
                uniqueMessage: true)
        }
    }

    /// The number (index + 1) of the shared head with these bytes, stored now if new; nil when the
    /// list holds as many heads as a record can number.
    private mutating func internHead(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        if let heads = starts?.messageHeads, let index = heads.firstIndex(where: { holds(bytes, at: $0) }) {
            return UInt8(index + 1)
        }
        guard (starts?.messageHeads.count ?? 0) < Int(UInt8.max) else { return nil }
        let span = store(bytes)
        let starts = ownStarts()
        starts.messageHeads.append(span)
        return UInt8(starts.messageHeads.count)
    }

    /// The number (index + 1) of the shared tail with these bytes, stored now if new; nil when the
    /// list holds as many tails as a record can number.
    private mutating func internTail(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt16? {
        if lastTail != 0 && holds(bytes, at: tails[Int(lastTail) - 1]) { return lastTail }
        let hash = ByteHash.hash(bytes, seed: Self.seed)
        if let entry = tailSlots.find(hash: hash, { holds(bytes, at: tails[$0]) }) {
            lastTail = UInt16(entry + 1)
            return lastTail
        }
        guard tails.count < Int(UInt16.max) - 1 else { return nil }
        addTail(store(bytes), hash: hash)
        return lastTail
    }

    /// Numbers a new tail, stored at `span`, and makes it the last one found.
    private mutating func addTail(_ span: TextSpan, hash: UInt64) {
        tails.append(span)
        tailHashes.append(hash)
        tailSlots.insert(tails.count - 1, hash: hash, bound: tails.count) { [tailHashes] in tailHashes[$0] }
        lastTail = UInt16(tails.count)
    }

    /// Whether the finding at `index` is about the element at `path` and `location`: its location
    /// (as stored, saturated at 32 bits) is the same and its path is the same string, compared as
    /// Swift compares strings (the bytes first).
    func elementEquals(_ path: UnsafeBufferPointer<UInt8>, at location: SourceLocation, inFinding index: Int) -> Bool {
        let r = records[index]
        guard r.line == Int32(clamping: location.line) && r.column == Int32(clamping: location.column) else { return false }
        if r.pathHead != 0 {
            // Compared in its two pieces: the same bytes are the same string.
            let head = starts!.pathHeads[Int(r.pathHead) - 1]
            let headLength = Int(head.length)
            if headLength + Int(r.element.length) == path.count
                && holds(UnsafeBufferPointer(rebasing: path[..<headLength]), at: head)
                && holds(UnsafeBufferPointer(rebasing: path[headLength...]), at: r.element)
            {
                return true
            }
        }
        return withElement(r) { stored in
            if stored.count == path.count
                && (path.isEmpty || Platform.bytesEqual(stored.baseAddress!, path.baseAddress!, count: path.count))
            {
                return true
            }
            // Different bytes are the same string only if one of them is not ASCII.
            guard !(stored.allSatisfy { $0 < 0x80 } && path.allSatisfy { $0 < 0x80 }) else { return false }
            return String(decoding: stored, as: UTF8.self) == String(decoding: path, as: UTF8.self)
        }
    }

    /// Bytes of element paths and messages held (for tests of the sharing of messages).
    var storedTextBytes: Int { text.reduce(0) { $0 + $1.count } }

    /// The span of a message with these bytes, stored now unless an earlier finding has it.
    private mutating func storeMessage(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        let hash = ByteHash.hash(bytes, seed: Self.seed)
        if let entry = messageSlots.find(hash: hash, { holds(bytes, at: messageSpans[$0]) }) { return messageSpans[entry] }
        let span = store(bytes)
        messageSpans.append(span)
        messageHashes.append(hash)
        messageSlots.insert(messageSpans.count - 1, hash: hash, bound: messageSpans.count) { [messageHashes] in
            messageHashes[$0]
        }
        return span
    }

    /// Whether the text at `span` is `bytes`.
    private func holds(_ bytes: UnsafeBufferPointer<UInt8>, at span: TextSpan) -> Bool {
        guard Int(span.length) == bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return withText(span) { Platform.bytesEqual($0.baseAddress!, bytes.baseAddress!, count: bytes.count) }
    }

    /// Copies bytes into the text chunks. A chunk holds less than `textChunkSize` bytes unless one
    /// piece is longer, alone in its chunk: every offset fits in 16 bits.
    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        if text.isEmpty || text[text.count - 1].count + bytes.count >= Self.textChunkSize {
            text.append([])
            text[text.count - 1].reserveCapacity(Swift.max(Self.textChunkSize, bytes.count))
        }
        let chunk = text.count - 1
        let offset = text[chunk].count
        text[chunk].append(contentsOf: bytes)
        return TextSpan(chunk: Int32(chunk), offset: Int32(offset), length: Int32(bytes.count))
    }

    public mutating func append(contentsOf findings: some Sequence<Finding>) {
        for finding in findings { append(finding) }
    }

    /// Appends another list's findings in their order. Their texts are taken over a chunk at a time
    /// rather than copied finding by finding (a chunk stays shared until one of the lists writes to
    /// it), and their messages join this list's table, so later findings still store a repeated
    /// message once.
    mutating func append(contentsOf other: FindingList) {
        guard !other.records.isEmpty else { return }
        let chunkOffset = Int32(text.count)
        let nameMap = other.names.map { intern($0) }
        text.append(contentsOf: other.text)
        // The other list's tails by this list's numbers (0 stays 0).
        var tailMap: [UInt16] = [0]
        for (entry, span) in other.tails.enumerated() {
            var moved = span
            moved.chunk += chunkOffset
            let hash = other.tailHashes[entry]
            let known = withText(moved) { bytes in tailSlots.find(hash: hash) { holds(bytes, at: tails[$0]) } }
            if let known {
                tailMap.append(UInt16(known + 1))
            } else {
                precondition(tails.count < Int(UInt16.max) - 1, "too many distinct message tails in one list")
                addTail(moved, hash: hash)
                tailMap.append(UInt16(tails.count))
            }
        }
        // The other list's path heads follow this list's.
        let otherStarts = other.starts ?? Starts()
        let pathHeadOffset = UInt32(starts?.pathHeads.count ?? 0)
        // The other list's heads by this list's numbers (0 stays 0; nil for a head this list has no
        // number left for, whose findings' messages are then stored whole).
        var headMap: [UInt8?] = [0]
        if !otherStarts.pathHeads.isEmpty || !otherStarts.messageHeads.isEmpty {
            let starts = ownStarts()
            precondition(
                starts.pathHeads.count + otherStarts.pathHeads.count < Int(UInt32.max) - 1, "too many path heads in one list")
            for span in otherStarts.pathHeads {
                var moved = span
                moved.chunk += chunkOffset
                starts.pathHeads.append(moved)
            }
            for span in otherStarts.messageHeads {
                var moved = span
                moved.chunk += chunkOffset
                if let known = withText(moved, { bytes in starts.messageHeads.firstIndex { holds(bytes, at: $0) } }) {
                    headMap.append(UInt8(known + 1))
                } else if starts.messageHeads.count < Int(UInt8.max) {
                    starts.messageHeads.append(moved)
                    headMap.append(UInt8(starts.messageHeads.count))
                } else {
                    headMap.append(nil)
                }
            }
        }
        other.records.forEach(in: other.indices) { r in
            var moved = r
            moved.element.chunk += chunkOffset
            moved.message.chunk += chunkOffset
            moved.tail = tailMap[Int(r.tail)]
            if r.pathHead != 0 { moved.pathHead += pathHeadOffset }
            if let head = headMap[Int(r.head)] {
                moved.head = head
            } else {
                var head = otherStarts.messageHeads[Int(r.head) - 1]
                head.chunk += chunkOffset
                var whole: [UInt8] = []
                withText(head) { whole.append(contentsOf: $0) }
                withText(moved.message) { whole.append(contentsOf: $0) }
                moved.message = whole.withUnsafeBufferPointer { store($0) }
                moved.head = 0
            }
            moved.rule = nameMap[Int(r.rule)]
            moved.file = nameMap[Int(r.file)]
            records.append(moved)
        }
        for (entry, span) in other.messageSpans.enumerated() {
            var moved = span
            moved.chunk += chunkOffset
            let hash = other.messageHashes[entry]
            let known = withText(moved) { bytes in
                messageSlots.find(hash: hash) { holds(bytes, at: messageSpans[$0]) }
            }
            guard known == nil else { continue }
            messageSpans.append(moved)
            messageHashes.append(hash)
            messageSlots.insert(messageSpans.count - 1, hash: hash, bound: messageSpans.count) { [messageHashes] in
                messageHashes[$0]
            }
        }
    }

    /// The index of `name` in `names`, adding it when new. A file has a handful of distinct rule ids
    /// and file names, so a look along the list is enough.
    private mutating func intern(_ name: String) -> UInt16 {
        if let i = names.firstIndex(of: name) { return UInt16(i) }
        precondition(names.count < Int(UInt16.max), "too many distinct rule ids and file names in one list")
        names.append(name)
        return UInt16(names.count - 1)
    }

    /// `intern(name)`, trying the name at `last` first and setting it.
    private mutating func intern(_ name: String, after last: inout UInt16) -> UInt16 {
        if Int(last) < names.count && names[Int(last)] == name { return last }
        last = intern(name)
        return last
    }

    /// Keeps the records `keep` selects, in order.
    private mutating func filterRecords(_ keep: (Int, Record) -> Bool) {
        var kept = ChunkedArray<Record>()
        for (i, r) in records.enumerated() where keep(i, r) { kept.append(r) }
        records = kept
    }

    /// Drops the findings `predicate` selects. Their texts stay where they are.
    public mutating func removeAll(where predicate: (Finding) throws -> Bool) rethrows {
        let dropped = try indices.map { try predicate(self[$0]) }
        guard dropped.contains(true) else { return }
        filterRecords { i, _ in !dropped[i] }
    }

    /// Drops the findings of the rules `isDropped` selects, asking once per rule id.
    mutating func removeFindings(ofRules isDropped: (String) -> Bool) {
        let dropped = names.map(isDropped)
        guard dropped.contains(true) else { return }
        filterRecords { _, r in !dropped[Int(r.rule)] }
    }

    /// How many findings each rule has, by severity (errors, warnings), without making `Finding`s.
    public func countsByRule() -> [String: (errors: Int, warnings: Int)] {
        var counts = [(errors: Int, warnings: Int)](repeating: (0, 0), count: names.count)
        for r in records {
            if r.severity == .error { counts[Int(r.rule)].errors += 1 } else { counts[Int(r.rule)].warnings += 1 }
        }
        var result: [String: (errors: Int, warnings: Int)] = [:]
        for (i, count) in counts.enumerated() where count.errors + count.warnings > 0 {
            let old = result[names[i]] ?? (0, 0)
            result[names[i]] = (old.errors + count.errors, old.warnings + count.warnings)
        }
        return result
    }

    /// How many findings have `severity`, without making `Finding`s of them.
    public func count(of severity: Severity) -> Int {
        records.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Sets every finding's file.
    mutating func setFile(_ file: String) {
        let index = intern(file)
        records.updateEach { $0.file = index }
    }

    /// Sets every finding's severity from its rule and current severity, asking once per pair.
    mutating func setSeverities(_ severity: (String, Severity) -> Severity) {
        // By rule name index and current severity (error or not): a handful of names per list.
        var answers = [Severity?](repeating: nil, count: names.count * 2)
        let names = self.names
        records.updateEach { r in
            let key = Int(r.rule) * 2 + (r.severity == .error ? 1 : 0)
            if let known = answers[key] {
                r.severity = known
            } else {
                let s = severity(names[Int(r.rule)], r.severity)
                answers[key] = s
                r.severity = s
            }
        }
    }

    /// Sorts into report order (`Finding.reportOrder`): by file, line, column and rule on the
    /// records alone, and by element path and message, as strings, only among findings that tie on
    /// those.
    mutating func sortInReportOrder() {
        // Names ranked once, so records compare by number.
        let byName = names.indices.sorted { names[$0] < names[$1] }
        var rank = [Int](repeating: 0, count: names.count)
        for (r, i) in byName.enumerated() { rank[i] = r }
        // Each record's file, line, column and rule as numbers compared in that order, in one flat
        // list: the comparisons then read neither the records nor the ranks. One 64-bit number per
        // record when they fit in it (a file's lines and columns nearly always do: this list is
        // made at the end of a large file, at its peak of memory), else two.
        func ties(_ a: Int, _ b: Int) -> Bool {
            let fa = self[a]
            let fb = self[b]
            if fa.element != fb.element { return fa.element < fb.element }
            if fa.message != fb.message { return fa.message < fb.message }
            // Equal findings keep the order they were found in, as a stable sort keeps them.
            return a < b
        }
        var order = Array(indices)
        var fits = names.count <= 1 << 8
        records.forEach(in: indices) { r in
            if r.line < 0 || r.column < 0 || r.column >= 1 << 17 { fits = false }
        }
        if fits {
            var keys: [UInt64] = []
            keys.reserveCapacity(count)
            records.forEach(in: indices) { r in
                keys.append(
                    UInt64(rank[Int(r.file)]) << 56 | UInt64(r.line) << 25 | UInt64(r.column) << 8
                        | UInt64(rank[Int(r.rule)]))
            }
            order.sort { a, b in keys[a] != keys[b] ? keys[a] < keys[b] : ties(a, b) }
        } else {
            // Flipping the sign bit keeps the order of signed numbers among unsigned ones.
            func ordered(_ value: Int32) -> UInt64 { UInt64(UInt32(bitPattern: value) ^ 0x8000_0000) }
            var keys: [(UInt64, UInt64)] = []
            keys.reserveCapacity(count)
            records.forEach(in: indices) { r in
                keys.append(
                    (UInt64(rank[Int(r.file)]) << 32 | ordered(r.line), ordered(r.column) << 32 | UInt64(rank[Int(r.rule)])))
            }
            order.sort { a, b in
                let x = keys[a]
                let y = keys[b]
                if x.0 != y.0 { return x.0 < y.0 }
                if x.1 != y.1 { return x.1 < y.1 }
                return ties(a, b)
            }
        }
        // Records are put in place by following the permutation's cycles, rather than copied into a
        // second list: at the end of a large file this is the peak of memory.
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            // Position p is to hold the record now at order[p].
            let first = records[start]
            var p = start
            while order[p] != start {
                records[p] = records[order[p]]
                placed[p] = true
                p = order[p]
            }
            records[p] = first
            placed[p] = true
        }
    }
}

extension FindingList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Finding...) {
        self.init(elements)
    }
}

extension FindingList: Equatable {
    public static func == (a: FindingList, b: FindingList) -> Bool {
        a.elementsEqual(b)
    }
}

extension FindingList: CustomStringConvertible {
    public var description: String { Array(self).description }
}
