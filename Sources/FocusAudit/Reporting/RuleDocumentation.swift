/// The documentation page of a rule, generated from its metadata: `docs/rules/<id>.md` and the
/// output of `focusaudit explain`. A test fails when a committed page differs from this text.
public enum RuleDocumentation {
    /// The page; `showingMessages` false leaves out the messages the triggering examples pin
    /// (SARIF's rule help, which sits beside the real findings' messages and stays the same bytes
    /// when an example's message is pinned).
    public static func markdown(for rule: RuleDescription, showingMessages: Bool = true) -> String {
        func messages(_ example: RuleExample) -> String { showingMessages ? pinnedMessages(of: example) : "" }
        var out = "# \(rule.id)\n\n"
        out += "**\(rule.name)** · default severity: \(rule.severity.rawValue) · impact: \(rule.impact.rawValue)"
        out += rule.isOptIn ? " · opt-in\n\n" : "\n\n"
        out += rule.summary + "\n\n"
        if rule.isOptIn {
            out += "**Opt-in:** this rule runs only when `.focusaudit.yml` turns it on, with "
            out += "`opt_in_rules: [\(rule.id)]` (at its default severity) or under `rules:` "
            out += "(`\(rule.id): warning`).\n\n"
        }
        out += "## Why it matters\n\n" + rule.rationale + "\n\n"
        out += "## How to fix it\n\n" + rule.fix + "\n\n"
        if !rule.triggeringExamples.isEmpty {
            out += "## Reported\n\n"
            out += "`↓` marks where each finding points.\n\n"
            for example in rule.triggeringExamples {
                out += "```xml\n" + example.code + "\n```\n\n" + messages(example)
            }
        }
        if !rule.nonTriggeringExamples.isEmpty {
            out += "## Not reported\n\n"
            for example in rule.nonTriggeringExamples {
                out += "```xml\n" + example.code + "\n```\n\n"
            }
        }
        switch rule.swiftUI {
        case .examples(let triggering, let nonTriggering)?:
            out += "## In SwiftUI source\n\n"
            if !triggering.isEmpty {
                out += "Reported (`↓` marks where each finding points):\n\n"
                for example in triggering { out += "```swift\n" + example.code + "\n```\n\n" + messages(example) }
            }
            if !nonTriggering.isEmpty {
                out += "Not reported:\n\n"
                for example in nonTriggering { out += "```swift\n" + example.code + "\n```\n\n" }
            }
        case .notApplicable(let reason)?:
            out += "## In SwiftUI source\n\n" + reason + "\n\n"
        case nil:
            break
        }
        out += "## References\n\n"
        for reference in rule.references { out += "- \(reference)\n" }
        if rule.references.isEmpty {
            out +=
                rule.purpose == .correctness
                ? "No WCAG success criterion: it checks that the description itself is sound.\n"
                : "No WCAG success criterion: a best practice.\n"
        }
        out += "\nTags: " + rule.tags.map { "`\($0)`" }.joined(separator: ", ") + "\n\n"
        out += "## Silencing it\n\n"
        out += "Put `<!-- focusaudit:disable \(rule.id) -->` right before the element (JSON: "
        out += "`\"focusauditDisable\": [\"\(rule.id)\"]` on the object), or set its severity in `.focusaudit.yml`.\n"
        return out
    }
}

extension RuleDocumentation {
    /// The messages a triggering example pins, as the user reads them, under its code; nothing when
    /// it pins none.
    static func pinnedMessages(of example: RuleExample) -> String {
        guard !example.messages.isEmpty else { return "" }
        let lead: String
        switch (example.messages.count, example.markers.count) {
        case (1, 1): lead = "The message:"
        case (let pinned, let markers) where pinned == markers: lead = "The messages, in the order of the `↓`:"
        case (1, _): lead = "The message at the first `↓`:"
        case (let pinned, _): lead = "The messages at the first \(pinned) `↓`, in order:"
        }
        return lead + "\n\n```text\n" + example.messages.joined(separator: "\n") + "\n```\n\n"
    }

    /// The page's file name under `docs/rules/`.
    public static func fileName(for rule: RuleDescription) -> String { "\(rule.id).md" }

    /// Writes every rule's page into `directory`; returns the paths written.
    public static func write(to directory: String) throws(InputError) -> [String] {
        var written: [String] = []
        for rule in RuleRegistry.descriptions {
            let path = directory + "/" + fileName(for: rule)
            try TextFile.write(markdown(for: rule), to: path)
            written.append(path)
        }
        return written
    }
}
