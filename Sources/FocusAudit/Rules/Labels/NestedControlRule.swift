/// `nested_control`: a control inside another control's content, which VoiceOver cannot reach.
public struct NestedControlRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.nestedControl,
        name: "Nested control",
        summary: "An interactive element sits inside another interactive element's content.",
        rationale: """
            SwiftUI makes a control one accessibility element and merges its label content into it, \
            so VoiceOver stops only on the outer control. A `Toggle` in a `Button`'s label, or a \
            tappable view inside a `NavigationLink`, is read as part of the outer control's name; \
            VoiceOver cannot move to it, and a double tap activates the outer control instead. The \
            inner control works only for users who can see and touch it.
            """,
        fix: """
            Move the inner control out of the outer one's label, next to it, and group the two \
            with a container if they belong together:

            ```swift
            HStack {
                Button("알림 설정") { showSettings() }
                Toggle("알림", isOn: $notify)
            }
            ```

            If the inner view only looks interactive, remove its tap gesture or navigation and let \
            the outer control do the work.
            """,
        severity: .warning,
        references: ["WCAG 2.1.1 Keyboard", "WCAG 4.1.2 Name, Role, Value"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    <Button id="notifications" push="detail">
                      <Text>알림</Text>
                      ↓<Toggle id="notify">켜기</Toggle>
                    </Button>
                    <NavigationLink id="profile" destination="detail">
                      <HStack>
                        <Text>홍길동</Text>
                        ↓<ProfileCard on-tap="true" traits="button">프로필</ProfileCard>
                      </HStack>
                    </NavigationLink>
                  </screen>
                  <screen id="detail"/>
                </app>
                """,
                messages: [
                    """
                    Toggle 'notify' is inside the content of Button "알림, 켜기" (notifications), which VoiceOver reads and \
                    activates as one element, so it cannot reach or activate this Toggle on its own; move it out of the \
                    Button's label
                    """,
                    """
                    ProfileCard is inside the content of NavigationLink "홍길동, 프로필" (profile), which VoiceOver reads and \
                    activates as one element, so it cannot reach or activate this ProfileCard on its own; move it out of the \
                    NavigationLink's label
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    <HStack>
                      <Button id="notifications" push="detail">알림 설정</Button>
                      <Toggle id="notify">알림</Toggle>
                    </HStack>
                    <HStack children="combine"><Toggle id="mute"/><Text>무음</Text></HStack>
                    <Button id="profile" push="detail"><Image asset="avatar"/><Text>홍길동</Text></Button>
                    <Button id="more" push="detail"><Text>더보기</Text><Toggle id="quiet" hidden="true">조용히</Toggle></Button>
                  </screen>
                  <screen id="detail"/>
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
                                Button {
                                } label: {
                                    HStack {
                                        Text("김철수")
                                        ↓Toggle("알림", isOn: .constant(true))
                                    }
                                }
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Toggle is inside the content of Button "김철수, 알림", which VoiceOver reads and activates as one element, so \
                        it cannot reach or activate this Toggle on its own; move it out of the Button's label
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
                                HStack {
                                    Button("김철수") {}
                                    Toggle("알림", isOn: .constant(true))
                                }
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            // Only a swallowed element can have a control above it.
            // A hidden control (hidden itself or inside a hidden view, or with its accessibility
            // turned off) is not in the accessibility tree: there is nothing for VoiceOver to reach.
            guard element.isSwallowed, element.node.isInteractive, !element.isHidden else { return }
            var ancestor = element.parent
            while let a = ancestor, !analysis.elements[a].node.isInteractive { ancestor = analysis.elements[a].parent }
            guard let outer = ancestor else { return }
            let inner = element.node
            let outerNode = analysis.elements[outer].node
            report.add(
                at: inner.location, element: analysis.path(of: index),
                Self.insideControl(inner, outer: outerNode, outerName: analysis.elements[outer].displayName))
        }
    }
}

// MARK: - Messages

extension NestedControlRule {
    static func insideControl(_ inner: ElementInfo, outer: ElementInfo, outerName: String) -> String {
        let innerType = MessageText.quoted(inner.type)
        let outerType = MessageText.quoted(outer.type)
        return "\(MessageText.element(type: inner.type, id: inner.id)) is inside the content of \(outerType) \(outerName), which VoiceOver reads and activates "
            + "as one element, so it cannot reach or activate this \(innerType) on its own; move it out of the \(outerType)'s label"
    }
}
