import FocusAudit
import FocusAuditSwiftUI
import Foundation
import Testing

/// The SwiftUI reader on the fixtures in `Tests/fixtures/swiftui` and the sample in
/// `Samples/SwiftUI`: each folder is one app, and every finding must match an `// expect: rule`
/// comment placed right before the line it points at (comments and blank lines in between are
/// skipped), with no other finding.
struct SwiftUIReaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var fixtureFolders: [String] {
        let base = root.appendingPathComponent("Tests/fixtures/swiftui")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.filter { !$0.hasSuffix(".md") }.sorted().map { "Tests/fixtures/swiftui/" + $0 } + ["Samples/SwiftUI"]
    }

    static func swiftFiles(in folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder + "/" + $0 }
    }

    /// `file:line rule` for each expectation in the folder's files.
    static func expectations(in folder: String) -> [String] {
        var out: [String] = []
        for file in swiftFiles(in: folder) {
            let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
            var pending: [String] = []
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// expect:") {
                    pending += trimmed.dropFirst("// expect:".count).split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }
                    continue
                }
                if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
                out += pending.map { "\(file):\(i + 1) \($0)" }
                pending = []
            }
        }
        return out.sorted()
    }

    static func audit(_ folder: String, configuration: Configuration = Configuration()) -> AuditResult {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        return Auditor.audit(paths: [folder], configuration: configuration, registry: ReaderRegistry([SwiftUIReader()]))
    }

    @Test(arguments: fixtureFolders)
    func findingsMatchTheExpectComments(folder: String) {
        let result = Self.audit(folder)
        #expect(result.inputErrors.isEmpty, "\(result.inputErrors)")
        let found = result.findings.map { "\($0.file):\($0.location.line) \($0.rule)" }.sorted()
        #expect(found == Self.expectations(in: folder))
    }

    @Test func theFixturesCoverTheFocusAndLabelRules() {
        var rules: Set<String> = []
        for folder in Self.fixtureFolders { rules.formUnion(Self.audit(folder).findings.map(\.rule)) }
        for rule in [
            "focus_lost_on_return", "missing_restoration_delay", "excessive_restoration_delay", "unreliable_focus_capture",
            "unbound_focus_target", "unlabeled_control", "symbol_only_label", "image_missing_label",
            "redundant_trait_in_label", "tap_gesture_without_button_trait", "superfluous_suppression",
            "fixed_font_size", "text_may_clip", "header_missing", "small_touch_target",
        ] {
            #expect(rules.contains(rule), "no fixture gives \(rule)")
        }
    }

    /// The export, audited as an XML description, gives the same rules and element paths as the
    /// Swift files it was made from.
    /// Screens are translated on several threads unless --jobs is 1: the document read (every
    /// screen, in order, with its positions) must be the same either way.
    @Test(arguments: fixtureFolders)
    func oneJobAndTwoJobsReadTheSameDocument(folder: String) {
        let files = Self.swiftFiles(in: folder).map { ReaderFile(path: Self.root.appendingPathComponent($0).path, explicit: false) }
        func read(jobs: Int) -> (xml: String, stubs: [String]) {
            var configuration = Configuration()
            configuration.jobs = jobs
            let reading = SwiftUIReader().read(files: files, configuration: configuration)
            return (reading.document.xml(), reading.stubScreens.sorted())
        }
        let one = read(jobs: 1)
        #expect(one.xml.contains("<screen"))
        for _ in 0..<3 {
            let two = read(jobs: 2)
            #expect(two.xml == one.xml)
            #expect(two.stubs == one.stubs)
        }
    }

    @Test(arguments: fixtureFolders)
    func auditingTheExportGivesTheSameRulesAndPaths(folder: String) {
        let files = Self.swiftFiles(in: folder).map { ReaderFile(path: Self.root.appendingPathComponent($0).path, explicit: false) }
        let reading = SwiftUIReader().read(files: files, configuration: Configuration())
        let xml = reading.document.xml()
        let exported = Auditor.audit(text: xml, file: "export.xml")
        #expect(exported.error == nil, "\(String(describing: exported.error))")
        let stubs = reading.stubScreens.map { "screen[\($0)]" }
        // File-wide suppressions apply per Swift file, which one XML file cannot say.
        let fileWide = Set(reading.document.fileSuppressions.flatMap(\.rules))
        let fromXML = exported.findings.filter { f in
            !stubs.contains { f.element == $0 || f.element.hasPrefix($0 + "/") } && !fileWide.contains(f.rule)
                && f.rule != "superfluous_suppression"
        }.map { "\($0.rule) \($0.element)" }.sorted()
        let fromSwift = Self.audit(folder).findings.filter { !fileWide.contains($0.rule) && $0.rule != "superfluous_suppression" }
            .map { "\($0.rule) \($0.element)" }.sorted()
        #expect(fromXML == fromSwift)
    }

    @Test func aFileSwiftCannotParseIsAnInputErrorAndTheOthersAreStillAudited() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focusaudit-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        import SwiftUI
        struct Broken: View {
            var body: some View {
                VStack {
                    Text("a"
                }
            }
        }
        """.write(to: dir.appendingPathComponent("Broken.swift"), atomically: true, encoding: .utf8)
        try """
        import SwiftUI
        struct Fine: View {
            var body: some View {
                Button { } label: { Image("icon_send") }
            }
        }
        """.write(to: dir.appendingPathComponent("Fine.swift"), atomically: true, encoding: .utf8)
        try "struct Model { var name: String }\n".write(
            to: dir.appendingPathComponent("Model.swift"), atomically: true, encoding: .utf8)
        let result = Auditor.audit(
            paths: [dir.path], configuration: Configuration(), registry: ReaderRegistry([SwiftUIReader()]))
        let error = try #require(result.inputErrors.first)
        #expect(error.file.hasSuffix("Broken.swift"))
        #expect(error.location?.line == 5)
        #expect(result.exitStatus(strict: false) == 2)
        #expect(result.findings.map(\.rule) == ["unlabeled_control"])
        #expect(result.findings.first?.location == SourceLocation(line: 4, column: 9))
        #expect(result.skippedFileCount == 1)
    }

    @Test func columnsCountUnicodeScalarsAndCustomViewsResolveAcrossFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focusaudit-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        import SwiftUI
        struct Home: View {
            var body: some View {
                VStack { Text("친구"); IconButton(symbol: "trash") }
            }
        }
        """.write(to: dir.appendingPathComponent("Home.swift"), atomically: true, encoding: .utf8)
        try """
        import SwiftUI
        struct IconButton: View {
            let symbol: String
            var body: some View {
                Button { } label: { Image(systemName: symbol) }
            }
        }
        """.write(to: dir.appendingPathComponent("IconButton.swift"), atomically: true, encoding: .utf8)
        let result = Auditor.audit(
            paths: [dir.path], configuration: Configuration(), registry: ReaderRegistry([SwiftUIReader()]))
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.rule == "symbol_only_label")
        #expect(finding.message.contains("trash"))
        // At the use, after a two-syllable Korean string counted as two columns.
        #expect(finding.file.hasSuffix("Home.swift"))
        #expect(finding.location == SourceLocation(line: 4, column: 30))
        #expect(finding.element == "screen[Home]/VStack[1]/IconButton[1]/Button[1]")
    }
}

