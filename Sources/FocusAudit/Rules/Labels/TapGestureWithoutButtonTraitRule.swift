/// `tap_gesture_without_button_trait`: a tappable view VoiceOver does not announce as tappable.
public struct TapGestureWithoutButtonTraitRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.tapGestureWithoutButtonTrait,
        name: "Tap gesture without button trait",
        summary: "A view with `.onTapGesture` lacks the button (or link) trait.",
        rationale: """
            A view made tappable with `.onTapGesture` looks like text or an image to VoiceOver: it is \
            announced without a role, so the user does not know it can be activated, and Switch Control \
            and Full Keyboard Access may skip it.
            """,
        fix: """
            Prefer a real `Button`; otherwise add the trait:

            ```swift
            Text("더보기")
                .onTapGesture { showMore() }
                .accessibilityAddTraits(.isButton)
            ```
            """,
        severity: .warning,
        references: ["WCAG 4.1.2 Name, Role, Value", "WCAG 2.1.1 Keyboard"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    ↓<Text on-tap="true">더보기</Text>
                    ↓<HStack on-tap="true" label="홍길동" push="profile"><Text>홍길동</Text></HStack>
                  </screen>
                  <screen id="profile"/>
                </app>
                """,
                messages: [
                    """
                    Text responds to taps (on-tap) but has no button or link trait, so VoiceOver does not announce it as \
                    something to activate; use a Button or add traits="button"
                    """,
                    """
                    HStack responds to taps (on-tap) but has no button or link trait, so VoiceOver does not announce it as \
                    something to activate; use a Button or add traits="button"
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<view id="more">
                      <subviews><label text="More" id="l1"/></subviews>
                      <connections><outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="c1"/></connections>
                    </view>
                    """,
                sceneObjects: """
                    <tapGestureRecognizer id="tap"/>
                    """,
                messages: [
                    """
                    scene vc: View 'more' has a tap gesture recognizer but no button or link trait, so VoiceOver does not \
                    announce it as something to activate; use a UIButton, or enable Accessibility on it in the Identity \
                    inspector, tick the Button trait and give it a label
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <Text on-tap="true" traits="button">더보기</Text>
                    <Image asset="banner" on-tap="true" traits="link" label="이벤트"/>
                    <Button id="b" label="버튼 아님" on-tap="true"/>
                    <Text on-tap="true" hidden="true">숨김</Text>
                    <Button id="row"><Text>사진</Text><Image asset="x" label="확대" on-tap="true"/></Button>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <view id="more">
                      <accessibility key="accessibilityConfiguration" label="More">
                        <accessibilityTraits key="traits" button="YES"/>
                        <bool key="isElement" value="YES"/>
                      </accessibility>
                      <connections><outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="c1"/></connections>
                    </view>
                    <label text="Hint" userInteractionEnabled="NO" id="hint">
                      <connections><outletCollection property="gestureRecognizers" destination="tap2" appends="YES" id="c2"/></connections>
                    </label>
                    """,
                sceneObjects: """
                    <tapGestureRecognizer id="tap"/>
                    <tapGestureRecognizer id="tap2"/>
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
                                ↓Text("더 보기")
                                    .onTapGesture {}
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Text responds to taps (.onTapGesture) but has no button or link trait, so VoiceOver does not announce \
                        it as something to activate; use a Button or add .accessibilityAddTraits(.isButton)
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
                                Text("더 보기")
                                    .onTapGesture {}
                                    .accessibilityAddTraits(.isButton)
                                Button("접기") {}
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    static let exempt: Set<String> = ["Button", "NavigationLink", "Link"]

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        let interfaceBuilder = analysis.screen.sceneName != nil
        analysis.forEachElement { index, element in
            guard element.node.onTap && !element.isHidden else { return }
            // A tappable view inside a control is merged into it and never announced with traits of
            // its own: that is nested_control's finding, not this one (FORMAT.md: a nested control
            // gets nested_control, "not the label rules").
            if element.isSwallowed {
                var ancestor = element.parent
                while let a = ancestor {
                    if analysis.elements[a].node.isInteractive { return }
                    ancestor = analysis.elements[a].parent
                }
            }
            let node = element.node
            guard !Self.exempt.contains(node.type), !node.traits.contains(.button), !node.traits.contains(.link) else {
                return
            }
            report.add(
                at: node.location, element: analysis.path(of: index),
                interfaceBuilder
                    ? Self.tappedViewWithoutTrait(type: node.type, id: node.id) : Self.tappableWithoutTrait(type: node.type, in: context.vocabulary))
        }
    }
}

// MARK: - Messages

extension TapGestureWithoutButtonTraitRule {
    /// A view of `type` with a tap gesture and neither the button nor the link trait.
    static func tappableWithoutTrait(type: String, in vocabulary: FixVocabulary) -> String {
        switch vocabulary {
        case .description:
            "\(MessageText.quoted(type)) responds to taps (on-tap) but has no button or link trait, so VoiceOver does not "
                + "announce it as something to activate; use a Button or add traits=\"button\""
        case .swiftUI:
            "\(MessageText.quoted(type)) responds to taps (.onTapGesture) but has no button or link trait, so VoiceOver does "
                + "not announce it as something to activate; use a Button or add .accessibilityAddTraits(.isButton)"
        }
    }

    /// A storyboard or xib view of `type` with a tap gesture recognizer and neither trait.
    static func tappedViewWithoutTrait(type: String, id: String?) -> String {
        "\(MessageText.element(type: type, id: id)) has a tap gesture recognizer but no button or link trait, so VoiceOver "
            + "does not announce it as something to activate; use a UIButton, or enable Accessibility on it in the "
            + "Identity inspector, tick the Button trait and give it a label"
    }
}
