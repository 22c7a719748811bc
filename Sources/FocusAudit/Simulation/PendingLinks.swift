/// What the simulator reads of a link: a compact graph works out a link's journey from these
/// before deciding whether the link is kept at all, so most links never get a `LinkRecord`.
struct LinkFacts {
    var presentation: Presentation
    /// The element's own `restore-focus` for what it presents, nil when its screen's applies.
    var restoresOnDismiss: Bool?
    var focus: String?
    var focusShared: Bool
    var isAccessibilityElement: Bool
    var isLanding: Bool
    var capture: Capture
    var captureOnElement: Bool
}

// In an extension, so that the memberwise initialiser stays.
extension LinkFacts {
    init(_ link: LinkRecord) {
        self.init(
            presentation: link.navigation.presentation, restoresOnDismiss: link.restoresOnDismiss, focus: link.focus,
            focusShared: link.focusShared, isAccessibilityElement: link.isAccessibilityElement, isLanding: link.isLanding,
            capture: link.capture, captureOnElement: link.captureOnElement)
    }
}

/// The links of a compact graph that wait for a target screen not read yet, as rows of numbers
/// with their own strings in cells of a byte store, instead of one `LinkRecord` object each: with
/// targets anywhere in a large app, a quarter of all links may wait at once, and a record of its
/// own (object header, allocator header, six strings) cost more than twice a row and its bytes.
/// The strings that links share are kept once: parent paths (one per run of siblings), element
/// types and attribute names (numbered), and the target id when it is spelled as its key. A row
/// becomes a record again only for a link whose target is never read (`unknown_destination`).
///
/// Links waiting for the same target are one list threaded through the slots (`head` by target
/// key, `next` by slot); slots and cells freed when their target is read are used again.
struct PendingLinks {
    private struct Row {
        var index: Int32
        var screen: Int32
        var ordinal: Int32
        var line: Int32
        var column: Int32
        var targetKey: Int32
        /// Where the link's own strings are (`ByteCells`).
        var cell: Int32
        var parent: Int32
        var type: UInt32
        var attribute: UInt32
        var length: UInt16
        var sizeClass: UInt8
        var flags: UInt8
        var capture: Capture
        var presentation: Presentation
        /// Whether the target id is in the row's strings (it is spelled otherwise than its key).
        var ownTarget: Bool
        var isLive: Bool
    }

    private var rows = ChunkedArray<Row>()
    private var next = ChunkedArray<Int32>()
    private var head: [Int32] = []
    private var freeSlots: [Int32] = []
    private var cells = ByteCells()
    /// Parent paths by number, with how many waiting links use each; numbers freed are used again.
    private var parents = ChunkedArray<String>()
    private var parentUses = ChunkedArray<Int32>()
    private var freeParents: [Int32] = []
    private var lastParent: Int32 = -1
    /// Element types and attribute names, numbered (few distinct ones).
    private var names = StringTable()
    private var lastType = -1
    private var lastAttribute = -1
    private(set) var count = 0

    /// A link waiting for the target with key `key`, as it came: what `add` is given, what the
    /// queue of the links added last holds, and what a row is written from. `keyIsTarget` tells
    /// whether the key's string is the target id as written (then it is not kept again).
    struct WaitingLink {
        var index: Int
        var screen: Int
        var ordinal: Int
        var location: SourceLocation
        var key: Int
        var keyIsTarget: Bool
        var flags: UInt8
        var capture: Capture
        var parentPath: String
        var type: String
        var id: String?
        var name: String?
        var navigation: Navigation
        var focus: String?
        /// Whether the link stayed in the queue once already when it was full.
        var keptOnce = false
    }

    /// The links added last, as they came, before any row or cell is written for them: in most
    /// descriptions a link's target is the next screen or one soon after, read before the link
    /// would leave this queue, so the link never gets a row. When the queue is full, room is made
    /// (`spillRecent`; `recentCapacity` bounds what it holds however links wait).
    private var recent: [WaitingLink] = []
    /// Each queued link's target key, -1 once its target was read (the queue is only scanned here).
    private var recentKeys: [Int32] = []
    /// The names of queued links given as bytes (`add(_:nameBytes:)`), one after another, and each
    /// queued link's place in them (start -1: its name is the link's own, a string or nil). A name
    /// becomes a string only when its link is written as a row or read back as a record.
    private var recentNames: [UInt8] = []
    private var recentNameSpans: [(start: Int32, count: Int32)] = []
    private let recentCapacity: Int
    /// How many links are still to be written as rows at once, skipping the queue: when most of a
    /// full queue still waited, links are not waiting for the next screens, and queueing them first
    /// would only cost a copy each.
    private var bypass = 0

