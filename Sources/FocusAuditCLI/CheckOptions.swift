import ArgumentParser
import FocusAudit

/// The options of `check` as plain values: read from `Check`'s parsed properties, or straight from
/// the command line by `QuickCheckArguments`.
struct CheckOptions: Equatable {
    var paths: [String] = []
    var config: String?
    var baseline: String?
    var writeBaseline: String?
    var format: ReportFormat = .text
    var strict = false
    var maxRestoreDelay: Double?
    var transition: Double?
    var uikitFocus: UIKitFocus?
    var jobs: Int?
    var verbose = false
    var noColor = false
    var skipNonDescriptions = false
    var allowEmpty = false
    var progress = false
    var reports: [ReportRequest] = []
}

/// Reads the common `check` command lines without swift-argument-parser, whose parse reflects over
/// every option and looks up protocol conformances among all of the executable's types (several
/// thousand, most of them swift-syntax's): on a small file that took over half of the whole run's
/// instructions. Anything out of the ordinary — another command, help, `--`, a short option, an
/// unknown or repeated option, a value that starts with `-`, is empty or does not convert, a value
/// that fails validation — is left to argument-parser (`nil`), which then reports it as usual. The
/// tests compare both on many command lines, so the two agree wherever this one answers.
enum QuickCheckArguments {
    /// The options of `arguments` (without the program name), or nil to parse them the general way.
    static func parse(_ arguments: [String]) -> CheckOptions? {
        guard arguments.first == "check" else { return nil }
        var options = CheckOptions()
        var seen: Set<String> = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                // A positional argument; `help` is left alone in case it is read as a command.
                guard !argument.isEmpty, argument != "help" else { return nil }
                options.paths.append(argument)
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            // Each option or flag at most once (`--report` may repeat).
            if name != "--report" {
                guard seen.insert(name).inserted else { return nil }
            }
            if let flag = Flag(rawValue: name) {
                guard value == nil else { return nil }
                switch flag {
                case .strict: options.strict = true
                case .verbose: options.verbose = true
                case .noColor: options.noColor = true
                case .skipNonDescriptions: options.skipNonDescriptions = true
                case .allowEmpty: options.allowEmpty = true
                case .progress: options.progress = true
                }
                continue
            }
            guard optionNames.contains(name) else { return nil }
            if value == nil {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard let text = value, !text.isEmpty, !text.hasPrefix("-") else { return nil }
            switch name {
            case "--config": options.config = text
            case "--baseline": options.baseline = text
            case "--write-baseline": options.writeBaseline = text
            case "--format":
                guard let format = ReportFormat(argument: text) else { return nil }
                options.format = format
            case "--max-restore-delay":
                guard let seconds = Double(argument: text) else { return nil }
                options.maxRestoreDelay = seconds
            case "--transition":
                guard let seconds = Double(argument: text) else { return nil }
                options.transition = seconds
            case "--uikit-focus":
                guard let focus = UIKitFocus(argument: text) else { return nil }
                options.uikitFocus = focus
            case "--jobs":
                guard let jobs = Int(argument: text) else { return nil }
                options.jobs = jobs
            case "--report":
                guard let request = ReportRequest(argument: text) else { return nil }
                options.reports.append(request)
            default:
                return nil
            }
        }
        guard (try? options.validate()) != nil else { return nil }
        return options
    }

    private enum Flag: String {
        case strict = "--strict"
        case verbose = "--verbose"
        case noColor = "--no-color"
        case skipNonDescriptions = "--skip-non-descriptions"
        case allowEmpty = "--allow-empty"
        case progress = "--progress"
    }

    /// The options of `check` that take a value.
    static let optionNames: Set<String> = [
        "--config", "--baseline", "--write-baseline", "--format", "--max-restore-delay", "--transition",
        "--uikit-focus", "--jobs", "--report",
    ]
}

