/// Turns the paths named on the command line into the files to audit.
public enum FileDiscovery {
    enum Expansion {
        case file(String)
        /// The `.xml`, `.json`, `.storyboard` and `.xib` files under a directory, sorted by path,
        /// and what could not be searched or named there, sorted by path.
        case directory([String], problems: [Problem])
        case failure(String)
    }

    /// Directories never searched: version control and build output.
    static let ignoredDirectories: Set<String> = [".git", ".build", ".swiftpm", "DerivedData", "node_modules", "Pods"]

    /// The path as reports show it: without `./` steps, and relative to the current directory when
    /// it lies inside it, so fingerprints and SARIF locations do not depend on how it was typed.
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
    /// trap it); links to files are audited like files. What cannot be searched or named is a
    /// problem to report, never skipped in silence: a subdirectory that cannot be opened, an entry
    /// whose path is too long for the system (`ENAMETOOLONG`), and a candidate file or a
    /// directory whose name is not valid UTF-8 (a report could not name it).
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
                            message: "the name is not valid UTF-8, so focusaudit cannot read or report it; rename it"))
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
                if isCandidate(name, extensions), Platform.status(ofPath: full)?.kind == .regular {
                    files.append(full)
                }
            case .other:
                continue
            }
        }
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
