import Foundation
import Testing

/// The version is written once, as `FocusAudit.version`; `--version`, SARIF and HTML reports all
/// show that value.
@Suite struct VersionTests {
    static func sourceVersion() throws -> String {
        let source = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Sources/FocusAudit/Reporting/ReportFormat.swift"),
            encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("public static let version = \"") })
        return String(line.split(separator: "\"")[1])
    }

    @Test func versionFlagPrintsTheLibrarysVersion() throws {
        let version = try Self.sourceVersion()
        let run = try CLIRunner.run(["--version"])
        #expect(run.status == 0)
        #expect(run.stdout == version + "\n")
        let sarif = try CLIRunner.run(["check", "--format", "sarif", "Samples/messenger-fixed.xml"])
        #expect(sarif.stdout.contains("\"version\": \"\(version)\""))
    }

    @Test func noOtherVersionLiteralInTheCommand() throws {
        let command = try String(
            contentsOf: CLIRunner.packageRoot.appendingPathComponent("Sources/FocusAuditCLI/FocusAuditCommand.swift"),
            encoding: .utf8)
        #expect(!command.contains("version: \""), "the command must take its version from FocusAudit.version")
    }
}
