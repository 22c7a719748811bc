import Foundation
import PackagePlugin

/// `swift package focusaudit [COMMAND] [ARGUMENTS…]`: builds the `focusaudit` executable for the
/// host, then runs it in the package's directory with the arguments as given, so
/// `swift package focusaudit check Accessibility` prints what `focusaudit check Accessibility`
/// prints. Without arguments it runs `check` (the paths of `.focusaudit.yml`'s `included`).
///
/// The executable is built through SwiftPM's plugin API rather than declared as the plugin's tool:
/// SwiftPM 6.3 cannot give a plugin an executable target that a product of another name also
/// builds ("no product named 'FocusAuditCLI'").
@main
struct FocusAuditCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let build = try packageManager.build(
            .product("focusaudit"), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded,
            let tool = build.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "focusaudit" })
        else {
            Diagnostics.error("building focusaudit failed:\n\(build.logText)")
            throw FocusAuditFailure(status: 2)
        }
        let status = try run(tool.url, arguments.isEmpty ? ["check"] : arguments, in: context.package.directoryURL)
        guard status == 0 else {
            // focusaudit has printed its findings or its error; its status says which (1 failing
            // findings, 2 a usage or input error). SwiftPM reports the error thrown here and exits
            // with status 1, whatever the tool's status was.
            throw FocusAuditFailure(status: status)
        }
    }

    /// Runs the tool with standard output and error passed through; returns its exit status.
    private func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct FocusAuditFailure: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "focusaudit exited with status \(status)" }
}
