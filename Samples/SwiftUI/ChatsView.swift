// Chats tab (ChatListView in the original app). Restoration was added here in a hurry: the row id
// is recorded with .simultaneousGesture(TapGesture()), which a VoiceOver double-tap does not always
// trigger, and .onAppear sets the focus state with no delay, during the pop animation, so
// VoiceOver ignores it. Both findings are about the whole screen.
import SwiftUI

struct ChatRoom: Identifiable, Hashable {
    let id: String
    var title: String
    var lastMessage: String
    var time: String
    var avatarAsset: String

    static let samples = [
        ChatRoom(id: "r1", title: "김철수", lastMessage: "내일 몇 시에 만나?", time: "오후 2:14", avatarAsset: "avatar_kim"),
        ChatRoom(id: "r2", title: "대학 동기방", lastMessage: "다음 주 모임 장소 정했어?", time: "월요일", avatarAsset: "avatar_group"),
    ]
}

// expect: missing_restoration_delay, unreliable_focus_capture
struct ChatsView: View {
    @State private var rooms = ChatRoom.samples
    @State private var lastFocusedID: ChatRoom.ID?
    @AccessibilityFocusState private var focus: ChatRoom.ID?

    var body: some View {
        NavigationStack {
            List(rooms) { room in
                NavigationLink(destination: ChatRoomView(room: room)) {
                    HStack {
                        Image(room.avatarAsset).resizable().frame(width: 48, height: 48)
                        VStack(alignment: .leading) {
                            Text(room.title).font(.headline)
                            Text(room.lastMessage).lineLimit(2)
                        }
                        Spacer()
                        Text(room.time).font(.caption)
                    }
                }
                .accessibilityElement(children: .combine)
                .simultaneousGesture(TapGesture().onEnded {
                    lastFocusedID = room.id
                })
                .accessibilityFocused($focus, equals: room.id)
            }
            .navigationTitle("채팅")
            .onAppear {
                focus = lastFocusedID
            }
        }
    }
}

struct ChatRoomView: View {
    let room: ChatRoom
    @State private var draft = ""

    var body: some View {
        VStack(spacing: 0) {
            ScrollView {
                LazyVStack(alignment: .leading, spacing: 8) {
                    HStack {
                        Text(room.lastMessage)
                        Text(room.time).font(.caption2)
                    }
                    .accessibilityElement(children: .combine)
                }
                .padding()
            }
            HStack {
                Button {
                    // Opens the attachment picker (out of scope).
                } label: {
                    Image(systemName: "plus.circle")
                }
                .accessibilityLabel("첨부")
                TextField("메시지 입력", text: $draft)
                    .textFieldStyle(.roundedBorder)
                Button {
                    draft = ""
                } label: {
                    Image(systemName: "paperplane.fill")
                }
                .accessibilityLabel("전송")
            }
            .padding()
        }
        .navigationTitle(room.title)
        .navigationBarTitleDisplayMode(.inline)
    }
}
