import ArgumentParser
import FocusAudit
import FocusAuditSwiftUI

/// The `focusaudit` executable: commands parse flags and call the FocusAudit library.
///
/// Every command names itself in its configuration: argument-parser otherwise derives the name
/// from the type name by reflection, several times per run, which costs more at start-up than
/// auditing a small file.
@main
struct FocusAuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focusaudit",
        abstract: "Audit UI descriptions of iOS apps for lost VoiceOver focus and other accessibility problems.",
        discussion: """
            Exit status: 0 no failing findings; 1 failing findings (errors, and warnings with --strict); \
            2 a usage error or an input that could not be read or is not well-formed.
            """,
        version: FocusAudit.version,
        subcommands: [Check.self, Simulate.self, Export.self, Rules.self, Explain.self, Init.self],
        defaultSubcommand: nil
    )

    /// Runs a command the way CI expects: usage errors exit with 2 (not argument-parser's 64),
    /// help and version with 0.
    static func main() {
        // A reader that goes away (`| head`) makes writes fail with EPIPE instead of killing the
        // process, so report files are still finished; the run then exits with 2.
        Platform.ignoreBrokenPipe()
        Platform.unblockTerminationSignals()
        let arguments = ArgumentBytes.read()
        var running: ParsableCommand.Type?
        do {
            if arguments == ["--version"] {
                // What argument-parser prints, without its start-up (VersionTests checks it).
                writeOut(FocusAudit.version + "\n")
            } else if let options = QuickCheckArguments.parse(arguments) {
                running = Check.self
                try options.run()
            } else {
                var command = try parseAsRoot(arguments)
                running = type(of: command)
                try command.run()
            }
            exitAfterOutputFailure(0)
        } catch let error as ValidationError where running != nil {
            // A usage problem found while running (not while parsing, which argument-parser reports
            // itself): said with the usage of the command that was run, not the top-level one.
            let command = running!
            let name = command.configuration.commandName.map { " " + $0 } ?? ""
            writeError(
                "Error: \(error.message)\nUsage: \(usageString(for: command))\n  See 'focusaudit\(name) --help' for more information.")
            Platform.exitProcess(2)
        } catch let exit as ExitCode {
            exitAfterOutputFailure(exit.rawValue)
            Platform.exitProcess(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Platform.exitProcess(0)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty { writeError(message) }
            Platform.exitProcess(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue == 0 ? 0 : 2)
        }
    }
}

/// The command line read from its bytes. Arguments reach Swift with invalid UTF-8 replaced by
/// U+FFFD, so a path that is not UTF-8 would be read or written under another name. An input of
/// `check` (a positional argument) named that way is an input error of its own, shown by its
/// bytes as the directory walk shows such names, and the other inputs are still audited (as a
/// compiler or a linter reports a file it cannot open and goes on with the others); it is passed on
/// as a stand-in that no real argument can equal (it holds a NUL byte). Any other such argument (an
/// option's value: a report or configuration path; or an argument of another command) is a usage
/// error, shown by its bytes, before anything is read or written.
enum ArgumentBytes {
    /// Stand-ins of the inputs whose bytes are not UTF-8, with the bytes as reports show them.
    nonisolated(unsafe) static var inputsNotUTF8: [String: String] = [:]

    /// The arguments without the program name; exits with 2 on an argument that is not UTF-8 and is
    /// not an input of `check`.
    static func read() -> [String] {
        var arguments: [String] = []
        // Whether the next argument is an option's value, and whether `--` ended the options.
        var value = false
        var onlyInputs = false
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            var bytes: [UInt8] = []
            var k = 0
            while pointer[k] != 0 {
                bytes.append(UInt8(bitPattern: pointer[k]))
                k += 1
            }
            let isCheck = arguments.first == "check"
            if let text = String(validating: bytes, as: UTF8.self) {
                if isCheck, !onlyInputs {
                    if value {
                        value = false
                    } else if text == "--" {
                        onlyInputs = true
                    } else if QuickCheckArguments.optionNames.contains(text) {
                        value = true
                    }
                }
                arguments.append(text)
                continue
            }
            let shown = FileDiscovery.displayName(bytes: bytes)
            if isCheck, !value, onlyInputs || bytes.first != 0x2D {
                let standIn = "\u{0}argument \(index)"
                inputsNotUTF8[standIn] = shown
                arguments.append(standIn)
                continue
            }
            writeError(
                "focusaudit: error: the argument '\(shown)' is not valid UTF-8, so focusaudit cannot read, write or report a path it names; rename it"
            )
            Platform.exitProcess(2)
        }
        return arguments
    }
}

