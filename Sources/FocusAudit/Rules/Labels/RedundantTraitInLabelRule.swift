/// `redundant_trait_in_label`: a name that repeats the role VoiceOver already announces.
public struct RedundantTraitInLabelRule: Rule {
    public init() {}

    /// The role words in use (`redundant_role_words` in the configuration, else the built-in
    /// list), ready for matching.
    var wordTable = WordTable(configured: [:])

    public func configured(by configuration: Configuration) -> any Rule {
        var rule = self
        rule.wordTable = WordTable(configured: configuration.roleWords)
        return rule
    }

    /// Role words by role. English words match as whole words, case-insensitively; Korean words match
    /// anywhere in the name, since Korean attaches particles and writes compounds without spaces.
    static let roleWords: [(role: String, english: [String], korean: [String])] = [
        ("button", ["button"], ["버튼"]),
        ("link", ["link"], ["링크"]),
        ("image", ["image", "picture"], ["이미지", "사진"]),
        ("toggle", ["toggle", "switch"], ["토글", "스위치"]),
        ("heading", ["heading", "header"], ["제목"]),
        ("tab", ["tab"], ["탭"]),
    ]

    public static let description = RuleDescription(
        id: RuleID.redundantTraitInLabel,
        name: "Redundant trait in label",
        summary: "A name repeats the role VoiceOver already announces (\"Send button\", \"전송 버튼\").",
        rationale: """
            VoiceOver reads the name, then the role: a button labelled "전송 버튼" is announced as \
            "전송 버튼, 버튼". The repeated word is noise on every visit and makes labels longer to \
            listen to.
            """,
        fix: """
            Leave the role out of the label; the trait already says it:

            ```swift
            Button("전송") { send() }                  // not "전송 버튼"
            Image("photo").accessibilityLabel("바다")   // not "바다 사진"
            ```
            """,
        severity: .warning,
        references: ["Apple: accessibilityLabel documentation (a label does not include the element's type)", "HIG: Accessibility"],
        impact: .minor,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat">
                    ↓<Button id="send" label="전송 버튼"/>
                    ↓<Button id="attach" label="Attach Button"/>
                    ↓<NavigationLink id="profile" destination="profile" label="프로필 링크"/>
                    ↓<Image asset="sea" label="바다 사진"/>
                    ↓<Toggle id="mute" label="알림 스위치"/>
                    ↓<Text traits="header">채팅 제목</Text>
                    <TabView>
                      ↓<NavigationLink id="friendsTab" destination="profile" label="친구 탭"/>
                    </TabView>
                    ↓<Button id="nbsp" label="Send\u{00A0}button"/>
                    ↓<Button id="quoted" label="«button»"/>
                    ↓<Button id="dash" label="Send—button"/>
                    ↓<Button id="under" label="send_button"/>
                    ↓<Text traits="tab">Chats tab</Text>
                  </screen>
                  <screen id="profile"/>
                </app>
                """,
                messages: [
                    "the name \"전송 버튼\" repeats \"버튼\": VoiceOver already announces the button role; leave the word out",
                    "the name \"Attach Button\" repeats \"button\": VoiceOver already announces the button role; leave the word out",
                    "the name \"프로필 링크\" repeats \"링크\": VoiceOver already announces the link role; leave the word out",
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat">
                    <Button id="send" label="전송"/>
                    <Button id="buttons" label="Buttonholes"/>
                    <Text>버튼을 눌러 전송하세요</Text>
                    <NavigationLink id="photos" destination="photos" label="사진첩"/>
                    <Image asset="sea" label="바다" decorative="true"/>
                    <Text>Tab 키를 누르세요</Text>
                    <Button id="accent" label="buttoné"/>
                    <Image asset="sea" on-tap="true" traits="button" label="사진 크게 보기"/>
                    <Button id="digits" label="button2"/>
                    <Button id="greek" label="αbutton"/>
                  </screen>
                  <screen id="photos"/>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                ↓Button {
                                } label: {
                                    Image(systemName: "paperplane")
                                }
                                .accessibilityLabel("전송 버튼")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        "the name \"전송 버튼\" repeats \"버튼\": VoiceOver already announces the button role; leave the word out"
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                Button {
                                } label: {
                                    Image(systemName: "paperplane")
                                }
                                .accessibilityLabel("전송")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    /// A name without its `\(…)` parts (parentheses inside them balanced).
    static func withoutComputedParts(_ text: String) -> String {
        var out = ""
        var depth = 0
        var previous: Character?
        for ch in text {
            if depth == 0 {
                if ch == "(" && previous == "\\" {
                    out.removeLast()
                    depth = 1
                } else {
                    out.append(ch)
                }
            } else if ch == "(" {
                depth += 1
            } else if ch == ")" {
                depth -= 1
                if depth == 0 { out.append(" ") }
            }
            previous = ch
        }
        return out
    }

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            guard element.isAccessibilityElement, let source = element.nameSource, source != .symbol else { return }
            var roles = Self.roles(of: element.node)
            // A direct child of a TabView is a tab item, announced as "tab".
            if let parent = element.parent, analysis.elements[parent].node.typeNumber == KnownTypes.tabView { roles.insert(5) }
            guard !roles.isEmpty, element.hasName else { return }
            // The name is searched in place; a string is made of it only for a finding, or when it
            // may hold a computed part.
            let search = element.withNameBytes { bytes -> NameSearch in
                let bytes = bytes!
                if ByteSearch.holdsBackslashParenthesis(bytes) { return .asString }
                for position in Self.roleWords.indices where roles.contains(position) {
                    if let word = wordTable.match(bytes: bytes, role: position) { return .found(position, word) }
                }
                return .none
            }
            let found: (position: Int, word: String)?
            switch search {
            case .none: return
            case .found(let position, let word): found = (position, word)
            case .asString: found = firstMatch(in: element.name!.text, roles: roles)
            }
            guard let found else { return }
            let name = element.name!
            let role = Self.roleWords[found.position].role
            report.add(at: element.node.location, element: analysis.path(of: index)) {
                Self.repeatsRole(name: name.text, word: found.word, role: role, to: &$0)
            }
        }
    }

    private enum NameSearch {
        /// No role word in the name.
        case none
        /// The first role word found, by role position.
        case found(Int, String)
        /// The name holds `\(`: searched as a string, without its computed parts.
        case asString
    }

    /// The first of `roles`, by position, whose word the name holds, and the word.
    func firstMatch(in name: String, roles: RoleSet) -> (position: Int, word: String)? {
        // By position: walking the table's entries copied their words for every element.
        // Parts written `\(…)` are computed at run time (the SwiftUI reader writes them so): their
        // words are unknown, so only the rest of the name is searched.
        let known = ByteSearch.containsComputedPart(name) ? Self.withoutComputedParts(name) : name
        for position in Self.roleWords.indices where roles.contains(position) {
            if let word = wordTable.match(in: known, role: position) { return (position, word) }
        }
        return nil
    }

    /// The role words in force for one configuration, as UTF-8 needles: built once per file, since
    /// the rule looks for them in the name of every element.
    struct WordTable: Sendable, RoleWordFinder {
        private struct Needle: Sendable {
            var word: String
            var bytes: [UInt8]
            /// Its byte values modulo 64, one bit each: a text that lacks one of them cannot hold the word.
            var set: UInt64
            /// The same of its ASCII bytes only, for words matched without ASCII case.
            var asciiSet: UInt64
            init(_ word: String) {
                self.word = word
                bytes = Array(word.utf8)
                set = bytes.reduce(0) { $0 | 1 << ($1 & 63) }
                asciiSet = bytes.reduce(0) { $1 < 0x80 ? $0 | 1 << ($1 & 63) : $0 }
            }
        }
        /// By role position: English words (lower case, matched as whole words) and Korean words.
        private let roles: [(english: [Needle], korean: [Needle])]

        /// The configured words replace a role's built-in ones: words with Hangul match anywhere,
        /// the others as whole words, case-insensitively.
        init(configured: [String: [String]]) {
            roles = RedundantTraitInLabelRule.roleWords.map { entry in
                guard let words = configured[entry.role] else {
                    return (entry.english.map(Needle.init), entry.korean.map(Needle.init))
                }
                let isHangul = { (word: String) in
                    word.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) }
                }
                return (
                    words.filter { !isHangul($0) }.map { Needle($0.lowercased()) },
                    words.filter(isHangul).map { Needle(HangulComposition.composed($0)) }
                )
            }
        }

        /// The role word of the role at `position` found in `text`, if any: Korean words anywhere,
        /// English words as whole words, case-insensitively. Works on UTF-8 bytes; a word boundary is
        /// any character that is not a Unicode letter or digit (space, no-break space, `_`, `-`, `—`, `«`…).
        func match(in text: String, role position: Int) -> String? {
            var text = text
            return text.withUTF8 { match(bytes: $0, role: position) }
        }

        /// `RoleWordFinder`: the description builder's question, by this table's role positions.
        func holdsRoleWord(_ label: UnsafeBufferPointer<UInt8>, of role: ControlRole) -> Bool {
            let position: Int
            switch role {
            case .button: position = 0
            case .link: position = 1
            case .image: position = 2
            case .toggle: position = 3
            case .heading: position = 4
            }
            return match(bytes: label, role: position) != nil
        }

        /// `match(in:role:)` for the text whose UTF-8 bytes `bytes` is.
        func match(bytes: UnsafeBufferPointer<UInt8>, role position: Int) -> String? {
            let (english, korean) = roles[position]
            // Which byte values (modulo 64) the text holds, and which of its ASCII bytes (letters
            // also lower-cased): most names hold no byte of most words, and are then not searched
            // for them. English words, matched without ASCII case, are looked for only when the
            // text's ASCII bytes hold their ASCII bytes: a Korean name's other bytes hold nearly
            // every value modulo 64, and with them every English word was searched for.
            var present: UInt64 = 0
            var ascii: UInt64 = 0
            // Whether a byte E1 is there, which starts every conjoining jamo (U+1100–U+11FF).
            var jamoLead = false
            for b in bytes {
                present |= 1 << (b & 63)
                if b < 0x80 {
                    ascii |= 1 << (b & 63)
                    if b >= 0x41 && b <= 0x5A { ascii |= 1 << ((b | 0x20) & 63) }
                } else if b == 0xE1 {
                    jamoLead = true
                }
            }
            // Hangul written as conjoining jamo ("버튼" decomposed, as NFD text has it) is the same
            // text: Korean words are looked for in its composed form (a text without a byte E1
            // has no jamo, and is its own composed form).
            if !korean.isEmpty, jamoLead, let composed = HangulComposition.composed(bytes) {
                let found = composed.withUnsafeBufferPointer { composed in
                    korean.first { ByteSearch.find($0.bytes, in: composed, from: 0) != nil }
                }
                if let found { return found.word }
            } else {
                for needle in korean where needle.set & ~present == 0 {
                    if ByteSearch.find(needle.bytes, in: bytes, from: 0) != nil { return needle.word }
                }
            }
            for needle in english where needle.asciiSet & ~ascii == 0 {
                var from = 0
                while let at = ByteSearch.find(needle.bytes, in: bytes, from: from, ignoringASCIICase: true) {
                    let end = at + needle.bytes.count
                    if !RedundantTraitInLabelRule.wordCharacter(endingAt: at, in: bytes)
                        && !RedundantTraitInLabelRule.wordCharacter(startingAt: end, in: bytes)
                    {
                        return needle.word
                    }
                    from = at + 1
                }
            }
            return nil
        }

        /// `match(bytes:role:)` searching for every word, with no byte sets and no jamo test first:
        /// kept to test those shortcuts against.
        func matchSearchingEveryWord(bytes: UnsafeBufferPointer<UInt8>, role position: Int) -> String? {
            let (english, korean) = roles[position]
            let composed = HangulComposition.composed(bytes) ?? Array(bytes)
            let found = composed.withUnsafeBufferPointer { text in
                korean.first { ByteSearch.find($0.bytes, in: text, from: 0) != nil }
            }
            if let found { return found.word }
            for needle in english {
                var from = 0
                while let at = ByteSearch.find(needle.bytes, in: bytes, from: from, ignoringASCIICase: true) {
                    if !RedundantTraitInLabelRule.wordCharacter(endingAt: at, in: bytes)
                        && !RedundantTraitInLabelRule.wordCharacter(startingAt: at + needle.bytes.count, in: bytes)
                    {
                        return needle.word
                    }
                    from = at + 1
                }
            }
            return nil
        }
    }

    /// The element's roles, as positions in `roleWords` (button, link, image, toggle, heading, and tab
    /// for the `tab` trait; a tab by its place in a `TabView` is added by the caller).
    static func roles(of node: ElementInfo) -> RoleSet {
        var roles = RoleSet()
        if node.onTap { roles.insert(0) }
        // The role types are all interactive or content kinds: containers and custom views are not
        // compared by name.
        let kind = node.kind
        if kind == .interactive || kind == .content {
            // By the type's number: the role types are known types, numbered the same in every
            // store, so no string is read (working the set out from the type's string for every
            // element showed in profiles). `rolesFromTypeName(of:)` is the same by the string.
            switch node.typeNumber {
            case KnownTypes.button: roles.insert(0)
            case KnownTypes.navigationLink, KnownTypes.link: roles.insert(1)
            // An Image made tappable is a control, not an image.
            case KnownTypes.image: if !node.decorative && !node.isInteractive { roles.insert(2) }
            case KnownTypes.toggle: roles.insert(3)
            default: break
            }
        }
        return roles.adding(traits: node.traits)
    }

    /// `roles(of:)` worked out from the type's string: what the numbers stand for, which the tests
    /// compare them with.
    static func rolesFromTypeName(of node: ElementInfo) -> RoleSet {
        var roles = RoleSet()
        if node.onTap { roles.insert(0) }
        if node.kind == .interactive || node.kind == .content {
            switch node.type {
            case "Button": roles.insert(0)
            case "NavigationLink", "Link": roles.insert(1)
            case "Image": if !node.decorative && !node.isInteractive { roles.insert(2) }
            case "Toggle": roles.insert(3)
            default: break
            }
        }
        return roles.adding(traits: node.traits)
    }

    struct RoleSet: Equatable {
        var bits: UInt8 = 0
        var isEmpty: Bool { bits == 0 }
        mutating func insert(_ position: Int) { bits |= 1 << UInt8(position) }
        func contains(_ position: Int) -> Bool { bits & (1 << UInt8(position)) != 0 }

        /// The set with the roles of `traits` added.
        func adding(traits: TraitSet) -> RoleSet {
            // Most elements have no traits: the set is not asked (each question hashes) when empty.
            guard !traits.isEmpty else { return self }
            var roles = self
            if traits.contains(.button) { roles.insert(0) }
            if traits.contains(.link) { roles.insert(1) }
            if traits.contains(.image) { roles.insert(2) }
            if traits.contains(.header) { roles.insert(4) }
            if traits.contains(.tab) { roles.insert(5) }
            return roles
        }
    }

    /// Whether the character (grapheme) whose UTF-8 bytes end just before `offset` is a letter or
    /// digit (false at the start of the text). Combining marks belong to the letter they follow, as
    /// in a user-perceived character: in "e\u{301}button" (an "é" written decomposed) the word
    /// "button" follows a letter, as it does after a precomposed "é".
    static func wordCharacter(endingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = offset
        while offset > 0 {
            let last = bytes[offset - 1]
            if last < 0x80 { return isASCIIWordByte(last) }
            // Back over continuation bytes to the lead byte (at most three).
            var start = offset - 1
            while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let scalar = decode(bytes, from: start, to: offset)
            // A mark extends the character before it: judge that character's base instead.
            guard let scalar, extendsCharacter(scalar) else { return isWordScalar(scalar) }
            offset = start
        }
        return false
    }

    /// Whether the text at `offset` continues the character before it or starts a letter or digit
    /// (false at the end of the text): a combining mark right after a word's last letter makes
    /// another character of it ("button\u{301}" is not the word "button").
    static func wordCharacter(startingAt offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset < bytes.count else { return false }
        let first = bytes[offset]
        if first < 0x80 { return isASCIIWordByte(first) }
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let scalar = decode(bytes, from: offset, to: end)
        if let scalar, extendsCharacter(scalar) { return true }
        return isWordScalar(scalar)
    }

    /// A scalar that joins the character before it rather than starting one (Unicode's
    /// Grapheme_Extend, which holds the combining marks, and the zero-width joiner and spacing
    /// marks, before which text segmentation never breaks a character: UAX #29 rules GB9, GB9a).
    static func extendsCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200D { return true }
        let properties = scalar.properties
        return properties.isGraphemeExtend || properties.generalCategory == .spacingMark
    }

    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Unicode.Scalar? {
        var iterator = bytes[start..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }

    static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// A Unicode letter (general category L) or number (N): the characters that continue a word.
    static func isWordScalar(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}

// MARK: - Messages

extension RedundantTraitInLabelRule {
    /// A name that holds `word`, a word for the `role` VoiceOver announces anyway. Written as bytes.
    static func repeatsRole(name: String, word: String, role: String, to out: inout UTF8Builder) {
        out.append("the name \"")
        out.append(MessageText.quoted(name))
        out.append("\" repeats \"")
        out.append(word)
        out.append("\": VoiceOver already announces the ")
        out.append(role)
        out.append(" role; leave the word out")
    }
}