    /// `recentCapacity`: how many of the links added last are kept as they came before being
    /// written as rows (0 writes every link as a row at once).
    init(recentCapacity: Int = 64) {
        self.recentCapacity = recentCapacity
    }

    /// A new target key, with no link waiting for it yet.
    mutating func addKey() { head.append(-1) }

    /// Records a waiting link.
    mutating func add(_ link: consuming WaitingLink) {
        count += 1
        if makesRoom() {
            addRow(link)
            return
        }
        recentKeys.append(Int32(clamping: link.key))
        recent.append(link)
        recentNameSpans.append((-1, 0))
    }

    /// Records a waiting link whose name is the UTF-8 bytes `nameBytes` (its own `name` is nil):
    /// kept as bytes while the link is queued.
    mutating func add(_ link: consuming WaitingLink, nameBytes: UnsafeBufferPointer<UInt8>) {
        count += 1
        if makesRoom() {
            addRow(link, nameBytes: nameBytes)
            return
        }
        recentKeys.append(Int32(clamping: link.key))
        recent.append(link)
        recentNameSpans.append((Int32(recentNames.count), Int32(nameBytes.count)))
        recentNames.append(contentsOf: nameBytes)
    }

    /// Before a link is added: true when it is to be written as a row at once; otherwise the queue
    /// has room for it.
    private mutating func makesRoom() -> Bool {
        if bypass > 0 || recent.count >= recentCapacity {
            if bypass > 0 || recentCapacity == 0 {
                bypass = max(bypass - 1, 0)
                return true
            }
            spillRecent()
        }
        if recent.capacity == 0 {
            recent.reserveCapacity(recentCapacity)
            recentKeys.reserveCapacity(recentCapacity)
            recentNameSpans.reserveCapacity(recentCapacity)
        }
        return false
    }

