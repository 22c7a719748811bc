/// `symbol_only_label`: a control whose only name is an SF Symbol's spoken fallback.
public struct SymbolOnlyLabelRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.symbolOnlyLabel,
        name: "Symbol-only label",
        summary: "A control's only name comes from an SF Symbol (`Image(systemName:)`).",
        rationale: """
            For a symbol with no label VoiceOver reads a name derived from the symbol ("square and \
            pencil", "ellipsis circle"), which describes the picture, not the action, and is not \
            translated into the app's language.
            """,
        fix: """
            Label the action:

            ```swift
            Button { compose() } label: { Image(systemName: "square.and.pencil") }
                .accessibilityLabel("새 채팅")
            ```
            """,
        severity: .warning,
        references: ["WCAG 2.4.6 Headings and Labels", "WCAG 4.1.2 Name, Role, Value"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chats">
                    ↓<Button id="compose" push="compose">
                      <Image system-name="square.and.pencil"/>
                    </Button>
                    ↓<Menu id="more" system-name="ellipsis.circle"/>
                  </screen>
                  <screen id="compose"/>
                </app>
                """,
                messages: [
                    """
                    the only name of Button 'compose' is an SF Symbol, read as "square and pencil"; add an \
                    accessibilityLabel that names the action
                    """,
                    """
                    the only name of Menu 'more' is an SF Symbol, read as "ellipsis circle"; add an accessibilityLabel that \
                    names the action
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="chats">
                    <Button id="compose" push="compose" label="새 채팅">
                      <Image system-name="square.and.pencil"/>
                    </Button>
                    <Button id="call"><Image system-name="phone"/><Text>전화</Text></Button>
                  </screen>
                  <screen id="compose"/>
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
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        "the only name of Button is an SF Symbol, read as \"paperplane\"; add an accessibilityLabel that names the action"
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                Button("전송", systemImage: "paperplane") {}
                                Button {
                                } label: {
                                    Image(systemName: "paperclip")
                                }
                                .accessibilityLabel("파일 첨부")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            // A control hidden in an Interface Builder file is judged as code shows it.
            guard element.node.isInteractive && (element.isAccessibilityElement || analysis.isShownByCode(index)) else { return }
            guard element.nameSource == .symbol, let name = element.name else { return }
            report.add(at: element.node.location, element: analysis.path(of: index), Self.symbolOnly(element.node, spoken: name.text))
        }
    }
}

// MARK: - Messages

extension SymbolOnlyLabelRule {
    /// A control named only by its SF Symbol, which VoiceOver reads as `spoken`.
    static func symbolOnly(_ control: ElementInfo, spoken: String) -> String {
        "the only name of \(MessageText.element(type: control.type, id: control.id)) is an SF "
            + "Symbol, read as \"\(MessageText.quoted(spoken))\"; add an accessibilityLabel that names the action"
    }
}
