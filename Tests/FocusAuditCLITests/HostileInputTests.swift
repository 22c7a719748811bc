import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// End-to-end runs of the built executable on hostile input, as CI sees it on an untrusted pull
/// request. Every run audits the hostile file TOGETHER WITH `ok.xml`, a normal broken description,
/// so each test also checks that one bad file never costs another file its findings.
@Suite struct HostileInputTests {
    /// A normal description with one known finding: `ok.xml:2:3: error: … [focus_lost_on_return]`.
    static let okXML = """
        <app>
          <screen id="home" title="홈">
            <NavigationLink id="a" destination="detail"><Text>상세</Text></NavigationLink>
          </screen>
          <screen id="detail"/>
        </app>

        """
    /// The same description in JSON: its finding is `2:3` too (the screen object's brace).
    static let okJSON = """
        {"screens": [
          {"id": "home", "title": "홈", "body": [
            {"view": "NavigationLink", "id": "a", "destination": "detail", "body": [{"view": "Text", "text": "상세"}]}
          ]},
          {"id": "detail"}
        ]}

        """

    // MARK: - Helpers

    /// A fresh directory holding `ok.xml`.
    static func directoryWithOK() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(okXML, to: "ok.xml")
        return dir
    }

    static func writeBytes(_ bytes: [UInt8], to name: String, in dir: URL) throws {
        try Data(bytes).write(to: dir.appendingPathComponent(name))
    }

    /// Runs the executable with a 30 s limit and measures the wall time of the whole run.
    static func timedRun(
        _ arguments: [String], in dir: URL, timeout: TimeInterval = 30
    ) throws -> (
        CLIRunner.Output, Duration
    ) {
        let clock = ContinuousClock()
        var output: CLIRunner.Output?
        let elapsed = try clock.measure { output = try CLIRunner.run(arguments, in: dir, timeout: timeout) }
        return (output!, elapsed)
    }

    /// Runs `first` and `second` in turn, `rounds` times, and gives each one's last output and its
    /// shortest processor time (user and system, of focusaudit and what runs it). Processor time,
    /// not wall time: other tests run alongside on a machine of two cores, and a busy spell made a
    /// run of the same work take 26.4 s of wall time against 17.3 s. The shortest of alternating
    /// runs, so that what is left of the load rarely decides.
    static func alternatingShortest(
        _ first: [String], _ second: [String], in dir: URL, rounds: Int = 2, timeout: TimeInterval = 120
    ) throws -> (first: (CLIRunner.Output, Duration), second: (CLIRunner.Output, Duration)) {
        var a: (CLIRunner.Output, Duration)?
        var b: (CLIRunner.Output, Duration)?
        for _ in 0..<rounds {
            let x = try measuredRun(first, in: dir, timeout: timeout)
            a = (x.output, min(x.processorTime, a?.1 ?? x.processorTime))
            let y = try measuredRun(second, in: dir, timeout: timeout)
            b = (y.output, min(y.processorTime, b?.1 ?? y.processorTime))
        }
        return (a!, b!)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// The stdout line of ok.xml's known finding (under `name`, e.g. `tree/ok.xml`).
    static func expectOKFinding(
        _ output: CLIRunner.Output, name: String = "ok.xml", sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let found = lines(output.stdout).contains {
            $0.hasPrefix("\(name):2:3: error: ") && $0.hasSuffix(" [focus_lost_on_return]")
        }
        #expect(
            found, "the finding of \(name) was lost:\n\(output.stdout.prefix(2000))\n\(output.stderr.prefix(2000))",
            sourceLocation: sourceLocation)
    }

    /// The one stderr line about `file`, checked to be `file[:line:col]: error: message`.
    @discardableResult
    static func expectInputError(
        _ output: CLIRunner.Output, file: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> String? {
        let matching = lines(output.stderr).filter { $0.hasPrefix(file + ":") }
        #expect(
            matching.count == 1, "expected one error line for \(file) on stderr:\n\(output.stderr.prefix(2000))",
            sourceLocation: sourceLocation)
        guard let line = matching.first else { return nil }
        let rest = String(line.dropFirst(file.count))
        let shape = /^(:\d+:\d+)?: error: \S.*$/
        #expect(rest.wholeMatch(of: shape) != nil, "not `file[:line:col]: error: message`: \(line)", sourceLocation: sourceLocation)
        return line
    }

    /// No raw control character (C0 other than newline, DEL, C1, so no ANSI escape sequence) and no
    /// bidirectional override or isolate in text meant for a terminal or a CI log.
    static func expectTerminalSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // Only the code points (in hex) go into the expectation, so a failure report is itself safe to print.
        let codes = Set(text.unicodeScalars.map(\.value).filter(isUnsafeOnTerminal)).sorted()
        let unsafe = codes.map { "U+" + String($0, radix: 16, uppercase: true) }
        #expect(unsafe.isEmpty, "\(what) contains raw control or bidi characters", sourceLocation: sourceLocation)
    }

    static func isUnsafeOnTerminal(_ v: UInt32) -> Bool {
        if v < 0x20 { return v != 0x0A }
        if (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return true }
        return v == 0x200E || v == 0x200F || v == 0x061C
    }

    static func expectSafeOutput(_ output: CLIRunner.Output, sourceLocation: SourceLocation = #_sourceLocation) {
        expectTerminalSafe(output.stdout, "stdout", sourceLocation: sourceLocation)
        expectTerminalSafe(output.stderr, "stderr", sourceLocation: sourceLocation)
    }

    /// Deterministic pseudo-random bytes.
    static func randomBytes(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix(seed: seed)
        return generator.bytes(count)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    static func billionLaughs() -> String {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE app [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            laughs += " <!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        return laughs + "]>\n<app><screen id=\"s\"><Text>&lol9;</Text></screen></app>\n"
    }

    /// One entity of `size` bytes referenced `references` times.
    static func quadraticBlowUp(size: Int, references: Int) -> String {
        "<?xml version=\"1.0\"?>\n<!DOCTYPE app [<!ENTITY a \"" + String(repeating: "x", count: size) + "\">]>\n"
            + "<app><screen id=\"s\"><Text>" + String(repeating: "&a;", count: references) + "</Text></screen></app>\n"
    }

    /// A run measured from outside: exit status, output, wall time and the peak resident memory of
    /// the focusaudit process itself.
    ///
    /// On Linux the peak comes from GNU time (`/usr/bin/time -f %M`), which spawns focusaudit from
    /// its own small process: `wait4`'s `ru_maxrss` for a child this test process spawns counts this
    /// process's own peak too, since posix_spawn's child shares this process's memory until it execs
    /// and Linux keeps the larger of the two (`exec_mmap` in fs/exec.c). With other tests building
    /// 20 MB inputs in the same process, a child's peak read that way was that of the test process, so
    /// a bound on the difference between two runs could not fail, or failed by chance. On macOS
    /// posix_spawn starts a new task, and `wait4` gives the child's own peak.
    struct Measured {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        /// User and system time of the process and the processes it waited for.
        var processorTime: Duration
        var maxRSSKiB: Int
        var output: CLIRunner.Output { CLIRunner.Output(status: status, stdout: stdout, stderr: stderr) }
    }

    /// The peak resident memory of runs that must stay small: 256 MiB.
    static let memoryLimitKiB = 256 * 1024

    /// Runs `check` with `jobs` and `arguments` in `directory`, and the same on a one-element
    /// description of the same dialect (XML, or JSON with `json`); gives the run and the bytes its
    /// peak took beyond the one-element run's, which is what a memory test bounds (the fixed part,
    /// the runtime and its libraries, is the same in both).
    static func measuredBeyondOneElementRun(
        _ arguments: [String], jobs: String, json: Bool = false, in directory: URL, timeout: TimeInterval = 180
    ) throws -> (run: Measured, extra: Int) {
        let tinyName = json ? "one-element.json" : "one-element.xml"
        try directory.write(
            json
                ? #"{"screens": [{"id": "s", "body": [{"view": "Text", "text": "hi"}]}]}"#
                : "<app>\n<screen id=\"s\">\n<Text>hi</Text>\n</screen>\n</app>\n", to: tinyName)
        let tiny = try measuredRun(["check", "--jobs", jobs, tinyName], in: directory)
        let run = try measuredRun(["check", "--jobs", jobs] + arguments, in: directory, timeout: timeout)
        return (run, (run.maxRSSKiB - tiny.maxRSSKiB) * 1024)
    }

    static func measuredRun(_ arguments: [String], in directory: URL, timeout: TimeInterval = 30) throws -> Measured {
        let scratch = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        // An opaque pointer on macOS, a structure on Linux.
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // The shell changes directory, then becomes GNU time running focusaudit (Linux) or focusaudit
        // itself. No address-space limit is set: under `ulimit -v`, glibc's malloc fails to reserve
        // the arenas of focusaudit's threads and retries on every allocation, which made a 23 MB run
        // take 94 s instead of 8 (MALLOC_ARENA_MAX=1 took it back to 8); the tests compare the peak
        // with their bounds instead.
        let peakPath = scratch.appendingPathComponent("peak").path
        #if os(Linux)
            let gnuTime = "/usr/bin/time"
            try #require(
                FileManager.default.isExecutableFile(atPath: gnuTime),
                "memory is measured with GNU time: apt-get install time")
            let measure = [gnuTime, "-f", "%M", "-o", peakPath]
        #else
            let measure: [String] = []
        #endif
        let argv =
            ["/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", directory.path] + measure
            + [CLIRunner.executable.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        let cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnv: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in cArgs { free(p) }
            for p in cEnv { free(p) }
        }
        // A process group of its own, so that a run past its time is killed whole (GNU time and the
        // focusaudit it runs).
        #if os(Linux)
            var attributes = posix_spawnattr_t()
        #else
            var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgs, cEnv)
        try #require(spawned == 0, "posix_spawn failed: \(spawned)")
        let start = ContinuousClock.now
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        var usage = rusage()
        var killed = false
        while true {
            let r = wait4(pid, &status, WNOHANG, &usage)
            if r == pid { break }
            if r < 0 && errno != EINTR {
                Issue.record("wait4 failed: \(errno)")
                break
            }
            if !killed && Date() > deadline {
                kill(-pid, SIGKILL)
                killed = true
                Issue.record("focusaudit \(arguments) did not finish within \(timeout) s")
            }
            usleep(5_000)
        }
        let elapsed = ContinuousClock.now - start
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        #if os(Linux)
            // GNU time writes "Command exited with non-zero status N" before the figure when the
            // status is not 0: the figure is the last line.
            let written = (try? String(contentsOfFile: peakPath, encoding: .utf8)) ?? ""
            let figure = written.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            try #require(figure != nil, "GNU time wrote no peak: \(written)")
            let peakKiB = figure ?? 0
        #else
            let peakKiB = Self.kibibytes(maxRSS: Int(usage.ru_maxrss))
        #endif
        return Measured(
            status: exitStatus, stdout: try String(contentsOfFile: outPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errPath, encoding: .utf8), seconds: seconds,
            processorTime: Self.duration(usage.ru_utime) + Self.duration(usage.ru_stime), maxRSSKiB: peakKiB)
    }

    static func duration(_ time: timeval) -> Duration {
        .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }

    /// `ru_maxrss` is in KiB on Linux and in bytes on macOS (getrusage(2) on each).
    static func kibibytes(maxRSS: Int) -> Int {
        #if os(Linux)
            return maxRSS
        #else
            return maxRSS / 1024
        #endif
    }

    // MARK: - Nesting

    @Test func xmlNested200000DeepIsAClearErrorNotAStackOverflow() throws {
        let dir = try Self.directoryWithOK()
        let depth = 200_000
        try dir.write(
            "<app><screen id=\"s\">" + String(repeating: "<VStack>", count: depth)
                + String(repeating: "</VStack>", count: depth) + "</screen></app>", to: "deep.xml")
        let (result, elapsed) = try Self.timedRun(["check", "deep.xml", "ok.xml"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        // The start tag of the first element deeper than 256 (<app> is 1, <screen> 2): the 255th <VStack>.
        let column = "<app><screen id=\"s\">".count + 254 * "<VStack>".count + 1
        #expect(
            Self.expectInputError(result, file: "deep.xml")
                == "deep.xml:1:\(column): error: elements are nested more than 256 deep (the rest of the file was not read)")
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
        #expect(elapsed < .seconds(10))
    }

    @Test func jsonNested200000DeepIsAClearErrorNotAStackOverflow() throws {
        let dir = try Self.directoryWithOK()
        let depth = 200_000
        try dir.write(
            "{\"screens\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}",
            to: "deep.json")
        let (result, elapsed) = try Self.timedRun(["check", "deep.json", "ok.xml"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        // The top-level object is depth 1, so the 256th '[' is the first one too deep.
        let column = "{\"screens\": ".count + 256
        #expect(
            Self.expectInputError(result, file: "deep.json")
                == "deep.json:1:\(column): error: objects and arrays are nested more than 256 deep (the rest of the file was not read)")
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
        #expect(elapsed < .seconds(10))
    }

    // MARK: - Garbage and edge encodings

    @Test func oneMegabyteOfRandomBytesIsAnInputError() throws {
        let dir = try Self.directoryWithOK()
        let bytes = Self.randomBytes(count: 1 << 20, seed: 0x5EED_F0C5_A0D1_7001)
        try Self.writeBytes(bytes, to: "random.xml", in: dir)
        try Self.writeBytes(bytes, to: "random.json", in: dir)
        let (result, elapsed) = try Self.timedRun(["check", "random.xml", "random.json", "ok.xml"], in: dir)
        #expect(result.status == 2)
        for name in ["random.xml", "random.json"] {
            let line = Self.expectInputError(result, file: name)
            // A megabyte of bytes is not an empty document: the message must say what is wrong.
            #expect(line?.contains("empty") == false, "misleading message: \(line ?? "")")
        }
        Self.expectOKFinding(result)
        #expect(result.stdout.hasSuffix("focusaudit: 1 error, 0 warnings in 1 file (2 input errors)\n"))
        Self.expectSafeOutput(result)
        #expect(elapsed < .seconds(10))
    }

    @Test func emptyFilesAreInputErrorsNamedOrFound() throws {
        let dir = try Self.directoryWithOK()
        try dir.write("", to: "empty.xml")
        try dir.write("", to: "empty.json")
        let named = try CLIRunner.run(["check", "empty.xml", "empty.json", "ok.xml"], in: dir, timeout: 30)
        #expect(named.status == 2)
        #expect(Self.expectInputError(named, file: "empty.xml") == "empty.xml:1:1: error: the file is empty")
        #expect(Self.expectInputError(named, file: "empty.json") == "empty.json:1:1: error: the file is empty")
        Self.expectOKFinding(named)
        // Found in a directory, an empty .xml/.json is still not well-formed: never silently passed.
        let found = try CLIRunner.run(["check", "."], in: dir, timeout: 30)
        #expect(found.status == 2)
        #expect(Self.expectInputError(found, file: "empty.xml") == "empty.xml:1:1: error: the file is empty")
        #expect(Self.expectInputError(found, file: "empty.json") == "empty.json:1:1: error: the file is empty")
        Self.expectOKFinding(found)
    }

    @Test func emptyObjectNamedExplicitlyIsNotADescription() throws {
        let dir = try Self.directoryWithOK()
        try dir.write("{}", to: "empty-object.json")
        let result = try CLIRunner.run(["check", "empty-object.json", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 2)
        let line = Self.expectInputError(result, file: "empty-object.json")
        #expect(line?.hasPrefix("empty-object.json:1:1: error: not a focusaudit description") == true, "\(line ?? "")")
        Self.expectOKFinding(result)
        // Found in a directory, it is skipped and counted.
        let found = try CLIRunner.run(["check", "."], in: dir, timeout: 30)
        #expect(found.status == 1)
        #expect(found.stderr.isEmpty)
        #expect(found.stdout.hasSuffix("in 1 file (1 skipped)\n"), "\(found.stdout)")
    }

    @Test func nulBytesInsideAnOtherwiseValidFile() throws {
        let dir = try Self.directoryWithOK()
        try Self.writeBytes(
            Array("<app>\n  <screen id=\"s\">\n    <Text>a".utf8) + [0] + Array("b</Text>\n  </screen>\n</app>\n".utf8),
            to: "nul.xml", in: dir)
        try Self.writeBytes(
            Array("{\"screens\": [\n  {\"id\": \"s\", \"body\": [\n    {\"view\": \"Text\", \"text\": \"a".utf8) + [0]
                + Array("b\"}]}]}\n".utf8), to: "nul.json", in: dir)
        let result = try CLIRunner.run(["check", "nul.xml", "nul.json", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 2)
        // The NUL is the 12th character of line 3 in the XML, the 32nd in the JSON.
        #expect(Self.expectInputError(result, file: "nul.xml")?.hasPrefix("nul.xml:3:12: error: ") == true)
        #expect(Self.expectInputError(result, file: "nul.json")?.hasPrefix("nul.json:3:32: error: ") == true)
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
    }

    @Test func invalidUTF8IsAnInputErrorWithAClearMessage() throws {
        let dir = try Self.directoryWithOK()
        try Self.writeBytes(
            Array("<app>\n  <screen id=\"s\">\n    <Text>a".utf8) + [0xC3, 0x28] + Array("b</Text>\n  </screen>\n</app>\n".utf8),
            to: "bad-utf8.xml", in: dir)
        try Self.writeBytes(
            Array("{\"screens\": [\n  {\"id\": \"s\", \"body\": [\n    {\"view\": \"Text\", \"text\": \"a".utf8)
                + [0xFF, 0xFE] + Array("b\"}]}]}\n".utf8), to: "bad-utf8.json", in: dir)
        let result = try CLIRunner.run(["check", "bad-utf8.xml", "bad-utf8.json", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 2)
        let xml = Self.expectInputError(result, file: "bad-utf8.xml") ?? ""
        #expect(xml.hasPrefix("bad-utf8.xml:3:12: error: "), "\(xml)")
        #expect(xml.contains("UTF-8"), "\(xml)")
        // One clean line: no libxml2 line break shown as an escape (`\u{A}`) in the middle of the message.
        #expect(!xml.contains("\\u{"), "garbled message: \(xml)")
        let json = Self.expectInputError(result, file: "bad-utf8.json") ?? ""
        #expect(json.hasPrefix("bad-utf8.json:3:"), "\(json)")
        #expect(json.contains("UTF-8"), "\(json)")
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
    }

    @Test func utf16WithByteOrderMarkAuditsLikeUTF8() throws {
        let dir = try Self.directoryWithOK()
        try Self.writeBytes(Self.utf16(Self.okXML, bigEndian: false), to: "le.xml", in: dir)
        try Self.writeBytes(Self.utf16(Self.okXML, bigEndian: true), to: "be.xml", in: dir)
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.okXML
        try Self.writeBytes(Self.utf16(declared, bigEndian: false), to: "le-declared.xml", in: dir)
        try Self.writeBytes(Self.utf16(declared, bigEndian: true), to: "be-declared.xml", in: dir)
        let result = try CLIRunner.run(
            ["check", "le.xml", "be.xml", "le-declared.xml", "be-declared.xml", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        Self.expectOKFinding(result)
        let all = Self.lines(result.stdout)
        let reference = try #require(all.first { $0.hasPrefix("ok.xml:2:3: ") }).dropFirst("ok.xml:2:3: ".count)
        for (name, line) in [("le.xml", 2), ("be.xml", 2), ("le-declared.xml", 3), ("be-declared.xml", 3)] {
            let own = all.filter { $0.hasPrefix(name + ":") }
            #expect(own == ["\(name):\(line):3: \(reference)"], "\(name): \(own)")
        }
        #expect(result.stdout.hasSuffix("focusaudit: 5 errors, 0 warnings in 5 files\n"))
    }

    @Test func crlfLineEndsKeepLinesRight() throws {
        let dir = try Self.directoryWithOK()
        let crlf = Self.okXML.replacing("<screen id=\"detail\"/>", with: "<screen id=\"detail\" lable=\"x\"/>")
            .replacing("\n", with: "\r\n")
        try dir.write(crlf, to: "crlf.xml")
        try dir.write(Self.okJSON.replacing("\n", with: "\r\n"), to: "crlf.json")
        let result = try CLIRunner.run(["check", "crlf.xml", "crlf.json", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let all = Self.lines(result.stdout)
        #expect(all.contains { $0.hasPrefix("crlf.xml:2:3: error: ") && $0.hasSuffix("[focus_lost_on_return]") })
        #expect(all.contains { $0.hasPrefix("crlf.xml:5:3: error: unknown attribute 'lable'") && $0.hasSuffix("[invalid_description]") })
        #expect(all.contains { $0.hasPrefix("crlf.json:2:3: error: ") && $0.hasSuffix("[focus_lost_on_return]") })
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
    }

    @Test func tenMegabyteAttributeIsHandledCleanlyAndFast() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(
            "<app>\n  <screen id=\"s\" title=\"" + String(repeating: "a", count: 10 * 1024 * 1024) + "\"/>\n</app>\n",
            to: "big.xml")
        let (result, elapsed) = try Self.timedRun(["check", "big.xml", "ok.xml"], in: dir)
        #expect(elapsed < .seconds(10))
        Self.expectOKFinding(result)
        Self.expectSafeOutput(result)
        if result.status == 2 {
            // libxml2's limit: a clear error at the screen's start tag, in the tool's own words.
            let line = Self.expectInputError(result, file: "big.xml") ?? ""
            #expect(line.hasPrefix("big.xml:2:3: error: "), "\(line)")
            #expect(!line.contains("internal error") && !line.contains("Huge input lookup"), "unclear message: \(line)")
            #expect(line.contains("10 MB"), "the message should name the limit: \(line)")
        } else {
            // Or a normal audit of the file.
            #expect(result.status == 1)
            #expect(result.stderr.isEmpty, "\(result.stderr.prefix(500))")
            #expect(result.stdout.hasSuffix("in 2 files\n"))
        }
    }

    @Test func oneHundredThousandScreensWithOneIdAreFindingsInLinearTime() throws {
        let dir = try Self.directoryWithOK()
        let count = 100_000
        try dir.write("<app>\n" + String(repeating: "<screen id=\"same\"/>\n", count: count) + "</app>\n", to: "same.xml")
        let (result, elapsed) = try Self.timedRun(["check", "same.xml", "ok.xml"], in: dir)
        #expect(elapsed < .seconds(30))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let duplicates = Self.lines(result.stdout).filter { $0.hasPrefix("same.xml:") }
        #expect(duplicates.count == count - 1)
        #expect(duplicates.allSatisfy { $0.hasSuffix("[invalid_description]") && $0.contains(": error: duplicate screen id 'same'") })
        // The first screen (line 2) is fine; each later one (lines 3…100001) gets its finding.
        #expect(duplicates.first?.hasPrefix("same.xml:3:1: ") == true)
        #expect(duplicates.last?.hasPrefix("same.xml:\(count + 1):1: ") == true)
        Self.expectOKFinding(result)
        #expect(result.stdout.hasSuffix("focusaudit: \(count) errors, 0 warnings in 2 files\n"))
    }

    // MARK: - Entity expansion

    @Test func billionLaughsIsRejectedFastWithLittleMemory() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.billionLaughs(), to: "laughs.xml")
        let run = try Self.measuredRun(["check", "laughs.xml", "ok.xml"], in: dir)
        let result = run.output
        #expect(result.status == 2)
        #expect(
            Self.expectInputError(result, file: "laughs.xml")
                == "laughs.xml:3:2: error: the document declares the entity 'lol'; focusaudit does not process entity declarations (the rest of the file was not read)"
        )
        Self.expectOKFinding(result)
        #expect(run.seconds < 2, "took \(run.seconds) s")
        #expect(run.maxRSSKiB < Self.memoryLimitKiB, "peak \(run.maxRSSKiB / 1024) MiB")
    }

    @Test func quadraticBlowUpIsRejectedFastWithLittleMemory() throws {
        let dir = try Self.directoryWithOK()
        // Expanded, this would be 100 KB × 100,000 = 10 GB of text.
        try dir.write(Self.quadraticBlowUp(size: 100_000, references: 100_000), to: "quadratic.xml")
        let run = try Self.measuredRun(["check", "quadratic.xml", "ok.xml"], in: dir)
        let result = run.output
        #expect(result.status == 2)
        #expect(
            Self.expectInputError(result, file: "quadratic.xml")
                == "quadratic.xml:2:16: error: the document declares the entity 'a'; focusaudit does not process entity declarations (the rest of the file was not read)"
        )
        Self.expectOKFinding(result)
        #expect(run.seconds < 2, "took \(run.seconds) s")
        #expect(run.maxRSSKiB < Self.memoryLimitKiB, "peak \(run.maxRSSKiB / 1024) MiB")
    }

    // MARK: - Paths

    @Test func missingDanglingAndUnreadablePaths() throws {
        let dir = try Self.directoryWithOK()
        #expect(symlink("nowhere.xml", dir.appendingPathComponent("dangling.xml").path) == 0)
        let result = try CLIRunner.run(
            ["check", "missing.xml", "dangling.xml", "/proc/self/mem", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 2)
        #expect(Self.expectInputError(result, file: "missing.xml") == "missing.xml: error: no such file or directory")
        #expect(Self.expectInputError(result, file: "dangling.xml") != nil)
        // A regular file whose read fails (root can read anything chmod forbids; this fails for everyone).
        let mem = Self.expectInputError(result, file: "/proc/self/mem") ?? ""
        #expect(mem.hasPrefix("/proc/self/mem: error: cannot read: "), "\(mem)")
        Self.expectOKFinding(result)
        #expect(result.stdout.hasSuffix("focusaudit: 1 error, 0 warnings in 1 file (3 input errors)\n"))
        Self.expectSafeOutput(result)

        // A dangling link found while walking is not a description and stops nothing.
        let walked = try CLIRunner.run(["check", "."], in: dir, timeout: 30)
        #expect(walked.status == 1, "\(walked.stderr)")
        Self.expectOKFinding(walked)

        // chmod 000: an input error for an ordinary user; root reads it anyway, and then it is audited.
        try dir.write(Self.okXML, to: "locked.xml")
        #expect(chmod(dir.appendingPathComponent("locked.xml").path, 0) == 0)
        defer { chmod(dir.appendingPathComponent("locked.xml").path, 0o644) }
        let locked = try CLIRunner.run(["check", "locked.xml", "ok.xml"], in: dir, timeout: 30)
        Self.expectOKFinding(locked)
        if geteuid() == 0 {
            #expect(locked.status == 1)
            Self.expectOKFinding(locked, name: "locked.xml")
        } else {
            #expect(locked.status == 2)
            #expect(Self.expectInputError(locked, file: "locked.xml")?.hasPrefix("locked.xml: error: cannot open: ") == true)
        }
    }

    @Test func directoryNamedExplicitlyIsSearchedAndSymlinkLoopsTerminate() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try tree.write(Self.okXML, to: "sub/ok.xml")
        try dir.write(Self.okXML, to: "ok.xml")
        #expect(symlink(".", tree.appendingPathComponent("loop").path) == 0)
        #expect(symlink("..", tree.appendingPathComponent("sub/up").path) == 0)
        #expect(symlink("../tree", tree.appendingPathComponent("sub/again").path) == 0)
        for name in ["tree", "tree/"] {
            let (result, elapsed) = try Self.timedRun(["check", name, "ok.xml"], in: dir)
            #expect(elapsed < .seconds(10))
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            // Each file once: the loops are not followed.
            let findings = Self.lines(result.stdout).dropLast()
            #expect(findings.count == 2, "\(result.stdout)")
            Self.expectOKFinding(result, name: "tree/sub/ok.xml")
            Self.expectOKFinding(result)
            #expect(result.stdout.hasSuffix("focusaudit: 2 errors, 0 warnings in 2 files\n"))
        }
    }

    @Test func namesWithSpacesAndNonASCIIAreReportedExactly() throws {
        let dir = try Self.directoryWithOK()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("화면 들"), withIntermediateDirectories: true)
        try dir.write(Self.okXML, to: "화면 목록 (v2).xml")
        try dir.write("{\"screens\": [", to: "화면 들/깨진 파일 #1.json")
        let named = try CLIRunner.run(["check", "화면 목록 (v2).xml", "화면 들/깨진 파일 #1.json", "ok.xml"], in: dir, timeout: 30)
        #expect(named.status == 2)
        Self.expectOKFinding(named, name: "화면 목록 (v2).xml")
        Self.expectOKFinding(named)
        #expect(Self.expectInputError(named, file: "화면 들/깨진 파일 #1.json")?.hasPrefix("화면 들/깨진 파일 #1.json:1:14: error: ") == true)
        let walked = try CLIRunner.run(["check", "."], in: dir, timeout: 30)
        #expect(walked.status == 2)
        Self.expectOKFinding(walked, name: "화면 목록 (v2).xml")
        Self.expectOKFinding(walked)
        #expect(Self.expectInputError(walked, file: "화면 들/깨진 파일 #1.json") != nil)
        let json = try CLIRunner.run(["check", "--format", "json", "화면 목록 (v2).xml", "ok.xml"], in: dir, timeout: 30)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = (object["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(files == ["ok.xml", "화면 목록 (v2).xml"])
    }

    // MARK: - Output safety

    /// Labels, ids, names and destinations full of markup, CDATA ends, control characters, ANSI
    /// escape sequences, bidi overrides and emoji; each lands in some finding's message.
    static let hostileJSON = #"""
        {"name": "<script>alert(0)</script>]]>\u0001\u001b[31m\u202e", "screens": [
          {"id": "home<script>alert(1)</script>]]>\u0001\u001b[31m\u202e😀", "title": "T\u001b[2J\u202e",
           "body": [
             {"view": "NavigationLink", "id": "a\u001b[31m]]><script>", "destination": "detail",
              "label": "<script>alert(2)</script> ]]> \u0000\u0001\u0007\u001b[31m\u001b]0;pwned\u0007\u202eevil\u2066 😀👩‍👩‍👧 \u2028\u2029\u0085\ufffe"},
             {"view": "Button", "id": "b<script>", "push": "nowhere\u001b[31m<script>alert(3)</script>]]>\u202e\r\n::error::injected", "label": "x"},
             {"view": "Button", "id": "c", "label": "x", "sheet": "home<script>alert(1)</script>]]>\u0001\u001b[31m\u202e😀"},
             {"view": "Image", "asset": "<img src=x onerror=alert(4)>\u001b[31m"}
           ]},
          {"id": "detail"}
        ]}
        """#

    static let hostileName = "esc\u{1B}[31m\u{202E}lmth.xml"

    static func hostileDirectory() throws -> URL {
        let dir = try Self.directoryWithOK()
        try dir.write(hostileJSON, to: "hostile.json")
        // A file name that is itself hostile (found by walking the directory).
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("names"), withIntermediateDirectories: true)
        try dir.write(okXML, to: "names/" + hostileName)
        return dir
    }

    @Test func textOutputCarriesNoRawControlOrBidiCharacters() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(["check", "hostile.json", "names", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        Self.expectSafeOutput(result)
        #expect(!result.stdout.unicodeScalars.contains("\u{1B}"))
        #expect(!result.stdout.unicodeScalars.contains("\u{202E}"))
        let all = Self.lines(result.stdout)
        #expect(all.contains { $0.hasPrefix("hostile.json:2:3: error: ") && $0.hasSuffix("[focus_lost_on_return]") })
        #expect(all.contains { $0.hasPrefix("hostile.json:6:6: error: ") && $0.hasSuffix("[unknown_destination]") })
        // The hostile file name is shown escaped, still with its finding.
        #expect(all.contains { $0.hasPrefix("names/esc\\u{1B}[31m\\u{202E}lmth.xml:2:3: error: ") })
        Self.expectOKFinding(result)
    }

    @Test func jsonOutputParsesAndKeepsTheTextExactly() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(["check", "--format", "json", "hostile.json", "names", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        // JSON strings never carry raw control characters.
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let messages = findings.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("<script>alert(2)</script> ]]> \u{0}\u{1}\u{7}\u{1B}[31m") })
        #expect(messages.contains { $0.contains("nowhere\u{1B}[31m<script>alert(3)</script>]]>\u{202E}\r\n::error::injected") })
        let files = Set(findings.compactMap { $0["file"] as? String })
        #expect(files == ["hostile.json", "ok.xml", "names/" + Self.hostileName])
    }

    @Test func junitReportIsWellFormedXML() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(
            ["check", "hostile.json", "names", "ok.xml", "--report", "junit:r.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("r.xml"))
        let parser = XMLParser(data: data)
        let delegate = JUnitCollector()
        parser.delegate = delegate
        let parsed = parser.parse()
        #expect(parsed, "JUnit report does not parse: \(String(describing: parser.parserError))")
        #expect(parser.parserError == nil)
        #expect(delegate.failures >= 4, "failures: \(delegate.failures)")
        #expect(delegate.suites.contains("ok.xml"))
        #expect(delegate.suites.contains("hostile.json"))
        #expect(!String(decoding: data, as: UTF8.self).unicodeScalars.contains("\u{1B}"))
    }

    @Test func htmlReportCarriesNoScript() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(
            ["check", "hostile.json", "names", "ok.xml", "--report", "html:r.html"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("r.html"), encoding: .utf8)
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.lowercased().contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
        #expect(!html.unicodeScalars.contains("\u{1B}"))
        #expect(html.contains("ok.xml"))
    }

    @Test func sarifReportParsesAsJSON() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(
            ["check", "--format", "json", "hostile.json", "names", "ok.xml", "--report", "sarif:r.sarif"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findingCount = (summary["findings"] as? [Any])?.count ?? -1
        let data = try Data(contentsOf: dir.appendingPathComponent("r.sarif"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let runs = try #require(object["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.count == findingCount, "\(results.count) results for \(findingCount) findings")
        let messages = results.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
        #expect(messages.contains { $0.contains("<script>alert(2)</script>") })
    }

    @Test func githubAnnotationsCarryNoRawControlCharacters() throws {
        let dir = try Self.hostileDirectory()
        let result = try CLIRunner.run(["check", "--format", "github", "hostile.json", "names", "ok.xml"], in: dir, timeout: 30)
        #expect(result.status == 1, "\(result.stderr)")
        // The Actions log renders ANSI sequences and bidi overrides: none may come from the input.
        Self.expectSafeOutput(result)
        let all = Self.lines(result.stdout)
        // One workflow command per finding: an embedded CR LF cannot start a command of its own.
        #expect(all.allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") }, "\(all)")
        #expect(!all.contains { $0.hasPrefix("::error::injected") })
        #expect(all.contains { $0.hasPrefix("::error file=ok.xml,line=2,col=3,") })
    }

    // MARK: - Determinism

    @Test func mixedHostileDirectoryGivesIdenticalBytesAcrossRunsAndJobs() throws {
        let root = try CLIRunner.temporaryDirectory()
        let dir = root.appendingPathComponent("in")
        let fm = FileManager.default
        for sub in ["app/screens", "nested/deeper", "names", "node_modules/x", ".hidden"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let clean = "<app>\n  <screen id=\"home\">\n    <Button id=\"ok\" label=\"확인\"/>\n  </screen>\n</app>\n"
        try dir.write(Self.okXML, to: "ok.xml")
        try dir.write(Self.okXML, to: "app/screens/home.xml")
        try dir.write(clean, to: "app/clean.xml")
        try dir.write(Self.okJSON, to: "app/screens/home.json")
        try dir.write(Self.hostileJSON, to: "hostile.json")
        try dir.write(Self.okXML, to: "names/" + Self.hostileName)
        try dir.write(Self.okXML, to: "names/화면 목록 (v2).xml")
        try dir.write("{\"screens\": [", to: "broken.json")
        try dir.write("<app>\n  <screen id=\"x\">\n</app>\n", to: "malformed.xml")
        try Self.writeBytes(Self.randomBytes(count: 65_536, seed: 1), to: "random.xml", in: dir)
        try Self.writeBytes(Self.randomBytes(count: 65_536, seed: 2), to: "random.json", in: dir)
        try dir.write("", to: "empty.xml")
        try dir.write("", to: "nested/empty.json")
        try dir.write("{}", to: "nested/empty-object.json")
        try Self.writeBytes(Array("<app><screen id=\"s\"><Text>a".utf8) + [0] + Array("</Text></screen></app>".utf8), to: "nul.xml", in: dir)
        try Self.writeBytes(Array("<app><screen id=\"s\" title=\"".utf8) + [0xC3, 0x28] + Array("\"/></app>".utf8), to: "bad-utf8.xml", in: dir)
        try Self.writeBytes(Self.utf16(Self.okXML, bigEndian: false), to: "nested/le.xml", in: dir)
        try Self.writeBytes(Self.utf16(Self.okXML, bigEndian: true), to: "nested/be.xml", in: dir)
        try dir.write(Self.okXML.replacing("\n", with: "\r\n"), to: "nested/deeper/crlf.xml")
        try dir.write(
            "<app><screen id=\"s\">" + String(repeating: "<VStack>", count: 300) + String(repeating: "</VStack>", count: 300)
                + "</screen></app>", to: "nested/deeper/deep.xml")
        try dir.write(
            "{\"screens\": " + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}",
            to: "nested/deeper/deep.json")
        try dir.write(Self.billionLaughs(), to: "laughs.xml")
        try dir.write(Self.quadraticBlowUp(size: 1000, references: 1000), to: "quadratic.xml")
        try dir.write("{\"name\": \"pkg\", \"version\": \"1.0.0\"}", to: "package.json")
        try dir.write("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>", to: "Info.xml")
        try dir.write("<app>\n" + String(repeating: "<screen id=\"same\"/>\n", count: 100) + "</app>\n", to: "same.xml")
        try dir.write(Self.okXML, to: "node_modules/x/ignored.xml")
        try dir.write(Self.okXML, to: ".hidden/ignored.xml")
        try dir.write("<?xml version=\"1.0\"?>\n<!DOCTYPE app SYSTEM \"evil.dtd\">\n" + clean, to: "external-dtd.xml")
        for sample in ["messenger-broken.xml", "messenger-broken.json", "messenger-fixed.xml"] {
            let source = CLIRunner.packageRoot.appendingPathComponent("Samples/\(sample)")
            if fm.fileExists(atPath: source.path) {
                try fm.copyItem(at: source, to: dir.appendingPathComponent("app/\(sample)"))
            }
        }
        #expect(symlink(".", dir.appendingPathComponent("nested/loop").path) == 0)

        let reports = ["junit": "r.xml", "sarif": "r.sarif", "html": "r.html", "json": "r.json", "github": "r.gh"]
        var outputs: [(label: String, status: Int32, stdout: String, stderr: String, files: [String: Data])] = []
        var run = 0
        for jobs in [1, 2] {
            for _ in 0..<3 {
                run += 1
                let out = root.appendingPathComponent("out\(run)")
                try fm.createDirectory(at: out, withIntermediateDirectories: true)
                let arguments =
                    ["check", "--jobs", "\(jobs)", "."]
                    + reports.keys.sorted().flatMap { ["--report", "\($0):\(out.path)/\(reports[$0]!)"] }
                let result = try CLIRunner.run(arguments, in: dir, timeout: 30)
                var files: [String: Data] = [:]
                for name in reports.values { files[name] = try Data(contentsOf: out.appendingPathComponent(name)) }
                outputs.append(("--jobs \(jobs) run \(run)", result.status, result.stdout, result.stderr, files))
            }
        }
        let first = outputs[0]
        #expect(first.status == 2)
        #expect(first.stdout.contains("ok.xml:2:3: error: "))
        #expect(first.stdout.contains("app/screens/home.json:2:3: error: "))
        #expect(!first.stdout.contains("ignored.xml"))
        #expect(first.stderr.contains("broken.json:1:14: error: "))
        #expect(first.stderr.contains("laughs.xml:3:2: error: "))
        Self.expectSafeOutput(CLIRunner.Output(status: first.status, stdout: first.stdout, stderr: first.stderr))
        for other in outputs.dropFirst() {
            #expect(other.status == first.status, "\(other.label)")
            #expect(other.stdout == first.stdout, "stdout differs in \(other.label)")
            #expect(other.stderr == first.stderr, "stderr differs in \(other.label)")
            for name in reports.values.sorted() {
                #expect(other.files[name] == first.files[name], "\(name) differs in \(other.label)")
            }
        }
    }
}

/// Counts the test suites and failures of a JUnit report.
private final class JUnitCollector: NSObject, XMLParserDelegate {
    var suites: [String] = []
    var failures = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "testsuite", let name = attributes["name"] { suites.append(name) }
        if elementName == "failure" { failures += 1 }
    }
}

// MARK: - Report files and standard output under attack and faults

extension HostileInputTests {
    /// Starts focusaudit in `dir` with standard output sent to `stdoutPath` (a file or a device) or
    /// to `pipe`, standard error to a file whose text `finish` returns.
    struct Started {
        var process: Process
        var stderrURL: URL
        var scratch: URL

        /// Waits (at most `timeout` seconds, then kills) and returns the exit status (128 + signal
        /// for a signal) and standard error.
        func finish(timeout: TimeInterval = 60) -> (status: Int32, stderr: String) {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                Issue.record("focusaudit did not finish within \(timeout) s")
            }
            process.waitUntilExit()
            let status =
                process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
            let stderr = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: scratch)
            return (status, stderr)
        }
    }

    static func start(_ arguments: [String], in dir: URL, stdoutPath: String? = nil, pipe: Pipe? = nil) throws -> Started {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = dir
        let scratch = try CLIRunner.temporaryDirectory()
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errURL)
        if let pipe {
            process.standardOutput = pipe
        } else {
            let path = stdoutPath ?? scratch.appendingPathComponent("stdout").path
            if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
            process.standardOutput = try #require(FileHandle(forWritingAtPath: path))
        }
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Started(process: process, stderrURL: errURL, scratch: scratch)
    }

    /// The kind of what `path` names itself (a link is a link).
    static func fileType(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// focusaudit's temporary files in a directory.
    static func temporaryFiles(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter {
            $0.hasPrefix(".focusaudit-") || $0.contains(".tmp-")
        }
    }

    /// A description with `screens` screens of ten unlabelled buttons: 10 findings per screen, so
    /// its HTML report takes a noticeable time to write.
    static func manyFindings(screens: Int) -> String {
        var text = "<app>\n"
        for i in 0..<screens { text += "<screen id=\"s\(i)\">" + String(repeating: "<Button/>", count: 10) + "</screen>\n" }
        return text + "</app>\n"
    }

    @Test func aLinkPlantedAtATemporaryNameIsNeverFollowed() throws {
        let dir = try Self.directoryWithOK()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try dir.write("victim\n", to: "victim")
        // Process ids are handed out in increasing order: the next run's id is soon after this one's.
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/bin/sh")
        probe.arguments = ["-c", "exit 0"]
        try probe.run()
        probe.waitUntilExit()
        let base = Int(probe.processIdentifier)
        for pid in base + 1...base + 3000 {
            #expect(symlink("../victim", dir.appendingPathComponent("reports/r.json.tmp-\(pid)").path) == 0)
        }
        let output = try CLIRunner.run(["check", "ok.xml", "--report", "json:reports/r.json"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("victim"), encoding: .utf8) == "victim\n")
        let report = dir.appendingPathComponent("reports/r.json").path
        #expect(Self.fileType(report) == .typeRegular)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("\"focus_lost_on_return\""))
        // The planted links are left as they were, and nothing else is left behind.
        let names = try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("reports").path)
        #expect(names.count == 3001)
        #expect(names.filter { $0.hasPrefix(".focusaudit-") }.isEmpty)
    }

    @Test func aReportNameAsLongAsTheFileSystemAllowsIsWritten() throws {
        let dir = try Self.directoryWithOK()
        let name = String(repeating: "r", count: 250) + ".json"  // 255 bytes, NAME_MAX
        let output = try CLIRunner.run(["check", "ok.xml", "--report", "json:\(name)"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(Self.fileType(dir.appendingPathComponent(name).path) == .typeRegular)
        #expect(Self.temporaryFiles(in: dir).isEmpty)
    }

    @Test func specialFilesAreWrittenInPlaceOrRefusedNeverReplaced() throws {
        let dir = try Self.directoryWithOK()
        #expect(symlink("/dev/null", dir.appendingPathComponent("null").path) == 0)
        #expect(symlink("/dev/full", dir.appendingPathComponent("full").path) == 0)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder"), withIntermediateDirectories: true)

        let devNull = try CLIRunner.run(["check", "ok.xml", "--report", "json:null"], in: dir)
        #expect(devNull.status == 1, "\(devNull.stderr)")
        #expect(Self.fileType(dir.appendingPathComponent("null").path) == .typeSymbolicLink)
        Self.expectOKFinding(devNull)

        // A full device: the write fails, the run says so and exits 2; the device is not replaced.
        let devFull = try CLIRunner.run(["check", "ok.xml", "--report", "json:full"], in: dir)
        #expect(devFull.status == 2)
        #expect(devFull.stderr.contains("full: error: cannot write: "), "\(devFull.stderr)")
        #expect(Self.fileType(dir.appendingPathComponent("full").path) == .typeSymbolicLink)
        Self.expectOKFinding(devFull)

        let folder = try CLIRunner.run(["check", "ok.xml", "--report", "json:folder"], in: dir)
        #expect(folder.status == 2)
        Self.expectInputError(folder, file: "folder")
        #expect(Self.fileType(dir.appendingPathComponent("folder").path) == .typeDirectory)

        // A FIFO that someone reads gets the report; it stays a FIFO.
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = Mutex<Data?>(nil)
        let reader = Thread {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            received.withLock { $0 = data }
        }
        reader.start()
        let toFIFO = try CLIRunner.run(["check", "ok.xml", "--report", "json:fifo"], in: dir, timeout: 20)
        #expect(toFIFO.status == 1, "\(toFIFO.stderr)")
        var waited = 0
        while received.withLock({ $0 }) == nil && waited < 2000 {
            usleep(5_000)
            waited += 1
        }
        let text = received.withLock { $0 }.map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(text.contains("\"focus_lost_on_return\""))
        #expect(Self.fileType(fifo) != .typeRegular)

        // A FIFO nobody reads is an error at once, not a hang.
        let unread = try CLIRunner.run(["check", "ok.xml", "--report", "json:fifo"], in: dir, timeout: 20)
        #expect(unread.status == 2)
        Self.expectInputError(unread, file: "fifo")
        #expect(Self.fileType(fifo) != .typeRegular)
    }

    @Test func devStdoutGetsTheReportAfterTheTextAndIsNotReplaced() throws {
        let dir = try Self.directoryWithOK()
        #expect(symlink("/dev/stdout", dir.appendingPathComponent("stdout-link").path) == 0)
        let out = dir.appendingPathComponent("captured.txt").path
        let run = try Self.start(["check", "ok.xml", "--report", "json:stdout-link"], in: dir, stdoutPath: out)
        let (status, stderr) = run.finish()
        #expect(status == 1, "\(stderr)")
        #expect(Self.fileType(dir.appendingPathComponent("stdout-link").path) == .typeSymbolicLink)
        let captured = try String(contentsOfFile: out, encoding: .utf8)
        let text = try #require(captured.range(of: "ok.xml:2:3: error: "))
        let json = try #require(captured.range(of: "\"focus_lost_on_return\""))
        #expect(text.lowerBound < json.lowerBound, "the text output must come first:\n\(captured.prefix(2000))")
    }

    @Test func termAndIntWhileWritingLeaveNoTemporaryFile() throws {
        for (signal, name) in [(SIGTERM, "TERM"), (SIGINT, "INT")] {
            let dir = try CLIRunner.temporaryDirectory()
            try dir.write(Self.manyFindings(screens: 4000), to: "big.xml")
            let out = dir.appendingPathComponent("out")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let run = try Self.start(
                ["check", "big.xml"] + (1...3).flatMap { ["--report", "html:out/r\($0).html"] }, in: dir,
                stdoutPath: "/dev/null")
            // Wait until a report is being written, then stop the run.
            var seen = false
            let deadline = Date().addingTimeInterval(60)
            while run.process.isRunning && Date() < deadline {
                if !Self.temporaryFiles(in: out).isEmpty {
                    seen = true
                    kill(run.process.processIdentifier, signal)
                    break
                }
                usleep(1_000)
            }
            let (status, _) = run.finish()
            #expect(seen, "SIG\(name): no temporary file was seen while the reports were written")
            #expect(status == 128 + signal, "SIG\(name): the run must die of the signal, status \(status)")
            #expect(Self.temporaryFiles(in: out).isEmpty, "SIG\(name) left \(Self.temporaryFiles(in: out))")
        }
    }

    @Test func aTemporaryFileLeftByAKilledRunIsRemovedByTheNextRun() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.manyFindings(screens: 4000), to: "big.xml")
        try dir.write(Self.okXML, to: "ok.xml")
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let run = try Self.start(
            ["check", "big.xml"] + (1...3).flatMap { ["--report", "html:out/r\($0).html"] }, in: dir, stdoutPath: "/dev/null")
        var left: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while run.process.isRunning && Date() < deadline {
            left = Self.temporaryFiles(in: out)
            if !left.isEmpty {
                kill(run.process.processIdentifier, SIGKILL)
                break
            }
            usleep(1_000)
        }
        let (status, _) = run.finish()
        #expect(status == 128 + SIGKILL)
        try #require(!left.isEmpty, "no temporary file was seen while the reports were written")
        #expect(!Self.temporaryFiles(in: out).isEmpty, "SIGKILL cannot clean up: the file should still be there")
        // A file of the same shape that is not focusaudit's own stays: another name, or a link.
        try out.write("keep", to: "r1.html.tmp-1")
        let next = try CLIRunner.run(["check", "ok.xml", "--report", "json:out/next.json"], in: dir)
        #expect(next.status == 1, "\(next.stderr)")
        #expect(Self.temporaryFiles(in: out) == ["r1.html.tmp-1"])
    }

    @Test func failedWritesToStandardOutputAreExitStatusTwo() throws {
        let dir = try Self.directoryWithOK()
        try dir.write("<app>\n  <screen id=\"home\">\n    <Button id=\"ok\" label=\"확인\"/>\n  </screen>\n</app>\n", to: "clean.xml")
        for arguments in [["check", "clean.xml"], ["check", "ok.xml", "--format", "sarif"], ["rules"]] {
            let run = try Self.start(arguments, in: dir, stdoutPath: "/dev/full")
            let (status, stderr) = run.finish()
            #expect(status == 2, "\(arguments): \(status)")
            #expect(stderr.contains("cannot write to standard output: "), "\(arguments): \(stderr)")
        }
    }

    @Test func aClosedPipeOnStandardOutputStillFinishesTheReportFiles() throws {
        let dir = try CLIRunner.temporaryDirectory()
        try dir.write(Self.manyFindings(screens: 400), to: "mid.xml")
        let pipe = Pipe()
        let run = try Self.start(["check", "mid.xml", "--report", "json:r.json"], in: dir, pipe: pipe)
        // The reader goes away at once, as `| head -1` does after its line.
        try pipe.fileHandleForReading.close()
        try? pipe.fileHandleForWriting.close()
        let (status, stderr) = run.finish()
        #expect(status == 2, "must not die of SIGPIPE (141): \(status) \(stderr)")
        #expect(stderr.contains("cannot write to standard output: "), "\(stderr)")
        let report = try String(contentsOf: dir.appendingPathComponent("r.json"), encoding: .utf8)
        #expect(report.hasSuffix("}\n"))
        #expect(report.contains("\"errors\": 4000"), "the report must be complete")
    }

    @Test func theSameOutputTwiceOrAnOutputOverAnInputIsAUsageError() throws {
        let dir = try Self.directoryWithOK()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try dir.write(Self.okJSON, to: "sub/in.json")
        let original = try Data(contentsOf: dir.appendingPathComponent("ok.xml"))
        let cases: [(arguments: [String], path: String)] = [
            (["check", "ok.xml", "--report", "json:r.json", "--report", "sarif:./r.json"], "./r.json"),
            (["check", "ok.xml", "--report", "json:r.json", "--write-baseline", "r.json"], "r.json"),
            (["check", "ok.xml", "--report", "json:ok.xml"], "ok.xml"),
            (["check", "ok.xml", "--report", "junit:sub/../ok.xml"], "sub/../ok.xml"),
            (["check", "ok.xml", "sub", "--report", "json:sub/in.json"], "sub/in.json"),
            (["check", "ok.xml", "--write-baseline", "ok.xml"], "ok.xml"),
        ]
        for (arguments, path) in cases {
            let output = try CLIRunner.run(arguments, in: dir)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.contains("'\(path)'"), "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments): nothing is audited")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("ok.xml")) == original)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.json").path))
        // Two device outputs are fine, and so is rewriting the baseline in use.
        let twice = try CLIRunner.run(["check", "ok.xml", "--report", "json:/dev/null", "--report", "sarif:/dev/null"], in: dir)
        #expect(twice.status == 1, "\(twice.stderr)")
        _ = try CLIRunner.run(["check", "ok.xml", "--write-baseline", "base.json"], in: dir)
        let refresh = try CLIRunner.run(["check", "ok.xml", "--baseline", "base.json", "--write-baseline", "base.json"], in: dir)
        #expect(refresh.status == 0, "\(refresh.stderr)")
    }

    @Test func aReportOverTheConfigurationFoundIsAUsageError() throws {
        let dir = try Self.directoryWithOK()
        let configuration = "included: [ok.xml]\n"
        try dir.write(configuration, to: ".focusaudit.yml")
        // Found, not named: it is still what the run reads, and the next run would read the report.
        for arguments in [["check", "--report", "json:.focusaudit.yml"], ["check", "ok.xml", "--report", "sarif:./.focusaudit.yml"]] {
            let output = try CLIRunner.run(arguments, in: dir)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(".focusaudit.yml'") && output.stderr.contains("is an input of this run"), "\(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments): nothing is audited")
        }
        #expect(try String(contentsOf: dir.appendingPathComponent(".focusaudit.yml"), encoding: .utf8) == configuration)
    }
}

// MARK: - Output bounded by the input

extension HostileInputTests {
    /// Inputs whose findings each quote another element: a long name quoted by every finding about
    /// the elements inside it, or thousands of controls in one message. Before messages were
    /// bounded, each of these gave tens to hundreds of megabytes of output from about 100 KB.
    static func quotingInputs() -> [(name: String, text: String)] {
        let long = String(repeating: "긴 이름 ", count: 3000)  // 15,000 characters
        let n = 1000
        return [
            // focus_on_hidden_element: every toggle is inside one combined container named by all of them.
            (
                "combined.xml",
                "<app><screen id=\"s\"><VStack children=\"combine\">"
                    + (0..<n).map { "<Toggle id=\"t\($0)\" focus=\"f\($0)\">Option \($0)</Toggle>" }.joined()
                    + "</VStack></screen></app>\n"
            ),
            // nested_control: every toggle is inside one button named by all of them.
            (
                "nested.xml",
                "<app><screen id=\"s\"><Button>"
                    + (0..<n).map { "<Toggle id=\"t\($0)\">Option \($0)</Toggle>" }.joined() + "</Button></screen></app>\n"
            ),
            // duplicate_focus_id: every later element quotes the first one's long name.
            (
                "duplicate.xml",
                "<app><screen id=\"s\"><Button id=\"a\" label=\"\(long)\"/>"
                    + String(repeating: "<Button id=\"a\" label=\"b\"/>", count: n) + "</screen></app>\n"
            ),
            // ambiguous_control_label: every later control quotes the first one's long name.
            (
                "ambiguous.xml",
                "<app><screen id=\"s\"><VStack>"
                    + (0..<n).map { "<Button label=\"\(long.prefix(3000))\" push=\"d\($0 % 2)\"/>" }.joined()
                    + "</VStack></screen><screen id=\"d0\"/><screen id=\"d1\"/></app>\n"
            ),
            // focus_lost_on_return: one message about thousands of links, on a screen with a long title.
            (
                "lost.xml",
                "<app><screen id=\"s\" title=\"\(long)\">"
                    + (0..<n).map { "<Button id=\"b\($0)\" label=\"B\($0)\" push=\"d\"/>" }.joined()
                    + "</screen><screen id=\"d\"/></app>\n"
            ),
        ]
    }

    @Test func everyFormatsOutputIsBoundedByTheInput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        for (name, text) in Self.quotingInputs() { try dir.write(text, to: name) }
        for (name, text) in Self.quotingInputs() {
            let input = text.utf8.count
            for format in ["text", "json", "sarif"] {
                let output = try CLIRunner.run(["check", name, "--format", format], in: dir)
                #expect(output.status <= 1, "\(name) \(format): \(output.stderr)")
                // Linear: a finding's fixed text (SARIF's is the largest) per short element, at most.
                let size = output.stdout.utf8.count
                #expect(size <= 40 * input + 100_000, "\(name) as \(format): \(size) bytes from \(input)")
                if format == "text" {
                    let longest = output.stdout.split(separator: "\n").map(\.utf8.count).max() ?? 0
                    #expect(longest < 4000, "\(name): a message of \(longest) bytes")
                }
            }
        }
        let lost = try CLIRunner.run(["check", "lost.xml"], in: dir)
        #expect(lost.stdout.contains("\"B4\" (b4) → d, and 995 more;"), "\(lost.stdout.prefix(1000))")
        #expect(lost.stdout.contains("…"))
    }
}

// MARK: - DTDs never change a finding

extension HostileInputTests {
    /// `ok.xml` with a DOCTYPE whose attribute defaults would give every screen and link what
    /// restoring focus needs, so that its finding would disappear if the defaults were applied.
    static let okWithDefaults = """
        <?xml version="1.0"?>
        <!DOCTYPE app [
          <!ATTLIST screen restore-focus CDATA "on-appear" restore-delay CDATA "0.6" capture CDATA "binding">
          <!ATTLIST NavigationLink focus CDATA "a">
        ]>
        """ + okXML

    @Test func attributeDefaultsOfADoctypeAreRefusedNotApplied() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.okWithDefaults, to: "defaults.xml")
        try dir.write("<!DOCTYPE app>\n" + Self.okXML, to: "plain-doctype.xml")
        // An Interface Builder file: an image-only button has no name, whatever a DTD says.
        try dir.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE document [<!ATTLIST button userLabel CDATA "Send"><!ATTLIST bool value CDATA "NO">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <view contentMode="scaleToFill" id="root">
                  <subviews><button id="b1"><state key="normal" image="icon_send"/></button></subviews>
                </view>
              </objects>
            </document>

            """, to: "Card.xib")
        let output = try CLIRunner.run(["check", "ok.xml", "defaults.xml", "plain-doctype.xml", "Card.xib"], in: dir)
        #expect(output.status == 2, "\(output.stdout)\n\(output.stderr)")
        Self.expectOKFinding(output)
        let line = Self.expectInputError(output, file: "defaults.xml")
        #expect(line?.hasPrefix("defaults.xml:3:3: error: ") == true, "\(line ?? "")")
        #expect(line?.contains("ATTLIST") == true)
        Self.expectInputError(output, file: "Card.xib")
        // A DOCTYPE without declarations changes nothing.
        let plain = Self.lines(output.stdout).filter { $0.hasPrefix("plain-doctype.xml:") }
        #expect(plain.count == 1 && plain[0].hasPrefix("plain-doctype.xml:3:3: error: "), "\(plain)")
    }
}

// MARK: - Interface Builder booleans

extension HostileInputTests {
    @Test func anUnknownInterfaceBuilderBooleanIsReportedAndReadAsNotSet() throws {
        let dir = try Self.directoryWithOK()
        func xib(_ accessibility: String, hidden: String = "") -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <view contentMode="scaleToFill" id="root">
                  <subviews>
                    <button id="b1"\(hidden)><state key="normal" image="icon_send"/>\(accessibility)</button>
                  </subviews>
                </view>
              </objects>
            </document>

            """
        }
        try dir.write(xib(#"<accessibility key="accessibilityConfiguration"><bool key="isElement" value="maybe"/></accessibility>"#), to: "Bool.xib")
        try dir.write(xib(#"<accessibility key="accessibilityConfiguration" isElement="1"/>"#), to: "Attr.xib")
        try dir.write(xib("", hidden: #" hidden="TRUE""#), to: "Hidden.xib")
        try dir.write(xib(#"<accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility>"#), to: "No.xib")
        let output = try CLIRunner.run(["check", "ok.xml", "Bool.xib", "Attr.xib", "Hidden.xib", "No.xib"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        Self.expectOKFinding(output)
        for (file, name, value) in [("Bool.xib", "isElement", "maybe"), ("Attr.xib", "isElement", "1"), ("Hidden.xib", "hidden", "TRUE")] {
            let found = Self.lines(output.stdout).filter { $0.hasPrefix(file + ":") }
            #expect(found.contains { $0.hasSuffix("[unlabeled_control]") }, "\(file): \(found)")
            #expect(
                found.contains { $0.contains("\(name) must be YES or NO, not '\(value)'") && $0.hasSuffix("[invalid_description]") },
                "\(file): \(found)")
        }
        // NO is still NO: the button is hidden from VoiceOver, so it needs no name.
        #expect(!output.stdout.contains("No.xib:"), "\(output.stdout)")
    }

    @Test func anUnknownBooleanInARuntimeAttributeOrInteractionFlagIsReportedAndReadAsNotSet() throws {
        let dir = try Self.directoryWithOK()
        func xib(runtime: String, interaction: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <view contentMode="scaleToFill" id="root">
                  <subviews>
                    <button id="b1"><state key="normal" image="icon_send"/>
                      <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="boolean" keyPath="isAccessibilityElement" value="\(runtime)"/>
                      </userDefinedRuntimeAttributes>
                    </button>
                    <view id="more" userInteractionEnabled="\(interaction)">
                      <subviews><label text="More" id="l1"/></subviews>
                      <connections><outletCollection property="gestureRecognizers" destination="tap" appends="YES" id="c1"/></connections>
                    </view>
                  </subviews>
                </view>
                <tapGestureRecognizer id="tap"/>
              </objects>
            </document>

            """
        }
        try dir.write(xib(runtime: "maybe", interaction: "maybe"), to: "Maybe.xib")
        try dir.write(xib(runtime: "YES", interaction: "YES"), to: "Yes.xib")
        try dir.write(xib(runtime: "NO", interaction: "NO"), to: "No.xib")
        let output = try CLIRunner.run(["check", "ok.xml", "Maybe.xib", "Yes.xib", "No.xib"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        Self.expectOKFinding(output)
        func rules(_ file: String) -> [String] {
            Self.lines(output.stdout).filter { $0.hasPrefix(file + ":") }.compactMap { $0.split(separator: "[").last.map(String.init) }
                .sorted()
        }
        // An unknown value is the default (an element; touches received), as YES is, plus two
        // invalid_description findings at the attributes' elements; NO hides the button and
        // disables the view's gesture.
        let yes = rules("Yes.xib")
        #expect(yes.contains("unlabeled_control]") && yes.contains("tap_gesture_without_button_trait]"), "\(yes)")
        #expect(rules("Maybe.xib") == (yes + ["invalid_description]", "invalid_description]"]).sorted(), "\(output.stdout)")
        let lines = Self.lines(output.stdout)
        #expect(lines.contains { $0.hasPrefix("Maybe.xib:8:") && $0.contains("isAccessibilityElement must be YES or NO, not 'maybe'") })
        #expect(lines.contains { $0.hasPrefix("Maybe.xib:11:") && $0.contains("userInteractionEnabled must be YES or NO, not 'maybe'") })
        #expect(rules("No.xib").isEmpty, "\(output.stdout)")
    }
}

// MARK: - Truncated files

extension HostileInputTests {
    @Test func aTruncatedFileSaysItEndsEarlyWhereverItIsCut() throws {
        let dir = try Self.directoryWithOK()
        let full = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a comment -->\n" + Self.okXML
        let bytes = Array(full.utf8)
        var names: [String] = []
        // Every cut from just after the XML declaration to just before the end.
        for cut in 39..<(bytes.count - 2) {
            let name = "cut\(cut).xml"
            try Self.writeBytes(Array(bytes[..<cut]), to: name, in: dir)
            names.append(name)
        }
        let output = try CLIRunner.run(["check", "ok.xml"] + names, in: dir)
        #expect(output.status == 2)
        Self.expectOKFinding(output)
        for name in names {
            guard let line = Self.expectInputError(output, file: name) else { continue }
            #expect(line.contains(": error: the file ends ") && line.contains("(truncated file?)"), "\(line)")
            #expect(!line.contains("more after the end"), "\(line)")
        }
    }
}

// MARK: - Names the walk cannot read

extension HostileInputTests {
    @Test func anArgumentThatIsNotUTF8IsAUsageErrorNotAnotherName() throws {
        let dir = try Self.directoryWithOK()
        // Arguments of bytes need a shell: Swift strings cannot hold them. Swift would read `r\xFF.json`
        // as `r\u{FFFD}.json` and write the report there. An option's value or an option is a usage
        // error; an input is an input error (`anInputArgumentThatIsNotUTF8IsAnInputErrorAndTheOthersAreAudited`).
        for arguments in [
            #"check ok.xml --report "json:$(printf 'r\377.json')""#, #"check ok.xml "--report=json:$(printf 'r\377.json')""#,
            #"check ok.xml --config "$(printf 'r\377.json')""#, #"simulate "$(printf 'r\377.json')""#,
        ] {
            let output = try CLIRunner.run(["-c", "exec \"$0\" " + arguments, CLIRunner.executable.path], in: dir, program: URL(fileURLWithPath: "/bin/sh"))
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(#"\xFF.json' is not valid UTF-8"#), "\(output.stderr)")
            #expect(output.stdout.isEmpty, "\(arguments): nothing is audited")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names == ["ok.xml"], "\(names)")
    }

    @Test func namesThatAreNotUTF8AndPathsTooLongAreInputErrors() throws {
        let dir = try Self.directoryWithOK()
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try tree.write(Self.okXML, to: "ok.xml")
        // File names made of bytes; a file system that only takes UTF-8 names (APFS) refuses them,
        // and then there is nothing the walk could miss.
        func create(_ name: [UInt8], directory: Bool) -> Bool {
            let path = Array(tree.path.utf8) + [0x2F] + name + [0]
            return path.withUnsafeBufferPointer { p in
                p.withMemoryRebound(to: CChar.self) { c in
                    if directory { return mkdir(c.baseAddress!, 0o755) == 0 }
                    let fd = open(c.baseAddress!, O_CREAT | O_WRONLY, 0o644)
                    if fd >= 0 { close(fd) }
                    return fd >= 0
                }
            }
        }
        let madeFile = create(Array("bad".utf8) + [0xFF] + Array(".xml".utf8), directory: false)
        let madeDirectory = create(Array("dir".utf8) + [0xE9], directory: true)
        _ = create(Array("picture".utf8) + [0xFE] + Array(".png".utf8), directory: false)  // not a candidate: ignored
        // A chain of directories deeper than the longest path the system takes (PATH_MAX).
        var fd = open(tree.path, O_RDONLY)
        let step = String(repeating: "d", count: 200)
        for _ in 0..<25 {
            #expect(mkdirat(fd, step, 0o755) == 0)
            let next = openat(fd, step, O_RDONLY)
            close(fd)
            fd = next
        }
        let deep = openat(fd, "deep.xml", O_CREAT | O_WRONLY, 0o644)
        #expect(deep >= 0)
        close(deep)
        close(fd)

        let output = try CLIRunner.run(["check", "ok.xml", "tree"], in: dir)
        #expect(output.status == 2, "\(output.stderr.prefix(3000))")
        Self.expectOKFinding(output)
        Self.expectOKFinding(output, name: "tree/ok.xml")
        let errors = Self.lines(output.stderr).filter { $0.contains(": error: ") }
        if madeFile {
            #expect(errors.contains("tree/bad\\xFF.xml: error: the name is not valid UTF-8, so focusaudit cannot read or report it; rename it"), "\(errors)")
        }
        if madeDirectory {
            #expect(errors.contains { $0.hasPrefix("tree/dir\\xE9: error: the name is not valid UTF-8") }, "\(errors)")
        }
        #expect(
            errors.contains { $0.hasPrefix("tree/\(step)/") && $0.hasSuffix(": error: cannot read: File name too long") }, "\(errors.map { $0.suffix(80) })")
        #expect(!output.stderr.contains("picture"))
        #expect(output.stdout.contains("input error"))
    }
}

// MARK: - Identities in reports

extension HostileInputTests {
    @Test func aColonInAFileNameNeverBecomesASARIFScheme() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.okXML, to: "Main:iPad.xml")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("ui"), withIntermediateDirectories: true)
        try dir.write(Self.okXML, to: "ui/Main:iPad.xml")
        let output = try CLIRunner.run(["check", "Main:iPad.xml", "ui", "--format", "sarif"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let results = ((json?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let uris = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]).flatMap {
                ($0["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
        }
        #expect(Set(uris) == ["Main%3AiPad.xml", "ui/Main:iPad.xml"], "\(uris)")
        for uri in uris {
            // A relative reference: no scheme, and it resolves to the file's own name.
            let url = try #require(URL(string: uri))
            #expect(url.scheme == nil, "\(uri)")
            #expect(url.path.removingPercentEncoding?.hasSuffix("Main:iPad.xml") == true, "\(uri)")
        }
    }

    @Test func aViewTypeCannotForgeAnotherElementsPath() throws {
        let dir = try Self.directoryWithOK()
        let real = #"  {"view": "List", "body": [{"view": "Card", "onTap": true}]}"#
        let forged = #"  {"view": "List[1]/Card", "onTap": true},"#
        // The findings of the real card are accepted in a baseline first.
        try dir.write("{\"screens\": [{\"id\": \"s\", \"body\": [\n\(real)\n]}]}\n", to: "forged.json")
        let recorded = try CLIRunner.run(["check", "forged.json", "--write-baseline", "base.json"], in: dir)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        // Then a view whose type spells the real card's path is added before it.
        try dir.write("{\"screens\": [{\"id\": \"s\", \"body\": [\n\(forged)\n\(real)\n]}]}\n", to: "forged.json")
        let output = try CLIRunner.run(["check", "forged.json", "--format", "json"], in: dir)
        #expect(output.status == 1, "\(output.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let findings = (json?["findings"] as? [[String: Any]]) ?? []
        let paths = Set(findings.compactMap { $0["element"] as? String })
        #expect(paths == ["screen[s]/List[1]/Card[1]", "screen[s]/List\\[1\\]\\/Card[1]"], "\(paths)")
        // The baseline hides the real card's findings, never the new view's.
        let again = try CLIRunner.run(["check", "forged.json", "--baseline", "base.json", "--format", "json"], in: dir)
        #expect(again.status == 1, "\(again.stderr)")
        #expect(again.stdout.contains("List\\\\[1\\\\]\\\\/Card[1]"), "\(again.stdout.prefix(3000))")
        #expect(!again.stdout.contains("\"screen[s]/List[1]/Card[1]\""), "\(again.stdout.prefix(3000))")
    }
}

// MARK: - Character data

extension HostileInputTests {
    @Test func textLargerThanTenMegabytesIsAnInputError() throws {
        let dir = try Self.directoryWithOK()
        let limit = 10_000_000
        // libxml2 hands character data over in pieces: the limit holds for the whole text node, in
        // plain text, split by character references, and in CDATA.
        try dir.write("<app>\n  <screen id=\"s\"><Text>" + String(repeating: "a", count: limit + 1) + "</Text></screen>\n</app>\n", to: "text.xml")
        try dir.write(
            "<app>\n  <screen id=\"s\"><Text>" + String(repeating: "aaaaaaaaa&#x62;", count: limit / 10 + 1)
                + "</Text></screen>\n</app>\n",
            to: "references.xml")
        try dir.write("<app>\n  <screen id=\"s\"><Text><![CDATA[" + String(repeating: "a", count: limit + 1) + "]]></Text></screen>\n</app>\n", to: "cdata.xml")
        // Just below the limit, in one node, and a large total in many nodes, are read.
        try dir.write("<app>\n  <screen id=\"s\"><Text>" + String(repeating: "a", count: limit - 10) + "</Text></screen>\n</app>\n", to: "below.xml")
        let output = try CLIRunner.run(["check", "ok.xml", "text.xml", "references.xml", "cdata.xml", "below.xml"], in: dir)
        #expect(output.status == 2)
        Self.expectOKFinding(output)
        for name in ["text.xml", "references.xml", "cdata.xml"] {
            let line = Self.expectInputError(output, file: name) ?? ""
            #expect(line.hasPrefix("\(name):2:") && line.contains("larger than 10 MB"), "\(line.prefix(300))")
        }
        #expect(!output.stderr.contains("below.xml"), "\(output.stderr.prefix(1000))")
        #expect(output.stdout.contains("in 2 files"), "\(output.stdout.suffix(300))")
    }

    @Test func manyFindingsOnOneLongLineOfSwiftTakeLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // 10,000 findings on one 470 KB line, and the same buttons one per line. Each finding's
        // column was counted from the start of its line, so the one line took several times as long
        // (minutes for a few megabytes); counted from checkpoints, both take about the same time.
        let count = 10_000
        let buttons = Array(repeating: #"Button(action: {}) { Image(systemName: "x") }"#, count: count)
        let head = "import SwiftUI\nstruct V: View { var body: some View { VStack { "
        try dir.write(head + buttons.joined(separator: "; ") + " } } }\n", to: "Line.swift")
        try dir.write(head + buttons.joined(separator: ";\n") + " } } }\n", to: "Lines.swift")
        let ((lines, linesTime), (output, lineTime)) = try Self.alternatingShortest(
            ["check", "Lines.swift", "--format", "json"], ["check", "ok.xml", "Line.swift", "--format", "json"], in: dir)
        #expect(lines.status == 0 && output.status == 1, "\(output.stderr.prefix(500))")
        #expect(lineTime < linesTime * 3 + .seconds(2), "one line: \(lineTime); one per line: \(linesTime)")
        let report = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let columns = (report?["findings"] as? [[String: Any]] ?? []).filter { ($0["file"] as? String) == "Line.swift" }
            .compactMap { $0["column"] as? Int }
        #expect(columns.count == count)
        // The last button starts where the line says it does (scalars from the line start, plus 1).
        let prefix = "struct V: View { var body: some View { VStack { " + buttons.dropLast().joined(separator: "; ") + "; "
        #expect(columns.max() == prefix.unicodeScalars.count + 1)
    }

    /// Inputs nested as deep as the limits allow are read and checked whatever the system's stack
    /// size: the work runs on threads whose stacks focusaudit sets. macOS gives a secondary thread
    /// 512 KiB; here the process's stack limit (which is also what Linux gives a thread by default)
    /// is set to 160 KiB, below what a debug build needs for 124 nested JSON views (between 512 KiB
    /// and 1 MiB), which crashed.
    @Test(arguments: [1, 2]) func deepInputsAreReadWithASmallSystemStack(jobs: Int) throws {
        let dir = try Self.directoryWithOK()
        let depth = 250
        try dir.write(
            "<app><screen id=\"s\" title=\"T\">" + String(repeating: "<VStack>", count: depth) + "<Button id=\"b\"/>"
                + String(repeating: "</VStack>", count: depth) + "</screen></app>\n", to: "deep.xml")
        // Each view is an object and its body an array: 124 views are 250 levels of JSON.
        var view = #"{"view": "Button", "id": "b"}"#
        for _ in 0..<124 { view = #"{"view": "VStack", "body": ["# + view + "]}" }
        try dir.write(#"{"screens": [{"id": "s", "title": "T", "body": ["# + view + "]}]}\n", to: "deep.json")
        var stacks = "Button(action: {}) { Image(systemName: \"x\") }"
        for _ in 0..<200 { stacks = "VStack {\n" + stacks + "\n}" }
        try dir.write("import SwiftUI\nstruct Deep: View {\nvar body: some View {\n" + stacks + "\n}\n}\n", to: "deep.swift")
        let output = try CLIRunner.run(
            ["-c", #"ulimit -s 160 && exec "$0" check ok.xml deep.xml deep.json deep.swift --jobs "$1""#, CLIRunner.executable.path, "\(jobs)"],
            in: dir, timeout: 120, program: URL(fileURLWithPath: "/bin/sh"))
        #expect(output.status == 1, "\(output.stderr.prefix(2000))")
        Self.expectOKFinding(output)
        for (file, rule) in [("deep.xml", "unlabeled_control"), ("deep.json", "unlabeled_control"), ("deep.swift", "symbol_only_label")] {
            let found = Self.lines(output.stdout).contains { $0.hasPrefix(file + ":") && $0.hasSuffix(" [\(rule)]") }
            #expect(found, "\(file) was not audited:\n\(output.stdout.prefix(2000))\n\(output.stderr.prefix(2000))")
        }
    }

    @Test func longChainsOfModifiersTakeLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // Five buttons with 950 modifiers each, and the same 4,750 modifiers five to a button. Each
        // member of a chain asked whether its base was `self` by the base's text, which is the whole
        // chain before it: a chain of 900 took 6.8 s in a debug build, 0.3 s asked of the node.
        let button = #"Button(action: {}) { Image(systemName: "x") }"#
        func view(_ name: String, _ rows: [String]) -> String {
            "import SwiftUI\nstruct \(name): View { var body: some View { VStack {\n" + rows.joined(separator: "\n") + "\n} } }\n"
        }
        let long = Array(repeating: button + String(repeating: ".padding()", count: 950), count: 5)
        let short = Array(repeating: button + String(repeating: ".padding()", count: 5), count: 950)
        try dir.write(view("Long", long), to: "Long.swift")
        try dir.write(view("Short", short), to: "Short.swift")
        let ((shortRun, shortTime), (longRun, longTime)) = try Self.alternatingShortest(
            ["check", "Short.swift", "--format", "json"], ["check", "Long.swift", "--format", "json"], in: dir)
        #expect(shortRun.status == 0 && longRun.status == 0, "\(longRun.stderr.prefix(500))")
        #expect(longTime < shortTime * 3 + .seconds(2), "long chains: \(longTime); short ones: \(shortTime)")
        #expect(longRun.stdout.components(separatedBy: "\"rule\": \"symbol_only_label\"").count - 1 == 5, "\(longRun.stdout.prefix(500))")
    }

    @Test func buildConditionsOfThousandsOfOperandsTakeLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // An `#if` around a view and one in its modifier chain, each of 5,000 operands, and the same
        // with 20,000. A condition was read by splitting it at its last `&&` or `||` and reading
        // both sides again: a call deeper and a copy of the operands before it per operand, so time
        // in the square of their number and a stack as deep as their number (20,000 operands took
        // 16 s and 3.2 GB in a debug build, 5,000 1.9 s). Read in one pass, eight times the operands
        // take about eight times as long (most of it swift-syntax's parse); read the old way, about
        // twenty times. Each `os(macOS) && DEBUG` is false on iOS, so the view is compiled (the
        // last operand, `os(iOS)`, holds) and its label is not.
        func source(_ operands: Int) -> String {
            let never = Array(repeating: "os(macOS) && DEBUG", count: operands / 2).joined(separator: " || ")
            return "import SwiftUI\n#if " + never + " || os(iOS)\nstruct V: View { var body: some View {\n"
                + "Button(action: {}) { Image(systemName: \"x\") }\n#if " + never + "\n.accessibilityLabel(\"Close\")\n#endif\n} }\n#endif\n"
        }
        try dir.write(source(2_500), to: "Short.swift")
        try dir.write(source(20_000), to: "Long.swift")
        let ((short, shortTime), (long, longTime)) = try Self.alternatingShortest(
            ["check", "Short.swift", "--format", "json"], ["check", "ok.xml", "Long.swift"], in: dir)
        #expect(short.status == 0 && long.status == 1, "\(long.stderr.prefix(500))")
        #expect(longTime < shortTime * 13 + .seconds(2), "20,000 operands: \(longTime); 2,500: \(shortTime)")
        Self.expectOKFinding(long)
        #expect(Self.lines(long.stdout).contains { $0.hasPrefix("Long.swift:4:") && $0.hasSuffix("[symbol_only_label]") }, "\(long.stdout.prefix(500))")
    }

    @Test func chainsOfFocusModifiersTakeTimeLinearInTheirLength() throws {
        let dir = try Self.directoryWithOK()
        // A screen with a focus state: 40 buttons with chains of 900 `.accessibilityFocused($f,
        // equals: 1)`, and the same 36,000 modifiers in chains of 225 (a quarter as long, four times
        // as many). Each call of a chain was asked whether an `#if` of the chain leaves it out of an
        // iOS build by walking up to the chain's start, so a chain cost time in the square of its
        // length: 10 MB of chains of 940 took 27 s of CPU in a release build.
        let button = #"Button(action: {}) { Image(systemName: "x") }"#
        func view(_ name: String, chains: Int, links: Int) -> String {
            "import SwiftUI\nstruct \(name): View {\n@AccessibilityFocusState var f: Int?\nvar body: some View { VStack {\n"
                + Array(repeating: button + String(repeating: ".accessibilityFocused($f, equals: 1)", count: links), count: chains)
                .joined(separator: "\n") + "\n} }\n}\n"
        }
        try dir.write(view("Long", chains: 40, links: 900), to: "Long.swift")
        try dir.write(view("Short", chains: 160, links: 225), to: "Short.swift")
        let ((shortRun, shortTime), (longRun, longTime)) = try Self.alternatingShortest(
            ["check", "Short.swift", "--format", "json"], ["check", "Long.swift", "--format", "json"], in: dir)
        #expect(shortRun.status == 1 && longRun.status == 1, "\(longRun.stderr.prefix(500))")
        // Debug build, wall time: 12.5 s against 12.3 s now; 20.9 s against 14.0 s before.
        #expect(longTime < shortTime * 1.3 + .seconds(1), "chains of 900: \(longTime); of 225: \(shortTime)")
        #expect(longRun.stdout.components(separatedBy: "\"rule\": \"symbol_only_label\"").count - 1 == 40, "\(longRun.stdout.prefix(500))")
    }

    @Test func manyFirstAppearanceFocusRequestsTakeLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // One view with 300 `.onAppear { if !shownN { f = true; shownN = true } }`, and the same in
        // three views of 100. Whether such a request runs on the first appearance only asked, for
        // each request, whether any code of the whole view assigned its flag: the one view took
        // time in the square of its requests (in a debug build, 100 took 3.3 s and 200 took 12 s).
        // The view's assignments are now filed once.
        func view(_ name: String, _ range: Range<Int>) -> String {
            "struct \(name): View {\n@AccessibilityFocusState var f: Bool\n"
                + range.map { "@State var shown\($0) = false\n" }.joined()
                + "var body: some View { VStack {\n"
                + range.map { "Text(\"Row \($0)\").accessibilityFocused($f).onAppear { if !shown\($0) { f = true; shown\($0) = true } }" }
                .joined(separator: "\n") + "\n} }\n}\n"
        }
        try dir.write("import SwiftUI\n" + view("One", 0..<300), to: "One.swift")
        try dir.write("import SwiftUI\n" + view("A", 0..<100) + view("B", 100..<200) + view("C", 200..<300), to: "Three.swift")
        let ((three, threeTime), (one, oneTime)) = try Self.alternatingShortest(
            ["check", "Three.swift", "--format", "json"], ["check", "One.swift", "--format", "json"], in: dir)
        #expect(three.status == 1 && one.status == 1, "\(one.stderr.prefix(500))")
        #expect(oneTime < threeTime * 1.5 + .seconds(1), "one view of 300: \(oneTime); three of 100: \(threeTime)")
        // Each view binds one focus state to all its rows: every row after the first is a duplicate.
        #expect(one.stdout.components(separatedBy: "\"rule\": \"duplicate_focus_id\"").count - 1 == 299, "\(one.stdout.prefix(500))")
    }

    @Test func aWideBodyTakesLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // 6,000 buttons bound to a focus state in one stack, and the same buttons in six views of
        // 1,000. Finding each button's node again went through every sibling before it, so the one
        // stack took three times as long; found by halves, both take about the same time.
        let count = 6_000
        func view(_ name: String, _ range: Range<Int>) -> String {
            "struct \(name): View {\n@AccessibilityFocusState var f: Int?\nvar body: some View { VStack {\n"
                + range.map { "Button(\"b\($0)\") { f = \($0) }.accessibilityFocused($f, equals: \($0))" }.joined(separator: "\n")
                + "\nButton(action: {}) { Image(systemName: \"x\") }\n} }\n}\n"
        }
        try dir.write("import SwiftUI\n" + view("Wide", 0..<count), to: "Wide.swift")
        try dir.write("import SwiftUI\n" + (0..<6).map { view("Narrow\($0)", ($0 * 1_000)..<(($0 + 1) * 1_000)) }.joined(), to: "Narrow.swift")
        let ((narrow, narrowTime), (wide, wideTime)) = try Self.alternatingShortest(
            ["check", "Narrow.swift", "--format", "json"], ["check", "ok.xml", "Wide.swift", "--format", "json"], in: dir)
        #expect(narrow.status == 0 && wide.status == 1, "\(wide.stderr.prefix(500))")
        #expect(wideTime < narrowTime * 2 + .seconds(2), "one stack: \(wideTime); six: \(narrowTime)")
        #expect(wide.stdout.components(separatedBy: "\"rule\": \"symbol_only_label\"").count - 1 == 1, "\(wide.stdout.prefix(500))")
    }

    @Test func anExtensionOfThousandsOfMethodsTakesLinearTime() throws {
        let dir = try Self.directoryWithOK()
        // 4,000 modifiers declared in one `extension View`, and the same in four extensions of
        // 1,000. Each type's facts are read on their own, and each looked through the extension's
        // members from the first again: the one extension took several times as long.
        func methods(_ range: Range<Int>) -> String {
            "extension View {\n" + range.map { "  func e\($0)() -> some View { self.padding() }\n" }.joined() + "}\n"
        }
        let use = "struct A: View { var body: some View { Button(action: {}) { Image(systemName: \"x\") }.e0().e3999() } }\n"
        try dir.write("import SwiftUI\n" + methods(0..<4_000) + use, to: "One.swift")
        try dir.write("import SwiftUI\n" + (0..<4).map { methods(($0 * 1_000)..<(($0 + 1) * 1_000)) }.joined() + use, to: "Four.swift")
        let ((four, fourTime), (one, oneTime)) = try Self.alternatingShortest(
            ["check", "Four.swift", "--format", "json"], ["check", "ok.xml", "One.swift", "--format", "json"], in: dir)
        #expect(four.status == 0 && one.status == 1, "\(one.stderr.prefix(500))")
        #expect(oneTime < fourTime * 2 + .seconds(2), "one extension: \(oneTime); four: \(fourTime)")
        #expect(one.stdout.components(separatedBy: "\"rule\": \"symbol_only_label\"").count - 1 == 1, "\(one.stdout.prefix(500))")
    }

    @Test func customViewsNestedThousandsDeepAreReadNeverACrash() throws {
        let dir = try Self.directoryWithOK()
        // 5,000 views, each showing the next: inlining recursed once per view and ran off the end of
        // the thread's stack (a segmentation fault). Custom views nest at most 200 levels when
        // inlined; 150 levels are read whole (the finding is at the use in the screen, line 2).
        func chain(_ prefix: String, _ count: Int) -> String {
            "import SwiftUI\n"
                + (0..<count).map { "struct \(prefix)\($0): View { var body: some View { VStack { \(prefix)\($0 + 1)() } } }\n" }.joined()
                + "struct \(prefix)\(count): View { var body: some View { Button(action: {}) { Image(systemName: \"x\") } } }\n"
        }
        try dir.write(chain("D", 5_000), to: "Deep.swift")
        try dir.write(chain("S", 150), to: "Shallow.swift")
        let output = try CLIRunner.run(["check", ".", "--jobs", "2"], in: dir, timeout: 300)
        #expect(output.status == 1, "\(output.stderr.prefix(500))")
        Self.expectOKFinding(output)
        #expect(
            Self.lines(output.stdout).contains { $0.hasPrefix("Shallow.swift:2:") && $0.hasSuffix("[symbol_only_label]") },
            "\(output.stdout.prefix(1000))")
    }

    @Test func viewsThatUseTheNextOneTwiceAreReadInBoundedTime() throws {
        let dir = try Self.directoryWithOK()
        // Each view uses the next one twice, 40 levels deep: inlining every use made 2^40 elements
        // and the run never ended. A generic wrapper handing its content down twice did the same
        // through closures. A screen inlines at most 100,000 custom views and closures of views.
        let button = #"Button(action: {}) { Image(systemName: "x") }"#
        var views = "import SwiftUI\n"
        for i in 0..<40 { views += "struct L\(i): View { var body: some View { VStack { L\(i + 1)(); L\(i + 1)() } } }\n" }
        views += "struct L40: View { var body: some View { \(button) } }\n"
        try dir.write(views, to: "Views.swift")
        var wrappers = "import SwiftUI\n"
        for i in 0..<30 {
            wrappers += "struct G\(i)<C: View>: View { @ViewBuilder var c: C; var body: some View { G\(i + 1) { c; c } } }\n"
        }
        wrappers += "struct G30<C: View>: View { @ViewBuilder var c: C; var body: some View { VStack { c } } }\n"
        wrappers += "struct A: View { var body: some View { G0 { \(button) } } }\n"
        try dir.write(wrappers, to: "Wrappers.swift")
        let output = try CLIRunner.run(["check", ".", "--jobs", "2"], in: dir, timeout: 300)
        #expect(output.status == 1, "\(output.stderr.prefix(500))")
        Self.expectOKFinding(output)
        for file in ["Views.swift", "Wrappers.swift"] {
            #expect(
                Self.lines(output.stdout).contains { $0.hasPrefix(file + ":") && $0.hasSuffix("[symbol_only_label]") },
                "\(file) was not audited:\n\(output.stdout.prefix(1000))")
        }
    }

    @Test func aJSONStringLargerThanTenMegabytesIsAnInputError() throws {
        let dir = try Self.directoryWithOK()
        let limit = 10_000_000
        func description(_ text: String) -> String {
            "{\"screens\": [\n  {\"id\": \"s\", \"body\": [\n    {\"view\": \"Text\", \"text\": \"" + text + "\"}]}]}\n"
        }
        // As XML text nodes: over the limit is an input error at the string, whether it has escapes
        // (then it is copied as it is decoded) or not, in a value or in a key; at the limit it is read.
        try dir.write(description(String(repeating: "a", count: limit + 1)), to: "plain.json")
        try dir.write(description("\\n" + String(repeating: "a", count: limit)), to: "escaped.json")
        try dir.write(
            "{\"screens\": [\n  {\"id\": \"s\", \"" + String(repeating: "k", count: limit + 1) + "\": 1}]}\n", to: "key.json")
        try dir.write(description(String(repeating: "a", count: limit)), to: "limit.json")
        let output = try CLIRunner.run(["check", "ok.xml", "plain.json", "escaped.json", "key.json", "limit.json"], in: dir)
        #expect(output.status == 2)
        Self.expectOKFinding(output)
        for name in ["plain.json", "escaped.json"] {
            let line = Self.expectInputError(output, file: name) ?? ""
            #expect(line.hasPrefix("\(name):3:") && line.contains("larger than 10 MB"), "\(line.prefix(300))")
        }
        let key = Self.expectInputError(output, file: "key.json") ?? ""
        #expect(key.hasPrefix("key.json:2:") && key.contains("larger than 10 MB"), "\(key.prefix(300))")
        #expect(!output.stderr.contains("limit.json"), "\(output.stderr.prefix(1000))")
    }
}

// MARK: - Element paths are bounded

extension HostileInputTests {
    /// A chain of `depth` nested stacks, each with an id of about `idLength` bytes and an unlabelled
    /// button inside (one `unlabeled_control` per level); with `suppressed`, a comment before the
    /// outermost stack silences them all.
    static func deepChain(depth: Int, idLength: Int, suppressed: Bool = false) -> String {
        var text = "<app>\n<screen id=\"s\">\n"
        if suppressed { text += "<!-- focusaudit:disable unlabeled_control -->\n" }
        for level in 0..<depth {
            text += "<VStack id=\"\(level)" + String(repeating: "x", count: idLength) + "\">\n<Button/>\n"
        }
        return text + String(repeating: "</VStack>\n", count: depth) + "</screen>\n</app>\n"
    }

    /// The `"element"` values of a JSON report.
    static func elementPaths(_ report: String) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
        return (json?["findings"] as? [[String: Any]] ?? []).compactMap { $0["element"] as? String }
    }

    @Test func aDeepChainOfLongIDsGivesOutputLinearInTheInput() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let text = Self.deepChain(depth: 200, idLength: 2_000)
        try dir.write(text, to: "deep.xml")
        let input = text.utf8.count
        for format in ["text", "json", "sarif", "junit", "github", "html"] {
            let output = try CLIRunner.run(["check", "deep.xml", "--format", format], in: dir, timeout: 120)
            #expect(output.status == 1, "\(format): \(output.stderr.prefix(500))")
            let size = output.stdout.utf8.count
            #expect(size <= 5 * input + 100_000, "as \(format): \(size) bytes from \(input)")
        }
        // Every element keeps a path of its own, bounded, that a baseline and a suppression still find.
        let json = try CLIRunner.run(["check", "deep.xml", "--format", "json"], in: dir, timeout: 120)
        let paths = try Self.elementPaths(json.stdout)
        #expect(paths.count == 200)
        #expect(Set(paths).count == 200, "two elements share a path")
        #expect(paths.allSatisfy { $0.hasPrefix("screen[s]/") && $0.hasSuffix("/Button[1]") && $0.utf8.count <= 1_000 })
        #expect(paths.first == "screen[s]/VStack[0" + String(repeating: "x", count: 99) + "…][" + String(paths.first!.suffix(27).prefix(16)) + "]/Button[1]")
        #expect(paths.contains { $0.hasPrefix("screen[s]/[…") }, "the deepest paths are shortened")
        let baseline = try CLIRunner.run(["check", "deep.xml", "--write-baseline", "baseline.json"], in: dir, timeout: 120)
        #expect(baseline.status == 0 || baseline.status == 1, "\(baseline.stderr.prefix(500))")
        let again = try CLIRunner.run(["check", "deep.xml", "--baseline", "baseline.json"], in: dir, timeout: 120)
        #expect(again.status == 0, "\(again.stdout.suffix(500))")
        try dir.write(Self.deepChain(depth: 200, idLength: 2_000, suppressed: true), to: "suppressed.xml")
        let suppressed = try CLIRunner.run(["check", "suppressed.xml"], in: dir, timeout: 120)
        #expect(suppressed.status == 0, "\(suppressed.stdout.prefix(2000))")
        #expect(suppressed.stdout.hasSuffix("no findings in 1 file\n"), "\(suppressed.stdout.suffix(500))")
        let one = try CLIRunner.run(["check", "deep.xml", "suppressed.xml", "--format", "json", "--jobs", "1"], in: dir, timeout: 120)
        let four = try CLIRunner.run(["check", "deep.xml", "suppressed.xml", "--format", "json", "--jobs", "4"], in: dir, timeout: 120)
        #expect(one.stdout == four.stdout)
    }
}

