/// Strings numbered in the order they are first added (0, 1, 2…), compared as Swift compares
/// strings (canonical equivalence), and found by a quick hash of their UTF-8 bytes.
///
/// Screen ids, link targets and element paths are looked up once or more for every screen, link or
/// finding of a file; Swift's own `Set` and `Dictionary` hash each string with SipHash after checking
/// its normalization, which showed in profiles. Here a string of ASCII characters (ids and paths
/// nearly always are) is hashed eight bytes at a time and kept in an open-addressing table; any
/// other string goes to a `Dictionary`, so equivalent spellings still meet. The only non-ASCII
/// characters canonically equivalent to ASCII ones are three singletons (U+037E GREEK QUESTION MARK,
/// U+1FEF GREEK VARIA, U+212A KELVIN SIGN, which are `;`, `` ` `` and `K`); a string made of ASCII
/// and those is filed under its ASCII spelling, so it meets the ASCII string it equals.
///
/// The hash is seeded once per process, so a description cannot be written to make its ids collide.
/// Nothing is ever listed in table order, so the seed changes no output.
struct StringTable {
    /// The ASCII keys' numbers by hash.
    private var slots = HashSlots()
    /// Every key by number; a key that is not ASCII is kept in `others` and holds a placeholder
    /// here that no ASCII key can equal. Chunked: a table of a large app's screen ids holds
    /// hundreds of thousands of keys, and doubling one array left up to half of it unused and held
    /// the old and the new array at once while growing.
    private var keys = ChunkedArray<String>()
    /// The keys that are not ASCII and have no ASCII equivalent.
    private var others: [String: Int32] = [:]

    /// How many distinct strings were added.
    var count: Int { keys.count }

    private static let placeholder = "\u{FFFF}"

    init() {}

    /// Every key, by number (a key filed under its ASCII spelling as that spelling).
    func allKeys() -> [String] {
        var all = Array(keys)
        for (key, number) in others { all[Int(number)] = key }
        return all
    }

    /// The key numbered `number` as the table keeps it: a key filed under its ASCII spelling as
    /// that spelling, and a key kept in `others` as the placeholder.
    func storedKey(_ number: Int) -> String { keys[number] }

    /// The number of `key`, added with the next number when it is new.
    mutating func add(_ key: String) -> (number: Int, isNew: Bool) {
        let seed = self.seed
        if let hash = Self.withBytes(key, { ByteHash.hashIfASCII($0, seed: seed) }) {
            return add(ascii: key, hash: hash)
        }
        if let ascii = Self.asciiEquivalent(key) { return add(ascii: ascii, hash: Self.hash(ascii, seed: seed)) }
        if let known = others[key] { return (Int(known), false) }
        others[key] = Int32(keys.count)
        keys.append(Self.placeholder)
        return (keys.count - 1, true)
    }

    /// `add(_:)`, and whether the table keeps `key` as written (its bytes are the stored key's: an
    /// ASCII key), so that a caller can read it back from its number without comparing the two.
    mutating func addSpelled(_ key: String) -> (number: Int, isNew: Bool, asWritten: Bool) {
        let seed = self.seed
        if let hash = Self.withBytes(key, { ByteHash.hashIfASCII($0, seed: seed) }) {
            let (number, isNew) = add(ascii: key, hash: hash)
            return (number, isNew, true)
        }
        let (number, isNew) = add(key)
        return (number, isNew, false)
    }

    private mutating func add(ascii key: String, hash: UInt64) -> (number: Int, isNew: Bool) {
        if let number = find(key, hash: hash) { return (number, false) }
        keys.append(key)
        // On growing, the hashes are made again (keeping them would cost as much memory as the slots).
        let seed = self.seed
        slots.insert(keys.count - 1, hash: hash, bound: keys.count) { [keys] number in
            Self.withBytes(keys[number]) { ByteHash.hashIfASCII($0, seed: seed) }
        }
        return (keys.count - 1, true)
    }

    /// Adds `key`; whether it was new.
    @discardableResult
    mutating func insert(_ key: String) -> Bool { add(key).isNew }

