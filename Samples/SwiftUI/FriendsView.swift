// Friends tab (HomeView in the original app), written as the focus-restoration guide says: every
// NavigationLink's isActive goes through binding(for:destinationIsActive:), whose setter records
// the activated row, every link has .accessibilityFocused, and .onAppear moves focus back after
// asyncAfter(0.6). SwiftUI does not send focus back to the control that presented a sheet, so the
// search sheet's onDismiss moves it back to the search button. The one problem left is that
// button's missing name.
import SwiftUI

struct User: Identifiable, Hashable {
    let id: String
    var name: String
    var statusMessage: String
    var profileAsset: String

    static let me = User(id: "me", name: "홍길동", statusMessage: "오늘도 좋은 하루", profileAsset: "avatar_me")
    static let friends = [
        User(id: "kim", name: "김철수", statusMessage: "운동 중", profileAsset: "avatar_kim"),
        User(id: "lee", name: "이영희", statusMessage: "여행 가고 싶다", profileAsset: "avatar_lee"),
    ]
}

struct FriendsView: View {
    enum ItemID: Hashable {
        case myProfile
        case friend(User.ID)
        case search
    }

    @State private var friends = User.friends
    @State private var lastFocusedID: ItemID?
    @State private var showMyProfile = false
    @State private var activeFriend: User.ID?
    @State private var showSearch = false
    @AccessibilityFocusState private var focus: ItemID?

    var body: some View {
        NavigationStack {
            List {
                NavigationLink(
                    destination: ProfileView(user: .me),
                    isActive: binding(for: .myProfile, destinationIsActive: $showMyProfile)
                ) {
                    HStack {
                        Image(User.me.profileAsset).resizable().frame(width: 52, height: 52)
                        VStack(alignment: .leading) {
                            Text(User.me.name).font(.headline)
                            Text(User.me.statusMessage).font(.caption)
                        }
                    }
                }
                .accessibilityElement(children: .combine)
                .accessibilityLabel("내 프로필 보기")
                .accessibilityFocused($focus, equals: .myProfile)

                Section {
                    ForEach(friends) { friend in
                        NavigationLink(
                            destination: ProfileView(user: friend),
                            isActive: binding(for: .friend(friend.id), destinationIsActive: isShowing(friend.id))
                        ) {
                            Text(friend.name)
                        }
                        .accessibilityFocused($focus, equals: .friend(friend.id))
                    }
                } header: {
                    Text("친구 \(friends.count)")
                }
            }
            .navigationTitle("친구")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    // Button { showSearch = true } label: { Image("icon_search") }: VoiceOver says "icon_search".
                    // expect: unlabeled_control
                    Button {
                        showSearch = true
                    } label: {
                        Image("icon_search")
                    }
                    .accessibilityFocused($focus, equals: .search)
                }
            }
            .sheet(isPresented: $showSearch, onDismiss: { focus = .search }) {
                SearchView(friends: friends)
            }
            .onAppear {
                if let lastID = lastFocusedID {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) {
                        focus = lastID
                    }
                }
            }
        }
    }

    private func isShowing(_ id: User.ID) -> Binding<Bool> {
        Binding(get: { activeFriend == id }, set: { activeFriend = $0 ? id : nil })
    }

    private func binding(for id: ItemID, destinationIsActive: Binding<Bool>) -> Binding<Bool> {
        Binding(
            get: { destinationIsActive.wrappedValue },
            set: { newValue in
                if newValue {
                    lastFocusedID = id
                }
                destinationIsActive.wrappedValue = newValue
            }
        )
    }
}
