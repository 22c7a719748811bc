// Foundation brings the C library's temporary-file and directory calls, on macOS and Linux alike.
import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// Reports streamed through `ReportWriter` to a file are the same bytes as `render`, whatever the
/// buffer size, including when a multi-byte character straddles two flushes.
@Suite struct ReportWriterTests {
    /// Streams `format` into a fresh temporary file through a writer of `capacity` bytes and reads
    /// the file back.
    static func streamed(
        _ format: ReportFormat, _ result: AuditResult, options: ReportOptions = ReportOptions(), capacity: Int
    ) throws -> [UInt8] {
        var template = Array("/tmp/focusaudit-writer-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        let path = String(cString: template)
        defer { unlink(path) }
        let out = ReportWriter(descriptor: fd, capacity: capacity)
        format.write(result, options: options, to: out)
        out.flush()
        close(fd)
        #expect(out.error == nil)
        guard case .success(let source) = ByteSource.open(path: path), case .success(let bytes) = source.readAll() else {
            Issue.record("cannot read back \(path)")
            return []
        }
        return bytes
    }

    @Test(arguments: ReportFormat.allCases)
    func streamingEqualsRenderOnTheSamples(format: ReportFormat) throws {
        let result = Auditor.audit(paths: [SampleTests.samples], configuration: Configuration())
        #expect(!result.findings.isEmpty)
        let options = ReportOptions(docsURL: "https://example.invalid/rules")
        let rendered = Array(format.render(result, options: options).utf8)
        for capacity in [ReportWriter.defaultCapacity, 4096, 97] {
            #expect(try Self.streamed(format, result, options: options, capacity: capacity) == rendered, "\(format), \(capacity)-byte buffer")
        }
    }

    @Test func reportFilesAreStreamedAtomically() throws {
        let result = Auditor.audit(paths: [SampleTests.samples], configuration: Configuration())
        let directory = "/tmp/focusaudit-writer-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            unlink(directory + "/new/report.sarif")
            rmdir(directory + "/new")
            rmdir(directory)
        }
        let path = directory + "/new/report.sarif"
        try TextFile.write(to: path) { ReportFormat.sarif.write(result, to: $0) }
        #expect(TextFile.read(path).map { Array($0.utf8) } == Array(ReportFormat.sarif.render(result).utf8))
        // Only the report is left in the directory: the temporary file was renamed.
        let listing = opendir(directory + "/new")
        defer { if let listing { closedir(listing) } }
        var names: [String] = []
        while let listing, let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        #expect(names == ["report.sarif"])
    }

