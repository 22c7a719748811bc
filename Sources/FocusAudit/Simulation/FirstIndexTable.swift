/// The first element index recorded for each string of one screen (ids, focus values).
///
/// Keys compare as Swift compares strings (canonical equivalence). An ASCII key (ids and focus
/// values nearly always are), or one with an ASCII spelling (see `StringTable`), is filed by a quick
/// hash of that spelling's bytes: while the screen has few such keys their hashes are scanned in a
/// list, and only a key with the same hash is compared as a string; past `scanLimit` keys the list
/// is indexed by open-addressing slots. Any other key goes to a `Dictionary`, which compares the
/// Swift way; such a key cannot equal an ASCII one. A screen of 25 links with ids and focus values
/// hashed every key with SipHash in a dictionary before, which showed in profiles.
struct FirstIndexTable {
    static let scanLimit = 32

    private struct Entry {
        var hash: UInt64
        var key: String
        var first: Int
    }

    /// The first entry, held inline: most screens' tables hold one key or none, and a list of
    /// their own cost them an allocation.
    private var head: Entry?
    /// The entries after `head`.
    private var entries: [Entry] = []
    /// Built once there are more than `scanLimit` entries.
    private var slots = HashSlots()
    private var others: [String: Int] = [:]
    private let seed = StringTable.processSeed

    /// Records `index` for `key` unless the key is already recorded; returns the earlier index then.
    mutating func insert(_ key: String, at index: Int) -> Int? {
        let seed = self.seed
        var spelling = key
        var hash = StringTable.withBytes(key) { ByteHash.hashIfASCII($0, seed: seed) }
        if hash == nil, let ascii = StringTable.asciiEquivalent(key) {
            spelling = ascii
            hash = StringTable.hash(ascii, seed: seed)
        }
        guard let hash else {
            if let earlier = others[key] { return earlier }
            others[key] = index
            return nil
        }
        guard let head else {
            head = Entry(hash: hash, key: spelling, first: index)
            return nil
        }
        if head.hash == hash && head.key == spelling { return head.first }
        if entries.count <= Self.scanLimit {
            for entry in entries where entry.hash == hash && entry.key == spelling { return entry.first }
        } else if let found = slots.find(hash: hash, { entries[$0].key == spelling }) {
            return entries[found].first
        }
        // Room for a screen's usual handful at once: growing one step at a time allocated several
        // times per screen.
        if entries.isEmpty { entries.reserveCapacity(16) }
        entries.append(Entry(hash: hash, key: spelling, first: index))
        if entries.count == Self.scanLimit + 1 {
            for e in entries.indices { place(e) }
        } else if entries.count > Self.scanLimit + 1 {
            place(entries.count - 1)
        }
        return nil
    }

    private mutating func place(_ entry: Int) {
        slots.insert(entry, hash: entries[entry].hash, bound: entry + 1) { [entries] in entries[$0].hash }
    }
}
