/// SARIF 2.1.0 for code-scanning services (GitHub code scanning and others). Rule metadata comes
/// from the rule descriptions; results carry regions in Unicode code points and stable
/// `partialFingerprints`, so findings are tracked across commits even when lines move.
public enum SARIFReporter: Reporter {
    static let fingerprintKey = "focusaudit/v1"

    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        let rules = RuleRegistry.descriptions.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var out = "{\n"
        out += "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
        out += "  \"version\": \"2.1.0\",\n"
        out += "  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n"
        out += "          \"name\": \"focusaudit\",\n"
        out += "          \"version\": \(string(options.toolVersion)),\n"
        out += "          \"semanticVersion\": \(string(options.toolVersion)),\n"
        out += "          \"rules\": ["
        for (i, rule) in rules.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "            {\"id\": \(string(rule.id)), \"name\": \(string(pascal(rule.id))), "
            out += "\"shortDescription\": {\"text\": \(string(rule.summary))}, "
            out += "\"fullDescription\": {\"text\": \(string(rule.rationale))}, "
            out += "\"help\": {\"text\": \(string(rule.summary + "\n\n" + rule.fix)), "
            out += "\"markdown\": \(string(RuleDocumentation.markdown(for: rule)))}, "
            if let base = options.docsURL {
                out += "\"helpUri\": \(string(base.hasSuffix("/") ? base + rule.id + ".md" : base + "/" + rule.id + ".md")), "
            }
            out += "\"defaultConfiguration\": {\"level\": \(string(level(rule.severity)))}, "
            out += "\"properties\": {\"tags\": [\"accessibility\", \"voiceover\"]}}"
        }
        out += "\n          ]\n        }\n      },\n"
        out += "      \"columnKind\": \"unicodeCodePoints\",\n"
        let errors = result.inputErrors.sorted { $0.file < $1.file }
        out += "      \"invocations\": [{\"executionSuccessful\": \(errors.isEmpty), \"toolExecutionNotifications\": ["
        for (i, error) in errors.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "        {\"level\": \"error\", \"message\": {\"text\": \(string(error.message))}, \"locations\": [{\"physicalLocation\": "
            out += "{\"artifactLocation\": {\"uri\": \(string(uri(error.file)))}"
            if let location = error.location {
                out += ", \"region\": {\"startLine\": \(location.line), \"startColumn\": \(location.column)}"
            }
            out += "}}]}"
        }
        out += errors.isEmpty ? "]}],\n" : "\n      ]}],\n"
        out += "      \"results\": ["
        let findings = result.findings
        let prints = Fingerprint.of(findings)
        for (i, finding) in findings.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            out += "        {\"ruleId\": \(string(finding.rule)), "
            if let index = ruleIndex[finding.rule] { out += "\"ruleIndex\": \(index), " }
            out += "\"level\": \(string(level(finding.severity))), "
            out += "\"message\": {\"text\": \(string(finding.message))}, "
            out += "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \(string(uri(finding.file)))}, "
            out += "\"region\": {\"startLine\": \(finding.location.line), \"startColumn\": \(finding.location.column)}}, "
            out += "\"logicalLocations\": [{\"fullyQualifiedName\": \(string(finding.element)), \"kind\": \"element\"}]}], "
            out += "\"partialFingerprints\": {\"\(fingerprintKey)\": \"\(prints[i])\"}}"
        }
        out += findings.isEmpty ? "]\n" : "\n      ]\n"
        out += "    }\n  ]\n}\n"
        return out
    }

    private static func string(_ text: String) -> String { "\"" + Escaping.json(text) + "\"" }

    private static func level(_ severity: Severity) -> String { severity == .error ? "error" : "warning" }

    private static func pascal(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI reference for a path: percent-encoded where URIs need it.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~/!$&'()*+,;=:@".contains(c)) {
                out.append(c)
            } else {
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
