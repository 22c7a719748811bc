import Testing

@testable import FocusAudit

@Suite struct XMLReaderTests {
    @Test func aLoneCRIsALineBreakLikeLFAndCRLF() {
        // Screens on lines joined by LF, CRLF and lone CRs; positions the same read whole or in parts.
        let xml =
            "<app>\r  <screen id=\"a\">\r    <Button id=\"x\"/>\r\n    <Button id=\"y\"/>\r  </screen>\n"
            + "  <screen id=\"b\">\r\r    <Button id=\"z\"/>\n  </screen>\n</app>\n"
        let a = audit(xml)
        #expect(positions(a, RuleID.unlabeledControl) == ["3:5", "4:5", "8:5"])
        expectSameAudit(a, auditInParts(xml))
    }

    /// FORMAT.md: "Line and column are those of the element's start tag (XML)", also for a bad or
    /// unknown attribute on a later line of the tag; the message names the attribute.
    @Test func attributeProblemsPointAtTheStartTag() {
        let a = audit(
            """
            <app transition='fast'>
              <screen id="s"
                      title="t"
                      restore-focus="on-appear"
                      restore-delay="0.5"
                      root="true"
                      captur="binding">
                <Text text="a" hidden="maybe"/>
              </screen>
            </app>
            """)
        let found = a.findings.filter { $0.rule == RuleID.invalidDescription }.map { "\($0.location) \($0.message.prefix(20))" }
        #expect(
            found == [
                "1:1 transition must be a", "2:3 unknown attribute 'c", "8:5 hidden must be true ",
            ], "\(found)")
    }

    /// libxml2's own wording never reaches the user: each common well-formedness error is said in
    /// plain words, at its position, and says that the rest of the file was not read.
    @Test(arguments: [
        ("<app>\n<screen id=\"a & b\"/>\n</app>\n", "2:16 a bare & must be written &amp;"),
        ("<app>\n<screen id=\"s\"><Text>&amp x</Text></screen>\n</app>\n", "2:26 an entity reference must end with ';' (a bare & must be written &amp;)"),
        ("<app>\n  <screen id=\"s\">\n    <Text>hi</Txt>\n  </screen>\n</app>\n", "3:19 the end tag </Txt> does not match the start tag <Text> of line 3"),
        ("<app>\n  <screen id=\"s\">\n    <Text>hi</Text>\n", "3:20 the file ends before <screen> is closed (truncated file?)"),
        // A file cut short says so, wherever it is cut.
        ("<?xml version=\"1.0\"?>\n", "2:1 the file ends before its root element (truncated file?)"),
        ("<app>\n<screen id=\"s\" title=\"ab", "2:25 the file ends inside an attribute value (truncated file?)"),
        ("<app>\n<screen id=\"s\"", "2:15 the file ends inside a start tag (truncated file?)"),
        ("<app>\n<screen id=\"s\"/>\n</ap", "3:5 the file ends inside an end tag (truncated file?)"),
        ("<app>\n<screen id=\"s\"><Text>a < b</Text></screen>\n</app>\n", "2:25 a < must start an element name; a literal < in text must be written &lt;"),
        ("<app>\n<screen id=s/>\n</app>\n", "2:12 an attribute value must be in quotes: name=\"value\""),
        ("<app>\n<screen id=\"a\" id=\"b\"/>\n</app>\n", "2:22 the attribute 'id' is written twice on one element"),
        ("<app>\n</app>\n<app/>\n", "3:1 there is more after the end of the root element; a file holds one <app>"),
        ("<app>\n<!-- never closed\n<screen id=\"s\"/>\n</app>\n", "5:1 the file ends inside a comment that is not closed with --> (truncated file?)"),
        ("\n<?xml version=\"1.0\"?>\n<app/>\n", "2:6 the XML declaration <?xml …?> must be the very first thing in the file, with nothing before it"),
        ("<app>\n<x:screen id=\"s\"/>\n</app>\n", "2:17 the namespace prefix 'x' is not declared: remove it, or declare it with xmlns:x=\"…\""),
    ])
    func wellFormednessErrorsAreSaidInPlainWords(_ xml: String, _ expected: String) throws {
        let error = try #require(audit(xml).error)
        #expect("\(error.location.map(\.description) ?? "-") \(error.message)" == expected + " (the rest of the file was not read)")
    }

    @Test func startTagPositionsAreTheirLessThanSign() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <VStack>
                  <Button
                      id="b"
                      lable="x"/>
                </VStack>
              </screen>
            </app>
            """)
        // The element starts at its `<` (4:7); so does the finding about its attribute on line 6.
        #expect(positions(a, RuleID.unlabeledControl) == ["4:7"])
        #expect(positions(a, RuleID.invalidDescription) == ["4:7"])
        #expect(a.findings.first { $0.rule == RuleID.invalidDescription }?.element == "screen[s]/VStack[1]/Button[b]")
    }

    @Test func linesPast65535AreExact() {
        var xml = "<app>\n<screen id=\"s\">\n"
        for _ in 0..<70_000 { xml += "<Text>row</Text>\n" }
        xml += "  <Button id=\"late\" lable=\"x\"/>\n</screen>\n</app>\n"
        let a = audit(xml)
        #expect(positions(a, RuleID.unlabeledControl) == ["70003:3"])
        #expect(positions(a, RuleID.invalidDescription) == ["70003:3"])
    }

    @Test func columnsCountUnicodeScalarsAndTabs() {
        let a = audit("<app><screen id=\"s\"><Text>한글 텍스트</Text>\t<Button lable=\"x\"/></screen></app>")
        // `<app><screen id="s"><Text>` is 26 scalars, the Korean text 6, `</Text>` 7, the tab 1:
        // the Button's `<`, where both findings point.
        #expect(positions(a, RuleID.unlabeledControl) == ["1:41"])
        #expect(positions(a, RuleID.invalidDescription) == ["1:41"])
    }

    @Test func crlfLineEndsKeepLinesRight() {
        let a = audit("<app>\r\n<screen id=\"s\">\r\n\r\n  <Button lable=\"x\"/>\r\n</screen>\r\n</app>\r\n")
        #expect(positions(a, RuleID.unlabeledControl) == ["4:3"])
        #expect(positions(a, RuleID.invalidDescription) == ["4:3"])
    }

    @Test func utf8ByteOrderMarkIsNotAColumn() {
        let a = audit("\u{FEFF}<app><screen id=\"s\" capture=\"maybe\"/></app>")
        #expect(a.error == nil)
        // `<app>` is columns 1 to 5: the screen's `<` is column 6.
        #expect(positions(a, RuleID.invalidDescription) == ["1:6"])
    }

    @Test func utf16WithByteOrderMarkAuditsLikeUTF8() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<app>\n<screen id=\"s\"><Text>한글</Text><Text hidden=\"maybe\">x</Text></screen>\n</app>\n"
        var little: [UInt8] = [0xFF, 0xFE]
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in xml.utf16 {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        for bytes in [little, big] {
            let a = Auditor.audit(
                source: ByteSource(bytes: bytes), file: "utf16.xml", explicit: true, configuration: Configuration())
            #expect(a.error == nil)
            // `<screen id="s"><Text>` is 21 columns, 한글 2, `</Text>` 7: the second Text's `<`.
            #expect(positions(a, RuleID.invalidDescription) == ["3:31"])
        }
    }

    /// XML declared in an ASCII-compatible encoding other than UTF-8 is transcoded before it is
    /// read, so columns count its characters: a Latin-1 byte in 0x80...0xBF or a byte of an EUC-KR
    /// syllable is no longer taken for (or as part of) a UTF-8 sequence.
    @Test(arguments: [
        ("ISO-8859-1", [UInt8]([0xE9, 0xAB, 0xBB]), "é«»"),
        ("EUC-KR", [UInt8]([0xC7, 0xD1, 0xB1, 0xDB]), "한글"),
        ("windows-1252", [UInt8]([0x93, 0xE9, 0x94]), "“é”"),
    ])
    func xmlDeclaredInAnotherEncodingCountsCharacters(_ encoding: String, _ text: [UInt8], _ decoded: String) {
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<app>\n<screen id=\"s\"><Text>".utf8) + text
            + Array("</Text><Button lable=\"x\"/><Text>".utf8) + text + Array("</Text></screen>\n</app>\n".utf8)
        let a = Auditor.audit(source: ByteSource(bytes: bytes), file: "encoded.xml", explicit: true, configuration: Configuration())
        #expect(a.error == nil, "\(encoding)")
        // `<screen id="s"><Text>` is 21 columns, then the text, `</Text>` 7: the Button's `<`, where
        // both findings point.
        let button = 21 + decoded.unicodeScalars.count + 7 + 1
        #expect(positions(a, RuleID.unlabeledControl) == ["3:\(button)"], "\(encoding)")
        #expect(positions(a, RuleID.invalidDescription) == ["3:\(button)"], "\(encoding)")
    }

    @Test func anUnknownDeclaredEncodingOrABadByteInItIsAnInputError() {
        // No converter: the bytes go to libxml2 as they are, which refuses the encoding.
        let unknown = audit("<?xml version=\"1.0\" encoding=\"x-no-such-encoding\"?><app/>")
        #expect(unknown.error?.message.contains("x-no-such-encoding") == true)
        // A byte that is not valid in the declared encoding (an EUC-KR lead byte before a space,
        // after one good syllable) stops the read at that byte; it used to pass with no error and
        // libxml2's own complaints on standard error.
        let bytes =
            Array("<?xml version=\"1.0\" encoding=\"EUC-KR\"?>\n<app>\n<screen id=\"s\"><Text>".utf8)
            + [0xC7, 0xD1, 0xC7, 0x20] + Array("</Text><Button/></screen></app>".utf8)
        let bad = Auditor.audit(source: ByteSource(bytes: bytes), file: "bad.xml", explicit: true, configuration: Configuration())
        #expect(bad.error?.location == SourceLocation(line: 3, column: 23))
        #expect(bad.error?.message.contains("'EUC-KR'") == true)
        #expect(bad.findings.isEmpty)
        // A declaration of UTF-8 in any case is read as it is.
        #expect(audit("<?xml version='1.0' encoding='utf-8'?><app><screen id=\"s\"/></app>").error == nil)
    }

    /// UTF-16 without a byte-order mark, which libxml2 recognises by the declaration's `<?` (XML
    /// 1.0, appendix F), is transcoded too: its columns used to count bytes.
    @Test func utf16WithoutAByteOrderMarkAuditsLikeUTF8() {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<app>\n<screen id=\"s\"><Text>한글</Text><Text hidden=\"maybe\">x</Text></screen>\n</app>\n"
        let little = xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            let a = Auditor.audit(source: ByteSource(bytes: bytes), file: "utf16.xml", explicit: true, configuration: Configuration())
            #expect(a.error == nil)
            // `<screen id="s"><Text>` is 21 columns, 한글 2, `</Text>` 7: the second Text's `<`.
            #expect(positions(a, RuleID.invalidDescription) == ["3:31"])
        }
    }

    @Test func notWellFormedIsAnInputErrorWithPosition() {
        let a = audit("<app>\n  <screen id=\"s\">\n    <Text>hi</Txt>\n  </screen>\n</app>\n")
        #expect(a.findings.isEmpty)
        let error = try! #require(a.error)
        #expect(error.location?.line == 3)
        #expect(error.message.contains("Text"))
    }

    @Test func emptyAndNonDescriptionInputs() {
        #expect(audit("").error?.message == "the file is empty")
        let foreign = audit("<plist version=\"1.0\"><dict/></plist>")
        #expect(foreign.error?.message.contains("not a focusaudit description") == true)
        #expect(!foreign.skipped)
        let found = Auditor.audit(
            source: ByteSource(bytes: Array("<plist/>".utf8)), file: "x.xml", explicit: false,
            configuration: Configuration())
        #expect(found.skipped && found.error == nil)
    }

    @Test func entityDeclarationsAreRefusedBeforeAnyExpansion() {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE app [\n <!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            let previous = i == 1 ? "lol" : "lol\(i - 1)"
            laughs += " <!ENTITY lol\(i) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        laughs += "]>\n<app><screen id=\"s\"><Text>&lol9;</Text></screen></app>\n"
        let clock = ContinuousClock()
        var result: FileAudit?
        let elapsed = clock.measure { result = audit(laughs) }
        #expect(result?.error?.message.contains("entity") == true)
        #expect(result?.error?.location?.line == 3)
        #expect(elapsed < .seconds(2))
    }

    @Test func externalEntitiesAreNeverExpanded() {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE app [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <app><screen id="s"><Text>&secret;</Text></screen></app>
            """
        let a = audit(xml)
        #expect(a.error != nil)
        #expect(a.findings.isEmpty)
    }

    @Test func undeclaredEntityReferenceIsAnError() {
        let a = audit("<app><screen id=\"s\"><Text>&nbsp;</Text></screen></app>")
        #expect(a.error != nil)
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreRead() {
        let a = audit(
            "<app><screen id=\"s\"><Button id=\"b\" label=\"A &amp; B &#xD55C;\" destination=\"nowhere\"/></screen></app>")
        let message = a.findings.first { $0.rule == RuleID.unknownDestination }?.message
        #expect(a.error == nil)
        #expect(message?.contains("nowhere") == true)
        let sim = a.journeys
        #expect(sim.isEmpty)
        #expect(a.graph.links.first?.displayName == "\"A & B 한\" (b)")
    }

    @Test func deepNestingIsAClearError() {
        let depth = 300
        let xml =
            "<app><screen id=\"s\">" + String(repeating: "<VStack>", count: depth)
            + String(repeating: "</VStack>", count: depth) + "</screen></app>"
        let a = audit(xml)
        #expect(a.error?.message == "elements are nested more than 256 deep (the rest of the file was not read)")
    }

    @Test func schemaAttributesAreAllowed() {
        let a = audit(
            """
            <app xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="docs/focusaudit.xsd">
              <screen id="s"><Text>x</Text></screen>
            </app>
            """)
        #expect(a.findings.isEmpty)
    }

    @Test func invalidValuesAreFindingsAndTreatedAsAbsent() {
        let a = audit(
            """
            <app transition="fast">
              <screen id="s" restore-focus="on-appear" restore-delay="soon" capture="binding">
                <NavigationLink id="a" destination="d" focus="a" hidden="maybe" traits="buton"><Text>A</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """)
        let messages = a.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.message)
        #expect(messages.count == 4)
        #expect(messages.contains { $0.contains("transition") && $0.contains("fast") })
        #expect(messages.contains { $0.contains("did you mean 'button'") })
        // The bad delay counts as absent (0), so the restoration is too early.
        #expect(positions(a, RuleID.missingRestorationDelay) == ["2:3"])
        #expect(a.findings.first { $0.rule == RuleID.invalidDescription }?.element == "app")
    }

    @Test func unknownAttributeSuggestsTheClosestName() {
        let a = audit("<app><screen id=\"s\" restore-focuss=\"on-appear\"/></app>")
        #expect(a.findings.map(\.message) == ["unknown attribute 'restore-focuss' on <screen>; did you mean 'restore-focus'?"])
    }

    /// Elements with more attributes than the reader's list first holds, between elements with fewer:
    /// every attribute reaches the builder, and none is left over from a longer element.
    @Test func manyAttributesOnOneElementAllArrive() {
        let many = (0..<40).map { " extra\($0)=\"\($0)\"" }.joined()
        let a = audit(
            """
            <app><screen id="s">
              <Button id="a" label="A"\(many)/>
              <Button id="b" label="B" colour="red"/>
              <Text\(many) text="t"/>
            </screen></app>
            """)
        let unknown = a.findings.filter { $0.message.hasPrefix("unknown attribute") }
        // Each finding points at its element's start tag; findings at one place are in the order of
        // their messages.
        let extras = (0..<40).map { "extra\($0)" }.sorted()
        let expected = extras + ["colour"] + extras
        #expect(unknown.map { String($0.message.split(separator: "'")[1]) } == expected)
        #expect(unknown.map(\.location.description) == Array(repeating: "2:3", count: 40) + ["3:3"] + Array(repeating: "4:3", count: 40))
    }

    @Test func elementPathsCountSameTypeSiblingsAndEscapeIds() {
        let a = audit(
            """
            <app><screen id="s">
              <Text>a</Text><Button id="x/y[1]" label="b" destination="n1"/><Text>c</Text>
              <VStack><Button label="d" destination="n2"/><Button label="e" destination="n3"/></VStack>
            </screen></app>
            """)
        let paths = a.findings.filter { $0.rule == RuleID.unknownDestination }.map(\.element)
        #expect(paths == ["screen[s]/Button[x\\/y\\[1\\]]", "screen[s]/VStack[1]/Button[1]", "screen[s]/VStack[1]/Button[2]"])
    }

    @Test func sameInputSameOutput() {
        let xml =
            "<app><screen id=\"a\" title=\"A\"><NavigationLink destination=\"b\"><Text>b</Text></NavigationLink></screen><screen id=\"b\"/><screen id=\"c\"/></app>"
        #expect(audit(xml).findings == audit(xml).findings)
    }
}
