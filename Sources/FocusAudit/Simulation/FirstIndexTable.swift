/// The first element index recorded for each string of one screen (ids, focus values).
///
/// Keys compare as Swift compares strings (canonical equivalence). An ASCII key (ids and focus
/// values nearly always are), or one with an ASCII spelling (see `StringTable`), is filed by a quick
/// hash of that spelling's bytes, which are kept in the entry (up to 16) or in one byte list: while the screen has few such
/// keys their hashes are scanned in a list, and only a key with the same hash has its bytes
/// compared (two ASCII spellings are equal strings exactly when their bytes are equal); past
/// `scanLimit` keys the list is indexed by open-addressing slots. Any other key goes to a
/// `Dictionary`, which compares the Swift way; such a key cannot equal an ASCII one. A key given as
/// bytes (`insert(bytes:at:)`, an id read in place in a screen's store) is filed without making a
/// string when it is ASCII.
struct FirstIndexTable {
    static let scanLimit = 32

    private struct Entry {
        var hash: UInt64
        /// A spelling of up to 16 bytes, held here (zero bytes after it).
        var word0: UInt64
        var word1: UInt64
        /// Where a longer spelling is in `spellings`.
        var start: Int
        var count: Int
        var first: Int

        init(hash: UInt64, first: Int, bytes: UnsafeBufferPointer<UInt8>, start: Int) {
            self.hash = hash
            (word0, word1) = Self.words(bytes)
            self.start = start
            count = bytes.count
            self.first = first
        }

        /// Up to 16 bytes as two words, zero beyond them; (0, 0) for more.
        @inline(__always)
        static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
            var words: (UInt64, UInt64) = (0, 0)
            if bytes.count <= 16, let base = bytes.baseAddress {
                withUnsafeMutableBytes(of: &words) { $0.baseAddress.unsafelyUnwrapped.copyMemory(from: base, byteCount: bytes.count) }
            }
            return words
        }
    }

    /// The first entry, held inline: most screens' tables hold one key or none, and a list of
    /// their own cost them an allocation.
    private var head: Entry?
    /// The entries after `head`.
    private var entries: [Entry] = []
    /// The ASCII spellings of the entries' keys, one after another.
    private var spellings: [UInt8] = []
    /// Built once there are more than `scanLimit` entries.
    private var slots = HashSlots()
    private var others: [String: Int]?
    private let seed = StringTable.processSeed

    /// Records `index` for `key` unless the key is already recorded; returns the earlier index then.
    mutating func insert(_ key: String, at index: Int) -> Int? {
        if case .filed(let earlier) = StringTable.withBytes(key, { insertIfASCII($0, at: index) }) { return earlier }
        if let ascii = StringTable.asciiEquivalent(key),
            case .filed(let earlier) = StringTable.withBytes(ascii, { insertIfASCII($0, at: index) })
        {
            return earlier
        }
        if let earlier = others?[key] { return earlier }
        others = others ?? [:]
        others![key] = index
        return nil
    }

    /// `insert(_:at:)` for the string the UTF-8 bytes spell; no string is made for ASCII bytes.
    mutating func insert(bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        if case .filed(let earlier) = insertIfASCII(bytes, at: index) { return earlier }
        return insert(String(decoding: bytes, as: UTF8.self), at: index)
    }

    private enum Filing {
        /// The bytes are not all ASCII; nothing was done.
        case notASCII
        /// Filed; the index recorded before for the same bytes, if any.
        case filed(Int?)
    }

    /// Files `bytes` when they are all ASCII.
    private mutating func insertIfASCII(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Filing {
        guard let hash = ByteHash.hashIfASCII(bytes, seed: seed) else { return .notASCII }
        guard let head else {
            head = Entry(hash: hash, first: index, bytes: bytes, start: keep(bytes))
            return .filed(nil)
        }
        if head.hash == hash && same(head, bytes) { return .filed(head.first) }
        if entries.count <= Self.scanLimit {
            // Through the buffer: iterating the array copied each 48-byte entry out of it.
            let earlier = entries.withUnsafeBufferPointer { all -> Int? in
                for i in all.indices where all[i].hash == hash && same(all[i], bytes) { return all[i].first }
                return nil
            }
            if let earlier { return .filed(earlier) }
        } else if let found = slots.find(hash: hash, { same(entries[$0], bytes) }) {
            return .filed(entries[found].first)
        }
        // Room for a screen's usual handful at once: growing one step at a time allocated several
        // times per screen.
        if entries.isEmpty { entries.reserveCapacity(16) }
        entries.append(Entry(hash: hash, first: index, bytes: bytes, start: keep(bytes)))
        if entries.count == Self.scanLimit + 1 {
            for e in entries.indices { place(e) }
        } else if entries.count > Self.scanLimit + 1 {
            place(entries.count - 1)
        }
        return .filed(nil)
    }

    /// Adds a spelling longer than 16 bytes to `spellings`; returns where it starts.
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count > 16 else { return 0 }
        let start = spellings.count
        spellings.append(contentsOf: bytes)
        return start
    }

    @inline(__always)
    private func same(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard entry.count == bytes.count else { return false }
        if bytes.count <= 16 {
            let words = Entry.words(bytes)
            return words.0 == entry.word0 && words.1 == entry.word1
        }
        return spellings.withUnsafeBufferPointer { all in
            memoryEquals(all.baseAddress.unsafelyUnwrapped + entry.start, bytes.baseAddress.unsafelyUnwrapped, bytes.count)
        }
    }

    private mutating func place(_ entry: Int) {
        slots.insert(entry, hash: entries[entry].hash, bound: entry + 1) { [entries] in entries[$0].hash }
    }
}

