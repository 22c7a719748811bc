import Testing

@testable import FocusAudit

/// Audits a description held in a string on every route (`auditsOnEveryRoute`): one thread and the
/// crew (parsed, built and checked by the two threads of a `ReadCrew`) must agree, and so must the
/// two routes that keep only the compact graph.
func audit(_ xml: String, file: String = "test.xml", configuration: Configuration = Configuration()) -> FileAudit {
    let routes = auditsOnEveryRoute(xml, file: file, configuration: configuration)
    expectSameAudit(routes[0].audit, routes[1].audit)
    // Read in parts on several threads (`XMLPartReader`), which keeps only the compact graph: the
    // same as one thread keeping it.
    expectSameAudit(routes[2].audit, routes[3].audit)
    // Read in parts keeping only the journeys rules read (the command line's route without an HTML
    // report): the same findings.
    #expect(routes[4].audit.findings == routes[3].audit.findings)
    return routes[0].audit
}

/// The audits of one description on every route a file can take, in this order: one thread with
/// the whole graph, the crew (read on one thread, checked on another), one thread with only the
/// compact graph, read in parts on several threads (also with the compact graph), and read in
/// parts keeping only the journeys that rules read (`keepsLostJourneys` off, as the command line
/// does without an HTML report).
func auditsOnEveryRoute(
    _ xml: String, file: String = "test.xml", configuration: Configuration = Configuration()
) -> [(route: String, audit: FileAudit)] {
    let one = Auditor.audit(text: xml, file: file, configuration: configuration)
    let crew = Auditor.audit(
        source: ByteSource(bytes: Array(xml.utf8)), file: file, explicit: true, configuration: configuration,
        pipelined: true)
    var compact = configuration
    compact.keepsJourneys = false
    var reportedOnly = compact
    reportedOnly.keepsLostJourneys = false
    return [
        ("one thread", one), ("crew", crew), ("compact graph", Auditor.audit(text: xml, file: file, configuration: compact)),
        ("parts", auditInParts(xml, file: file, configuration: compact)),
        ("parts, journeys rules read", auditInParts(xml, file: file, configuration: reportedOnly)),
    ]
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
