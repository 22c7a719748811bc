import Foundation
import Testing

/// The command-line contract of FORMAT.md ("Command-line contract"), checked from the text alone
/// as another tool's author would: recursive directory search, what is skipped and counted, what
/// is an input error wherever it was found, how exit statuses combine, summary counts, and output
/// that does not depend on `--jobs`.
@Suite struct ContractCommandTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A tree with descriptions two levels down, and non-descriptions of each kind FORMAT.md
    /// names: JSON whose `screens` is not an array, a top-level JSON array, XML whose root is not
    /// `<app>` (the name is case-sensitive).
    static func tree() throws -> URL {
        let dir = try CLIRunner.temporaryDirectory()
        for sub in ["a/b", "c"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try dir.write("{\"screens\": {}}\n", to: "a/notarray.json")
        try dir.write("[{\"screens\": []}]\n", to: "a/b/array.json")
        try dir.write("<App name=\"x\"><screen id=\"s\"/></App>\n", to: "c/upper.xml")
        // One warning (an unlabeled image), one error (an unnamed button).
        try dir.write("<app name=\"w\"><screen id=\"s\"><Image asset=\"x\"/></screen></app>\n", to: "a/b/warn.xml")
        try dir.write("{\"screens\": [{\"id\": \"s\", \"body\": [{\"view\": \"Button\"}]}]}\n", to: "c/err.json")
        return dir
    }

    @Test func directoriesAreSearchedRecursivelyAndNonDescriptionsSkippedAndCounted() throws {
        let dir = try Self.tree()
        let run = try CLIRunner.run(["check", "--format", "json", "."], in: dir)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let report = try Self.json(run.stdout)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["files"] as? Int == 2)
        #expect(summary["skipped"] as? Int == 3)
        #expect(summary["inputErrors"] as? Int == 0)
        #expect(summary["errors"] as? Int == 1 && summary["warnings"] as? Int == 1)
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(
            findings.map { "\($0["file"] ?? "?") \($0["rule"] ?? "?") \($0["line"] ?? "?"):\($0["column"] ?? "?")" }.sorted() == [
                "a/b/warn.xml image_missing_label 1:30", "c/err.json unlabeled_control 1:35",
            ])
        // Named on the command line, each non-description is an input error, and the description
        // named with it is still audited.
        for file in ["a/notarray.json", "a/b/array.json", "c/upper.xml"] {
            let named = try CLIRunner.run(["check", file, "c/err.json"], in: dir)
            #expect(named.status == 2, "\(file): \(named.stdout)\(named.stderr)")
            #expect(named.stderr.hasPrefix("\(file):1:1: error: "), "\(named.stderr)")
            #expect(named.stdout.contains("c/err.json:1:35: error: "), "\(named.stdout)")
        }
    }

    /// A `.xml` or `.json` file that is not well-formed is an input error however it was found:
    /// an empty file and a mismatched end tag deep in a directory. Exit status 2 wins over the
    /// failing findings of the other files, which are still reported and counted; input errors
    /// are listed in `errors` and counted in `summary.inputErrors`, not in `summary.errors`.
    @Test func brokenFilesFoundInDirectoriesAreInputErrorsAndTheRestIsStillAudited() throws {
        let dir = try Self.tree()
        try dir.write("", to: "c/empty.json")
        try dir.write("", to: "a/empty.xml")
        try dir.write("<app name=\"b\"><screen id=\"s\"></app>\n", to: "a/b/broken.xml")
        let run = try CLIRunner.run(["check", "--format", "json", "."], in: dir)
        #expect(run.status == 2, "\(run.stderr)")
        let report = try Self.json(run.stdout)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["inputErrors"] as? Int == 3)
        #expect(summary["errors"] as? Int == 1 && summary["warnings"] as? Int == 1)
        #expect(summary["files"] as? Int == 2 && summary["skipped"] as? Int == 3)
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.compactMap { $0["file"] as? String }.sorted() == ["a/b/broken.xml", "a/empty.xml", "c/empty.json"])
        #expect(errors.allSatisfy { ($0["line"] as? Int ?? 0) >= 1 && ($0["column"] as? Int ?? 0) >= 1 })
        // The text report: each input error as file:line:col: error:, on standard error.
        let text = try CLIRunner.run(["check", "."], in: dir)
        #expect(text.status == 2)
        for file in ["a/b/broken.xml:1:", "a/empty.xml:1:", "c/empty.json:1:"] {
            #expect(text.stderr.contains(file), "\(text.stderr)")
        }
        #expect(text.stdout.contains("c/err.json:1:35: error: "), "\(text.stdout)")
    }

    /// Exit status: 0 with warnings only, 1 under --strict (the warnings stay warnings in the
    /// summary), 1 with an error, 2 when an input error comes with either; invalid content is a
    /// finding (1), never 2.
    @Test func exitStatusesCombineAsTheContractSays() throws {
        let dir = try Self.tree()
        try dir.write("<app name=\"b\"><screen id=\"s\"></app>\n", to: "broken.xml")
        try dir.write("<app name=\"i\"><screen/></app>\n", to: "invalid.xml")
        try dir.write("<app name=\"k\"><screen id=\"s\"><Text>Hi</Text></screen></app>\n", to: "clean.xml")
        func status(_ arguments: [String]) throws -> Int32 { try CLIRunner.run(["check"] + arguments, in: dir).status }
        #expect(try status(["clean.xml"]) == 0)
        #expect(try status(["--strict", "clean.xml"]) == 0)
        #expect(try status(["a/b/warn.xml"]) == 0)
        #expect(try status(["--strict", "a/b/warn.xml"]) == 1)
        #expect(try status(["c/err.json"]) == 1)
        #expect(try status(["invalid.xml"]) == 1)
        #expect(try status(["clean.xml", "broken.xml"]) == 2)
        #expect(try status(["a/b/warn.xml", "broken.xml"]) == 2)
        #expect(try status(["--strict", "a/b/warn.xml", "broken.xml"]) == 2)
        #expect(try status(["c/err.json", "broken.xml"]) == 2)
        #expect(try status(["c/err.json", "no-such-file.xml"]) == 2)
        #expect(try status(["no-such-directory"]) == 2)
        let strict = try CLIRunner.run(["check", "--strict", "--format", "json", "a/b/warn.xml"], in: dir)
        let summary = try #require(try Self.json(strict.stdout)["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 1 && summary["errors"] as? Int == 0)
    }

    /// `--jobs N` changes nothing in the output, with input errors, skipped files and findings
    /// mixed, in the text and JSON formats.
    @Test func theJobCountDoesNotChangeTheOutput() throws {
        let dir = try Self.tree()
        try dir.write("", to: "c/empty.json")
        try dir.write("<app name=\"b\"><screen id=\"s\"></app>\n", to: "a/b/broken.xml")
        for format in ["text", "json"] {
            let runs = try ["1", "2", "5"].map { try CLIRunner.run(["check", "--format", format, "--jobs", $0, "."], in: dir) }
            for run in runs.dropFirst() {
                #expect(run.status == runs[0].status && run.status == 2)
                #expect(run.stdout == runs[0].stdout, "\(format)")
                #expect(run.stderr == runs[0].stderr, "\(format)")
            }
        }
    }

    /// Settings read literally: "the description's own transition wins over the config file's,
    /// which wins over 0.35; command-line flags win over the config file", and "a restoration is in
    /// time when restore-delay >= transition (equal passes); it is excessive when restore-delay >
    /// max". At every layer a delay equal to the value in force passes and one just under (or over
    /// the maximum) does not; a JSON description's own transition wins as an XML one's does.
    @Test func aDelayEqualToTheTransitionInForcePassesAtEveryLayer() throws {
        let dir = try CLIRunner.temporaryDirectory()
        func xml(_ transition: String?, _ delay: String) -> String {
            let t = transition.map { " transition=\"\($0)\"" } ?? ""
            return """
                <app name="x"\(t)>
                  <screen id="s" restore-focus="on-appear" restore-delay="\(delay)" capture="binding">
                    <NavigationLink id="a" destination="d" focus="a">A</NavigationLink>
                  </screen>
                  <screen id="d"/>
                </app>

                """
        }
        func json(_ transition: String?, _ delay: String) -> String {
            let t = transition.map { "\"transition\": \($0), " } ?? ""
            return """
                {\(t)"screens": [{"id": "s", "restoreFocus": "on-appear", "restoreDelay": \(delay), "capture": "binding",
                  "body": [{"view": "NavigationLink", "id": "a", "destination": "d", "focus": "a", "text": "A"}]}, {"id": "d"}]}

                """
        }
        var number = 0
        func rules(_ text: String, _ ext: String, _ flags: [String] = [], in directory: URL) throws -> [String] {
            number += 1
            let file = "f\(number).\(ext)"
            try directory.write(text, to: file)
            let run = try CLIRunner.run(["check", "--format", "json"] + flags + [file], in: directory)
            let findings = try #require(try Self.json(run.stdout)["findings"] as? [[String: Any]])
            return findings.compactMap { $0["rule"] as? String }
        }
        // Built-in default 0.35.
        #expect(try rules(xml(nil, "0.35"), "xml", in: dir) == [])
        #expect(try rules(json(nil, "0.35"), "json", in: dir) == [])
        #expect(try rules(xml(nil, "0.34"), "xml", in: dir) == ["missing_restoration_delay"])
        // The config file's transition and maximum replace the defaults.
        try dir.write("transition: 0.6\nmax_restore_delay: 2\n", to: ".focusaudit.yml")
        #expect(try rules(xml(nil, "0.6"), "xml", in: dir) == [])
        #expect(try rules(json(nil, "6E-1"), "json", in: dir) == [])
        #expect(try rules(xml(nil, "0.59"), "xml", in: dir) == ["missing_restoration_delay"])
        #expect(try rules(xml(nil, "0.35"), "xml", in: dir) == ["missing_restoration_delay"])
        #expect(try rules(xml(nil, "2"), "xml", in: dir) == [])
        #expect(try rules(xml(nil, "2.01"), "xml", in: dir) == ["excessive_restoration_delay"])
        // The description's own transition wins over the file, in XML and JSON.
        #expect(try rules(xml("0.2", "0.2"), "xml", in: dir) == [])
        #expect(try rules(json("0.2", "0.2"), "json", in: dir) == [])
        #expect(try rules(json("0.2", "0.19"), "json", in: dir) == ["missing_restoration_delay"])
        // Flags win over the file; the description's own transition still wins over the flag.
        #expect(try rules(xml(nil, "0.6"), "xml", ["--transition", "0.7"], in: dir) == ["missing_restoration_delay"])
        #expect(try rules(xml(nil, "0.7"), "xml", ["--transition", "0.7"], in: dir) == [])
        #expect(try rules(xml("0.2", "0.2"), "xml", ["--transition", "0.7"], in: dir) == [])
        #expect(try rules(xml(nil, "2"), "xml", ["--max-restore-delay", "1.9"], in: dir) == ["excessive_restoration_delay"])
        #expect(try rules(xml(nil, "1.9"), "xml", ["--max-restore-delay", "1.9"], in: dir) == [])
    }
}
