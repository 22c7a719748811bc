import Foundation
import Testing

@testable import FocusAudit

/// A large XML description is read in parts on several cores (`XMLPartReader`). Every description
/// of the test suite is audited in parts too (`audit` in Support.swift); these tests check that
/// parts are really used where they can be, that what a part cannot know on its own sends the file
/// back to one read, and where files are cut.
@Suite struct PartReaderTests {
    /// A compact audit on one thread, the reference for reading in parts.
    private func oneRead(_ text: String, file: String = "parts.xml") -> FileAudit {
        var configuration = Configuration()
        configuration.keepsJourneys = false
        configuration.jobs = 1
        return Auditor.audit(text: text, file: file, configuration: configuration)
    }

    private func inParts(_ text: String) -> FileAudit { auditInParts(text, file: "parts.xml") }

    /// `n` screens linking forward and backward across the whole file (so across parts), with
    /// findings of screen rules and of whole-file rules, suppressions and a file-wide suppression
    /// in the middle.
    private func description(screens n: Int, extra: (Int) -> String = { _ in "" }) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- focusaudit:disable unreachable_screen -->
            <app name="Parts" transition="0.5" xmlns:x="urn:example">

            """
        for i in 0..<n {
            let broken = i % 3 == 0
            if i == n / 2 { text += "  <!-- focusaudit:disable-file symbol_only_label -->\n" }
            if i % 5 == 1 { text += "  <!-- focusaudit:disable unbound_focus_target -->\n" }
            text += """
                  <screen id="s\(i)" title="화면 \(i)"\(i == 0 ? " root=\"true\"" : "") \(i % 7 == 5 ? "" : "restore-focus=\"on-appear\" ")restore-delay="\(i % 4 == 0 ? "0.2" : "0.6")" capture="binding">
                    <List>
                      <NavigationLink id="a" destination="s\((i * 7 + 3) % n)"\(broken ? "" : " focus=\"a\"")><Text>앞 \(i)</Text></NavigationLink>
                      <NavigationLink id="b" destination="\(i % 6 == 0 ? "missing\(i)" : "s\((i + n - 5) % n)")" focus="b"><Text>뒤</Text></NavigationLink>
                      <Button id="c" system-name="gear" push="s\(n - 1 - i)" focus="c"/>
                    </List>
                    <Image asset="banner"\(broken ? "" : " label=\"배너\"")/>
                    <Button id="send" label="\(i % 2 == 0 ? "전송 버튼" : "전송")"/>\(extra(i))
                  </screen>

                """
        }
        text += "  <screen id=\"orphan\"/>\n</app>\n"
        return text
    }

    @Test func aLargeDescriptionIsReadInPartsAndFindsWhatOneReadFinds() {
        let text = description(screens: 120)
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(parts.readInParts == 4)
        #expect(one.error == nil)
        expectSameAudit(one, parts)
        // Findings of every kind the description has, so the comparison is not of empty lists.
        let found = Set(rules(one))
        for rule in [
            RuleID.unboundFocusTarget, RuleID.unknownDestination, RuleID.missingRestorationDelay,
            RuleID.imageMissingLabel, RuleID.redundantTraitInLabel, RuleID.superfluousSuppression,
            RuleID.focusLostOnReturn,
        ] {
            #expect(found.contains(rule), "\(rule)")
        }
        #expect(!found.contains(RuleID.symbolOnlyLabel))
        #expect(!found.contains(RuleID.unreachableScreen))
    }

    /// A later screen's id made `s3` (only the first screen with an id keeps it, and a part cannot
    /// tell it is a duplicate) or empty (a screen without an id is named by its number among all
    /// the file's screens): such files are read in one go.
    @Test(arguments: ["s3", ""])
    func screensAPartCannotNameAreReadInOneGo(_ id: String) {
        let n = 60
        let text = description(screens: n).replacingOccurrences(
            of: "<screen id=\"s\(n - 2)\"", with: "<screen id=\"\(id)\"")
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(parts.readInParts == 1)
        expectSameAudit(one, parts)
        #expect(rules(one).contains(RuleID.invalidDescription))
    }

    /// FORMAT.md: "Line and column are those of the element's start tag (XML)". A bad or unknown
    /// attribute on the third line of a start tag is reported at the tag's `<`, in every part of a
    /// file read in parts as in one read, on the screen and on the views in it.
    @Test func anAttributeOnALaterLineOfItsStartTagIsReportedAtTheTagInEveryPart() {
        let n = 120
        var text = "<app name=\"Parts\">\n"
        var expected: [String] = []
        for i in 0..<n {
            let line = 2 + 7 * i
            text += """
                  <screen id="s\(i)"
                      title="화면 \(i)"
                      capture="\(i % 2 == 0 ? "maybe" : "binding")">
                    <Text>앞</Text> <Button id="b"
                        label="보내기"
                        lable="x"/>
                  </screen>

