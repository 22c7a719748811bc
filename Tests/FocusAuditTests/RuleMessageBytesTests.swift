import TestSupport
import Testing

@testable import FocusAudit

/// Messages that rules write as bytes straight into the findings are the messages the general way
/// (an interpolated string, reported with `add(at:element:_:)`) gives.
@Suite struct RuleMessageBytesTests {
    /// `unlabeled_control`'s message as it was built from interpolated strings.
    private func interpolatedNoName(_ control: ElementInfo, asset: String?) -> String {
        let what = "\(MessageText.quoted(control.type))\(control.id.map { " '\(MessageText.quoted($0))'" } ?? "")"
        let heard =
            asset.map { "VoiceOver reads the asset name \"\(MessageText.quoted($0))\" instead" }
            ?? "VoiceOver announces only its role"
        return "\(what) has no accessible name: \(heard); add an accessibilityLabel that says what it does"
    }

    private func screens(_ text: String, file: String) -> [Screen] {
        final class Screens: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: consuming Screen) { screens.append(screen) }
        }
        let sink = Screens()
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(text.utf8)), fileName: file, sink: sink)
        return sink.screens
    }

    @Test func unlabeledControlsMessageBytesAreTheInterpolatedMessage() {
        let long = String(repeating: "긴이름", count: 40)
        let xml = """
            <app>
            <screen id="s">
            <Button id="plain"/><Toggle/><Button id="\(long)"/><Slider id="it's &amp; \\ back"/>
            <Button id="a"><Image asset="icon_\(long)"/></Button><Image id="i" asset="photo" on-tap="true"/>
            <\(String(repeating: "Custom", count: 40)) id="x" on-tap="true"/>
            </screen>
            </app>
            """
        let assets: [String?] = [nil, "icon_search", "사진", String(repeating: "a", count: 300), "quote\"d"]
        var compared = 0
        for screen in screens(xml, file: "m.xml") {
            let analysis = ScreenAnalysis(screen: screen)
            analysis.forEachElement { _, element in
                for asset in assets {
                    let bytes = UnlabeledControlRule.noName(element, asset: asset)
                    #expect(Array(bytes.utf8) == Array(interpolatedNoName(element, asset: asset).utf8))
                    compared += 1
                }
            }
        }
        #expect(compared >= 7 * assets.count)
    }

    /// A finding whose message is written as bytes is the finding reported with the message as a
    /// string, framed by its Interface Builder scene's name where it has one.
    @Test func aMessageWrittenAsBytesIsReportedAsTheSameMessageAsAString() {
        let storyboard = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
            <scenes><scene sceneID="s1"><objects>
            <viewController id="vc" title="설정" customClass="SettingsViewController" sceneMemberID="viewController">
            <view key="view" id="v"><subviews><button id="b"/></subviews></view>
            </viewController></objects></scene></scenes></document>
            """
        let read = screens(storyboard, file: "Main.storyboard")
        #expect(read.count == 1)
        let scenes = SceneNames(read)
        let element = read[0].path + "/View[v]/Button[b]"
        for (message, elementPath) in [
            ("Button 'b' has no accessible name: \"따옴표\"", element), ("plain", "screen[other]/Button[1]"),
        ] {
            var asString = FindingCollector(ruleID: RuleID.unlabeledControl, severity: .error, scenes: scenes)
            asString.add(at: SourceLocation(line: 3, column: 4), element: elementPath, message)
            var asBytes = FindingCollector(ruleID: RuleID.unlabeledControl, severity: .error, scenes: scenes)
            asBytes.add(at: SourceLocation(line: 3, column: 4), element: elementPath) { $0.append(message) }
            let one = asString.takeFindings().map { "\($0.rule) \($0.location) \($0.element) \($0.message)" }
            let two = asBytes.takeFindings().map { "\($0.rule) \($0.location) \($0.element) \($0.message)" }
            #expect(one.count == 1 && one == two)
        }
    }
}

/// `focus_lost_on_return`'s messages are written as bytes (`writeNotRestored`, `writeNothingRecorded`);
/// they must be the bytes of the messages made as strings (`notRestored`, `nothingRecorded`).
@Suite struct FocusLostMessageBytesTests {
    private func bytes(_ write: (inout UTF8Builder) -> Void) -> [UInt8] {
        UTF8Builder.withBytes(write) { Array($0) }
    }

    /// Apps of screens with and without titles (Korean, long, blank), links with names, ids and
    /// neither, to screens that exist and that do not, 1–9 links a screen (more than the five a
    /// message lists): every screen's journeys, in every combination of pushes and modals.
    @Test func messagesWrittenAsBytesAreTheMessagesMadeAsStrings() {
        var generator = SplitMix(seed: 101)
        let titles = ["", " title=\"친구 목록\"", " title=\" \"", " title=\"A very long screen title that is cut short somewhere\""]
        var compared = 0
        for _ in 0..<40 {
            let count = 2 + Int(generator.next() % 6)
            var xml = "<app>\n"
            for s in 0..<count {
                xml += "<screen id=\"s\(s)\"\(titles[Int(generator.next() % 4)])>\n"
                for l in 0..<(1 + Int(generator.next() % 9)) {
                    let target = generator.next() % 5 == 0 ? "nowhere" : "s\(Int(generator.next() % UInt64(count)))"
                    let kind = ["push", "sheet", "destination"][Int(generator.next() % 3)]
                    switch generator.next() % 3 {
                    case 0: xml += "<Button id=\"b\(l)\" \(kind)=\"\(target)\" label=\"다음 \(l)\"/>\n"
                    case 1: xml += "<NavigationLink \(kind)=\"\(target)\"><Text>행 \(l)</Text></NavigationLink>\n"
                    default: xml += "<Button \(kind)=\"\(target)\"/>\n"
                    }
                }
                xml += "</screen>\n"
            }
            xml += "</app>\n"
            let audit = Auditor.audit(text: xml, file: "t.xml")
            let graph = audit.graph
            var byScreen: [Int: [Journey]] = [:]
            for journey in audit.journeys { byScreen[journey.link.screen, default: []].append(journey) }
            for (index, journeys) in byScreen {
                let screen = graph.screens[index]
                // As the rule writes them: the destinations' names looked up first.
                let targets = FocusLostOnReturnRule.listedTargets(journeys, graph)
                for vocabulary in [FixVocabulary.description, .swiftUI] {
                    for (pushes, modals) in [(true, false), (false, true), (true, true), (false, false)] {
                        let string = FocusLostOnReturnRule.notRestored(
                            screen, journeys: FocusLostOnReturnRule.list(journeys, graph), pushes: pushes, modals: modals,
                            in: vocabulary)
                        let written = bytes {
                            FocusLostOnReturnRule.writeNotRestored(
                                screen, journeys: journeys, targets: targets, pushes: pushes, modals: modals, in: vocabulary,
                                to: &$0)
                        }
                        #expect(written == Array(string.utf8), "\(string)")
                    }
                    let string = FocusLostOnReturnRule.nothingRecorded(
                        screen, journeys: FocusLostOnReturnRule.list(journeys, graph), in: vocabulary)
                    let written = bytes {
                        FocusLostOnReturnRule.writeNothingRecorded(screen, journeys: journeys, targets: targets, in: vocabulary, to: &$0)
                    }
                    #expect(written == Array(string.utf8), "\(string)")
                }
                compared += 1
            }
        }
        #expect(compared > 100)
    }
}
