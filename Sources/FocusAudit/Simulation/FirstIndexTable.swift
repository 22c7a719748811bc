/// The first element index recorded for each string of one screen (ids, focus values).
///
/// A screen has a handful of them, and comparing a few short strings beats hashing them: the table
/// scans a list while it is small and moves to a dictionary when it grows. Both compare strings
/// the same way (Swift's `==`, canonical equivalence), so the answer does not depend on the size.
struct FirstIndexTable {
    private static let listLimit = 16
    private var list: [(key: String, index: Int)] = []
    private var dictionary: [String: Int]?

    /// Records `index` for `key` unless the key is already recorded; returns the earlier index then.
    mutating func insert(_ key: String, at index: Int) -> Int? {
        if dictionary == nil {
            for entry in list where entry.key == key { return entry.index }
            if list.count < Self.listLimit {
                // Room for the whole list at once: growing it one step at a time allocated several times per screen.
                if list.isEmpty { list.reserveCapacity(Self.listLimit) }
                list.append((key, index))
                return nil
            }
            var moved: [String: Int] = [:]
            moved.reserveCapacity(list.count * 2)
            for entry in list { moved[entry.key] = entry.index }
            list = []
            dictionary = moved
        }
        if let earlier = dictionary![key] { return earlier }
        dictionary![key] = index
        return nil
    }
}