                """
            if i % 2 == 0 { expected.append("\(line):3 capture") }
            // `    <Text>앞</Text> ` is 19 columns: the Button's `<` is column 20.
            expected.append("\(line + 3):20 lable")
        }
        text += "</app>\n"
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(parts.readInParts == 4)
        for read in [one, parts, audit(text)] {
            let found = read.findings.filter { $0.rule == RuleID.invalidDescription }.map {
                "\($0.location) \($0.message.contains("'lable'") ? "lable" : $0.message.hasPrefix("capture") ? "capture" : $0.message)"
            }
            #expect(found == expected)
        }
    }

    @Test func strayTextInTwoPartsIsReportedOnceAsInOneRead() {
        let n = 60
        let text = description(screens: n) { i in i == 2 || i == n - 3 ? "\n    stray \(i)" : "" }
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(parts.readInParts == 1)
        expectSameAudit(one, parts)
        #expect(one.findings.filter { $0.message.contains("not part of any view") }.count == 1)
        // In one part only, it is the same finding either way, read in parts.
        let once = description(screens: n) { i in i == n - 3 ? "\n    stray" : "" }
        let inParts = inParts(once)
        #expect(inParts.readInParts == 4)
        expectSameAudit(oneRead(once), inParts)
    }

    @Test func anErrorInALaterPartIsTheErrorOfOneRead() {
        let n = 60
        let text = description(screens: n) { i in i == n - 4 ? "\n    <Text>unclosed" : "" }
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(one.error != nil)
        #expect(one.error?.location != nil)
        expectSameAudit(one, parts)
    }

    @Test(arguments: ["comment", "CDATA"])
    func screenBoundariesInsideCommentsAndCDATAAreNotCuts(_ kind: String) {
        // Whole screens in the middle of the file, inside a comment or a CDATA section, where the
        // middle cut is looked for: a part cut among them would be well-formed and report their
        // images (the later parts' other cuts are real ones).
        var fake = "\n"
        for i in 0..<60 { fake += "  <screen id=\"fake\(i)\"><Image asset=\"x\"/></screen>\n" }
        var text = description(screens: 80)
        if kind == "comment" {
            text = text.replacingOccurrences(of: "  <screen id=\"s40\"", with: "  <!-- \(fake) -->\n  <screen id=\"s40\"")
        } else {
            text = text.replacingOccurrences(of: "<Text>앞 40</Text>", with: "<Text>앞 40<![CDATA[\(fake)]]></Text>")
        }
        let one = oneRead(text)
        let parts = inParts(text)
        #expect(one.error == nil)
        expectSameAudit(one, parts)
        #expect(!one.findings.contains { $0.element.contains("fake") })
    }

    @Test func theRootStartTagIsFoundOnlyInPlainUTF8Descriptions() {
        func end(_ text: String) -> Int? { XMLPartReader.rootStartTagEnd(Array(text.utf8)) }
        #expect(end("<app name=\"a>b\" x='>'>\n<screen/>") == 22)
        #expect(end("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- a > b -->\n<?pi x?>\n<app>") == 68)
        #expect(end("<?xml version=\"1.0\"?><app\n  name=\"x\">") == 37)
        #expect(end("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><app>") == nil)
        #expect(end("<!DOCTYPE app [<!ENTITY x \"y\">]><app>") == nil)
        #expect(end("<app/>") == nil)
        #expect(end("<application>") == nil)
        #expect(end("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">") == nil)
        #expect(end("<app name=\"never closed") == nil)
    }

    @Test func cutsAreAtTheStartOfTheLineOfAScreenAfterAnotherScreen() {
        let bytes = Array("<List/>\n</screen>\n  <screen id=\"a\">\n</screen><screen id=\"b\">".utf8)
        let found = XMLPartReader.boundary(in: bytes)
        #expect(found?.closeEnd == 17)
        #expect(found?.cut == 18)
        // Screens on one line, or a close followed by something else, give no cut.
        #expect(XMLPartReader.boundary(in: Array("</screen><screen id=\"b\">\n".utf8)) == nil)
        #expect(XMLPartReader.boundary(in: Array("</screen>\n<screens/>\n".utf8)) == nil)
    }

    @Test func fewerJobsThanFourKeepThePipeline() {
        let text = description(screens: 60)
        var configuration = Configuration()
        configuration.keepsJourneys = false
        configuration.minimumPartSize = 1
        configuration.jobs = 3
        let audit = Auditor.audit(
            source: ByteSource(bytes: Array(text.utf8)), file: "parts.xml", explicit: true, configuration: configuration,
            pipelined: true)
        #expect(audit.readInParts == 1)
        expectSameAudit(oneRead(text), audit)
    }
}