@inline(__always)
private func memoryEquals(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}

/// The first element of each id of one screen, compared as `FirstIndexTable` compares keys, that
/// keeps only the element's index: the id's bytes are read again from the screen's store when two
/// hashes agree. A screen of many ids costs its slots (8 bytes for each 3/4 to 3/8 of an id), not a
/// 48-byte entry per id in a growing list (a screen of 40,000 rows with ids took 120 bytes a row
/// beyond the same rows without them).
struct StoreIDIndex {
    /// Screens of more elements than this file their ids here (`DuplicateFocusIDRule`).
    static let fromElements = 256

    private var slots = HashSlots()
    /// Ids with no ASCII spelling, compared the Swift way.
    private var others = FirstIndexTable()
    private let seed = StringTable.processSeed

    /// Records the element at `index` of `store` for its id `bytes` unless an earlier element has
    /// the same id; returns the earlier one's index then.
    mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, in store: ElementStore) -> Int? {
        let seed = self.seed
        let filed: Int?? = ByteHash.withASCIIForm(bytes, seed: seed) { ascii, hash in
            if let earlier = slots.find(hash: hash, { Self.id(of: $0, in: store, seed: seed) { $0.elementsEqual(ascii) } }) {
                return earlier
            }
            slots.insertSparse(index, hash: hash) { other in
                Self.id(of: other, in: store, seed: seed) { _, hash in hash }
            }
            return nil
        }
        if let filed { return filed }
        return others.insert(String(decoding: bytes, as: UTF8.self), at: index)
    }

    /// `body` of the ASCII spelling of the id of the element at `index` and its hash (every element
    /// in the slots has one).
    private static func id<R>(
        of index: Int, in store: ElementStore, seed: UInt64, _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> R
    ) -> R {
        ElementInfo(store: store, index: index).withIDBytes { bytes in
            ByteHash.withASCIIForm(bytes.unsafelyUnwrapped, seed: seed, body).unsafelyUnwrapped
        }
    }

    private static func id(
        of index: Int, in store: ElementStore, seed: UInt64, _ equals: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        id(of: index, in: store, seed: seed) { ascii, _ in equals(ascii) }
    }
}