/// Readings of SwiftUI semantics, each on a small app written here.
struct SwiftUISemanticsTests {
    static func audit(_ files: [String: String], configuration: Configuration = Configuration()) throws -> AuditResult {
        try withFiles(files) { dir in
            Auditor.audit(paths: [dir.path], configuration: configuration, registry: ReaderRegistry([SwiftUIReader()]))
        }
    }

    /// Calls `body` with a new temporary directory holding `files` (name → text), removed after.
    static func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focusaudit-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try body(dir)
    }

    static func rules(_ result: AuditResult) -> [String] {
        result.findings.map { "\($0.location.line) \($0.rule)" }
    }

    @Test func anInterpolatedTitleIsShownAsWrittenInMessages() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                let count: Int
                var body: some View {
                    Button("Remove button \\(count)") {}
                }
            }
            """
        ])
        #expect(Self.rules(result) == ["5 redundant_trait_in_label"])
        // The words of the literal and the interpolation as written, not the literal's source.
        #expect(result.findings.first?.message.contains(#"the name "Remove button \(count)" repeats"#) == true)
    }

    @Test func aStateTextGivenByTheCallerNamesTheControl() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct AboutScreen: View {
                @State private var showsLegal = false
                var body: some View {
                    List {
                        AboutRow(mainText: "Legal notices") { showsLegal = true }
                    }
                    .navigationTitle("About")
                    .sheet(isPresented: $showsLegal) { LegalScreen() }
                }
            }
            struct AboutRow: View {
                @State var mainText = ""
                @State var action: () -> Void
                var body: some View {
                    Button(action: { action() }) {
                        Text(mainText)
                    }
                }
            }
            struct LegalScreen: View {
                var body: some View { Text("Legal") }
            }
            """
        ])
        #expect(Self.rules(result) == ["2 focus_lost_on_return"])
        // `@State var mainText = ""` is a parameter of the memberwise initialiser: the row's button
        // is named by what the caller gives, not by the property's name.
        #expect(result.findings.first?.message.contains(#""Legal notices" → LegalScreen"#) == true)
    }

    @Test func aFocusBindingOnAButtonsLabelBindsTheButton() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                @AccessibilityFocusState var trigger: Bool
                var body: some View {
                    Button(action: {}) {
                        Text("Show")
                            .accessibilityFocused($trigger)
                    }
                }
            }
            """
        ])
        // No focus_on_hidden_element: the button is bound. Nothing assigns the state, though.
        #expect(Self.rules(result) == ["3 unused_focus_state"])
    }

    @Test func localizationKeysAndComputedStringsNameButDoNotRepeatRoles() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                let item: Item
                var body: some View {
                    VStack {
                        Button("editor.button.drafts") {}
                        Button(item.buttonTitle) {}
                        Button("Send button") {}
                    }
                }
            }
            """
        ])
        #expect(Self.rules(result) == ["8 redundant_trait_in_label"])
    }

    @Test func anArraysAppendIsNotNavigationButAPathsIs() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            enum Route: Hashable { case detail }
            struct A: View {
                @State var path: [Route] = []
                @State var options: [String] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        List {
                            Button("Add option") { options.append("") }
                            Button("Open") { path.append(Route.detail) }
                        }
                        .navigationTitle("Home")
                        .navigationDestination(for: Route.self) { _ in Detail() }
                    }
                }
            }
            struct Detail: View { var body: some View { Text("Detail") } }
            """
        ])
        // Only "Open" pushes, so only it is named as losing focus on the way back.
        let finding = try #require(result.findings.first)
        #expect(Self.rules(result) == ["3 focus_lost_on_return"])
        #expect(finding.message.contains("\"Open\" → Detail"))
        #expect(!finding.message.contains("Add option"))
    }

    @Test func focusMovedWithAFormFieldIsNotARestoration() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                @FocusState var editing: Bool
                @AccessibilityFocusState var spoken: Bool
                var body: some View {
                    TextField("Amount", text: .constant(""))
                        .focused($editing)
                        .accessibilityFocused($spoken)
                        .onChange(of: editing) { _, now in spoken = now }
                }
            }
            """
        ])
        #expect(Self.rules(result) == [])
    }

    @Test func aMessageNamingAnotherElementsLineNamesItsSwiftLine() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                @AccessibilityFocusState var focus: Field?
                var body: some View {
                    VStack {
                        Text("One").accessibilityFocused($focus, equals: .name)
                        Text("Two").accessibilityFocused($focus, equals: .name)
                    }
                }
            }
            """
        ])
        let finding = try #require(result.findings.first { $0.rule == "duplicate_focus_id" })
        #expect(finding.location.line == 7)
        #expect(finding.message.contains("at line 6"))
    }

    @Test func theSameHelperInTwoLayoutsIsOneSetOfElements() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                @AccessibilityFocusState var heading: Bool
                @Environment(\\.horizontalSizeClass) var size
                var body: some View {
                    if size == .compact { VStack { main() } } else { HStack { main() } }
                }
                @ViewBuilder func main() -> some View {
                    Text("Title").accessibilityFocused($heading)
                    Image("hero")
                }
            }
            """
        ])
        #expect(Self.rules(result) == ["3 unused_focus_state", "10 image_missing_label"])
    }
}

