/// The elements of one screen, in document order (each element before its descendants), as records
/// kept in chunks that never move, with their strings in one byte buffer of the screen.
///
/// Elements are not objects of their own: an element is its index here (`ElementInfo`), its parent
/// an index, and its descendants the indices `index + 1 ..< subtreeEnd`, so its children are found by
/// stepping from one child's `subtreeEnd` to the next child, and no element keeps a list of them.
/// The first chunk holds 8 records, the next ones 8, 16, … 512 (so the first 1,024 records take
/// eight chunks) and every later one 1,024: a small screen takes little room (and its chunk is
/// small enough for the allocator's quickest path), a screen of hundreds of thousands of elements
/// holds at most one chunk of unused room, and nothing is ever copied as the store grows, so a
/// record's address stays valid as long as the store. A whole chunk is under glibc's threshold for
/// mapping memory of its own, so it can take the room of what the reader has just freed (a JSON
/// screen's parsed values, let go as its views are made).
///
/// A record holds no references: its view type is a number into the store's table of type names
/// (`types`), its id, label and text are in the store's byte buffer (each string there is its
/// length, as a LEB128 number, then its UTF-8 bytes; offset 0 is no string), those it has one
/// after another in that order, from the offset the record holds (so an element with two or three
/// of them needs no table of their offsets), and its rarer modifiers are a number into a side
/// table. The byte buffer's first 64 KB grow by doubling (a
/// small screen's strings take a few dozen bytes); beyond that it is slots of 64 KB that are never
/// moved, a string that does not fit in what is left of a slot starting the next one, and a string
/// longer than a slot taking a block of its own that spans as many slots as it needs.
public final class ElementStore: RandomAccessCollection {
    static let firstShift = 3
    static let chunkShift = 10
    static let chunkSize = 1 << chunkShift
    /// Chunks before the first of `chunkSize` records: the first and the doubling ones.
    static let smallChunks = chunkShift - firstShift + 1

    @exclusivity(unchecked) private var first: UnsafeMutablePointer<ElementRecord>?
    /// Every chunk, the first included, once there is more than one; `chunkCapacity` places.
    @exclusivity(unchecked) private var chunks: UnsafeMutablePointer<UnsafeMutablePointer<ElementRecord>>?
    @exclusivity(unchecked) private var chunkCapacity = 0
    @exclusivity(unchecked) private var chunkCount = 0
    @exclusivity(unchecked) public private(set) var count = 0
    /// Whether an element of the store was marked `repeated` (perhaps since removed): when none was,
    /// `ScreenAnalysis.repeats(_:)` need not walk an element's ancestors.
    @exclusivity(unchecked) var holdsRepeated = false

    /// The view types of the screen, each once, in the order first seen (numbered from `KnownTypes.count`), and
    /// the kind of each (worked out once per type); `typeCount` of `typeCapacity` places.
    @exclusivity(unchecked) private var typeTable: UnsafeMutablePointer<String>?
    @exclusivity(unchecked) private var kindTable: UnsafeMutablePointer<ViewKind>?
    @exclusivity(unchecked) private var typeCount = 0
    @exclusivity(unchecked) private var typeCapacity = 0
    /// Where each type is in the table, once there are more than a few (fewer are found by looking).
    @exclusivity(unchecked) private var typeIndex: [String: UInt32] = [:]
    /// The rarer modifiers of elements that have any (a record's `extras32` is its place plus one);
    /// `extrasCount` of `extrasCapacity` places. Places `extrasCount ..< extrasKept` hold emptied
    /// extras of a screen before (`removeAll()`), handed out again by `newExtras()`.
    @exclusivity(unchecked) private var extrasTable: UnsafeMutablePointer<ViewNodeExtras>?
    @exclusivity(unchecked) private var extrasCount = 0
    @exclusivity(unchecked) private var extrasKept = 0
    @exclusivity(unchecked) private var extrasCapacity = 0
    /// The assets of elements that have an asset and no extras (`ExtrasWord`): each entry is the
    /// asset name's offset in the byte buffer (low 32 bits) and the element's traits (the 16 above);
    /// `lightCount` of them are used (places beyond hold a screen before's, written over).
    @exclusivity(unchecked) private var lightAssets = ChunkedArray<UInt64>()
    @exclusivity(unchecked) private var lightCount = 0
    /// The names of elements whose name is neither their label nor their text and that have no
    /// extras (`ExtrasWord.hasName`: a combined container's), as entries like `lightAssets`' (the
    /// name's offset and the traits); `nameCount` of `nameCapacity` places. Raw memory, read in
    /// place as the extras are: a name is read by every rule that names its element.
    @exclusivity(unchecked) private var nameTable: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var nameCount = 0
    @exclusivity(unchecked) private var nameCapacity = 0
    /// Whether assets are kept as strings in the elements' extras instead (`ViewNode`'s stores: the
    /// Interface Builder importer reads and compares a node's asset several times, and copies its
    /// extras into the screen's store as they are).
    @exclusivity(unchecked) var keepsAssetsInExtras = false
    /// The type numbers too large for a record's bits (`NodeBits.spilledType`), by the element's
    /// extras number less one (`extrasCapacity` places, 0 for the others); made at the first.
    @exclusivity(unchecked) private var spilledTypes: UnsafeMutablePointer<UInt32>?

    static let slotShift = 16
    static let slotSize = 1 << slotShift
    /// The byte buffer's slots (`slotCapacity` places, `slotCount` used): slot `s` holds offsets
    /// `s << 16 ..< (s + 1) << 16`; slot 0 grows by doubling up to 64 KB (`firstCapacity` bytes).
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?
    @exclusivity(unchecked) private var slotCapacity = 0
    @exclusivity(unchecked) private var slotCount = 0
    @exclusivity(unchecked) private var firstCapacity = 0
    /// The offset the next string goes to (0 while nothing is written; offset 0 means no string).
    @exclusivity(unchecked) private var used = 0
    /// Every block the buffer allocated beyond slot 0, to free.
    @exclusivity(unchecked) private var blocks: [UnsafeMutablePointer<UInt8>] = []
    /// The bytes of `blocks`.
    @exclusivity(unchecked) private var blockBytes = 0

    /// The known types' names (`KnownTypes`), kept here so that reading a type does not go
    /// through the shared table's lazy initialisation each time.
    private let knownNames = KnownTypes.shared.names

    public init() {}

