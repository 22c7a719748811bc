import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// The description reader leaves a screen's plain leaves out of its store (`DescriptionBuilder`'s
/// `foldsClosedLeaf`): reports must be the same bytes with and without it, for every input.
@Suite struct PlainLeafFoldTests {
    /// A view of a random description, written as XML and as JSON.
    struct View {
        var type: String
        /// Attributes by their XML names, with values as they are written (strings; a few are
        /// numbers or booleans in JSON).
        var attributes: [(String, String)] = []
        var text: String?
        var children: [View] = []
        /// A rule silenced by a comment (`focusauditDisable`) before the view.
        var disable: String?

        static func jsonName(_ xml: String) -> String {
            var out = ""
            var upper = false
            for ch in xml {
                if ch == "-" {
                    upper = true
                } else {
                    out += upper ? ch.uppercased() : String(ch)
                    upper = false
                }
            }
            return out
        }

        func xml(_ out: inout String, depth: Int) {
            let pad = String(repeating: "  ", count: depth)
            if let disable { out += "\(pad)<!-- focusaudit:disable \(disable) -->\n" }
            out += "\(pad)<\(type)"
            for (name, value) in attributes { out += " \(name)=\"\(value)\"" }
            if text == nil && children.isEmpty {
                out += "/>\n"
                return
            }
            out += ">"
            if let text { out += text }
            if !children.isEmpty {
                out += "\n"
                for child in children { child.xml(&out, depth: depth + 1) }
                out += pad
            }
            out += "</\(type)>\n"
        }

        func json(_ out: inout String) {
            out += "{\"view\": \"\(type)\""
            if let disable { out += ", \"focusauditDisable\": [\"\(disable)\"]" }
            for (name, value) in attributes {
                let literal: String
                switch name {
                case "hidden", "on-tap", "decorative": literal = value
                case "line-limit", "minimum-scale-factor": literal = value
                default: literal = "\"\(value)\""
                }
                out += ", \"\(Self.jsonName(name))\": \(literal)"
            }
            if let text { out += ", \"text\": \"\(text)\"" }
            if !children.isEmpty {
                out += ", \"body\": ["
                for (i, child) in children.enumerated() {
                    if i > 0 { out += ", " }
                    child.json(&out)
                }
                out += "]"
            }
            out += "}"
        }
    }

