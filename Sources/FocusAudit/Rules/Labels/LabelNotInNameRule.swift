/// `label_not_in_name`: a control shows text that its accessible name does not contain.
public struct LabelNotInNameRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.labelNotInName,
        name: "Label not in name",
        summary: "A control's accessible name does not contain the text it shows.",
        rationale: """
            Voice Control users activate a control by saying what they see ("Tap Send"). When the \
            accessibility label replaces the visible text with other words ("Submit message"), the \
            spoken command matches nothing, and a VoiceOver user hears a name that does not match \
            the screen a sighted helper describes. A name that contains the visible text, but not \
            at its start, still works less well: speech recognition and users both expect the \
            visible words first, so that case is reported as a warning.
            """,
        fix: """
            Start the label with the visible text, or leave the label out so the visible text is the \
            name:

            ```swift
            Button("전송") { send() }
                .accessibilityLabel("전송, 메시지 3개")   // not "메시지 보내기"
            ```

            Texts are compared without case, spaces and punctuation, so "Sign in" matches \
            "sign-in" and "전송 하기" matches "전송하기". Text computed at run time \
            (`Text(user.name)`, `.accessibilityLabel(title)`, a localization key) is not compared.
            """,
        severity: .error,
        references: ["WCAG 2.5.3 Label in Name", "WCAG 4.1.2 Name, Role, Value"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat">
                    ↓<Button id="send" label="메시지 보내기">전송</Button>
                    ↓<Button id="attach" label="Add a file">
                      <Image system-name="paperclip"/>
                      <Text>Attach</Text>
                    </Button>
                    ↓<NavigationLink id="profile" destination="profile" label="지금 프로필 보기">프로필 보기</NavigationLink>
                  </screen>
                  <screen id="profile"/>
                </app>
                """,
                messages: [
                    """
                    Button 'send' shows "전송" but its accessible name is "메시지 보내기": Voice Control users who say "전송" cannot \
                    activate it; start the label with the visible text, or remove the label
                    """,
                    """
                    Button 'attach' shows "Attach" but its accessible name is "Add a file": Voice Control users who say \
                    "Attach" cannot activate it; start the label with the visible text, or remove the label
                    """,
                    """
                    NavigationLink 'profile' shows "프로필 보기" but its accessible name "지금 프로필 보기" does not start with it: \
                    Voice Control users say the visible words first; start the label with "프로필 보기"
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<button buttonType="system" id="send">
                      <state key="normal" title="Send"/>
                      <accessibility key="accessibilityConfiguration" label="Submit message"/>
                    </button>
                    """,
                messages: [
                    """
                    scene vc: Button 'send' shows "Send" but its accessible name is "Submit message": Voice Control users \
                    who say "Send" cannot activate it; start the label with the visible text, or remove the label
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat">
                    <Button id="send" label="전송, 메시지 3개">전송</Button>
                    <Button id="signIn" label="sign-in">Sign In</Button>
                    <Button id="spaced" label="전송하기">전송 하기</Button>
                    <Button id="plain">전송</Button>
                    <Button id="icon" label="검색" system-name="magnifyingglass"/>
                    <TextField id="to" label="받는 사람">홍길동</TextField>
                    <Text label="Greeting">Hello</Text>
                    <Button id="save" label="\\(title)">Save</Button>
                    <Button id="keyed" label="\\(&quot;compose.send.button&quot;)">Send</Button>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <button buttonType="system" id="send">
                      <state key="normal" title="Send"/>
                      <accessibility key="accessibilityConfiguration" label="Send message"/>
                    </button>
                    """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                ↓Button("전송") {}
                                    .accessibilityLabel("메시지 보내기")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Button shows "전송" but its accessible name is "메시지 보내기": Voice Control users who say "전송" cannot activate \
                        it; start the label with the visible text, or remove the label
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                Button("전송") {}
                                    .accessibilityLabel("전송: 김철수에게")
                                Button {
                                } label: {
                                    Image(systemName: "paperplane")
                                }
                                .accessibilityLabel("보내기")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            guard element.isAccessibilityElement, element.node.isInteractive, element.nameSource == .label, let name = element.name,
                !element.node.hasType("TextField"), !element.node.hasType("SecureField"),
                let visible = Self.visibleText(of: element.node)
            else { return }
            // Text computed at run time (`Text(user.name)`, read from SwiftUI source as `\(user.name)`),
            // shown or spoken, is unknown here: nothing to compare.
            guard !ByteSearch.containsComputedPart(visible), !ByteSearch.containsComputedPart(name.text) else { return }
            let node = element.node
            switch Self.compare(shown: visible, spoken: name.text) {
            case .nothingShown, .first: return
            case .notFirst:
                report.add(
                    at: node.location, element: analysis.path(of: index), severity: .warning,
                    Self.visibleTextNotFirst(node, visible: visible, name: name.text))
            case .missing:
                report.add(
                    at: node.location, element: analysis.path(of: index), Self.visibleTextMissing(node, visible: visible, name: name.text))
            }
        }
    }

    /// The first text the control shows: its own text, else the first `Text` or `Label` below it
    /// that is not hidden (labels of descendants do not change what is shown). A control nested in
    /// its content shows its own text, not this control's (that is `nested_control`'s case).
    static func visibleText(of node: ElementInfo) -> String? {
        if let text = node.text, !text.isBlank { return text }
        return visibleText(ofContent: node)
    }

    private static func visibleText(ofContent node: ElementInfo) -> String? {
        for child in node.children where !child.hidden && !child.isInteractive {
            if child.hasType("Text") || child.hasType("Label"), let text = child.text, !text.isBlank {
                return text
            }
            if let text = visibleText(ofContent: child) { return text }
        }
        return nil
    }

    /// Where the text shown stands in the name spoken, compared by their letters and digits
    /// without case (`fold`).
    enum Placement: Equatable {
        /// The text shown has no letter or digit.
        case nothingShown
        /// The name starts with it.
        case first
        /// The name holds it, not at its start.
        case notFirst
        /// The name does not hold it.
        case missing
    }

    /// Where `shown` stands in `spoken`. Texts made only of ASCII, Hangul syllables, symbols,
    /// punctuation and spaces are compared as Unicode scalars (`foldedScalars`), which gives the
    /// answer the comparison of characters gives (`compareCharacters`); other texts are compared
    /// as characters. Folding long texts character by character (grapheme breaking, lower-casing
    /// and the letter test of every character) cost more than reading them.
    static func compare(shown: String, spoken: String) -> Placement {
        guard let shownScalars = foldedScalars(shown), let spokenScalars = foldedScalars(spoken) else {
            return compareCharacters(shown: shown, spoken: spoken)
        }
        return placement(of: shownScalars, in: spokenScalars)
    }

    /// `compare(shown:spoken:)` on characters: the general comparison.
    static func compareCharacters(shown: String, spoken: String) -> Placement {
        placement(of: fold(shown), in: fold(spoken))
    }

    private static func placement<T: Equatable>(of shown: [T], in spoken: [T]) -> Placement {
        if shown.isEmpty { return .nothingShown }
        if spoken.starts(with: shown) { return .first }
        return contains(spoken, shown) ? .notFirst : .missing
    }

    /// `fold(text)` as Unicode scalar values, when every character of the text that `fold` keeps is
    /// one scalar and every character it drops holds no letter or digit; nil otherwise (the
    /// characters must then be compared). That holds for text made of ASCII, precomposed Hangul
    /// syllables (never joined to each other: UAX #29 GB6–GB8 join only conjoining jamo), and
    /// symbols, punctuation and spaces that are neither alphabetic nor numeric (so `isLetter` and
    /// `isNumber` are false for them), with emoji modifiers, variation selectors and zero-width
    /// joiners only where they cannot join a letter or digit (UAX #29 GB9: they join the character
    /// before them). Anything else (other letters, digits and marks, conjoining jamo, format
    /// characters) is left to the characters.
    static func foldedScalars(_ text: String) -> [UInt32]? {
        var out: [UInt32] = []
        var afterWord = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v < 0x80 {
                if v >= 0x41 && v <= 0x5A {
                    out.append(v | 0x20)
                    afterWord = true
                } else if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) {
                    out.append(v)
                    afterWord = true
                } else {
                    afterWord = false
                }
            } else if v >= 0xAC00 && v <= 0xD7A3 {
                out.append(v)
                afterWord = true
            } else {
                let properties = scalar.properties
                if v == 0x200D || v == 0xFE0E || v == 0xFE0F || properties.isEmojiModifier {
                    // Joins the character before it: harmless only after a character `fold` drops.
                    if afterWord { return nil }
                    continue
                }
                if properties.isGraphemeExtend || properties.isAlphabetic || properties.numericType != nil { return nil }
                switch properties.generalCategory {
                case .mathSymbol, .currencySymbol, .otherSymbol, .connectorPunctuation, .dashPunctuation,
                    .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
                    .spaceSeparator:
                    afterWord = false
                default:
                    return nil
                }
            }
        }
        return out
    }

    /// The text's letters and digits, lower-cased: case, white space and punctuation are left out
    /// (characters compare by canonical equivalence, so composed and decomposed Hangul agree).
    static func fold(_ text: String) -> [Character] {
        var out: [Character] = []
        for character in text.lowercased() where character.isLetter || character.isNumber {
            out.append(character)
        }
        return out
    }

    static func contains<T: Equatable>(_ text: [T], _ part: [T]) -> Bool {
        guard part.count <= text.count else { return false }
        for start in 0...(text.count - part.count) where text[start..<(start + part.count)].elementsEqual(part) {
            return true
        }
        return false
    }
}

// MARK: - Messages

extension LabelNotInNameRule {
    /// A control whose accessible name `name` holds the `visible` text, but not at its start. Every
    /// quoted piece is bounded (`MessageText`), as in the other rules' messages.
    static func visibleTextNotFirst(_ control: ElementInfo, visible: String, name: String) -> String {
        let shown = MessageText.quoted(visible)
        return "\(MessageText.element(type: control.type, id: control.id)) shows \"\(shown)\" but its accessible name "
            + "\"\(MessageText.quoted(name))\" does not start with it: Voice Control users say the visible words first; "
            + "start the label with \"\(shown)\""
    }

    /// A control whose accessible name `name` does not hold the `visible` text.
    static func visibleTextMissing(_ control: ElementInfo, visible: String, name: String) -> String {
        let shown = MessageText.quoted(visible)
        return "\(MessageText.element(type: control.type, id: control.id)) shows \"\(shown)\" but its accessible name is "
            + "\"\(MessageText.quoted(name))\": Voice Control users who say \"\(shown)\" cannot activate it; start the label "
            + "with the visible text, or remove the label"
    }
}