struct ComponentSettingTests {
    @Test func componentsAreReadFromTheConfigurationFile() throws {
        let file = try ConfigurationFile.parse(
            """
            components:
              IconButton: {role: button, label: title}
              Avatar:
                role: image
                decorative: true
            """, path: ".focusaudit.yml")
        var configuration = Configuration()
        file.apply(to: &configuration)
        #expect(configuration.components["IconButton"] == ComponentMapping(role: "button", label: "title"))
        #expect(configuration.components["Avatar"] == ComponentMapping(role: "image", decorative: true))
    }

    @Test func anUnknownComponentRoleIsAnErrorAtItsPlace() throws {
        #expect(throws: InputError.self) {
            try ConfigurationFile.parse("components:\n  IconButton: {role: buton}\n", path: ".focusaudit.yml")
        }
        do {
            _ = try ConfigurationFile.parse("components:\n  IconButton: {role: buton}\n", path: ".focusaudit.yml")
        } catch {
            #expect(error.location?.line == 2)
            #expect(error.message.contains("did you mean 'button'"))
        }
    }

    @Test func aMappedComponentIsReadAsItsRoleNamedByItsArgument() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focusaudit-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
        import SwiftUI
        import DesignSystem
        struct Home: View {
            var body: some View {
                VStack {
                    IconButton(title: "Delete", icon: "trash") {}
                    IconButton(icon: "plus") {}
                    Avatar(url: user.avatarURL)
                }
            }
        }
        """.write(to: dir.appendingPathComponent("Home.swift"), atomically: true, encoding: .utf8)
        var configuration = Configuration()
        configuration.components = [
            "IconButton": ComponentMapping(role: "button", label: "title"),
            "Avatar": ComponentMapping(role: "image", decorative: true),
        ]
        let result = Auditor.audit(paths: [dir.path], configuration: configuration, registry: ReaderRegistry([SwiftUIReader()]))
        // Without the setting, both buttons would be containers that may show text: no finding.
        #expect(
            result.findings.map { "\($0.location.line) \($0.rule) \($0.element)" } == [
                "7 unlabeled_control screen[Home]/VStack[1]/Button[2]"
            ])
    }
}

extension SwiftUISemanticsTests {
    @Test func aTitledButtonsTrailingActionIsCheckedForRecording() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                @State var showDetail = false
                @State var last: String?
                @State var items: [String] = []
                @AccessibilityFocusState var focus: String?
                var body: some View {
                    NavigationStack {
                        VStack {
                            Button("Open") { showDetail = true }
                                .accessibilityFocused($focus, equals: "open")
                            Button("Clear") { items.removeAll() }
                        }
                        .navigationDestination(isPresented: $showDetail) { Detail() }
                        .onAppear {
                            DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { focus = last }
                        }
                    }
                }
            }
            struct Detail: View { var body: some View { Text("Detail") } }
            """
        ])
        // "Open" pushes without recording itself in `last`; "Clear" empties a list, not the stack.
        #expect(Self.rules(result) == ["2 focus_lost_on_return"])
        #expect(result.findings.first?.message.contains("nothing records") == true)
    }

    /// A `focusaudit:` comment with a directive focusaudit does not know is reported at the comment,
    /// as in a description, wherever it stands (before a statement, inside a modifier chain, at the
    /// end of the file), once each; it silences nothing, and the export says the same.
    @Test func anUnknownDirectiveIsReportedAtItsComment() throws {
        let source = """
            import SwiftUI
            struct A: View {
                var body: some View {
                    VStack {
                        // focusaudit:enable unlabeled_control
                        Button { } label: { Image("icon_send") }
                        Text("Hi")
                            /* focusaudit:disabel image_missing_label */
                            .font(.body)
                    }
                }
            }
            // focusaudit: disable unlabeled_control
            """
        let result = try Self.audit(["A.swift": source])
        let invalid = result.findings.filter { $0.rule == "invalid_description" }
        #expect(invalid.map { "\($0.location.line):\($0.location.column)" } == ["5:13", "8:17", "13:1"])
        #expect(invalid.map(\.element) == ["app", "app", "app"])
        #expect(invalid.first?.message == "unknown focusaudit directive 'enable'")
        #expect(invalid.dropFirst().first?.message.hasPrefix("unknown focusaudit directive 'disabel'") == true)
        #expect(
            invalid.last?.message
                == "a focusaudit directive follows 'focusaudit:' with no space between: write 'focusaudit:disable', not 'focusaudit: disable'"
        )
        #expect(result.findings.contains { $0.rule == "unlabeled_control" && $0.location.line == 6 })
        #expect(result.exitStatus(strict: false) == 1)

        let exported = try Self.auditOfExport(source)
        #expect(exported.findings.filter { $0.rule == "invalid_description" }.map(\.message) == invalid.map(\.message))
    }

    /// Audits what `focusaudit export` writes for one Swift file `A.swift`.
    static func auditOfExport(_ source: String) throws -> FileAudit {
        try SwiftUISemanticsTests.withFiles(["A.swift": source]) { dir in
            let file = dir.appendingPathComponent("A.swift")
            let reading = SwiftUIReader().read(files: [ReaderFile(path: file.path, explicit: true)], configuration: Configuration())
            return Auditor.audit(text: reading.document.xml(), file: "export.xml")
        }
    }

    /// A `disable-file` comment naming an unknown rule id next to a known one is written back as
    /// written, so auditing the export gives the same "unknown rule id" problem and still silences
    /// the known rule.
    @Test func aDisableFileWithAnUnknownIdIsExportedAsWritten() throws {
        let source = """
            // focusaudit:disable-file unlabelled_control, image_missing_label
            import SwiftUI
            struct A: View {
                var body: some View {
                    VStack {
                        Button { } label: { Image("icon_send") }
                        Image("hero")
                    }
                }
            }
            """
        let result = try Self.audit(["A.swift": source])
        let invalid = result.findings.filter { $0.rule == "invalid_description" }.map(\.message)
        #expect(invalid.count == 1)
        #expect(invalid.first?.contains("unlabelled_control") == true)
        #expect(!result.findings.contains { $0.rule == "image_missing_label" })
        #expect(result.findings.contains { $0.rule == "unlabeled_control" })

        let exported = try Self.auditOfExport(source)
        #expect(exported.findings.filter { $0.rule == "invalid_description" }.map(\.message) == invalid)
        #expect(exported.findings.map(\.rule).sorted() == result.findings.map(\.rule).sorted())
    }
}