    /// The name of the queued link at `i`, as its string.
    private func queuedName(_ i: Int, of link: WaitingLink) -> String? {
        let span = recentNameSpans[i]
        guard span.start >= 0 else { return link.name }
        return recentNames.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[Int(span.start)..<Int(span.start + span.count)]), as: UTF8.self)
        }
    }

    /// Makes room in the full queue: when more than half of it still waits, every waiting link is
    /// written as a row (and the next links skip the queue); otherwise the waiting links that were
    /// already kept once this way are written as rows and the others move to the front, kept once
    /// (a link whose target is a few screens on is then usually read before the queue fills again).
    private mutating func spillRecent() {
        var queued: [WaitingLink] = []
        var keys: [Int32] = []
        var spans: [(start: Int32, count: Int32)] = []
        var names: [UInt8] = []
        swap(&queued, &recent)
        swap(&keys, &recentKeys)
        swap(&spans, &recentNameSpans)
        swap(&names, &recentNames)
        // The kept links' names given as bytes move to the front of the buffer, in order.
        var keptNames: [UInt8] = []
        var waiting = 0
        for key in keys where key >= 0 { waiting += 1 }
        let all = waiting * 2 > recentCapacity
        if all { bypass = recentCapacity * 8 }
        var kept = 0
        // In the list's memory: swapping two elements of the array itself copied both links (their
        // strings retained and released) instead of moving them.
        queued.withUnsafeMutableBufferPointer { links in
            names.withUnsafeBufferPointer { nameBytes in
                for i in links.indices where keys[i] >= 0 {
                    let span = spans[i]
                    let bytes = UnsafeBufferPointer(rebasing: nameBytes[Int(max(span.start, 0))..<Int(max(span.start, 0) + span.count)])
                    if all || links[i].keptOnce {
                        addRow(links[i], nameBytes: span.start >= 0 ? bytes : nil)
                    } else {
                        if kept != i {
                            links.swapAt(kept, i)
                            keys[kept] = keys[i]
                        }
                        if span.start >= 0 {
                            spans[kept] = (Int32(keptNames.count), span.count)
                            keptNames.append(contentsOf: bytes)
                        } else {
                            spans[kept] = span
                        }
                        links[kept].keptOnce = true
                        kept += 1
                    }
                }
            }
        }
        queued.removeLast(queued.count - kept)
        keys.removeLast(keys.count - kept)
        spans.removeLast(spans.count - kept)
        swap(&queued, &recent)
        swap(&keys, &recentKeys)
        swap(&spans, &recentNameSpans)
        swap(&keptNames, &recentNames)
    }

    /// Writes a link's row and cell (`count` is already counted); its name is `nameBytes` when they
    /// are given (then its own `name` is nil), written into the cell as they are.
    private mutating func addRow(_ link: WaitingLink, nameBytes: UnsafeBufferPointer<UInt8>? = nil) {
        let (index, screen, ordinal, location, key) = (link.index, link.screen, link.ordinal, link.location, link.key)
        let (keyIsTarget, navigation) = (link.keyIsTarget, link.navigation)
        let (sizeClass, cell, length) = cells.add(
            link.id, link.name, link.focus, keyIsTarget ? nil : navigation.target, secondAsBytes: nameBytes)
        let typeNumber = nameNumber(link.type, last: lastType)
        lastType = Int(typeNumber)
        let attributeNumber = nameNumber(navigation.attribute, last: lastAttribute)
        lastAttribute = Int(attributeNumber)
        let row = Row(
            index: Int32(clamping: index), screen: Int32(clamping: screen), ordinal: Int32(clamping: ordinal),
            line: Int32(clamping: location.line), column: Int32(clamping: location.column),
            targetKey: Int32(clamping: key), cell: cell, parent: parentNumber(link.parentPath),
            type: typeNumber, attribute: attributeNumber,
            length: length, sizeClass: sizeClass, flags: link.flags, capture: link.capture,
            presentation: navigation.presentation,
            ownTarget: !keyIsTarget, isLive: true)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = Int(free)
            rows[slot] = row
            next[slot] = head[key]
        } else {
            slot = rows.count
            rows.append(row)
            next.append(head[key])
        }
        head[key] = Int32(slot)
    }

    private mutating func parentNumber(_ path: String) -> Int32 {
        if lastParent >= 0 && parentUses[Int(lastParent)] > 0 && parents[Int(lastParent)] == path {
            parentUses[Int(lastParent)] += 1
            return lastParent
        }
        let number: Int32
        if let free = freeParents.popLast() {
            number = free
            parents[Int(free)] = path
            parentUses[Int(free)] = 1
        } else {
            number = Int32(parents.count)
            parents.append(path)
            parentUses.append(1)
        }
        lastParent = number
        return number
    }

    /// The number of an element type or attribute name; `last` is the one found before.
    private mutating func nameNumber(_ name: String, last: Int) -> UInt32 {
        if last >= 0 && names.isNumber(last, of: name) { return UInt32(last) }
        return UInt32(clamping: names.add(name).number)
    }

    /// The target with key `key` was read: its links wait no longer.
    mutating func release(key: Int) {
        let key32 = Int32(clamping: key)
        recentKeys.withUnsafeMutableBufferPointer { keys in
            for i in keys.indices where keys[i] == key32 {
                keys[i] = -1
                count -= 1
            }
        }
        var slot = Int(head[key])
        head[key] = -1
        while slot >= 0 {
            let row = rows[slot]
            rows[slot].isLive = false
            cells.release(sizeClass: row.sizeClass, cell: row.cell)
            let parent = Int(row.parent)
            parentUses[parent] -= 1
            if parentUses[parent] == 0 {
                parents[parent] = ""
                freeParents.append(row.parent)
            }
            freeSlots.append(Int32(slot))
            count -= 1
            slot = Int(next[slot])
        }
    }

    /// The links still waiting, as records, in no particular order; `keyName` gives a target key's
    /// string.
    func records(keyName: (Int) -> String) -> [LinkRecord] {
        var records: [LinkRecord] = []
        records.reserveCapacity(count)
        for (i, (link, key)) in zip(recent, recentKeys).enumerated() where key >= 0 {
            var named = link
            named.name = queuedName(i, of: link)
            records.append(named.record)
        }
        let names = self.names.allKeys()
        rows.forEach(in: rows.indices) { row in
            guard row.isLive else { return }
            let strings = cells.strings(sizeClass: row.sizeClass, cell: row.cell, length: Int(row.length))
            let target = row.ownTarget ? strings[3] ?? "" : keyName(Int(row.targetKey))
            records.append(
                LinkRecord(
                    index: Int(row.index), screen: Int(row.screen), ordinal: Int(row.ordinal),
                    location: SourceLocation(line: Int(row.line), column: Int(row.column)), targetKey: Int(row.targetKey),
                    flags: row.flags, capture: row.capture, parentPath: parents[Int(row.parent)], type: names[Int(row.type)],
                    id: strings[0], name: strings[1],
                    navigation: Navigation(presentation: row.presentation, target: target, attribute: names[Int(row.attribute)]),
                    focus: strings[2]))
        }
        return records
    }

    /// Forgets every waiting link (they have been taken as records).
    mutating func removeAll() {
        let keys = head.count
        self = PendingLinks(recentCapacity: recentCapacity)
        head = Array(repeating: -1, count: keys)
    }
}

