import Foundation
import Testing

/// Only descriptions block a run: other JSON and XML found in a directory, or passed by the hook
/// with --skip-non-descriptions, is skipped and counted whatever it contains, while a broken file
/// that claims to be a description is still an input error. A run that audits nothing fails.
@Suite struct NonDescriptionTests {
    /// The files an iOS repository has besides descriptions; none of them is one.
    static func iosRepository() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        let fm = FileManager.default
        for sub in ["App/Assets.xcassets/AppIcon.appiconset", "App/App.xcodeproj/xcshareddata/xcschemes", ".vscode", "Web"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        // JSON with comments and trailing commas (TypeScript and VS Code read it).
        try dir.write("{\n  // strict mode\n  \"compilerOptions\": { \"strict\": true, },\n  /* paths */\n}\n", to: "Web/tsconfig.json")
        try dir.write("{\n  // editor\n  \"editor.tabSize\": 2,\n}\n", to: ".vscode/settings.json")
        // JSON5: unquoted keys, single quotes.
        try dir.write("{ name: 'app', list: [1, 2,], }\n", to: "Web/config.json")
        try dir.write(
            "{\"images\": [{\"idiom\": \"universal\"}], \"info\": {\"author\": \"xcode\", \"version\": 1}}",
            to: "App/Assets.xcassets/AppIcon.appiconset/Contents.json")
        try dir.write("{\"info\": {\"author\": \"xcode\", \"version\": 1}}", to: "App/Assets.xcassets/Contents.json")
        // A property list and a scheme under .xml names, one of them not well-formed.
        try dir.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n",
            to: "App/Info.xml")
        try dir.write(
            "<?xml version=\"1.0\"?>\n<Scheme LastUpgradeVersion=\"1500\">\n  <BuildAction>\n</Scheme>\n",
            to: "App/App.xcodeproj/xcshareddata/xcschemes/App-scheme.xml")
        return dir
    }

    /// Files skipped in a directory search (the hidden .vscode is not searched).
    static let skippedInRepository = 6

    @Test func nonDescriptionsInADirectoryAreSkippedAndCounted() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "focusaudit: no findings in 1 file (\(Self.skippedInRepository) skipped)\n")
        #expect(run.stderr.isEmpty)
        let json = try CLIRunner.run(["check", "--format", "json", "."], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["skipped"] as? Int == Self.skippedInRepository)
        #expect(summary["inputErrors"] as? Int == 0)
    }

    @Test(arguments: [
        // (file, content, line, column)
        ("broken.xml", "<app name=\"x\">\n  <screen id=\"a\">\n    <Text>hi</Text>\n</app>\n", 4, 7),
        ("broken.json", "{\"name\": \"x\", \"screens\": [ {\"id\": \"a\",, } ] }", 1, 39),
        // Cut off before its first element, as an empty file is.
        ("truncated.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 2, 1),
        // It says it is a description (a "screens" key) after a comment that breaks it.
        ("commented.json", "{\n  // the app\n  \"screens\": []\n}\n", 2, 3),
        (
            "scene.storyboard", "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n</document>\n",
            4, 12
        ),
    ])
    func aBrokenDescriptionIsStillAnInputError(file: String, content: String, line: Int, column: Int) throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        try dir.write(content, to: file)
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.hasPrefix("\(file):\(line):\(column): error: "), "\(run.stderr)")
        #expect(run.stdout.contains("in 1 file (\(Self.skippedInRepository) skipped, 1 input error)"), "\(run.stdout)")
        // The same through the hook: named files with --skip-non-descriptions.
        let hook = try CLIRunner.run(["check", "--skip-non-descriptions", file, "Web/tsconfig.json", "App/Info.xml"], in: dir)
        #expect(hook.status == 2)
        #expect(hook.stderr.hasPrefix("\(file):\(line):\(column): error: "), "\(hook.stderr)")
    }

    @Test func theHookPassesNonDescriptionsWhateverTheyContain() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        let files = [
            "Web/tsconfig.json", ".vscode/settings.json", "Web/config.json", "App/Assets.xcassets/Contents.json",
            "App/Info.xml", "App/App.xcodeproj/xcshareddata/xcschemes/App-scheme.xml", "clean.xml",
        ]
        let run = try CLIRunner.run(["check", "--skip-non-descriptions"] + files, in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "focusaudit: no findings in 1 file (6 skipped)\n")
        // Only non-descriptions staged: nothing to audit, which the hook accepts with --allow-empty.
        let only = try CLIRunner.run(["check", "--skip-non-descriptions", "--allow-empty", "Web/tsconfig.json"], in: dir)
        #expect(only.status == 0, "\(only.stdout)\(only.stderr)")
    }

    @Test func aNamedNonDescriptionKeepsItsStrictness() throws {
        let dir = try Self.iosRepository()
        let run = try CLIRunner.run(["check", "Web/tsconfig.json"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Web/tsconfig.json:2:3: error: "), "\(run.stderr)")
    }

    @Test func anEmptyRunFailsUnlessAllowed() throws {
        let empty = try CLIRunner.temporaryDirectory()
        let run = try CLIRunner.run(["check", "."], in: empty)
        #expect(run.status == 2)
        #expect(run.stderr.contains("focusaudit: error: no description to audit in .: no file of a kind it reads was found there"), "\(run.stderr)")
        #expect(run.stderr.contains("--allow-empty"))
        let allowed = try CLIRunner.run(["check", "--allow-empty", "."], in: empty)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(allowed.stderr.isEmpty)

        // Only non-descriptions: the message says how many were skipped.
        let repository = try Self.iosRepository()
        let skipped = try CLIRunner.run(["check", "."], in: repository)
        #expect(skipped.status == 2)
        #expect(skipped.stderr.contains("\(Self.skippedInRepository) files were skipped as not descriptions (--verbose lists them)"), "\(skipped.stderr)")

        // `included` pointing at an empty folder, and everything excluded.
        try FileManager.default.createDirectory(at: repository.appendingPathComponent("UI"), withIntermediateDirectories: true)
        try repository.write("included: [UI]\n", to: ".focusaudit.yml")
        #expect(try CLIRunner.run(["check"], in: repository).status == 2)
        try repository.write(CheckCommandTests.clean, to: "UI/home.xml")
        #expect(try CLIRunner.run(["check"], in: repository).status == 0)
        try repository.write("included: [UI]\nexcluded: [\"UI/**\"]\n", to: ".focusaudit.yml")
        let excluded = try CLIRunner.run(["check"], in: repository)
        #expect(excluded.status == 2, "\(excluded.stdout)\(excluded.stderr)")
        #expect(excluded.stderr.contains("no description to audit in UI"))
    }

    @Test func verboseListsTheSkippedFilesWithTheirReason() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        let run = try CLIRunner.run(["check", "--verbose", "."], in: dir)
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.skippedInRepository, "\(run.stderr)")
        #expect(
            lines.contains(
                "Web/tsconfig.json: skipped: not a description, and not readable as one (line 2, column 3: expected a string key, found '/' (the rest of the file was not read))"
            ))
        #expect(lines.contains("App/Info.xml: skipped: not a description: the root element is <plist>, not <app>"))
        #expect(lines.contains("App/Assets.xcassets/Contents.json: skipped: not a description: the top-level object has no \"screens\" array"))
        // Sorted by path; without --verbose, none of it.
        #expect(lines == lines.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        let quiet = try CLIRunner.run(["check", "."], in: dir)
        #expect(quiet.stderr.isEmpty)
    }

    @Test func progressNeverReachesStandardOutputOrALog() throws {
        // Not a terminal (the test's pipes) and CI set: no progress line unless asked.
        let plain = try CLIRunner.run(["check", "Samples"], environment: ["CI": "true"])
        #expect(!plain.stderr.contains("files,"), "\(plain.stderr)")
        let asked = try CLIRunner.run(["check", "--progress", "Samples"], environment: ["CI": "true"])
        #expect(asked.stdout == plain.stdout)
        #expect(asked.status == plain.status)
        #expect(!asked.stdout.contains("files,"))
    }
}