/// The project's own view modifiers and initialisers, read into the document.
struct CustomModifierTests {
    static func document(_ source: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focusaudit-modifier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("App.swift").path
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return SwiftUIReader().read(files: [ReaderFile(path: path, explicit: true)], configuration: Configuration()).document.xml()
    }

    @Test func contentNamedInTwoBranchesIsOneView() throws {
        let xml = try Self.document(
            """
            import SwiftUI

            struct Highlighted: ViewModifier {
                let on: Bool
                func body(content: Content) -> some View {
                    if on {
                        content.accessibilityAddTraits(.isHeader)
                    } else {
                        content
                    }
                }
            }

            struct Home: View {
                var body: some View {
                    Text("오늘의 소식").modifier(Highlighted(on: true))
                }
            }
            """)
        #expect(xml.components(separatedBy: "오늘의 소식").count == 2, "\(xml)")
        #expect(xml.contains("<Text traits=\"header\">오늘의 소식</Text>"), "\(xml)")
    }

    @Test func aHandWrittenInitStoresItsParametersUnderOtherNames() throws {
        let xml = try Self.document(
            """
            import SwiftUI

            struct Avatar: View {
                let imageName: String
                let caption: String
                init(image: String, title: String = "프로필") {
                    self.imageName = image
                    caption = title
                }
                var body: some View {
                    Image(imageName).accessibilityLabel(caption)
                }
            }

            struct Home: View {
                var body: some View {
                    Avatar(image: "avatar_kim")
                }
            }
            """)
        #expect(xml.contains("<Image asset=\"avatar_kim\" label=\"프로필\"/>"), "\(xml)")
    }
}

