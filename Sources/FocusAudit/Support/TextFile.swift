/// Whole-file reads and the safe writing of report files.
///
/// A report is written to a new temporary file in the destination's directory, created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW` under a short random name, and renamed over the destination once
/// complete: readers never see half a file, a symbolic link planted at any name is never followed,
/// and a destination name as long as the file system allows still works. A destination that exists
/// and is not a regular file is never replaced: a character device or a FIFO (`/dev/null`,
/// `/dev/stdout`, a named pipe someone reads) is written where it is; a directory, a block device or
/// a socket is refused.
///
/// Temporary names are `.focusaudit-HHHHHHHH-PID-RRRRRRRR.tmp` (a hash of the host name, the
/// process id, a random part). If the process is stopped by SIGINT, SIGTERM or SIGHUP while writing,
/// its temporary files are removed before it dies. After SIGKILL they stay, and the next report
/// written into the same directory removes those of its own user and host whose process no longer
/// exists.
public enum TextFile {
    public static func read(_ path: String) -> String? {
        try? readOrExplain(path).get()
    }

    /// Why a file could not be read, in words for a message: `no such file`, `permission denied`,
    /// `it is a directory`.
    public struct ReadProblem: Error, Sendable {
        public var reason: String
        /// Whether the file does not exist (as opposed to existing and not being readable).
        public var isMissing: Bool
    }

    /// The file's text, or why it could not be read.
    public static func readOrExplain(_ path: String) -> Result<String, ReadProblem> {
        if !Platform.pathExists(path) { return .failure(ReadProblem(reason: "no such file", isMissing: true)) }
        let source: ByteSource
        switch ByteSource.open(path: path) {
        case .success(let opened): source = opened
        case .failure(let failure): return .failure(ReadProblem(reason: failure.reason, isMissing: false))
        }
        switch source.readAll() {
        case .success(let bytes): return .success(String(decoding: bytes, as: UTF8.self))
        case .failure(let failure): return .failure(ReadProblem(reason: failure.reason, isMissing: false))
        }
    }

    /// Writes through a temporary file and a rename, so readers never see half a file. Missing
    /// parent directories are created.
    public static func write(_ text: String, to path: String) throws(InputError) {
        try write(to: path) { $0.write(text) }
    }

    /// Streams a file: `body` writes into a buffered writer, so the content is never held whole.
    /// Missing parent directories are created; a file that cannot be created, written or renamed is
    /// an error and leaves nothing behind.
    public static func write(to path: String, _ body: (ReportWriter) -> Void) throws(InputError) {
        func failure(_ message: String) -> InputError { InputError(file: path, message: message) }
        switch try destination(of: path) {
        case .inPlace(let append):
            let fd: Int32
            switch Platform.openInPlace(path, append: append) {
            case .success(let opened): fd = opened
            case .failure(let error) where error == .noReader:
                throw failure("cannot write: no process is reading this FIFO")
            case .failure(let error): throw failure("cannot write: \(error.text)")
            }
            let out = ReportWriter(descriptor: fd)
            body(out)
            out.flush()
            var error = out.error.map(Errno.init)
            if Platform.closeDescriptor(fd) != 0, error == nil { error = Errno(Platform.lastError) }
            if let error { throw failure("cannot write: \(error.text)") }
        case .replace:
            createParentDirectories(of: path)
            let directory = directoryName(of: path)
            removeStaleTemporaryFiles(in: directory)
            Platform.installCleanupHandlers()
            let (temporary, fd, slot) = try Platform.withCleanupSignalsHeld { () throws(InputError) in
                let (temporary, fd) = try createTemporaryFile(in: directory, for: path)
                return (temporary, fd, TemporaryFiles.shared.register(temporary))
            }
            defer { if let slot { TemporaryFiles.shared.unregister(slot) } }
            let out = ReportWriter(descriptor: fd)
            body(out)
            out.flush()
            var error = out.error.map(Errno.init)
            if Platform.closeDescriptor(fd) != 0, error == nil { error = Errno(Platform.lastError) }
            if error == nil { error = Platform.renameFile(temporary, to: path).map(Errno.init) }
            if let error {
                Platform.removeFile(temporary)
                throw failure("cannot write: \(error.text)")
            }
        }
    }

