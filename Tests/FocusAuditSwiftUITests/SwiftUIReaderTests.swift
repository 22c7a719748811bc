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
        ] {
            #expect(rules.contains(rule), "no fixture gives \(rule)")
        }
    }

    /// The export, audited as an XML description, gives the same rules and element paths as the
    /// Swift files it was made from.
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