/// Groups of strings, each group in a cell of the smallest size class that holds it; a cell freed
/// is used again by the next group of its class, so bytes freed in any order are not left as gaps
/// (at most a size class's rounding is unused). Each string is its length plus one as a base-128
/// number (0 for nil), then its UTF-8 bytes, which are read back as the same string. Groups longer
/// than the largest class get an array of their own.
struct ByteCells {
    static let sizes: [Int] = [16, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 384, 512, 768, 1024, 1536, 2048, 4096]
    static let large = UInt8(sizes.count)
    static let chunkSize = 1 << 14
    /// By size class: its chunks of cells, the cells freed, and how many cells were ever used.
    private var chunks: [[[UInt8]]] = Array(repeating: [], count: sizes.count)
    private var free: [[Int32]] = Array(repeating: [], count: sizes.count)
    private var used: [Int] = Array(repeating: 0, count: sizes.count)
    private var largeGroups: [[UInt8]] = []
    private var freeLarge: [Int32] = []

    /// Writes up to four strings as one group; its class, cell and length. With `secondAsBytes`, the
    /// second string is those UTF-8 bytes (and `b` is not read): they are written as the string's.
    mutating func add(
        _ a: String?, _ b: String?, _ c: String?, _ d: String?, secondAsBytes: UnsafeBufferPointer<UInt8>? = nil
    ) -> (UInt8, Int32, UInt16) {
        // Each length takes at most five bytes.
        let bCount = secondAsBytes.map(\.count) ?? b?.utf8.count ?? 0
        let bound = 20 + (a?.utf8.count ?? 0) + bCount + (c?.utf8.count ?? 0) + (d?.utf8.count ?? 0)
        var group: [UInt8] = []
        if bound > Self.sizes[Self.sizes.count - 1] {
            group.reserveCapacity(bound)
            Self.write(a, to: &group)
            if let secondAsBytes {
                LEB128.append(secondAsBytes.count + 1, to: &group)
                group.append(contentsOf: secondAsBytes)
            } else {
                Self.write(b, to: &group)
            }
            Self.write(c, to: &group)
            Self.write(d, to: &group)
            let cell: Int32
            if let reused = freeLarge.popLast() {
                cell = reused
                largeGroups[Int(reused)] = group
            } else {
                cell = Int32(largeGroups.count)
                largeGroups.append(group)
            }
            return (Self.large, cell, 0)
        }
        // The exact length, then the strings written straight into the cell.
        let bWritten = secondAsBytes.map { LEB128.byteCount($0.count + 1) + $0.count } ?? Self.written(b)
        let length = Self.written(a) + bWritten + Self.written(c) + Self.written(d)
        var sizeClass = 0
        while Self.sizes[sizeClass] < length { sizeClass += 1 }
        let size = Self.sizes[sizeClass]
        let perChunk = Self.chunkSize / size
        let cell: Int
        if let reused = free[sizeClass].popLast() {
            cell = Int(reused)
        } else {
            cell = used[sizeClass]
            used[sizeClass] += 1
            if cell % perChunk == 0 { chunks[sizeClass].append([UInt8](repeating: 0, count: perChunk * size)) }
        }
        var at = (cell % perChunk) * size
        chunks[sizeClass][cell / perChunk].withUnsafeMutableBufferPointer { bytes in
            Self.write(a, to: bytes, at: &at)
            if let secondAsBytes {
                Self.write(bytes: secondAsBytes, to: bytes, at: &at)
            } else {
                Self.write(b, to: bytes, at: &at)
            }
            Self.write(c, to: bytes, at: &at)
            Self.write(d, to: bytes, at: &at)
        }
        return (UInt8(sizeClass), Int32(cell), UInt16(length))
    }

