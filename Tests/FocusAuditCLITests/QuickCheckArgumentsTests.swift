import ArgumentParser
import TestSupport
import Testing

@testable import FocusAuditCLI

/// The fast reading of `check` command lines must agree with swift-argument-parser wherever it
/// answers, and must answer on the command lines hooks and CI use.
@Suite struct QuickCheckArgumentsTests {
    /// What argument-parser makes of `arguments`: the check options, or nil when it does not
    /// parse them into a `check` (an error, help, another command).
    static func general(_ arguments: [String]) -> CheckOptions? {
        guard let command = try? FocusAuditCommand.parseAsRoot(arguments) else { return nil }
        return (command as? Check)?.options
    }

    static let common: [[String]] = [
        ["check", "Samples/messenger-broken.xml"],
        ["check", "a.xml", "b.json", "Main.storyboard", "Sources"],
        ["check", "--format", "json", "a.xml"],
        ["check", "--format=sarif", "--strict", "a.xml"],
        ["check", "--jobs", "1", "--no-color", "--verbose", "a.xml"],
        ["check", "--jobs=2", "--report", "sarif:out.sarif", "--report", "junit:out/junit.xml", "dir"],
        ["check", "--config", "ci/.focusaudit.yml", "--baseline", "base.json", "a.xml"],
        ["check", "--write-baseline", "base.json", "--allow-empty", "--skip-non-descriptions"],
        ["check", "--max-restore-delay", "1.5", "--transition=0.35", "--uikit-focus", "none", "a.xml"],
        ["check", "--uikit-focus=system", "--progress", "--format", "html", "a.xml"],
        ["check", "--max-restore-delay=0", "--transition", "2", "a.xml", "--strict"],
        ["check"],
    ]

    @Test func commonCommandLinesTakeTheFastPathWithTheSameOptions() throws {
        for arguments in Self.common {
            let quick = try #require(QuickCheckArguments.parse(arguments), "not taken: \(arguments)")
            let general = try #require(Self.general(arguments), "argument-parser refused \(arguments)")
            #expect(quick == general, "\(arguments)")
        }
    }

    @Test func unusualCommandLinesAreLeftToArgumentParser() {
        let unusual: [[String]] = [
            [], ["--version"], ["--help"], ["help", "check"], ["check", "--help"], ["check", "-h"],
            ["check", "help"], ["check", "--", "a.xml"], ["check", "-"], ["check", "--format", "yaml", "a.xml"],
            ["check", "--format"], ["check", "--jobs", "0", "a.xml"], ["check", "--jobs", "two"],
            ["check", "--jobs", "-1"], ["check", "--strict", "--strict"], ["check", "--format", "json", "--format", "text"],
            ["check", "--strict=yes"], ["check", "--transition", "-0.5"], ["check", "--max-restore-delay", "inf"],
            ["check", "--max-restore-delay", "nan"], ["check", "--report", "nope"], ["check", "--report", "json:"],
            ["check", "--config="], ["check", "--unknown"], ["check", "--generate-completion-script", "bash"],
            ["check", ""], ["simulate", "a.xml"], ["rules"], ["Check", "a.xml"],
        ]
        for arguments in unusual {
            #expect(QuickCheckArguments.parse(arguments) == nil, "\(arguments)")
        }
    }

    /// Random command lines made of options, values and paths, well-formed or not: wherever the
    /// fast path answers, argument-parser gives the same options.
    @Test func randomCommandLinesAgreeWithArgumentParser() {
        let pieces = [
            "a.xml", "dir", "b.json", "help", "-", "--", "-h", "--help", "--strict", "--verbose", "--no-color",
            "--skip-non-descriptions", "--allow-empty", "--progress", "--format", "json", "text", "html", "yaml",
            "--format=sarif", "--jobs", "3", "0", "-2", "x", "--jobs=1", "--config", "c.yml", "--baseline", "b.txt",
            "--write-baseline", "w.txt", "--max-restore-delay", "0.5", "1e400", "--transition", "0.35",
            "--transition=", "--uikit-focus", "none", "system", "--uikit-focus=all", "--report", "sarif:s.sarif",
            "junit:", "--report=json:r.json", "--version", "--strict=1", "check", "=", "--=x", "--config=a=b",
        ]
        var generator = SplitMix(seed: 27)
        var answered = 0
        for _ in 0..<800 {
            var arguments = ["check"]
            for _ in 0..<Int(generator.next() % 7) { arguments.append(pieces[Int(generator.next() % UInt64(pieces.count))]) }
            guard let quick = QuickCheckArguments.parse(arguments) else { continue }
            answered += 1
            #expect(quick == Self.general(arguments), "\(arguments)")
        }
        #expect(answered > 80)
    }
}
