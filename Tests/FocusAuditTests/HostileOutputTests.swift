import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// Unit tests of the guards on what focusaudit writes: bounded messages, and report files that are
/// created safely next to their destination.
@Suite struct HostileOutputTests {
    // MARK: Bounded messages

    @Test func shortTextIsQuotedAsItIs() {
        #expect(MessageText.quoted("") == "")
        #expect(MessageText.quoted("전송 버튼") == "전송 버튼")
        let exact = String(repeating: "가", count: MessageText.maximumQuoteLength)
        #expect(MessageText.quoted(exact) == exact)
    }

    @Test func longTextIsCutAtACharacterBoundary() {
        let long = String(repeating: "가", count: 5000)
        let quoted = MessageText.quoted(long)
        #expect(quoted == String(repeating: "가", count: MessageText.maximumQuoteLength) + "…")
        // A letter with a combining mark is one character: never split.
        let marks = String(repeating: "e\u{301}", count: 300)
        let cut = MessageText.quoted(marks)
        #expect(cut.count == MessageText.maximumQuoteLength + 1)
        #expect(cut.unicodeScalars.count == 2 * MessageText.maximumQuoteLength + 1)
    }

    @Test func listsNameAFewItemsAndCountTheRest() {
        #expect(MessageText.list(["a"]) { $0 } == "a")
        #expect(MessageText.list(["a", "b", "c", "d", "e"]) { $0 } == "a, b, c, d, e")
        #expect(MessageText.list(Array(repeating: "x", count: 1000)) { $0 } == "x, x, x, x, x, and 995 more")
        #expect(MessageText.list(["p", "q", "r", "s", "t", "u"], separator: " and ") { $0 } == "p and q and r and s and t and and 1 more")
    }

    @Test func aDuplicateOfALongNamedElementQuotesItShort() {
        let long = String(repeating: "x", count: 20_000)
        let result = audit(
            "<app><screen id=\"s\"><Button id=\"a\" label=\"\(long)\"/>"
                + String(repeating: "<Button id=\"a\" label=\"b\"/>", count: 10) + "</screen></app>")
        let messages = result.findings.filter { $0.rule == "duplicate_focus_id" }.map(\.message)
        #expect(messages.count == 10)
        #expect(messages.allSatisfy { $0.utf8.count < 400 })
    }

    @Test func labelNotInNameQuotesALongTypeIDAndTextsShort() {
        let long = String(repeating: "x", count: 20_000)
        let type = "Custom" + String(repeating: "T", count: 20_000)
        let result = audit(
            "<app><screen id=\"s\">"
                + "<Button id=\"\(long)\" label=\"Other words\">Send</Button>"
                + "<\(type) id=\"t\" on-tap=\"true\" label=\"Other words\">Send</\(type)>"
                + "<Button id=\"b\" label=\"\(long) y\">\(long) z</Button>"
                + "</screen></app>", configuration: .everyRule)
        let messages = result.findings.filter { $0.rule == RuleID.labelNotInName }.map(\.message)
        #expect(messages.count == 3, "\(result.findings.map(\.rule)) \(result.error.map(\.message) ?? "")")
        #expect(messages.allSatisfy { $0.utf8.count < 800 }, "\(messages.map(\.utf8.count))")
        #expect(messages.allSatisfy { $0.contains("…") })
        #expect(messages.first?.hasPrefix("Button '" + String(repeating: "x", count: MessageText.maximumQuoteLength) + "…' shows") == true)
    }

    // MARK: Report files