    /// The number of `key`, nil when it was never added.
    func number(of key: String) -> Int? {
        let seed = self.seed
        if let hash = Self.withBytes(key, { ByteHash.hashIfASCII($0, seed: seed) }) {
            return find(key, hash: hash)
        }
        if let ascii = Self.asciiEquivalent(key) { return find(ascii, hash: Self.hash(ascii, seed: seed)) }
        return others[key].map(Int.init)
    }

    func contains(_ key: String) -> Bool { number(of: key) != nil }

    /// Whether `number` is the number of `key`, without hashing it: false (though it may be) when
    /// the key is not ASCII.
    @inline(__always)
    func isNumber(_ number: Int, of key: String) -> Bool {
        number >= 0 && number < keys.count && keys[number] == key
    }

    private func find(_ key: String, hash: UInt64) -> Int? {
        slots.find(hash: hash) { keys[$0] == key }
    }

    // MARK: - Spelling and hashing

    /// The ASCII string a non-ASCII one equals, if any.
    static func asciiEquivalent(_ key: String) -> String? {
        var mapped = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: mapped.append(scalar)
            case 0x037E: mapped.append(";")
            case 0x1FEF: mapped.append("`")
            case 0x212A: mapped.append("K")
            default: return nil
            }
        }
        return String(mapped)
    }

    /// Runs `body` on the UTF-8 bytes of `text`.
    @inline(__always)
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    static let processSeed = UInt64.random(in: 0 ... .max)
    private let seed = StringTable.processSeed

    static func hash(_ text: String, seed: UInt64) -> UInt64 {
        withBytes(text) { ByteHash.hash($0, seed: seed) }
    }
}

/// A quick hash of bytes, eight at a time. Callers always confirm a match on the bytes themselves.
enum ByteHash {
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
        hash(bytes, seed: seed).hash
    }

    /// The hash of bytes that are all ASCII, nil otherwise.
    @inline(__always)
    static func hashIfASCII(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64? {
        let (hash, high) = hash(bytes, seed: seed)
        return high & 0x8080_8080_8080_8080 == 0 ? hash : nil
    }

    /// Runs `body` on the ASCII form of the UTF-8 bytes `utf8` and its hash: the bytes themselves
    /// when they are ASCII, else their ASCII equivalent (`StringTable.asciiEquivalent`); nil, without
    /// running `body`, when they have no ASCII form.
    @inline(__always)
    static func withASCIIForm<R>(
        _ utf8: UnsafeBufferPointer<UInt8>, seed: UInt64, _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> R
    ) -> R? {
        if let hash = hashIfASCII(utf8, seed: seed) { return body(utf8, hash) }
        guard var ascii = StringTable.asciiEquivalent(String(decoding: utf8, as: UTF8.self)) else { return nil }
        return ascii.withUTF8 { body($0, hash($0, seed: seed)) }
    }

    /// The hash, and every byte or-ed together in place (its top bits tell whether all are ASCII).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (hash: UInt64, high: UInt64) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h = (seed ^ UInt64(bytes.count)) &* multiplier
        guard let base = bytes.baseAddress else {
            // No bytes, hashed as an empty buffer with an address is (so both spellings meet).
            h = h &* multiplier
            return (h ^ (h >> 32), 0)
        }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            high |= word
            h = (h ^ word) &* multiplier
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        while i < bytes.count {
            tail = tail << 8 | UInt64(bytes[i])
            i += 1
        }
        high |= tail
        h = (h ^ tail) &* multiplier
        return (h ^ (h >> 32), high)
    }
}

/// A set of strings given as UTF-8 bytes, compared as Swift compares strings, for element paths a
/// rule reports once each: no string is made of a path that is ASCII (or has an ASCII equivalent,
/// see `StringTable`); its bytes are kept in one buffer. Other paths go to a `StringTable`.
struct UTF8Set {
    /// The entries by hash.
    private var slots = HashSlots()
    /// By entry: where its bytes are in `bytes`.
    private var starts: [Int] = []
    private var bytes: [UInt8] = []
    private var others = StringTable()
    private let seed = StringTable.processSeed