extension CheckOptions {
    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxRestoreDelay, !(maxRestoreDelay >= 0) || !maxRestoreDelay.isFinite {
            throw ValidationError("--max-restore-delay must be zero or more seconds")
        }
        if let transition, !(transition >= 0) || !transition.isFinite {
            throw ValidationError("--transition must be zero or more seconds")
        }
    }

    func run() throws {
        var configuration = Configuration()
        let file = try loadConfiguration(config)
        try checkOutputPaths(configurationFile: file)
        file?.apply(to: &configuration)
        if strict { configuration.strict = true }
        if let maxRestoreDelay { configuration.maxRestoreDelay = maxRestoreDelay }
        if let transition { configuration.transition = transition }
        if let uikitFocus { configuration.uikitFocus = uikitFocus }
        if let jobs { configuration.jobs = jobs }
        // Keep only what findings need: the HTML report draws its maps from the edges a compact
        // graph keeps, and lists the journeys that lose focus, which it keeps too.
        configuration.keepsJourneys = false
        // Journeys that lose focus without a rule reporting them are kept only for an HTML report,
        // which counts and lists every one.
        configuration.keepsLostJourneys = format == .html || reports.contains { $0.format == .html }
        if skipNonDescriptions { configuration.skipNonDescriptions = true }
        var inputs = paths
        if inputs.isEmpty {
            inputs = file?.includedPaths ?? []
            guard !inputs.isEmpty else {
                throw ValidationError("name the files or directories to audit, or list them under `included` in .focusaudit.yml")
            }
        }
        let progressLine = progressDisplay()
        progressLine?.start()
        var result = Auditor.audit(
            paths: inputs, configuration: configuration, registry: Readers.registry(configuration), progress: progressLine,
            namesNotUTF8: ArgumentBytes.inputsNotUTF8)
        progressLine?.finish()
        var status: Int32 = 0
        if verbose {
            for skipped in result.files where skipped.skipped {
                writeError("\(Escaping.terminal(skipped.file)): skipped: \(Escaping.terminal(skipped.skipReason ?? "not a description"))")
            }
        }
        if !allowEmpty, let message = result.emptyRunMessage(paths: inputs) {
            writeError(message)
            status = 2
        }
        if let writeBaseline {
            // The findings just recorded are accepted: they are reported as baselined.
            let text = Baseline.render(result)
            status = max(status, write(text, to: writeBaseline))
            result = result.applying(Baseline(fingerprints: Set(Fingerprint.of(result.files.flatMap(\.findings)))))
        }
        if let path = baseline ?? file?.baselinePath {
            do {
                result = result.applying(try Baseline.load(path: path))
            } catch {
                writeError(TextReporter.line(for: error))
                throw ExitCode(2)
            }
        }
        if format == .text {
            for error in result.inputErrors { writeError(TextReporter.line(for: error)) }
        }
        let plain = ReportOptions(jobs: configuration.jobs)
        var options = file?.reportOptions(plain) ?? plain
        options.color = format == .text && useColor(disabled: noColor)
        options.verbose = verbose
        // Reports stream through a buffer, so a report of tens of thousands of findings is never
        // held whole; standard output is complete before any report file is written.
        let out = ReportWriter(descriptor: Platform.standardOutput)
        format.write(result, options: options, to: out)
        out.flush()
        if let error = out.error { recordOutputFailure(error) }
        status = max(status, result.exitStatus(strict: configuration.strict))
        for request in reports {
            let options = file?.reportOptions(plain) ?? plain
            status = max(status, write(request.format, result, options: options, to: request.path))
        }
        // The process ends right after this: the operating system takes its memory back at once,
        // while freeing a large app's model object by object first would cost a noticeable share
        // of the run.
        keepUntilExit(result)
        if status != 0 { throw ExitCode(status) }
    }

    /// The progress line: with --progress always; otherwise on a terminal, outside CI, and when
    /// standard error is a terminal that can move the cursor.
    private func progressDisplay() -> ProgressLine? {
        let terminal = Platform.isTerminal(Platform.standardError) && Platform.environment("TERM") != "dumb"
        if progress { return ProgressLine(descriptor: Platform.standardError, inPlace: terminal) }
        let ci = Platform.environment("CI").map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        guard terminal, !ci else { return nil }
        return ProgressLine(descriptor: Platform.standardError, inPlace: true)
    }

    /// A usage error when two outputs name one file, or an output names an input.
    private func checkOutputPaths(configurationFile file: ConfigurationFile?) throws {
        var outputs = reports.map { (option: "--report", path: $0.path) }
        if let writeBaseline { outputs.insert((option: "--write-baseline", path: writeBaseline), at: 0) }
        // An input named by bytes that are not UTF-8 is never read, nor written.
        var inputs = paths.isEmpty ? file?.includedPaths ?? [] : paths.filter { ArgumentBytes.inputsNotUTF8[$0] == nil }
        // The configuration in use is an input whether it was named or found (`.focusaudit.yml` in
        // this directory or one above): a report over it would change the next run's rules.
        if let path = file?.path ?? config { inputs.append(path) }
        // Rewriting the baseline in use is how it is refreshed; a report over it is not.
        if let baselinePath = baseline ?? file?.baselinePath {
            if let writeBaseline, TextFile.sameFile(writeBaseline, baselinePath) {
                if let clash = reports.first(where: { TextFile.sameFile($0.path, baselinePath) }) {
                    throw ValidationError("--report '\(clash.path)' is the baseline of this run and would be overwritten; write it elsewhere")
                }
            } else {
                inputs.append(baselinePath)
            }
        }
        if let message = TextFile.conflict(outputs: outputs, inputs: inputs) { throw ValidationError(message) }
    }

    /// Writes a report file atomically; 2 when it cannot be written.
    private func write(_ text: String, to path: String) -> Int32 {
        writeFile(to: path) { $0.write(text) }
    }

    /// Streams a report file atomically; 2 when it cannot be written.
    private func write(_ format: ReportFormat, _ result: AuditResult, options: ReportOptions, to path: String) -> Int32 {
        writeFile(to: path) { format.write(result, options: options, to: $0) }
    }

    private func writeFile(to path: String, _ body: (ReportWriter) -> Void) -> Int32 {
        do {
            try TextFile.write(to: path, body)
            return 0
        } catch {
            writeError(TextReporter.line(for: error))
            return 2
        }
    }
}