/// What SwiftUI does on dismissal is a setting per kind: `presentations:` wins over SwiftUI's default
/// (sheets, covers and popovers lose focus), and `modal_restores_focus` alone does not change it.
struct SwiftUIDismissalTests {
    @Test func presentationsChangeWhatADismissalDoes() throws {
        let folder = "Tests/fixtures/swiftui/15-sheet-dismissal"
        func lost(_ configuration: Configuration) -> [Finding] {
            SwiftUIReaderTests.audit(folder, configuration: configuration).findings.filter {
                $0.rule == "focus_lost_on_return"
            }
        }
        #expect(lost(Configuration()).map(\.element) == ["screen[ShelfView]", "screen[TagsView]"])
        var restoring = Configuration()
        restoring.presentations = [.sheet: .restores, .popover: .restores, .fullScreenCover: .restores]
        #expect(lost(restoring).isEmpty)
        var onlyCover = Configuration()
        onlyCover.presentations = [.fullScreenCover: .restores]
        let finding = try #require(lost(onlyCover).last)
        #expect(finding.message.contains("\"도움말\" → TagHelpView"))
        #expect(!finding.message.contains("TagPreviewView"))
        var legacy = Configuration()
        legacy.modalRestoresFocus = true
        #expect(lost(legacy).count == 2)
    }
}

