import TestSupport
import Testing

@testable import FocusAudit

/// `FindingList` stores findings compactly; read back, sorted and filtered it must behave exactly
/// like an array of `Finding`s.
@Suite struct FindingListTests {
    /// Random findings with many ties on line, column and rule, texts in several scripts, some
    /// longer than a text chunk, and more findings than a record chunk holds.
    private func randomFindings(_ count: Int, seed: UInt64) -> [Finding] {
        var rng = SplitMix(seed: seed)
        let rules = [RuleID.focusLostOnReturn, RuleID.unlabeledControl, RuleID.imageMissingLabel, "custom_rule"]
        let files = ["b.xml", "a.xml", "dir/c.json"]
        let words = ["List", "친구", "Button", "e\u{301}", "é", "🙂", "a", "Z", "\\/", ""]
        func text() -> String {
            (0..<Int(rng.next() % 6)).map { _ in words[Int(rng.next() % UInt64(words.count))] }.joined(separator: "/")
        }
        return (0..<count).map { i in
            Finding(
                rule: rules[Int(rng.next() % 4)], severity: rng.next() % 2 == 0 ? .error : .warning,
                file: files[Int(rng.next() % 3)],
                location: SourceLocation(line: Int(rng.next() % 40) + 1, column: Int(rng.next() % 3) + 1),
                element: i % 997 == 0 ? String(repeating: "x", count: 70_000) : text(),
                // Messages repeat (they are stored once), including long ones of equal length.
                message: i % 1499 == 0 ? String(repeating: i % 2 == 0 ? "y" : "z", count: 70_000) : text())
        }
    }

    @Test func aRepeatedMessageIsStoredOnce() {
        let message = "image has no label, so VoiceOver reads the asset name \"banner\"; add a label"
        var list = FindingList()
        for i in 0..<1_000 {
            list.append(
                Finding(
                    rule: RuleID.imageMissingLabel, severity: .warning, file: "a.xml",
                    location: SourceLocation(line: i + 1, column: 5), element: "screen[s\(i)]/Image[1]",
                    message: i % 100 == 0 ? message + " \(i)" : message))
        }
        let elements = (0..<1_000).reduce(0) { $0 + "screen[s\($1)]/Image[1]".utf8.count }
        let messages = message.utf8.count + (0..<10).reduce(0) { $0 + (message + " \($1 * 100)").utf8.count }
        #expect(list.storedTextBytes == elements + messages)
        #expect(list[0].message == message + " 0" && list[1].message == message && list[999].message == message)
    }

    @Test func aMessageMarkedUniqueIsStoredAsItIs() {
        var list = FindingList()
        let message = Array("\"다음\" (a) goes to s2 from a screen that restores focus".utf8)
        let element = Array("screen[s1]/Button[a]".utf8)
        for _ in 0..<3 {
            element.withUnsafeBufferPointer { e in
                message.withUnsafeBufferPointer { m in
                    list.append(
                        rule: RuleID.unboundFocusTarget, severity: .error, file: "a.xml",
                        location: SourceLocation(line: 1, column: 1), element: e, message: m, uniqueMessage: true)
                }
            }
        }
        #expect(list.storedTextBytes == 3 * (element.count + message.count))
        #expect(list.map(\.message) == Array(repeating: String(decoding: message, as: UTF8.self), count: 3))
        // Messages stored the usual way are still shared.
        let finding = list[0]
        list.append(finding)
        list.append(finding)
        #expect(list.storedTextBytes == 5 * element.count + 4 * message.count)
    }

    @Test func readsBackWhatWasAppended() {
        let findings = randomFindings(9_000, seed: 1)
        let list = FindingList(findings)
        #expect(list.count == findings.count)
        #expect(Array(list) == findings)
        #expect(list[4096] == findings[4096])
        #expect(FindingList([]).isEmpty)
        let literal: FindingList = [findings[0], findings[1]]
        #expect(Array(literal) == Array(findings[0...1]))
    }

    @Test func sortsInReportOrderLikeAStableSortOfFindings() {
        for seed in UInt64(1)...4 {
            let findings = randomFindings(5_000, seed: seed)
            var list = FindingList(findings)
            list.sortInReportOrder()
            #expect(Array(list) == findings.sorted(by: Finding.reportOrder), "seed \(seed)")
        }
    }

