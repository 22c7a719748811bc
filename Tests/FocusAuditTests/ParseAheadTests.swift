import Foundation
import Testing

@testable import FocusAudit

/// A large XML file is parsed a chunk at a time by a crew of two threads (`ReadCrew`) and its events
/// replayed into the builder from a tape. These inputs reach every kind of record on the tape,
/// segments that fill and grow, name slots filled again within one element, and every way a parse
/// can stop; each is audited both ways.
@Suite struct ParseAheadTests {
    /// Audits `text` on one thread and pipelined (`audit` expects the two to agree) and returns the first.
    private func bothWays(_ text: String, file: String = "ahead.xml") -> FileAudit {
        audit(text, file: file)
    }

    /// Screens with suppressions, text split around child views and CDATA, prefixed and schema
    /// attributes, escaped values and start tags over several lines: enough of them to fill many
    /// segments.
    private func richDescription(screens n: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- focusaudit:disable-file symbol_only_label -->
            <app name="Ahead &amp; Co" transition="0.5" xmlns:x="urn:example" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="focusaudit.xsd">

            """
        for i in 0..<n {
            text += """
                  <screen id="s\(i)" title="화면 \(i)" restore-focus="on-appear" restore-delay="0.\(i % 9 + 1)" capture="binding">
                    <!-- an ordinary comment -->
                    <List>
                      <!-- focusaudit:disable unknown_destination -->
                      <NavigationLink id="a" destination="\(i % 5 == 0 ? "nowhere" : "s\((i + 1) % n)")" focus="a">
                        <Text>  다음 <![CDATA[& 그 다음]]> \(i)  </Text>
                      </NavigationLink>
                      <NavigationLink
                          id="b"
                          destination="s\((i + n - 1) % n)"\(i % 3 == 0 ? "" : " focus=\"b\"")>
                        앞 <Image asset="arrow" decorative="true"/> 쪽 &lt;\(i)&gt;
                      </NavigationLink>
                    </List>
                    <x:Button id="c" x:label="이상한" label="Tom &amp; Jerry"/>
                    <Button id="d" label="\(i % 4 == 0 ? "" : "보내기")" system-name="paperplane" colour="red"/>
                    <Image asset="banner"\(i % 2 == 0 ? "" : " label=\"배너\"")/>
                  </screen>

                """
        }
        text += "</app>\n"
        return text
    }

    @Test func richDescriptionsAgree() {
        let small = bothWays(richDescription(screens: 3))
        #expect(small.error == nil)
        // Suppressions, unknown attributes and text all reach the builder.
        #expect(!rules(small).contains(RuleID.unknownDestination))
        #expect(rules(small).contains(RuleID.invalidDescription))
        let large = bothWays(richDescription(screens: 400))
        #expect(large.error == nil)
        #expect(large.findings.count > 800)
    }

    /// A graph large enough for the whole-file checks to be shared with a second thread
    /// (`FileRun.sharedGraphCheckLinks`), with findings of every rule that has one, and
    /// suppressions those checks consult: the same findings as on one thread.
    @Test func wholeFileChecksOnTwoThreadsAgree() {
        let n = FileRun.sharedGraphCheckLinks / 2 + 50
        var text = "<app name=\"big\">\n"
        for i in 0..<n {
            let restores = i % 7 != 0 ? " restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"binding\"" : ""
            let next = i % 13 == 0 ? "missing\(i % 5)" : "s\((i + 1) % n)"
            text += "<screen id=\"s\(i)\"\(restores)>"
            text += "<Button id=\"a\" label=\"다음\" push=\"\(next)\"\(i % 3 == 0 ? "" : " focus=\"a\"")/>"
            if i % 11 == 0 { text += "<!-- focusaudit:disable focus_lost_on_return -->" }
            text += "<Button id=\"b\" label=\"뒤로\" push=\"s\((i + n - 1) % n)\" focus=\"b\"\(i % 4 == 0 ? " capture=\"gesture\"" : "")/>"
            text += "</screen>\n"
        }
        // A screen nothing links to.
        text += "<screen id=\"island\"/>\n</app>\n"
        let checked = bothWays(text, file: "big.xml")
        #expect(checked.graph.linkCount >= FileRun.sharedGraphCheckLinks)
        let found = Set(checked.findings.map(\.rule))
        for rule in [
            RuleID.unboundFocusTarget, RuleID.focusLostOnReturn, RuleID.unknownDestination, RuleID.unreachableScreen,
            RuleID.unreliableFocusCapture,
        ] {
            #expect(found.contains(rule), "\(rule)")
        }
    }

    @Test func textAndValuesLargerThanASegmentAgree() {
        let long = String(repeating: "긴 글 ", count: 40_000)
        let value = String(repeating: "v", count: 200_000)
        let text = """
            <app>
              <screen id="a" restore-focus="on-appear">
                <Button id="x" label="\(value)" push="b"/>
                <Text>\(long)</Text>
                <Button id="y"><Text>\(long)</Text></Button>
              </screen>
              <screen id="b"/>
            </app>
            """
        let audit = bothWays(text)
        #expect(audit.error == nil)
        #expect(!audit.findings.isEmpty)
    }

    @Test func namesFillingEverySlotAgree() {
        // Far more distinct attribute names than the name slots, on one element and across elements,
        // so slots are filled again between an element's name and its attributes.
        var attributes = ""
        for i in 0..<700 { attributes += " attr\(i)=\"\(i)\"" }
        var text = "<app>\n<screen id=\"a\">\n<Button id=\"x\"\(attributes)/>\n"
        for i in 0..<300 { text += "<View\(i) id=\"v\(i)\" other\(i)=\"1\"/>\n" }
        text += "<Button id=\"y\" label=\"끝\"/>\n</screen>\n</app>\n"
        let audit = bothWays(text)
        #expect(audit.error == nil)
        #expect(rules(audit).filter { $0 == RuleID.invalidDescription }.count >= 1000)
    }

    @Test(arguments: [
        // Not well-formed after many screens: the error and its position.
        "truncated",
        // Nesting deeper than the limit.
        "deep",
        // An entity declaration, and a reference to an undeclared entity.
        "entity", "reference",
        // Another kind of XML; an empty file; a byte-order mark.
        "foreign", "empty", "bom",
    ])
    func stoppedParsesAgree(kind: String) {
        var screens = ""
        for i in 0..<400 { screens += "<screen id=\"s\(i)\"><Button id=\"b\" label=\"B\" push=\"s0\"/></screen>\n" }
        let text: String
        switch kind {
        case "truncated": text = "<app>\n\(screens)<screen id=\"z\"><Button id=\"b\" label=\"B\"</screen>\n</app>\n"
        case "deep":
            text =
                "<app>\n\(screens)<screen id=\"z\">" + String(repeating: "<VStack>", count: 300)
                + String(repeating: "</VStack>", count: 300) + "</screen></app>\n"
        case "entity": text = "<!DOCTYPE app [<!ENTITY e \"x\">]>\n<app>\(screens)</app>\n"
        case "reference": text = "<app>\n\(screens)<screen id=\"z\"><Text>&nope;</Text></screen></app>\n"
        case "foreign": text = "<svg><app>\(screens)</app></svg>\n"
        case "empty": text = ""
        default: text = "\u{FEFF}<app>\n\(screens)</app>\n"
        }
        let audit = bothWays(text)
        #expect((audit.error != nil || audit.skipped) == (kind != "bom"))
        if kind == "truncated" || kind == "deep" || kind == "reference" {
            #expect(audit.error?.location?.line == 402)
        }
    }

    @Test func storyboardsAndSamplesAgree() throws {
        let root = URL(fileURLWithPath: DocumentationTests.root)
        var files = ["Samples/guide.xml", "Samples/messenger-broken.xml", "Samples/messenger-fixed.xml"]
        for directory in ["Samples/storyboards", "Tests/fixtures/storyboards"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(directory).path)
            files += names.sorted().filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }.map { "\(directory)/\($0)" }
        }
        #expect(files.count > 4)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let audit = bothWays(text, file: file)
            #expect(audit.error == nil, "\(file)")
        }
    }
}
