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

    /// A message's fixed start marked as a shared head (`image_missing_label`'s words before the
    /// asset it quotes) is stored once for every finding that starts with it; the messages read back
    /// whole. A list numbers 255 heads: the findings of later ones, appended or joined from another
    /// list, are stored whole and read back the same.
    @Test func aSharedHeadIsStoredOnce() {
        func append(_ list: inout FindingList, _ i: Int, head: String, name: String, tail: String) {
            var (element, head, name, tail) = ("screen[s]/List[1]/HStack[\(i)]/Image[1]", head, name, tail)
            element.withUTF8 { element in
                head.withUTF8 { head in
                    name.withUTF8 { name in
                        tail.withUTF8 { tail in
                            list.append(
                                rule: RuleID.imageMissingLabel, severity: .warning, file: "a.xml",
                                location: SourceLocation(line: i + 1, column: 3), element: element, message: name,
                                uniqueMessage: true, sharedTail: tail, sharedHead: head)
                        }
                    }
                }
            }
        }
        let head = "image has no label, so VoiceOver reads the asset name \""
        let tail = "; add a label that describes it"
        var list = FindingList()
        var expected: [String] = []
        var paths = 0
        var names = 0
        for i in 0..<1_000 {
            let name = "photo-\(i)\""
            append(&list, i, head: head, name: name, tail: tail)
            expected.append(head + name + tail)
            paths += "HStack[\(i)]/Image[1]".utf8.count
            names += name.utf8.count
        }
        // The paths' shared start once, the rest of each path, each name, the head and the tail once.
        let start = "screen[s]/List[1]/".utf8.count
        #expect(list.storedTextBytes == start + paths + names + head.utf8.count + tail.utf8.count)
        #expect(list.map(\.message) == expected)
        var borrowed: [String] = []
        list.forEachBorrowed { borrowed.append(String(decoding: $0.message, as: UTF8.self)) }
        #expect(borrowed == expected)

        // 300 distinct heads in one list, and two lists of 200 distinct heads each joined.
        var many = FindingList()
        var first = FindingList()
        var second = FindingList()
        var manyExpected: [String] = []
        for i in 0..<300 {
            append(&many, i, head: "head \(i) \"", name: "n\"", tail: tail)
            manyExpected.append("head \(i) \"n\"" + tail)
        }
        for i in 0..<400 {
            if i < 200 {
                append(&first, i, head: "head \(i) \"", name: "n\"", tail: tail)
            } else {
                append(&second, i, head: "head \(i) \"", name: "n\"", tail: tail)
            }
        }
        #expect(many.map(\.message) == manyExpected)
        var joined = first
        joined.append(contentsOf: second)
        #expect(joined.map(\.message) == manyExpected + (300..<400).map { "head \($0) \"n\"" + tail })
        #expect(Array(second).count == 200 && second[0].message == "head 200 \"n\"" + tail)
        joined.sortInReportOrder()
        var joinedBorrowed: [String] = []
        joined.forEachBorrowed { joinedBorrowed.append(String(decoding: $0.message, as: UTF8.self)) }
        #expect(joinedBorrowed == joined.map(\.message))
    }

    /// The rows of a list share their list's path: a path's start up to a `/` that the path before
    /// it has too is stored once, however the paths go deeper, back up and on to other screens, and
    /// every path reads back whole (by index, borrowed, compared, after joining lists, sorting and
    /// filtering). A record stays 40 bytes.
    @Test func pathsSharingTheirStartWithThePathBeforeStoreItOnce() {
        #expect(FindingList.recordStride == 40)
        var list = FindingList()
        var paths = 0
        for i in 0..<1_000 {
            list.append(
                Finding(
                    rule: RuleID.imageMissingLabel, severity: .warning, file: "a.xml",
                    location: SourceLocation(line: i + 1, column: 3), element: "screen[s]/List[1]/HStack[\(i + 1)]/Image[1]",
                    message: "m"))
            paths += "HStack[\(i + 1)]/Image[1]".utf8.count
        }
        // The first path whole, then the rest of each after its list's path.
        #expect(list.storedTextBytes == paths + "screen[s]/List[1]/".utf8.count + 1)
        #expect(list[999].element == "screen[s]/List[1]/HStack[1000]/Image[1]")

        // Paths in several scripts going deeper, back up, to another screen, equal and prefixes of one
        // another, short and long, cut inside a character too, against the same findings as an array.
        var rng = SplitMix(seed: 5)
        let steps = ["List[1]", "HStack[2]", "화면[3]", "e\u{301}[1]", "🙂", "Button[\u{0301}a]", "VStack[12345678]", ""]
        var findings: [Finding] = []
        var path = ["screen[s]"]
        for i in 0..<5_000 {
            switch rng.next() % 6 {
            case 0: path.append(steps[Int(rng.next() % UInt64(steps.count))])
            case 1 where path.count > 1: path.removeLast()
            case 2: path = ["screen[s\(rng.next() % 3)]"]
            case 3: path[path.count - 1] = steps[Int(rng.next() % UInt64(steps.count))]
            default: break
            }
            var element = path.joined(separator: "/")
            if rng.next() % 9 == 0 { element = String(decoding: Array(element.utf8).dropLast(1), as: UTF8.self) }
            findings.append(
                Finding(
                    rule: i % 2 == 0 ? RuleID.unlabeledControl : RuleID.imageMissingLabel, severity: .warning, file: "a.xml",
                    location: SourceLocation(line: Int(rng.next() % 100) + 1, column: 1), element: element,
                    message: "m\(i % 7)"))
        }
        let whole = findings.reduce(0) { $0 + $1.element.utf8.count }
        var first = FindingList(findings[..<3_000])
        let second = FindingList(findings[3_000...])
        #expect(Array(first) == Array(findings[..<3_000]) && Array(second) == Array(findings[3_000...]))
        #expect(first.storedTextBytes + second.storedTextBytes < whole)
        for (i, finding) in findings[..<3_000].enumerated() {
            var bytes = Array(finding.element.utf8)
            let equal = bytes.withUnsafeMutableBufferPointer {
                first.elementEquals(UnsafeBufferPointer($0), at: finding.location, inFinding: i)
            }
            #expect(equal)
            if !bytes.isEmpty {
                bytes[bytes.count - 1] ^= 1
                let unequal = bytes.withUnsafeBufferPointer {
                    first.elementEquals($0, at: finding.location, inFinding: i)
                }
                #expect(!unequal)
            }
        }
        first.append(contentsOf: second)
        #expect(Array(first) == findings)
        var borrowed: [String] = []
        first.forEachBorrowed { borrowed.append(String(decoding: $0.element, as: UTF8.self)) }
        #expect(borrowed == findings.map(\.element))
        first.sortInReportOrder()
        var sorted = findings
        sorted.sort(by: Finding.reportOrder)
        #expect(Array(first) == sorted)
        first.removeAll { $0.rule == RuleID.unlabeledControl }
        #expect(Array(first) == sorted.filter { $0.rule != RuleID.unlabeledControl })
        // Appended after joining and filtering, a path still shares with the one appended last.
        first.append(findings[4_999])
        #expect(first.last == findings[4_999])
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
