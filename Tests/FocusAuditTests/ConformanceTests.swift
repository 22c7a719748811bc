import Foundation
import Testing

@testable import FocusAudit

/// The conformance cases of `Tests/conformance/cases`: small descriptions written from the format
/// contract (FORMAT.md, `docs/format.md`), each with the findings the contract implies in
/// `NAME.expected` (rule, severity, element path, XML and JSON positions, words the message must
/// or must not contain). `Tests/conformance/README.md` says how they are written.
///
/// Every case is audited on every read route (one thread, the crew, XML in parts, JSON read in
/// small chunks) and must give exactly the expected findings. The end-to-end twin of this test,
/// `ConformanceCommandTests`, runs the built executable on the same files.
@Suite struct ConformanceTests {
    @Test(arguments: ConformanceCase.all)
    func everyRouteGivesTheExpectedFindings(_ conformanceCase: ConformanceCase) throws {
        let bytes = Array(try Data(contentsOf: conformanceCase.file))
        var configuration = Configuration()
        configuration.jobs = 1
        let file = conformanceCase.file.lastPathComponent
        var routes: [(String, FileAudit)] = [
            ("one thread", Auditor.audit(source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: configuration)),
            (
                "crew",
                Auditor.audit(source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: configuration, pipelined: true)
            ),
        ]
        if conformanceCase.format == "xml" {
            var parts = configuration
            parts.keepsJourneys = false
            parts.jobs = 4
            parts.minimumPartSize = 1
            routes.append(
                ("parts", Auditor.audit(source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: parts, pipelined: true)))
        } else {
            routes.append(
                (
                    "small chunks",
                    Auditor.audit(
                        source: ByteSource(bytes: bytes), file: file, explicit: true, configuration: configuration, jsonChunkSize: 7)
                ))
        }
        for (route, audit) in routes {
            #expect(audit.error == nil, "\(conformanceCase) (\(route)): \(String(describing: audit.error))")
            let got = audit.findings.map {
                ConformanceFinding(
                    rule: $0.rule, severity: $0.severity.rawValue, element: $0.element, line: $0.location.line,
                    column: $0.location.column, message: $0.message)
            }
            for problem in conformanceCase.compare(got) {
                Issue.record("\(conformanceCase) (\(route)): \(problem)")
            }
        }
    }

    @Test func everyCaseHasItsResolvedExpectations() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ConformanceCase.directory.path)
        let sources = Set(names.filter { $0.hasSuffix(".expect") }.map { String($0.dropLast(".expect".count)) })
        let resolved = Set(names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(".expected".count)) })
        #expect(sources == resolved, "run python3 Tests/conformance/twin.py after editing a case")
        #expect(ConformanceCase.all.count >= 2 * 40)
    }
}

/// One finding, as the conformance files write it.
struct ConformanceFinding: Hashable, CustomStringConvertible {
    var rule: String
    var severity: String
    var element: String
    var line: Int
    var column: Int
    var message = ""

    var key: String { "\(rule) \(severity) \(element) \(line):\(column)" }
    var description: String { key }
}

/// One case file (XML or JSON) and the findings it must give.
struct ConformanceCase: CustomStringConvertible, Sendable {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("conformance/cases")

    struct Expectation: Sendable {
        var key: String
        var contains: [String]
        var excludes: [String]
    }

    var name: String
    var format: String
    var file: URL
    var expected: [Expectation]

    var description: String { "\(name).\(format)" }

    /// Every case, XML and JSON, in name order.
    static let all: [ConformanceCase] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var cases: [ConformanceCase] = []
        for expected in names.filter({ $0.hasSuffix(".expected") }).sorted() {
            let name = String(expected.dropLast(".expected".count))
            let text = (try? String(contentsOf: directory.appendingPathComponent(expected), encoding: .utf8)) ?? ""
            for format in ["xml", "json"] where names.contains("\(name).\(format)") {
                cases.append(
                    ConformanceCase(
                        name: name, format: format, file: directory.appendingPathComponent("\(name).\(format)"),
                        expected: parse(text, format: format)))
            }
        }
        return cases
    }()

    /// `rule severity path xml=L:C json=L:C contains=WORD excludes=WORD`; a finding without a
    /// position for a format is not expected in that format.
    static func parse(_ text: String, format: String) -> [Expectation] {
        var result: [Expectation] = []
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 3 else { continue }
            var position: String?
            var contains: [String] = []
            var excludes: [String] = []
            for field in fields.dropFirst(3) {
                guard let equals = field.firstIndex(of: "=") else { continue }
                let (key, value) = (String(field[..<equals]), String(field[field.index(after: equals)...]))
                switch key {
                case format: position = value
                case "contains": contains.append(value)
                case "excludes": excludes.append(value)
                default: break
                }
            }
            guard let position else { continue }
            result.append(Expectation(key: "\(fields[0]) \(fields[1]) \(fields[2]) \(position)", contains: contains, excludes: excludes))
        }
        return result
    }

    /// What differs between `got` and the expectations: missing and unexpected findings (as
    /// multisets: two findings at one place count twice), and message words.
    func compare(_ got: [ConformanceFinding]) -> [String] {
        var problems: [String] = []
        var remaining = got
        // Expectations with words first, so that one without words does not take their finding.
        let ordered = expected.filter { !$0.contains.isEmpty || !$0.excludes.isEmpty } + expected.filter { $0.contains.isEmpty && $0.excludes.isEmpty }
        for expectation in ordered {
            // Two findings at one place (an unknown attribute and stray text, both at `<app`) are
            // told apart by their words: a finding whose message has them is taken first.
            func fits(_ finding: ConformanceFinding) -> Bool {
                expectation.contains.allSatisfy { finding.message.contains($0) }
                    && !expectation.excludes.contains { finding.message.contains($0) }
            }
            guard
                let index = remaining.firstIndex(where: { $0.key == expectation.key && fits($0) })
                    ?? remaining.firstIndex(where: { $0.key == expectation.key })
            else {
                problems.append("missing \(expectation.key)")
                continue
            }
            let message = remaining[index].message
            for word in expectation.contains where !message.contains(word) {
                problems.append("the message of \(expectation.key) does not contain \"\(word)\": \(message)")
            }
            for word in expectation.excludes where message.contains(word) {
                problems.append("the message of \(expectation.key) contains \"\(word)\": \(message)")
            }
            remaining.remove(at: index)
        }
        problems += remaining.map { "unexpected \($0.key): \($0.message)" }
        return problems
    }
}