/// iOS 26's `accessibilityDefaultFocus(_:_:)` is read as the screen's `default-focus`.
struct DefaultFocusTests {
    @Test func aBoolDefaultFocusNamesTheStateAndLandsOnItsElement() throws {
        let xml = try CustomModifierTests.document(
            """
            import SwiftUI

            struct Home: View {
                @AccessibilityFocusState private var headingFocused: Bool
                var body: some View {
                    NavigationStack {
                        VStack {
                            NavigationLink("설정") { Settings() }
                            Text("오늘").accessibilityFocused($headingFocused)
                        }
                        .accessibilityDefaultFocus($headingFocused, true)
                        .navigationTitle("홈")
                    }
                }
            }

            struct Settings: View {
                var body: some View { Text("설정 화면") }
            }
            """)
        #expect(xml.contains("<screen id=\"Home\" title=\"홈\" root=\"true\" default-focus=\"headingFocused\">"), "\(xml)")
        let audit = Auditor.audit(text: xml, file: "export.xml")
        let finding = try #require(audit.findings.first { $0.rule == "focus_lost_on_return" })
        #expect(finding.message.contains("puts VoiceOver focus on \"오늘\", the screen's default focus"))
    }
}

/// A restoration made by code focusaudit cannot see is said in the export and never becomes a finding.
struct UnresolvedRestoreTests {
    @Test func aFocusStateHandedToAnotherModuleIsAnUnknownRestorationNotALoss() throws {
        let source = """
            import SwiftUI
            import FocusKit

            enum Row: Hashable { case a, b }

            struct Home: View {
                @AccessibilityFocusState private var focus: Row?
                var body: some View {
                    NavigationStack {
                        List {
                            NavigationLink("A") { Detail() }
                                .accessibilityFocused($focus, equals: .a)
                            NavigationLink("B") { Detail() }
                                .accessibilityFocused($focus, equals: .b)
                        }
                        .navigationTitle("홈")
                        .onAppear { FocusKit.restore($focus) }
                    }
                }
            }

            struct Detail: View {
                var body: some View { Text("상세") }
            }
            """
        let xml = try CustomModifierTests.document(source)
        #expect(xml.contains("restore-focus=\"on-appear\""), "\(xml)")
        #expect(xml.contains("$focus is handed to code focusaudit cannot see); assumed long enough"), "\(xml)")
        #expect(xml.contains("assumed recorded: focus is restored by code outside the audited files"), "\(xml)")
        let result = try SwiftUISemanticsTests.audit(["A.swift": source])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }
}

/// How a pushed value's type and a view model's type are worked out: each form is the only way to
/// its own screen, so a form that is not read leaves that screen unreachable.
struct NavigationTypeTests {
    @Test func eachValueFormGoesToTheRegistrationForItsType() throws {
        let result = try SwiftUISemanticsTests.audit([
            "A.swift": """
            import SwiftUI
            struct Order: Identifiable, Hashable { let id: UUID }
            struct Tag: Hashable { let name: String }
            struct Badge: Hashable { let name: String }
            struct A: View {
                let orders: [Order]
                var body: some View {
                    NavigationStack {
                        List {
                            NavigationLink("Words", value: "words")
                            NavigationLink("Seven", value: 7)
                            NavigationLink("Half", value: 0.5)
                            NavigationLink("First order", value: orders[0].id)
                            NavigationLink("Badge", value: Badge(name: "gold"))
                            link(Tag(name: "new"))
                            pinned
                        }
                        .navigationTitle("Home")
                        .navigationDestination(for: String.self) { _ in WordsScreen() }
                        .navigationDestination(for: Int.self) { _ in NumberScreen() }
                        .navigationDestination(for: Double.self) { _ in RatioScreen() }
                        .navigationDestination(for: Order.ID.self) { _ in OrderScreen() }
                        .navigationDestination(for: Badge.self) { _ in BadgeScreen() }
                        .navigationDestination(for: Tag.self) { _ in TagScreen() }
                    }
                }
                func link(_ tag: Tag) -> some View {
                    NavigationLink("Tag", value: tag)
                }
                var pinned: some View {
                    let favourite: Tag = Tag(name: "pinned")
                    return NavigationLink("Pinned", value: favourite)
                }
            }
            struct WordsScreen: View { var body: some View { Text("w") } }
            struct NumberScreen: View { var body: some View { Text("n") } }
            struct RatioScreen: View { var body: some View { Text("r") } }
            struct OrderScreen: View { var body: some View { Text("o") } }
            struct BadgeScreen: View { var body: some View { Text("b") } }
            struct TagScreen: View { var body: some View { Text("t") } }
            """
        ])
        #expect(SwiftUISemanticsTests.rules(result) == ["5 focus_lost_on_return"])
    }

