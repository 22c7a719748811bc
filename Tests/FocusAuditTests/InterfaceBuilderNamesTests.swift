import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// The XML reader works out what an element or attribute name is to the Interface Builder importer
/// once per name slot (`InterfaceBuilderOptions.namesBySlot`); these tests read the same documents
/// with names worked out for every element (the general way) and expect the same model and findings.
@Suite struct InterfaceBuilderNamesTests {
    /// Everything the rules read of a document's screens, one line per element, and the findings.
    private func read(_ text: String, file: String, namesBySlot: Bool) -> [String] {
        final class Recorder: DescriptionSink {
            var lines: [String] = []
            func didReadHeader(_ header: AppHeader) { lines.append("app \(header.name) \(String(describing: header.transition))") }
            func didReadScreen(_ screen: consuming Screen) {
                lines.append(
                    "screen \(screen.path) \(screen.title ?? "-") \(screen.sceneName ?? "-") \(screen.sceneKind ?? "-") "
                        + "\(screen.isMarkedRoot) \(screen.suppressions.count) \(screen.outsideHierarchy.sorted { $0.key < $1.key })")
                let analysis = ScreenAnalysis(screen: screen)
                analysis.forEachElement { index, e in
                    let facts: [String] = [
                        analysis.path(of: index), e.type, e.id ?? "-", e.label ?? "-", e.text ?? "-", e.value ?? "-",
                        e.hint ?? "-", e.name?.text ?? "-", "\(e.traits.map(\.rawValue).sorted())", "\(e.isHidden)", "\(e.isAccessibilityElement)",
                        "\(e.navigations.map { "\($0.presentation) \($0.target)" })", "\(String(describing: e.lineLimit))",
                        "\(String(describing: e.font))", "\(String(describing: e.size))", e.systemName ?? "-", e.asset ?? "-",
                        "\(e.node.suppressions.count)",
                    ]
                    lines.append(facts.joined(separator: " | "))
                }
            }
        }
        var options = InterfaceBuilderOptions()
        options.namesBySlot = namesBySlot
        let recorder = Recorder()
        let outcome = XMLDescriptionReader.read(
            bytes: ByteSource(bytes: Array(text.utf8)), fileName: file, sink: recorder, interfaceBuilder: options)
        var lines = recorder.lines
        switch outcome {
        case .success(let outcome):
            lines += outcome.diagnostics.map { "diagnostic \($0.location) \($0.message)" }
            lines.append("suppressions \(outcome.orphanSuppressions.count) \(outcome.fileSuppressions.count)")
        case .failure(let error):
            lines.append("error \(error)")
        }
        let run = FileRun(file: file, configuration: Configuration())
        if case .success(let outcome) = XMLDescriptionReader.read(
            bytes: ByteSource(bytes: Array(text.utf8)), fileName: file, sink: run, interfaceBuilder: options)
        {
            lines += run.finish(outcome).findings.map { "finding \($0.rule) \($0.location) \($0.element) \($0.message)" }
        }
        return lines
    }