    @Test func unwritableReportFileIsAnError() {
        #expect(throws: InputError.self) {
            try TextFile.write(to: "/proc/focusaudit-cannot-write/report.json") { $0.write("{}") }
        }
    }

    /// Many thousands of findings with Korean, emoji and characters every format escapes.
    static func largeRun(findings: Int) -> AuditResult {
        var files: [FileAudit] = []
        for f in 0..<3 {
            var audit = FileAudit(file: "앱/화면 \(f) 😀.xml")
            for i in 0..<(findings / 3) {
                let label = "버튼 \(i) \"열기\" <b>&</b>\u{2028}\t😀" + String(repeating: "가", count: i % 7)
                audit.findings.append(
                    Finding(
                        rule: i % 2 == 0 ? "image_missing_label" : "unbound_focus_target",
                        severity: i % 3 == 0 ? .error : .warning, file: audit.file,
                        location: SourceLocation(line: i + 1, column: i % 40 + 1),
                        element: "screen[홈]/List[1]/Button[\(i)]", message: "\(label) has no label; 이름을 추가하세요"))
            }
            files.append(audit)
        }
        return AuditResult(files: files)
    }

    @Test(arguments: ReportFormat.allCases)
    func largeReportsStreamAcrossBufferBoundaries(format: ReportFormat) throws {
        let result = Self.largeRun(findings: 6000)
        let rendered = Array(format.render(result).utf8)
        // The HTML report lists the first 200 findings of each rule, so it is smaller.
        #expect(rendered.count > (format == .html ? 100_000 : 500_000))
        let capacity = 4093
        // Some flush boundary falls inside a multi-byte character (on a continuation byte).
        let splits = stride(from: capacity, to: rendered.count, by: capacity).filter { rendered[$0] & 0xC0 == 0x80 }
        #expect(!splits.isEmpty, "\(format): no boundary splits a character")
        #expect(try Self.streamed(format, result, capacity: capacity) == rendered, "\(format)")
    }

    /// Three files large enough for the JSON report to be formatted on two threads, streamed
    /// through buffers smaller than a piece (whose bytes then go to the file straight from the
    /// second thread's array) and larger: the same bytes as one thread in memory.
    @Test func jsonOnTwoThreadsStreamsTheSameBytes() throws {
        let result = Self.largeRun(findings: 3 * (JSONReporter.sharedFormattingFindings + 100))
        let rendered = Array(JSONReporter.render(result, options: ReportOptions(jobs: 1)).utf8)
        for capacity in [ReportWriter.defaultCapacity, 4093, 1 << 20] {
            let streamed = try Self.streamed(.json, result, options: ReportOptions(jobs: 2), capacity: capacity)
            #expect(streamed == rendered, "\(capacity)-byte buffer")
        }
    }

    /// A run of bytes longer than the buffer, written after some that are buffered, keeps its place.
    @Test func longRunsKeepTheirPlace() throws {
        var template = Array("/tmp/focusaudit-writer-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        let path = String(cString: template)
        defer { unlink(path) }
        let out = ReportWriter(descriptor: fd, capacity: 100)
        let long = (0..<1_000).map { UInt8($0 % 251) }
        out.write("head")
        long.withUnsafeBufferPointer { out.write(bytes: $0) }
        out.write("tail")
        long.withUnsafeBufferPointer { out.write(bytes: UnsafeBufferPointer(rebasing: $0[..<100])) }
        out.flush()
        close(fd)
        guard case .success(let source) = ByteSource.open(path: path), case .success(let bytes) = source.readAll() else {
            Issue.record("cannot read back \(path)")
            return
        }
        #expect(bytes == Array("head".utf8) + long + Array("tail".utf8) + long[..<100])
    }

    @Test func writerBasics() {
        let out = ReportWriter(capacity: 1)  // raised to the minimum
        out.write(0)
        out.write(-42)
        out.write(Int.max)
        out.write(Int.min)
        out.write(byte: 0x20)
        out.write(true)
        out.write("한글" as Substring)
        out.writeJSONString("a\"\\\n\r\t\u{1}\u{7F}\u{2028}\u{2029}é€😀")
        #expect(out.text == "0-42\(Int.max)\(Int.min) true한글\"a\\\"\\\\\\n\\r\\t\\u0001\\u007f\\u2028\\u2029é€😀\"")
    }

    @Test func jsonEscapingMatchesTheByteRules() {
        // Every byte that may stand alone in UTF-8, at the start, middle and end of a string.
        for value in 0..<0x80 {
            let c = String(Unicode.Scalar(UInt8(value)))
            for text in [c, "x" + c, c + "y", "ab" + c + "cd"] {
                let escaped = Escaping.json(text)
                let expected: String
                switch value {
                case 0x22: expected = "\\\""
                case 0x5C: expected = "\\\\"
                case 0x0A: expected = "\\n"
                case 0x0D: expected = "\\r"
                case 0x09: expected = "\\t"
                case 0..<0x20, 0x7F:
                    let hex = String(value, radix: 16)
                    expected = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: expected = c
                }
                #expect(escaped == text.replacing(c, with: expected), "byte \(value)")
            }
        }
        #expect(Escaping.json("\u{2027}\u{202A}…") == "\u{2027}\u{202A}…")
    }

    /// Scalars around every range `Escaping.terminal` treats specially, and ones that share their
    /// lead bytes but are safe.
    static let terminalAlphabet: [Unicode.Scalar] = {
        var values: [UInt32] = Array(0...0x20) + [0x41, 0x7E, 0x7F, 0xA0, 0xC0, 0x100, 0x5FF, 0x600, 0x61B, 0x61C, 0x61D, 0x63F]
        values += Array(0x80...0xA1) + Array(0x2000...0x2010) + Array(0x2027...0x2030) + Array(0x2064...0x206A)
        values += [0x2100, 0xAC00, 0xD55C, 0x1F600]
        return values.compactMap(Unicode.Scalar.init)
    }()

    @Test func terminalEscapingMatchesEscapingTerminal() {
        var rng = SplitMix(seed: 5)
        let alphabet = Self.terminalAlphabet
        for round in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 24) {
                text.unicodeScalars.append(alphabet[Int(rng.next() % UInt64(alphabet.count))])
                // Runs of plain text, so the eight-byte scan skips and stops at every offset.
                if rng.next() % 3 == 0 { text += String(repeating: "a", count: Int(rng.next() % 11)) }
            }
            let out = ReportWriter()
            out.writeTerminalEscaped(text)
            #expect(out.text == Escaping.terminal(text), "round \(round): \(Array(text.unicodeScalars))")
        }
    }

    /// The text report writes each finding's line straight into the output; it must be exactly
    /// `TextReporter.line(for:color:)`, with and without colour.
    @Test func textReportIsTheLineOfEachFinding() {
        var rng = SplitMix(seed: 9)
        let alphabet = Self.terminalAlphabet
        func text() -> String {
            var s = "메시지 "
            for _ in 0..<Int(rng.next() % 8) { s.unicodeScalars.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            return s
        }
        var audit = FileAudit(file: "dir/\u{202E}a\u{1B}.xml")
        for i in 0..<300 {
            audit.findings.append(
                Finding(
                    rule: i % 2 == 0 ? RuleID.imageMissingLabel : RuleID.focusLostOnReturn,
                    severity: i % 3 == 0 ? .error : .warning, file: audit.file,
                    location: SourceLocation(line: i + 1, column: i % 9 + 1), element: "screen[a]/Button[\(i)]",
                    message: text()))
        }
        let result = AuditResult(files: [audit])
        for color in [false, true] {
            let expected =
                audit.findings.map { TextReporter.line(for: $0, color: color) + "\n" }.joined()
                + TextReporter.summary(result) + "\n"
            #expect(TextReporter.render(result, options: ReportOptions(color: color)) == expected, "color \(color)")
        }
    }
}
