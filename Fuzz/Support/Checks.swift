// Shared by every fuzz harness; compiled into the same module as the library sources and one
// harness file (see Fuzz/run.sh), so internal API such as `Auditor.audit(source:…)` is visible.
//
// Besides "does not crash", the harnesses check a few properties that must hold for every input;
// a violation calls `fuzzFail`, which aborts, so libFuzzer saves the input as a crash:
//   * reading the bytes from memory and from a file gives the same audit (the file path streams
//     through a file descriptor in chunks and sniffs byte-order marks with pread);
//   * the compact graph (how `check` keeps a file), checked on a second thread in the whole-audit
//     harness, gives the same findings as the full graph on one thread;
//   * every position in a finding or input error is inside the document;
//   * structured reports parse: json and sarif with the library's own JSON parser, junit with
//     libxml2;
//   * a baseline written for the findings loads again and then accepts every one of them.

internal import CLibXML

func fuzzFail(_ message: String) -> Never {
    var text = "focusaudit-fuzz: property violated: \(message)\n"
    Platform.writeAll(Platform.standardError, text)
    Platform.abortProcess()
}

/// A scratch file in a directory of this process (on tmpfs when there is one). Its base name is
/// `name`, so that the app name a description without one gets (the file's base name) is the same
/// as for the in-memory audit.
private func scratchPath(_ name: String) -> String {
    let dir = (Platform.isWritable("/dev/shm") ? "/dev/shm" : "/tmp") + "/focusaudit-fuzz-\(Platform.processID)"
    if !Platform.pathExists(dir), Platform.makeDirectory(dir) != 0, !Platform.pathExists(dir) {
        fuzzFail("cannot create the scratch directory \(dir)")
    }
    return dir + "/" + name
}

private func writeFile(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let fd = Platform.createForWriting(path)
    guard fd >= 0 else { return false }
    defer { Platform.closeDescriptor(fd) }
    return Platform.writeAll(fd, UnsafeRawBufferPointer(bytes)) == 0
}

/// Audits `bytes` from memory as `file` (the extension picks the reader) and checks the result.
/// With `viaFile`, also audits the same bytes from a scratch file, compares the two audits, and
/// hands the file's audit (named by the scratch path, which still exists then, so the HTML report
/// can quote source lines) to `inspect`.
@discardableResult
/// `pipelined`: also check the compact graph on a second thread, as `check` runs one file (slower
/// per input, so only the whole-audit harness does it; the others check the compact graph alone).
func fuzzAudit(
    _ data: UnsafePointer<UInt8>, _ size: Int, file: String, viaFile: Bool,
    configuration: Configuration = Configuration(), pipelined: Bool = false, inspect: ((FileAudit) -> Void)? = nil
) -> FileAudit {
    let buffer = UnsafeBufferPointer(start: data, count: size)
    let bytes = Array(buffer)
    if KnownIssues.skip(bytes, file: file) { return FileAudit(file: file) }
    let audit = Auditor.audit(source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: configuration)
    checkPositions(audit, bytes)
    // The way `check` runs one file: a compact graph that keeps only the links findings need, and
    // (`pipelined`) screens checked on a second thread. Same findings.
    var compact = configuration
    compact.keepsJourneys = false
    let quick = Auditor.audit(
        source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: compact, pipelined: pipelined)
    compare(audit, quick, "the full and the compact\(pipelined ? " two-thread" : "") audits", journeys: false)
    if pipelined {
        // Read in as many parts as the input can be cut into (`XMLPartReader`, which a large file
        // with four or more jobs is): the same findings, or the same input error.
        var parts = compact
        parts.jobs = 4
        parts.minimumPartSize = 1
        let inParts = Auditor.audit(
            source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: parts, pipelined: true)
        compare(audit, inParts, "the one-read and the in-parts audits", journeys: false)
    }
    guard viaFile else {
        inspect?(audit)
        return audit
    }
    let path = scratchPath(file)
    guard writeFile(path, buffer) else { fuzzFail("cannot write the scratch file \(path)") }
    defer { Platform.removeFile(path) }
    let fromFile = Auditor.audit(file: path, explicit: true, configuration: configuration)
    // The same name for both runs, so findings compare equal.
    var renamed = fromFile
    renamed.file = file
    renamed.findings.setFile(file)
    if var error = renamed.error {
        error.file = file
        renamed.error = error
    }
    compare(audit, renamed, "memory and file reads", journeys: true)
    inspect?(fromFile)
    return audit
}