// MARK: - The JSON reader streams

extension HostileInputTests {
    @Test func aJSONDescriptionIsReadInChunksNotHeldWhole() throws {
        let dir = try Self.directoryWithOK()
        let row = #"{"view": "Text", "text": "A row of text in a long list"},"#
        var screens: [String] = []
        for i in 0..<2_000 {
            screens.append(#"{"id": "s\#(i)", "body": ["# + String(repeating: row, count: 200) + #"{"view": "Text", "text": "end"}]}"#)
        }
        let text = "{\"screens\": [\n" + screens.joined(separator: ",\n") + "\n]}\n"
        try dir.write(text, to: "big.json")
        let (big, extra) = try Self.measuredBeyondOneElementRun(
            ["big.json", "ok.xml"], jobs: "1", json: true, in: dir, timeout: 120)
        #expect(big.status == 1, "\(big.stderr.prefix(500))")
        Self.expectOKFinding(big.output)
        #expect(big.stdout.hasSuffix("focusaudit: 1 error, 1999 warnings in 2 files\n"), "\(big.stdout.suffix(300))")
        // The file is not held (nor a copy of it for positions): memory beyond a tiny run's is a
        // fraction of the input, not twice it.
        #expect(extra < text.utf8.count / 2, "\(extra / 1_000_000) MB beyond a tiny run for \(text.utf8.count / 1_000_000) MB of JSON")
    }
}

// MARK: - A finding about an attribute at the end of a large file

extension HostileInputTests {
    /// FORMAT.md: "Line and column are those of the element's start tag (XML)". A bad attribute on
    /// the third line of a start tag at the end of 10 MB points at the tag's `<` on one thread, on
    /// two (the crew) and on four (the file read in parts), and finding it takes no second read of
    /// the file: the run stays within half the input beyond a tiny run.
    @Test func anAttributeFindingAtTheEndOfALargeFilePointsAtItsStartTagOnEveryRoute() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let row = String(repeating: "A line of text in a long screen, repeated to fill it. ", count: 4) + "\n"
        let count = 5_000
        var text = "<app>\n"
        text.reserveCapacity(count * 2_000)
        for i in 0..<count {
            text += "<screen id=\"s\(i)\">\n<Text>\n" + String(repeating: row, count: 9) + "</Text>\n"
            if i == count - 1 { text += "  <Button label=\"Go\"\n    id=\"go\"\n    capture=\"sometimes\"/>\n" }
            text += "</screen>\n"
        }
        text += "</app>\n"
        try dir.write(text, to: "big.xml")
        let (big, extra) = try Self.measuredBeyondOneElementRun(
            ["big.xml"], jobs: "1", in: dir, timeout: 120)
        #expect(big.status == 1, "\(big.stderr.prefix(500))")
        // Each screen is 13 lines from line 2; the Button starts the last screen's 13th line, its
        // `capture` two lines below.
        let line = 2 + 13 * (count - 1) + 12
        let expected = "big.xml:\(line):3: error: capture must be one of "
        #expect(
            Self.lines(big.stdout).contains { $0.hasPrefix(expected) && $0.hasSuffix("[invalid_description]") },
            "\(big.stdout.suffix(500))")
        #expect(extra < text.utf8.count / 2, "\(extra / 1_000_000) MB beyond a tiny run for \(text.utf8.count / 1_000_000) MB")
        for jobs in ["2", "4"] {
            let run = try CLIRunner.run(["check", "--jobs", jobs, "big.xml"], in: dir, timeout: 120)
            #expect(run.status == 1, "--jobs \(jobs): \(run.stderr.prefix(500))")
            #expect(run.stdout == big.stdout, "--jobs \(jobs): \(run.stdout.suffix(500))")
        }
    }
}

