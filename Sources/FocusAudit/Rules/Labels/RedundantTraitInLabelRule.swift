/// `redundant_trait_in_label`: a name that repeats the role VoiceOver already announces.
public struct RedundantTraitInLabelRule: Rule {
    public init() {}

    /// Role words by role. English words match as whole words, case-insensitively; Korean words match
    /// anywhere in the name, since Korean attaches particles and writes compounds without spaces.
    static let roleWords: [(role: String, english: [String], korean: [String])] = [
        ("button", ["button"], ["버튼"]),
        ("link", ["link"], ["링크"]),
        ("image", ["image", "picture"], ["이미지", "사진"]),
        ("toggle", ["toggle", "switch"], ["토글", "스위치"]),
        ("heading", ["heading", "header"], ["제목"]),
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
        references: ["WCAG 2.4.6 Headings and Labels", "HIG: Accessibility"],
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
                  </screen>
                  <screen id="profile"/>
                </app>
                """)
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
                  </screen>
                  <screen id="photos"/>
                </app>
                """)
        ])

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        for element in analysis.elements where element.isAccessibilityElement {
            guard let name = element.name, name.source != .symbol else { continue }
            let roles = Self.roles(of: element.node)
            guard !roles.isEmpty else { continue }
            for entry in Self.roleWords where roles.contains(entry.role) {
                let (english, korean) = Self.words(for: entry, configured: context.roleWords[entry.role])
                guard let word = Self.match(in: name.text, english: english, korean: korean) else { continue }
                report.add(
                    at: element.node.location, element: element.path,
                    "the name \"\(name.text)\" repeats \"\(word)\": VoiceOver already announces the \(entry.role) role; leave the word out")
                break
            }
        }
    }

    /// The configured words for a role (split into whole-word and anywhere matches by script), or
    /// the built-in ones.
    static func words(
        for entry: (role: String, english: [String], korean: [String]), configured: [String]?
    ) -> (english: [String], korean: [String]) {
        guard let configured else { return (entry.english, entry.korean) }
        let isHangul = { (word: String) in
            word.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) || (0x1100...0x11FF).contains($0.value) }
        }
        return (configured.filter { !isHangul($0) }.map { $0.lowercased() }, configured.filter(isHangul))
    }

    static func roles(of node: ViewNode) -> Set<String> {
        var roles: Set<String> = []
        if node.type == "Button" || node.onTap || node.traits.contains(.button) { roles.insert("button") }
        if node.type == "NavigationLink" || node.type == "Link" || node.traits.contains(.link) { roles.insert("link") }
        if (node.type == "Image" && !node.decorative) || node.traits.contains(.image) { roles.insert("image") }
        if node.type == "Toggle" { roles.insert("toggle") }
        if node.traits.contains(.header) { roles.insert("heading") }
        return roles
    }

    /// The role word found in `text`, if any.
    static func match(in text: String, english: [String], korean: [String]) -> String? {
        for word in korean where text.contains(word) { return word }
        let words = text.lowercased().split { !($0.isLetter || $0.isNumber) }
        for word in english where words.contains(Substring(word)) { return word }
        return nil
    }
}
