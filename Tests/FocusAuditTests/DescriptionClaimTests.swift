import Foundation
import Testing

@testable import FocusAudit

/// What says it is a description, read leniently from files that failed to parse.
@Suite struct DescriptionClaimTests {
    static func claims(_ file: String, _ text: String) -> Bool {
        DescriptionClaim.claims(file: file, bytes: Array(text.utf8))
    }

    @Test(arguments: [
        ("{\"screens\": [", true),
        ("\u{FEFF}{ // comment\n \"name\": \"x\", /* more */ \"screens\" : [ {,", true),
        ("{\"$schema\": \"../docs/focusaudit.schema.json\", \"name\": ,", true),
        ("{\"a\": {\"screens\": []}, // not at the top level\n}", false),
        ("{\"a\": \"screens\", }", false),
        ("{\n  // strict mode\n  \"compilerOptions\": { \"strict\": true, },\n}", false),
        ("{ screens: [1,], }", false),
        ("[\"screens\"]", false),
        ("", true),
        (" \n\t", true),
        ("garbage", false),
        ("{\"images\": [], \"info\": {\"version\": 1}}", false),
        ("{\"key\": \"a \\\"screens\\\": b\", ", false),
    ])
    func json(text: String, expected: Bool) {
        #expect(Self.claims("x.json", text) == expected, "\(text)")
    }

    @Test(arguments: [
        ("<app name=\"x\"><screen>", true),
        ("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- note -->\n<!DOCTYPE app [<!ENTITY a \"<b>\">]>\n<app>", true),
        ("<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes>", true),
        ("<document type=\"something else\">", false),
        ("<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist><dict><key>", false),
        ("<Scheme LastUpgradeVersion=\"1500\"><BuildAction>", false),
        ("<application>", false),
        ("<!-- <app> in a comment --><plist>", false),
        ("not xml <app>", false),
        ("", true),
        // Ends before its first element: a description cut off after its first lines.
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", true),
        ("<?xml version=\"1.0\"?>\n<!-- focusaudit:disable-file unlabeled_control -->\n", true),
        ("<?xml version=\"1.0\"?>\n<!-- cut off inside a comm", true),
        ("<?xml version=\"1.0\"?>\n<", true),
        ("<?xml version=\"1.0\"?>\n< app>", false),
    ])
    func xml(text: String, expected: Bool) {
        #expect(Self.claims("x.xml", text) == expected, "\(text)")
    }

    /// A head of a larger file that ends before the first element says nothing about the rest.
    @Test func aHeadThatEndsBeforeTheFirstElementDoesNotClaim() {
        let head = Array("<?xml version=\"1.0\"?>\n<!-- a long comment".utf8)
        #expect(DescriptionClaim.claims(file: "x.xml", bytes: head, complete: true))
        #expect(!DescriptionClaim.claims(file: "x.xml", bytes: head, complete: false))
    }

    @Test func interfaceBuilderFilesAlwaysClaim() {
        #expect(Self.claims("Main.storyboard", "not even xml"))
        #expect(Self.claims("Cell.XIB", ""))
    }
}

/// The progress line: nothing before its delay, then the count and the time, erased at the end.
@Suite struct ProgressLineTests {
    static func captured(_ body: (Int32) -> Void) throws -> String {
        var template = Array("/tmp/focusaudit-progress-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        let path = String(cString: template)
        defer { unlink(path) }
        body(fd)
        close(fd)
        return TextFile.read(path) ?? ""
    }

    @Test func showsCountAndTimeAfterTheDelayAndErasesItself() throws {
        let text = try Self.captured { fd in
            let line = ProgressLine(descriptor: fd, inPlace: true, delay: 0, interval: 0.01)
            line.setTotal(3)
            line.fileDone()
            line.start()
            usleep(100_000)
            line.fileDone(2)
            usleep(100_000)
            line.finish()
        }
        #expect(text.hasPrefix("\rfocusaudit: 1/3 files, 0."), "\(text.debugDescription)")
        #expect(text.contains("focusaudit: 3/3 files, 0."), "\(text.debugDescription)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "the line is erased at the end: \(text.debugDescription)")
    }

    @Test func aShortRunShowsNothing() throws {
        let text = try Self.captured { fd in
            let line = ProgressLine(descriptor: fd, inPlace: true, delay: 1.0)
            line.setTotal(1)
            line.start()
            line.fileDone()
            line.finish()
        }
        #expect(text.isEmpty, "\(text.debugDescription)")
    }

    @Test func outsideATerminalItWritesWholeLines() throws {
        let text = try Self.captured { fd in
            let line = ProgressLine(descriptor: fd, inPlace: false, delay: 0, interval: 0.05)
            line.setTotal(2)
            line.start()
            usleep(120_000)
            line.finish()
        }
        #expect(!text.contains("\r") && !text.contains("\u{1B}"))
        #expect(text.hasPrefix("focusaudit: 0/2 files, 0.0 s\n"), "\(text.debugDescription)")
    }
}
