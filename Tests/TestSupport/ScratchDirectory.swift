import Foundation

/// Directories the tests write their files into. All of them are made inside one directory per test
/// process (`focusaudit-tests-<process id>` in the system's temporary directory), which is removed
/// when the process exits, so a run of the suite leaves nothing behind in the temporary directory
/// however many tests made files. A run that is killed leaves its one directory; the next run to
/// finish removes those of processes that no longer exist.
public enum ScratchDirectory {
    /// The directory of this test process, made (and its removal at exit arranged) on first use.
    public static let root: URL = makeRoot()

    /// A new, empty directory whose name starts with `prefix`.
    public static func make(_ prefix: String = "scratch") throws -> URL {
        let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The path of a file that does not exist yet, in a new directory, named `name`.
    public static func file(named name: String) throws -> String {
        try make("file").appendingPathComponent(name).path
    }

    private static let rootPrefix = "focusaudit-tests-"

    private static func makeRoot() -> URL {
        let pid = ProcessInfo.processInfo.processIdentifier
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(rootPrefix)\(pid)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { ScratchDirectory.removeAll() }
        return url
    }

    /// Removes this process's directory and those of earlier test processes that were killed
    /// before they could. It runs as the process exits, when no test is running any more, because
    /// it changes the working directory while it walks.
    private static func removeAll() {
        let fileManager = FileManager.default
        let temporary = fileManager.temporaryDirectory.path
        let names = (try? fileManager.contentsOfDirectory(atPath: temporary)) ?? []
        let working = fileManager.currentDirectoryPath
        defer { _ = fileManager.changeCurrentDirectoryPath(working) }
        for name in names where name.hasPrefix(rootPrefix) {
            guard let pid = Int32(name.dropFirst(rootPrefix.count)) else { continue }
            guard pid == ProcessInfo.processInfo.processIdentifier || !processExists(pid) else { continue }
            guard fileManager.changeCurrentDirectoryPath(temporary) else { return }
            removeTree(name)
        }
    }

    /// Whether a process of this id is running (its `/proc` entry on Linux; on macOS, where there is
    /// no `/proc`, every other process is taken as running and its directory is left alone).
    private static func processExists(_ pid: Int32) -> Bool {
        #if os(Linux)
            return FileManager.default.fileExists(atPath: "/proc/\(pid)")
        #else
            return true
        #endif
    }

    /// Removes the tree `name` in the working directory, one directory at a time with relative
    /// names: some tests make trees deeper than the longest path the system takes, which a removal
    /// by whole paths cannot reach. Directories whose permissions a test took away are given them
    /// back first.
    private static func removeTree(_ name: String) {
        let fileManager = FileManager.default
        let type = (try? fileManager.attributesOfItem(atPath: name))?[.type] as? FileAttributeType
        guard type == .typeDirectory else {
            try? fileManager.removeItem(atPath: name)
            return
        }
        try? fileManager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: name)
        guard fileManager.changeCurrentDirectoryPath(name) else { return }
        for entry in (try? fileManager.contentsOfDirectory(atPath: ".")) ?? [] { removeTree(entry) }
        guard fileManager.changeCurrentDirectoryPath("..") else { return }
        try? fileManager.removeItem(atPath: name)
    }
}