    /// Adds the string `utf8` spells; whether it was new.
    mutating func insert(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if let new = ByteHash.withASCIIForm(utf8, seed: seed, { insert(ascii: $0, hash: $1) }) { return new }
        return others.insert(String(decoding: utf8, as: UTF8.self))
    }

    private mutating func insert(ascii utf8: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Bool {
        if slots.find(hash: hash, { holds(utf8, entry: $0) }) != nil { return false }
        starts.append(bytes.count)
        bytes.append(contentsOf: utf8)
        let seed = self.seed
        slots.insert(starts.count - 1, hash: hash, bound: starts.count) { [starts, bytes] entry in
            let end = entry + 1 < starts.count ? starts[entry + 1] : bytes.count
            return bytes.withUnsafeBufferPointer {
                ByteHash.hash(UnsafeBufferPointer(rebasing: $0[starts[entry]..<end]), seed: seed)
            }
        }
        return true
    }

    private func holds(_ utf8: UnsafeBufferPointer<UInt8>, entry: Int) -> Bool {
        let start = starts[entry]
        let end = entry + 1 < starts.count ? starts[entry + 1] : bytes.count
        guard end - start == utf8.count else { return false }
        guard let base = utf8.baseAddress, utf8.count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { Platform.bytesEqual($0.baseAddress! + start, base, count: utf8.count) }
    }
}

/// Open-addressing slots for the hash tables above and for `FindingList`'s messages: a slot holds
/// the top half of an entry's hash and the entry's number + 1 (0 is an empty slot), so that a probe
/// reads only the slot unless the hashes agree. The slot count is a power of two, at least 4/3 of
/// the number of entries (the tables of a large app's ids hold hundreds of thousands of entries:
/// twice as many slots as entries was up to 32 bytes for each). Callers confirm a match on the
/// entry itself.
struct HashSlots {
    private var slots: [UInt64] = []
    /// How many entries are placed.
    private var used = 0

    /// The entry with `hash` that `matches` accepts, nil when there is none.
    @inline(__always)
    func find(hash: UInt64, _ matches: (Int) -> Bool) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if stored & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                if matches(entry) { return entry }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Records `entry`, numbered below `bound`. When the slots would be more than 3/4 full they are
    /// doubled and every other entry below `bound` is placed again with the hash `hashOf` gives it
    /// (numbers it gives none, not in the table, are left out).
    mutating func insert(_ entry: Int, hash: UInt64, bound: Int, hashOf: (Int) -> UInt64?) {
        insert(entry, hash: hash, keepingOldSlots: false) { table, _ in
            for other in 0..<bound where other != entry {
                if let h = hashOf(other) { table.place(other, hash: h) }
            }
        }
    }

    /// `insert(_:hash:bound:hashOf:)` for a table whose entries are not numbered one after another
    /// (elements of a screen, by their index): when the slots grow, the entries they hold are placed
    /// again, found in the old slots, and `hashOf` is asked only about those.
    mutating func insertSparse(_ entry: Int, hash: UInt64, hashOf: (Int) -> UInt64) {
        insert(entry, hash: hash, keepingOldSlots: true) { table, old in
            for stored in old where stored != 0 {
                let other = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                table.place(other, hash: hashOf(other))
            }
        }
    }

    /// Records `entry`; when the slots would be more than 3/4 full they are doubled first, and
    /// `placeAgain` places the other entries in the new slots, given the old ones when
    /// `keepingOldSlots` (otherwise they are freed before, and it is given none).
    @inline(__always)
    private mutating func insert(
        _ entry: Int, hash: UInt64, keepingOldSlots: Bool, placeAgain: (inout HashSlots, _ old: [UInt64]) -> Void
    ) {
        used += 1
        if used * 4 > slots.count * 3 {
            let count = Swift.max(16, slots.count * 2)
            let old = keepingOldSlots ? slots : []
            slots = [UInt64](repeating: 0, count: count)
            placeAgain(&self, old)
        }
        place(entry, hash: hash)
    }

    private mutating func place(_ entry: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = (hash & 0xFFFF_FFFF_0000_0000) | UInt64(entry + 1)
    }
}
