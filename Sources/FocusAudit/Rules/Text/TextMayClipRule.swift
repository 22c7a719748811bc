/// `text_may_clip`: single-line text that grows with Dynamic Type but neither wraps nor shrinks.
public struct TextMayClipRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.textMayClip,
        name: "Text may clip",
        summary: "Text that grows with Dynamic Type is limited to one line and does not shrink, so it is cut off at larger text sizes.",
        rationale: """
            Text in a text style grows with the user's text size, but a one-line limit keeps its \
            width: at the larger sizes the end is replaced with "…" and the user who needs large \
            text loses exactly the words that did not fit. VoiceOver still reads the whole text, \
            but people who read the screen do not.
            """,
        fix: """
            Let the text wrap, or, where one line is essential, let it shrink a little:

            ```swift
            Text(chat.lastMessage).font(.body)                    // no .lineLimit(1)
            Text(chat.title).font(.headline).lineLimit(1).minimumScaleFactor(0.7)
            ```

            In Interface Builder set Lines to 0 (numberOfLines), or Autoshrink to Minimum Font \
            Scale. In the description: drop `line-limit="1"`, or add `minimum-scale-factor="0.7"`.
            """,
        severity: .warning,
        references: ["WCAG 1.4.4 Resize Text", "WCAG 1.4.10 Reflow", "HIG: Typography (Dynamic Type)"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chats" title="채팅">
                    ↓<Text font="body" line-limit="1">마지막 메시지가 여기에 길게 보입니다</Text>
                    ↓<Text line-limit="1">오늘 오후 세 시에 만나요</Text>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    Text "마지막 메시지가 여기에 길게 보입니다" grows with the user's text size but is limited to one line and does not \
                    shrink, so at larger sizes it is cut off with "…"; let it wrap (no line limit, numberOfLines 0) or \
                    shrink (minimumScaleFactor)
                    """,
                    """
                    Text "오늘 오후 세 시에 만나요" grows with the user's text size but is limited to one line and does not shrink, so \
                    at larger sizes it is cut off with "…"; let it wrap (no line limit, numberOfLines 0) or shrink \
                    (minimumScaleFactor)
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<label text="The last message, shown at length" adjustsFontSizeToFit="NO" adjustsFontForContentSizeCategory="YES" id="last">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </label>
                    """,
                messages: [
                    """
                    scene vc: Text "The last message, shown at length" (last) grows with the user's text size but is limited \
                    to one line and does not shrink, so at larger sizes it is cut off with "…"; let it wrap (no line limit, \
                    numberOfLines 0) or shrink (minimumScaleFactor)
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chats" title="채팅">
                    <Text font="body">마지막 메시지가 여기에 길게 보입니다</Text>
                    <Text font="headline" line-limit="1" minimum-scale-factor="0.7">김철수</Text>
                    <Text font="body" line-limit="3">세 줄까지</Text>
                    <Text font="fixed:13" line-limit="1">오후 3:04</Text>
                    <VStack font="caption" minimum-scale-factor="0.8">
                      <Text line-limit="1">줄어드는 한 줄</Text>
                    </VStack>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <label text="The last message" numberOfLines="0" adjustsFontSizeToFit="NO" adjustsFontForContentSizeCategory="YES" id="last">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                    </label>
                    <label text="Kim" minimumScaleFactor="0.5" adjustsFontForContentSizeCategory="YES" id="name">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                    </label>
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
                                ↓Text("마지막 메시지가 여기에 길게 보입니다")
                                    .font(.body)
                                    .lineLimit(1)
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Text "마지막 메시지가 여기에 길게 보입니다" grows with the user's text size but is limited to one line and does not \
                        shrink, so at larger sizes it is cut off with "…"; let it wrap (no line limit, numberOfLines 0) or \
                        shrink (minimumScaleFactor)
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
                                Text("마지막 메시지가 여기에 길게 보입니다")
                                    .font(.body)
                                Text("김철수")
                                    .font(.headline)
                                    .lineLimit(1)
                                    .minimumScaleFactor(0.7)
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        // Without `font`, a description's text uses the body style, which scales; an Interface
        // Builder view without a font description is not known to scale.
        let unknownFontScales = analysis.screen.sceneName == nil
        analysis.forEachElement { index, element in
            let node = element.node
            guard node.lineLimit == 1 else { return }
            // One character has nowhere to break: a line limit cannot cut it short, and letting it
            // wrap would change nothing (a digit beside a dial, an "×"). Only a width too small for
            // the character itself could, which is not what this rule reads.
            if let text = node.text, text.trimmingWhitespace().count == 1 { return }
            // `font` and `minimum-scale-factor` on a container apply to the text inside it, as
            // SwiftUI's `.font` and `.minimumScaleFactor` do: the nearest one set counts.
            var font: FontSize?
            var factor: Double?
            var current: Int? = index
            while let i = current, font == nil || factor == nil {
                let n = analysis.elements[i].node
                if font == nil { font = n.font }
                if factor == nil { factor = n.minimumScaleFactor }
                current = n.parent
            }
            guard (factor ?? 1) >= 1, font?.scales ?? unknownFontScales else { return }
            report.add(at: node.location, element: analysis.path(of: index), Self.cutOff(element))
        }
    }
}

// MARK: - Messages

extension TextMayClipRule {
    /// Text that scales, on one line, and does not shrink.
    static func cutOff(_ text: ElementInfo) -> String {
        "\(text.type) \(text.displayName) grows with the user's text size but is limited to one line and does not shrink, so "
            + "at larger sizes it is cut off with \"…\"; let it wrap (no line limit, numberOfLines 0) or shrink "
            + "(minimumScaleFactor)"
    }
}
