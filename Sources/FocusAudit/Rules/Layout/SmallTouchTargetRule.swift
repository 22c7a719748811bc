/// `small_touch_target`: a control smaller than the minimum touch target.
public struct SmallTouchTargetRule: Rule {
    public init() {}

    /// Smallest width and height of a touch target in points (`min_touch_target`).
    var minimum: Double = 44

    public func configured(by configuration: Configuration) -> any Rule {
        var rule = self
        rule.minimum = configuration.minTouchTarget
        return rule
    }

    public static let description = RuleDescription(
        id: RuleID.smallTouchTarget,
        name: "Small touch target",
        summary: "An interactive element is narrower or shorter than the minimum touch target (44×44 points by default).",
        rationale: """
            A small control is hard to hit for people with tremor, limited dexterity or large \
            fingers, and for anyone on the move; they activate its neighbour instead, or give up. \
            Apple's Human Interface Guidelines ask for at least 44×44 points; WCAG 2.2 asks for at \
            least 24×24 CSS pixels (2.5.8, level AA). VoiceOver users are not affected (they \
            activate the focused element wherever they tap), but Voice Control's numbers and \
            Switch Control's highlight are drawn on the same small frame.
            """,
        fix: """
            Make the tappable area at least 44 points in both directions, even when the visible \
            icon stays small:

            ```swift
            Button { dismiss() } label: { Image(systemName: "xmark") }
                .frame(minWidth: 44, minHeight: 44)
                .contentShape(Rectangle())
            ```

            In Interface Builder give the button a width and height of at least 44 (constraints or \
            frame), or enlarge its content insets. The minimum is `min_touch_target` in \
            `.focusaudit.yml` (44; set 24 for WCAG 2.5.8's minimum). In the description: \
            `size="44x44"`.
            """,
        severity: .warning,
        references: ["WCAG 2.5.8 Target Size (Minimum)", "HIG: Buttons (hit targets of at least 44×44 pt)"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat" title="채팅">
                    ↓<Button id="close" label="닫기" size="30x30"><Image system-name="xmark"/></Button>
                    ↓<Toggle id="mute" size="51x31">무음</Toggle>
                    ↓<HStack on-tap="true" traits="button" label="프로필" size="200x40"><Text>홍길동</Text></HStack>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    Button "닫기" (close) is 30×30 points, smaller than the 44×44 minimum touch target; make its tappable area \
                    at least 44 points wide and high
                    """,
                    """
                    Toggle "무음" (mute) is 51×31 points, smaller than the 44×44 minimum touch target; make its tappable area \
                    at least 44 points wide and high
                    """,
                    """
                    HStack "프로필" is 200×40 points, smaller than the 44×44 minimum touch target; make its tappable area at \
                    least 44 points wide and high
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<button buttonType="system" id="close">
                      <rect key="frame" x="16" y="60" width="30" height="30"/>
                      <accessibility key="accessibilityConfiguration" label="Close"/>
                    </button>
                    ↓<button buttonType="system" id="more">
                      <rect key="frame" x="60" y="60" width="44" height="44"/>
                      <constraints>
                        <constraint firstAttribute="height" constant="28" id="h1"/>
                      </constraints>
                      <state key="normal" title="More"/>
                    </button>
                    """,
                messages: [
                    """
                    scene vc: Button "Close" (close) is 30×30 points, smaller than the 44×44 minimum touch target; make its \
                    tappable area at least 44 points wide and high
                    """,
                    """
                    scene vc: Button "More" (more) is 44×28 points, smaller than the 44×44 minimum touch target; make its \
                    tappable area at least 44 points wide and high
                    """,
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chat" title="채팅">
                    <Button id="close" label="닫기" size="44x44"><Image system-name="xmark"/></Button>
                    <Button id="send" size="64x48">전송</Button>
                    <Button id="row" size="390x60">
                      <Text>홍길동</Text>
                      <Image system-name="chevron.right" size="12x20"/>
                    </Button>
                    <Image asset="divider" decorative="true" size="390x1"/>
                    <Button id="hidden" hidden="true" size="10x10">숨김</Button>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <button buttonType="system" id="close">
                      <rect key="frame" x="16" y="60" width="30" height="30"/>
                      <constraints>
                        <constraint firstAttribute="width" constant="44" id="w1"/>
                        <constraint firstAttribute="height" constant="44" id="h1"/>
                      </constraints>
                      <accessibility key="accessibilityConfiguration" label="Close"/>
                    </button>
                    <switch opaque="NO" id="mute">
                      <rect key="frame" x="60" y="60" width="51" height="31"/>
                      <accessibility key="accessibilityConfiguration" label="Mute"/>
                    </switch>
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
                                ↓Button {
                                } label: {
                                    Image(systemName: "xmark")
                                        .frame(width: 30, height: 30)
                                }
                                .accessibilityLabel("닫기")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Button "닫기" is 30×30 points, smaller than the 44×44 minimum touch target; make its tappable area at \
                        least 44 points wide and high
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
                                Button {
                                } label: {
                                    Image(systemName: "xmark")
                                        .frame(width: 44, height: 44)
                                        .contentShape(Rectangle())
                                }
                                .accessibilityLabel("닫기")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            // A control inside another control or a one-element container is not a target of its
            // own: the enclosing element is. A control hidden in an Interface Builder file is judged
            // as code shows it, as its font is.
            guard let size = element.node.size, element.node.isInteractive, size.width < minimum || size.height < minimum,
                element.isAccessibilityElement || analysis.isShownByCode(index)
            else { return }
            report.add(at: element.node.location, element: analysis.path(of: index), Self.tooSmall(element, size: size, minimum: minimum))
        }
    }
}

// MARK: - Messages

extension SmallTouchTargetRule {
    /// A control of `size` points, narrower or shorter than `minimum`.
    static func tooSmall(_ control: ElementInfo, size: ViewSize, minimum: Double) -> String {
        let side = FontSize.points(minimum)
        return "\(control.type) \(control.displayName) is \(size.text) points, smaller than the \(side)×\(side) minimum touch "
            + "target; make its tappable area at least \(side) points wide and high"
    }
}