    @Test func sortsNegativeAndLargeLinesAndColumnsInOrder() {
        var findings: [Finding] = []
        for line in [2_000_000_000, -3, 0, 7, -2_000_000_000] {
            for column in [5, -1, 0, 2_000_000_001] {
                findings.append(
                    Finding(
                        rule: RuleID.unlabeledControl, severity: .error, file: "a.xml",
                        location: SourceLocation(line: line, column: column), element: "e", message: "m"))
            }
        }
        var list = FindingList(findings)
        list.sortInReportOrder()
        #expect(Array(list) == findings.sorted(by: Finding.reportOrder))
    }

    @Test func filtersAndSetsLikeAnArray() {
        let findings = randomFindings(6_000, seed: 9)
        var list = FindingList(findings)
        list.removeFindings(ofRules: { $0 == RuleID.unlabeledControl })
        var expected = findings.filter { $0.rule != RuleID.unlabeledControl }
        #expect(Array(list) == expected)

        list.removeAll { $0.location.line == 7 }
        expected.removeAll { $0.location.line == 7 }
        #expect(Array(list) == expected)

        list.setFile("one.xml")
        list.setSeverities { rule, severity in rule == "custom_rule" ? .warning : severity }
        for i in expected.indices {
            expected[i].file = "one.xml"
            if expected[i].rule == "custom_rule" { expected[i].severity = .warning }
        }
        #expect(Array(list) == expected)
        // Appending after filtering keeps the order.
        list.append(findings[0])
        #expect(list.last == findings[0])
    }

    @Test func appendingAListTakesOverItsFindingsAndMessages() {
        let first = randomFindings(5_000, seed: 11)
        let second = randomFindings(6_000, seed: 12)
        var list = FindingList(first)
        let other = FindingList(second)
        list.append(contentsOf: other)
        #expect(Array(list) == first + second)
        // The other list is unchanged, and both go on independently.
        #expect(Array(other) == second)
        var copy = other
        copy.append(first[0])
        #expect(Array(other) == second && copy.last == first[0])
        // A message of the appended list is found again: appending it once more stores only the path.
        let before = list.storedTextBytes
        let repeated = second[1]
        list.append(repeated)
        #expect(list.storedTextBytes == before + repeated.element.utf8.count)
        #expect(list.last == repeated)
        // Appending to an empty list and appending an empty list.
        var empty = FindingList()
        empty.append(contentsOf: other)
        empty.append(contentsOf: FindingList())
        #expect(Array(empty) == second)
    }

    @Test func lendsEachFindingsBytesOverAnyRange() {
        let findings = randomFindings(9_000, seed: 21)
        let list = FindingList(findings)
        for range in [0..<9_000, 0..<0, 4_000..<4_200, 4_095..<4_097, 8_999..<9_000] {
            var seen: [Finding] = []
            var numbers: [String: Int] = [:]
            list.forEachBorrowed(in: range) { f in
                let file = String(decoding: f.file, as: UTF8.self)
                // One number per file name.
                #expect(numbers[file, default: f.fileNumber] == f.fileNumber)
                numbers[file] = f.fileNumber
                seen.append(
                    Finding(
                        rule: String(decoding: f.rule, as: UTF8.self), severity: f.severity, file: file,
                        location: f.location, element: String(decoding: f.element, as: UTF8.self),
                        message: String(decoding: f.message, as: UTF8.self)))
            }
            #expect(seen == Array(findings[range]), "\(range)")
        }
    }
}

@Suite struct ChunkedArrayTests {
    @Test func walksAnyRangeAcrossChunks() {
        var chunked = ChunkedArray<Int>()
        for i in 0..<10_000 { chunked.append(i) }
        for range in [0..<10_000, 0..<0, 4_095..<4_097, 4_096..<8_192, 8_000..<10_000, 9_999..<10_000] {
            var seen: [Int] = []
            chunked.forEach(in: range) { seen.append($0) }
            #expect(seen == Array(range))
        }
    }

    @Test func holdsWhatAnArrayHoldsAcrossChunks() {
        var chunked = ChunkedArray<Int>()
        var array: [Int] = []
        for i in 0..<10_000 {
            chunked.append(i * 7)
            array.append(i * 7)
        }
        #expect(Array(chunked) == array)
        #expect(chunked.count == 10_000 && chunked[4095] == 4095 * 7 && chunked[4096] == 4096 * 7)
        chunked[8191] = -1
        array[8191] = -1
        #expect(Array(chunked) == array)
        let literal: ChunkedArray = [1, 2, 3]
        #expect(Array(literal) == [1, 2, 3])
        chunked.updateEach { $0 += 1 }
        #expect(Array(chunked) == array.map { $0 + 1 })
    }
}