    /// The elements of `tree` (top-level views in order), copied in document order with their
    /// parents and subtrees.
    public convenience init(tree: [ViewNode]) {
        self.init()
        for node in tree { copy(node, parent: -1) }
    }

    private func copy(_ node: ViewNode, parent: Int) {
        let index = count
        var record = node.record.pointee
        let from = node.store
        record.parent32 = Int32(clamping: parent)
        if from !== self {
            if from.holdsRepeated { holdsRepeated = true }
            let type = typeNumber(from.typeName(from.typeNumber(of: node.record))).number
            let word = record.extras32
            if word != 0 && word < ExtrasWord.light {
                record.extras32 = addExtras(from.extras(word))
            } else if word >= ExtrasWord.light && word & ExtrasWord.hasEntry != 0 {
                // The asset's (or the name's) bytes are written again into this store's buffer.
                let place = Int(word & ExtrasWord.indexMask)
                let isAsset = word & ExtrasWord.hasAsset != 0
                let entry = isAsset ? from.lightAssets[place] : from.nameTable.unsafelyUnwrapped[place]
                let offset = from.withBytes(at: UInt32(truncatingIfNeeded: entry)) { intern(bytes: $0) }
                let traits = UInt16(truncatingIfNeeded: entry >> 32)
                record.extras32 = isAsset ? addLightAsset(offset, traits: traits) : addName(offset, traits: traits)
            }
            setType(type, of: &record)
            // The strings are written again, one after another, and their offset set again.
            record.bits.stringsPresent = 0
            record.strings32 = 0
        }
        let element = append(record)
        if from !== self && node.record.pointee.bits.stringsPresent != 0 {
            copyString(NodeBits.hasID, of: node.record, from: from, to: element.record)
            copyString(NodeBits.hasLabel, of: node.record, from: from, to: element.record)
            copyString(NodeBits.hasText, of: node.record, from: from, to: element.record)
        }
        for child in node.children { copy(child, parent: index) }
        element.subtreeEnd = count
    }

    /// Writes the string `field` of `record` (an element of `other`), if it has one, into this
    /// store's buffer as that string of `copy` (an element of this store).
    private func copyString(
        _ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>, from other: ElementStore,
        to copy: UnsafeMutablePointer<ElementRecord>
    ) {
        let offset = other.stringOffset(field, of: record)
        if offset != 0 { setStringOffset(other.withBytes(at: offset) { intern(bytes: $0) }, field, of: copy) }
    }

    deinit {
        if let first {
            if let chunks {
                for c in 0..<chunkCount { chunks[c].deallocate() }
                chunks.deallocate()
            } else {
                first.deallocate()
            }
        }
        if let slots {
            slots[0]?.deallocate()
            slots.deallocate()
        }
        for block in blocks { block.deallocate() }
        if let typeTable {
            typeTable.deinitialize(count: typeCount)
            typeTable.deallocate()
            kindTable.unsafelyUnwrapped.deallocate()
        }
        if let extrasTable {
            extrasTable.deinitialize(count: extrasKept)
            extrasTable.deallocate()
        }
        spilledTypes?.deallocate()
        nameTable?.deallocate()
    }

    /// Whether the store holds its first chunk only (at most 8 elements) and a few hundred bytes of
    /// strings, which `removeAll()` keeps.
    var isSmall: Bool { chunks == nil && slotCount <= 1 && firstCapacity <= 512 }

    /// Whether the store holds at most the chunks of its first 1,024 records (32 KB), its strings
    /// in the first slot of the byte buffer (at most 64 KB) and at most 1,024 extras: a screen of
    /// some hundred elements, whose room `removeAll()` keeps for one store at a time
    /// (`FileRun`, one thread).
    var isMedium: Bool { chunkCount <= Self.smallChunks && slotCount <= 1 && blocks.isEmpty && extrasKept <= Self.chunkSize }

    /// Removes every element of a small or medium store (`isMedium`), keeping its room (its
    /// chunks, its first slot of bytes, its emptied extras, and its table of types unless it has
    /// grown long), so that the store can be used for another screen.
    func removeAll() {
        precondition(isMedium, "only a small or medium store is emptied for reuse")
        count = 0
        holdsRepeated = false
        used = Swift.min(used, 1)
        keepExtras()
        lightCount = 0
        nameCount = 0
        if typeCount > 32 {
            typeTable.unsafelyUnwrapped.deinitialize(count: typeCount)
            typeCount = 0
            typeIndex = [:]
        }
    }

    /// Empties the extras that nothing else holds and keeps them for `newExtras()`, before those
    /// kept already; lets the others go. An element's extras are made and freed for most links,
    /// images and hints: making them again cost an object, an array of navigations and their
    /// destruction for each.
    private func keepExtras() {
        guard let table = extrasTable else { return }
        var kept = 0
        for i in 0..<extrasKept {
            if i < extrasCount && !isKnownUniquelyReferenced(&table[i]) {
                (table + i).deinitialize(count: 1)
                continue
            }
            if i < extrasCount { table[i].empty() }
            if kept != i { (table + kept).moveInitialize(from: table + i, count: 1) }
            kept += 1
        }
        extrasCount = 0
        extrasKept = kept
    }

