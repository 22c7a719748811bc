/// `conflicting_traits`: an element announces roles or states that contradict each other.
public struct ConflictingTraitsRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.conflictingTraits,
        name: "Conflicting traits",
        summary:
            "An element's traits contradict each other or its kind: button and link, a header that is a control, selected on static content, static text on a control.",
        rationale: """
            VoiceOver announces an element's role from its traits ("button", "link", "heading") and \
            users decide what to do from it: a link opens something else, a button acts here, a \
            heading is a landmark to jump between with the rotor. An element that is both a button \
            and a link, a control marked as a heading, or static text marked "selected" tells the \
            user two things at once; the rotor lists controls among the headings, and "selected" \
            on something that cannot be chosen suggests a choice that does not exist. A control \
            marked as static text loses its role: VoiceOver stops saying it can be activated.
            """,
        fix: """
            Keep one role per element, the one that says what activating it does:

            ```swift
            Link("이용약관", destination: termsURL)          // a link, not also a button
            Button("전송") { send() }
                .accessibilityRemoveTraits(.isStaticText)   // not .accessibilityAddTraits(.isStaticText)
            Text("설정").accessibilityAddTraits(.isHeader)  // the heading is the text, not the control
            ```

            In Interface Builder, untick the extra trait under Accessibility.
            """,
        severity: .warning,
        references: ["WCAG 4.1.2 Name, Role, Value", "WCAG 1.3.1 Info and Relationships"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    ↓<Button id="terms" traits="link">이용약관</Button>
                    ↓<Text traits="button link">도움말</Text>
                    ↓<Button id="section" traits="header">알림</Button>
                    ↓<Text traits="selected">기본 글꼴</Text>
                    ↓<Toggle id="mute" traits="staticText">무음</Toggle>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    Button "이용약관" (terms) has conflicting traits: a Button with the link trait is announced as both button \
                    and link; keep the one role that says what activating it does
                    """,
                    "Text \"도움말\" has conflicting traits: button and link; keep the one role that says what activating it does",
                    """
                    Button "알림" (section) has conflicting traits: header on a control (headings are landmarks, not actions); \
                    keep the one role that says what activating it does
                    """,
                    """
                    Text "기본 글꼴" has conflicting traits: selected on static content that cannot be chosen; keep the one role \
                    that says what activating it does
                    """,
                    """
                    Toggle "무음" (mute) has conflicting traits: static text on a control (VoiceOver stops saying it can be \
                    activated); keep the one role that says what activating it does
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<button buttonType="system" id="terms">
                      <state key="normal" title="Terms"/>
                      <accessibility key="accessibilityConfiguration">
                        <accessibilityTraits key="traits" button="YES" link="YES"/>
                      </accessibility>
                    </button>
                    ↓<label text="Default font" id="font">
                      <accessibility key="accessibilityConfiguration">
                        <accessibilityTraits key="traits" staticText="YES" selected="YES"/>
                      </accessibility>
                    </label>
                    """,
                messages: [
                    """
                    scene vc: Button "Terms" (terms) has conflicting traits: a Button with the link trait is announced as \
                    both button and link; keep the one role that says what activating it does
                    """,
                    """
                    scene vc: Text "Default font" (font) has conflicting traits: selected on static content that cannot be \
                    chosen; keep the one role that says what activating it does
                    """,
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    <Text traits="header">알림</Text>
                    <Link id="terms">이용약관</Link>
                    <Button id="font" traits="selected">기본 글꼴</Button>
                    <Image asset="logo" label="회사 로고" traits="image"/>
                    <HStack on-tap="true" traits="button" label="프로필"><Text>홍길동</Text></HStack>
                    <Button id="hidden" traits="link" hidden="true">숨김</Button>
                    <Button id="outer" label="전체"><Text traits="header">제목</Text></Button>
                  </screen>
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
                                ↓Button("이용약관") {}
                                    .accessibilityAddTraits(.isLink)
                                ↓Text("기본 글꼴")
                                    .accessibilityAddTraits(.isSelected)
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Button "이용약관" has conflicting traits: a Button with the link trait is announced as both button and link; \
                        keep the one role that says what activating it does
                        """,
                        """
                        Text "기본 글꼴" has conflicting traits: selected on static content that cannot be chosen; keep the one role \
                        that says what activating it does
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
                                Button("이용약관") {}
                                Text("알림")
                                    .accessibilityAddTraits(.isHeader)
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            guard element.isAccessibilityElement, !element.node.traits.isEmpty else { return }
            let conflicts = Self.conflicts(of: element.node)
            guard !conflicts.isEmpty else { return }
            report.add(at: element.node.location, element: analysis.path(of: index), Self.conflicting(element, conflicts))
        }
    }

    /// What contradicts what.
    enum Conflict: Equatable {
        /// A button or link: by both traits (`kind` nil), or by its kind (`kind`, its type) and the
        /// other's trait (`trait`).
        case buttonAndLink(kind: String?, trait: String)
        /// A heading trait on a control.
        case headerOnControl
        /// The static text trait on a control.
        case staticTextOnControl
        /// The selected trait on content that cannot be chosen.
        case selectedOnContent
    }

    /// What contradicts what; empty when nothing does. Only elements with traits of their own are
    /// asked: a view's kind alone never conflicts with itself.
    static func conflicts(of node: ElementInfo) -> [Conflict] {
        let traits = node.traits
        let isLinkKind = node.hasType("Link")
        let isButtonKind = node.kind == .interactive && !isLinkKind
        let isButton = traits.contains(.button) || isButtonKind
        let isLink = traits.contains(.link) || isLinkKind
        let isControl =
            node.isInteractive || isButton || isLink || traits.contains(.adjustable)
            || traits.contains(.searchField) || traits.contains(.tab)
        var found: [Conflict] = []
        if isButton && isLink {
            found.append(
                .buttonAndLink(kind: isButtonKind || isLinkKind ? node.type : nil, trait: isLinkKind ? "button" : "link"))
        }
        if traits.contains(.header) && isControl { found.append(.headerOnControl) }
        if traits.contains(.staticText) && isControl { found.append(.staticTextOnControl) }
        if traits.contains(.selected) && !isControl { found.append(.selectedOnContent) }
        return found
    }
}

// MARK: - Messages

extension ConflictingTraitsRule {
    static func conflicting(_ element: ElementInfo, _ conflicts: [Conflict]) -> String {
        "\(element.type) \(element.displayName) has conflicting traits: \(conflicts.map(describe).joined(separator: "; ")); "
            + "keep the one role that says what activating it does"
    }

    static func describe(_ conflict: Conflict) -> String {
        switch conflict {
        case .buttonAndLink(let kind?, let trait): "a \(kind) with the \(trait) trait is announced as both button and link"
        case .buttonAndLink(nil, _): "button and link"
        case .headerOnControl: "header on a control (headings are landmarks, not actions)"
        case .staticTextOnControl: "static text on a control (VoiceOver stops saying it can be activated)"
        case .selectedOnContent: "selected on static content that cannot be chosen"
        }
    }
}