    /// Random screens mixing plain rows and empty stacks with everything that must keep a leaf:
    /// attributes on it or above it, controls, one-element containers, hidden views, tab views,
    /// toolbars, suppressions before it or before its previous sibling, unknown attributes, blank
    /// and padded texts, the screen's first text.
    static func randomDescription(seed: UInt64, screens: Int) -> (xml: String, json: String) {
        var generator = SplitMix(seed: seed)
        func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
        let texts = [
            "Row 1", "Home tab", "Open button", "\u{AC00}\u{B098}", " padded ", "\u{A0}", "\u{A0}nbsp\u{A0}", "   ",
            "\u{3000}", "caf\u{E9}", "x",
        ]
        let labels = [
            "Row 1", "Open button", "Send", "Switch", "toggle", "Wi-Fi", " padded ", "   ", "", "\u{A0}x", "\u{BC84}\u{D2BC}", "Buttons",
            "x", "Row 2", "Help link", "\u{B9C1}\u{D06C} \u{C5F4}\u{AE30}",
        ]
        let controls = ["Button", "Link", "TextField", "Slider", "Picker", "SecureField", "Stepper"]
        // Texts of header texts and of controls named by their text, with and without their roles'
        // words, padded, computed.
        let shown = [
            "Row 1", "Send", "Open button", "Section heading", "Header", "\u{C81C}\u{BAA9}", "\u{BC84}\u{D2BC} \u{B204}\u{B974}\u{AE30}",
            "Switch", "Help link", " padded ", "\u{A0}x", "caf\u{E9}",
        ]
        let assets = ["photo-1", "photo-2", "\u{C0AC}\u{C9C4}", "a b"]
        let imageLabels = ["Photo 1", "Beach picture", "\u{BC14}\u{B2E4} \u{C0AC}\u{C9C4}", " padded ", "Row 2", "image"]
        let rules = ["unlabeled_control", "header_missing", "image_missing_label", "redundant_trait_in_label", "no_such_rule"]
        func leaf() -> View {
            switch below(37) {
            case 0..<8: return View(type: "Text", text: below(2) == 0 ? "Row \(below(100))" : texts[below(texts.count)])
            case 8..<11: return View(type: "VStack")
            case 11: return View(type: "Text", attributes: [("text", texts[below(texts.count)])])
            case 12: return View(type: "Text")
            case 13:
                let attribute = [
                    ("font", "fixed:12"), ("line-limit", "1"), ("id", "t\(below(3))"), ("label", "L"), ("hidden", "true"),
                    ("traits", "header"), ("focus", "f\(below(2))"), ("colour", "red"), ("decorative", "true"),
                    ("minimum-scale-factor", "0.5"),
                ][below(10)]
                return View(type: "Text", attributes: [attribute], text: texts[below(texts.count)])
            case 14: return View(type: "Image")
            case 15: return View(type: "Image", attributes: [("label", "Photo")])
            case 16: return View(type: "Button")
            case 17: return View(type: "Button", attributes: [("label", "Open button"), ("destination", "s\(below(screens))")])
            case 18: return View(type: "VStack", attributes: [[("id", "v"), ("hidden", "true"), ("children", "combine")][below(3)]])
            case 19: return View(type: "Label", text: "Open")
            case 20: return View(type: "Spacer")
            case 21: return View(type: "HStack", text: "stray")
            case 22: return View(type: "Toggle", attributes: [("label", "Wi-Fi")])
            case 23: return View(type: "Text", attributes: [("text", "   ")])
            // Labelled leaves: folded when the label is the name as it is and holds no role word.
            case 24, 25: return View(type: controls[below(controls.count)], attributes: [("label", labels[below(labels.count)])])
            case 26: return View(type: "Toggle", attributes: [("label", labels[below(labels.count)])])
            case 27, 28:
                return View(
                    type: ["Text", "Label"][below(2)], attributes: [("label", labels[below(labels.count)])],
                    text: below(3) == 0 ? nil : texts[below(texts.count)])
            case 29:
                return View(
                    type: controls[below(controls.count)], attributes: [("label", labels[below(labels.count)])], text: texts[below(texts.count)])
            // Header texts, controls named by their text, images with an asset: folded when their
            // name holds no role word and nothing else is set.
            case 31, 32:
                let traits = below(4) == 0 ? ["header selected", "button header", "header"][below(3)] : "header"
                return View(type: below(6) == 0 ? "Label" : "Text", attributes: [("traits", traits)], text: shown[below(shown.count)])
            case 33:
                let type = ["Button", "Button", "Toggle", "Link", "Picker"][below(5)]
                if below(3) == 0 { return View(type: type, attributes: [("text", shown[below(shown.count)])]) }
                return View(type: type, text: shown[below(shown.count)])
            case 34, 35:
                var attributes = [("asset", assets[below(assets.count)]), ("label", imageLabels[below(imageLabels.count)])]
                if below(4) == 0 {
                    attributes.append(
                        [("traits", "image"), ("traits", "header"), ("decorative", "true"), ("hint", "Opens"), ("id", "i\(below(3))")][below(5)])
                }
                if below(5) == 0 { attributes.swapAt(0, 1) }
                return View(type: "Image", attributes: below(6) == 0 ? [attributes[0]] : attributes, text: below(8) == 0 ? "stray" : nil)
            default:
                // A labelled leaf with one thing more.
                let more = [("id", "b\(below(3))"), ("hint", "Opens"), ("on-tap", "true"), ("traits", "button"), ("hidden", "true"), ("destination", "s0")]
                let types = controls + ["Toggle", "Text", "Label"]
                return View(type: types[below(types.count)], attributes: [("label", labels[below(labels.count)]), more[below(more.count)]])
            }
        }
        func container(depth: Int) -> View {
            let types = ["VStack", "List", "VStack", "List", "TabView", "Toolbar", "Group", "Button", "Section", "ScrollView", "MyRow"]
            var view = View(type: types[below(types.count)])
            switch below(16) {
            case 0: view.attributes = [("id", "c\(below(4))")]
            case 1: view.attributes = [[("hidden", "true"), ("children", "combine"), ("label", "Group label")][below(3)]]
            case 2: view.attributes = [[("font", "fixed:11"), ("line-limit", "1"), ("minimum-scale-factor", "0.5")][below(3)]]
            case 3: view.attributes = [("children", "contain")]
            default: break
            }
            for _ in 0..<(1 + below(view.attributes.isEmpty ? 16 : 5)) {
                var child = depth < 3 && below(4) == 0 ? container(depth: depth + 1) : leaf()
                if below(12) == 0 { child.disable = rules[below(rules.count)] }
                view.children.append(child)
            }
            return view
        }
        var xml = "<app name=\"Fold\">\n"
        var json = "{\"name\": \"Fold\", \"screens\": [\n"
        for s in 0..<screens {
            var body: [View] = []
            for _ in 0..<(1 + below(4)) { body.append(below(3) == 0 ? leaf() : container(depth: 0)) }
            if below(2) == 0 {
                // A list of rows, mostly plain, among the other views.
                var list = View(type: below(2) == 0 ? "List" : "LazyVStack")
                // An id on the list leaves its rows plain.
                if below(3) == 0 { list.attributes = [("id", "list\(below(2))")] }
                for _ in 0..<(5 + below(30)) {
                    var row: View
                    switch below(12) {
                    case 0, 1: row = leaf()
                    case 2: row = View(type: (controls + ["Label"])[below(controls.count + 1)], attributes: [("label", "Row \(below(1000))")])
                    case 9:
                        row = View(type: "Text", attributes: [("traits", "header")], text: below(4) == 0 ? shown[below(shown.count)] : "Title \(below(1000))")
                    case 10: row = View(type: "Button", text: below(4) == 0 ? shown[below(shown.count)] : "Send \(below(1000))")
                    case 11:
                        row = View(
                            type: "Image",
                            attributes: [
                                ("asset", "photo-\(below(1000))"), ("label", below(4) == 0 ? imageLabels[below(imageLabels.count)] : "Photo \(below(1000))"),
                            ])
                    case 3: row = View(type: "Text", attributes: [("label", "r\(below(1000))")], text: "Row \(below(1000))")
                    case 4:
                        // A row with an id, folded unless its id meets another of the screen's: mostly
                        // ids of their own, sometimes ids that meet (one ASCII K, one Kelvin sign; a
                        // precomposed and a decomposed Hangul syllable), one of the list's or a
                        // container's, or one with characters a path escapes.
                        let ids = [
                            "r\(below(100_000))", "r\(below(100_000))", "r\(below(100_000))", "r\(below(3))", "K", "\u{212A}",
                            "\u{AC00}", "\u{1100}\u{1161}", "list0", "c1", "a/b[1]",
                        ]
                        row = View(type: "Text", attributes: [("id", ids[below(below(2) == 0 ? ids.count : 3)])], text: "Row \(below(1000))")
                    default: row = View(type: "Text", text: "Row \(below(1000))")
                    }
                    if below(20) == 0 { row.disable = rules[below(rules.count)] }
                    if below(4) == 0 {
                        // A row in a stack of its own, which is folded when the row is.
                        var stack = View(type: ["HStack", "VStack", "Group"][below(3)])
                        if below(6) == 0 { stack.attributes = [("id", "row")] }
                        stack.children.append(row)
                        if below(3) == 0 { stack.children.append(below(2) == 0 ? leaf() : View(type: "Text", text: "Detail")) }
                        row = stack
                    }
                    list.children.append(row)
                }
                body.insert(list, at: below(body.count + 1))
            }
            let title = below(2) == 0 ? " title=\"Screen \(s)\"" : ""
            let defaultFocus = below(4) == 0 ? " default-focus=\"f\(below(2))\"" : ""
            xml += "<screen id=\"s\(s)\"\(title)\(defaultFocus)>\n"
            for view in body { view.xml(&xml, depth: 1) }
            xml += "</screen>\n"
            if s > 0 { json += ",\n" }
            json += "{\"id\": \"s\(s)\""
            if !title.isEmpty { json += ", \"title\": \"Screen \(s)\"" }
            if !defaultFocus.isEmpty { json += ", \"defaultFocus\": \"f\(below(2))\"" }
            json += ", \"body\": ["
            for (i, view) in body.enumerated() {
                if i > 0 { json += ", " }
                view.json(&json)
            }
            json += "]}"
        }
        xml += "</app>\n"
        json += "\n]}\n"
        return (xml, json)
    }

    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Every report format's bytes, and each file's simulation, of an audit of `paths`.
    static func reports(_ paths: [String], folds: Bool, jobs: Int, configuration: Configuration = Configuration()) -> [String] {
        var configuration = configuration
        configuration.foldsPlainLeaves = folds
        configuration.jobs = jobs
        let result = Auditor.audit(paths: paths, configuration: configuration)
        return ReportFormat.allCases.map { $0.render(result) } + result.files.map { SimulationReporter.render($0) }
    }