/// The first failed write to standard output, if any.
nonisolated(unsafe) private var standardOutputFailure: Errno?

/// Records a failed write to standard output; later output is not attempted.
func recordOutputFailure(_ code: Int32) {
    if standardOutputFailure == nil { standardOutputFailure = Errno(code) }
}

/// When a write to standard output failed, says so on standard error and exits with 2 (or the
/// higher `status`); otherwise returns.
func exitAfterOutputFailure(_ status: Int32) {
    guard let failure = standardOutputFailure else { return }
    writeError("focusaudit: error: cannot write to standard output: \(failure.text)")
    Platform.exitProcess(max(status, 2))
}

/// What a command built, kept alive until the process ends instead of being freed piece by piece.
nonisolated(unsafe) private var keptUntilExit: [Any] = []

func keepUntilExit(_ value: Any) {
    keptUntilExit.append(value)
}

func writeError(_ text: String) {
    var line = text
    if !line.hasSuffix("\n") { line += "\n" }
    Platform.writeAll(Platform.standardError, line)
}

func writeOut(_ text: String) {
    guard standardOutputFailure == nil else { return }
    let error = Platform.writeAll(Platform.standardOutput, text)
    if error != 0 { recordOutputFailure(error) }
}

/// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org) or TERM is dumb.
func useColor(disabled: Bool) -> Bool {
    if disabled { return false }
    if let noColor = Platform.environment("NO_COLOR"), !noColor.isEmpty { return false }
    if Platform.environment("TERM") == "dumb" { return false }
    return Platform.isTerminal(Platform.standardOutput)
}

extension ReportFormat: ExpressibleByArgument {}
extension UIKitFocus: ExpressibleByArgument {}

/// `--report FORMAT:PATH`.
struct ReportRequest: ExpressibleByArgument, Equatable {
    var format: ReportFormat
    var path: String

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"),
            let format = ReportFormat(rawValue: String(argument[..<colon]))
        else { return nil }
        let path = String(argument[argument.index(after: colon)...])
        guard !path.isEmpty else { return nil }
        self.format = format
        self.path = path
    }

    static var defaultCompletionKind: CompletionKind { .file() }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Audit description files, or directories searched recursively for .xml, .json, .storyboard, .xib and .swift files.",
        discussion: """
            Directories are searched recursively for .xml and .json descriptions, Interface Builder \
            .storyboard and .xib files and SwiftUI .swift source (any case), leaving out hidden \
            directories, .build, .swiftpm, DerivedData, node_modules, Pods, Carthage and SourcePackages. \
            A file found that way \
            that is not a description (a JUnit results.xml, a package.json) is skipped and counted in \
            the summary; a file named on the command line that is not one is an input error (exit 2), \
            unless --skip-non-descriptions is given. A .xml or .json file that is not well-formed is \
            an input error however it was found.
            """)

    @Argument(
        help:
            "Description files (.xml, .json), storyboards and xibs, SwiftUI .swift files, or directories to search (default: `included` from .focusaudit.yml)."
    )
    var paths: [String] = []

    @Option(help: "Configuration file (default: the nearest .focusaudit.yml from the current directory up).")
    var config: String?

    @Option(help: "Report only findings not recorded in this baseline file.")
    var baseline: String?

    @Option(help: "Record this run's findings in a baseline file.")
    var writeBaseline: String?

    @Option(help: "Output format for standard output: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Option(help: "Longest acceptable restore-delay in seconds (excessive_restoration_delay).")
    var maxRestoreDelay: Double?

    @Option(help: "Transition length in seconds for descriptions that do not give one.")
    var transition: Double?

    @Option(
        help: ArgumentHelp(
            "What UIKit does with VoiceOver focus on a pop back to a storyboard or xib screen: system (returns it to the activated control) or none.",
            valueName: "system|none"))
    var uikitFocus: UIKitFocus?

    @Option(
        help:
            "Number of files audited at once (default: the number of cores); with one file and more than one job, it is read on one core and checked on another. Output does not depend on it."
    )
    var jobs: Int?

    @Flag(
        help:
            "After the text summary line, list how many findings each rule has; list the files skipped as not descriptions, with the reason, on standard error."
    )
    var verbose = false

    @Flag(help: "Never colour the text output.")
    var noColor = false

    @Flag(
        help:
            "Skip named files that are not descriptions (an asset catalog's Contents.json, a package.json, a property list) instead of failing; for hooks that pass every changed file. A .xml or .json file that is not well-formed still fails."
    )
    var skipNonDescriptions = false

    @Flag(help: "Accept a run that finds no description to audit (by default it is an error, exit status 2).")
    var allowEmpty = false

    @Flag(help: "Show a progress line on standard error after a second, even when it is not a terminal or in CI (by default only on a terminal, outside CI).")
    var progress = false

    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Also write a report to a file, as FORMAT:PATH (repeatable), e.g. --report sarif:focusaudit.sarif.",
            valueName: "format:path"))
    var reports: [ReportRequest] = []

    /// The parsed values, as the fast path for common `check` command lines makes them too.
    var options: CheckOptions {
        CheckOptions(
            paths: paths, config: config, baseline: baseline, writeBaseline: writeBaseline, format: format, strict: strict,
            maxRestoreDelay: maxRestoreDelay, transition: transition, uikitFocus: uikitFocus, jobs: jobs, verbose: verbose,
            noColor: noColor, skipNonDescriptions: skipNonDescriptions, allowEmpty: allowEmpty, progress: progress,
            reports: reports)
    }

    func validate() throws {
        try options.validate()
    }

    func run() throws {
        try options.run()
    }
}

