/// The documentation page of a rule, generated from its metadata: `docs/rules/<id>.md` and the
/// output of `focusaudit explain`. A test fails when a committed page differs from this text.
public enum RuleDocumentation {
    public static func markdown(for rule: RuleDescription) -> String {
        var out = "# \(rule.id)\n\n"
        out += "**\(rule.name)** · default severity: \(rule.severity.rawValue)\n\n"
        out += rule.summary + "\n\n"
        out += "## Why it matters\n\n" + rule.rationale + "\n\n"
        out += "## How to fix it\n\n" + rule.fix + "\n\n"
        if !rule.triggeringExamples.isEmpty {
            out += "## Reported\n\n"
            out += "`↓` marks where each finding points.\n\n"
            for example in rule.triggeringExamples {
                out += "```xml\n" + example.code + "\n```\n\n"
            }
        }
        if !rule.nonTriggeringExamples.isEmpty {
            out += "## Not reported\n\n"
            for example in rule.nonTriggeringExamples {
                out += "```xml\n" + example.code + "\n```\n\n"
            }
        }
        if !rule.references.isEmpty {
            out += "## References\n\n"
            for reference in rule.references { out += "- \(reference)\n" }
            out += "\n"
        }
        out += "## Silencing it\n\n"
        out += "Put `<!-- focusaudit:disable \(rule.id) -->` right before the element (JSON: "
        out += "`\"focusauditDisable\": [\"\(rule.id)\"]` on the object), or set its severity in `.focusaudit.yml`.\n"
        return out
    }
}

extension RuleDocumentation {
    /// The page's file name under `docs/rules/`.
    public static func fileName(for rule: RuleDescription) -> String { "\(rule.id).md" }

    /// Writes every rule's page into `directory`; returns the paths written.
    public static func write(to directory: String) throws(InputError) -> [String] {
        var written: [String] = []
        for rule in RuleRegistry.descriptions {
            let path = directory + "/" + fileName(for: rule)
            try TextFile.write(markdown(for: rule), to: path)
            written.append(path)
        }
        return written
    }
}

/// Small whole-file reads and writes without Foundation (which cannot share a module with
/// libxml2's headers).
public enum TextFile {
    public static func read(_ path: String) -> String? {
        guard case .success(let source) = ByteSource.open(path: path),
            case .success(let bytes) = source.readAll()
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes through a temporary file and a rename, so readers never see half a file. Missing
    /// parent directories are created.
    public static func write(_ text: String, to path: String) throws(InputError) {
        try write(to: path) { $0.write(text) }
    }

    /// Streams a file: `body` writes into a buffered writer on a temporary file in the same
    /// directory, which is renamed to `path` once complete, so readers never see half a file and
    /// the content is never held whole. Missing parent directories are created; a file that cannot
    /// be created, written or renamed is an error and leaves nothing behind.
    public static func write(to path: String, _ body: (ReportWriter) -> Void) throws(InputError) {
        createParentDirectories(of: path)
        let temporary = path + ".tmp-\(Platform.processID)"
        let fd = Platform.createForWriting(temporary)
        guard fd >= 0 else {
            throw InputError(file: path, message: "cannot write: \(errnoText())")
        }
        let out = ReportWriter(descriptor: fd)
        body(out)
        out.flush()
        var failure = out.error
        if Platform.closeDescriptor(fd) != 0 && failure == nil { failure = Platform.lastError }
        if failure == nil { failure = Platform.renameFile(temporary, to: path) }
        if let failure {
            Platform.removeFile(temporary)
            throw InputError(file: path, message: "cannot write: \(Platform.errorText(failure))")
        }
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