    /// The sample descriptions, the fixtures, every conformance case and random descriptions
    /// give the same report bytes in every format, and the same simulations, with plain leaves
    /// folded and kept, read on one thread and on two.
    @Test func foldedPlainLeavesGiveTheSameReportsAsKeptOnes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fold-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for seed in 0..<40 {
            let (xml, json) = Self.randomDescription(seed: UInt64(seed), screens: 1 + seed % 6)
            try xml.write(to: dir.appendingPathComponent("r\(seed).xml"), atomically: true, encoding: .utf8)
            try json.write(to: dir.appendingPathComponent("r\(seed).json"), atomically: true, encoding: .utf8)
        }
        let paths = [
            Self.root.appendingPathComponent("Samples").path, Self.root.appendingPathComponent("Tests/fixtures").path,
            Self.root.appendingPathComponent("Tests/conformance/cases").path, dir.path,
        ]
        // One larger file alone, which two jobs read and check on two threads.
        let (xml, json) = Self.randomDescription(seed: 99, screens: 400)
        let alone = dir.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        try xml.write(to: alone.appendingPathComponent("large.xml"), atomically: true, encoding: .utf8)
        try json.write(to: alone.appendingPathComponent("large.json"), atomically: true, encoding: .utf8)
        // Role words of the run's own, which a folded control's label must not hold, and the rule
        // that reads them turned off, with every opt-in rule on.
        var ownWords = Configuration()
        ownWords.roleWords = ["button": ["Row", "send"], "toggle": ["Wi"]]
        var withoutRoles = Configuration.everyRule
        withoutRoles.severities[RuleID.redundantTraitInLabel] = .some(nil)
        let random = [dir.path]
        for (jobs, paths, configuration) in [
            (1, paths, Configuration()), (2, paths, Configuration()), (2, [alone.appendingPathComponent("large.xml").path], Configuration()),
            (2, [alone.appendingPathComponent("large.json").path], Configuration()), (1, random, ownWords), (2, random, withoutRoles),
        ] {
            let kept = Self.reports(paths, folds: false, jobs: jobs, configuration: configuration)
            let folded = Self.reports(paths, folds: true, jobs: jobs, configuration: configuration)
            #expect(kept.count == folded.count)
            for (k, f) in zip(kept, folded) where k != f {
                Issue.record("jobs \(jobs): a report differs with plain leaves folded:\n\(k.prefix(3000))\n---\n\(f.prefix(3000))")
                break
            }
        }
    }

    final class Sink: LabelledLeafFoldingSink {
        let foldsPlainLeaves: Bool
        let foldingRoleWords: (any RoleWordFinder)? = RedundantTraitInLabelRule.WordTable(configured: [:])
        var idLeafFolding: IDLeafFolding { foldsPlainLeaves ? .checked : .off }
        var elements = 0
        /// How many screens had a folded id that met another id.
        var idsMet = 0
        init(folds: Bool) { foldsPlainLeaves = folds }
        func foldedIDMet() { idsMet += 1 }
        func didReadHeader(_ header: AppHeader) {}
        func didReadScreen(_ screen: Screen) { elements += screen.viewCount }
    }

    /// The folding is there to be tested: the random descriptions and the samples have leaves it
    /// leaves out, in XML and in JSON, and a screen of rows keeps only its list and first row.
    @Test func plainLeavesAreLeftOutOfTheStore() throws {
        func count(_ text: String, json: Bool, folds: Bool) -> Int {
            read(text, json: json, folds: folds).elements
        }
        func read(_ text: String, json: Bool, folds: Bool) -> Sink {
            let sink = Sink(folds: folds)
            let source = ByteSource(bytes: Array(text.utf8))
            if json {
                _ = JSONDescriptionReader.read(bytes: source, fileName: "f.json", sink: sink)
            } else {
                _ = XMLDescriptionReader.read(bytes: source, fileName: "f.xml", sink: sink)
            }
            return sink
        }
        var kept = (xml: 0, json: 0)
        var folded = (xml: 0, json: 0)
        var idsMet = (xml: 0, json: 0)
        for seed in 0..<40 {
            let (xml, json) = Self.randomDescription(seed: UInt64(seed), screens: 1 + seed % 6)
            kept.xml += count(xml, json: false, folds: false)
            let foldedXML = read(xml, json: false, folds: true)
            folded.xml += foldedXML.elements
            idsMet.xml += foldedXML.idsMet
            kept.json += count(json, json: true, folds: false)
            let foldedJSON = read(json, json: true, folds: true)
            folded.json += foldedJSON.elements
            idsMet.json += foldedJSON.idsMet
        }
        #expect(kept.xml == kept.json)
        #expect(folded.xml == folded.json)
        // Some screens of the random descriptions fold rows whose ids meet others: their files
        // are read again in `foldedPlainLeavesGiveTheSameReportsAsKeptOnes`.
        #expect(idsMet.xml == idsMet.json && idsMet.xml >= 3, "\(idsMet)")
        #expect(kept.xml - folded.xml > 1_000, "\(folded) of \(kept)")
        let rows = "<app><screen id=\"s\"><List>" + String(repeating: "<Text>Row</Text><VStack/>", count: 1000) + "</List></screen></app>"
        #expect(count(rows, json: false, folds: false) == 2001)
        #expect(count(rows, json: false, folds: true) == 2)
        // Containers whose children were all folded are folded in turn, and an id on the list
        // leaves its rows plain: the list, the first stack and its text are kept.
        let stacked =
            "<app><screen id=\"s\"><List id=\"l\">"
            + String(repeating: "<HStack><Text>Row</Text><VStack><VStack/></VStack></HStack>", count: 1000) + "</List></screen></app>"
        let stackedJSON =
            #"{"screens": [{"id": "s", "body": [{"view": "List", "id": "l", "body": ["#
            + Array(
                repeating: #"{"view": "HStack", "body": [{"view": "Text", "text": "Row"}, {"view": "VStack", "body": [{"view": "VStack"}]}]}"#,
                count: 1000
            ).joined(separator: ", ") + "]}]}]}"
        #expect(count(stacked, json: false, folds: false) == 4001)
        #expect(count(stacked, json: false, folds: true) == 3)
        #expect(count(stackedJSON, json: true, folds: false) == 4001)
        #expect(count(stackedJSON, json: true, folds: true) == 3)
        // Labelled controls and texts whose label is their name: the list and the first row are
        // kept; labels that repeat the role, or are padded, keep every row.
        for row in [
            #"<Button label="Row 1"/>"#, #"<Toggle label="Row 1"/>"#, #"<Text label="r1">Row 1</Text>"#, #"<Text label="r1"/>"#,
            #"<HStack><Button label="Row 1"/><Text label="r">Row</Text></HStack>"#, #"<Link label="Row 1"/>"#, #"<TextField label="Row 1"/>"#,
            #"<Slider label="Row 1"/>"#, #"<Picker label="Row 1"/>"#, #"<Label label="Row 1"/>"#, #"<Label label="r">Row</Label>"#,
            #"<SecureField label="Row 1"/>"#, #"<Stepper label="Row 1"/>"#, #"<Button>Send 1</Button>"#, #"<Toggle> Wi-Fi </Toggle>"#,
            #"<Link text="Terms"/>"#, #"<Button text=" Send "/>"#, #"<Text traits="header">Title 1</Text>"#, #"<Image asset="photo-1" label="Photo 1"/>"#,
            #"<Image label="Photo 1" asset="photo-1"/>"#,
        ] {
            let xml = "<app><screen id=\"s\"><List>" + String(repeating: row, count: 1000) + "</List></screen></app>"
            #expect(count(xml, json: false, folds: true) == 2 + (row.hasPrefix("<H") ? 1 : 0), "\(row)")
        }
        // Header texts are folded once one is kept, after the screen's first text that could be.
        let headers =
            "<app><screen id=\"s\"><List><Text>Row</Text>" + String(repeating: #"<Text traits="header">Title</Text>"#, count: 999) + "</List></screen></app>"
        #expect(count(headers, json: false, folds: true) == 3)
        let buttonsJSON =
            #"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["#
            + Array(repeating: #"{"view": "Toggle", "label": "Row 1"}, {"view": "Text", "label": "r", "text": "Row"}"#, count: 500)
            .joined(separator: ", ") + "]}]}]}"
        #expect(count(buttonsJSON, json: true, folds: true) == 2)
        for row in [
            #"<Button label="Send button"/>"#, #"<Toggle label="Switch"/>"#, #"<Button label=" Row 1"/>"#, #"<Button label="Row">Go</Button>"#,
            #"<Button label="Row 1" id="b"/>"#, #"<Text label="">Row</Text>"#, #"<Button label="Row \(n)"/>"#, #"<Link label="Help link"/>"#,
            #"<Link label="Row \(n)"/>"#, #"<TextField label="Name">Ann</TextField>"#, #"<Slider label=" Row"/>"#, #"<Picker label="Row" value="1"/>"#,
            #"<Label label="Row" traits="header"/>"#, #"<Button>Send button</Button>"#, #"<Button>Hi \(n)</Button>"#,
            #"<Button label="Send">Send</Button>"#, #"<Text traits="header">Section heading</Text>"#,
            #"<Text traits="header">\#u{C81C}\#u{BAA9} \(n)</Text>"#, #"<Text traits="header button">Title</Text>"#,
            #"<Text traits="header" id="t\(n)">Title</Text>"#, #"<Image asset="a" label="Beach picture"/>"#,
            #"<Image asset="a" label="Photo" decorative="true"/>"#, #"<Image asset="a" label="Photo" traits="image"/>"#,
            #"<Image asset="a"/>"#, #"<Image asset="a" label="Photo">stray</Image>"#, #"<Menu>Send</Menu>"#,
        ] {
            let xml = "<app><screen id=\"s\"><List>" + String(repeating: row, count: 1000) + "</List></screen></app>"
            #expect(count(xml, json: false, folds: true) == 1001, "\(row)")
        }
        // Rows with ids of their own: the list and the first row are kept, and no id meets another.
        // An id met again (by a folded row, by the list, by a kept row; the same id as a Kelvin
        // sign) is told to the sink; an id with no ASCII form keeps its row.
        let idRows = (0..<1000).map { #"<Text id="r\#($0)">Row</Text>"# }.joined()
        let idRowsJSON = (0..<1000).map { #"{"view": "Text", "id": "r\#($0)", "text": "Row"}"# }.joined(separator: ", ")
        for (text, json, elements, met) in [
            ("<app><screen id=\"s\"><List>\(idRows)</List></screen></app>", false, 2, 0),
            (#"{"screens": [{"id": "s", "body": [{"view": "List", "body": ["# + idRowsJSON + "]}]}]}", true, 2, 0),
            ("<app><screen id=\"s\"><List>\(idRows)<Text id=\"r7\">Row</Text></List></screen></app>", false, 2, 1),
            ("<app><screen id=\"s\"><List id=\"r500\">\(idRows)</List></screen></app>", false, 2, 1),
            ("<app><screen id=\"s\"><List>\(idRows)<Button id=\"r999\" label=\"Go\"/></List></screen></app>", false, 3, 1),
            ("<app><screen id=\"s\"><List><Text>First</Text><Text id=\"K\">Row</Text><Text id=\"\u{212A}\">Row</Text></List></screen></app>", false, 2, 1),
            ("<app><screen id=\"s\"><List>\(idRows)</List></screen><screen id=\"t\"><List>\(idRows)</List></screen></app>", false, 4, 0),
            (
                "<app><screen id=\"s\"><List><Text>First</Text><Text id=\"\u{AC00}\">Row</Text><Text id=\"\u{1100}\u{1161}\">Row</Text></List></screen></app>",
                false, 4, 0
            ),
            ("<app><screen id=\"s\"><List>\(idRows)<Text id=\"x\" label=\"L\">Row</Text></List></screen></app>", false, 3, 0),
        ] {
            let sink = read(text, json: json, folds: true)
            #expect(sink.elements == elements && sink.idsMet == met, "\(text.prefix(120))…: \(sink.elements) elements, \(sink.idsMet) met")
        }
        var samples = (kept: 0, folded: 0)
        for name in ["guide", "messenger-broken", "messenger-fixed"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent("Samples/\(name).xml"), encoding: .utf8)
            samples.kept += count(text, json: false, folds: false)
            samples.folded += count(text, json: false, folds: true)
        }
        #expect(samples.folded < samples.kept, "\(samples)")
    }

    /// Whether a text is left once trimmed is found the same way as `setTrimmedText` finds it.
    @Test func trimsToTextAgreesWithSettingTheTrimmedText() {
        let pieces = [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{A0}", "\u{85}", "\u{2003}", "\u{3000}", "\u{1680}", "a", "\u{AC00}", "\u{E9}", "\u{2014}"]
        var generator = SplitMix(seed: 11)
        let store = ElementStore()
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 5) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let node = store.append(type: "Text", location: SourceLocation(line: 1, column: 1), ordinal: 0, parent: nil)
            var bytes = text
            let trims = bytes.withUTF8 { DescriptionBuilder.trimsToText($0) }
            bytes.withUTF8 { DescriptionBuilder.setTrimmedText($0, on: node) }
            #expect(trims == node.hasText, "\(Array(text.unicodeScalars.map(\.value)))")
        }
    }
}
