/// A file's findings, kept compactly: a fixed-size record per finding and the UTF-8 of every
/// element path and message in byte chunks, with rule ids and file names stored once and a message
/// written before stored once too. A finding is made into a `Finding` again when it is read.
///
/// A large description has tens of thousands of findings; as `Finding`s, each held two heap strings
/// of its own with room to spare and a record of almost 90 bytes, which together were most of the
/// memory that grew with the input, and sorting them moved every string's reference count. Here a
/// finding costs its record (40 bytes), the exact bytes of its element path, and those of its
/// message unless an earlier finding has the same one: messages repeat a lot (the same unlabeled
/// asset or wordy label on many screens), and they are most of the text.
public struct FindingList: RandomAccessCollection, Sendable {
    private struct Record {
        /// Line and column, saturated at 32 bits (as link records keep them).
        var line: Int32
        var column: Int32
        /// Where the element path and the message are in `text`.
        var element: TextSpan
        var message: TextSpan
        /// Indexes into `names`.
        var rule: UInt16
        var file: UInt16
        /// The message's shared tail, which follows the bytes at `message`: `tails[tail - 1]`, or
        /// none when 0.
        var tail: UInt16
        var severity: Severity
    }

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
            element: withText(r.element) { String(decoding: $0, as: UTF8.self) },
            message: withMessage(r) { String(decoding: $0, as: UTF8.self) })
    }

    /// Runs `body` on a record's whole message: its stored bytes, or those and its shared tail
    /// copied together.
    private func withMessage<R>(_ r: Record, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard r.tail != 0 else { return withText(r.message, body) }
        var whole = withText(r.message) { Array($0) }
        withText(tails[Int(r.tail) - 1]) { whole.append(contentsOf: $0) }
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
                // A message with a shared tail is copied whole into one buffer, kept across findings.
                var whole: [UInt8] = []
                text.withUnsafeBufferPointer { chunks in
                    records.forEach(in: range) { r in
                        chunks[Int(r.element.chunk)].withUnsafeBufferPointer { elementChunk in
                            chunks[Int(r.message.chunk)].withUnsafeBufferPointer { messageChunk in
                                func hand(_ message: UnsafeBufferPointer<UInt8>) {
                                    body(
                                        BorrowedFinding(
                                            rule: name(Int(r.rule)),
                                            severity: r.severity,
                                            file: name(Int(r.file)),
                                            fileNumber: Int(r.file),
                                            location: SourceLocation(line: Int(r.line), column: Int(r.column)),
                                            element: r.element.bytes(in: elementChunk),
                                            message: message))
                                }
                                guard r.tail != 0 else { return hand(r.message.bytes(in: messageChunk)) }
                                let tail = tails[Int(r.tail) - 1]
                                whole.removeAll(keepingCapacity: true)
                                whole.append(contentsOf: r.message.bytes(in: messageChunk))
                                chunks[Int(tail.chunk)].withUnsafeBufferPointer { whole.append(contentsOf: tail.bytes(in: $0)) }
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
    mutating func append(
        rule: String, severity: Severity, file: String, location: SourceLocation, element: UnsafeBufferPointer<UInt8>,
        message: UnsafeBufferPointer<UInt8>, uniqueMessage: Bool = false, sharedTail: UnsafeBufferPointer<UInt8>? = nil
    ) {
        var tail: UInt16 = 0
        if let sharedTail, !sharedTail.isEmpty {
            guard let index = internTail(sharedTail) else {
                // No number left for another tail: the message is stored whole.
                var whole = Array(message)
                whole.append(contentsOf: sharedTail)
                whole.withUnsafeBufferPointer {
                    append(
                        rule: rule, severity: severity, file: file, location: location, element: element, message: $0,
                        uniqueMessage: true)
                }
                return
            }
            tail = index
        }
        let elementSpan = store(element)
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
                element: elementSpan, message: messageSpan, rule: rule, file: file, tail: tail, severity: severity))
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
        return withText(r.element) { stored in
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

    /// Copies bytes into the text chunks.
    private mutating func store(_ bytes: UnsafeBufferPointer<UInt8>) -> TextSpan {
        if text.isEmpty || text[text.count - 1].count + bytes.count > Self.textChunkSize {
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
        other.records.forEach(in: other.indices) { r in
            var moved = r
            moved.element.chunk += chunkOffset
            moved.message.chunk += chunkOffset
            moved.tail = tailMap[Int(r.tail)]
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
