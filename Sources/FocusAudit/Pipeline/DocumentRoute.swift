extension Auditor {
    /// Audits a document read from several source files, and returns one audit per file that holds
    /// any of its elements (in the order of `document.files`), each with the findings that point into
    /// that file. The navigation graph and the journeys, which belong to the app as a whole, go with
    /// the first of them.
    ///
    /// The builder sees each element at a position of its own (its number in document order), which is
    /// mapped back to the element's file, line and column once the findings are made, so every rule
    /// works unchanged on elements from many files.
    public static func audit(document: DescriptionDocument, configuration: Configuration) -> [FileAudit] {
        var origins: [SourceOrigin] = [document.appOrigin]
        func place(_ origin: SourceOrigin) -> SourceLocation {
            origins.append(origin)
            return SourceLocation(line: origins.count, column: 1)
        }
        let name = document.files.first ?? "app"
        // A document is read once: every leaf with an id is kept (`Configuration.foldsIDLeaves`).
        var configuration = configuration
        configuration.foldsIDLeaves = false
        let run = FileRun(file: name, configuration: configuration, vocabulary: document.vocabulary)
        let builder = DescriptionBuilder(dialect: .xml, fileName: name, sink: run)
        let appLocation = SourceLocation(line: 1, column: 1)
        let app = document.appAttributes.map { Attribute(name: $0.name, value: .string($0.value)) }
        app.withUnsafeBufferPointer { builder.startApp(attributes: $0, location: appLocation) }

        func emit(_ element: DescriptionElement) {
            for comment in element.comments { builder.comment(comment.text, location: place(comment.origin)) }
            let attributes = element.attributes.map { Attribute(name: $0.name, value: .string($0.value)) }
            let location = place(element.origin)
            attributes.withUnsafeBufferPointer {
                builder.startElement(name: element.name, attributes: $0, location: location)
            }
            if let text = element.text { builder.text(text) }
            for child in element.children { emit(child) }
            builder.endElement()
        }
        for screen in document.screens { emit(screen) }
        builder.endElement()
        let orphans = builder.finish()
        let outcome = ReadOutcome(
            diagnostics: builder.diagnostics, orphanSuppressions: orphans, fileSuppressions: [])
        let whole = run.finish(outcome)
        return split(whole, document: document, origins: origins, configuration: configuration)
    }

    /// A message that names another element's line (`… at line 12`) names its line in its own file.
    private static func relocated(_ message: String, origins: [SourceOrigin], file: Int, files: [String]) -> String {
        let marker = " at line "
        guard message.contains(marker) else { return message }
        let parts = message.split(separator: marker, omittingEmptySubsequences: false)
        var out = String(parts[0])
        for part in parts.dropFirst() {
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard let n = Int(digits), n >= 1, n <= origins.count else {
                out += marker + part
                continue
            }
            let origin = origins[n - 1]
            out +=
                origin.file == file
                ? marker + String(origin.location.line)
                : " at \(files[origin.file]):\(origin.location.line)"
            out += part[digits.endIndex...]
        }
        return out
    }

    /// Maps each finding back to its file and position, applies the files' `disable-file` comments
    /// (each to its own file), and makes one audit per file.
    private static func split(
        _ whole: FileAudit, document: DescriptionDocument, origins: [SourceOrigin], configuration: Configuration
    ) -> [FileAudit] {
        var perFile = [[Finding]](repeating: [], count: document.files.count)
        var used = [[Bool]](repeating: [], count: document.fileSuppressions.count)
        for (i, suppression) in document.fileSuppressions.enumerated() {
            used[i] = [Bool](repeating: false, count: suppression.rules.count)
        }
        for finding in whole.findings {
            let line = finding.location.line
            let origin = line >= 1 && line <= origins.count ? origins[line - 1] : document.appOrigin
            var mapped = finding
            mapped.location = origin.location
            mapped.file = document.files[origin.file]
            mapped.message = relocated(finding.message, origins: origins, file: origin.file, files: document.files)
            var silenced = false
            for (i, suppression) in document.fileSuppressions.enumerated() where suppression.origin.file == origin.file {
                if let r = suppression.rules.firstIndex(of: finding.rule) {
                    used[i][r] = true
                    silenced = true
                }
            }
            if !silenced { perFile[origin.file].append(mapped) }
        }
        for suppression in document.fileSuppressions {
            for problem in suppression.problems {
                perFile[suppression.origin.file].append(
                    Finding(
                        rule: RuleID.invalidDescription,
                        severity: configuration.severity(of: RuleID.invalidDescription, default: .error),
                        file: document.files[suppression.origin.file], location: suppression.origin.location,
                        element: ElementPath.app, message: problem))
            }
        }
        if configuration.isEnabled(RuleID.superfluousSuppression) {
            let severity = configuration.severity(of: RuleID.superfluousSuppression, default: .warning)
            for (i, suppression) in document.fileSuppressions.enumerated() {
                for (r, rule) in suppression.rules.enumerated()
                where !used[i][r] && configuration.isEnabled(rule) {
                    perFile[suppression.origin.file].append(
                        Finding(
                            rule: RuleID.superfluousSuppression, severity: severity,
                            file: document.files[suppression.origin.file], location: suppression.origin.location,
                            element: ElementPath.app,
                            message: SuperfluousSuppressionRule.fileCommentSilencesNothing(rule: rule)))
                }
            }
        }
        var audits: [FileAudit] = []
        for (index, file) in document.files.enumerated() {
            var audit = FileAudit(file: file)
            audit.appName = whole.appName
            audit.language = whole.language
            audit.transition = whole.transition
            audit.findings = FindingList(
                perFile[index].sorted { ($0.location, $0.rule, $0.element) < ($1.location, $1.rule, $1.element) })
            if index == 0 {
                audit.graph = whole.graph
                audit.journeys = whole.journeys
            }
            audits.append(audit)
        }
        return audits
    }
}

// MARK: - Writing XML
