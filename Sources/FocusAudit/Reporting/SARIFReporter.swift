/// SARIF 2.1.0 for code-scanning services (GitHub code scanning and others). Rule metadata comes
/// from the rule descriptions; results carry regions in Unicode code points and stable
/// `partialFingerprints`, so findings are tracked across commits even when lines move.
public enum SARIFReporter: Reporter {
    static let fingerprintKey = "focusaudit/v1"

    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        renderText(result, options: options)
    }

    public static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter) {
        let rules = RuleRegistry.descriptions.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        out.write("{\n")
        out.write("  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n")
        out.write("  \"version\": \"2.1.0\",\n")
        out.write("  \"runs\": [\n    {\n")
        out.write("      \"tool\": {\n        \"driver\": {\n")
        out.write("          \"name\": \"focusaudit\",\n")
        out.write("          \"version\": \(string(options.toolVersion)),\n")
        out.write("          \"semanticVersion\": \(string(options.toolVersion)),\n")
        out.write("          \"rules\": [")
        for (i, rule) in rules.enumerated() {
            out.write(i == 0 ? "\n" : ",\n")
            out.write("            {\"id\": \(string(rule.id)), \"name\": \(string(pascal(rule.id))), ")
            out.write("\"shortDescription\": {\"text\": \(string(rule.summary))}, ")
            out.write("\"fullDescription\": {\"text\": \(string(rule.rationale))}, ")
            out.write("\"help\": {\"text\": \(string(rule.summary + "\n\n" + rule.fix)), ")
            out.write("\"markdown\": \(string(RuleDocumentation.markdown(for: rule, showingMessages: false)))}, ")
            if let base = options.docsURL {
                out.write("\"helpUri\": \(string(base.hasSuffix("/") ? base + rule.id + ".md" : base + "/" + rule.id + ".md")), ")
            }
            out.write("\"defaultConfiguration\": {\(rule.isOptIn ? "\"enabled\": false, " : "")\"level\": \(string(level(rule.severity)))}, ")
            out.write("\"properties\": {\"impact\": \(string(rule.impact.rawValue)), \"tags\": [")
            out.write(rule.tags.map(string).joined(separator: ", "))
            out.write("]}}")
        }
        out.write("\n          ]\n        }\n      },\n")
        out.write("      \"columnKind\": \"unicodeCodePoints\",\n")
        let errors = result.inputErrors.sorted { $0.file < $1.file }
        out.write("      \"invocations\": [{\"executionSuccessful\": \(errors.isEmpty), \"toolExecutionNotifications\": [")
        for (i, error) in errors.enumerated() {
            out.write(i == 0 ? "\n" : ",\n")
            out.write("        {\"level\": \"error\", \"message\": {\"text\": \(string(error.message))}, \"locations\": [{\"physicalLocation\": ")
            out.write("{\"artifactLocation\": {\"uri\": \(string(uri(error.file)))}")
            if let location = error.location {
                out.write(", \"region\": {\"startLine\": \(location.line), \"startColumn\": \(location.column)}")
            }
            out.write("}}]}")
        }
        out.write(errors.isEmpty ? "]}],\n" : "\n      ]}],\n")
        out.write("      \"results\": [")
        var ranks = Fingerprint.Ranks()
        var first = true
        for file in result.filesInReportOrder {
            // Every finding of a file has the file's name, so its URI is encoded once.
            var lastFile: String?
            var fileURI = ""
            for finding in file.findings {
                out.write(first ? "\n" : ",\n")
                first = false
                if finding.file != lastFile {
                    lastFile = finding.file
                    fileURI = uri(finding.file)
                }
                out.write("        {\"ruleId\": ")
                out.writeJSONString(finding.rule)
                if let index = ruleIndex[finding.rule] {
                    out.write(", \"ruleIndex\": ")
                    out.write(index)
                }
                out.write(finding.severity == .error ? ", \"level\": \"error\"" : ", \"level\": \"warning\"")
                out.write(", \"message\": {\"text\": ")
                out.writeJSONString(finding.message)
                out.write("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ")
                out.writeJSONString(fileURI)
                out.write("}, \"region\": {\"startLine\": ")
                out.write(finding.location.line)
                out.write(", \"startColumn\": ")
                out.write(finding.location.column)
                out.write("}}, \"logicalLocations\": [{\"fullyQualifiedName\": ")
                out.writeJSONString(finding.element)
                out.write(", \"kind\": \"element\"}]}], \"partialFingerprints\": {\"")
                out.write(fingerprintKey)
                out.write("\": \"")
                out.write(ranks.fingerprint(of: finding))
                out.write("\"}}")
            }
        }
        out.write(first ? "]\n" : "\n      ]\n")
        out.write("    }\n  ]\n}\n")
    }

    private static func string(_ text: String) -> String { "\"" + Escaping.json(text) + "\"" }

    private static func level(_ severity: Severity) -> String { severity == .error ? "error" : "warning" }

    private static func pascal(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference for a path: percent-encoded where URIs need it. A colon in the
    /// first segment of a relative path is encoded too (RFC 3986, section 4.2), so `Main:iPad.xml`
    /// is not read as the scheme `main:`.
    static func uri(_ path: String) -> String {
        var out = ""
        var firstSegment = !path.hasPrefix("/")
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte == 0x2F { firstSegment = false }
            if byte == 0x3A && firstSegment {
                out += "%3A"
            } else if c.isASCII && (c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c)) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
