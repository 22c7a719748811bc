/// `ambiguous_control_label`: sibling controls with the same name that go to different places.
public struct AmbiguousControlLabelRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.ambiguousControlLabel,
        name: "Ambiguous control label",
        summary: "Sibling controls share a name but go to different places, and no hint tells them apart.",
        rationale: """
            A VoiceOver user who swipes through "더보기, 버튼", "더보기, 버튼", "더보기, 버튼" cannot \
            tell which section each one opens. Names of controls should make sense out of context, \
            especially in the rotor's list of links and buttons.
            """,
        fix: """
            Make each name specific, or add a hint that tells them apart:

            ```swift
            Button("더보기") { showFriends() }.accessibilityLabel("친구 더보기")
            Button("더보기") { showChats() }.accessibilityHint("채팅 목록을 엽니다")
            ```
            """,
        severity: .warning,
        references: ["WCAG 2.4.4 Link Purpose (In Context)", "WCAG 2.4.9 Link Purpose (Link Only)"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="home">
                    <VStack>
                      <Button id="moreFriends" push="friends">더보기</Button>
                      ↓<Button id="moreChats" push="chats">더보기</Button>
                      ↓<Button id="moreAgain" push="friends">더보기</Button>
                    </VStack>
                  </screen>
                  <screen id="friends"/>
                  <screen id="chats"/>
                </app>
                """,
                messages: [
                    """
                    "더보기" (moreChats) has the same name as "더보기" (moreFriends) at line 4 but goes to chats instead of \
                    friends; make the names specific or add a hint that tells them apart
                    """,
                    """
                    "더보기" (moreAgain) has the same name as "더보기" (moreChats) at line 5 but goes to friends instead of chats; \
                    make the names specific or add a hint that tells them apart
                    """,
                ]),
            RuleExample(
                """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
                  <scenes>
                    <scene sceneID="s1">
                      <objects>
                        <tabBarController id="vc" sceneMemberID="viewController">
                          <tabBar key="tabBar" id="bar"/>
                          <connections>
                            <segue destination="feed" kind="relationship" relationship="viewControllers" id="r1"/>
                            <segue destination="saved" kind="relationship" relationship="viewControllers" id="r2"/>
                          </connections>
                        </tabBarController>
                      </objects>
                    </scene>
                    <scene sceneID="s2">
                      <objects>
                        <viewController id="feed" sceneMemberID="viewController">
                          <view key="view" id="v1"/>
                          <tabBarItem key="tabBarItem" title="Posts" id="feedTab"/>
                        </viewController>
                      </objects>
                    </scene>
                    <scene sceneID="s3">
                      <objects>
                        <viewController id="saved" sceneMemberID="viewController">
                          <view key="view" id="v2"/>
                          ↓<tabBarItem key="tabBarItem" title="Posts" id="savedTab"/>
                        </viewController>
                      </objects>
                    </scene>
                  </scenes>
                </document>
                """,
                messages: [
                    """
                    scene vc: tab "Posts" (savedTab) has the same name as tab "Posts" (feedTab) at line 18 in the same tab bar, and \
                    VoiceOver reads both the same way; give each tab its own title or accessibilityLabel
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="home">
                    <VStack>
                      <Button id="moreFriends" push="friends" hint="친구 목록">더보기</Button>
                      <Button id="moreChats" push="chats" hint="채팅 목록">더보기</Button>
                    </VStack>
                    <VStack><Button id="a" push="chats">열기</Button></VStack>
                    <VStack><Button id="b" push="friends">열기</Button></VStack>
                    <HStack>
                      <Button id="addFriend" push="friends"><Image system-name="person"/><Image system-name="plus"/></Button>
                      <Button id="addChat" push="chats"><Image system-name="person"/><Image system-name="bubble"/></Button>
                    </HStack>
                    <HStack>
                      <Button id="openPush" push="friends">친구</Button>
                      <Button id="openSheet" sheet="friends">친구</Button>
                    </HStack>
                  </screen>
                  <screen id="friends"/>
                  <screen id="chats"/>
                </app>
                """),
            RuleExample(
                """
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
                  <scenes>
                    <scene sceneID="s1">
                      <objects>
                        <tabBarController id="vc" sceneMemberID="viewController">
                          <tabBar key="tabBar" id="bar"/>
                          <connections>
                            <segue destination="feed" kind="relationship" relationship="viewControllers" id="r1"/>
                            <segue destination="saved" kind="relationship" relationship="viewControllers" id="r2"/>
                          </connections>
                        </tabBarController>
                      </objects>
                    </scene>
                    <scene sceneID="s2">
                      <objects>
                        <viewController id="feed" sceneMemberID="viewController">
                          <view key="view" id="v1"/>
                          <tabBarItem key="tabBarItem" title="Posts" id="feedTab"/>
                        </viewController>
                      </objects>
                    </scene>
                    <scene sceneID="s3">
                      <objects>
                        <viewController id="saved" sceneMemberID="viewController">
                          <view key="view" id="v2"/>
                          <tabBarItem key="tabBarItem" title="Posts" id="savedTab">
                            <accessibility key="accessibilityConfiguration" label="Saved"/>
                          </tabBarItem>
                        </viewController>
                      </objects>
                    </scene>
                  </scenes>
                </document>
                """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct HomeView: View {
                        var body: some View {
                            NavigationStack {
                                VStack {
                                    NavigationLink("더보기") { FriendsView() }
                                    ↓NavigationLink("더보기") { ChatsView() }
                                }
                                .navigationTitle("홈")
                            }
                        }
                    }

                    struct FriendsView: View {
                        var body: some View { Text("친구").navigationTitle("친구") }
                    }

                    struct ChatsView: View {
                        var body: some View { Text("채팅").navigationTitle("채팅") }
                    }
                    """#,
                    messages: [
                        """
                        "더보기" has the same name as "더보기" at line 7 but goes to ChatsView instead of FriendsView; make the names \
                        specific or add a hint that tells them apart
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct HomeView: View {
                        var body: some View {
                            NavigationStack {
                                VStack {
                                    NavigationLink("더보기") { FriendsView() }
                                        .accessibilityHint("친구 목록")
                                    NavigationLink("더보기") { ChatsView() }
                                        .accessibilityHint("채팅 목록")
                                }
                                .navigationTitle("홈")
                            }
                        }
                    }

                    struct FriendsView: View {
                        var body: some View { Text("친구").navigationTitle("친구") }
                    }

                    struct ChatsView: View {
                        var body: some View { Text("채팅").navigationTitle("채팅") }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        // Only navigating controls are candidates: room for a screen's worth of them, not for every
        // element (a screen of 300,000 texts reserved 4.8 MB here); 32-bit indices, as the nodes keep.
        // The first is held apart, and the list made only for a second: most screens of small apps
        // have one such control or none, and a list made and freed for each showed in profiles.
        var first: (parent: Int32, index: Int32)?
        var candidates: [(parent: Int32, index: Int32)] = []
        analysis.forEachElement { index, element in
            // A storyboard tab bar's copy of a tab's item is hidden (the item is audited in its own
            // scene) but is read in the tab bar with the other tabs (see `isTab`).
            guard
                element.node.isInteractive && (element.isAccessibilityElement || Self.isTab(element)) && element.hasName
                    && (element.node.navigates || element.node.dismiss || element.node.popToRoot)
            else { return }
            let candidate = (parent: Int32(truncatingIfNeeded: element.parent ?? -1), index: Int32(truncatingIfNeeded: index))
            guard let held = first else {
                first = candidate
                return
            }
            if candidates.isEmpty {
                candidates.reserveCapacity(min(analysis.elements.count, 64))
                candidates.append(held)
            }
            candidates.append(candidate)
        }
        guard candidates.count > 1 else { return }
        // Sibling groups in parent order, members in document order.
        candidates.sort { ($0.parent, $0.index) < ($1.parent, $1.index) }
        var start = 0
        while start < candidates.count {
            var end = start + 1
            while end < candidates.count && candidates[end].parent == candidates[start].parent { end += 1 }
            if end - start > 1 {
                let members = candidates[start..<end].map { Int($0.index) }
                if !Self.namesAreDistinct(members, in: analysis) {
                    checkGroup(members, in: analysis, report: &report)
                }
            }
            start = end
        }
    }

    /// Reports the members of one sibling group that share a name with an earlier member.
    private func checkGroup(_ members: [Int], in analysis: ScreenAnalysis, report: inout FindingCollector) {
        for same in Self.sameNameGroups(members, in: analysis) {
            // What each member's destinations and hint are, worked out once per member rather than
            // once per pair.
            let places = same.map { destinations(analysis.elements[$0].node) }
            let hints = same.map { normalizedHint(analysis.elements[$0].node) }
            for position in same.indices where position > 0 {
                let clash = (0..<position).first { earlier in
                    places[earlier] != places[position] && hints[earlier] == hints[position]
                }
                guard let clash else { continue }
                let element = analysis.elements[same[position]]
                let earlier = analysis.elements[same[clash]]
                if Self.isTab(element) {
                    report.add(
                        at: element.node.location, element: analysis.path(of: same[position]), Self.sameTabName(element, as: earlier))
                    continue
                }
                // The message names both elements, their line and destinations: its start is its own.
                report.add(at: element.node.location, element: analysis.path(of: same[position]), uniqueStart: true) { out in
                    Self.sameName(element, goesTo: places[position], as: earlier, goingTo: places[clash], to: &out)
                }
            }
        }
    }

    /// The members of a sibling group whose names are the same once trimmed and case-folded, as
    /// lists of two or more members in document order, listed in the order of their first
    /// members. When every name has a byte key (`byteKey`) the keys are compared as bytes: a
    /// group that clashes (a list of repeated names) then costs no string, hashing or case
    /// folding of Korean names. Otherwise the names are compared the Unicode way
    /// (`sameNameGroups(_:)`).
    static func sameNameGroups(_ members: [Int], in analysis: ScreenAnalysis) -> [[Int]] {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(members.count)
        for index in members {
            guard let range = analysis.elements[index].withNameBytes({ appendByteKey(utf8: $0!, to: &bytes) }) else {
                return sameNameGroups(members.map { analysis.elements[$0].name!.text }).map { $0.map { members[$0] } }
            }
            ranges.append(range)
        }
        return sameKeyGroups(bytes, ranges).map { $0.map { members[$0] } }
    }

    /// Positions in `names` grouped as `sameNameGroups(_:in:)` groups members: by the trimmed,
    /// case-folded name, compared as strings.
    static func sameNameGroups(_ names: [String]) -> [[Int]] {
        var byName: [String: Int] = [:]
        var groups: [[Int]] = []
        for (position, name) in names.enumerated() {
            let key = name.trimmingWhitespace().caseFolded()
            if let group = byName[key] {
                groups[group].append(position)
            } else {
                byName[key] = groups.count
                groups.append([position])
            }
        }
        return groups.filter { $0.count > 1 }
    }

    /// `sameNameGroups(_:)` by byte keys, for names that all have one (nil when one has none).
    static func sameNameGroups(byteKeysOf names: [String]) -> [[Int]]? {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for name in names {
            guard let range = appendByteKey(name, to: &bytes) else { return nil }
            ranges.append(range)
        }
        return sameKeyGroups(bytes, ranges)
    }

    /// Positions of `ranges` grouped by equal bytes of `bytes`, groups of two or more, in the
    /// order of their first positions.
    private static func sameKeyGroups(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> [[Int]] {
        bytes.withUnsafeBufferPointer { buffer in
            func key(_ i: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[ranges[i]]) }
            // Each position's group, found by hash among the groups so far and confirmed on the bytes.
            var groups: [[Int]] = []
            var firstHashes: [UInt64] = []
            var byHash: [UInt64: [Int]] = [:]
            let small = ranges.count <= 16
            for i in ranges.indices {
                let hash = ByteHash.hash(key(i))
                func holds(_ g: Int) -> Bool { firstHashes[g] == hash && key(groups[g][0]).elementsEqual(key(i)) }
                let group = small ? groups.indices.first(where: holds) : byHash[hash]?.first(where: holds)
                if let group {
                    groups[group].append(i)
                } else {
                    if !small { byHash[hash, default: []].append(groups.count) }
                    groups.append([i])
                    firstHashes.append(hash)
                }
            }
            return groups.filter { $0.count > 1 }
        }
    }

    /// Whether the group's names are known to be pairwise different without Unicode-aware
    /// comparison: true only when every name is made of characters for which comparing lower-cased
    /// UTF-8 bytes is exactly Swift's string comparison (see `byteKey`) and no two keys are equal.
    /// Hashing and lower-casing Korean names the Unicode way dominated this rule's cost.
    static func namesAreDistinct(_ members: [Int], in analysis: ScreenAnalysis) -> Bool {
        // A few dozen siblings (the usual group) are compared pair by pair, hashes first (32 names
        // are 496 comparisons of two words, less than sorting their hashes took). Each key is
        // hashed where the name is kept, in one pass that also checks that it has a key
        // (`keyHash`), and two keys are compared in place only when their hashes are equal: no key
        // is copied out. (Writing the keys into a buffer took a pass to size it, one to copy and
        // check, one to lower-case and trim, one to hash, and an allocation for each group.)
        if members.count <= 32 {
            let elements = analysis.elements
            return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: members.count) { hashes in
                for (i, index) in members.enumerated() {
                    guard let hash = elements[index].withNameBytes({ keyHash(utf8: $0!) }) else { return false }
                    hashes[i] = hash
                    for j in 0..<i where hashes[j] == hash {
                        let same = elements[members[j]].withNameBytes { earlier in
                            elements[index].withNameBytes { keysEqual(utf8: earlier!, $0!) }
                        }
                        if same { return false }
                    }
                }
                return true
            }
        }
        // A large group: its keys are written one after another into one buffer and their hashes
        // sorted (integers, not byte strings), so that it costs n log n rather than the square.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(members.reduce(0) { $0 + analysis.elements[$1].withNameBytes { $0!.count } })
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(members.count)
        for index in members {
            let range = analysis.elements[index].withNameBytes { appendByteKey(utf8: $0!, to: &bytes) }
            guard let range else { return false }
            ranges.append(range)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var hashed = ranges.indices.map { (hash: ByteHash.hash(UnsafeBufferPointer(rebasing: buffer[ranges[$0]])), key: $0) }
            hashed.sort { $0.hash < $1.hash }
            var start = 0
            while start < hashed.count {
                var end = start + 1
                while end < hashed.count && hashed[end].hash == hashed[start].hash { end += 1 }
                for i in start..<end {
                    for j in (i + 1)..<end
                    where buffer[ranges[hashed[i].key]].elementsEqual(buffer[ranges[hashed[j].key]]) {
                        return false
                    }
                }
                start = end
            }
            return true
        }
    }

    /// The character whose UTF-8 bytes start at `i` (a byte of 0x80 or more), when it is one a byte
    /// key keeps: a three-byte Hangul syllable, CJK ideograph or kana; nil for any other.
    @inline(__always) private static func keyedCharacter(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32? {
        let b = utf8[i]
        guard b & 0xF0 == 0xE0, i + 2 < utf8.count else { return nil }
        let v = UInt32(b & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
        switch v {
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA: return v
        default: return nil
        }
    }

    /// Whether a byte of a key is white space that trimming removes (`appendByteKey`, `keyHash`).
    @inline(__always) private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// A hash of `byteKey` of the text whose UTF-8 bytes `utf8` is, worked out on the text's own
    /// bytes in one pass (checked, lower-cased and trimmed as they are hashed); nil when the text
    /// has no byte key. Equal keys have equal hashes; `keysEqual` tells keys of equal hashes apart.
    static func keyHash(utf8: UnsafeBufferPointer<UInt8>) -> UInt64? {
        // FNV-1a over the key's bytes. A run of blanks is hashed only once a byte other than a blank
        // follows it (from where it starts, `blanks`), so that trailing blanks are never hashed;
        // leading ones are skipped.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var blanks = -1
        var started = false
        let n = utf8.count
        var i = 0
        while i < n {
            var b = utf8[i]
            if b < 0x80 && isBlank(b) {
                if started && blanks < 0 { blanks = i }
                i += 1
                continue
            }
            if blanks >= 0 {
                for k in blanks..<i { hash = (hash ^ UInt64(utf8[k])) &* prime }
                blanks = -1
            }
            if b < 0x80 {
                if b >= 0x41 && b <= 0x5A { b |= 0x20 }
                hash = (hash ^ UInt64(b)) &* prime
                started = true
                i += 1
                continue
            }
            guard let v = keyedCharacter(utf8, at: i) else { return nil }
            // The character as one number (its three bytes' bits and a mark that no ASCII byte has).
            hash = (hash ^ (UInt64(v) | 1 << 32)) &* prime
            started = true
            i += 3
        }
        return hash
    }

    /// Whether the byte keys (`byteKey`) of two texts that have one are equal, compared on the
    /// texts' own UTF-8 bytes: trimmed, and ASCII letters compared without case.
    static func keysEqual(utf8 a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        func trimmed(_ t: UnsafeBufferPointer<UInt8>) -> Range<Int> {
            var first = 0
            var end = t.count
            while first < end && isBlank(t[first]) { first += 1 }
            while end > first && isBlank(t[end - 1]) { end -= 1 }
            return first..<end
        }
        let ra = trimmed(a)
        let rb = trimmed(b)
        guard ra.count == rb.count else { return false }
        var j = rb.lowerBound
        for i in ra {
            var x = a[i]
            var y = b[j]
            if x >= 0x41 && x <= 0x5A { x |= 0x20 }
            if y >= 0x41 && y <= 0x5A { y |= 0x20 }
            if x != y { return false }
            j += 1
        }
        return true
    }

    /// The trimmed, lower-cased name as UTF-8 bytes, when the name holds only ASCII and caseless
    /// characters that are in normal form and never combine with a neighbour (Hangul syllables, CJK
    /// ideographs, kana): for such names equal keys mean equal names and different keys different
    /// ones. Nil for any other name, which is then compared the Unicode way.
    static func byteKey(_ text: String) -> [UInt8]? {
        var key: [UInt8] = []
        guard let range = appendByteKey(text, to: &key) else { return nil }
        return Array(key[range])
    }

    /// Appends `byteKey(text)` to `bytes` and returns where it is; nil (with `bytes` unchanged in
    /// meaning: anything appended lies outside every returned range) when the name has no byte key.
    static func appendByteKey(_ text: String, to bytes: inout [UInt8]) -> Range<Int>? {
        var text = text
        return text.withUTF8 { appendByteKey(utf8: $0, to: &bytes) }
    }

    /// `appendByteKey(_:to:)` for the text whose UTF-8 bytes (valid UTF-8) `utf8` is.
    static func appendByteKey(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Range<Int>? {
        let start = bytes.count
        // On the UTF-8 bytes (the text is valid UTF-8): the key is the text's own bytes with ASCII
        // lower-cased, when every other character is a three-byte one of the ranges above.
        let keyed = { () -> Bool in
            let n = utf8.count
            var i = 0
            while i < n {
                let b = utf8[i]
                if b < 0x80 {
                    i += 1
                    continue
                }
                guard keyedCharacter(utf8, at: i) != nil else { return false }
                i += 3
            }
            bytes.append(contentsOf: utf8)
            return true
        }()
        guard keyed else { return nil }
        // Lower-cased and trimmed in place.
        return bytes.withUnsafeMutableBufferPointer { key -> Range<Int> in
            for i in start..<key.count where key[i] >= 0x41 && key[i] <= 0x5A { key[i] |= 0x20 }
            var first = start
            var end = key.count
            while first < end && isBlank(key[first]) { first += 1 }
            if first == end { return start..<start }
            while isBlank(key[end - 1]) { end -= 1 }
            return first..<end
        }
    }

    /// Whether the element is a tab of a storyboard's tab bar controller: the copy of a child
    /// controller's `tabBarItem` that the importer puts in the controller's tab bar, at the item's
    /// start tag, hidden so that no other rule reports the item twice.
    static func isTab(_ element: ElementInfo) -> Bool {
        element.node.hidden && element.node.hasType(StoryboardImporter.tabBarButtonType)
    }

    /// Where a control goes: its target screens (two links to one screen go to the same place,
    /// whether they push it or present it), back, or to the root screen.
    private func destinations(_ node: ElementInfo) -> [String] {
        let navigations = node.navigations
        if navigations.count == 1 && !node.dismiss && !node.popToRoot { return [navigations[0].target] }
        var places = Set(navigations.map(\.target))
        if node.dismiss { places.insert("back") }
        if node.popToRoot { places.insert("the root screen") }
        return places.sorted()
    }

    private func normalizedHint(_ node: ElementInfo) -> String {
        (node.hint ?? "").trimmingWhitespace().caseFolded()
    }
}

// MARK: - Messages

extension AmbiguousControlLabelRule {
    /// A control named as `clash`, an earlier sibling, that goes elsewhere: `places` and
    /// `clashPlaces` are screen ids, "back" or "the root screen".
    static func sameName(
        _ element: ElementInfo, goesTo places: [String], as clash: ElementInfo, goingTo clashPlaces: [String],
        to out: inout UTF8Builder
    ) {
        element.appendDisplayName(to: &out)
        out.append(" has the same name as ")
        clash.appendDisplayName(to: &out)
        out.append(" at line ")
        out.append(decimal: clash.node.location.line)
        out.append(" but goes to ")
        out.append(describe(places))
        out.append(" instead of ")
        out.append(describe(clashPlaces))
        out.markSharedTail()
        out.append("; make the names specific or add a hint that tells them apart")
    }

    /// A tab of a storyboard's tab bar named as `clash`, an earlier tab of the same bar.
    static func sameTabName(_ element: ElementInfo, as clash: ElementInfo) -> String {
        "tab \(element.displayName) has the same name as tab \(clash.displayName) at line \(clash.node.location.line) in the "
            + "same tab bar, and VoiceOver reads both the same way; give each tab its own title or accessibilityLabel"
    }

    private static func describe(_ places: [String]) -> String {
        MessageText.list(places, separator: " and ") { MessageText.quoted($0) }
    }
}