/// The named configuration file, or the nearest `.focusaudit.yml`; a bad one exits with 2.
func loadConfiguration(_ explicit: String?) throws -> ConfigurationFile? {
    let path: String?
    if let explicit {
        path = explicit
    } else {
        let cwd = Platform.currentDirectory ?? "."
        path = ConfigurationFile.find(from: cwd).map { relative($0, to: cwd) }
    }
    guard let path else { return nil }
    do {
        return try ConfigurationFile.load(path: path)
    } catch {
        // Every problem of the file at once, so one run shows all there is to fix.
        for problem in error.all { writeError(TextReporter.line(for: problem)) }
        throw ExitCode(2)
    }
}

/// `path` relative to `directory` when it lies inside it, so reports show short paths.
func relative(_ path: String, to directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a commented .focusaudit.yml with the defaults.")

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        let path = ConfigurationFile.fileName
        if !force && Platform.pathExists(path) {
            writeError("\(path): error: already exists; use --force to replace it")
            throw ExitCode(2)
        }
        do {
            try TextFile.write(ConfigurationFile.template, to: path)
        } catch {
            writeError(TextReporter.line(for: error))
            throw ExitCode(2)
        }
        writeOut("wrote \(path)\n")
    }
}

struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Print every simulated journey (activate, go, return) and where VoiceOver focus lands.",
        discussion: "Takes a description file, or SwiftUI .swift files and directories, which are read together as one app.")

    @Argument(help: "A description file, or SwiftUI source files and directories.")
    var files: [String]

    @Flag(help: "Show only the journeys that lose focus.")
    var lostOnly = false

    @Option(help: "Transition length in seconds for descriptions that do not give one.")
    var transition: Double?

    @Option(help: ArgumentHelp("What UIKit does with VoiceOver focus on a pop back to a storyboard or xib screen.", valueName: "system|none"))
    var uikitFocus: UIKitFocus?

    @Option(help: "Configuration file (default: the nearest .focusaudit.yml from the current directory up), read as check reads it.")
    var config: String?

    func run() throws {
        var configuration = Configuration()
        // The same layering as check: defaults, then the configuration file, then flags.
        try loadConfiguration(config)?.apply(to: &configuration)
        if let transition { configuration.transition = transition }
        if let uikitFocus { configuration.uikitFocus = uikitFocus }
        let result = Auditor.audit(paths: files, configuration: configuration, registry: Readers.registry(configuration))
        if let error = result.inputErrors.first {
            writeError(TextReporter.line(for: error))
            throw ExitCode(2)
        }
        var text = ""
        for audit in result.files where !audit.skipped && !(audit.journeys.isEmpty && audit.graph.screens.isEmpty) {
            text += SimulationReporter.render(audit, lostOnly: lostOnly)
        }
        writeOut(text)
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the model read from SwiftUI source as a v1 XML description, to see what focusaudit understood.",
        discussion: """
            The files (and the .swift files under the directories) are read together as one app. Each element \
            is preceded by a comment with the file, line and column it was read from, and by what could not be \
            worked out statically. Auditing the export gives the same rules and element paths as auditing the \
            source.
            """)

    @Argument(help: "SwiftUI .swift files or directories.")
    var paths: [String]

    @Option(help: "Configuration file (default: the nearest .focusaudit.yml from the current directory up); its components: are used.")
    var config: String?

    func run() throws {
        var configuration = Configuration()
        try loadConfiguration(config)?.apply(to: &configuration)
        let reader = Readers.swiftUI(configuration)
        let result = Auditor.audit(paths: paths, configuration: configuration, registry: ReaderRegistry([ExportProbe()]))
        var files: [ReaderFile] = []
        var status: Int32 = 0
        // As for `check`: a file found in a directory that declares no view (a model, a router) is
        // skipped; only one named on the command line is an error.
        let named = Set(paths.compactMap(FileDiscovery.namedFile))
        for audit in result.files {
            if let error = audit.error {
                writeError(TextReporter.line(for: error))
                status = 2
            } else if audit.file.lowercased().hasSuffix(".swift") {
                files.append(ReaderFile(path: audit.file, explicit: named.contains(audit.file)))
            }
        }
        let reading = reader.read(files: files, configuration: configuration)
        for (_, unread) in reading.unread.sorted(by: { $0.key < $1.key }) {
            if let error = unread.error {
                writeError(TextReporter.line(for: error))
                status = 2
            }
        }
        writeOut(reading.document.xml())
        if status != 0 { throw ExitCode(status) }
    }
}

