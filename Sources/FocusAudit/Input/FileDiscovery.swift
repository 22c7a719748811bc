/// Turns the paths named on the command line into the files to audit.
public enum FileDiscovery {
    enum Expansion {
        case file(String)
        /// The `.xml`, `.json`, `.storyboard` and `.xib` files under a directory, sorted by path,
        /// and what could not be searched or named there, sorted by path.
        case directory([String], problems: [Problem])
        case failure(String)
    }

    /// What is said of a file or directory whose name is not valid UTF-8, found in a directory or
    /// named on the command line.
    public static let notUTF8Message = "the name is not valid UTF-8, so focusaudit cannot read or report it; rename it"

    /// Directories never searched: version control, build output, and the checkouts of package
    /// managers, which hold other projects' storyboards, xibs and Swift files (CocoaPods' `Pods`,
    /// Carthage's `Carthage/Checkouts` and `Carthage/Build`, the `SourcePackages` directory where
    /// `xcodebuild -clonedSourcePackagesDirPath` puts Swift packages, npm's `node_modules`).
    static let ignoredDirectories: Set<String> = [
        ".git", ".build", ".swiftpm", "DerivedData", "node_modules", "Pods", "Carthage", "SourcePackages",
    ]

    /// The path as reports show it: without `./` steps, and relative to the current directory when
    /// it lies inside it, so fingerprints and SARIF locations do not depend on how it was typed.
    /// The path reports give a file named on the command line, or nil when `named` is a directory
    /// or cannot be read: a file the user named, not one found by searching a directory.
    public static func namedFile(_ named: String) -> String? {
        let path = displayPath(named, currentDirectory: currentDirectory)
        guard let info = Platform.status(ofPath: path), info.kind != .directory else { return nil }
        return path
    }

    static func displayPath(_ path: String, currentDirectory: String?) -> String {
        var p = path
        if p.hasPrefix("/"), let cwd = currentDirectory {
            let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
            if p.hasPrefix(prefix) && p.count > prefix.count { p = String(p.dropFirst(prefix.count)) }
        }
        let absolute = p.hasPrefix("/")
        // The parts joined by hand: `[Substring].joined(separator:)` is a generic function of the
        // standard library whose first call costs the runtime a walk over every protocol
        // conformance of the executable.
        var joined = ""
        for part in p.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if !joined.isEmpty { joined.append("/") }
            joined.append(contentsOf: part)
        }
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    static var currentDirectory: String? {
        Platform.currentDirectory
    }

    static func expand(_ path: String, extensions: Set<String> = ReaderRegistry.builtInExtensions) -> Expansion {
        guard let info = Platform.status(ofPath: path) else {
            return .failure(Platform.lastErrorIsNoSuchFile ? "no such file or directory" : "cannot read: \(errnoText())")
        }
        if info.kind == .other {
            // A FIFO, a socket or a device is refused from its status, never opened.
            return .failure(notRegularFile(path) ?? "cannot audit: not a regular file")
        }
        if info.kind == .directory {
            var files: [String] = []
            var problems: [Problem] = []
            walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, extensions, into: &files, problems: &problems)
            return .directory(
                files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) },
                problems: problems.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        }
        return .file(path)
    }

    static func isCandidate(_ name: String, _ extensions: Set<String> = ReaderRegistry.builtInExtensions) -> Bool {
        extensions.contains(ReaderRegistry.fileExtension(of: name))
    }

    /// Depth-first walk that does not follow symbolic links to directories (so a link loop cannot
    /// trap it); links to files are audited like files. What cannot be searched, named or read is a
    /// problem to report, never skipped in silence: a subdirectory that cannot be opened, an entry
    /// whose path is too long for the system (`ENAMETOOLONG`), a candidate file or a directory
    /// whose name is not valid UTF-8 (a report could not name it), and a FIFO, socket or device
    /// with a candidate name, or a link of such a name to one (never opened, so it cannot hang the
    /// run). Names that are not candidates are not the walk's business, whatever they are; nor is a
    /// link to nothing, which is no file at all.
    private static func walk(
        _ directory: String, _ extensions: Set<String>, into files: inout [String], problems: inout [Problem]
    ) {
        guard let entries = Platform.rawDirectoryEntries(directory) else {
            problems.append(Problem(path: directory, message: "cannot search this directory: \(errnoText())"))
            return
        }
        for entry in entries {
            guard let name = String(validating: entry.name, as: UTF8.self) else {
                let shown = displayName(bytes: entry.name)
                let lossy = String(decoding: entry.name, as: UTF8.self)
                let hidden = entry.name.first == 0x2E
                if isCandidate(lossy, extensions) || (entry.isDirectory && !hidden) {
                    problems.append(
                        Problem(
                            path: join(directory, shown),
                            message: notUTF8Message))
                }
                continue
            }
            let full = join(directory, name)
            guard let info = Platform.status(ofPath: full, followingLinks: false) else {
                if !Platform.lastErrorIsNoSuchFile, isCandidate(name, extensions) || entry.isDirectory {
                    problems.append(Problem(path: full, message: "cannot read: \(errnoText())"))
                }
                continue
            }
            switch info.kind {
            case .directory:
                if ignoredDirectories.contains(name) || name.hasPrefix(".") { continue }
                walk(full, extensions, into: &files, problems: &problems)
            case .regular:
                if isCandidate(name, extensions) { files.append(full) }
            case .symbolicLink:
                guard isCandidate(name, extensions), let target = Platform.status(ofPath: full) else { continue }
                if target.kind == .regular {
                    files.append(full)
                } else if target.kind == .other {
                    problems.append(Problem(path: full, message: notRegularFile(full) ?? "cannot audit: not a regular file"))
                }
            case .other:
                if isCandidate(name, extensions) {
                    problems.append(Problem(path: full, message: notRegularFile(full) ?? "cannot audit: not a regular file"))
                }
            }
        }
    }

    /// Why a FIFO, a socket or a device (or a symbolic link to one) cannot be audited, from its
    /// status alone: "cannot audit: not a regular file (a symbolic link to a FIFO)". Nil for a
    /// regular file, a directory, or a path that cannot be examined.
    static func notRegularFile(_ path: String) -> String? {
        guard case .success(let own) = Platform.details(followingLinks: false, ofPath: path) else { return nil }
        var kind = own.kind
        var through = ""
        if kind == .symbolicLink {
            guard case .success(let target) = Platform.details(followingLinks: true, ofPath: path) else { return nil }
            kind = target.kind
            through = "a symbolic link to "
        }
        let what: String
        switch kind {
        case .regular, .directory, .symbolicLink: return nil
        case .fifo: what = "a FIFO"
        case .characterDevice: what = "a character device"
        case .blockDevice: what = "a block device"
        case .socket: what = "a socket"
        case .other: what = "a special file"
        }
        return "cannot audit: not a regular file (\(through)\(what))"
    }

    /// A path that the walk could not search or name, with what went wrong.
    struct Problem: Equatable {
        var path: String
        var message: String
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory == "." ? name : directory == "/" ? "/" + name : directory + "/" + name
    }

    /// A file name's bytes for a message: valid UTF-8 as it is, every other byte as `\xHH`.
    public static func displayName(bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
            if length > 0, i + length <= bytes.count,
                let text = String(validating: bytes[i..<i + length], as: UTF8.self)
            {
                out += text
                i += length
            } else {
                out += "\\x" + String(lead, radix: 16, uppercase: true).leftPadded(to: 2)
                i += 1
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
