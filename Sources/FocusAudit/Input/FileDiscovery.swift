/// Turns the paths named on the command line into the files to audit.
enum FileDiscovery {
    enum Expansion {
        case file(String)
        /// The `.xml`, `.json`, `.storyboard` and `.xib` files under a directory, sorted by path.
        case directory([String])
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
        var parts: [Substring] = []
        for part in p.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
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
            walk(path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, extensions, into: &files)
            return .directory(files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        }
        return .file(path)
    }

    static func isCandidate(_ name: String, _ extensions: Set<String> = ReaderRegistry.builtInExtensions) -> Bool {
        extensions.contains(ReaderRegistry.fileExtension(of: name))
    }

    /// Depth-first walk that does not follow symbolic links to directories (so a link loop cannot
    /// trap it); links to files are audited like files.
    private static func walk(_ directory: String, _ extensions: Set<String>, into files: inout [String]) {
        guard let names = Platform.directoryEntries(directory) else { return }
        for name in names {
            let full = directory == "." ? name : directory == "/" ? "/" + name : directory + "/" + name
            guard let info = Platform.status(ofPath: full, followingLinks: false) else { continue }
            switch info.kind {
            case .directory:
                if ignoredDirectories.contains(name) || name.hasPrefix(".") { continue }
                walk(full, extensions, into: &files)
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
}