    @Test func aValueOfATypeWithNoRegistrationGoesNowhereKnown() throws {
        // Without its type, `7` would go to the only registration.
        let result = try SwiftUISemanticsTests.audit([
            "A.swift": """
            import SwiftUI
            struct A: View {
                var body: some View {
                    NavigationStack {
                        NavigationLink("Seven", value: 7)
                            .navigationDestination(for: String.self) { _ in WordsScreen() }
                    }
                }
            }
            struct WordsScreen: View { var body: some View { Text("w") } }
            """
        ])
        #expect(SwiftUISemanticsTests.rules(result) == ["10 unreachable_screen"])
    }

    @Test func theModelsMethodIsFoundByThePropertysTypeOrByItsName() throws {
        let result = try SwiftUISemanticsTests.audit([
            "A.swift": """
            import SwiftUI
            final class AppRouter: ObservableObject {
                @Published var showsAccount = false
                func openAccount() { showsAccount = true }
                func open() { showsAccount = true }
            }
            final class Shared {
                static let shared = Shared()
                var showsHelp = false
                func open() { showsHelp = true }
            }
            final class Store {
                var showsCart = false
                func openCart() { showsCart = true }
            }
            struct A: View {
                @EnvironmentObject var router: AppRouter
                @State private var help = Shared.shared
                @Environment(\\.store) private var store
                var body: some View {
                    VStack {
                        Button("Account") { router.openAccount() }
                        Button("Help") { help.open() }
                        Button("Cart") { store.openCart() }
                    }
                    .navigationTitle("Home")
                    .sheet(isPresented: $router.showsAccount) { AccountScreen() }
                    .sheet(isPresented: $help.showsHelp) { HelpScreen() }
                    .sheet(isPresented: $store.showsCart) { CartScreen() }
                }
            }
            struct AccountScreen: View { var body: some View { Text("a") } }
            struct HelpScreen: View { var body: some View { Text("h") } }
            struct CartScreen: View { var body: some View { Text("c") } }
            """
        ])
        // Each sheet is presented by its button (and nothing restores focus after it).
        let found = SwiftUISemanticsTests.rules(result)
        #expect(found == ["16 focus_lost_on_return"])
        #expect(result.findings.first?.message.contains("\"Help\" → HelpScreen") == true)
        #expect(result.findings.first?.message.contains("\"Cart\" → CartScreen") == true)
        #expect(result.findings.first?.message.contains("\"Account\" → AccountScreen") == true)
    }
}

extension SwiftUISemanticsTests {
    /// A screen with nothing that leads elsewhere is never come back to: its early request is made
    /// when it appears, and the message says "after appearing", not "after re-appearing"; a screen
    /// with a link keeps speaking of the return.
    @Test func anEarlyRequestOnAScreenWithoutLinksIsMadeOnAppearing() throws {
        let result = try Self.audit([
            "A.swift": """
            import SwiftUI
            struct Intro: View {
                @AccessibilityFocusState var headingFocused: Bool
                var body: some View {
                    VStack {
                        Text("Day 6").accessibilityAddTraits(.isHeader).accessibilityFocused($headingFocused)
                        Button("Start") { }
                    }
                    .onAppear { headingFocused = true }
                }
            }
            struct Shelf: View {
                @AccessibilityFocusState var headingFocused: Bool
                var body: some View {
                    NavigationStack {
                        VStack {
                            Text("Shelf").accessibilityAddTraits(.isHeader).accessibilityFocused($headingFocused)
                            NavigationLink("Open") { Text("Detail") }
                        }
                        .onAppear { headingFocused = true }
                    }
                }
            }
            """
        ])
        let delays = result.findings.filter { $0.rule == RuleID.missingRestorationDelay }
        #expect(delays.map(\.location.line) == [2, 12])
        #expect(delays.first?.message.hasPrefix("Intro moves focus 0 s after appearing, during the 0.35 s transition") == true)
        #expect(delays.last?.message.hasPrefix("Shelf moves focus 0 s after re-appearing, during") == true)
    }
}
