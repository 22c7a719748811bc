/// `fixed_font_size`: text that does not grow with the user's text size (Dynamic Type).
public struct FixedFontSizeRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.fixedFontSize,
        name: "Fixed font size",
        summary: "Text has a fixed point size, or a text style that is not adjusted, so it does not scale with Dynamic Type.",
        rationale: """
            Many people read with a larger text size (Settings › Accessibility › Display & Text Size \
            › Larger Text), up to about three times the default with the accessibility sizes. Text \
            set in fixed points stays small whatever they choose, so they zoom the whole screen and \
            pan around it, or cannot read it at all. In UIKit a text style alone is not enough: the \
            label, text field or text view must also adjust it (adjustsFontForContentSizeCategory), \
            or it keeps the size it had when the screen was built.
            """,
        fix: """
            Use a text style, or a custom font scaled relative to one:

            ```swift
            Text("친구").font(.headline)                               // not .font(.system(size: 17, weight: .semibold))
            Text("친구").font(.custom("Pretendard", size: 17, relativeTo: .body))
            ```

            In Interface Builder choose a text style under Font (Text Styles › Body) and tick \
            Dynamic Type › Automatically Adjusts Font; for a custom font, use \
            `UIFontMetrics(forTextStyle:).scaledFont(for:)` in code. In the description: \
            `font="body"` instead of `font="fixed:17"`.
            """,
        severity: .warning,
        references: ["WCAG 1.4.4 Resize Text", "HIG: Typography (Dynamic Type)"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat" title="채팅">
                    ↓<Text font="fixed:17">김철수</Text>
                    ↓<Button id="send" font="fixed:15">전송</Button>
                    ↓<VStack font="fixed:12.5">
                      <Text>오후 3:04</Text>
                    </VStack>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    Text "김철수" uses a fixed 17-point font, which does not grow with the user's text size (Dynamic Type); use \
                    a text style such as .body, or .custom(_:size:relativeTo:)
                    """,
                    """
                    Button "전송" (send) uses a fixed 15-point font, which does not grow with the user's text size (Dynamic \
                    Type); use a text style such as .body, or .custom(_:size:relativeTo:)
                    """,
                    """
                    VStack VStack[1] uses a fixed 12.5-point font, which does not grow with the user's text size (Dynamic \
                    Type); use a text style such as .body, or .custom(_:size:relativeTo:)
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<label text="김철수" id="name">
                      <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    ↓<label text="오후 3:04" id="time">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/>
                    </label>
                    ↓<button buttonType="system" id="send">
                      <state key="normal" title="Send"/>
                      <buttonConfiguration key="configuration" style="filled" title="Send">
                        <fontDescription key="titleFontDescription" type="boldSystem" pointSize="18"/>
                      </buttonConfiguration>
                    </button>
                    """,
                messages: [
                    """
                    scene vc: Text "김철수" (name) uses a fixed 17-point font, which does not grow with the user's text size \
                    (Dynamic Type); choose a text style under Font and tick Automatically Adjusts Font
                    """,
                    """
                    scene vc: Text "오후 3:04" (time) uses the caption text style but does not adjust it \
                    (adjustsFontForContentSizeCategory is off), so it keeps its size when the user's text size changes; tick \
                    Automatically Adjusts Font, or set adjustsFontForContentSizeCategory in code
                    """,
                    """
                    scene vc: Button "Send" (send) uses a fixed 18-point font, which does not grow with the user's text size \
                    (Dynamic Type); choose a text style under Font; a button without a configuration (Style: Default) also \
                    needs code that makes its title label adjust its font (Interface Builder has no Automatically \
                    Adjusts Font for a button)
                    """,
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat" title="채팅">
                    <Text font="headline">김철수</Text>
                    <Button id="send" font="body">전송</Button>
                    <Text>오후 3:04</Text>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <label text="김철수" adjustsFontForContentSizeCategory="YES" id="name">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/>
                    </label>
                    <button buttonType="system" id="send">
                      <buttonConfiguration key="configuration" style="filled" title="Send">
                        <fontDescription key="titleFontDescription" style="UICTFontTextStyleBody"/>
                      </buttonConfiguration>
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
                                ↓Text("김철수")
                                    .font(.system(size: 17))
                                ↓Text("오후 3:04")
                                    .font(.custom("Pretendard", fixedSize: 12))
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Text "김철수" uses a fixed 17-point font, which does not grow with the user's text size (Dynamic Type); use \
                        a text style such as .body, or .custom(_:size:relativeTo:)
                        """,
                        """
                        Text "오후 3:04" uses a fixed 12-point font, which does not grow with the user's text size (Dynamic Type); \
                        use a text style such as .body, or .custom(_:size:relativeTo:)
                        """,
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                Text("김철수")
                                    .font(.headline)
                                Text("오후 3:04")
                                    .font(.custom("Pretendard", size: 12, relativeTo: .caption))
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        let interfaceBuilder = analysis.screen.sceneName != nil
        analysis.forEachElement { index, element in
            guard let font = element.node.font, !font.scales else { return }
            switch font {
            case .fixed(let points):
                report.add(
                    at: element.node.location, element: analysis.path(of: index),
                    Self.fixedSize(element, points: points, interfaceBuilder: interfaceBuilder))
            case .style(let style, _):
                report.add(at: element.node.location, element: analysis.path(of: index), Self.styleNotAdjusted(element, style: style))
            }
        }
    }
}

// MARK: - Messages

extension FixedFontSizeRule {
    /// Text in a font of fixed `points`; the fix names Interface Builder's controls for a scene's view.
    static func fixedSize(_ text: ElementInfo, points: Double, interfaceBuilder: Bool) -> String {
        let fix =
            !interfaceBuilder
            ? "use a text style such as .body, or .custom(_:size:relativeTo:)"
            : text.type == "Button"
                ? "choose a text style under Font; a button without a configuration (Style: Default) also needs "
                    + buttonAdjustment
                : "choose a text style under Font and tick Automatically Adjusts Font"
        return "\(what(text)) uses a fixed \(FontSize.points(points))-point font, which does not grow with the user's text size "
            + "(Dynamic Type); \(fix)"
    }

    /// Interface Builder text in a text `style` that does not adjust to the user's text size.
    static func styleNotAdjusted(_ text: ElementInfo, style: TextStyle) -> String {
        let fix =
            text.type == "Button"
            ? "it needs " + buttonAdjustment + ", or a button configuration (Style: Plain, Filled…), whose title follows Dynamic Type"
            : "tick Automatically Adjusts Font, or set adjustsFontForContentSizeCategory in code"
        return "\(what(text)) uses the \(style.rawValue) text style but does not adjust it (adjustsFontForContentSizeCategory is "
            + "off), so it keeps its size when the user's text size changes; \(fix)"
    }

    /// Interface Builder's Attributes inspector has Automatically Adjusts Font for labels, text
    /// fields and text views, not for a button's title label: code sets the title label's
    /// `adjustsFontForContentSizeCategory`. (The property's name is left out of the message: a
    /// word that long does not fit the HTML report's narrowest layout.)
    private static let buttonAdjustment =
        "code that makes its title label adjust its font (Interface Builder has no Automatically Adjusts Font for a "
        + "button)"

    private static func what(_ text: ElementInfo) -> String {
        "\(text.type) \(text.displayName)"
    }
}