    /// How many bytes `write` takes for `s`.
    @inline(__always)
    private static func written(_ s: String?) -> Int {
        guard let s else { return 1 }
        let count = s.utf8.count
        return LEB128.byteCount(count + 1) + count
    }

    private static func write(_ s: String?, to bytes: inout [UInt8]) {
        guard let s else {
            bytes.append(0)
            return
        }
        LEB128.append(s.utf8.count + 1, to: &bytes)
        bytes.append(contentsOf: s.utf8)
    }

    @inline(__always)
    private static func write(_ s: String?, to buffer: UnsafeMutableBufferPointer<UInt8>, at length: inout Int) {
        guard var s else {
            buffer[length] = 0
            length += 1
            return
        }
        let count = s.utf8.count
        let header = buffer.baseAddress.unsafelyUnwrapped + length
        length += LEB128.write(count + 1, at: header) - header
        guard count > 0 else { return }
        let start = length
        s.withUTF8 { utf8 in
            UnsafeMutableRawPointer(buffer.baseAddress! + start).copyMemory(from: utf8.baseAddress!, byteCount: count)
        }
        length += count
    }

    @inline(__always)
    private static func write(bytes utf8: UnsafeBufferPointer<UInt8>, to buffer: UnsafeMutableBufferPointer<UInt8>, at length: inout Int) {
        let count = utf8.count
        let header = buffer.baseAddress.unsafelyUnwrapped + length
        length += LEB128.write(count + 1, at: header) - header
        guard count > 0 else { return }
        UnsafeMutableRawPointer(buffer.baseAddress! + length).copyMemory(from: utf8.baseAddress!, byteCount: count)
        length += count
    }

    /// The cell is free again.
    mutating func release(sizeClass: UInt8, cell: Int32) {
        if sizeClass == Self.large {
            largeGroups[Int(cell)] = []
            freeLarge.append(cell)
        } else {
            free[Int(sizeClass)].append(cell)
        }
    }

    /// The strings of the group in a cell.
    func strings(sizeClass: UInt8, cell: Int32, length: Int) -> [String?] {
        if sizeClass == Self.large {
            return largeGroups[Int(cell)].withUnsafeBufferPointer { Self.strings(in: $0) }
        }
        let size = Self.sizes[Int(sizeClass)]
        let perChunk = Self.chunkSize / size
        let start = (Int(cell) % perChunk) * size
        return chunks[Int(sizeClass)][Int(cell) / perChunk].withUnsafeBufferPointer {
            Self.strings(in: UnsafeBufferPointer(rebasing: $0[start..<(start + length)]))
        }
    }

    private static func strings(in bytes: UnsafeBufferPointer<UInt8>) -> [String?] {
        var strings: [String?] = []
        var i = 0
        while i < bytes.count {
            let n = LEB128.read(bytes, at: &i)
            if n == 0 {
                strings.append(nil)
                continue
            }
            strings.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<(i + n - 1)]), as: UTF8.self))
            i += n - 1
        }
        return strings
    }
}

extension PendingLinks.WaitingLink {
    /// The waiting link `link` (of another part of the file), now waiting for key `key`.
    init(_ link: LinkRecord, key: Int) {
        self.init(
            index: link.index, screen: link.screen, ordinal: link.ordinal, location: link.location, key: key,
            keyIsTarget: false, flags: link.rawFlags, capture: link.capture, parentPath: link.parentPath,
            type: link.type, id: link.id, name: link.name, navigation: link.navigation, focus: link.focus)
    }

    /// The link as a record.
    var record: LinkRecord {
        LinkRecord(
            index: index, screen: screen, ordinal: ordinal, location: location, targetKey: key, flags: flags,
            capture: capture, parentPath: parentPath, type: type, id: id, name: name, navigation: navigation,
            focus: focus)
    }
}
