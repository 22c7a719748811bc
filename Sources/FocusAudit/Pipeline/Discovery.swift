/// The files of one run, in the order found, with each one's audit once it has one.
struct RunFiles {
    /// Each file, and whether the user named it (a named file that is not a description is an
    /// input error; one found in a directory is skipped).
    var inputs: [(path: String, explicit: Bool)] = []
    /// Each file's audit, by the index of its input; set early for a path that could not be read.
    var results: [FileAudit?] = []

    /// How many files have an audit already.
    var doneCount: Int { results.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    mutating func add(_ path: String, explicit: Bool) {
        inputs.append((path, explicit))
        results.append(nil)
    }

    /// A path that cannot be audited: an input error, in its place among the files.
    mutating func add(_ path: String, error message: String) {
        var audit = FileAudit(file: path)
        audit.error = InputError(file: path, message: message)
        inputs.append((path, true))
        results.append(audit)
    }
}

extension Auditor {
    /// Step 1: the files `paths` name, directories searched (sorted) for the extensions the
    /// registry's readers take, less what `excluded` matches. A file named twice, or named and found
    /// in a named directory, is audited once.
    static func discover(
        _ paths: [String], configuration: Configuration, registry: ReaderRegistry, namesNotUTF8: [String: String] = [:]
    ) -> RunFiles {
        var run = RunFiles()
        var seen: Set<String> = []
        let cwd = FileDiscovery.currentDirectory
        for named in paths {
            if let shown = namesNotUTF8[named] {
                // Named by bytes that are not UTF-8: never read under another name.
                if seen.insert(shown).inserted { run.add(shown, error: FileDiscovery.notUTF8Message) }
                continue
            }
            let path = FileDiscovery.displayPath(named, currentDirectory: cwd)
            switch FileDiscovery.expand(path, extensions: registry.extensions) {
            case .file(let file):
                if seen.insert(file).inserted { run.add(file, explicit: !configuration.skipNonDescriptions) }
            case .directory(let files, let problems):
                for file in files where !configuration.excluded.contains(where: { $0.matches(file) }) {
                    if seen.insert(file).inserted { run.add(file, explicit: false) }
                }
                // What the search could not open or name is an input error, never dropped in silence.
                for problem in problems where !configuration.excluded.contains(where: { $0.matches(problem.path) }) {
                    guard seen.insert(problem.path).inserted else { continue }
                    run.add(problem.path, error: problem.message)
                }
            case .failure(let message):
                guard seen.insert(path).inserted else { continue }
                run.add(path, error: message)
            }
        }
        return run
    }
}
