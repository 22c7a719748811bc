/// One self-contained HTML page (no scripts, no network requests, nothing outside itself).
///
/// It opens on a summary, as accessibility checkers' reports do: findings by severity and by rule
/// (each rule linked to its explanation further down the page, and to its page under `docs_url`
/// when one is configured), then the files, those with findings or input errors first and the
/// clean ones one line each. A file's section lists its findings with a few source lines around
/// each (cut to a window of columns, so the page grows with the number of findings shown, never
/// with the length of a line), its simulated journeys, and its navigation map (`HTMLMap`).
///
/// A report about accessibility has to be accessible itself: landmarks, one `h1`, headings in
/// order, tables with header cells that become stacked rows on a narrow screen, `lang` on the
/// descriptions' own text when its language is known, and lost focus told by text and line style,
/// never by colour alone. The page stays readable with its style sheet blocked (a Content Security
/// Policy without `'unsafe-inline'`, such as Jenkins' default one): the map's colours and strokes
/// are SVG presentation attributes, and nothing needs a script.
public enum HTMLReporter: Reporter {
    public static func render(_ result: AuditResult, options: ReportOptions) -> String {
        renderText(result, options: options)
    }

    /// The attribute giving the descriptions' language, or nothing when it is unknown.
    static func contentLang(_ options: ReportOptions, file: FileAudit? = nil) -> String {
        guard let tag = file?.language ?? options.language, ReportOptions.isLanguageTag(tag) else { return "" }
        return " lang=\"\(tag)\""
    }

