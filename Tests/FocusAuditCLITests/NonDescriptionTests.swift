import Foundation
import Testing

/// Well-formed JSON and XML found in a directory, or passed by the hook with
/// --skip-non-descriptions, that is not a description is skipped and counted. A `.xml` or `.json`
/// file that is not well-formed is an input error however it was found (FORMAT.md, "Command-line
/// contract"): a broken description never passes silently, and a repository's own broken file is
/// reported with the way to leave it out. A run that audits nothing fails.
@Suite struct NonDescriptionTests {
    /// The well-formed files an iOS repository has besides descriptions; none of them is one.
    static func iosRepository() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        let fm = FileManager.default
        for sub in ["App/Assets.xcassets/AppIcon.appiconset", "App/App.xcodeproj/xcshareddata/xcschemes", ".vscode", "Web"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try dir.write("{\"name\": \"web\", \"version\": \"1.0.0\", \"private\": true}\n", to: "Web/package.json")
        // JSON with comments in a hidden directory, which is not searched.
        try dir.write("{\n  // editor\n  \"editor.tabSize\": 2,\n}\n", to: ".vscode/settings.json")
        try dir.write(
            "{\"images\": [{\"idiom\": \"universal\"}], \"info\": {\"author\": \"xcode\", \"version\": 1}}",
            to: "App/Assets.xcassets/AppIcon.appiconset/Contents.json")
        try dir.write("{\"info\": {\"author\": \"xcode\", \"version\": 1}}", to: "App/Assets.xcassets/Contents.json")
        // A property list and a scheme under .xml names.
        try dir.write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>\n",
            to: "App/Info.xml")
        try dir.write(
            "<?xml version=\"1.0\"?>\n<Scheme LastUpgradeVersion=\"1500\">\n  <BuildAction>\n  </BuildAction>\n</Scheme>\n",
            to: "App/App.xcodeproj/xcshareddata/xcschemes/App-scheme.xml")
        return dir
    }

    /// Files skipped in a directory search (the hidden .vscode is not searched).
    static let skippedInRepository = 5

    @Test func nonDescriptionsInADirectoryAreSkippedAndCounted() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        // Well-formed, with a DTD that declares an entity, which focusaudit refuses to read: nothing
        // shows it is broken, and it does not say it is a description.
        try dir.write("<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY e \"x\">]>\n<r>&e;</r>\n", to: "App/entities.xml")
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "focusaudit: no findings in 1 file (\(Self.skippedInRepository + 1) skipped)\n")
        #expect(run.stderr.isEmpty)
        let json = try CLIRunner.run(["check", "--format", "json", "."], in: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["skipped"] as? Int == Self.skippedInRepository + 1)
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
        // It says it is a description: no word of leaving it out.
        #expect(!run.stderr.contains("excluded"), "\(run.stderr)")
        #expect(run.stdout.contains("in 1 file (\(Self.skippedInRepository) skipped, 1 input error)"), "\(run.stdout)")
        // The same through the hook: named files with --skip-non-descriptions.
        let hook = try CLIRunner.run(["check", "--skip-non-descriptions", file, "Web/package.json", "App/Info.xml"], in: dir)
        #expect(hook.status == 2)
        #expect(hook.stderr.hasPrefix("\(file):\(line):\(column): error: "), "\(hook.stderr)")
    }

    /// FORMAT.md: "A `.xml` or `.json` file that is not well-formed is an input error however it was
    /// found". Found in a directory, one that does not say it is a description (another root
    /// element, no "screens" key) is an input error at its first error, exit 2, while the other
    /// files are still audited and reported; the message says how to leave it out, and doing so
    /// gives a clean run. Well-formed non-descriptions beside it are still skipped and counted.
    @Test(arguments: [
        // (file, content, line, column); an end tag's error is placed just after it.
        ("Web/tsconfig.json", "{\n  // strict mode\n  \"compilerOptions\": { \"strict\": true, },\n}\n", 2, 3),
        ("Web/config.json", "{ name: 'app', list: [1, 2,], }\n", 1, 3),
        ("App/scheme.xml", "<?xml version=\"1.0\"?>\n<Scheme LastUpgradeVersion=\"1500\">\n  <BuildAction>\n</Scheme>\n", 4, 10),
        ("notes.xml", "plain text, not XML\n", 1, 1),
        ("results.xml", "<testsuites>\n  <testsuite name=\"a\">\n    <testcase/>\n  </testsuites>\n", 4, 16),
    ])
    func aBrokenFileFoundInADirectoryIsAnInputErrorWhateverItSays(file: String, content: String, line: Int, column: Int) throws {
        let dir = try Self.iosRepository()
        try dir.write(content, to: file)
        try dir.write(
            "<app name=\"x\">\n  <screen id=\"home\">\n    <Button id=\"b\"/>\n  </screen>\n</app>\n", to: "home.xml")
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("\(file):\(line):\(column): error: ") == true, "\(run.stderr)")
        #expect(
            lines.first?.hasSuffix("; if it is not a description, leave it out with excluded: [\"\(file)\"] in .focusaudit.yml") == true,
            "\(run.stderr)")
        // The other files are audited and reported.
        #expect(run.stdout.contains("home.xml:3:5: error: "), "\(run.stdout)")
        #expect(run.stdout.contains("in 1 file (\(Self.skippedInRepository) skipped, 1 input error)"), "\(run.stdout)")
        for jobs in ["1", "2"] {
            let json = try CLIRunner.run(["check", "--format", "json", "--jobs", jobs, "."], in: dir)
            #expect(json.status == 2)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let errors = try #require(object["errors"] as? [[String: Any]])
            #expect(errors.count == 1 && errors.first?["file"] as? String == file && errors.first?["line"] as? Int == line, "\(json.stdout)")
        }
        // Through the hook, the same.
        let hook = try CLIRunner.run(["check", "--skip-non-descriptions", file, "home.xml"], in: dir)
        #expect(hook.status == 2)
        #expect(hook.stderr.hasPrefix("\(file):\(line):\(column): error: "), "\(hook.stderr)")
        #expect(hook.stderr.contains(" in .focusaudit.yml (a file a hook names: with the hook's own exclude)\n"), "\(hook.stderr)")
        // Left out as the message says: a run with findings only.
        try dir.write("excluded: [\"\(file)\"]\n", to: ".focusaudit.yml")
        let excluded = try CLIRunner.run(["check", "."], in: dir)
        #expect(excluded.status == 1, "\(excluded.stdout)\(excluded.stderr)")
        #expect(excluded.stderr.isEmpty, "\(excluded.stderr)")
    }

    /// Directories of other tools and packages are never searched, so their broken files do not
    /// count: `.build`, `.swiftpm`, `DerivedData`, `node_modules`, `Pods`, `Carthage`,
    /// `SourcePackages` and hidden directories.
    @Test func brokenFilesInDirectoriesThatAreNotSearchedDoNotCount() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        for sub in [
            ".build", ".swiftpm", "DerivedData", "node_modules/pkg", "Pods/Lib", ".git",
            "Carthage/Checkouts/Lib", "Carthage/Build", "SourcePackages/checkouts/pkg",
        ] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
            try dir.write("{ broken, }\n", to: "\(sub)/broken.json")
            try dir.write("<broken>\n", to: "\(sub)/broken.xml")
        }
        let run = try CLIRunner.run(["check", "."], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "focusaudit: no findings in 1 file (\(Self.skippedInRepository) skipped)\n")
        // Named on the command line, such a directory is searched: the user asked for it.
        let named = try CLIRunner.run(["check", "Carthage/Checkouts/Lib"], in: dir)
        #expect(named.status == 2, "\(named.stdout)\(named.stderr)")
        #expect(named.stderr.contains("Carthage/Checkouts/Lib/broken.json:1:"), "\(named.stderr)")
    }

    @Test func theHookSkipsWellFormedNonDescriptions() throws {
        let dir = try Self.iosRepository()
        try dir.write(CheckCommandTests.clean, to: "clean.xml")
        let files = [
            "Web/package.json", ".vscode/settings.json", "App/Assets.xcassets/Contents.json",
            "App/Info.xml", "App/App.xcodeproj/xcshareddata/xcschemes/App-scheme.xml", "clean.xml",
        ]
        // .vscode/settings.json, named, holds a comment: not well-formed JSON.
        let run = try CLIRunner.run(["check", "--skip-non-descriptions"] + files, in: dir)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout == "focusaudit: no findings in 1 file (4 skipped, 1 input error)\n", "\(run.stdout)")
        #expect(run.stderr.hasPrefix(".vscode/settings.json:2:3: error: "), "\(run.stderr)")
        let wellFormed = try CLIRunner.run(["check", "--skip-non-descriptions"] + files.filter { !$0.hasPrefix(".vscode") }, in: dir)
        #expect(wellFormed.status == 0, "\(wellFormed.stdout)\(wellFormed.stderr)")
        #expect(wellFormed.stdout == "focusaudit: no findings in 1 file (4 skipped)\n")
        // Only non-descriptions staged: nothing to audit, which the hook accepts with --allow-empty.
        let only = try CLIRunner.run(["check", "--skip-non-descriptions", "--allow-empty", "Web/package.json"], in: dir)
        #expect(only.status == 0, "\(only.stdout)\(only.stderr)")
    }

    @Test func aNamedNonDescriptionKeepsItsStrictness() throws {
        let dir = try Self.iosRepository()
        try dir.write("{\n  // strict mode\n  \"compilerOptions\": {},\n}\n", to: "Web/tsconfig.json")
        let run = try CLIRunner.run(["check", "Web/tsconfig.json"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Web/tsconfig.json:2:3: error: "), "\(run.stderr)")
        // Named, it is the user's own choice: no word of leaving it out.
        #expect(!run.stderr.contains("excluded"), "\(run.stderr)")
        let package = try CLIRunner.run(["check", "Web/package.json"], in: dir)
        #expect(package.status == 2)
        #expect(package.stderr.hasPrefix("Web/package.json:1:1: error: not a focusaudit description"), "\(package.stderr)")
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
        #expect(lines.contains("Web/package.json: skipped: not a description: the top-level object has no \"screens\" array"))
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