    @Test func temporaryNamesAreShortAndRecognised() {
        let name = TextFile.temporaryName(random: 0xDEAD_BEEF)
        #expect(name.utf8.count <= 44)
        #expect(name.hasPrefix(".focusaudit-") && name.hasSuffix(".tmp"))
        let parsed = TextFile.parseTemporaryName(name)
        #expect(parsed?.host == TextFile.hostTag)
        #expect(parsed?.pid == Platform.processID)
        for other in [
            "r.json.tmp-12", ".focusaudit-zzzzzzzz-1-00000000.tmp", ".focusaudit-00000000--00000000.tmp",
            ".focusaudit-00000000-1-0000000.tmp", ".focusaudit-00000000-1-00000000.tmpx",
        ] {
            #expect(TextFile.parseTemporaryName(other) == nil, "\(other)")
        }
    }

    static func scratch() throws -> String {
        try ScratchDirectory.make("output").path
    }

    /// A process id that no process has: a child that has already been waited for.
    static func deadProcessID() throws -> Int32 {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/bin/sh")
        probe.arguments = ["-c", "exit 0"]
        try probe.run()
        probe.waitUntilExit()
        return probe.processIdentifier
    }

    @Test func staleTemporaryFilesOfDeadRunsAreRemovedAndNothingElse() throws {
        let dir = try Self.scratch()
        let dead = try Self.deadProcessID()
        let host = TextFile.hostTag
        let stale = ".focusaudit-\(host)-\(dead)-0000abcd.tmp"
        let live = ".focusaudit-\(host)-\(Platform.processID)-0000abcd.tmp"  // this process: alive
        let otherHost = ".focusaudit-\(host == "00000000" ? "11111111" : "00000000")-\(dead)-0000abcd.tmp"
        let link = ".focusaudit-\(host)-\(dead)-0000beef.tmp"
        for name in [stale, live, otherHost, "keep.json", "keep.json.tmp-\(dead)"] {
            try "x".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        }
        try "victim".write(toFile: dir + "/victim", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/" + link, withDestinationPath: "victim")
        TextFile.removeStaleTemporaryFiles(in: dir)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(left == [live, otherHost, link, "keep.json", "keep.json.tmp-\(dead)", "victim"])
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "victim")
    }

    @Test func aReportReplacesALinkAtItsPathInsteadOfFollowingIt() throws {
        let dir = try Self.scratch()
        try "victim".write(toFile: dir + "/victim", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/r.json", withDestinationPath: "victim")
        try TextFile.write("report", to: dir + "/r.json")
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "victim")
        #expect(try String(contentsOfFile: dir + "/r.json", encoding: .utf8) == "report")
        let type = try FileManager.default.attributesOfItem(atPath: dir + "/r.json")[.type] as? FileAttributeType
        #expect(type == .typeRegular)
    }

    @Test func destinationsAreClassified() throws {
        let dir = try Self.scratch()
        #expect(try TextFile.destination(of: dir + "/new.json") == .replace)
        try "x".write(toFile: dir + "/file", atomically: false, encoding: .utf8)
        #expect(try TextFile.destination(of: dir + "/file") == .replace)
        #expect(try TextFile.destination(of: "/dev/null") == .inPlace(append: false))
        #expect(throws: InputError.self) { try TextFile.destination(of: dir) }
    }

    @Test func outputConflictsAreFound() throws {
        let dir = try Self.scratch()
        try "x".write(toFile: dir + "/in.xml", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try "x".write(toFile: dir + "/sub/old.json", atomically: false, encoding: .utf8)
        func conflict(_ outputs: [String], _ inputs: [String]) -> String? {
            TextFile.conflict(outputs: outputs.map { ("--report", dir + "/" + $0) }, inputs: inputs.map { dir + "/" + $0 })
        }
        #expect(conflict(["a.json", "b.json"], ["in.xml"]) == nil)
        #expect(conflict(["a.json", "sub/../a.json"], []) != nil)
        #expect(conflict(["in.xml"], ["in.xml"]) != nil)
        #expect(conflict(["sub/old.json"], ["sub"]) != nil)
        #expect(conflict(["sub/new.json"], ["sub"]) == nil)
        #expect(TextFile.conflict(outputs: [("--report", "/dev/null"), ("--report", "/dev/null")], inputs: []) == nil)
    }
}