    /// How many records chunk `c` holds.
    static func size(ofChunk c: Int) -> Int {
        c == 0 ? 1 << firstShift : c < smallChunks ? 1 << (firstShift + c - 1) : chunkSize
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> ElementInfo {
        @inline(__always) get {
            precondition(position >= 0 && position < count, "element index out of range")
            return ElementInfo(store: self, index: position)
        }
    }

    /// Where the record of the element at `index` is (`index < count`).
    @inline(__always) func pointer(_ index: Int) -> UnsafeMutablePointer<ElementRecord> {
        if index < 1 << Self.firstShift { return first.unsafelyUnwrapped + index }
        return chunks.unsafelyUnwrapped[Self.chunk(of: index)] + Self.offset(of: index)
    }

    @inline(__always) static func chunk(of index: Int) -> Int {
        if index < chunkSize {
            // 8 ..< 16 is chunk 1, 16 ..< 32 chunk 2, …
            return Int.bitWidth - index.leadingZeroBitCount - firstShift
        }
        return smallChunks - 1 + index &>> chunkShift
    }

    @inline(__always) static func offset(of index: Int) -> Int {
        if index < chunkSize {
            return index - 1 << (Int.bitWidth - index.leadingZeroBitCount - 1)
        }
        return index & (chunkSize - 1)
    }

    /// Adds an element at the end; returns it.
    @discardableResult
    func append(_ record: ElementRecord) -> ElementInfo {
        let place = nextPlace()
        place.initialize(to: record)
        count += 1
        return ElementInfo(store: self, index: count - 1, record: place)
    }

    /// Where the next record goes (not initialized), with room made for it.
    @inline(__always) private func nextPlace() -> UnsafeMutablePointer<ElementRecord> {
        let index = count
        if index < 1 << Self.firstShift {
            if first == nil { first = .allocate(capacity: 1 << Self.firstShift) }
            return first.unsafelyUnwrapped + index
        }
        let offset = Self.offset(of: index)
        // A chunk's first place is made again after `removeLast`: its chunk is there already.
        if offset == 0 && Self.chunk(of: index) >= chunkCount { addChunk(Self.chunk(of: index)) }
        return chunks.unsafelyUnwrapped[Self.chunk(of: index)] + offset
    }

    private func addChunk(_ c: Int) {
        if chunks == nil {
            chunkCapacity = 16
            chunks = .allocate(capacity: chunkCapacity)
            chunks.unsafelyUnwrapped[0] = first.unsafelyUnwrapped
            chunkCount = 1
        } else if chunkCount == chunkCapacity {
            let grown = UnsafeMutablePointer<UnsafeMutablePointer<ElementRecord>>.allocate(capacity: chunkCapacity * 2)
            grown.moveInitialize(from: chunks.unsafelyUnwrapped, count: chunkCount)
            chunks.unsafelyUnwrapped.deallocate()
            chunks = grown
            chunkCapacity *= 2
        }
        chunks.unsafelyUnwrapped[c] = .allocate(capacity: Self.size(ofChunk: c))
        chunkCount = c + 1
    }

    /// Removes the last element, which nothing refers to: a plain leaf that the description reader
    /// folds into its parent once it has closed (`DescriptionBuilder.foldsClosedLeaf`). It wrote no
    /// string, so the buffer is as before it was added; its record's room is used by the next one
    /// (in the same chunk, also when it was the first of its chunk).
    @inline(__always) func removeLast() {
        precondition(count > 0, "no element to remove")
        count -= 1
    }

    /// Takes back the bytes of the strings of `record`, the last element's, which is about to be
    /// removed (`removeLast`): a labelled leaf the description reader folds. They are taken back
    /// when they are the last in the buffer and do not start a block (a block started for them
    /// stays, and the next strings go after them).
    func takeBackStrings(of record: UnsafeMutablePointer<ElementRecord>) {
        let word = record.pointee.extras32
        if word >= ExtrasWord.light && word & ExtrasWord.hasAsset != 0 {
            // A labelled image's asset (`ExtrasWord`): its entry and its bytes too, the later of
            // its bytes and the strings' first.
            let place = Int(word & ExtrasWord.indexMask)
            let asset = UInt32(truncatingIfNeeded: lightAssets[place])
            if place == lightCount - 1 { lightCount -= 1 }
            if asset > record.pointee.strings32 {
                takeBackString(at: asset)
                takeBackRun(of: record)
            } else {
                takeBackRun(of: record)
                takeBackString(at: asset)
            }
            return
        }
        takeBackRun(of: record)
    }

    /// Takes back the bytes of the string at `offset` when they are the last in the buffer and do
    /// not start a block.
    private func takeBackString(at offset: UInt32) {
        if Int(end(ofStringAt: offset)) == used && Int(offset) & (Self.slotSize - 1) != 0 { used = Int(offset) }
    }

    /// `takeBackStrings` for the id, label and text of `record`.
    private func takeBackRun(of record: UnsafeMutablePointer<ElementRecord>) {
        var end = record.pointee.strings32
        var present = record.pointee.bits.stringsPresent
        while present != 0 {
            end = self.end(ofStringAt: end)
            present &= present &- 1
        }
        let start = Int(record.pointee.strings32)
        if Int(end) == used && start & (Self.slotSize - 1) != 0 { used = start }
    }

    /// Adds a view read at `location`, the `ordinal`th of its type among its siblings, inside the
    /// element at `parent` (nil: at the top of the screen); returns it.
    @inline(__always)
    func append(type: String, location: SourceLocation, ordinal: Int, parent: Int?) -> ElementInfo {
        let place = nextPlace()
        place.initialize(to: record(type: type, location: location, ordinal: ordinal))
        if let parent { place.pointee.parent32 = Int32(clamping: parent) }
        count += 1
        return ElementInfo(store: self, index: count - 1, record: place)
    }

    /// A record of a view of `type` (its kind from the type), with no strings and no parent yet.
    @inline(__always) func record(type: String, location: SourceLocation, ordinal: Int) -> ElementRecord {
        let (number, kind) = typeNumber(type)
        var record = ElementRecord(
            kind: kind, typeField: Swift.min(number, NodeBits.spilledType), location: location, ordinal: ordinal)
        if number >= NodeBits.spilledType { record.extras32 = spilledExtras(number) }
        return record
    }

    /// New extras for an element whose type number is too large for a record's bits, with the
    /// number kept beside them; their number.
    @inline(never) private func spilledExtras(_ type: UInt32) -> UInt32 {
        let number = newExtras().number
        keepSpilledType(type, extras: number)
        return number
    }

    // MARK: - Types

    /// The view types of the screen that are not `KnownTypes`, each once, in the order first seen.
    var types: [String] { (0..<typeCount).map { typeTable.unsafelyUnwrapped[$0] } }

    /// The number of the view type of `record` (an element of this store): in the record's bits,
    /// or for a store of more types than they hold, in its extras.
    @inline(__always) func typeNumber(of record: UnsafeMutablePointer<ElementRecord>) -> UInt32 {
        let field = record.pointee.bits.typeField
        return field != NodeBits.spilledType ? field : spilledTypes.unsafelyUnwrapped[Int(record.pointee.extras32) - 1]
    }

    /// The view type of `record` (an element of this store).
    @inline(__always) func typeName(of record: UnsafeMutablePointer<ElementRecord>) -> String {
        typeName(typeNumber(of: record))
    }

    /// Sets the view type of `record` (an element of this store) to `type`.
    func setType(_ type: String, of record: UnsafeMutablePointer<ElementRecord>) {
        setType(typeNumber(type).number, of: record)
    }

    /// Sets the view type of `record` (an element of this store) to the type numbered `number`.
    @inline(__always) func setType(_ number: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        if number < NodeBits.spilledType {
            record.pointee.bits.typeField = number
        } else {
            spillType(number, of: record)
        }
    }

    @inline(never) private func spillType(_ number: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        record.pointee.bits.typeField = NodeBits.spilledType
        let word = record.pointee.extras32
        if word == 0 || word >= ExtrasWord.light { _ = madeExtras(of: record) }
        keepSpilledType(number, extras: record.pointee.extras32)
    }

    /// Keeps type `number` for the element whose extras are numbered `extras`.
    private func keepSpilledType(_ number: UInt32, extras: UInt32) {
        if spilledTypes == nil {
            spilledTypes = .allocate(capacity: extrasCapacity)
            spilledTypes.unsafelyUnwrapped.initialize(repeating: 0, count: extrasCapacity)
        }
        spilledTypes.unsafelyUnwrapped[Int(extras) - 1] = number
    }

    /// The type numbered `number` (`typeNumber(of:)`).
    @inline(__always) func typeName(_ number: UInt32) -> String {
        let known = KnownTypes.count
        return number < known ? knownNames[Int(number)] : typeTable.unsafelyUnwrapped[Int(number) - Int(known)]
    }

    /// The number of `type` (one of `KnownTypes`, or in the store's table of types, added if new)
    /// and its kind.
    @inline(__always) func typeNumber(_ type: String) -> (number: UInt32, kind: ViewKind) {
        // The same string value (most type names are short enough to be held in the string itself,
        // and equal short strings have equal bits) is found without reading any bytes.
        let bits = unsafeBitCast(type, to: (UInt64, UInt64).self)
        if let known = KnownTypes.find(bits, in: knownNames) { return known }
        var i = typeCount
        while i > 0 {
            i -= 1
            let known = unsafeBitCast(typeTable.unsafelyUnwrapped[i], to: (UInt64, UInt64).self)
            if known == bits { return (UInt32(i) + KnownTypes.count, kindTable.unsafelyUnwrapped[i]) }
        }
        return findType(type)
    }

    /// `typeNumber` for a type whose string is not one of the table's own.
    private func findType(_ type: String) -> (number: UInt32, kind: ViewKind) {
        let base = KnownTypes.count
        if let known = KnownTypes.shared.find(type) { return known }
        if typeCount <= 16 {
            let length = type.utf8.count
            for i in 0..<typeCount {
                let known = typeTable.unsafelyUnwrapped[i]
                if known.utf8.count == length && sameBytes(known, type) { return (UInt32(i) + base, kindTable.unsafelyUnwrapped[i]) }
            }
        } else if let known = typeIndex[type], sameBytes(typeTable.unsafelyUnwrapped[Int(known)], type) {
            return (known + base, kindTable.unsafelyUnwrapped[Int(known)])
        }
        let number = UInt32(typeCount)
        let kind = ViewKind(name: type)
        if typeCount == typeCapacity {
            let capacity = Swift.max(8, typeCapacity * 2)
            let grown = UnsafeMutablePointer<String>.allocate(capacity: capacity)
            let grownKinds = UnsafeMutablePointer<ViewKind>.allocate(capacity: capacity)
            if let typeTable {
                grown.moveInitialize(from: typeTable, count: typeCount)
                grownKinds.moveInitialize(from: kindTable.unsafelyUnwrapped, count: typeCount)
                typeTable.deallocate()
                kindTable.unsafelyUnwrapped.deallocate()
            }
            typeTable = grown
            kindTable = grownKinds
            typeCapacity = capacity
        }
        (typeTable.unsafelyUnwrapped + typeCount).initialize(to: type)
        (kindTable.unsafelyUnwrapped + typeCount).initialize(to: kind)
        typeCount += 1
        if typeCount == 17 {
            for i in 0..<typeCount where typeIndex[typeTable.unsafelyUnwrapped[i]] == nil {
                typeIndex[typeTable.unsafelyUnwrapped[i]] = UInt32(i)
            }
        } else if typeCount > 17, typeIndex[type] == nil {
            typeIndex[type] = number
        }
        return (number + base, kind)
    }

    // MARK: - Extras

    /// The rarer modifiers at `number` (`extras32`, not 0).
    @inline(__always) func extras(_ number: UInt32) -> ViewNodeExtras {
        extrasTable.unsafelyUnwrapped[Int(number) - 1]
    }

    /// New extras for an element, kept from a screen before when there are any; their number for
    /// `extras32`.
    @inline(__always) func newExtras() -> (extras: ViewNodeExtras, number: UInt32) {
        if extrasCount < extrasKept {
            extrasCount += 1
            return (extrasTable.unsafelyUnwrapped[extrasCount - 1], UInt32(extrasCount))
        }
        let made = ViewNodeExtras()
        return (made, addExtras(made))
    }

    /// The extras of `record` (an element of this store that has none, or only traits or an asset,
    /// `ExtrasWord`), made with the traits and asset it had; they are its extras from now on.
    @inline(never) func madeExtras(of record: UnsafeMutablePointer<ElementRecord>) -> ViewNodeExtras {
        let word = record.pointee.extras32
        let made = newExtras()
        if word >= ExtrasWord.light {
            made.extras.traits = traits(word)
            made.extras.asset = lightAsset(word)
            if word & ExtrasWord.hasName != 0 {
                made.extras.nameOffset = UInt32(truncatingIfNeeded: nameTable.unsafelyUnwrapped[Int(word & ExtrasWord.indexMask)])
            }
        }
        record.pointee.extras32 = made.number
        return made.extras
    }

    /// The traits an element's `extras32` (not 0) says it has.
    func traits(_ word: UInt32) -> TraitSet {
        if word < ExtrasWord.light { return extras(word).traits }
        if word & ExtrasWord.hasEntry == 0 { return TraitSet(rawValue: UInt16(truncatingIfNeeded: word)) }
        let place = Int(word & ExtrasWord.indexMask)
        let entry = word & ExtrasWord.hasAsset != 0 ? lightAssets[place] : nameTable.unsafelyUnwrapped[place]
        return TraitSet(rawValue: UInt16(truncatingIfNeeded: entry >> 32))
    }

    /// The asset of an element whose `extras32` is `word` (at least `ExtrasWord.light`).
    func lightAsset(_ word: UInt32) -> String? {
        if word & ExtrasWord.hasAsset == 0 { return nil }
        return string(at: UInt32(truncatingIfNeeded: lightAssets[Int(word & ExtrasWord.indexMask)]))
    }

    /// Sets the traits of `record` (an element of this store): in its extras if it has any, else
    /// with its asset, else in `extras32` itself.
    func setTraits(_ traits: TraitSet, of record: UnsafeMutablePointer<ElementRecord>) {
        let word = record.pointee.extras32
        if word != 0 && word < ExtrasWord.light {
            extras(word).traits = traits
        } else if word >= ExtrasWord.light && word & ExtrasWord.hasAsset != 0 {
            let place = Int(word & ExtrasWord.indexMask)
            lightAssets[place] = lightAssets[place] & 0xFFFF_FFFF | UInt64(traits.rawValue) << 32
        } else if word >= ExtrasWord.light && word & ExtrasWord.hasName != 0 {
            let entry = nameTable.unsafelyUnwrapped + Int(word & ExtrasWord.indexMask)
            entry.pointee = entry.pointee & 0xFFFF_FFFF | UInt64(traits.rawValue) << 32
        } else {
            record.pointee.extras32 = traits.isEmpty ? 0 : ExtrasWord.light | UInt32(traits.rawValue)
        }
    }

    /// Sets the asset of `record` (an element of this store): in its extras if it has any, else as
    /// an offset in the byte buffer in the table of assets, with its traits.
    func setAsset(_ asset: String?, of record: UnsafeMutablePointer<ElementRecord>) {
        let word = record.pointee.extras32
        if word != 0 && word < ExtrasWord.light {
            extras(word).asset = asset
            return
        }
        if keepsAssetsInExtras || word & (ExtrasWord.light | ExtrasWord.hasName) == ExtrasWord.light | ExtrasWord.hasName {
            // (An element whose entry holds its name keeps an asset beside it in extras.)
            if asset != nil { madeExtras(of: record).asset = asset }
            return
        }
        let traits = word == 0 ? 0 : self.traits(word).rawValue
        guard let asset else {
            record.pointee.extras32 = traits == 0 ? 0 : ExtrasWord.light | UInt32(traits)
            return
        }
        let offset = intern(asset)
        if word & ExtrasWord.hasAsset != 0 {
            let place = Int(word & ExtrasWord.indexMask)
            lightAssets[place] = UInt64(offset) | UInt64(traits) << 32
        } else {
            record.pointee.extras32 = addLightAsset(offset, traits: traits)
        }
    }

    /// Where the name of `record` (an element of this store whose name is kept `.apart`) is in the
    /// byte buffer: in its extras if it has any, else in its entry of the light table.
    @inline(__always) func apartNameOffset(of record: UnsafeMutablePointer<ElementRecord>) -> UInt32 {
        let word = record.pointee.extras32
        if word < ExtrasWord.light { return extras(word).nameOffset }
        return UInt32(truncatingIfNeeded: nameTable.unsafelyUnwrapped[Int(word & ExtrasWord.indexMask)])
    }

    /// Keeps `offset` as the name of `record` (an element of this store) apart from its label and
    /// text: in its extras if it has any (or an asset), else in an entry of the light table with
    /// its traits, so that a combined container's name costs no extras of its own.
    func setApartName(_ offset: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        let word = record.pointee.extras32
        if word != 0 && word < ExtrasWord.light {
            extras(word).nameOffset = offset
        } else if keepsAssetsInExtras || word & ExtrasWord.hasAsset != 0 {
            madeExtras(of: record).nameOffset = offset
        } else if word & ExtrasWord.hasName != 0 {
            let entry = nameTable.unsafelyUnwrapped + Int(word & ExtrasWord.indexMask)
            entry.pointee = entry.pointee & ~0xFFFF_FFFF | UInt64(offset)
        } else {
            let traits = word == 0 ? 0 : UInt16(truncatingIfNeeded: word)
            record.pointee.extras32 = addName(offset, traits: traits)
        }
    }

    /// Lets go of the name `setApartName` kept for `record`, keeping its traits.
    func clearApartName(of record: UnsafeMutablePointer<ElementRecord>) {
        let word = record.pointee.extras32
        if word < ExtrasWord.light {
            if word != 0 { extras(word).nameOffset = 0 }
            return
        }
        guard word & ExtrasWord.hasName != 0 else { return }
        let place = Int(word & ExtrasWord.indexMask)
        let traits = UInt32(truncatingIfNeeded: nameTable.unsafelyUnwrapped[place] >> 32) & 0xFFFF
        if place == nameCount - 1 { nameCount -= 1 }
        record.pointee.extras32 = traits == 0 ? 0 : ExtrasWord.light | traits
    }

    /// Adds an entry to the table of names; returns the `extras32` word of an element with it.
    private func addName(_ offset: UInt32, traits: UInt16) -> UInt32 {
        if nameCount == nameCapacity {
            let capacity = Swift.max(8, nameCapacity * 2)
            let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
            if let nameTable {
                grown.initialize(from: nameTable, count: nameCount)
                nameTable.deallocate()
            }
            nameTable = grown
            nameCapacity = capacity
        }
        (nameTable.unsafelyUnwrapped + nameCount).initialize(to: UInt64(offset) | UInt64(traits) << 32)
        nameCount += 1
        precondition(nameCount <= Int(ExtrasWord.indexMask), "a screen has more than half a billion names of their own")
        return ExtrasWord.light | ExtrasWord.hasName | UInt32(nameCount - 1)
    }

    /// Adds an entry to the table of assets; returns the `extras32` word of an element with it.
    private func addLightAsset(_ offset: UInt32, traits: UInt16) -> UInt32 {
        let entry = UInt64(offset) | UInt64(traits) << 32
        if lightCount < lightAssets.count {
            lightAssets[lightCount] = entry
        } else {
            lightAssets.append(entry)
        }
        lightCount += 1
        precondition(lightCount <= Int(ExtrasWord.indexMask), "a screen has more than half a billion assets")
        return ExtrasWord.light | ExtrasWord.hasAsset | UInt32(lightCount - 1)
    }

    /// Keeps `extras` for an element; returns its number for `extras32`.
    func addExtras(_ extras: ViewNodeExtras) -> UInt32 {
        if extrasCount < extrasKept {
            // The place holds emptied extras, let go for these (another store's, shared when a
            // tree is copied in: rare).
            (extrasTable.unsafelyUnwrapped + extrasCount).pointee = extras
            extrasCount += 1
            return UInt32(extrasCount)
        }
        if extrasCount == extrasCapacity {
            let capacity = Swift.max(4, extrasCapacity * 2)
            let grown = UnsafeMutablePointer<ViewNodeExtras>.allocate(capacity: capacity)
            if let extrasTable {
                grown.moveInitialize(from: extrasTable, count: extrasCount)
                extrasTable.deallocate()
            }
            extrasTable = grown
            if let spilledTypes {
                let grownTypes = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
                grownTypes.initialize(repeating: 0, count: capacity)
                grownTypes.update(from: spilledTypes, count: extrasCount)
                spilledTypes.deallocate()
                self.spilledTypes = grownTypes
            }
            extrasCapacity = capacity
        }
        precondition(extrasCount + 1 < Int(ExtrasWord.light), "a screen has more than two billion elements with extras")
        (extrasTable.unsafelyUnwrapped + extrasCount).initialize(to: extras)
        extrasCount += 1
        extrasKept = extrasCount
        return UInt32(extrasCount)
    }

    // MARK: - Strings

    /// Where the string `field` (`NodeBits.hasID`, `hasLabel` or `hasText`) of `record` (an element
    /// of this store) is in the byte buffer; 0 when the element does not have it. The strings an
    /// element has are one after another, id, label, text, from the record's `strings32`.
    @inline(__always) func stringOffset(_ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>) -> UInt32 {
        let present = record.pointee.bits.stringsPresent
        if present & field == 0 { return 0 }
        // The first (most elements have one string): the record's offset. Inlined, the steps over
        // the others made the byte readers too large to be inlined where names are read.
        if present & (field &- 1) == 0 { return record.pointee.strings32 }
        return offset(after: present & (field &- 1), of: record)
    }

    /// Where the string after those of `before` (strings the element has) is.
    @inline(never) private func offset(after before: UInt32, of record: UnsafeMutablePointer<ElementRecord>) -> UInt32 {
        var offset = record.pointee.strings32
        var before = before
        while before != 0 {
            offset = end(ofStringAt: offset)
            before &= before &- 1
        }
        return offset
    }

    /// The offset just past the string at `offset` (not 0).
    @inline(__always) private func end(ofStringAt offset: UInt32) -> UInt32 {
        withBytes(at: offset) { bytes in offset &+ UInt32(truncatingIfNeeded: LEB128.byteCount(bytes.count) &+ bytes.count) }
    }

    /// Calls `body` with the bytes of the string `field` of `record` (nil: none), valid during the call.
    @inline(__always) func withString<R>(
        _ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>, _ body: (UnsafeBufferPointer<UInt8>?) throws -> R
    ) rethrows -> R {
        let offset = stringOffset(field, of: record)
        return offset == 0 ? try body(nil) : try withBytes(at: offset) { try body($0) }
    }

    /// The string `field` of `record`, nil when the element does not have it.
    @inline(__always) func string(_ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>) -> String? {
        string(at: stringOffset(field, of: record))
    }

    /// Sets the string `field` of `record` to `string` (nil: none), written into the buffer.
    @inline(__always) func setString(_ string: String?, _ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        setStringOffset(intern(string), field, of: record)
    }

    /// Sets the string `field` of `record` to UTF-8 `bytes`, written into the buffer as they are.
    @inline(__always) func setString(bytes: UnsafeBufferPointer<UInt8>, _ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        setStringOffset(intern(bytes: bytes), field, of: record)
    }

    /// Whether the label of `record` is missing, empty or white space only.
    @inline(__always) func labelIsBlank(_ record: UnsafeMutablePointer<ElementRecord>) -> Bool {
        let offset = stringOffset(NodeBits.hasLabel, of: record)
        if offset == 0 { return true }
        // Most labels start with an ASCII letter or digit: no string is made for them.
        let plain = withBytes(at: offset) { $0.count > 0 && $0[0] > 0x20 && $0[0] < 0x80 }
        return plain ? false : string(at: offset).unsafelyUnwrapped.isBlank
    }

    /// Sets the string `field` of `record` (an element of this store) to the one at `offset` in the
    /// byte buffer (0: none). The element's strings stay one after another: a string written just
    /// after the others and following them in order (a leaf's text after its id or label) is
    /// only marked as there, one that ends or starts the run is left out of it, and otherwise the
    /// strings are written again together (the earlier bytes are not used again).
    func setStringOffset(_ offset: UInt32, _ field: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        let present = record.pointee.bits.stringsPresent
        let others = present & ~field
        if others == 0 {
            record.pointee.strings32 = offset
            record.pointee.bits.stringsPresent = offset == 0 ? 0 : field
            return
        }
        if offset == 0 {
            if present & field == 0 { return }
            // The first of the run (below the lowest of the others): the next one starts it now;
            // the last (above them all): the others are as they were.
            let first = field < others & (0 &- others)
            if first { record.pointee.strings32 = end(ofStringAt: record.pointee.strings32) }
            if first || field > others {
                record.pointee.bits.stringsPresent = others
                return
            }
        } else if field > others && present & field == 0
            && offset == end(ofStringAt: stringOffset(1 << (31 - UInt32(others.leadingZeroBitCount)), of: record))
        {
            record.pointee.bits.stringsPresent = present | field
            return
        }
        rewriteStrings(offset == 0 ? others : others | field, setting: field, to: offset, of: record)
    }

    /// Writes the strings `now` of `record` one after another, `field`'s from `offset` and the
    /// others from where they are, and points the record at them.
    private func rewriteStrings(_ now: UInt32, setting field: UInt32, to offset: UInt32, of record: UnsafeMutablePointer<ElementRecord>) {
        var from: (UInt32, UInt32, UInt32) = (0, 0, 0)
        var size = 0
        withUnsafeMutableBytes(of: &from) { raw in
            let places = raw.bindMemory(to: UInt32.self)
            for (i, f) in [NodeBits.hasID, NodeBits.hasLabel, NodeBits.hasText].enumerated() where now & f != 0 {
                places[i] = f == field ? offset : stringOffset(f, of: record)
                size += withBytes(at: places[i]) { LEB128.byteCount($0.count) + $0.count }
            }
        }
        let start = room(for: size)
        var at = start
        withUnsafeBytes(of: &from) { raw in
            for source in raw.bindMemory(to: UInt32.self) where source != 0 {
                withBytes(at: source) { bytes in
                    let p = LEB128.write(
                        bytes.count, at: slots.unsafelyUnwrapped[at &>> Self.slotShift].unsafelyUnwrapped + (at & (Self.slotSize - 1)))
                    if bytes.count > 0 { p.update(from: bytes.baseAddress.unsafelyUnwrapped, count: bytes.count) }
                    at += LEB128.byteCount(bytes.count) + bytes.count
                }
            }
        }
        record.pointee.strings32 = UInt32(truncatingIfNeeded: start)
        record.pointee.bits.stringsPresent = now
    }

    /// Calls `body` with the bytes of the string at `offset` (not 0). The bytes are valid during
    /// the call only: writing a string may move the buffer's first 64 KB.
    @inline(__always) func withBytes<R>(at offset: UInt32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let offset = Int(offset)
        let p = slots.unsafelyUnwrapped[offset &>> Self.slotShift].unsafelyUnwrapped + (offset & (Self.slotSize - 1))
        let (length, start) = LEB128.read(at: p)
        return try body(UnsafeBufferPointer(start: start, count: length))
    }

    /// The string at `offset`, nil for 0.
    @inline(__always) func string(at offset: UInt32) -> String? {
        if offset == 0 { return nil }
        return withBytes(at: offset) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes `string` into the buffer; returns its offset (nil: 0).
    @inline(__always) func intern(_ string: String?) -> UInt32 {
        guard var string else { return 0 }
        return string.withUTF8 { intern(bytes: $0) }
    }

    /// Writes `bytes` (UTF-8) into the buffer as a string; returns its offset.
    func intern(bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let length = bytes.count
        let offset = room(for: LEB128.byteCount(length) + length)
        let p = LEB128.write(
            length, at: slots.unsafelyUnwrapped[offset &>> Self.slotShift].unsafelyUnwrapped + (offset & (Self.slotSize - 1)))
        if length > 0 { p.update(from: bytes.baseAddress.unsafelyUnwrapped, count: length) }
        return UInt32(truncatingIfNeeded: offset)
    }

    /// Makes room for `size` contiguous bytes; returns their offset.
    private func room(for size: Int) -> Int {
        if used == 0 {
            // Offset 0 is taken by a byte of its own, so that no string is at 0.
            if slots == nil {
                slotCapacity = 4
                slots = .allocate(capacity: slotCapacity)
                slots.unsafelyUnwrapped.initialize(repeating: nil, count: slotCapacity)
                firstCapacity = 64
                slots.unsafelyUnwrapped[0] = .allocate(capacity: firstCapacity)
                slotCount = 1
            }
            slots.unsafelyUnwrapped[0].unsafelyUnwrapped[0] = 0
            used = 1
        }
        if used < Self.slotSize {
            if used + size <= Self.slotSize {
                if used + size > firstCapacity { growFirst(to: used + size) }
                defer { used += size }
                return used
            }
            used = Self.slotSize
        }
        var within = used & (Self.slotSize - 1)
        if within != 0 && within + size > Self.slotSize {
            used = (used | (Self.slotSize - 1)) + 1
            within = 0
        }
        if within == 0 {
            let slot = used &>> Self.slotShift
            let spans = (size + Self.slotSize - 1) >> Self.slotShift
            precondition(slot + spans <= 1 << (32 - Self.slotShift), "a screen's strings are larger than 4 GB")
            // A string longer than a slot has a block of its own (nothing else goes after it).
            let block = UnsafeMutablePointer<UInt8>.allocate(capacity: spans > 1 ? size : Self.slotSize)
            blocks.append(block)
            blockBytes += spans > 1 ? size : Self.slotSize
            if slot + spans > slotCapacity {
                var capacity = slotCapacity * 2
                while capacity < slot + spans { capacity *= 2 }
                let grown = UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>.allocate(capacity: capacity)
                grown.initialize(repeating: nil, count: capacity)
                grown.update(from: slots.unsafelyUnwrapped, count: slotCount)
                slots.unsafelyUnwrapped.deallocate()
                slots = grown
                slotCapacity = capacity
            }
            for s in 0..<spans { slots.unsafelyUnwrapped[slot + s] = block + s << Self.slotShift }
            slotCount = slot + spans
            let offset = used
            used = spans > 1 ? (slot + spans) << Self.slotShift : used + size
            return offset
        }
        defer { used += size }
        return used
    }

    /// Grows slot 0 by doubling to hold at least `size` bytes (at most a slot).
    private func growFirst(to size: Int) {
        var capacity = firstCapacity
        while capacity < size { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        let old = slots.unsafelyUnwrapped[0].unsafelyUnwrapped
        grown.update(from: old, count: used)
        old.deallocate()
        slots.unsafelyUnwrapped[0] = grown
        firstCapacity = capacity
    }

    /// Bytes the string buffer holds (for tests of its bounds).
    var stringBytes: Int { (slots == nil ? 0 : firstCapacity) + blockBytes }
}

/// One element of a screen: an index into the screen's `ElementStore`, with the element's fields
/// (`ViewElement`) read from and written to its record there. Cheap to make and copy; valid while
/// the store is held (by the screen being read, then by its `ScreenAnalysis`), which it does not
/// hold itself.
public struct ElementInfo: ViewElement {
    public let record: UnsafeMutablePointer<ElementRecord>
    public unowned(unsafe) let store: ElementStore
    /// The element's position in document order: its index in `ScreenAnalysis.elements`.
    public let index: Int

    @inline(__always) init(store: ElementStore, index: Int) {
        self.store = store
        self.index = index
        record = store.pointer(index)
    }

    @inline(__always) init(store: ElementStore, index: Int, record: UnsafeMutablePointer<ElementRecord>) {
        self.store = store
        self.index = index
        self.record = record
    }

    /// The element itself (rules written against an element and its node read it through this).
    @inline(__always) public var node: ElementInfo { self }

    /// Calls `body` with each child in order: the first child follows the element, and each next
    /// one follows the previous one's descendants.
    @inline(__always)
    public func forEachChild(_ body: (ElementInfo) -> Void) {
        let end = subtreeEnd
        var child = index + 1
        while child < end {
            let element = ElementInfo(store: store, index: child)
            body(element)
            child = element.subtreeEnd
        }
    }

    /// The children in order (see `forEachChild`).
    public var children: [ElementInfo] {
        var out: [ElementInfo] = []
        forEachChild { out.append($0) }
        return out
    }

    /// Whether both are the same element of the same store.
    public static func === (a: ElementInfo, b: ElementInfo) -> Bool {
        a.store === b.store && a.index == b.index
    }
}

/// The view types of the format and of the Interface Builder importer, numbered the same in every
/// store (a store's own table numbers the other types after them), with their kinds, and a small
/// hash table from a type name's string bits to its number: most elements' types are found there
/// with one probe, without reading the name's bytes or keeping a table per screen.
/// Written once when made, only read afterwards (from any thread).
final class KnownTypes: @unchecked Sendable {
    static let shared = KnownTypes()
    /// How many known types there are (a literal, so that reading it costs nothing).
    static let count: UInt32 = 39
    static let allNames = [
        "Text", "Button", "Image", "VStack", "HStack", "ZStack", "List", "Section", "Toggle", "Label", "Link",
        "NavigationLink", "TextField", "SecureField", "Slider", "Stepper", "Picker", "DatePicker", "Menu", "Form",
        "Group", "ScrollView", "TabView", "Toolbar", "LazyVStack", "LazyHStack", "LazyVGrid", "NavigationStack",
        "ProgressView", "TextEditor", "ColorPicker", "PhotosPicker", "ShareLink", "Spacer", "Divider", "View",
        "Segue", "BarButtonItem", "BarSpace",
    ]
    private static let slotBits: Int = 7
    /// The numbers of the known types the description reader's folding of plain leaves compares
    /// (`DescriptionBuilder.foldsClosedLeaf`): their places in `allNames`.
    static let text: UInt32 = 0
    static let button: UInt32 = 1
    static let image: UInt32 = 2
    static let toggle: UInt32 = 8
    static let label: UInt32 = 9
    static let link: UInt32 = 10
    static let navigationLink: UInt32 = 11
    static let textField: UInt32 = 12
    static let secureField: UInt32 = 13
    static let slider: UInt32 = 14
    static let stepper: UInt32 = 15
    static let picker: UInt32 = 16
    static let tabView: UInt32 = 22
    static let toolbar: UInt32 = 23

    /// The names, then their strings' bits, their kinds and the hash slots (`1 << slotBits` places:
    /// a type's number plus one, 0 when empty), in one block that is never freed.
    let names: UnsafeMutablePointer<String>

    private init() {
        let count = Self.allNames.count
        precondition(count == Int(Self.count) && count < 255, "the count of known types is written as it is")
        precondition(
            Self.allNames[Int(Self.text)] == "Text" && Self.allNames[Int(Self.tabView)] == "TabView"
                && Self.allNames[Int(Self.toolbar)] == "Toolbar" && Self.allNames[Int(Self.button)] == "Button"
                && Self.allNames[Int(Self.toggle)] == "Toggle" && Self.allNames[Int(Self.label)] == "Label"
                && Self.allNames[Int(Self.link)] == "Link" && Self.allNames[Int(Self.navigationLink)] == "NavigationLink"
                && Self.allNames[Int(Self.textField)] == "TextField"
                && Self.allNames[Int(Self.slider)] == "Slider" && Self.allNames[Int(Self.picker)] == "Picker"
                && Self.allNames[Int(Self.secureField)] == "SecureField" && Self.allNames[Int(Self.stepper)] == "Stepper"
                && Self.allNames[Int(Self.image)] == "Image",
            "the known types' numbers are their places")
        let size =
            count * MemoryLayout<String>.stride + count * MemoryLayout<(UInt64, UInt64)>.stride
            + count * MemoryLayout<ViewKind>.stride + (1 << Self.slotBits)
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        names = block.bindMemory(to: String.self, capacity: count)
        let bits = UnsafeMutableRawPointer(names + count).bindMemory(to: (UInt64, UInt64).self, capacity: count)
        let kinds = UnsafeMutableRawPointer(bits + count).bindMemory(to: ViewKind.self, capacity: count)
        let slots = UnsafeMutableRawPointer(kinds + count).bindMemory(to: UInt8.self, capacity: 1 << Self.slotBits)
        slots.initialize(repeating: 0, count: 1 << Self.slotBits)
        for (i, name) in Self.allNames.enumerated() {
            // Made from bytes, so that the name is held as a program's other strings of it are.
            let made = String(decoding: Array(name.utf8), as: UTF8.self)
            (names + i).initialize(to: made)
            (kinds + i).initialize(to: ViewKind(name: made))
            (bits + i).initialize(to: unsafeBitCast(made, to: (UInt64, UInt64).self))
            var slot = Self.slot(bits[i])
            while slots[slot] != 0 { slot = (slot + 1) & ((1 << Self.slotBits) - 1) }
            slots[slot] = UInt8(i + 1)
        }
    }

    @inline(__always) private static func slot(_ bits: (UInt64, UInt64)) -> Int {
        let mixed = ((bits.0 &* 0x9E37_79B9_7F4A_7C15) ^ bits.1) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }

    /// The number and kind of the known type whose string has `bits`, if any. `names` is the
    /// shared table's `names` (its hash slots, string bits and kinds follow them in one block).
    @inline(__always) static func find(
        _ bits: (UInt64, UInt64), in names: UnsafeMutablePointer<String>
    ) -> (
        number: UInt32, kind: ViewKind
    )? {
        let count = Int(Self.count)
        let stringBits = UnsafeRawPointer(names + count).assumingMemoryBound(to: (UInt64, UInt64).self)
        let kinds = UnsafeRawPointer(stringBits + count).assumingMemoryBound(to: ViewKind.self)
        let slots = UnsafeRawPointer(kinds + count).assumingMemoryBound(to: UInt8.self)
        var slot = Self.slot(bits)
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if stringBits[entry - 1] == bits { return (UInt32(entry - 1), kinds[entry - 1]) }
            slot = (slot + 1) & ((1 << Self.slotBits) - 1)
        }
    }

    /// The number and kind of the known type `name`, if it is one (compared by bytes).
    func find(_ name: String) -> (number: UInt32, kind: ViewKind)? {
        for i in 0..<Self.allNames.count where sameBytes(names[i], name) { return (UInt32(i), ViewKind(name: name)) }
        return nil
    }
}
