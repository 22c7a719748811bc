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
            wrong one, so returning from the second link puts the user on the first. A value written once \
            in the row of a `ForEach` or `List(data)` (`equals: .row`, or a `Bool` state) is bound in every \
            row: SwiftUI moves focus to one of the views bound to it, not to the row that was activated.
            """,
        fix: """
            Give every control its own case of the `ItemID` enum, for example from the model's id:

            ```swift
            enum ItemID: Hashable { case friend(Friend.ID), myProfile }
            .accessibilityFocused($focus, equals: .friend(friend.id))
            ```

            In a description, write a row's value as computed from its item: \
            `focus="friend(\\(friend.id))"` on a `repeated` element.
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
                ]),
            RuleExample(
                """
                <app>
                  <screen id="films" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <List>
                      ↓<NavigationLink destination="film" repeated="true" focus="row"><Text>\\(film.title)</Text></NavigationLink>
                    </List>
                  </screen>
                  <screen id="film"/>
                </app>
                """,
                messages: [
                    """
                    focus value 'row' is bound in every row of its data, one value for all the rows; focus restored to this \
                    value cannot tell the elements apart
                    """
                ]),
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
                """),
            RuleExample(
                """
                <app>
                  <screen id="films" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                    <List>
                      <NavigationLink destination="film" repeated="true" focus="film(\\(film.id))"><Text>\\(film.title)</Text></NavigationLink>
                    </List>
                  </screen>
                  <screen id="film"/>
                </app>
                """),
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
        // The elements that bind one value in every row of their data.
        let inRows = analysis.focusInEveryRow
        var nextInRows = 0
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
            var everyRow: String?
            if nextInRows < inRows.count && inRows[nextInRows] == index {
                if sameFocus == nil { everyRow = element.node.focus }
                nextInRows += 1
            }
            guard sameID != nil || sameFocus != nil || everyRow != nil else { return }
            report.add(at: element.node.location, element: analysis.path(of: index)) { out in
                Self.shared(id: sameID, focus: sameFocus, everyRow: everyRow, to: &out)
            }
        }
    }
}

// MARK: - Messages

extension DuplicateFocusIDRule {
    /// An element whose id, focus value or both an earlier element of its screen already has.
    /// Written as bytes: a file can have one on every element.
    /// `everyRow` is the focus value of an element that stands for one element of every row of its
    /// data when no earlier element binds it: each row binds it.
    static func shared(
        id: (id: String, earlier: ElementInfo)?, focus: (focus: String, earlier: ElementInfo)?, everyRow: String? = nil,
        to out: inout UTF8Builder
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
        if let everyRow {
            if id != nil { out.append(", and ") }
            out.append("focus value '")
            out.append(MessageText.quoted(everyRow))
            out.append("' is bound in every row of its data, one value for all the rows")
        }
        // The same end in every message, stored once by the finding list.
        out.markSharedTail()
        out.append("; focus restored to this value cannot tell the elements apart")
    }
}