private func compare(_ a: FileAudit, _ b: FileAudit, _ what: String, journeys: Bool) {
    if a.error != b.error {
        fuzzFail("\(what) disagree on the input error: \(String(describing: a.error)) vs \(String(describing: b.error))")
    }
    if a.skipped != b.skipped { fuzzFail("\(what) disagree on skipping") }
    if a.appName != b.appName { fuzzFail("\(what) disagree on the app name") }
    if a.findings != b.findings {
        let left = a.findings.map { "\($0.location) \($0.rule) \($0.message)" }.joined(separator: "\n  ")
        let right = b.findings.map { "\($0.location) \($0.rule) \($0.message)" }.joined(separator: "\n  ")
        fuzzFail("\(what) disagree on findings:\n first:\n  \(left)\n second:\n  \(right)")
    }
    if journeys && a.journeys.count != b.journeys.count { fuzzFail("\(what) disagree on journeys") }
}

/// Lines are 1 up to the number of line breaks + 1 (a lone CR counted too, as libxml2 does);
/// columns are 1 up to the number of bytes + 1.
private func checkPositions(_ audit: FileAudit, _ bytes: [UInt8]) {
    var breaks = 0
    for b in bytes where b == 0x0A || b == 0x0D { breaks += 1 }
    // UTF-16 input is transcoded first: a BMP character takes up to 3 UTF-8 bytes for 2 UTF-16 ones.
    let maxColumn = bytes.count * 2 + 1
    func check(_ location: SourceLocation, _ what: String) {
        if location.line < 1 || location.column < 1 || location.line > breaks + 1 || location.column > maxColumn {
            fuzzFail("\(what) at \(location) is outside the input (\(breaks + 1) lines, \(bytes.count) bytes)")
        }
    }
    for finding in audit.findings { check(finding.location, "finding \(finding.rule): \(finding.message)") }
    if let error = audit.error, let location = error.location { check(location, "input error '\(error.message)'") }
}

/// Renders every report format and checks that the structured ones parse.
func fuzzRender(_ audit: FileAudit) {
    let result = AuditResult(files: [audit])
    for format in ReportFormat.allCases {
        let output = format.render(result)
        switch format {
        case .json, .sarif:
            checkJSON(output, format.rawValue)
        case .junit:
            checkXML(output, format.rawValue)
        case .text, .html, .github:
            break
        }
    }
    _ = SimulationReporter.render(audit)
    _ = SimulationReporter.render(audit, lostOnly: true)
    checkBaselineRoundTrip(result)
}

/// A baseline written for a run's findings, read back, accepts every one of them.
private func checkBaselineRoundTrip(_ result: AuditResult) {
    let text = Baseline.render(result)
    checkJSON(text, "baseline")
    let path = scratchPath("baseline.json")
    var copy = text
    guard copy.withUTF8({ writeFile(path, $0) }) else { fuzzFail("cannot write the scratch file \(path)") }
    defer { Platform.removeFile(path) }
    let baseline: Baseline
    do throws(InputError) {
        baseline = try Baseline.load(path: path)
    } catch {
        fuzzFail("a baseline written by Baseline.render does not load: \(error.location.map { "\($0): " } ?? "")\(error.message)")
    }
    let applied = result.applying(baseline)
    let left = applied.files.reduce(0) { $0 + $1.findings.count }
    if left != 0 || applied.baselinedCount != result.files.reduce(0, { $0 + $1.findings.count }) {
        fuzzFail("a baseline of a run's own findings leaves \(left) of them (baselined \(applied.baselinedCount))")
    }
}

private func checkJSON(_ text: String, _ what: String) {
    var copy = text
    copy.withUTF8 { buffer in
        var parser = JSONParser(bytes: buffer)
        do throws(JSONSyntaxError) {
            _ = try parser.parseDocument()
        } catch {
            fuzzFail("the \(what) report is not valid JSON at byte \(error.offset): \(error.message)")
        }
    }
}

private func checkXML(_ text: String, _ what: String) {
    LibXML.setUp()
    var copy = text
    copy.withUTF8 { buffer in
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let doc = buffer.withMemoryRebound(to: CChar.self) {
            xmlReadMemory($0.baseAddress, Int32($0.count), "report.xml", "UTF-8", options)
        }
        guard let doc else {
            let message = xmlGetLastError().map { $0.pointee.message.map { String(cString: $0) } ?? "?" } ?? "?"
            fuzzFail("the \(what) report is not well-formed XML: \(message)")
        }
        xmlFreeDoc(doc)
    }
}
