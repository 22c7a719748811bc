extension Auditor {
    /// Audits one file. `explicit` says whether the user named it: a named file that is not a
    /// description is an input error, one found in a directory is skipped.
    /// With `pipelined`, the file's screens are checked on a second thread while the rest of the file
    /// is read; the result is the same either way.
    public static func audit(
        file: String, explicit: Bool = true, configuration: Configuration, pipelined: Bool = false
    ) -> FileAudit {
        switch ByteSource.open(path: file) {
        case .failure(let failure):
            return failed(file, failure, explicit: explicit)
        case .success(let source):
            var result = audit(
                source: source, file: file, explicit: explicit, configuration: configuration, pipelined: pipelined)
            guard !explicit, let error = result.error, claimsToBeADescription(file) == false else { return result }
            // FORMAT.md: "A `.xml` or `.json` file that is not well-formed is an input error however
            // it was found". One that does not say it is a description is skipped only when nothing
            // shows it is not well-formed (a declaration or a limit focusaudit refuses); otherwise
            // the message says how to leave a repository's own such file out.
            if result.errorIsRefusal {
                var skipped = FileAudit(file: file)
                skipped.skipped = true
                let place = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
                skipped.skipReason = "not a description, and not read past what focusaudit refuses (\(place)\(error.message))"
                return skipped
            }
            // `excluded` leaves out files found in directories; a hook names its files itself.
            result.error?.message +=
                "; if it is not a description, leave it out with excluded: [\"\(file)\"] in .focusaudit.yml"
                + (configuration.skipNonDescriptions ? " (a file a hook names: with the hook's own exclude)" : "")
            return result
        }
    }

    /// Whether a file not named by the user (or passed with `--skip-non-descriptions`) that could
    /// not be read as a description says it is one (`DescriptionClaim`); nil when it cannot be read.
    static func claimsToBeADescription(_ file: String) -> Bool? {
        guard case .success(let source) = ByteSource.open(path: file) else { return nil }
        // The first element of an XML file is near its start; JSON keys may come anywhere.
        let headLength = 256 * 1024
        let head = InputFormat.of(file: file) == .json ? source.readAll() : source.bytes(in: 0..<headLength)
        guard case .success(let bytes) = head else { return nil }
        return DescriptionClaim.claims(file: file, bytes: bytes, complete: bytes.count < headLength)
    }

    /// Audits a description held in memory (tests, editors).
    public static func audit(
        text: String, file: String = "input.xml", configuration: Configuration = Configuration()
    )
        -> FileAudit
    {
        audit(source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: configuration)
    }

    static func audit(
        source: ByteSource, file: String, explicit: Bool, configuration: Configuration, pipelined: Bool = false,
        jsonChunkSize: Int = 1 << 16
    ) -> FileAudit {
        if let failure = source.encodingFailure { return failed(file, failure, explicit: explicit) }
        let route = ReadRoute.choose(file: file, configuration: configuration, pipelined: pipelined)
        var configuration = configuration
        if route == .parts {
            var foldedIDsMet = false
            if let audit = PartsRoute.audit(source: source, file: file, configuration: configuration, foldedIDsMet: &foldedIDsMet) {
                return audit
            }
            if foldedIDsMet { configuration.foldsIDLeaves = false }
        }
        let (audit, foldedIDsMet) = read(
            source: source, file: file, explicit: explicit, configuration: configuration, route: route, jsonChunkSize: jsonChunkSize)
        guard foldedIDsMet else { return audit }
        // A leaf with an id was left out of a screen where another element has its id, which
        // `duplicate_focus_id` names in its messages: the file is read again with every such leaf kept.
        configuration.foldsIDLeaves = false
        return read(
            source: source, file: file, explicit: explicit, configuration: configuration, route: route, jsonChunkSize: jsonChunkSize
        ).audit
    }

    /// Reads and audits `source` whole, on one thread or with a crew as `route` says; also says
    /// whether a folded leaf's id met another id of its screen (`FileFinishing.foldedIDsMet`).
    private static func read(
        source: ByteSource, file: String, explicit: Bool, configuration: Configuration, route: ReadRoute, jsonChunkSize: Int
    ) -> (audit: FileAudit, foldedIDsMet: Bool) {
        let run = FileRun(file: file, configuration: configuration)
        let crew = route == .oneThread ? nil : ReadCrew()
        // Each screen reaches the run as soon as it is read only on one thread.
        run.claimsScreenIDs = crew == nil
        let sink: any DescriptionSink & FileFinishing = crew.map { PipelinedRun(run, crew: $0) } ?? run
        let outcome: ReadResult<ReadOutcome>
        switch InputFormat.of(file: file) {
        case .xml:
            outcome = XMLDescriptionReader.read(
                bytes: source, fileName: file, sink: sink, interfaceBuilder: configuration.interfaceBuilder, crew: crew,
                checksOtherXML: !explicit)
        case .json:
            outcome = JSONDescriptionReader.read(bytes: source, fileName: file, sink: sink, chunkSize: jsonChunkSize)
        }
        switch outcome {
        case .failure(let failure):
            sink.abandon()
            return (failed(file, failure, explicit: explicit), false)
        case .success(let outcome):
            let audit = sink.finish(outcome)
            return (audit, sink.foldedIDsMet)
        }
    }

    private static func failed(_ file: String, _ failure: ReadFailure, explicit: Bool) -> FileAudit {
        var audit = FileAudit(file: file)
        switch failure {
        case .notADescription(let why, let location):
            if explicit {
                audit.error = InputError(file: file, location: location, message: "not a focusaudit description: \(why)")
            } else {
                audit.skipped = true
                audit.skipReason = "not a description: \(why)"
            }
        case .input(let location, let message):
            audit.error = InputError(file: file, location: location, message: message)
        case .refused(let location, let message):
            audit.error = InputError(file: file, location: location, message: message)
            audit.errorIsRefusal = true
        }
        return audit
    }
}

/// How one description file is read; reports are the same bytes whichever is taken.
enum ReadRoute: Equatable {
    /// Read, built and checked on the thread auditing it (`FileRun`).
    case oneThread
    /// Read while a second thread checks its screens in batches and shares the parsing
    /// (`PipelinedRun`, `ReadCrew`; CrewRoute.swift).
    case crew
    /// Cut into parts read on several cores at once (PartsRoute.swift); when it cannot be cut, or a
    /// part shows it must be read in one go, the crew route.
    case parts

    /// `pipelined`: the file has the run's cores to itself. The parts route needs a compact graph
    /// (journeys are not kept), and only XML is cut.
    static func choose(file: String, configuration: Configuration, pipelined: Bool) -> ReadRoute {
        guard pipelined else { return .oneThread }
        return InputFormat.of(file: file) == .xml && !configuration.keepsJourneys ? .parts : .crew
    }
}

/// Which reader a file goes to.
enum InputFormat {
    case xml, json

    static func of(file: String) -> InputFormat {
        file.lowercased().hasSuffix(".json") ? .json : .xml
    }
}