// MARK: - Journeys no rule reads

extension HostileInputTests {
    /// Links whose journeys lose focus only because their screen restores focus too early (which
    /// `missing_restoration_delay` reports once per screen) keep no record and no journey: a record
    /// of about 220 bytes for each of a large app's links was kept until the end of the file.
    @Test func journeysNoRuleReadsAreNotKept() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let count = 12_000
        var text = "<app>\n"
        text.reserveCapacity(count * 700)
        for i in 0..<count {
            text += "<screen id=\"s\(i)\" restore-focus=\"on-appear\" restore-delay=\"0.1\" capture=\"binding\">\n<VStack>\n"
            for k in 0..<10 {
                text += "<Button id=\"b\(k)\" focus=\"b\(k)\" push=\"s\((i + k + 1) % count)\" label=\"Go \(k)\"/>\n"
            }
            text += "</VStack>\n</screen>\n"
        }
        text += "</app>\n"
        try dir.write(text, to: "big.xml")
        let (big, extra) = try Self.measuredBeyondOneElementRun(
            ["--format", "json", "big.xml"], jobs: "1", in: dir, timeout: 120)
        #expect(big.status == 1, "\(big.stderr.prefix(500))")
        #expect(big.stdout.contains("\"errors\": \(count),"), "\(big.stdout.suffix(300))")
        // 31 MB beyond a tiny run for 8 MB while every such journey was kept (a debug build); 3.6 MB now.
        #expect(extra < text.utf8.count, "\(extra / 1_000_000) MB beyond a tiny run for \(text.utf8.count / 1_000_000) MB")
    }

    /// 80,000 `focusaudit:disable` comments, one before each button, each silencing the button's
    /// `redundant_trait_in_label`. The file's suppressions are held until its findings are filtered
    /// at the end; each held its own copy of its rule ids (an array of strings), a set of the ids it
    /// had silenced, its element's path twice over and a list of one entry number for that path:
    /// 631 bytes a suppression beyond a one-element run in a debug build, 282 now.
    @Test func suppressionsAreHeldCompactly() throws {
        let dir = try CLIRunner.temporaryDirectory()
        let screens = 8_000
        var text = "<app>\n"
        text.reserveCapacity(screens * 1_000)
        for i in 0..<screens {
            text += "<screen id=\"s\(i)\" root=\"true\">\n<VStack>\n"
            for k in 0..<10 {
                text += "<!-- focusaudit:disable redundant_trait_in_label -->\n<Button id=\"b\(k)\" label=\"Send button \(k)\"/>\n"
            }
            text += "</VStack>\n</screen>\n"
        }
        text += "</app>\n"
        try dir.write(text, to: "suppressed.xml")
        let count = screens * 10
        let (run, extra) = try Self.measuredBeyondOneElementRun(["suppressed.xml"], jobs: "1", in: dir, timeout: 120)
        #expect(run.status == 0 && run.stdout.hasSuffix("no findings in 1 file\n"), "\(run.stdout.suffix(300))")
        #expect(extra < count * 400, "\(extra / count) bytes a suppression beyond a one-element run")
    }
}

