// Profile (OtherProfileView / MyProfileView in the original app), pushed from the friends list.
// It navigates nowhere, so it needs no restoration. The big profile photo opens a full-screen
// viewer with .onTapGesture, but is announced as a plain image: it lacks the button trait. Nothing
// moves focus back when the viewer (a fullScreenCover) is dismissed, and SwiftUI does not either.
import SwiftUI

// expect: focus_lost_on_return
struct ProfileView: View {
    let user: User
    @State private var showPhoto = false
    @State private var isFavorite = false

    var body: some View {
        VStack(spacing: 16) {
            // expect: tap_gesture_without_button_trait
            Image(user.profileAsset)
                .resizable()
                .scaledToFill()
                .frame(width: 140, height: 140)
                .clipShape(Circle())
                .accessibilityLabel("프로필 크게 보기")
                .onTapGesture {
                    showPhoto = true
                }
            Text(user.name)
                .font(.title2.bold())
                .accessibilityAddTraits(.isHeader)
            Text(user.statusMessage)
                .foregroundStyle(.secondary)
            HStack(spacing: 24) {
                Button {
                    // router.push(to: .chat(...)) in the original app; out of scope here.
                } label: {
                    Label("1:1 채팅", systemImage: "message")
                }
                Button {
                    isFavorite.toggle()
                } label: {
                    Label("즐겨찾기", systemImage: isFavorite ? "star.fill" : "star")
                }
            }
        }
        .padding()
        .navigationTitle("프로필")
        .fullScreenCover(isPresented: $showPhoto) {
            PhotoViewerView(user: user)
        }
    }
}

struct PhotoViewerView: View {
    let user: User
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        ZStack(alignment: .topTrailing) {
            Image(user.profileAsset)
                .resizable()
                .scaledToFit()
                .accessibilityLabel("\(user.name) 님의 프로필")
            Button {
                dismiss()
            } label: {
                Image(systemName: "xmark")
            }
            .accessibilityLabel("닫기")
            .padding()
        }
    }
}
