import Testing

@testable import FocusAudit

/// Audits a description held in a string. Every description is audited twice, on one thread and
/// pipelined (parsed, built and checked by the two threads of a `ReadCrew`), and the two audits
/// must agree.
func audit(_ xml: String, file: String = "test.xml", configuration: Configuration = Configuration()) -> FileAudit {
    let one = Auditor.audit(text: xml, file: file, configuration: configuration)
    let pipelined = Auditor.audit(
        source: ByteSource(bytes: Array(xml.utf8)), file: file, explicit: true, configuration: configuration,
        pipelined: true)
    expectSameAudit(one, pipelined)
    // Read in parts on several threads (`XMLPartReader`), which keeps only the compact graph: the
    // same as one thread keeping it.
    var compact = configuration
    compact.keepsJourneys = false
    expectSameAudit(Auditor.audit(text: xml, file: file, configuration: compact), auditInParts(xml, file: file, configuration: compact))
    return one
}

/// Audits a description read in as many parts as it can be cut into (at most four), whatever its size.
func auditInParts(_ text: String, file: String = "test.xml", configuration: Configuration = Configuration()) -> FileAudit {
    var parts = configuration
    parts.keepsJourneys = false
    parts.jobs = 4
    parts.minimumPartSize = 1
    return Auditor.audit(
        source: ByteSource(bytes: Array(text.utf8)), file: file, explicit: true, configuration: parts, pipelined: true)
}

/// Checks that two audits of the same input agree in everything a report shows.
func expectSameAudit(_ one: FileAudit, _ two: FileAudit, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(one.error == two.error, sourceLocation: sourceLocation)
    #expect(one.skipped == two.skipped, sourceLocation: sourceLocation)
    #expect(one.appName == two.appName, sourceLocation: sourceLocation)
    #expect(one.transition == two.transition, sourceLocation: sourceLocation)
    #expect(one.findings == two.findings, sourceLocation: sourceLocation)
    #expect(
        SimulationReporter.render(one, lostOnly: false) == SimulationReporter.render(two, lostOnly: false),
        sourceLocation: sourceLocation)
}

/// The findings of one rule as `line:col`.
func positions(_ audit: FileAudit, _ rule: String) -> [String] {
    audit.findings.filter { $0.rule == rule }.map { "\($0.location.line):\($0.location.column)" }
}

func rules(_ audit: FileAudit) -> [String] {
    audit.findings.map(\.rule)
}