// MARK: - One large screen

extension HostileInputTests {
    /// One screen holds all its elements at once while its rules run, so what an element costs is
    /// what a large screen costs. A plain element (no hint, focus, image, navigation, traits or
    /// layout) is a record of 44 bytes plus its strings' bytes in the screen's byte buffer.
    @Test func oneLargeScreenTakesLessThanTwiceItsInput() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        var rows = ""
        rows.reserveCapacity(count * 36)
        for i in 0..<count { rows += "  <Text>Row \(1_000_000 + i) in list</Text>\n" }
        let text = "<app>\n<screen id=\"s\">\n<List>\n" + rows + "</List>\n</screen>\n</app>\n"
        try dir.write(text, to: "large.xml")
        let (large, extra) = try Self.measuredBeyondOneElementRun(
            ["large.xml"], jobs: "1", in: dir, timeout: 120)
        #expect(large.status == 0, "\(large.stderr.prefix(500))")
        #expect(large.stdout.hasSuffix("no findings in 1 file\n"), "\(large.stdout.suffix(300))")
        // About 490 bytes per element (14 times the input) when every element carried every
        // modifier's field; about 260 (7.4 times) with the rarer ones apart; about 225 (6.5 times)
        // with the flags in one word and the name kept as a choice of label or text; about 175 (5
        // times) with the elements as records of one store per screen; about 65 (1.9 times) with
        // records of 44 bytes and the strings in one byte buffer per screen (docs/performance.md);
        // a few bytes since plain rows are left out of the screen's store as they are read
        // (`oneTenMegabyteScreenOfPlainRowsTakesLittleBeyondAOneElementRun`).
        #expect(
            extra < 2 * text.utf8.count, "\(extra / count) bytes per element beyond a tiny run (\(extra / 1_000_000) MB for \(text.utf8.count / 1_000_000) MB)"
        )
    }

    /// A large screen in JSON has its views parsed one at a time as they are built, so the screen is
    /// not held twice (as parsed values and as views) while it is checked.
    @Test func oneLargeJSONScreenIsNotHeldTwice() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        var rows: [String] = []
        rows.reserveCapacity(count)
        for i in 0..<count { rows.append(#"  {"view": "Text", "text": "Row \#(1_000_000 + i) in list"}"#) }
        let text = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n" + rows.joined(separator: ",\n") + "\n]}]}]}\n"
        try dir.write(text, to: "large.json")
        let (large, extra) = try Self.measuredBeyondOneElementRun(
            ["large.json", "ok.xml"], jobs: "1", json: true, in: dir, timeout: 120)
        #expect(large.status == 1, "\(large.stderr.prefix(500))")
        Self.expectOKFinding(large.output)
        // 9.9 times the input when the parsed values were all held to the end of the screen; 6.7
        // when each was let go once its view was built; about 3.6 with views parsed one at a time;
        // about 1.3 with the views' strings in one byte buffer per screen.
        #expect(
            extra < 2 * text.utf8.count, "\(extra / count) bytes per element beyond a tiny run (\(extra / 1_000_000) MB for \(text.utf8.count / 1_000_000) MB)"
        )
    }

    /// One screen of 300,000 text rows (10 MB of XML, 15 MB of JSON) or of a million empty stacks: its
    /// plain leaves are left out of the screen's elements as they are read, so what the run takes
    /// beyond a one-element run is a small part of the input. It was 1.6 times the input for the
    /// rows and 3.3 times for the stacks when every element kept a record of 32 bytes and every
    /// row its text (docs/performance.md, "One large screen: plain leaves folded into their
    /// parents"); a release build's whole peak is then within twice the input.
    @Test func oneTenMegabyteScreenOfPlainRowsTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        let count = 300_000
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        var json = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n"
        xml.reserveCapacity(count * 36)
        json.reserveCapacity(count * 55)
        for i in 0..<count {
            xml += "  <Text>Row \(1_000_000 + i) in list</Text>\n"
            json += #"  {"view": "Text", "text": "Row \#(1_000_000 + i) in list"},"# + "\n"
        }
        xml += "</List>\n</screen>\n</app>\n"
        json += #"  {"view": "Text", "text": "end"}"# + "\n]}]}]}\n"
        let stacks = "<app>\n<screen id=\"s\">\n" + String(repeating: "<VStack/>\n", count: 1_000_000) + "</screen>\n</app>\n"
        try dir.write(xml, to: "rows.xml")
        try dir.write(json, to: "rows.json")
        try dir.write(stacks, to: "stacks.xml")
        for (file, isJSON, size, jobs) in [
            ("rows.xml", false, xml.utf8.count, "2"), ("rows.json", true, json.utf8.count, "1"),
            ("stacks.xml", false, stacks.utf8.count, "2"),
        ] {
            let (large, extra) = try Self.measuredBeyondOneElementRun([file], jobs: jobs, json: isJSON, in: dir)
            #expect(large.status == 0, "\(file): \(large.stderr.prefix(500))")
            #expect(large.stdout.hasSuffix("no findings in 1 file\n"), "\(file): \(large.stdout.suffix(300))")
            #expect(extra < size / 4, "\(file): \(extra / 1_000_000) MB beyond a one-element run for \(size / 1_000_000) MB")
        }
    }

    /// One screen of 300,000 rows that are plain but for a stack of their own around each, in a
    /// list with an id: a stack whose children were all folded is folded in turn, and an id on the
    /// list leaves its rows plain, so what the run takes beyond a one-element run is a small part
    /// of the input. Each stack kept its 32-byte record before (and each row too, under the list's
    /// id): 1.2 times the input beyond a one-element run in a debug build (docs/performance.md,
    /// "One large screen: stacks of folded rows, lists with ids, strings one after another").
    @Test func aScreenOfRowsEachInAStackInAListWithAnIdTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        let count = 300_000
        var xml = "<app>\n<screen id=\"s\">\n<List id=\"list\">\n"
        xml.reserveCapacity(count * 52)
        for i in 0..<count { xml += "  <HStack><Text>Row \(1_000_000 + i) in list</Text></HStack>\n" }
        xml += "</List>\n</screen>\n</app>\n"
        try dir.write(xml, to: "rows.xml")
        let (large, extra) = try Self.measuredBeyondOneElementRun(
            ["rows.xml"], jobs: "2", in: dir)
        #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(large.stdout.suffix(300))")
        #expect(extra < xml.utf8.count / 4, "\(extra / 1_000_000) MB beyond a one-element run for \(xml.utf8.count / 1_000_000) MB")
    }

    @Test func aScreenOfRowsWithIdsTakesNoCopyOfEachId() throws {
        // 100,000 rows, each with an id, in one screen. duplicate_focus_id filed each id in a list of
        // 48-byte entries that grew by doubling: 163 bytes a row beyond a one-element run in a debug
        // build. Filed by element, its bytes read again from the store, a row takes 114 bytes (its
        // record, its two strings, and 8-byte slots for the id).
        let dir = try Self.directoryWithOK()
        let count = 100_000
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        xml.reserveCapacity(count * 45)
        for i in 0..<count { xml += "  <Text id=\"r\(i)\">Row \(1_000_000 + i) in list</Text>\n" }
        xml += "</List>\n</screen>\n</app>\n"
        try dir.write(xml, to: "rows.xml")
        let (large, extra) = try Self.measuredBeyondOneElementRun(
            ["rows.xml"], jobs: "1", in: dir)
        #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(large.stdout.suffix(300))")
        #expect(extra < count * 135, "\(extra / count) bytes a row beyond a one-element run")
    }

    /// 200,000 rows with a label and a text, and 200,000 with an id and a text, in one screen each:
    /// a row's two strings are one after another in the screen's buffer, its record pointing at
    /// the first, where a table of three offsets (12 bytes, in a list that grew by doubling) held
    /// where they were. A debug build took 75 bytes a labelled row and 117 an id row beyond a
    /// one-element run before, 61 and 97 after. The rows are in a stack that contains its children
    /// (`children="contain"`), which keeps them: labelled text rows are folded otherwise
    /// (`aScreenOfLabelledControlsOrLabelledTextsTakesLittleBeyondAOneElementRun`).
    @Test func aScreenOfRowsWithTwoStringsKeepsNoTableOfTheirOffsets() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        for (attribute, bound) in [("label", 68), ("id", 105)] {
            var xml = "<app>\n<screen id=\"s\">\n<List children=\"contain\">\n"
            xml.reserveCapacity(count * 52)
            for i in 0..<count { xml += "  <Text \(attribute)=\"r\(1_000_000 + i)\">Row \(1_000_000 + i) in list</Text>\n" }
            xml += "</List>\n</screen>\n</app>\n"
            try dir.write(xml, to: "rows.xml")
            let (large, extra) = try Self.measuredBeyondOneElementRun(["rows.xml"], jobs: "1", in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(large.stdout.suffix(300))")
            #expect(extra < count * bound, "\(attribute): \(extra / count) bytes a row beyond a one-element run")
        }
    }

    /// One screen of 300,000 labelled `Button` rows, of 300,000 labelled `Toggle` rows (in JSON),
    /// and of 200,000 `Text` rows with a label: a control or text leaf whose label is its name, with
    /// nothing else, under plain containers, is left out of the screen's elements as it closes,
    /// once its control's label is known to hold no role word, so what the run takes beyond a
    /// one-element run is a small part of the input. Each row kept its 32-byte record and its
    /// label before (and a labelled text its text): about 45 bytes a control and 61 a labelled text
    /// beyond a one-element run in a debug build, 1.4 to 1.9 times the input (docs/performance.md,
    /// "One large screen: labelled controls and labelled texts folded").
    @Test func aScreenOfLabelledControlsOrLabelledTextsTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        var buttons = "<app>\n<screen id=\"s\">\n<List>\n"
        var toggles = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n"
        var texts = "<app>\n<screen id=\"s\">\n<List>\n"
        for i in 0..<300_000 {
            buttons += "  <Button label=\"Row \(1_000_000 + i)\"/>\n"
            toggles += #"  {"view": "Toggle", "label": "Row \#(1_000_000 + i)"},"# + "\n"
        }
        for i in 0..<200_000 { texts += "  <Text label=\"r\(1_000_000 + i)\">Row \(1_000_000 + i) in list</Text>\n" }
        buttons += "</List>\n</screen>\n</app>\n"
        toggles += #"  {"view": "Toggle", "label": "End"}"# + "\n]}]}]}\n"
        texts += "</List>\n</screen>\n</app>\n"
        try dir.write(buttons, to: "buttons.xml")
        try dir.write(toggles, to: "toggles.json")
        try dir.write(texts, to: "texts.xml")
        for (file, isJSON, size, jobs) in [
            ("buttons.xml", false, buttons.utf8.count, "2"), ("toggles.json", true, toggles.utf8.count, "1"),
            ("texts.xml", false, texts.utf8.count, "1"),
        ] {
            let (large, extra) = try Self.measuredBeyondOneElementRun([file], jobs: jobs, json: isJSON, in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(file): \(large.stdout.suffix(300))")
            #expect(extra < size / 4, "\(file): \(extra / 1_000_000) MB beyond a one-element run for \(size / 1_000_000) MB")
        }
    }

    /// One screen of 200,000 `Text` rows with an id each, in XML (read in parts on two threads)
    /// and in JSON: a row with an id and a text and nothing else, under plain containers, is left
    /// out of the screen's elements as it closes, its id kept as a hash to compare with the
    /// screen's other ids, so what the run takes beyond a one-element run is a small part of the
    /// input. Each row kept its 32-byte record, its id and its text before, and `duplicate_focus_id`
    /// filed every id in slots of 8 bytes: about 95 bytes a row in a release build, 2 times the
    /// input beyond a one-element run (docs/performance.md, "One large screen: rows with ids
    /// folded"). The same rows with one id met again are read again with every row kept, and the
    /// finding names the first row as before.
    @Test func aScreenOfRowsWithIdsTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        var json = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n"
        xml.reserveCapacity(count * 50)
        json.reserveCapacity(count * 70)
        for i in 0..<count {
            xml += "  <Text id=\"r\(1_000_000 + i)\">Row \(1_000_000 + i) in list</Text>\n"
            json += #"  {"view": "Text", "id": "r\#(1_000_000 + i)", "text": "Row \#(1_000_000 + i) in list"},"# + "\n"
        }
        let met = xml + "  <Text id=\"r1000005\">Row again</Text>\n</List>\n</screen>\n</app>\n"
        xml += "</List>\n</screen>\n</app>\n"
        json += #"  {"view": "Text", "text": "end"}"# + "\n]}]}]}\n"
        try dir.write(xml, to: "rows.xml")
        try dir.write(json, to: "rows.json")
        try dir.write(met, to: "met.xml")
        // The bound is a third of the input: about 1.6 MB (8 bytes a row) beyond a one-element run,
        // up to 2.75 MB measured while other builds loaded both cores, 17 MB before the rows were
        // folded.
        for (file, isJSON, size, jobs) in [("rows.xml", false, xml.utf8.count, "2"), ("rows.json", true, json.utf8.count, "1")] {
            let (large, extra) = try Self.measuredBeyondOneElementRun([file], jobs: jobs, json: isJSON, in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(file): \(large.stdout.suffix(300))")
            #expect(extra < size / 3, "\(file): \(extra / 1_000_000) MB beyond a one-element run for \(size / 1_000_000) MB")
        }
        for jobs in ["1", "2"] {
            let again = try CLIRunner.run(["check", "met.xml", "--jobs", jobs], in: dir, timeout: 120)
            #expect(
                again.stdout.hasPrefix(
                    "met.xml:200004:3: error: id 'r1000005' is already used by \"Row 1000005 in list\" (r1000005) at line 9; focus "
                        + "restored to this value cannot tell the elements apart [duplicate_focus_id]\n"), "\(again.stdout.prefix(500))")
        }
    }

    /// One screen of 250,000 labelled `TextField`, `Slider`, `Picker`, `Link` and `Label` rows, in
    /// turn, in XML and in JSON: such a leaf whose label is its name, with nothing else, under plain
    /// containers, is left out of the screen's elements as it closes (a `Link` once its label is
    /// known to hold no word of its role), as labelled buttons and toggles are. Each row kept its
    /// 32-byte record and its label before: about 45 bytes a row beyond a one-element run, 1.3 to
    /// 1.8 times the input (docs/performance.md, "One large screen: other labelled controls
    /// folded").
    @Test func aScreenOfOtherLabelledControlsTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        let types = ["TextField", "Slider", "Picker", "Link", "Label"]
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        var json = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n"
        for i in 0..<250_000 {
            xml += "  <\(types[i % 5]) label=\"Row \(1_000_000 + i)\"/>\n"
            json += #"  {"view": "\#(types[i % 5])", "label": "Row \#(1_000_000 + i)"},"# + "\n"
        }
        xml += "</List>\n</screen>\n</app>\n"
        json += #"  {"view": "Link", "label": "End"}"# + "\n]}]}]}\n"
        try dir.write(xml, to: "controls.xml")
        try dir.write(json, to: "controls.json")
        for (file, isJSON, size, jobs) in [("controls.xml", false, xml.utf8.count, "2"), ("controls.json", true, json.utf8.count, "1")] {
            let (large, extra) = try Self.measuredBeyondOneElementRun([file], jobs: jobs, json: isJSON, in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(file): \(large.stdout.suffix(300))")
            #expect(extra < size / 4, "\(file): \(extra / 1_000_000) MB beyond a one-element run for \(size / 1_000_000) MB")
        }
    }

    /// One screen each of 200,000 header texts, labelled images with assets, buttons named by their
    /// text, labelled secure fields and labelled steppers (in XML, and the first two in JSON too):
    /// such a leaf with nothing else, under plain containers, is left out of the screen's elements
    /// as it closes, once its name is known to hold no word of its role, so what the run takes
    /// beyond a one-element run is a small part of the input. Before, each row kept its record and
    /// strings, and a header text or an image an extras object and a set of traits or an asset
    /// string too: in a release build 296 and 216 bytes a row, 48 a button, secure field or stepper
    /// (docs/performance.md, "One large screen: traits and assets without extras, more leaves folded").
    @Test func aScreenOfHeaderTextsImagesOrTextButtonsTakesLittleBeyondAOneElementRun() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        let rows: [(String, (Int) -> String, ((Int) -> String)?)] = [
            ("headers", { "  <Text traits=\"header\">Title \($0)</Text>\n" }, { #"  {"view": "Text", "traits": ["header"], "text": "Title \#($0)"},"# + "\n" }),
            (
                "images", { "  <Image asset=\"photo-\($0)\" label=\"Photo \($0)\"/>\n" },
                { #"  {"view": "Image", "label": "Photo \#($0)", "asset": "photo-\#($0)"},"# + "\n" }
            ),
            ("buttons", { "  <Button>Send \($0)</Button>\n" }, nil),
            ("secure", { "  <SecureField label=\"Password \($0)\"/>\n" }, nil),
            ("steppers", { "  <Stepper label=\"Count \($0)\"/>\n" }, nil),
        ]
        for (name, xmlRow, jsonRow) in rows {
            var xml = "<app>\n<screen id=\"s\">\n<List>\n"
            var json = #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + "\n"
            for i in 0..<count {
                xml += xmlRow(1_000_000 + i)
                if let jsonRow { json += jsonRow(1_000_000 + i) }
            }
            xml += "</List>\n</screen>\n</app>\n"
            json += #"  {"view": "Text", "text": "end"}"# + "\n]}]}]}\n"
            try dir.write(xml, to: "\(name).xml")
            var files = [("\(name).xml", false, xml.utf8.count, "2")]
            if jsonRow != nil {
                try dir.write(json, to: "\(name).json")
                files.append(("\(name).json", true, json.utf8.count, "1"))
            }
            for (file, isJSON, size, jobs) in files {
                let (large, extra) = try Self.measuredBeyondOneElementRun([file], jobs: jobs, json: isJSON, in: dir)
                #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(file): \(large.stdout.suffix(300))")
                #expect(extra < size / 4, "\(file): \(extra / 1_000_000) MB beyond a one-element run for \(size / 1_000_000) MB")
            }
        }
    }

    /// 200,000 header texts and 200,000 labelled images with assets, kept (their list contains its
    /// children, `children="contain"`, which keeps its rows): an element whose only rarer modifiers
    /// are traits, an asset or both keeps the traits as bits in its record's extras word and the
    /// asset's name in the screen's byte buffer, with no extras object, no set of traits and no
    /// string of its own. A release build took 295 and 225 bytes a row beyond a one-element run
    /// before, 49 and 71 after.
    @Test func keptHeaderTextsAndImagesHaveNoExtrasObjectOfTheirOwn() throws {
        let dir = try Self.directoryWithOK()
        let count = 200_000
        for (name, row, bound) in [
            ("headers", { (n: Int) in "  <Text traits=\"header\">Title \(n)</Text>\n" }, 80),
            ("images", { (n: Int) in "  <Image asset=\"photo-\(n)\" label=\"Photo \(n)\"/>\n" }, 100),
        ] {
            var xml = "<app>\n<screen id=\"s\">\n<List children=\"contain\">\n"
            for i in 0..<count { xml += row(1_000_000 + i) }
            xml += "</List>\n</screen>\n</app>\n"
            try dir.write(xml, to: "\(name).xml")
            let (large, extra) = try Self.measuredBeyondOneElementRun(["\(name).xml"], jobs: "1", in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("no findings in 1 file\n"), "\(large.stdout.suffix(300))")
            #expect(extra < count * bound, "\(name): \(extra / count) bytes a row beyond a one-element run")
        }
    }

    /// One screen of 150,000 tappable combined stacks of one text each, every one a finding
    /// (`tap_gesture_without_button_trait`): a combined container's name, made of its children's,
    /// is neither its label nor its text, and is kept with its traits in an 8-byte entry of the
    /// store's table of names rather than in an extras object of its own. A release build took
    /// 334 bytes a row beyond a one-element run before, 175 after (docs/performance.md, "One large
    /// screen: combined rows' names without extras").
    @Test func aScreenOfCombinedRowsKeepsNoExtrasForTheirNames() throws {
        let dir = try Self.directoryWithOK()
        let count = 150_000
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        for i in 0..<count { xml += "  <VStack children=\"combine\" on-tap=\"true\"><Text>Name \(1_000_000 + i)</Text></VStack>\n" }
        xml += "</List>\n</screen>\n</app>\n"
        try dir.write(xml, to: "combined.xml")
        for jobs in ["1", "2"] {
            let (large, extra) = try Self.measuredBeyondOneElementRun(["combined.xml"], jobs: jobs, in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("\(count) warnings in 1 file\n"), "\(large.stdout.suffix(300))")
            #expect(extra < count * 250, "--jobs \(jobs): \(extra / count) bytes a row beyond a one-element run")
        }
    }

    /// One screen of 100,000 rows of an unlabelled image with an asset beside a text, every image a
    /// finding (`image_missing_label`, quoting its asset): each finding keeps its record, the end of
    /// its path after the list's (`HStack[7]/Image[1]`; the list's path, the start it shares with
    /// the path before, is stored once) and the asset's name in its message (the words before it,
    /// and the fix after it, are stored once). A release build took 240–255 bytes a row beyond a
    /// one-element run before (`--jobs` 1 and 2), 169–182 after (docs/performance.md, "One large
    /// screen: shared starts of paths and messages").
    @Test func aScreenOfUnlabelledImagesKeepsTheirPathsAndMessagesStartsOnce() throws {
        let dir = try Self.directoryWithOK()
        let count = 100_000
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        for i in 0..<count {
            let n = 1_000_000 + i
            xml += "  <HStack><Image asset=\"photo-\(n)\"/><Text>Name \(n)</Text></HStack>\n"
        }
        xml += "</List>\n</screen>\n</app>\n"
        try dir.write(xml, to: "images.xml")
        for jobs in ["1", "2"] {
            let (large, extra) = try Self.measuredBeyondOneElementRun(["images.xml"], jobs: jobs, in: dir)
            #expect(large.status == 0 && large.stdout.hasSuffix("\(count) warnings in 1 file\n"), "\(large.stdout.suffix(300))")
            #expect(extra < count * 215, "--jobs \(jobs): \(extra / count) bytes a row beyond a one-element run")
        }
    }

    // MARK: - Special files found by the walk, SwiftUI sources, input arguments

    /// A SwiftUI source with one known finding: `good.swift:5:9: warning: … [symbol_only_label]`.
    static let goodSwift = """
        import SwiftUI

        struct G: View {
            var body: some View {
                Button(action: {}) { Image(systemName: "x") }
            }
        }

        """

    static func expectGoodSwiftFinding(_ output: CLIRunner.Output, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = lines(output.stdout).contains { $0.hasPrefix("good.swift:5:9: warning: ") && $0.hasSuffix(" [symbol_only_label]") }
        #expect(found, "the finding of good.swift was lost:\n\(output.stdout.prefix(2000))\n\(output.stderr.prefix(2000))", sourceLocation: sourceLocation)
    }

    /// Binds a Unix-domain socket at a short path of its own (a socket's path has at most about 100
    /// bytes) and returns it, or nil when the system refuses.
    static func makeSocket() -> String? {
        let path = "/tmp/fa-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        #if os(Linux)
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return bound == 0 ? path : nil
    }

    /// A FIFO, a socket or a device the walk meets under a name focusaudit audits (or through a
    /// symbolic link of such a name) is an input error, never skipped in silence and never opened;
    /// one under another name (`notes.txt`) is not a candidate and stays ignored. Named on the
    /// command line, it is the same error.
    @Test func specialFilesFoundInADirectoryAreInputErrorsNeverSkippedInSilence() throws {
        let dir = try Self.directoryWithOK()
        let tree = dir.appendingPathComponent("tree")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try tree.write(Self.okXML, to: "ok.xml")
        try dir.write(Self.goodSwift, to: "good.swift")
        #expect(mkfifo(tree.appendingPathComponent("pipe.xml").path, 0o644) == 0)
        #expect(mkfifo(tree.appendingPathComponent("view.swift").path, 0o644) == 0)
        #expect(mkfifo(tree.appendingPathComponent("notes.txt").path, 0o644) == 0)
        #expect(symlink("pipe.xml", tree.appendingPathComponent("again.json").path) == 0)
        #expect(symlink("/dev/null", tree.appendingPathComponent("null.storyboard").path) == 0)
        let socketPath = Self.makeSocket()
        defer { if let socketPath { unlink(socketPath) } }
        if let socketPath { #expect(symlink(socketPath, tree.appendingPathComponent("sock.xib").path) == 0) }

        for jobs in ["1", "4"] {
            let output = try CLIRunner.run(["check", "--jobs", jobs, "ok.xml", "good.swift", "tree"], in: dir, timeout: 20)
            #expect(output.status == 2, "\(output.stderr)")
            Self.expectOKFinding(output)
            Self.expectOKFinding(output, name: "tree/ok.xml")
            Self.expectGoodSwiftFinding(output)
            #expect(Self.expectInputError(output, file: "tree/pipe.xml") == "tree/pipe.xml: error: cannot audit: not a regular file (a FIFO)")
            #expect(Self.expectInputError(output, file: "tree/view.swift") == "tree/view.swift: error: cannot audit: not a regular file (a FIFO)")
            #expect(
                Self.expectInputError(output, file: "tree/again.json")
                    == "tree/again.json: error: cannot audit: not a regular file (a symbolic link to a FIFO)")
            #expect(
                Self.expectInputError(output, file: "tree/null.storyboard")
                    == "tree/null.storyboard: error: cannot audit: not a regular file (a symbolic link to a character device)")
            if socketPath != nil {
                #expect(
                    Self.expectInputError(output, file: "tree/sock.xib")
                        == "tree/sock.xib: error: cannot audit: not a regular file (a symbolic link to a socket)")
            }
            #expect(!output.stderr.contains("notes.txt"), "\(output.stderr)")
            #expect(output.stdout.hasSuffix("(\(socketPath == nil ? 4 : 5) input errors)\n"), "\(output.stdout.suffix(200))")
        }

        // Named on the command line: the same error, at once.
        let named = try CLIRunner.run(["check", "tree/pipe.xml", "tree/notes.txt", "tree/null.storyboard", "ok.xml"], in: dir, timeout: 20)
        #expect(named.status == 2)
        Self.expectOKFinding(named)
        #expect(Self.expectInputError(named, file: "tree/pipe.xml") == "tree/pipe.xml: error: cannot audit: not a regular file (a FIFO)")
        #expect(Self.expectInputError(named, file: "tree/notes.txt") == "tree/notes.txt: error: cannot audit: not a regular file (a FIFO)")
        #expect(
            Self.expectInputError(named, file: "tree/null.storyboard")
                == "tree/null.storyboard: error: cannot audit: not a regular file (a symbolic link to a character device)")
    }

    /// Invalid UTF-8 in a SwiftUI source (in a comment, in a string literal) is an input error at
    /// its first bad byte, worded as for XML; the other files, Swift or not, are still audited.
    @Test func invalidUTF8InASwiftSourceIsAnInputErrorAtItsFirstBadByte() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.goodSwift, to: "good.swift")
        try Self.writeBytes(
            Array("import SwiftUI\n\n// caf".utf8) + [0xE9] + Array(" menu\nstruct A: View { var body: some View { Text(\"a\") } }\n".utf8),
            to: "comment.swift", in: dir)
        let before = "struct B: View { var body: some View { Text(\"홈"
        try Self.writeBytes(
            Array("import SwiftUI\r\n".utf8) + Array(before.utf8) + [0xFF, 0xFE] + Array("\") } }\n".utf8), to: "literal.swift", in: dir)
        let output = try CLIRunner.run(["check", "comment.swift", "literal.swift", "good.swift", "ok.xml"], in: dir)
        #expect(output.status == 2, "\(output.stderr)")
        Self.expectOKFinding(output)
        Self.expectGoodSwiftFinding(output)
        #expect(
            Self.expectInputError(output, file: "comment.swift")
                == "comment.swift:3:7: error: the file is not valid UTF-8 (bytes 0xE9 0x20 0x6D 0x65); the file is not audited")
        #expect(
            Self.expectInputError(output, file: "literal.swift")
                == "literal.swift:2:\(before.unicodeScalars.count + 1): error: the file is not valid UTF-8 (bytes 0xFF 0xFE 0x22 0x29); the file is not audited"
        )
    }

    /// A SwiftUI source over 10 MB is an input error naming the limit, found from its size before
    /// it is read. (That a file of exactly the limit is read: `readTextKeepsItsLimitAndFindsTheFirstBadByte`.)
    @Test func aSwiftSourceLargerThanTenMegabytesIsAnInputError() throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.goodSwift, to: "good.swift")
        let head = "import SwiftUI\nstruct V: View { var body: some View { Text(\""
        let tail = "\") } }\n"
        let fill = 10_000_000 - head.utf8.count - tail.utf8.count
        try dir.write(head + String(repeating: "y", count: fill + 1) + tail, to: "over.swift")
        try dir.write(head + String(repeating: "y", count: 1000) + tail, to: "limit.swift")
        let output = try CLIRunner.run(["check", "over.swift", "limit.swift", "good.swift", "ok.xml"], in: dir, timeout: 120)
        #expect(output.status == 2, "\(output.stderr)")
        Self.expectOKFinding(output)
        Self.expectGoodSwiftFinding(output)
        #expect(
            Self.expectInputError(output, file: "over.swift")
                == "over.swift: error: the file has 10,000,001 bytes; focusaudit reads Swift sources of at most 10 MB (10,000,000 bytes), so it is not audited"
        )
        #expect(!output.stderr.contains("limit.swift"), "\(output.stderr.prefix(500))")
        #expect(output.stdout.contains("in 3 files (1 input error)"), "\(output.stdout.suffix(300))")
    }

    /// Swift sources nested deeply are read, in a debug build too, or refused with an input error
    /// that says why; never a crash. swift-syntax parses at most 256 nested brackets (20 in its debug
    /// build), and a chain of modifiers or `else if`s makes a deep tree without nesting brackets,
    /// which the recursive walks of a tree would follow off the end of a thread's stack (a chain of
    /// 5,000 `.padding()` crashed a debug build on the main thread's 8 MiB).
    @Test(arguments: [1, 2]) func deeplyNestedSwiftIsReadOrRefusedNeverACrash(jobs: Int) throws {
        let dir = try Self.directoryWithOK()
        try dir.write(Self.goodSwift, to: "good.swift")
        func view(_ name: String, _ body: String) -> String {
            "import SwiftUI\nstruct \(name): View {\n@State var x = 0\nvar body: some View {\n" + body + "\n}\n}\n"
        }
        // 240 stacks in one another, and a button with an unnamed image at the bottom: read.
        var stacks = "Button(action: {}) { Image(systemName: \"x\") }"
        for _ in 0..<240 { stacks = "VStack {\n" + stacks + "\n}" }
        try dir.write(view("Stacks", stacks), to: "stacks.swift")
        // 400 modifiers after the same button: read.
        try dir.write(
            view("Modifiers", "Button(action: {}) { Image(systemName: \"x\") }" + String(repeating: ".padding()", count: 400)),
            to: "modifiers.swift")
        // 300 brackets in one another: more than the parser reads.
        try dir.write(
            view("Brackets", "Text(\"a\").padding(" + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300) + ")"),
            to: "brackets.swift")
        // 3,000 modifiers, and 2,500 `else if`s: trees deeper than 2,000.
        try dir.write(view("Chain", "Text(\"a\")" + String(repeating: ".padding()", count: 3000)), to: "chain.swift")
        let branches = (1..<2500).map { " else if x == \($0) { Text(\"\($0)\") }" }.joined()
        try dir.write(view("Branches", "Group {\nif x == 0 { Text(\"0\") }" + branches + "\n}"), to: "branches.swift")
        let output = try CLIRunner.run(["check", ".", "--jobs", "\(jobs)"], in: dir, timeout: 300)
        #expect(output.status == 2, "\(output.stderr.prefix(2000))")
        Self.expectOKFinding(output)
        Self.expectGoodSwiftFinding(output)
        for (file, line) in [("stacks.swift", 245), ("modifiers.swift", 5)] {
            let found = Self.lines(output.stdout).contains { $0.hasPrefix("\(file):\(line):") && $0.hasSuffix(" [symbol_only_label]") }
            #expect(found, "\(file) was not audited:\n\(output.stdout.prefix(2000))\n\(output.stderr.prefix(2000))")
        }
        #expect(
            Self.expectInputError(output, file: "brackets.swift")
                == "brackets.swift:5:272: error: brackets nest more than 256 levels deep here; focusaudit reads Swift sources "
                + "nested at most 256 levels, so the file is not audited")
        for (file, line) in [("chain.swift", 5), ("branches.swift", 6)] {
            let error = Self.expectInputError(output, file: file) ?? ""
            #expect(
                error.hasPrefix("\(file):\(line):") && error.contains(": error: the code here is nested more than 2000 syntax levels deep")
                    && error.hasSuffix("so the file is not audited"), "\(error)")
        }
        #expect(output.stdout.contains("(3 input errors)"), "\(output.stdout.suffix(300))")
    }

    /// An input named by bytes that are not UTF-8 is an input error for that argument, shown by
    /// its bytes as the walk shows such names; the other inputs are still audited. The file is never
    /// read under another name.
    @Test func anInputArgumentThatIsNotUTF8IsAnInputErrorAndTheOthersAreAudited() throws {
        let dir = try Self.directoryWithOK()
        // The same bytes with U+FFFD in place of the bad one: what Swift would read the argument as.
        try dir.write(Self.okXML, to: "i\u{FFFD}.xml")
        for format in ["text", "json"] {
            let output = try CLIRunner.run(
                ["-c", #"exec "$0" check "$(printf 'i\376.xml')" ok.xml --format "$1""#, CLIRunner.executable.path, format], in: dir,
                program: URL(fileURLWithPath: "/bin/sh"))
            #expect(output.status == 2, "\(output.stderr)")
            if format == "text" {
                Self.expectOKFinding(output)
                #expect(
                    Self.expectInputError(output, file: #"i\xFE.xml"#)
                        == #"i\xFE.xml: error: the name is not valid UTF-8, so focusaudit cannot read or report it; rename it"#)
                #expect(!output.stdout.contains("i\u{FFFD}.xml"), "\(output.stdout)")
            } else {
                #expect(output.stdout.contains(#""file": "i\\xFE.xml""#), "\(output.stdout.prefix(2000))")
                #expect(output.stdout.contains(#""file": "ok.xml""#))
            }
        }
        // After `--`, and in the quick parse as in argument-parser's (`--jobs 2` takes the slow one).
        let dashed = try CLIRunner.run(
            ["-c", #"exec "$0" check --jobs 2 ok.xml -- "$(printf 'x\377')""#, CLIRunner.executable.path], in: dir,
            program: URL(fileURLWithPath: "/bin/sh"))
        #expect(dashed.status == 2, "\(dashed.stderr)")
        Self.expectOKFinding(dashed)
        #expect(
            Self.expectInputError(dashed, file: #"x\xFF"#)?.hasSuffix("the name is not valid UTF-8, so focusaudit cannot read or report it; rename it") == true)
    }
}
