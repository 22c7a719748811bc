import Testing

@testable import FocusAudit

/// `.focusaudit.yml` is read with libyaml's event parser; these pin what the composer builds from
/// the events and how it refuses what a configuration cannot be.
@Suite struct YAMLReaderTests {
    private func read(_ text: String) throws(YAMLError) -> YAMLNode? {
        try YAMLReader.read(text)
    }

    private func pairs(_ node: YAMLNode?) -> [(String, YAMLNode)] {
        (node?.mapping ?? []).map { ($0.key.string ?? "?", $0.value) }
    }

    @Test func blockAndFlowFormsGiveTheSameNodesWithPositions() throws {
        let block = try read("a: 1\nlist:\n  - x\n  - 'y z'\nmap:\n  k: \"v\\tw\"\n")
        let flow = try read("{a: 1, list: [x, 'y z'], map: {k: \"v\\tw\"}}")
        for root in [block, flow] {
            let p = pairs(root)
            #expect(p.map(\.0) == ["a", "list", "map"])
            #expect(p[0].1.string == "1")
            guard case .sequence(let items, _) = p[1].1 else {
                Issue.record("list is not a sequence")
                continue
            }
            #expect(items.map(\.string) == ["x", "y z"])
            #expect(pairs(p[2].1).first?.1.string == "v\tw")
        }
        // Positions are 1-based line and column of where each node starts.
        let p = pairs(block)
        #expect(p[1].1.location == SourceLocation(line: 3, column: 3))
        #expect(block?.mapping?[2].key.location == SourceLocation(line: 5, column: 1))
        #expect(pairs(p[2].1).first?.1.location == SourceLocation(line: 6, column: 6))
    }

    @Test func emptyDocumentsAndEmptyValues() throws {
        #expect(try read("") == nil)
        #expect(try read("# only a comment\n") == nil)
        let p = pairs(try read("rules:\nstrict: ~\n"))
        #expect(p.map(\.1.string) == ["", "~"])
    }

    @Test func aliasesTakeTheAnchoredNode() throws {
        let p = pairs(try read("a: &words [one, two]\nb: *words\n"))
        guard case .sequence(let items, _) = p[1].1 else {
            Issue.record("the alias did not resolve to the sequence")
            return
        }
        #expect(items.map(\.string) == ["one", "two"])
    }

    @Test func refusalsSayWhatAndWhere() {
        let cases: [(String, Int?, String)] = [
            ("a: [unclosed\n", 2, "did not find expected"),
            ("a: 1\n---\nb: 2\n", 2, "a second document starts here"),
            ("a: 1\nb: 2\na: 3\n", 3, "the key 'a' appears twice in one mapping"),
            ("a: *nowhere\n", 1, "the alias '*nowhere' names no anchor before it"),
            ("a: 1\n  b: 2\n", 2, "mapping values are not allowed in this context"),
            ("a: \"\u{1}\"\n", nil, "control characters are not allowed"),
            (String(repeating: "[", count: 300) + String(repeating: "]", count: 300), 1, "values are nested more than 256 deep"),
        ]
        for (text, line, message) in cases {
            do {
                _ = try read(text)
                Issue.record("\(text.prefix(20)) should be refused")
            } catch {
                #expect(error.location?.line == line, "\(text.prefix(20)): \(String(describing: error.location))")
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test func aConfigurationErrorNamesTheFileAndLine() {
        do {
            _ = try ConfigurationFile.parse("strict: true\nstrict: false\n", path: ".focusaudit.yml")
            Issue.record("a duplicate key should be refused")
        } catch {
            #expect(error.file == ".focusaudit.yml")
            #expect(error.location == SourceLocation(line: 2, column: 1))
            #expect(error.message == "not valid YAML: the key 'strict' appears twice in one mapping")
        }
    }
}
