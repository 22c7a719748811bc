// Friend search sheet (presented from the friends toolbar), with its own NavigationStack. The
// results are plain rows with an "add" button; nothing is pushed. Done right: no findings.
import SwiftUI

struct SearchView: View {
    let friends: [User]
    @Environment(\.dismiss) private var dismiss
    @State private var query = ""

    private var results: [User] {
        query.isEmpty ? [] : friends.filter { $0.name.contains(query) }
    }

    var body: some View {
        NavigationStack {
            List {
                TextField("이름으로 검색", text: $query)
                    .accessibilityAddTraits(.isSearchField)
                ForEach(results) { user in
                    HStack {
                        Text(user.name)
                        Spacer()
                        Button("추가") {
                            // Sends a friend request (out of scope).
                        }
                        .buttonStyle(.bordered)
                    }
                }
            }
            .navigationTitle("친구 검색")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("닫기") { dismiss() }
                }
            }
        }
    }
}
