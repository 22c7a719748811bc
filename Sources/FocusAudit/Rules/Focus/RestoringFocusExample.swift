/// The good example that the rules on restoring focus after a return share: the fix of the core
/// pattern in SwiftUI. Each control has an id, the link records it through its `isActive` binding when
/// navigation starts (not through a tap gesture, which a link can swallow), and on re-appearing the
/// screen moves `@AccessibilityFocusState` back to it after a delay longer than the transition.
/// `focus_lost_on_return`, `missing_restoration_delay`, `excessive_restoration_delay`,
/// `unreliable_focus_capture` and `unbound_focus_target` all show it on their rule pages, and each
/// rule's example test checks that it gives that rule no finding.
extension RuleExample {
    static let restoringFocusInSwiftUI = RuleExample(
        #"""
        import SwiftUI

        struct FriendsView: View {
            let friends = ["김철수", "이영희"]
            @AccessibilityFocusState private var focus: String?
            @State private var lastFocused: String?
            @State private var active: String?

            var body: some View {
                NavigationStack {
                    List(friends, id: \.self) { friend in
                        NavigationLink(
                            destination: ChatView(),
                            isActive: Binding(
                                get: { active == friend },
                                set: { isActive in
                                    if isActive { lastFocused = friend }
                                    active = isActive ? friend : nil
                                })
                        ) {
                            Text(friend)
                        }
                        .accessibilityFocused($focus, equals: friend)
                    }
                    .navigationTitle("친구")
                    .onAppear {
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
                            focus = lastFocused
                        }
                    }
                }
            }
        }

        struct ChatView: View {
            var body: some View {
                Text("채팅")
                    .navigationTitle("채팅")
            }
        }
        """#)
}
