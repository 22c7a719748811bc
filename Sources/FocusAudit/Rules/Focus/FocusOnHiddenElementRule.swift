/// `focus_on_hidden_element`: a focus binding where VoiceOver cannot put focus.
public struct FocusOnHiddenElementRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.focusOnHiddenElement,
        name: "Focus on hidden element",
        summary: "A `focus` binding sits on a hidden element, a decorative image, or inside an element VoiceOver reads as one.",
        rationale: """
            VoiceOver can only focus accessibility elements. A view hidden with `.accessibilityHidden(true)`, \
            an `Image(decorative:)` (which SwiftUI leaves out of accessibility), or a child of a container merged with `.accessibilityElement(children: .combine)` (or `.ignore`, \
            or given its own label), is not one, so moving focus to it silently does nothing.
            """,
        fix: """
            Put the binding on the element VoiceOver actually reads, the merged container or the control:

            ```swift
            HStack { Image("avatar"); Text("홍길동") }
                .accessibilityElement(children: .combine)
                .accessibilityFocused($focus, equals: .myProfile)
            ```
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order", "WCAG 4.1.2 Name, Role, Value"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="profile">
                    <HStack children="combine">
                      <Image asset="avatar" decorative="true"/>
                      ↓<Text focus="name">홍길동</Text>
                    </HStack>
                    ↓<Button id="edit" label="편집" hidden="true" focus="edit"/>
                    ↓<Image asset="divider" decorative="true" focus="divider"/>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    focus binding 'name' is inside "홍길동", which VoiceOver reads as one element, so focus cannot land here; \
                    bind focus on that element instead
                    """,
                    "focus binding 'edit' is on a hidden element (accessibilityHidden), where VoiceOver cannot put focus",
                    """
                    focus binding 'divider' is on a decorative image, which VoiceOver skips (Image(decorative:)), so focus cannot land here; \
                    bind focus on an element VoiceOver reads, or give the image a label and drop decorative
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="profile">
                    <HStack children="combine" focus="name">
                      <Image asset="avatar" decorative="true"/>
                      <Text>홍길동</Text>
                    </HStack>
                    <VStack children="contain">
                      <Button id="edit" label="편집" focus="edit"/>
                    </VStack>
                  </screen>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ComposerView: View {
                        @AccessibilityFocusState private var errorFocused: Bool
                        @State private var message = ""

                        var body: some View {
                            VStack {
                                TextField("메시지", text: $message)
                                ↓Text("메시지를 입력하세요")
                                    .accessibilityHidden(true)
                                    .accessibilityFocused($errorFocused)
                                Button("전송") { if message.isEmpty { errorFocused = true } }
                            }
                            .navigationTitle("새 메시지")
                        }
                    }
                    """#,
                    messages: [
                        "focus binding 'errorFocused' is on a hidden element (accessibilityHidden), where VoiceOver cannot put focus"
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ComposerView: View {
                        @AccessibilityFocusState private var errorFocused: Bool
                        @State private var message = ""

                        var body: some View {
                            VStack {
                                TextField("메시지", text: $message)
                                Text("메시지를 입력하세요")
                                    .accessibilityFocused($errorFocused)
                                Button("전송") { if message.isEmpty { errorFocused = true } }
                            }
                            .navigationTitle("새 메시지")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            guard let focus = element.node.focus else { return }
            if element.isHidden {
                report.add(at: element.node.location, element: analysis.path(of: index), Self.onHiddenElement(focus: focus))
            } else if element.isSwallowed {
                // The first ancestor that is not itself swallowed is the element VoiceOver reads.
                var owner = element.parent
                while let o = owner, analysis.elements[o].isSwallowed { owner = analysis.elements[o].parent }
                report.add(
                    at: element.node.location, element: analysis.path(of: index),
                    Self.insideOneElement(focus: focus, owner: owner.map { analysis.elements[$0] }))
            } else if element.node.decorative && !element.node.isInteractive && element.node.hasType("Image") {
                // `Image(decorative:)`: "SwiftUI ignores this image for accessibility purposes"
                // (https://developer.apple.com/documentation/swiftui/image/init(decorative:bundle:)),
                // so it is no accessibility element and VoiceOver cannot put focus on it. An image that
                // responds to taps or navigates is a control instead, and is read as one.
                report.add(at: element.node.location, element: analysis.path(of: index), Self.onDecorativeImage(focus: focus))
            }
        }
    }
}

// MARK: - Messages

extension FocusOnHiddenElementRule {
    static func onHiddenElement(focus: String) -> String {
        "focus binding '\(MessageText.quoted(focus))' is on a hidden element (accessibilityHidden), where VoiceOver cannot put focus"
    }

    static func onDecorativeImage(focus: String) -> String {
        "focus binding '\(MessageText.quoted(focus))' is on a decorative image, which VoiceOver skips (Image(decorative:)), "
            + "so focus cannot land here; bind focus on an element VoiceOver reads, or give the image a label and drop decorative"
    }

    /// A focus binding inside `owner`, the element VoiceOver reads it as part of (nil: the container).
    static func insideOneElement(focus: String, owner: ElementInfo?) -> String {
        "focus binding '\(MessageText.quoted(focus))' is inside \(owner?.displayName ?? "its container"), which VoiceOver reads "
            + "as one element, so focus cannot land here; bind focus on that element instead"
    }
}
