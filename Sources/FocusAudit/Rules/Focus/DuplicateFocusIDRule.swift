/// `duplicate_focus_id`: two elements of one screen share a focus value or an id.
public struct DuplicateFocusIDRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.duplicateFocusID,
        name: "Duplicate focus id",
        summary: "Two elements of one screen share a `focus` value or an `id`.",
        rationale: """
            Focus is restored by value: `focus = .friend1` goes to the element bound with \
            `equals: .friend1`. When two elements share the value, VoiceOver picks one of them, often the \
            wrong one, so returning from the second link puts the user on the first.
            """,
        fix: """
            Give every control its own case of the `ItemID` enum, for example from the model's id:

            ```swift
            enum ItemID: Hashable { case friend(Friend.ID), myProfile }
            .accessibilityFocused($focus, equals: .friend(friend.id))
            ```
            """,
        severity: .error,
        references: ["WCAG 2.4.3 Focus Order"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <NavigationLink id="a" destination="chat" focus="row"><Text>김철수</Text></NavigationLink>
                    ↓<NavigationLink id="b" destination="chat" focus="row"><Text>이영희</Text></NavigationLink>
                    ↓<Button id="a" label="추가"/>
                  </screen>
                  <screen id="chat"/>
                </app>
                """,
                messages: [
                    """
                    focus value 'row' is already bound to "김철수" (a) at line 3; focus restored to this value cannot tell the \
                    elements apart
                    """,
                    "id 'a' is already used by \"김철수\" (a) at line 3; focus restored to this value cannot tell the elements apart",
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <NavigationLink id="a" destination="chat" focus="a"><Text>김철수</Text></NavigationLink>
                    <NavigationLink id="b" destination="chat" focus="b"><Text>이영희</Text></NavigationLink>
                  </screen>
                  <screen id="chat">
                    <Button id="a" label="전송" focus="a"/>
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
                        enum Field: Hashable { case message, send }
                        @AccessibilityFocusState private var focus: Field?
                        @State private var message = ""

                        var body: some View {
                            VStack {
                                TextField("메시지", text: $message)
                                    .accessibilityFocused($focus, equals: .message)
                                ↓Button("전송") { focus = .message }
                                    .accessibilityFocused($focus, equals: .message)
                            }
                            .navigationTitle("새 메시지")
                        }
                    }
                    """#,
                    messages: [
                        """
                        focus value 'message' is already bound to "메시지" at line 10; focus restored to this value cannot tell the \
                        elements apart
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ComposerView: View {
                        enum Field: Hashable { case message, send }
                        @AccessibilityFocusState private var focus: Field?
                        @State private var message = ""

                        var body: some View {
                            VStack {
                                TextField("메시지", text: $message)
                                    .accessibilityFocused($focus, equals: .message)
                                Button("전송") { focus = .message }
                                    .accessibilityFocused($focus, equals: .send)
                            }
                            .navigationTitle("새 메시지")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        // A large screen's ids are filed by element, read again from its store (`StoreIDIndex`); a
        // small screen's few are kept in a short list, which costs no table of slots.
        let byElement = analysis.elements.count > StoreIDIndex.fromElements
        var ids = FirstIndexTable()
        var idsByElement = StoreIDIndex()
        // The focus values that repeat an earlier one, found by the analysis as it filed them.
        let repeats = analysis.focusRepeats
        var nextRepeat = 0
        analysis.forEachElement { index, element in
            var sameID: (id: String, earlier: ElementInfo)?
            var sameFocus: (focus: String, earlier: ElementInfo)?
            // The id is read in place; a string is made only for a repeated one.
            if let first = element.withIDBytes({ bytes in
                bytes.flatMap { byElement ? idsByElement.insert($0, at: index, in: analysis.elements) : ids.insert(bytes: $0, at: index) }
            }) {
                sameID = (element.id.unsafelyUnwrapped, analysis.elements[first])
            }
            if nextRepeat < repeats.count && repeats[nextRepeat].element == index {
                sameFocus = (element.node.focus.unsafelyUnwrapped, analysis.elements[repeats[nextRepeat].first])
                nextRepeat += 1
            }
            guard sameID != nil || sameFocus != nil else { return }
            report.add(at: element.node.location, element: analysis.path(of: index)) { out in
                Self.shared(id: sameID, focus: sameFocus, to: &out)
            }
        }
    }
}

// MARK: - Messages

extension DuplicateFocusIDRule {
    /// An element whose id, focus value or both an earlier element of its screen already has.
    /// Written as bytes: a file can have one on every element.
    static func shared(
        id: (id: String, earlier: ElementInfo)?, focus: (focus: String, earlier: ElementInfo)?, to out: inout UTF8Builder
    ) {
        if let (id, earlier) = id {
            out.append("id '")
            out.append(MessageText.quoted(id))
            out.append("' is already used by ")
            earlier.appendDisplayName(to: &out)
            out.append(" at line ")
            out.append(decimal: earlier.node.location.line)
        }
        if let (focus, earlier) = focus {
            if id != nil { out.append(", and ") }
            out.append("focus value '")
            out.append(MessageText.quoted(focus))
            out.append("' is already bound to ")
            earlier.appendDisplayName(to: &out)
            out.append(" at line ")
            out.append(decimal: earlier.node.location.line)
        }
        // The same end in every message, stored once by the finding list.
        out.markSharedTail()
        out.append("; focus restored to this value cannot tell the elements apart")
    }
}