    enum Destination: Equatable {
        /// Written through a temporary file renamed over the path.
        case replace
        /// Opened and written where it is (a device, a FIFO, standard output's own file).
        case inPlace(append: Bool)
    }

    /// How `path` is written, or an error for a destination that can be neither replaced nor
    /// written in place.
    static func destination(of path: String) throws(InputError) -> Destination {
        func refuse(_ what: String) -> InputError {
            InputError(file: path, message: "cannot write: \(what); a report is written to a regular file, a character device or a FIFO")
        }
        guard case .success(let own) = Platform.details(followingLinks: false, ofPath: path) else { return .replace }
        switch own.kind {
        case .regular: return .replace
        case .symbolicLink:
            // A link is replaced by the report (it is never followed to overwrite what it names),
            // unless it names something that cannot be replaced: a device, a FIFO, or the very file
            // standard output or standard error goes to (`/dev/stdout` when output is redirected).
            guard case .success(let target) = Platform.details(followingLinks: true, ofPath: path) else { return .replace }
            switch target.kind {
            case .regular:
                let standard = [Int32(1), 2].compactMap { Platform.details(ofDescriptor: $0)?.identity }
                return standard.contains(target.identity) ? .inPlace(append: true) : .replace
            case .characterDevice, .fifo: return .inPlace(append: false)
            case .directory: throw refuse("it is a directory")
            case .blockDevice: throw refuse("it is a block device")
            case .socket: throw refuse("it is a socket")
            case .symbolicLink, .other: throw refuse("it is not a regular file")
            }
        case .characterDevice, .fifo: return .inPlace(append: false)
        case .directory: throw refuse("it is a directory")
        case .blockDevice: throw refuse("it is a block device")
        case .socket: throw refuse("it is a socket")
        case .other: throw refuse("it is not a regular file")
        }
    }

    // MARK: Conflicts between outputs and inputs

    /// Checks the files a run is about to write (`outputs`, each with the option that names it)
    /// against each other and against what it reads (`inputs`: files, directories searched for
    /// descriptions, a baseline, a configuration file). Returns the message of a usage error when
    /// two outputs are the same file (the last would silently win) or an output is an input (it
    /// would be overwritten); nil when all is well. Outputs that exist and are not regular files (a
    /// device, a FIFO) may repeat: each report is written into them in turn.
    public static func conflict(outputs: [(option: String, path: String)], inputs: [String]) -> String? {
        var seen: [(option: String, path: String, key: PathKey)] = []
        for output in outputs {
            let key = PathKey(output.path)
            if key.isSpecial { continue }
            if let earlier = seen.first(where: { $0.key.sameFile(as: key) }) {
                return "\(output.option) '\(output.path)' names the same file as \(earlier.option) '\(earlier.path)'; give each output its own path"
            }
            seen.append((output.option, output.path, key))
        }
        for input in inputs {
            let key = PathKey(input)
            for output in seen {
                if output.key.sameFile(as: key) {
                    return "\(output.option) '\(output.path)' is an input of this run and would be overwritten; write it elsewhere"
                }
                if key.isDirectory, output.key.exists, isCandidate(output.path), output.key.isInside(key) {
                    return
                        "\(output.option) '\(output.path)' is a description file under '\(input)', an input of this run, and would be overwritten; write it elsewhere"
                }
            }
        }
        return nil
    }

