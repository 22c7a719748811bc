// LMessenger in SwiftUI source form: the same chat app as messenger-broken.xml, small enough to
// read in one sitting. The App's WindowGroup shows a TabView whose two tabs each hold their own
// NavigationStack (two root screens): FriendsView follows the focus-restoration guide,
// ChatsView gets it wrong. Every finding focusaudit should report is announced by an expect
// comment on the line(s) right before the line the finding points at.
import SwiftUI

@main
struct LMessengerApp: App {
    var body: some Scene {
        WindowGroup {
            MainTabView()
        }
    }
}

struct MainTabView: View {
    var body: some View {
        TabView {
            FriendsView()
                .tabItem {
                    Label("친구", systemImage: "person.2")
                }
            ChatsView()
                .tabItem {
                    Label("채팅", systemImage: "bubble.left.and.bubble.right")
                }
        }
    }
}