    public static func write(_ result: AuditResult, options: ReportOptions, to out: ReportWriter) {
        // Files in report order; those with findings or input errors first.
        let ordered = result.filesInReportOrder.filter { !$0.skipped }
        let withProblems = ordered.filter { $0.error != nil || !$0.findings.isEmpty }
        let clean = ordered.filter { $0.error == nil && $0.findings.isEmpty }
        let files = withProblems + clean
        func id(_ i: Int) -> String { "file-\(i + 1)" }

        // Findings by rule, and which of them are shown.
        var rules: [String: (severity: Severity, count: Int)] = [:]
        for file in files {
            file.findings.forEachBorrowed { f in
                let rule = String(decoding: f.rule, as: UTF8.self)
                let old = rules[rule]
                let severity: Severity = (old?.severity == .error || f.severity == .error) ? .error : f.severity
                rules[rule] = (severity, (old?.count ?? 0) + 1)
            }
        }
        let ruleOrder = rules.keys.sorted { a, b in
            let x = rules[a]!
            let y = rules[b]!
            if x.severity != y.severity { return x.severity == .error }
            if x.count != y.count { return x.count > y.count }
            return a < b
        }
        let total = rules.values.reduce(0) { $0 + $1.count }
        var limiter = Limiter(perRule: max(0, options.htmlFindingsPerRule), total: max(0, options.htmlMaxFindings))
        let shownTotal = ruleOrder.reduce(0) { $0 + min(rules[$1]!.count, limiter.perRule) }
        let limited = shownTotal > limiter.total || ruleOrder.contains { rules[$0]!.count > limiter.perRule }
        let errors = result.count(.error)
        let warnings = result.count(.warning)

        out.write(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>focusaudit report: \(TextReporter.plural(errors, "error")), \(TextReporter.plural(warnings, "warning"))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header><h1>focusaudit report</h1><p>\(Escaping.xml(TextReporter.summary(result))). focusaudit \(Escaping.xml(options.toolVersion)).</p></header>
            <nav aria-label="Contents"><ul class="contents"><li><a href="#summary">Summary</a></li><li><a href="#files">Files</a></li>
            """)
        if !ruleOrder.isEmpty { out.write("<li><a href=\"#rules\">Rules</a></li>") }
        out.write("</ul></nav>\n<main>\n")

        // Summary.
        out.write("<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n")
        out.write("<table class=\"stack\"><caption>Findings by severity</caption><thead><tr><th scope=\"col\">Severity</th>")
        out.write("<th scope=\"col\">Count</th></tr></thead><tbody>\n")
        out.write("<tr><th scope=\"row\">Errors</th><td data-label=\"Count\">\(errors)</td></tr>\n")
        out.write("<tr><th scope=\"row\">Warnings</th><td data-label=\"Count\">\(warnings)</td></tr>\n")
        out.write("<tr><th scope=\"row\">Inputs that could not be audited</th><td data-label=\"Count\">\(result.inputErrors.count)</td></tr>\n")
        out.write("</tbody></table>\n")
        if !ruleOrder.isEmpty {
            out.write("<table class=\"stack\"><caption>Findings by rule</caption><thead><tr><th scope=\"col\">Rule</th>")
            out.write("<th scope=\"col\">Severity</th><th scope=\"col\">Impact</th><th scope=\"col\">Findings</th>")
            if options.docsURL != nil { out.write("<th scope=\"col\">Documentation</th>") }
            out.write("</tr></thead><tbody>\n")
            for rule in ruleOrder {
                let (severity, count) = rules[rule]!
                out.write("<tr><th scope=\"row\"><a href=\"#rule-\(anchor(rule))\"><code>\(ruleName(rule))</code></a>")
                if let description = RuleRegistry.description(for: rule) {
                    out.write("<br><span class=\"name\">\(Escaping.xml(description.name))</span>")
                }
                out.write("</th><td data-label=\"Severity\">\(severity.rawValue)</td>")
                out.write("<td data-label=\"Impact\">\(RuleRegistry.impact(ofRule: rule).rawValue)</td><td data-label=\"Findings\">\(count)</td>")
                if let base = options.docsURL {
                    out.write("<td data-label=\"Documentation\"><a href=\"\(Escaping.xml(docsLink(base, rule)))\">")
                    out.write("<span class=\"visually-hidden\">\(Escaping.xml(rule)): </span>rule page</a></td>")
                }
                out.write("</tr>\n")
            }
            out.write("</tbody></table>\n")
        }
        if limited {
            out.write("<p class=\"note\" id=\"limit-note\"><strong>Not every finding is listed.</strong> This page lists the first ")
            out.write("\(limiter.perRule) findings of each rule and at most \(limiter.total) in all (\(min(shownTotal, limiter.total)) of \(total)); ")
            out.write("the counts above are complete. The JSON and SARIF reports (<code>--report json:PATH</code>, ")
            out.write("<code>--report sarif:PATH</code>) list every finding. The limits are set by <code>html_findings_per_rule</code> ")
            out.write("and <code>html_max_findings</code> in <code>.focusaudit.yml</code>.</p>\n")
        }
        out.write("</section>\n")

        // The list of files.
        out.write("<section id=\"files\" aria-labelledby=\"files-h\">\n<h2 id=\"files-h\">Files</h2>\n")
        if !withProblems.isEmpty {
            out.write("<ul class=\"files\">\n")
            for (i, file) in withProblems.enumerated() {
                out.write("<li><a href=\"#\(id(i))\">\(path(file.file))</a>: \(Escaping.xml(counts(file)))</li>\n")
            }
            out.write("</ul>\n")
        }
        if !clean.isEmpty {
            out.write("<details class=\"clean\"><summary>\(TextReporter.plural(clean.count, "file")) with no findings</summary><ul class=\"files\">\n")
            for (k, file) in clean.enumerated() {
                out.write("<li><a href=\"#\(id(withProblems.count + k))\">\(path(file.file))</a></li>\n")
            }
            out.write("</ul></details>\n")
        }
        if ordered.isEmpty { out.write("<p>No files were audited.</p>\n") }
        out.write("</section>\n")

        // Files with findings, each a section.
        for (i, file) in withProblems.enumerated() {
            out.write("<section class=\"file\" id=\"\(id(i))\" aria-labelledby=\"\(id(i))-h\">\n")
            out.write("<h2 id=\"\(id(i))-h\">\(path(file.file))</h2>\n")
            fileBody(file, id: id(i), options: options, limiter: &limiter, to: out)
            out.write("</section>\n")
        }
        // Clean files, one line each until opened.
        if !clean.isEmpty {
            out.write("<section class=\"clean-files\" aria-labelledby=\"clean-h\">\n<h2 id=\"clean-h\">Files with no findings</h2>\n")
            for (k, file) in clean.enumerated() {
                let fid = id(withProblems.count + k)
                out.write("<details class=\"file\" id=\"\(fid)\"><summary>\(path(file.file)): no findings")
                out.write("\(Escaping.xml(shape(file)))</summary>\n")
                fileBody(file, id: fid, options: options, limiter: &limiter, to: out)
                out.write("</details>\n")
            }
            out.write("</section>\n")
        }

        // What each rule means.
        if !ruleOrder.isEmpty {
            out.write("<section id=\"rules\" aria-labelledby=\"rules-h\">\n<h2 id=\"rules-h\">Rules</h2>\n")
            for rule in ruleOrder.sorted() {
                out.write("<section class=\"rule\" id=\"rule-\(anchor(rule))\" aria-labelledby=\"rule-\(anchor(rule))-h\">\n")
                guard let d = RuleRegistry.description(for: rule) else {
                    out.write("<h3 id=\"rule-\(anchor(rule))-h\"><code>\(ruleName(rule))</code></h3></section>\n")
                    continue
                }
                out.write("<h3 id=\"rule-\(anchor(rule))-h\"><code>\(ruleName(rule))</code>: \(Escaping.xml(d.name))</h3>\n")
                out.write(prose(d.summary))
                out.write("<h4>Why it matters</h4>\n" + prose(d.rationale))
                out.write("<h4>How to fix it</h4>\n" + prose(d.fix))
                if !d.references.isEmpty {
                    out.write("<h4>References</h4>\n<ul>")
                    for reference in d.references { out.write("<li>\(Escaping.xml(reference))</li>") }
                    out.write("</ul>\n")
                }
                if let base = options.docsURL {
                    out.write("<p><a href=\"\(Escaping.xml(docsLink(base, rule)))\">The rule's page, with examples</a></p>\n")
                }
                out.write("</section>\n")
            }
            out.write("</section>\n")
        }
        out.write("</main>\n<footer><p>Generated by focusaudit \(Escaping.xml(options.toolVersion)). ")
        out.write("Lines and columns count from 1; columns count Unicode characters.</p></footer>\n")
        out.write("</body>\n</html>\n")
    }

    /// Which findings are shown: the first `perRule` of each rule, at most `total` in all.
    struct Limiter {
        var perRule: Int
        var total: Int
        var shown: [String: Int] = [:]
        var shownTotal = 0

        mutating func admit(_ rule: String) -> Bool {
            let n = shown[rule, default: 0]
            guard n < perRule, shownTotal < total else { return false }
            shown[rule] = n + 1
            shownTotal += 1
            return true
        }
    }

    /// A rule's text, written in Markdown, as HTML: paragraphs, fenced code blocks and `code`.
    static func prose(_ markdown: String) -> String {
        var out = ""
        for (k, part) in markdown.split(separator: "```", omittingEmptySubsequences: false).enumerated() {
            if k % 2 == 1 {
                // A fenced block: its first line names the language.
                let body = part.drop { $0 != "\n" }.dropFirst()
                let code = body.hasSuffix("\n") ? body.dropLast() : body
                out += "<pre class=\"code\"><code>\(Escaping.xml(String(code)).replacing("&#10;", with: "\n"))</code></pre>\n"
                continue
            }
            for paragraph in part.split(separator: "\n\n") where !paragraph.allSatisfy(\.isWhitespace) {
                var html = ""
                for (j, piece) in paragraph.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
                    let text = Escaping.xml(String(piece)).replacing("&#10;", with: "\n")
                    // Inline code may be one long token (`UIFontMetrics.default.scaledFont(for:)`):
                    // it may wrap after a dot, never inside a name.
                    html += j % 2 == 1 ? "<code>\(text.replacing(".", with: ".<wbr>"))</code>" : text
                }
                out += "<p>\(html)</p>\n"
            }
        }
        return out
    }

    static func docsLink(_ base: String, _ rule: String) -> String {
        base.hasSuffix("/") ? base + rule + ".md" : base + "/" + rule + ".md"
    }

    /// Rule ids are snake_case; anything else is kept to letters, digits, `_` and `-`.
    static func anchor(_ text: String) -> String {
        String(
            text.unicodeScalars.map { ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" ? Character($0) : "-" })
    }

    /// A rule id with a break opportunity after each `_`, so that a long id wraps between its words.
    static func ruleName(_ rule: String) -> String {
        Escaping.xml(rule).replacing("_", with: "_<wbr>")
    }

    /// A path with break opportunities after each `/`, so that a long path wraps between its
    /// parts on a narrow screen rather than inside a word.
    static func path(_ text: String) -> String {
        Escaping.xml(text).replacing("/", with: "/<wbr>")
    }

    private static func counts(_ file: FileAudit) -> String {
        if file.error != nil { return "could not be audited" }
        let e = file.findings.count(of: .error)
        let w = file.findings.count(of: .warning)
        var parts: [String] = []
        if e > 0 { parts.append(TextReporter.plural(e, "error")) }
        if w > 0 { parts.append(TextReporter.plural(w, "warning")) }
        return parts.joined(separator: ", ")
    }

    /// ", 14 screens, 20 journeys" for a clean file's one line.
    private static func shape(_ file: FileAudit) -> String {
        let screens = file.graph.screens.count
        guard screens > 0 else { return "" }
        return ", " + TextReporter.plural(screens, "screen")
    }

    private static func fileBody(_ file: FileAudit, id: String, options: ReportOptions, limiter: inout Limiter, to out: ReportWriter) {
        if let error = file.error {
            let place = error.location.map { "line \($0.line), column \($0.column): " } ?? ""
            out.write("<p class=\"input-error\"><strong>Could not be audited:</strong> \(Escaping.xml(place + error.message))</p>\n")
            return
        }
        let lang = contentLang(options, file: file)
        var facts: [String] = []
        if let name = file.appName { facts.append("App <span\(lang)>\(Escaping.xml(name))</span>") }
        facts.append(TextReporter.plural(file.graph.screens.count, "screen"))
        facts.append("transition \(Escaping.xml(Format.seconds(file.transition)))")
        out.write("<p>\(facts.joined(separator: ", ")).</p>\n")
        if !file.findings.isEmpty {
            // Which findings are shown, then their source lines, read in one pass.
            var shown: [Int] = []
            var excerpts = SourceExcerpts()
            for i in file.findings.indices {
                let f = file.findings[i]
                if limiter.admit(f.rule) {
                    shown.append(i)
                    excerpts.request(line: f.location.line, column: f.location.column)
                }
            }
            var haveSource = false
            if !shown.isEmpty, case .success(let source) = ByteSource.open(path: file.file) {
                haveSource = excerpts.read(from: source)
            }
            out.write("<h3 id=\"\(id)-findings\">Findings</h3>\n")
            if shown.count < file.findings.count {
                out.write("<p class=\"note\">\(shown.count) of \(file.findings.count) findings shown (<a href=\"#limit-note\">why</a>).</p>\n")
            }
            if !shown.isEmpty {
                out.write("<ol class=\"findings\">\n")
                for i in shown {
                    let f = file.findings[i]
                    out.write("<li class=\"\(f.severity.rawValue)\"><p><strong class=\"badge\">\(f.severity.rawValue)</strong> ")
                    out.write("<span class=\"impact\">impact: \(RuleRegistry.impact(ofRule: f.rule).rawValue)</span> ")
                    out.write("<a href=\"#rule-\(anchor(f.rule))\"><code>\(ruleName(f.rule))</code></a> ")
                    out.write("at line \(f.location.line), column \(f.location.column)</p>\n")
                    out.write("<p class=\"message\">\(Escaping.xml(f.message))</p>\n")
                    out.write("<p class=\"path\">Element: <code>\(path(f.element))</code></p>\n")
                    if haveSource { excerpt(excerpts.lines(around: f.location.line, column: f.location.column), at: f.location, lang: lang, to: out) }
                    out.write("</li>\n")
                }
                out.write("</ol>\n")
            }
        }
        journeys(file, id: id, options: options, to: out)
        HTMLMap.write(file, id: id, options: options, to: out)
    }

    private static func excerpt(_ lines: [SourceExcerpts.Line], at location: SourceLocation, lang: String, to out: ReportWriter) {
        guard let first = lines.first?.number, let last = lines.last?.number else { return }
        // Lines wrap rather than scroll, so the listing is never a scroll region keyboard users
        // cannot reach; role="group" lets the label name it.
        out.write("<pre class=\"source\" role=\"group\" aria-label=\"Source lines \(first) to \(last)\"\(lang)>")
        for line in lines {
            let text = (line.cutBefore ? "…" : "") + Escaping.xml(line.text) + (line.cutAfter ? "…" : "")
            if line.number == location.line {
                out.write("<mark><span class=\"ln\" lang=\"en\">\(line.number) ▶</span> \(text)</mark>\n")
            } else {
                out.write("<span class=\"ln\">\(line.number)  </span> \(text)\n")
            }
        }
        out.write("</pre>\n")
    }

    private static func journeys(_ file: FileAudit, id: String, options: ReportOptions, to out: ReportWriter) {
        let limit = max(1, options.htmlFindingsPerRule)
        // Counted, then the first ones written, without a copy of the list (a large app's).
        let lost = file.journeys.reduce(0) { $0 + ($1.isLost ? 1 : 0) }
        // A compact graph (the command line's, which keeps only what findings need) has the journeys
        // that lose focus or are unreliable; a full one has every journey.
        let kept = file.graph.keepsJourneys ? file.journeys.count - lost : 0
        guard lost > 0 || kept > 0 else { return }
        out.write("<h3 id=\"\(id)-journeys\">Simulated journeys</h3>\n")
        out.write("<p>\(TextReporter.plural(lost, "journey")) losing focus")
        out.write(file.graph.keepsJourneys ? ", \(kept) returning it.</p>\n" : ".</p>\n")
        if lost > 0 {
            out.write("<ul class=\"journeys\">\n")
            var written = 0
            for journey in file.journeys where journey.isLost {
                if written == limit { break }
                written += 1
                let line = SimulationReporter.line(for: journey, in: file.graph)
                out.write("<li class=\"lost\"><strong>✗ Lost:</strong> \(Escaping.xml(line))</li>\n")
            }
            out.write("</ul>\n")
            if lost > limit { out.write("<p class=\"note\">The first \(limit) of \(lost) shown.</p>\n") }
        }
        if kept > 0 {
            out.write("<details><summary>\(TextReporter.plural(kept, "journey")) returning focus</summary><ul class=\"journeys\">\n")
            var written = 0
            for journey in file.journeys where !journey.isLost {
                if written == limit { break }
                written += 1
                out.write("<li>✓ \(Escaping.xml(SimulationReporter.line(for: journey, in: file.graph)))</li>\n")
            }
            out.write("</ul>")
            if kept > limit { out.write("<p class=\"note\">The first \(limit) of \(kept) shown.</p>") }
            out.write("</details>\n")
        }
    }

    static let style = """
        body{font-family:-apple-system,system-ui,"Segoe UI",sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#111;background:#fff;line-height:1.45;overflow-wrap:break-word;word-break:keep-all}
        a{color:#0645ad}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.95em}
        .contents{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;list-style:none;padding:0}
        table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #777;padding:.25rem .5rem;text-align:left;vertical-align:top}
        caption{text-align:left;font-weight:bold;padding:.25rem 0}
        .name{font-weight:normal}
        .note{border-left:.3rem solid #555;padding:.25rem .6rem;background:#f4f4f4}
        .findings{padding-left:1.5rem}.findings>li{margin:.75rem 0;padding:.5rem;border-left:.4rem solid #555}
        .findings>li.error{border-left-color:#a0001c}.findings>li.warning{border-left-color:#7a5200;border-left-style:dashed}
        .findings p{margin:.2rem 0}
        .badge{text-transform:uppercase;border:1px solid currentColor;padding:0 .3rem}
        .error .badge{color:#a0001c}.warning .badge{color:#6b4700}
        pre.code{background:#f4f4f4;padding:.5rem;white-space:break-spaces;overflow-wrap:break-word}
        pre.source{background:#f4f4f4;padding:.5rem;white-space:break-spaces;overflow-wrap:break-word;margin:.4rem 0}.ln{color:#444}
        mark{background:#fff3b0;color:#111;font-weight:bold}
        .journeys li.lost{color:#a0001c}.input-error{color:#a0001c}
        details>summary{cursor:pointer;padding:.2rem 0}details.file{margin:.3rem 0}
        .map{overflow:auto;border:1px solid #bbb;margin:.5rem 0;max-width:100%}
        .map svg{display:block;max-width:none}
        figure{margin:1rem 0}figcaption{font-weight:bold}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        @media (max-width:40rem){
        body{padding:.5rem}
        table.stack,table.stack thead,table.stack tbody,table.stack tr,table.stack th,table.stack td,table.stack caption{display:block}
        table.stack thead tr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        table.stack tr{border:1px solid #777;margin:.5rem 0}
        table.stack th,table.stack td{border:none;border-top:1px solid #ddd}
        table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:bold}
        .findings{padding-left:1.1rem}
        }
        """
}
