import Foundation
import TestSupport
import Testing

/// Runs the built `focusaudit` executable, as a user or CI would.
struct CLIRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable next to the test bundle (swift test builds it), or the default debug build.
    static let executable: URL = {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("focusaudit"),
            Bundle.main.bundleURL.appendingPathComponent("focusaudit"),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("focusaudit"),
            packageRoot.appendingPathComponent(".build/debug/focusaudit"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    /// Runs `focusaudit ARGS` in `directory` (the package root by default), killing it after `timeout`.
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:],
        timeout: TimeInterval = 60, program: URL? = nil
    ) throws -> Output {
        let process = Process()
        // `program`: another executable (a shell) that runs focusaudit itself.
        process.executableURL = program ?? executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NO_COLOR")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        // Output goes to files, so a large report can never block on a full pipe.
        let scratch = try temporaryDirectory()
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("focusaudit \(arguments) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        defer { try? FileManager.default.removeItem(at: scratch) }
        return Output(
            status: process.terminationStatus, stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        try ScratchDirectory.make("cli")
    }
}

extension URL {
    func write(_ text: String, to name: String) throws {
        try text.write(to: appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
}