    /// Whether two paths name the same file (or would, once created).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        PathKey(a).sameFile(as: PathKey(b))
    }

    private static func isCandidate(_ path: String) -> Bool {
        FileDiscovery.isCandidate(baseName(of: path))
    }

    /// What identifies a path's file: its device and inode when it exists, and its canonical path
    /// (the parent directory's, plus the name, when the file does not exist yet).
    struct PathKey {
        var identity: Platform.FileIdentity?
        var canonical: String
        var isSpecial = false
        var isDirectory = false
        var exists: Bool { identity != nil }

        init(_ path: String) {
            if case .success(let status) = Platform.details(followingLinks: true, ofPath: path) {
                identity = status.identity
                isSpecial = status.kind != .regular && status.kind != .directory
                isDirectory = status.kind == .directory
                canonical = Platform.canonicalPath(path) ?? path
            } else {
                identity = nil
                let directory = Platform.canonicalPath(TextFile.directoryName(of: path)) ?? TextFile.directoryName(of: path)
                canonical = (directory == "/" ? "" : directory) + "/" + TextFile.baseName(of: path)
            }
        }

        func sameFile(as other: PathKey) -> Bool {
            if let identity, let otherIdentity = other.identity { return identity == otherIdentity }
            return canonical == other.canonical
        }

        func isInside(_ directory: PathKey) -> Bool {
            let prefix = directory.canonical.hasSuffix("/") ? directory.canonical : directory.canonical + "/"
            return canonical.hasPrefix(prefix)
        }
    }

    // MARK: Temporary files

    static let temporaryPrefix = ".focusaudit-"
    static let temporarySuffix = ".tmp"

    /// Eight hex digits naming this machine, so a run only ever removes temporary files whose
    /// process id it can check.
    static let hostTag: String = {
        var hash: UInt32 = 0x811C_9DC5  // FNV-1a
        for byte in Platform.hostName.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return hex(UInt64(hash), digits: 8)
    }()

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// A temporary name of this process: `.focusaudit-HOST-PID-RANDOM.tmp`.
    static func temporaryName(random: UInt32) -> String {
        "\(temporaryPrefix)\(hostTag)-\(Platform.processID)-\(hex(UInt64(random), digits: 8))\(temporarySuffix)"
    }

    /// The host tag and process id of a temporary name, or nil for any other name.
    static func parseTemporaryName(_ name: String) -> (host: String, pid: Int32)? {
        guard name.hasPrefix(temporaryPrefix), name.hasSuffix(temporarySuffix) else { return nil }
        let middle = name.dropFirst(temporaryPrefix.count).dropLast(temporarySuffix.count)
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 8, parts[2].count == 8,
            parts[0].allSatisfy(\.isHexDigit), parts[2].allSatisfy(\.isHexDigit),
            !parts[1].isEmpty, parts[1].count <= 10, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
            let pid = Int32(parts[1])
        else { return nil }
        return (String(parts[0]), pid)
    }

    private static func createTemporaryFile(in directory: String, for path: String) throws(InputError) -> (String, Int32) {
        var generator = SystemRandomNumberGenerator()
        var lastError = Errno.exists
        // Something already has the name (perhaps a planted link): never touch it, draw another.
        for _ in 0..<100 where lastError == .exists {
            let temporary = join(directory, temporaryName(random: generator.next()))
            switch Platform.createNewFile(temporary) {
            case .success(let fd): return (temporary, fd)
            case .failure(let error): lastError = error
            }
        }
        throw InputError(file: path, message: "cannot write: \(lastError.text)")
    }

    /// Removes the temporary files that runs of this user on this host left in `directory` when
    /// they were killed (SIGKILL gives no chance to clean up): regular files with this program's
    /// temporary name whose process no longer exists.
    static func removeStaleTemporaryFiles(in directory: String) {
        guard let names = Platform.directoryEntries(directory) else { return }
        let me = Platform.processID
        let user = Platform.effectiveUserID
        for name in names {
            guard let (host, pid) = parseTemporaryName(name), host == hostTag, pid != me,
                !Platform.processExists(pid)
            else { continue }
            let path = join(directory, name)
            guard case .success(let status) = Platform.details(followingLinks: false, ofPath: path), status.kind == .regular,
                status.owner == user
            else { continue }
            Platform.removeFile(path)
        }
    }

    // MARK: Paths

    /// The directory part of a path (`.` for a bare name).
    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let head = path[..<slash]
        return head.isEmpty ? "/" : String(head)
    }

    /// The last component of a path.
    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    private static func createParentDirectories(of path: String) {
        var prefix = ""
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        for (i, part) in parts.enumerated() {
            prefix += (i == 0 ? "" : "/") + part
            if prefix.isEmpty || part == "." || part == ".." { continue }
            Platform.makeDirectory(prefix)
        }
    }
}