/// Collects the Swift files a run would read, without reading them (for `export`).
private struct ExportProbe: DescriptionReader {
    let name = "SwiftUI source"
    let fileExtensions: Set<String> = ["swift"]
    func audit(files: [ReaderFile], configuration: Configuration) -> [FileAudit] {
        files.map { FileAudit(file: $0.path) }
    }
}

/// The readers the executable plugs into the library.
enum Readers {
    static func swiftUI(_ configuration: Configuration) -> SwiftUIReader {
        SwiftUIReader()
    }

    static func registry(_ configuration: Configuration) -> ReaderRegistry {
        ReaderRegistry([swiftUI(configuration)])
    }
}

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "List the rules with their default severity.")

    @Option(help: ArgumentHelp("Write each rule's documentation page into this directory.", valueName: "directory"))
    var writeDocs: String?

    func run() throws {
        if let writeDocs {
            do {
                for path in try RuleDocumentation.write(to: writeDocs) { writeOut(path + "\n") }
            } catch {
                writeError(TextReporter.line(for: error))
                throw ExitCode(2)
            }
            return
        }
        let descriptions = RuleRegistry.descriptions.sorted { $0.id < $1.id }
        let width = descriptions.map(\.id.count).max() ?? 0
        for rule in descriptions {
            let padded = rule.id + String(repeating: " ", count: width - rule.id.count)
            let severity = rule.severity.rawValue + String(repeating: " ", count: 7 - rule.severity.rawValue.count)
            let impact = rule.impact.rawValue + String(repeating: " ", count: 8 - rule.impact.rawValue.count)
            writeOut("\(padded)  \(severity)  \(impact)  \(rule.isOptIn ? "(opt-in) " : "")\(rule.summary)\n")
        }
    }
}

struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a rule: what it reports, why, how to fix it, with examples.")

    @Argument(help: "A rule id, as listed by `focusaudit rules`.")
    var ruleID: String

    func run() throws {
        guard let rule = RuleRegistry.description(for: ruleID) else {
            let close = RuleRegistry.closestIDs(to: ruleID)
            let suggestion =
                close.isEmpty ? "" : " Did you mean \(close.map { "'\($0)'" }.joined(separator: ", or "))?"
            throw ValidationError("unknown rule '\(ruleID)'.\(suggestion) `focusaudit rules` lists them all.")
        }
        writeOut(RuleDocumentation.markdown(for: rule))
    }
}