    /// A storyboard whose scenes use many more distinct element and attribute names than the
    /// reader has slots, so that the slots of the names the importer reads are filled again with
    /// other names (and back) while it is read.
    private func crowdedStoryboard(scenes: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc0">
            <scenes>

            """
        for s in 0..<scenes {
            let next = (s + 1) % scenes
            text += """
                <scene sceneID="scene\(s)"><objects>
                <viewController id="vc\(s)" title="Scene \(s)" customClass="Controller\(s % 7)" sceneMemberID="viewController">
                <view key="view" id="root\(s)"><subviews>
                <noise\(s) extra\(s)="1" other\(s % 300)="2"><deeper\(s % 250) key="k\(s)"/></noise\(s)>
                <button id="b\(s)" buttonType="\(s % 5 == 0 ? "infoLight" : "system")" title="\(s % 3 == 0 ? "" : "Go \(s)")">
                <state key="normal" title="\(s % 4 == 0 ? "State \(s)" : "")" image="\(s % 6 == 0 ? "gear" : "")" catalog="system"/>
                <connections><segue destination="vc\(next)" kind="\(s % 2 == 0 ? "show" : "presentation")" id="sg\(s)"/></connections>
                </button>
                <label id="l\(s)" text="Label \(s)" numberOfLines="\(s % 3)" hidden="\(s % 9 == 0 ? "YES" : "NO")">
                <fontDescription key="fontDescription" \(s % 2 == 0 ? "style=\"UICTFontTextStyleBody\"" : "pointSize=\"17\"")/>
                </label>
                <imageView id="i\(s)" image="\(s % 5 == 0 ? "" : "photo\(s)")" attr\(s)="x">
                <accessibility key="accessibilityConfiguration" label="\(s % 2 == 0 ? "Photo \(s)" : "")"/>
                </imageView>
                <unknownView\(s % 200) id="u\(s)"/>
                </subviews></view>
                <navigationItem key="navigationItem" title="Nav \(s)"/>
                </viewController>
                </objects></scene>

                """
        }
        text += "</scenes>\n</document>\n"
        return text
    }

    @Test func namesWorkedOutOncePerSlotReadAsNamesWorkedOutEachTime() throws {
        let root = URL(fileURLWithPath: DocumentationTests.root)
        var documents: [(String, String)] = [("crowded.storyboard", crowdedStoryboard(scenes: 400))]
        for directory in ["Samples/storyboards", "Tests/fixtures/storyboards"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)
            for name in names.sorted() where name.hasSuffix(".storyboard") || name.hasSuffix(".xib") {
                let file = "\(directory)/\(name)"
                documents.append((file, try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)))
            }
        }
        #expect(documents.count >= 4)
        for (file, text) in documents {
            let bySlot = read(text, file: file, namesBySlot: true)
            let byName = read(text, file: file, namesBySlot: false)
            #expect(bySlot.count > 3, "\(file)")
            #expect(bySlot == byName, "\(file)")
        }
        // The crowded document has findings and elements the importer modelled from names whose
        // slots were taken by other names in between.
        let crowded = read(documents[0].1, file: "crowded.storyboard", namesBySlot: true)
        #expect(crowded.filter { $0.hasPrefix("finding ") }.count > 10)
        #expect(crowded.filter { $0.contains(" | Button | ") }.count == 400)
    }

    /// An attribute found by its number is the one a dictionary of the element's string attributes
    /// filled in order would give, for every name, with names repeated and values of other types.
    @Test func attributeLookupGivesWhatADictionaryOfTheAttributesGives() {
        let names = ["title", "id", "key", "image", "catalog", "customName", "title", "key"]
        var random = SplitMix(seed: 27)
        for _ in 0..<300 {
            var attributes: [Attribute] = []
            for _ in 0..<Int(random.next() % 9) {
                let name = names[Int(random.next() % UInt64(names.count))]
                let value: AttributeValue = random.next() % 5 == 0 ? .bool(true) : .string("v\(random.next() % 100)")
                attributes.append(Attribute(name: name, value: value))
            }
            var dictionary: [String: String] = [:]
            for attribute in attributes {
                if case .string(let s) = attribute.value { dictionary[attribute.name] = s }
            }
            let numbers = attributes.map { IBAttributeName($0.name) }
            attributes.withUnsafeBufferPointer { raw in
                numbers.withUnsafeBufferPointer { numbers in
                    let ib = IBAttributes(raw: raw, names: numbers)
                    for name in IBAttributeName.allCases where name != .other {
                        #expect(ib[name] == dictionary[String(describing: name)])
                    }
                    #expect(ib.sortedByName.map { "\($0.name)=\($0.value)" } == dictionary.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                }
            }
        }
        for name in IBAttributeName.allCases where name != .other {
            #expect(IBAttributeName(String(describing: name)) == name)
        }
        #expect(IBAttributeName("title") == .title && IBAttributeName("other") == .other && IBAttributeName("Title") == .other)
    }

    /// Every element name the importer compared as a string (its tables and the literals of its
    /// comparisons) is classified once (`IBElementName`) so that two names' numbers are equal exactly
    /// when the strings were: for the known names, their near misses (case, a letter more or
    /// less, a prefix, a combining mark) and unknown names, none of which may match.
    @Test func elementNamesAreClassifiedAsTheirStringsCompared() {
        // The literals the importer compared element names with, besides its tables.
        let compared = [
            "segue", "connections", "inferredMetricsTieBreakers", "scene", "tapGestureRecognizer", "placeholder", "objects",
            "image", "resources", "textView", "userDefinedRuntimeAttribute", "viewControllerPlaceholder", "segmentedControl",
            "button", "barButtonItem", "tabBarItem", "label", "textField", "imageView", "segment", "switch", "slider",
            "stepper", "datePicker", "pickerView", "tableViewCell", "collectionViewCell", "outlet", "outletCollection",
            "state", "buttonConfiguration", "rect", "constraint", "constraints", "fontDescription", "font", "attributes",
            "attributedString", "imageReference", "accessibility", "bool", "accessibilityTraits", "string", "fragment",
            "textInputTraits", "navigationItem", "navigationBar", "items", "tabBarController",
        ]
        let known = Set(compared).union(StoryboardImporter.controllerNames).union(StoryboardImporter.viewTypes.keys)
            .union(StoryboardImporter.suppressionWrappers).union(StoryboardImporter.textLikeElements)
        var candidates = Array(known) + ["", "document", "scenes ", "subview", "Label", "LABEL", "x", "viewcontroller", "colour"]
        for name in known {
            candidates += [
                name.prefix(1).uppercased() + name.dropFirst(), name + "s", String(name.dropLast()), "ib:" + name, name + " ",
                name + "\u{301}", String(name.dropFirst()),
            ]
        }
        for name in known {
            let number = IBElementName(name)
            #expect(number != .other, "\(name)")
            #expect(String(describing: number) == name)
            #expect(IBElementKind(name).name == number)
        }
        for candidate in candidates {
            let number = IBElementName(candidate)
            for name in known {
                #expect((number == IBElementName(name)) == (candidate == name), "\(candidate) against \(name)")
            }
            if !known.contains(candidate) { #expect(number == .other, "\(candidate)") }
            #expect(number.isTextLike == StoryboardImporter.textLikeElements.contains(candidate), "\(candidate)")
        }
        // Every case is spelt in the table once, and the table holds nothing else.
        #expect(IBElementName.byName.count == IBElementName.allCases.count - 1)
        for name in IBElementName.allCases where name != .other {
            #expect(IBElementName(String(describing: name)) == name)
        }
    }
}
