import Testing

@testable import FocusAudit

/// A storyboard whose scenes start on line 3 (the document tag is line 1, `<scenes>` line 2).
private func storyboard(_ scenes: String, initial: String = "a") -> String {
    """
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="\(initial)">
    <scenes>
    \(scenes)
    </scenes>
    </document>
    """
}

/// One scene holding controller `id` with the given subviews.
private func scene(_ id: String, _ subviews: String, extra: String = "", attributes: String = "") -> String {
    """
    <scene sceneID="s-\(id)"><objects>
    <viewController id="\(id)" \(attributes) sceneMemberID="viewController">
    <view key="view" id="v-\(id)"><subviews>
    \(subviews)
    </subviews></view>
    \(extra)
    </viewController>
    </objects></scene>
    """
}

private func sb(_ text: String) -> FileAudit {
    audit(text, file: "Main.storyboard")
}

private func findings(_ a: FileAudit, _ rule: String) -> [String] {
    a.findings.filter { $0.rule == rule }.compactMap { $0.element.split(separator: "/").last.map(String.init) }
}

@Suite struct StoryboardTests {
    @Test func imageOnlyButtonIsUnlabeled() {
        let a = sb(storyboard(scene("a", #"<button id="b1"><state key="normal" image="icon_search"/></button>"#)))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b1]"])
        #expect(a.findings.first?.message.contains("icon_search") == true)
    }

    @Test func sfSymbolButtonHasOnlyASymbolName() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button id="b1"><state key="normal" image="star" catalog="system"/></button>
                    <button id="b2"><state key="normal" image="heart"/></button>
                    """#) + #"<resources><image name="heart" catalog="system" width="1" height="1"/></resources>"#))
        #expect(findings(a, RuleID.symbolOnlyLabel) == ["Button[b1]", "Button[b2]"])
        #expect(findings(a, RuleID.unlabeledControl).isEmpty)
    }

    @Test func backgroundImageOnlyButtonIsUnlabeled() {
        let a = sb(storyboard(scene("a", #"<button id="b1" buttonType="custom"><state key="normal" backgroundImage="bg"/></button>"#)))
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b1]"])
    }

    @Test func barButtonItems() {
        let a = sb(
            storyboard(
                scene(
                    "a", "",
                    extra: #"""
                        <navigationItem key="navigationItem" title="친구" id="n1">
                          <barButtonItem key="leftBarButtonItem" image="icon_menu" id="i1"/>
                          <barButtonItem key="rightBarButtonItem" systemItem="add" id="i2"/>
                        </navigationItem>
                        <toolbarItems>
                          <barButtonItem title="편집" id="i3"/>
                          <barButtonItem style="plain" systemItem="flexibleSpace" id="i4"/>
                        </toolbarItems>
                        """#)))
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[i1]"])
    }

    @Test func controlInATableViewCell() {
        let a = sb(
            storyboard(
                """
                <scene sceneID="s"><objects>
                <tableViewController id="a" sceneMemberID="viewController">
                <tableView key="view" id="t"><prototypes>
                <tableViewCell id="c1"><tableViewCellContentView key="contentView" id="cv">
                <subviews>
                  <label text="김철수" id="l1"/>
                  <button id="b1"><state key="normal" image="icon_call"/></button>
                  <switch id="sw1"/>
                </subviews></tableViewCellContentView>
                <connections><segue destination="b" kind="show" id="sg"/></connections>
                </tableViewCell>
                </prototypes></tableView>
                </tableViewController>
                </objects></scene>
                """ + scene("b", "")))
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b1]", "Toggle[sw1]"])
        // The cell's selection is a link named by its label, and the journey back is simulated.
        #expect(a.journeys.count == 1)
        #expect(a.journeys.first?.link.displayName == "\"김철수\"")
        #expect(a.journeys.first?.isLost == false)
    }

    @Test func labelledControlsAreSilent() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button id="b1"><state key="normal" title="보내기"/></button>
                    <button id="b2"><buttonConfiguration key="configuration" style="filled" title="저장"/></button>
                    <button id="b3"><state key="normal" image="icon_clip"/><accessibility key="accessibilityConfiguration" label="첨부"/></button>
                    <button id="b4"><state key="normal" image="icon_msg"/>
                      <userDefinedRuntimeAttributes>
                        <userDefinedRuntimeAttribute type="string" keyPath="accessibilityLabel" value="메시지"/>
                      </userDefinedRuntimeAttributes>
                    </button>
                    <button id="b5" buttonType="infoLight"/>
                    <button id="b6"><state key="normal"><attributedString key="attributedTitle"><fragment content="더 보기"/></attributedString></state></button>
                    <switch id="s1"><accessibility key="accessibilityConfiguration" label="알림"/></switch>
                    <segmentedControl id="p1"><segments><segment title="A"/></segments><accessibility key="accessibilityConfiguration" label="범위"/></segmentedControl>
                    <button id="b7" hidden="YES"><state key="normal" image="x"/><accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility></button>
                    """#)))
        // Its titled button keeps Interface Builder's fixed default font (fixed_font_size), not at issue here.
        let others = a.findings.filter { $0.rule != RuleID.fixedFontSize }
        #expect(others.isEmpty, "\(others.map(\.message))")
    }

    @Test func placeholderUserLabelAndIdentifierAreNotLabels() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <textField placeholder="이름" id="t1"><textInputTraits key="textInputTraits"/></textField>
                    <textField placeholder="비밀번호" id="t2"><textInputTraits key="textInputTraits" secureTextEntry="YES"/></textField>
                    <button id="b1" userLabel="Search Button"><state key="normal" image="icon_search"/>
                      <accessibility key="accessibilityConfiguration" identifier="searchButton"/></button>
                    <slider id="sl" value="0.5" minValue="0" maxValue="1"/>
                    """#)))
        #expect(findings(a, RuleID.unlabeledControl) == ["TextField[t1]", "SecureField[t2]", "Button[b1]", "Slider[sl]"])
    }

    @Test func editableTextViewsNeedALabelReadOnlyOnesAreText() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <textView id="tv1" text="메모를 입력하세요"/>
                    <textView id="tv2"><string key="text">긴 메모</string>
                      <accessibility key="accessibilityConfiguration" label="메모"/></textView>
                    <textView id="tv3" editable="NO" text="약관 전문"/>
                    <textView id="tv4" editable="NO"><string key="text">사진 설명</string></textView>
                    <textView id="tv5" editable="NO" text="숨은 글">
                      <accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility></textView>
                    """#)))
        #expect(a.error == nil)
        // An editable text view reads its text as its value, like a text field: it needs a label.
        #expect(findings(a, RuleID.unlabeledControl) == ["TextField[tv1]"])
        // Read-only text views are text: named by their text, which repeats no role here.
        #expect(a.findings.map(\.rule) == [RuleID.unlabeledControl])
    }

    @Test func readOnlyTextViewNamesTheCellSelection() {
        let cell = { (editable: String) in
            sb(
                storyboard(
                    """
                    <scene sceneID="s"><objects>
                    <tableViewController id="a" sceneMemberID="viewController">
                    <tableView key="view" id="t"><prototypes>
                    <tableViewCell id="c1"><tableViewCellContentView key="contentView" id="cv">
                    <subviews><textView id="tv" \(editable) text="공지사항"/></subviews></tableViewCellContentView>
                    <connections><segue destination="b" kind="show" id="sg"/></connections>
                    </tableViewCell>
                    </prototypes></tableView>
                    </tableViewController>
                    </objects></scene>
                    """ + scene("b", "")))
        }
        // Read-only, its text names the cell's selection, as a label's would.
        #expect(cell(#"editable="NO""#).journeys.first?.link.displayName == "\"공지사항\"")
        // Editable, its text is a value: the selection has no name, and the text view none either.
        #expect(findings(cell(""), RuleID.unlabeledControl) == ["Button[1]", "TextField[tv]"])
    }

    @Test func showSegueMakesAJourneyToTheControllerID() {
        let a = sb(
            storyboard(
                scene("a", #"<button id="b1"><state key="normal" title="채팅"/><connections><segue destination="b" kind="show" id="g1"/></connections></button>"#)
                    + scene("b", "", extra: #"<navigationItem key="navigationItem" title="채팅" id="n"/>"#)))
        // Its titled button keeps Interface Builder's fixed default font (fixed_font_size), not at issue here.
        let others = a.findings.filter { $0.rule != RuleID.fixedFontSize }
        #expect(others.isEmpty, "\(others.map(\.message))")
        #expect(a.journeys.count == 1)
        let journey = a.journeys[0]
        #expect(journey.link.navigation.target == "b")
        #expect(journey.link.navigation.presentation == .push)
        #expect(!journey.isLost)
        #expect(a.graph.screens.map(\.id) == ["a", "b"])
        #expect(a.graph.screens[1].title == "채팅")
    }

    @Test func unknownSegueDestinationIsReported() {
        let a = sb(
            storyboard(
                scene(
                    "a", #"<button id="b1"><state key="normal" title="채팅"/><connections><segue destination="zzz" kind="show" id="g1"/></connections></button>"#)
            ))
        #expect(findings(a, RuleID.unknownDestination) == ["Button[b1]"])
    }

    @Test func legacyPushAndModalSegues() {
        // Xcode 4/5 storyboards: `push` and `modal` kinds, titles on `<state>`.
        let text = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="4514" systemVersion="12F45" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="nav">
                <dependencies><plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="3747"/></dependencies>
                <scenes>
                    <scene sceneID="s1"><objects>
                        <navigationController definesPresentationContext="YES" id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"/>
                            <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="r"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s2"><objects>
                        <viewController id="list" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="v"><subviews>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="roundedRect" id="next">
                                    <state key="normal" title="Next"><color key="titleShadowColor" white="0.5" alpha="1" colorSpace="calibratedWhite"/></state>
                                    <connections><segue destination="detail" kind="push" id="p"/></connections>
                                </button>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="roundedRect" id="about">
                                    <state key="normal" image="about.png"/>
                                    <connections><segue destination="info" kind="modal" id="m"/></connections>
                                </button>
                            </subviews></view>
                            <navigationItem key="navigationItem" title="List" id="ni"/>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="s3"><objects><viewController id="detail" sceneMemberID="viewController"><view key="view" id="v2"/></viewController></objects></scene>
                    <scene sceneID="s4"><objects><viewController id="info" sceneMemberID="viewController"><view key="view" id="v3"/></viewController></objects></scene>
                </scenes>
                <simulatedMetricsContainer key="defaultSimulatedMetrics"><simulatedStatusBarMetrics key="statusBar"/></simulatedMetricsContainer>
            </document>
            """
        let a = sb(text)
        #expect(a.error == nil)
        #expect(a.journeys.map(\.link.navigation.presentation) == [.push, .sheet])
        #expect(a.journeys.map(\.link.navigation.target) == ["detail", "info"])
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[about]"])
        #expect(findings(a, RuleID.unreachableScreen).isEmpty)
        #expect(positions(a, RuleID.unlabeledControl) == ["18:21"])
    }

    @Test func relationshipSeguesAndPlaceholdersAreReachableButNotJourneys() {
        let a = sb(
            storyboard(
                """
                <scene sceneID="t"><objects>
                <tabBarController id="tab" sceneMemberID="viewController">
                <tabBar key="tabBar" id="tb"/>
                <connections>
                  <segue destination="nav" kind="relationship" relationship="viewControllers" id="r1"/>
                  <segue destination="ext" kind="relationship" relationship="viewControllers" id="r2"/>
                </connections>
                </tabBarController></objects></scene>
                <scene sceneID="n"><objects>
                <navigationController id="nav" sceneMemberID="viewController">
                <tabBarItem key="tabBarItem" title="친구" image="person" catalog="system" id="ti1"/>
                <navigationBar key="navigationBar" id="nb"/>
                <connections><segue destination="home" kind="relationship" relationship="rootViewController" id="r3"/></connections>
                </navigationController></objects></scene>
                <scene sceneID="p"><objects>
                <viewControllerPlaceholder storyboardName="Settings" id="ext" sceneMemberID="viewController">
                  <tabBarItem key="tabBarItem" image="gear" id="ti2"/>
                </viewControllerPlaceholder></objects></scene>
                """ + scene("home", "") + scene("orphan", ""), initial: "tab"))
        #expect(a.error == nil)
        #expect(a.journeys.isEmpty)
        #expect(a.graph.screens.map(\.id) == ["tab", "nav", "ext", "home", "orphan"])
        #expect(findings(a, RuleID.unreachableScreen) == ["screen[orphan]"])
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[ti2]"])
    }

    @Test func seguesFiredFromCodeAndStoryboardIDsCountForReachability() {
        let a = sb(
            storyboard(
                scene("a", "", extra: #"<connections><segue destination="b" kind="show" identifier="toB" id="g"/></connections>"#)
                    + scene("b", "") + scene("c", "", attributes: #"storyboardIdentifier="Profile""#)
                    + scene("d", "")))
        #expect(a.journeys.isEmpty)
        #expect(findings(a, RuleID.unreachableScreen) == ["screen[d]"])
    }

    @Test func tieBreakerSegueReferencesAreNotSegues() {
        let a = sb(
            storyboard(scene("a", "") + scene("b", "")).replacing(
                "</document>",
                with: #"<inferredMetricsTieBreakers><segue reference="zzz"/><segue destination="b" kind="show"/></inferredMetricsTieBreakers></document>"#))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.unknownDestination).isEmpty)
        #expect(findings(a, RuleID.unreachableScreen) == ["screen[b]"])
    }

    @Test func findingsPointAtTheStartTag() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
              <scenes><scene sceneID="s"><objects>
                <viewController id="a" sceneMemberID="viewController">
                  <view key="view" id="v"><subviews>
                    <label text="프로필" id="l"/>  <button
                        opaque="NO" id="b1">
                      <state key="normal" image="icon"/>
                    </button>
                  </subviews></view>
                </viewController>
              </objects></scene></scenes>
            </document>
            """
        let a = sb(text)
        #expect(positions(a, RuleID.unlabeledControl) == ["5:37"])
        #expect(a.findings.first?.element == "screen[a]/View[v]/Button[b1]")
    }

    @Test func messagesNameTheSceneByClassThenTitleThenID() {
        let a = sb(
            storyboard(
                scene("a", #"<button id="b1"><state key="normal" image="icon_a"/></button>"#, attributes: #"customClass="FriendsViewController""#)
                    + scene(
                        "b", #"<button id="b2"><state key="normal" image="icon_b"/></button>"#,
                        extra: #"<navigationItem key="navigationItem" title="채팅" id="n"/>"#)
                    + scene("c", #"<button id="b3"><state key="normal" image="icon_c"/></button>"#)
                    + scene("d", "", attributes: #"customClass="DebugViewController" title="Debug""#)))
        let unlabeled = a.findings.filter { $0.rule == RuleID.unlabeledControl }
        #expect(
            unlabeled.map(\.message) == [
                "FriendsViewController: Button 'b1' has no accessible name: VoiceOver reads the asset name \"icon_a\" instead; add an accessibilityLabel that says what it does",
                "scene \"채팅\": Button 'b2' has no accessible name: VoiceOver reads the asset name \"icon_b\" instead; add an accessibilityLabel that says what it does",
                "scene c: Button 'b3' has no accessible name: VoiceOver reads the asset name \"icon_c\" instead; add an accessibilityLabel that says what it does",
            ])
        // Element paths (and so baselines) still use the controller ids.
        #expect(unlabeled.map(\.element) == ["screen[a]/View[v-a]/Button[b1]", "screen[b]/View[v-b]/Button[b2]", "screen[c]/View[v-c]/Button[b3]"])
        // Screen-level findings name the scene in their sentence, without a prefix.
        let unreachable = a.findings.filter { $0.rule == RuleID.unreachableScreen }
        #expect(
            unreachable.map(\.message) == [
                "no root screen reaches scene \"채팅\"; connect a segue to it, or give it a Storyboard ID if code creates it",
                "no root screen reaches scene c; connect a segue to it, or give it a Storyboard ID if code creates it",
                "no root screen reaches DebugViewController (\"Debug\"); connect a segue to it, or give it a Storyboard ID if code creates it",
            ])
    }

    @Test func lostJourneysNameTheControlAndTheDestinationScene() throws {
        var configuration = Configuration()
        configuration.uikitFocus = .none
        let text = storyboard(
            scene(
                "a",
                #"<label text="목록" id="l"/><button id="b1"><state key="normal" title="채팅"/><connections><segue destination="b" kind="show" id="g"/></connections></button>"#,
                attributes: #"customClass="FriendsViewController""#)
                + scene("b", "", attributes: #"customClass="ChatViewController""#))
        let a = audit(text, file: "Main.storyboard", configuration: configuration)
        let message = try #require(a.findings.first { $0.rule == RuleID.focusLostOnReturn }?.message)
        #expect(
            message.hasPrefix(
                "returning to FriendsViewController puts VoiceOver focus on \"목록\" (l), not on the control that was activated: \"채팅\" (b1) → ChatViewController;"
            ))
        #expect(message.contains("UIAccessibility.post"))
        #expect(!message.contains("restore-focus"))
    }

    @Test func descriptionMessagesHaveNoScenePrefix() {
        let a = audit(#"<app><screen id="a"><Button id="b"><Image asset="x"/></Button></screen></app>"#)
        #expect(
            a.findings.map(\.message) == [
                "Button 'b' has no accessible name: VoiceOver reads the asset name \"x\" instead; add an accessibilityLabel that says what it does"
            ])
        #expect(ElementPath.screenStep(of: "screen[a\\/b]/Button[c]") == "screen[a\\/b]")
        #expect(ElementPath.screenStep(of: "screen[a]") == nil)
    }

    @Test func suppressionCommentsApplyToTheNextControllerOrView() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <!-- focusaudit:disable unlabeled_control -->
                    <button id="b1"><state key="normal" image="icon_a"/></button>
                    <button id="b2"><state key="normal" image="icon_b"/></button>
                    """#)
                    + "<!-- focusaudit:disable unreachable_screen, unlabeled_control -->\n"
                    + scene("b", #"<button id="b3"><state key="normal" image="icon_c"/></button>"#)
                    + scene("c", "")))
        // b1 is silenced by the comment before it; b3 and scene b by the comment before its <scene>.
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b2]"])
        #expect(findings(a, RuleID.unreachableScreen) == ["screen[c]"])
        #expect(findings(a, RuleID.superfluousSuppression).isEmpty)
        #expect(findings(a, RuleID.invalidDescription).isEmpty)
    }

    @Test func processingInstructionsAndTextBreakASuppressionsLink() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <!-- focusaudit:disable unlabeled_control -->
                    <?editor note?>
                    <button id="b1"><state key="normal" image="icon_a"/></button>
                    <!-- focusaudit:disable unlabeled_control -->stray text
                    <button id="b2"><state key="normal" image="icon_b"/></button>
                    <?editor before?><!-- focusaudit:disable unlabeled_control --><!-- note -->
                    <button id="b3"><state key="normal" image="icon_c"/></button>
                    <view id="v1"><subviews><!-- focusaudit:disable unlabeled_control --></subviews></view>
                    <button id="b4"><state key="normal" image="icon_d"/></button>
                    """#)
                    + "\n<!-- focusaudit:disable unreachable_screen -->\n<?editor keep?>\n"
                    + scene("c", "")))
        // Only white space and comments may stand between a comment and its element: b3 and
        // nothing else is silenced, and each broken comment is reported where it is written.
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b1]", "Button[b2]", "Button[b4]"])
        #expect(findings(a, RuleID.unreachableScreen) == ["screen[c]"])
        #expect(positions(a, RuleID.superfluousSuppression) == ["6:1", "9:1", "13:25", "19:1"])
    }

    @Test func disableFileAndBadSuppressionsInStoryboards() {
        let text = storyboard(
            "<!-- focusaudit:disable-file symbol_only_label -->\n"
                + scene(
                    "a",
                    #"""
                    <button id="b1"><state key="normal" image="star" catalog="system"/></button>
                    <!-- focusaudit:disable unlabeled_contrl -->
                    <button id="b2"><state key="normal" title="OK"/></button>
                    <button id="b3"><!-- focusaudit:disable unlabeled_control --><state key="normal" image="x"/></button>
                    <!-- focusaudit:enable unlabeled_control -->
                    <label text="t" id="l"/>
                    """#))
        let a = sb(text)
        #expect(findings(a, RuleID.symbolOnlyLabel).isEmpty)
        // A misspelt id is invalid, with a suggestion, at the comment.
        let invalid = a.findings.filter { $0.rule == RuleID.invalidDescription }
        #expect(invalid.map(\.message).first == "unknown rule id 'unlabeled_contrl' in a suppression; did you mean 'unlabeled_control'?")
        #expect(invalid.map { "\($0.location.line):\($0.location.column)" } == ["8:1", "11:1"])
        #expect(invalid.last?.message.hasPrefix("unknown focusaudit directive 'enable'") == true)
        // A comment inside a button, before its <state>, applies to nothing: it is reported, never silent.
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b3]"])
        #expect(positions(a, RuleID.superfluousSuppression) == ["10:17"])
    }

    @Test func splitViewCollectionViewAndEverySegueKind() {
        let a = Auditor.audit(file: fixturesDirectory + "/Split.storyboard", configuration: Configuration())
        #expect(a.error == nil)
        #expect(a.graph.screens.map(\.id) == ["spl-vc-001", "alb-vc-001", "det-vc-001", "inf-vc-001", "flt-vc-001"])
        // master/detail relationships and the embed segue reach every scene; none is a journey.
        #expect(findings(a, RuleID.unreachableScreen).isEmpty)
        // The collection view cell's showDetail segue is a push named by the cell's label; the bar
        // button item's popoverPresentation a sheet; the unwind segue makes Apply a dismiss control.
        #expect(a.journeys.map(\.link.displayName) == ["\"Holidays\"", "bbi-flt-001"])
        #expect(a.journeys.map(\.link.navigation.presentation) == [.push, .sheet])
        #expect(a.journeys.map(\.link.navigation.target) == ["det-vc-001", "flt-vc-001"])
        let embed = a.graph.links.first { $0.navigation.target == "inf-vc-001" }
        #expect(embed?.isHidden == true)
        // A control marked isElement NO is hidden from VoiceOver, and a hint is not a name.
        #expect(!a.findings.contains { $0.element.hasSuffix("Button[btn-dec-001]") })
        #expect(findings(a, RuleID.unlabeledControl).contains("Button[btn-del-001]"))
        // The scene's top-level view beside the controller is in no view hierarchy, and no outlet
        // names it: it is never on screen, so it is not audited.
        #expect(!a.findings.contains { $0.element.contains("hdr-vw-001") })
    }

    @Test func aViewWithTheButtonTraitIsAControlNamedOnlyByItsLabel() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <view id="v1"><subviews><label text="Show filters" id="l1"/><button id="b0"><accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility></button></subviews>
                      <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view id="v2"><subviews><button id="b1"/></subviews>
                      <accessibility key="accessibilityConfiguration" label="Folder"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view id="v3">
                      <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" link="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view id="v4"><subviews><label text="Plain" id="l4"/></subviews>
                      <accessibility key="accessibilityConfiguration"><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view id="v5"><accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" button="YES"/></accessibility></view>
                    """#,
                    extra: #"<connections><outlet property="linkView" destination="v3" id="o1"/></connections>"#)))
        // VoiceOver reads v1, v2 and v3 as controls; a plain view's subviews give it no label, and
        // the button inside v2 is not reached (b0 in v1 is turned off on purpose). v4 has no button
        // trait, v5 is not an element.
        #expect(findings(a, RuleID.unlabeledControl) == ["View[v1]", "View[v3]"])
        #expect(findings(a, RuleID.nestedControl) == ["Button[b1]"])
        #expect(a.findings.filter { $0.rule == RuleID.unlabeledControl }.map(\.severity) == [.error, .warning])
        #expect(positions(a, RuleID.unlabeledControl) == ["6:1", "12:1"])
    }

    @Test func xcodesPlaceholderButtonTitleIsNotANameWhenCodeCanRetitleTheButton() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button id="b1"><state key="normal" title="Button"/></button>
                    <button id="b2"><state key="normal" title="Button"/></button>
                    <button id="b3"><state key="normal" title="Button"/><accessibility key="accessibilityConfiguration" label="Reset"/></button>
                    """#,
                    extra: #"<connections><outlet property="defaultButton" destination="b1" id="o1"/>"#
                        + #"<outlet property="resetButton" destination="b3" id="o3"/></connections>"#)))
        // b1's title is set in code (an outlet names it): it may be titled there, so it is reported
        // as such, not as a name that repeats its role. b2 cannot be retitled: VoiceOver reads
        // "Button, button". b3 is labelled.
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b1]"])
        #expect(a.findings.first { $0.rule == RuleID.unlabeledControl }?.severity == .warning)
        #expect(a.findings.first { $0.rule == RuleID.unlabeledControl }?.message.contains("outlet 'defaultButton'") == true)
        #expect(findings(a, RuleID.redundantTraitInLabel) == ["Button[b2]"])
    }

    @Test func anOutletButtonWithXcodesPlaceholderTitleIsNotSaidToHaveNoTitle() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button id="b1"><state key="normal" title="Button"/></button>
                    <button id="b2"/>
                    <button id="b3"><state key="normal" title="Button"/><buttonConfiguration key="configuration" style="plain" title="Button"/></button>
                    """#,
                    extra: #"<connections><outlet property="defaultButton" destination="b1" id="o1"/>"#
                        + #"<outlet property="emptyButton" destination="b2" id="o2"/>"#
                        + #"<outlet property="saveButton" destination="b3" id="o3"/></connections>"#)))
        let messages = Dictionary(
            uniqueKeysWithValues: a.findings.filter { $0.rule == RuleID.unlabeledControl }.map { ($0.element.split(separator: "/").last!, $0.message) })
        let placeholder = messages["Button[b1]"] ?? ""
        #expect(!placeholder.contains("no title"), "\(placeholder)")
        #expect(
            placeholder.contains(
                #"Button 'b1' has only Xcode's placeholder title "Button" and no image or accessibility label in the file; it is the target of outlet 'defaultButton', so it may be titled in code."#
            ), "\(placeholder)")
        #expect(
            messages["Button[b2]"]?.contains("Button 'b2' has no title, image or accessibility label in the file; it is the target of outlet 'emptyButton'")
                == true)
        // A configured button (Xcode 13 and later) gets the placeholder in its configuration too:
        // code that reaches it sets the real title there, so "Button" is not read as its name.
        #expect(messages["Button[b3]"]?.contains(#"Button 'b3' has only Xcode's placeholder title "Button""#) == true)
        #expect(findings(a, RuleID.redundantTraitInLabel).isEmpty)
    }

    @Test func aViewWithATapGestureRecognizerRespondsToTaps() {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view id="root"><subviews>
                  <view id="v1"><subviews><label text="Sort" id="l1"/></subviews>
                    <connections><outletCollection property="gestureRecognizers" destination="tap1" appends="YES" id="c1"/></connections>
                  </view>
                  <label text="Hint" userInteractionEnabled="NO" id="l2">
                    <connections><outletCollection property="gestureRecognizers" destination="tap2" appends="YES" id="c2"/></connections>
                  </label>
                  <view id="v3">
                    <accessibility key="accessibilityConfiguration" label="Sort"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    <connections><outletCollection property="gestureRecognizers" destination="tap3" appends="YES" id="c3"/></connections>
                  </view>
                  <view id="v4"><subviews><label text="Swipe" id="l4"/></subviews>
                    <connections><outletCollection property="gestureRecognizers" destination="swipe" appends="YES" id="c4"/></connections>
                  </view>
                </subviews></view>
                <tapGestureRecognizer id="tap1"/>
                <tapGestureRecognizer id="tap2"/>
                <tapGestureRecognizer id="tap3"/>
                <swipeGestureRecognizer direction="left" id="swipe"/>
              </objects>
            </document>
            """
        let a = audit(xib, file: "Views/SortBar.xib")
        // v1 responds to taps and VoiceOver is not told; a label without user interaction never
        // gets the tap, v3 is a labelled button, and a swipe is no tap.
        #expect(a.graph.screens.map(\.id) == ["root"])
        #expect(findings(a, RuleID.tapGestureWithoutButtonTrait) == ["View[v1]"])
        #expect(positions(a, RuleID.tapGestureWithoutButtonTrait) == ["6:7"])
        #expect(
            a.findings.first { $0.rule == RuleID.tapGestureWithoutButtonTrait }?.message
                == "view root: View 'v1' has a tap gesture recognizer but no button or link trait, so VoiceOver does not "
                + "announce it as something to activate; use a UIButton, or enable Accessibility on it in the Identity "
                + "inspector, tick the Button trait and give it a label")
        // In a storyboard the recognizer is an object of the scene, beside the controller.
        let s = sb(
            """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="va"><subviews>
            <imageView image="banner" userInteractionEnabled="YES" id="i1">
            <connections><outletCollection property="gestureRecognizers" destination="t1" appends="YES" id="c1"/></connections>
            </imageView>
            </subviews></view></viewController>
            <tapGestureRecognizer id="t1"/>
            </objects></scene></scenes>
            </document>
            """)
        #expect(findings(s, RuleID.tapGestureWithoutButtonTrait) == ["Image[i1]"])
        // A tappable image is a control: its asset name is no name.
        #expect(findings(s, RuleID.unlabeledControl) == ["Image[i1]"])
        #expect(findings(s, RuleID.imageMissingLabel).isEmpty)
    }

    @Test func aCellInAXibIsNotAScreenWithoutATitle() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                  <connections><outlet property="view" destination="page" id="o1"/></connections>
                </placeholder>
                <collectionViewCell id="cell"><view key="contentView"><subviews>
                  <label text="Article" id="t1"><fontDescription key="fontDescription" style="UICTFontTextStyleTitle2"/></label>
                </subviews></view></collectionViewCell>
                <tableViewCell id="row"><tableViewCellContentView key="contentView" id="cv"><subviews>
                  <label text="Account" id="t2"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></label>
                </subviews></tableViewCellContentView></tableViewCell>
                <view id="page"><subviews>
                  <label text="Welcome" id="t3"><fontDescription key="fontDescription" style="UICTFontTextStyleTitle0"/></label>
                </subviews></view>
                <view id="footer"><subviews>
                  <label text="Follow for updates" id="t4"><fontDescription key="fontDescription" style="UICTFontTextStyleHeadline"/></label>
                </subviews></view>
                <stackView id="panel"><subviews>
                  <label text="Status" id="t5"><fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/></label>
                </subviews></stackView>
              </objects>
            </document>
            """
        let a = audit(text, file: "Views/Cells.xib")
        // A cell is one row or item of a list on some screen: its title-style text is not the
        // screen's title. The view File's Owner's `view` outlet names is a view controller's whole
        // screen and is judged; other top-level views (a footer, a panel) are parts code adds to
        // some screen, which has its own title.
        #expect(findings(a, RuleID.headerMissing) == ["Text[t3]"])
    }

    @Test func aHiddenXibViewIsAuditedAsShown() {
        // A control panel that its controller shows when playback starts: hidden in the file.
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner">
                  <connections><outlet property="view" destination="panel" id="o1"/></connections>
                </placeholder>
                <view hidden="YES" id="panel"><subviews>
                  <button id="speed"><rect key="frame" x="8" y="8" width="35" height="40"/><state key="normal" image="speedIcon"/></button>
                  <button hidden="YES" id="gone"><rect key="frame" x="50" y="8" width="35" height="40"/><state key="normal" image="more"/></button>
                </subviews></view>
              </objects>
            </document>
            """
        let a = audit(text, file: "Panel.xib")
        // The view itself is shown by the code that loads it; a control hidden inside it is judged as
        // code shows it, as every control hidden in a file is.
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[speed]", "Button[gone]"])
        #expect(findings(a, RuleID.smallTouchTarget) == ["Button[speed]", "Button[gone]"])
    }

    @Test func aRequiredMinimumSizeIsAFloorForTheTouchTarget() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <textField placeholder="Required" id="floor"><rect key="frame" x="0" y="0" width="300" height="43.5"/>
                      <constraints><constraint firstAttribute="height" relation="greaterThanOrEqual" constant="44" id="c1"/></constraints>
                    </textField>
                    <textField placeholder="Optional" id="weak"><rect key="frame" x="0" y="50" width="300" height="43.5"/>
                      <constraints><constraint firstAttribute="height" relation="greaterThanOrEqual" priority="750" constant="44" id="c2"/></constraints>
                    </textField>
                    <textField placeholder="Other" id="frame"><rect key="frame" x="0" y="100" width="300" height="43.5"/></textField>
                    """)))
        // Auto Layout never makes the first field lower than its required 44 points; a bound of
        // lower priority may give way, so the frame stands.
        #expect(findings(a, RuleID.smallTouchTarget) == ["TextField[weak]", "TextField[frame]"])
    }

    @Test func anImageOnlyButtonsFontIsNotJudged() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button id="icon"><fontDescription key="fontDescription" type="boldSystem" pointSize="15"/><state key="normal" image="playIcon"/></button>
                    <button id="titled"><fontDescription key="fontDescription" type="system" pointSize="15"/><state key="normal" title="Play" image="playIcon"/></button>
                    <button id="empty"><fontDescription key="fontDescription" type="system" pointSize="15"/></button>
                    """)))
        // The image-only button draws no text in that font; one with a title does, and an empty one
        // may be titled in code.
        #expect(findings(a, RuleID.fixedFontSize) == ["Button[titled]", "Button[empty]"])
    }

    @Test func aControlHiddenInTheFileIsJudgedAsCodeShowsIt() {
        // `hidden="YES"` is where a view starts: code shows it (a Pause button during a download), and
        // then its size and its name matter as its font does. Accessibility turned off is different:
        // VoiceOver never reaches that control, shown or not.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button hidden="YES" id="pause"><rect key="frame" x="0" y="0" width="42" height="30"/><state key="normal" title="Pause"/></button>
                    <button hidden="YES" id="play"><rect key="frame" x="0" y="40" width="44" height="44"/><state key="normal" image="playIcon"/></button>
                    <view hidden="YES" id="panel"><rect key="frame" x="0" y="90" width="300" height="60"/><subviews>
                    <button id="stop"><rect key="frame" x="0" y="0" width="30" height="30"/><state key="normal" image="stop.fill" catalog="system"/></button>
                    </subviews></view>
                    <button hidden="YES" id="off"><rect key="frame" x="0" y="160" width="20" height="20"/><accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility></button>
                    <view id="card"><rect key="frame" x="0" y="200" width="300" height="60"/><accessibility key="accessibilityConfiguration" label="Card"><bool key="isElement" value="YES"/></accessibility><subviews>
                    <button hidden="YES" id="inCard"><rect key="frame" x="0" y="0" width="20" height="20"/></button>
                    </subviews></view>
                    """)))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.smallTouchTarget) == ["Button[pause]", "Button[stop]"])
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[play]"])
        #expect(findings(a, RuleID.symbolOnlyLabel) == ["Button[stop]"])
    }

    @Test func aSystemIconButtonsFontIsNotJudged() {
        // Info Light, Detail Disclosure and Add Contact buttons draw UIKit's icon, no text, though
        // Xcode writes a font for them; one given a title draws it in that font.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button buttonType="infoLight" id="info"><fontDescription key="fontDescription" name="Helvetica-Bold" family="Helvetica" pointSize="15"/><state key="normal"/></button>
                    <button buttonType="detailDisclosure" id="more"><fontDescription key="fontDescription" type="system" pointSize="15"/></button>
                    <button buttonType="contactAdd" id="add"/>
                    <button buttonType="contactAdd" id="addTitled"><fontDescription key="fontDescription" type="system" pointSize="15"/><state key="normal" title="Add friend"/></button>
                    """)))
        #expect(findings(a, RuleID.fixedFontSize) == ["Button[addTitled]"])
        #expect(findings(a, RuleID.unlabeledControl).isEmpty)
    }

    @Test func anAttributedTitleIsDrawnInItsOwnFixedFont() {
        // An attributed string keeps its font by name and size: a configured button's attributed
        // title, a legacy button's and a label's attributed text never grow with the text size.
        func attributed(_ key: String, _ text: String, font: String) -> String {
            #"<attributedString key="\#(key)"><fragment content="\#(text)"><attributes>\#(font)</attributes></fragment></attributedString>"#
        }
        let georgia = #"<font key="NSFont" size="24" name="Georgia-Bold"/>"#
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button id="configured"><state key="normal" title="Button"/><buttonConfiguration key="configuration" style="plain">\(attributed("attributedTitle", "Login", font: georgia))</buttonConfiguration></button>
                    <button id="styled"><buttonConfiguration key="configuration" style="plain">\(attributed("attributedTitle", "Join", font: georgia))<fontDescription key="titleFontDescription" style="UICTFontTextStyleBody"/></buttonConfiguration></button>
                    <button id="legacy"><state key="normal">\(attributed("attributedTitle", "Sign up", font: #"<font key="NSFont" metaFont="system" size="14"/>"#))</state></button>
                    <button id="both"><state key="normal" title="Button">\(attributed("attributedTitle", "Button", font: #"<font key="NSFont" size="18" name="Helvetica"/>"#))</state></button>
                    <label id="note">\(attributed("attributedText", "Terms apply", font: #"<font key="NSFont" size="12" name="Avenir-Book"/>"#))</label>
                    <label id="plain" text="Plain" adjustsFontForContentSizeCategory="YES"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
                    """)))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.fixedFontSize) == ["Button[configured]", "Button[legacy]", "Button[both]", "Text[note]"])
        let sizes = a.findings.filter { $0.rule == RuleID.fixedFontSize }.map {
            $0.message.contains("fixed 24-point") || $0.message.contains("fixed 14-point") || $0.message.contains("fixed 12-point")
                || $0.message.contains("fixed 18-point")
        }
        #expect(sizes == [true, true, true, true])
        // A plain title beside an attributed one: UIKit draws the attributed title, in its own font
        // (18 points), not Interface Builder's default for a button without a font (15 points).
        #expect(a.findings.contains { $0.rule == RuleID.fixedFontSize && $0.element.hasSuffix("[both]") && $0.message.contains("fixed 18-point") })
    }

    @Test func aLegacyButtonWithoutAFontHasInterfaceBuildersFixedDefault() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button buttonType="roundedRect" id="plain"><state key="normal" title="Not Now"/></button>
                    <button buttonType="system" id="styled"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/><state key="normal" title="Later"/></button>
                    <button buttonType="system" id="configured"><state key="normal" title="Button"/><buttonConfiguration key="configuration" style="plain" title="Restore"/></button>
                    <button id="icon"><state key="normal" image="playIcon"/></button>
                    """)))
        // Xcode leaves the font out when it is the default, System 15.0: a fixed size. A text style
        // is judged as written; a configured button's title follows Dynamic Type; an image-only
        // button draws no text.
        #expect(findings(a, RuleID.fixedFontSize) == ["Button[plain]", "Button[styled]"])
        #expect(a.findings.first { $0.element.hasSuffix("Button[plain]") }?.message.contains("fixed 15-point font") == true)
    }

    @Test func aButtonsFontFixNamesTheCodeSettingInterfaceBuilderLacks() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button buttonType="system" id="fixed"><fontDescription key="fontDescription" type="system" pointSize="20"/><state key="normal" title="Roll"/></button>
                    <button buttonType="system" id="styled"><fontDescription key="fontDescription" style="UICTFontTextStyleTitle0"/><state key="normal" title="7"/></button>
                    <label text="Total" id="l1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
                    """)))
        let messages = Dictionary(a.findings.map { ($0.element.split(separator: "/").last.map(String.init) ?? "", $0.message) }) {
            first, _ in first
        }
        // Interface Builder has Automatically Adjusts Font for a label, not for a button's title.
        #expect(messages["Button[fixed]"]?.contains("choose a text style under Font; a button without a configuration") == true)
        #expect(messages["Button[fixed]"]?.contains("also needs code that makes its title label adjust its font") == true)
        #expect(messages["Button[styled]"]?.contains("tick Automatically Adjusts Font") == false)
        #expect(messages["Button[styled]"]?.hasSuffix("or a button configuration (Style: Plain, Filled…), whose title follows Dynamic Type") == true)
        #expect(messages["Text[l1]"]?.contains("tick Automatically Adjusts Font") == true)
    }

    @Test func aTapGestureOnAViewHoldingControlsLeavesTheControlsReachable() {
        // A scene's view that takes taps to dismiss the keyboard: a gesture recognizer does not make
        // it an accessibility element, so VoiceOver reaches the text field and the segments inside.
        let a = sb(
            """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s1"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="va"><subviews>
            <label text="Bill" id="l1"/>
            <textField placeholder="Amount" id="f1"/>
            <segmentedControl id="sc"><segments><segment title="18%"/><segment title="20%"/></segments></segmentedControl>
            <view id="card"><subviews><label text="Show history" id="l2"/></subviews>
            <connections><outletCollection property="gestureRecognizers" destination="t2" appends="YES" id="c2"/></connections>
            </view>
            </subviews>
            <connections><outletCollection property="gestureRecognizers" destination="t1" appends="YES" id="c1"/></connections>
            </view></viewController>
            <tapGestureRecognizer id="t1"/>
            <tapGestureRecognizer id="t2"/>
            </objects></scene></scenes>
            </document>
            """)
        #expect(findings(a, RuleID.nestedControl).isEmpty)
        #expect(findings(a, RuleID.tapGestureWithoutButtonTrait) == ["View[card]"])
        #expect(findings(a, RuleID.unlabeledControl) == ["TextField[f1]"])
    }

    @Test func aTitleStyleTextWithoutALetterIsNotTheScreensTitle() {
        func first(_ text: String) -> String {
            scene(
                "a",
                """
                <label text="\(text)" adjustsFontForContentSizeCategory="YES" id="l1"><fontDescription key="fontDescription" style="UICTFontTextStyleTitle3"/></label>
                <button id="b1"><state key="normal" title="AC"/></button>
                """)
        }
        // A calculator's display ("-", "1,234") is a value, not a title; a word is.
        #expect(findings(sb(storyboard(first("-"))), RuleID.headerMissing).isEmpty)
        #expect(findings(sb(storyboard(first("1,234.5"))), RuleID.headerMissing).isEmpty)
        #expect(findings(sb(storyboard(first("History"))), RuleID.headerMissing) == ["Text[l1]"])
        #expect(findings(sb(storyboard(first("계산기"))), RuleID.headerMissing) == ["Text[l1]"])
    }

    @Test func xibTopLevelViewsAreEntryPoints() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <view contentMode="scaleToFill" id="root">
                  <subviews>
                    <button id="b1"><state key="normal" image="plus" catalog="system"/></button>
                    <imageView image="logo" id="i1"/>
                  </subviews>
                </view>
                <tableViewCell id="cell"><tableViewCellContentView key="contentView" id="cv"><subviews>
                  <button id="b2" buttonType="contactAdd"/>
                  <imageView image="avatar" id="i2"><accessibility key="accessibilityConfiguration"><bool key="isElement" value="YES"/></accessibility></imageView>
                </subviews></tableViewCellContentView></tableViewCell>
              </objects>
            </document>
            """
        let a = audit(text, file: "Views/Card.xib")
        #expect(a.error == nil)
        #expect(a.graph.screens.map(\.id) == ["root", "cell"])
        #expect(findings(a, RuleID.unreachableScreen).isEmpty)
        #expect(findings(a, RuleID.symbolOnlyLabel) == ["Button[b1]"])
        #expect(findings(a, RuleID.imageMissingLabel) == ["Image[i2]"])
        #expect(findings(a, RuleID.unlabeledControl).isEmpty)
    }

    @Test func otherXMLIsStillNotADescription() {
        let a = Auditor.audit(text: #"<document type="other"/>"#, file: "x.storyboard")
        #expect(a.error != nil)
        #expect(FileDiscovery.isCandidate("Main.storyboard") && FileDiscovery.isCandidate("Cell.XIB"))
    }

    @Test func entityDeclarationsAreStillRefused() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE document [<!ENTITY x "y">]>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"/>
            """
        #expect(sb(text).error != nil)
    }

    @Test func samplesAuditWithoutInputErrors() {
        let result = Auditor.audit(paths: [samplesDirectory], configuration: Configuration())
        #expect(result.inputErrors.isEmpty)
        #expect(result.auditedFileCount == 2)
    }
}

private let fixturesDirectory: String = {
    var parts = #filePath.split(separator: "/").dropLast(2).map(String.init)
    parts += ["fixtures", "storyboards"]
    return "/" + parts.joined(separator: "/")
}()

private let samplesDirectory: String = {
    var parts = #filePath.split(separator: "/").dropLast(3).map(String.init)
    parts += ["Samples", "storyboards"]
    return "/" + parts.joined(separator: "/")
}()

@Suite struct StoryboardConfigurationTests {
    @Test func declaredRuntimeAttributesCountAsLabels() throws {
        let text = storyboard(
            scene(
                "a",
                """
                <button id="b1"><state key="normal" image="icon_search"/>
                  <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="string" keyPath="localVOLabelKey" value="search.button"/>
                  </userDefinedRuntimeAttributes>
                </button>
                """))
        // Unknown to focusaudit by default: the button has no name.
        #expect(findings(sb(text), RuleID.unlabeledControl) == ["Button[b1]"])
        var configuration = Configuration()
        let file = try ConfigurationFile.parse("label_runtime_attributes: [localVOLabelKey]\n", path: ".focusaudit.yml")
        file.apply(to: &configuration)
        #expect(configuration.labelRuntimeAttributes == ["localVOLabelKey"])
        let labelled = audit(text, file: "Main.storyboard", configuration: configuration)
        #expect(findings(labelled, RuleID.unlabeledControl).isEmpty)
    }

    /// A titled list screen with a button (pushing), a bar button item (presenting) and a cell
    /// (pushing); the detail screens are plain.
    private static let journeys = storyboard(
        """
        <scene sceneID="s-a"><objects>
        <tableViewController id="a" customClass="FriendsViewController" sceneMemberID="viewController">
        <tableView key="view" id="t"><prototypes>
        <tableViewCell id="cell"><tableViewCellContentView key="contentView" id="cv"><subviews>
          <label text="김철수" id="l"/>
        </subviews></tableViewCellContentView>
        <connections><segue destination="b" kind="show" id="g1"/></connections>
        </tableViewCell>
        </prototypes></tableView>
        <navigationItem key="navigationItem" title="친구" id="n">
          <barButtonItem key="rightBarButtonItem" systemItem="add" id="add">
            <connections><segue destination="c" kind="presentation" id="g2"/></connections>
          </barButtonItem>
        </navigationItem>
        </tableViewController>
        </objects></scene>
        """ + scene("b", "") + scene("c", ""))

    private func configured(_ yaml: String) throws -> Configuration {
        var configuration = Configuration()
        try ConfigurationFile.parse(yaml, path: ".focusaudit.yml").apply(to: &configuration)
        return configuration
    }

    @Test func systemFocusRestorationIsTheDefault() {
        let a = audit(Self.journeys, file: "Main.storyboard")
        #expect(a.findings.isEmpty, "\(a.findings.map(\.message))")
        #expect(a.journeys.count == 2)
        #expect(a.journeys.allSatisfy { !$0.isLost })
    }

    @Test func withoutUIKitRestorationPushesLoseFocus() throws {
        let a = audit(Self.journeys, file: "Main.storyboard", configuration: try configured("uikit_focus: none\n"))
        // The pop lands on the title "친구": one finding at the controller, naming the cell's journey.
        #expect(findings(a, RuleID.focusLostOnReturn) == ["screen[a]"])
        #expect(positions(a, RuleID.focusLostOnReturn) == ["4:1"])
        #expect(a.findings.first?.message.contains("\"친구\"") == true)
        #expect(a.findings.count == 1, "\(a.findings.map(\.message))")
        // The modal is dismissed: modal_restores_focus (true) still returns focus to the presenter.
        let modal = a.journeys.first { $0.link.navigation.presentation == .sheet }
        #expect(modal?.isLost == false)
    }

    @Test func dismissalLosesFocusOnlyWhenNeitherTheSystemNorUIKitRestoresIt() throws {
        let system = audit(
            Self.journeys, file: "Main.storyboard", configuration: try configured("modal_restores_focus: false\n"))
        #expect(system.journeys.allSatisfy { !$0.isLost })
        let none = audit(
            Self.journeys, file: "Main.storyboard",
            configuration: try configured("modal_restores_focus: false\nuikit_focus: none\n"))
        #expect(none.journeys.count == 2)
        #expect(none.journeys.allSatisfy { $0.isLost })
    }

    @Test func withoutUIKitRestorationTheFirstElementStillKeepsFocus() throws {
        // No title, and the activated button is the first element VoiceOver reads: focus lands on it.
        let text = storyboard(
            scene(
                "a",
                #"<button id="b1"><state key="normal" title="채팅"/><connections><segue destination="b" kind="show" id="g"/></connections></button><label text="x" id="l"/>"#
            )
                + scene("b", ""))
        let a = audit(text, file: "Main.storyboard", configuration: try configured("uikit_focus: none\n"))
        // Its titled button keeps Interface Builder's fixed default font (fixed_font_size), not at issue here.
        let others = a.findings.filter { $0.rule != RuleID.fixedFontSize }
        #expect(others.isEmpty, "\(others.map(\.message))")
        #expect(a.journeys.count == 1 && a.journeys[0].outcome == .landsOnElement)
    }

    @Test func uikitFocusDoesNotChangeDescriptions() throws {
        let text = """
            <app><screen id="a" title="A"><Button id="b" destination="b">B</Button></screen><screen id="b"/></app>
            """
        let system = audit(text)
        let none = audit(text, configuration: try configured("uikit_focus: none\n"))
        #expect(rules(system) == [RuleID.focusLostOnReturn])
        #expect(rules(none) == rules(system))
    }
}

/// How Interface Builder shows segmented controls, button configurations, tab bar items and scene
/// objects outside the view hierarchy, and what outlets say about empty controls.
@Suite struct StoryboardPrecisionTests {
    private func configured(_ yaml: String) throws -> Configuration {
        var configuration = Configuration()
        try ConfigurationFile.parse(yaml, path: ".focusaudit.yml").apply(to: &configuration)
        return configuration
    }

    @Test func segmentedControlSegmentsAreButtonsNamedByTheirTitles() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <segmentedControl opaque="NO" segmentControlStyle="plain" selectedSegmentIndex="0" id="s1">
                      <rect key="frame" x="16" y="119" width="361" height="32"/>
                      <segments>
                        <segment title="24h"/>
                        <segment title="7d"/>
                      </segments>
                    </segmentedControl>
                    <segmentedControl id="s2">
                      <segments>
                        <segment title="" image="list.bullet" catalog="system"/>
                        <segment title="" image="layout_grid"/>
                        <segment title="Map" image="map"/>
                      </segments>
                    </segmentedControl>
                    """#)))
        #expect(a.error == nil)
        // Titled segments name themselves; the control needs no label of its own.
        #expect(!a.findings.contains { $0.element.contains("s1") })
        #expect(findings(a, RuleID.symbolOnlyLabel) == ["Segment[1]"])
        #expect(findings(a, RuleID.unlabeledControl) == ["Segment[2]"])
        #expect(positions(a, RuleID.unlabeledControl) == ["16:5"])
        #expect(a.findings.map(\.element).allSatisfy { $0.hasPrefix("screen[a]/View[v-a]/SegmentedControl[s2]/Segment[") })
    }

    @Test func buttonConfigurationWinsOverLegacyState() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button buttonType="system" id="b1">
                      <state key="normal" title="Button"/>
                      <buttonConfiguration key="configuration" style="filled" title="Leave"/>
                    </button>
                    <button buttonType="system" id="b2">
                      <state key="normal" title="Button"/>
                      <buttonConfiguration key="configuration" style="plain">
                        <imageReference key="image" image="xmark" catalog="system" symbolScale="large"/>
                      </buttonConfiguration>
                    </button>
                    <button buttonType="system" id="b3">
                      <state key="normal" title="Button"/>
                      <buttonConfiguration key="configuration" style="plain">
                        <attributedString key="attributedTitle"><fragment content="Join"/></attributedString>
                      </buttonConfiguration>
                    </button>
                    <button buttonType="system" id="b4">
                      <state key="normal" title="Send"/>
                      <buttonConfiguration key="configuration" style="plain"/>
                    </button>
                    <button buttonType="system" id="b5">
                      <buttonConfiguration key="configuration" style="plain">
                        <imageReference key="image" image="icon_pin"/>
                      </buttonConfiguration>
                    </button>
                    """#)))
        #expect(a.error == nil)
        // "Button" from the leftover state is not what the button shows.
        #expect(findings(a, RuleID.redundantTraitInLabel).isEmpty)
        #expect(findings(a, RuleID.symbolOnlyLabel) == ["Button[b2]"])
        // A configuration without title or image leaves the legacy title in place (b4); a nested
        // asset image is only an asset name (b5).
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[b5]"])
        #expect(a.findings.first { $0.element.hasSuffix("Button[b5]") }?.message.contains("icon_pin") == true)
        #expect(a.findings.count == 2)
    }

    @Test func imageReferenceOfAnImageViewIsItsImage() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <imageView id="i1"><imageReference key="image" image="photo" catalog="system"/>
                      <accessibility key="accessibilityConfiguration"><bool key="isElement" value="YES"/></accessibility>
                    </imageView>
                    """#)))
        #expect(findings(a, RuleID.imageMissingLabel) == ["Image[i1]"])
        #expect(a.findings.first?.message.contains("photo") == true)
    }

    /// A tab bar controller with a navigation controller and a plain controller as tabs, and a
    /// controller that is no tab.
    private static let tabs = storyboard(
        """
        <scene sceneID="s-t"><objects>
        <tabBarController id="t" sceneMemberID="viewController">
          <tabBar key="tabBar" id="tb"/>
          <connections>
            <segue destination="n" kind="relationship" relationship="viewControllers" id="r1"/>
            <segue destination="p" kind="relationship" relationship="viewControllers" id="r2"/>
          </connections>
        </tabBarController>
        </objects></scene>
        <scene sceneID="s-n"><objects>
        <navigationController id="n" sceneMemberID="viewController">
          <tabBarItem key="tabBarItem" image="icon_home" id="tn"/>
          <navigationBar key="navigationBar" id="nb"/>
          <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="r3"/></connections>
        </navigationController>
        </objects></scene>
        """ + scene("a", "", extra: #"<tabBarItem key="tabBarItem" image="icon_a" id="ta"/>"#)
            + scene("p", "", extra: #"<tabBarItem key="tabBarItem" image="icon_p" id="tp"/>"#)
            + scene("x", "", extra: #"<tabBarItem key="tabBarItem" image="icon_x" id="tx"/>"#, attributes: #"storyboardIdentifier="X""#),
        initial: "t")

    @Test func onlyTheItemsOfATabBarControllersChildrenAreShown() {
        let a = sb(Self.tabs)
        #expect(a.error == nil)
        // The navigation controller's item and the plain tab's item are shown; the item of the
        // controller inside the navigation controller, and of a controller that is no tab, are not.
        #expect(findings(a, RuleID.unlabeledControl).sorted() == ["Button[tn]", "Button[tp]"])
        #expect(!a.findings.contains { $0.element.hasSuffix("[ta]") || $0.element.hasSuffix("[tx]") })
    }

    /// A tab bar controller whose tabs are a navigation controller and three plain controllers,
    /// with a controller outside the tab bar; `items` are the four tabs' item attributes, in
    /// relationship order (nil: no item), and `inner` what each item holds.
    private static func tabBar(_ items: [String?], inner: [String] = ["", "", "", ""]) -> String {
        let ids = ["n", "p", "q", "r"]
        let tabs = ids.map { #"<segue destination="\#($0)" kind="relationship" relationship="viewControllers" id="r-\#($0)"/>"# }
        func item(_ i: Int) -> String {
            guard let item = items[i] else { return "" }
            return #"<tabBarItem key="tabBarItem" \#(item) id="ti-\#(ids[i])">\#(inner[i])</tabBarItem>"#
        }
        return storyboard(
            """
            <scene sceneID="s-t"><objects>
            <tabBarController id="t" sceneMemberID="viewController">
              <tabBar key="tabBar" id="tb"/>
              <connections>\(tabs.joined())</connections>
            </tabBarController>
            </objects></scene>
            <scene sceneID="s-n"><objects>
            <navigationController id="n" sceneMemberID="viewController">
              \(item(0))
              <navigationBar key="navigationBar" id="nb"/>
              <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="r3"/></connections>
            </navigationController>
            </objects></scene>
            """ + scene("a", "", extra: #"<tabBarItem key="tabBarItem" title="Item" id="ti-a"/>"#)
                + scene("p", "", extra: item(1)) + scene("q", "", extra: item(2)) + scene("r", "", extra: item(3))
                + scene("x", "", extra: #"<tabBarItem key="tabBarItem" title="Item" id="ti-x"/>"#, attributes: #"storyboardIdentifier="X""#),
            initial: "t")
    }

    @Test func tabsWithTheSameNameAreAmbiguousInTheirTabBar() {
        // VoiceOver reads the tab bar's items together ("Item, tab, 1 of 3"), though each is written
        // in its own controller's scene.
        let a = sb(Self.tabBar([#"title="Home""#, #"title="Trips""#, #"title="Home""#, nil]))
        #expect(a.error == nil)
        let ambiguous = a.findings.filter { $0.rule == RuleID.ambiguousControlLabel }
        #expect(ambiguous.map(\.element) == ["screen[t]/TabBar[tb]/TabBarButton[ti-q]"])
        // The finding points at the item in the tab's own scene.
        let line = Self.tabBar([#"title="Home""#, #"title="Trips""#, #"title="Home""#, nil]).split(
            separator: "\n", omittingEmptySubsequences: false
        ).firstIndex { $0.contains(#"id="ti-q""#) }.map { $0 + 1 }
        #expect(ambiguous.first?.location.line == line)
        #expect(
            ambiguous.first?.message
                == #"""
                scene t: tab "Home" (ti-q) has the same name as tab "Home" (ti-n) at line 11 in the same tab bar, and VoiceOver reads \#
                both the same way; give each tab its own title or accessibilityLabel
                """#)
        // The items are audited once each, in their own scenes, and nothing else changes.
        #expect(a.findings.filter { $0.rule != RuleID.ambiguousControlLabel }.isEmpty)
        #expect(a.journeys.isEmpty)
    }

    @Test func tabsToldApartByALabelOrAHintAreNotAmbiguous() {
        let label = #"<accessibility key="accessibilityConfiguration" label="Search"/>"#
        let labelled = sb(Self.tabBar([#"title="Home""#, nil, #"title="Home""#, #"title="Other""#], inner: ["", "", label, ""]))
        #expect(labelled.error == nil)
        #expect(findings(labelled, RuleID.ambiguousControlLabel).isEmpty)
        let hint = #"<accessibility key="accessibilityConfiguration" hint="Opens the second list"/>"#
        let hinted = sb(Self.tabBar([#"title="Home""#, #"title="Home""#, nil, nil], inner: ["", hint, "", ""]))
        #expect(findings(hinted, RuleID.ambiguousControlLabel).isEmpty)
        // An image-only tab is reported once, in its own scene, as before.
        let images = sb(Self.tabBar([#"image="icon_a""#, #"image="icon_a""#, nil, nil]))
        #expect(findings(images, RuleID.unlabeledControl).sorted() == ["Button[ti-n]", "Button[ti-p]"])
        #expect(findings(images, RuleID.ambiguousControlLabel).isEmpty)
    }

    @Test func anItemLeftAtXcodesDefaultTitleMayBeTitledInCode() throws {
        // Xcode titles a new tab bar item or bar button item "Item". VoiceOver reads that title
        // (with the item's image drawn beside it, or instead of it in a navigation bar), so the item
        // is reported as one code may title, at the outlet_controls severity; two tabs left at
        // "Item" are each reported, not compared as ambiguous, and an item titled "Item" with an
        // image is not taken for one named by its image. A title of the app's own is a name.
        let a = sb(
            Self.tabBar([#"title="Item""#, #"title="Item" image="icon_trips""#, #"title="Trips""#, nil])
                .replacingOccurrences(
                    of: #"<tabBarItem key="tabBarItem" title="Trips" id="ti-q"></tabBarItem>"#,
                    with: #"""
                        <tabBarItem key="tabBarItem" title="Trips" id="ti-q"></tabBarItem>
                        <navigationItem key="navigationItem" title="Trips" id="nq">
                          <barButtonItem key="leftBarButtonItem" title="Item" image="cart.fill" catalog="system" id="bl"/>
                          <barButtonItem key="rightBarButtonItem" title="Save" id="br"/>
                        </navigationItem>
                        """#))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.ambiguousControlLabel).isEmpty)
        #expect(findings(a, RuleID.symbolOnlyLabel).isEmpty)
        let items = a.findings.filter { $0.rule == RuleID.unlabeledControl }
        #expect(items.map { String($0.element.split(separator: "/").last!) }.sorted() == ["Button[bl]", "Button[ti-n]", "Button[ti-p]"])
        #expect(items.allSatisfy { $0.severity == .warning })
        #expect(
            items.first { $0.element.hasSuffix("Button[ti-n]") }?.message
                == """
                scene n: Button 'ti-n' has only Xcode's default title "Item" and no accessibility label in the file, so \
                VoiceOver reads "Item" unless code titles it (its view controller's title or tabBarItem, its navigation \
                item). If code does, make that visible to the audit: set its accessibilityLabel in Interface Builder, or a \
                runtime attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, give it \
                a title that says what it does
                """)
        // outlet_controls: off turns them off with the other findings about what code may set.
        let off = audit(
            Self.tabBar([#"title="Item""#, nil, nil, nil]), file: "Main.storyboard",
            configuration: try configured("outlet_controls: off\n"))
        #expect(off.findings.filter { $0.rule == RuleID.unlabeledControl }.isEmpty)
    }

    @Test func anImageOnlyTabIsAnnouncedByItsRoleOnly() {
        // A tab bar button reads its item's title, not the name of its image: without a title it is
        // announced as "Tab 2 of 5" (wordpress-mobile/WordPress-iOS issue 5414). An SF Symbol is still
        // reported as the symbol-only name it is.
        let a = sb(Self.tabs)
        let messages = a.findings.filter { $0.rule == RuleID.unlabeledControl }.map(\.message)
        #expect(
            messages == [
                "scene n: Button 'tn' has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that says what it does",
                "scene p: Button 'tp' has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that says what it does",
            ])
    }

    @Test func aXibViewWithoutAClassIsNamedByItsOwnersClass() {
        // A view controller's xib: File's Owner is the controller, the view it holds has no class.
        // Messages name the scene by the owner's class, as they name a storyboard scene by its
        // controller's; a view File's Owner does not hold keeps its id.
        let xib = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="PasscodeViewController">
              <connections><outlet property="view" destination="root" id="o1"/></connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view id="root"><subviews><button id="b"><state key="normal" image="icon_a"/></button></subviews></view>
            <view id="extra"><subviews><button id="c"><state key="normal" image="icon_b"/></button></subviews></view>
            </objects>
            </document>
            """
        let messages = audit(xib, file: "Passcode.xib").findings.filter { $0.rule == RuleID.unlabeledControl }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("PasscodeViewController: Button 'b'") == true, "\(messages)")
        #expect(messages.last?.hasPrefix("view extra: Button 'c'") == true, "\(messages)")
    }

    @Test func aXibKeepsItsControllersTabItems() {
        let xib = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
            <viewController id="vc"><view key="view" id="v"/><tabBarItem key="tabBarItem" image="icon_a" id="ti"/></viewController>
            </objects>
            </document>
            """
        #expect(findings(audit(xib, file: "Tab.xib"), RuleID.unlabeledControl) == ["Button[ti]"])
    }

    @Test func sceneObjectsOutsideTheHierarchyAreAuditedOnlyWithAnOutlet() {
        let a = sb(
            storyboard(
                scene(
                    "a", #"<button id="in"><state key="normal" image="icon_in"/></button>"#,
                    extra: #"<connections><outlet property="summaryView" destination="sum" id="o1"/></connections>"#
                )
                .replacingOccurrences(
                    of: "</objects>",
                    with: #"""
                        <textField placeholder="Search" id="stray"/>
                        <!-- focusaudit:disable unlabeled_control -->
                        <view id="loose"><subviews><button id="lb"/></subviews></view>
                        <view id="sum"><subviews><button id="sb"><state key="normal" image="icon_expand"/></button></subviews></view>
                        </objects>
                        """#)))
        #expect(a.error == nil)
        #expect(findings(a, RuleID.unlabeledControl) == ["Button[in]", "Button[sb]"])
        let kept = a.findings.first { $0.element.hasSuffix("Button[sb]") }
        #expect(kept?.element == "screen[a]/View[sum]/Button[sb]")
        #expect(
            kept?.message.hasSuffix(
                "(this view is outside the scene's view hierarchy: it is on screen only if code adds it, through outlet 'summaryView')")
                == true)
        #expect(a.findings.first { $0.element.hasSuffix("Button[in]") }?.message.contains("outside") == false)
        // The comment before a view that is left out applies to nothing.
        #expect(positions(a, RuleID.superfluousSuppression) == ["11:1"])
    }

    @Test func anOutletToASubviewKeepsTheTopLevelView() {
        let a = sb(
            storyboard(
                scene("a", "", extra: #"<connections><outlet property="closeButton" destination="cb" id="o1"/></connections>"#)
                    .replacingOccurrences(
                        of: "</objects>",
                        with: #"<view id="bar"><subviews><button id="cb"/></subviews></view></objects>"#)))
        let finding = a.findings.first { $0.rule == RuleID.unlabeledControl }
        #expect(finding?.element == "screen[a]/View[bar]/Button[cb]")
        #expect(finding?.message.contains("through outlet 'closeButton'") == true)
        #expect(finding?.message.contains("may be titled in code") == true)
    }

    /// An empty button an outlet names, an empty button none names, and an image-only button an
    /// outlet names (VoiceOver reads its asset name unless code labels it through the outlet).
    private static let outlets = storyboard(
        scene(
            "a",
            #"""
            <button id="named"><state key="normal" title="Button"/><buttonConfiguration key="configuration" style="plain"/></button>
            <button id="bare"/>
            <button id="pic"><state key="normal" image="icon_pic"/></button>
            """#,
            extra: #"""
                <connections>
                  <outlet property="shareButton" destination="named" id="o1"/>
                  <outlet property="picButton" destination="pic" id="o2"/>
                </connections>
                """#))

    @Test func emptyControlsAnOutletNamesMayBeTitledInCode() {
        let a = sb(Self.outlets.replacingOccurrences(of: #"<state key="normal" title="Button"/>"#, with: ""))
        let byID = Dictionary(uniqueKeysWithValues: a.findings.map { ($0.element.split(separator: "/").last!, $0) })
        let named = byID["Button[named]"]
        #expect(named?.severity == .warning)
        #expect(named?.message.contains("target of outlet 'shareButton', so it may be titled in code") == true)
        #expect(named?.message.contains("label_runtime_attributes") == true)
        #expect(named?.message.contains("accessibilityLabel in Interface Builder") == true)
        #expect(named?.message.contains("baseline") == true)
        #expect(byID["Button[bare]"]?.severity == .error)
        #expect(byID["Button[bare]"]?.message.contains("outlet") == false)
    }

    @Test func anImageOnlyButtonAnOutletNamesMayBeLabelledInCode() {
        // Code names image-only buttons through their outlets (in viewDidLoad: VLC's player panel
        // labels its seven so), so the asset name is what VoiceOver reads only if it does not: the
        // finding has the severity of outlet controls and says both. Without an outlet nothing can
        // label it, and VoiceOver reads the asset name (an error, as before).
        let a = sb(Self.outlets.replacingOccurrences(of: #"<state key="normal" title="Button"/>"#, with: ""))
        let byID = Dictionary(uniqueKeysWithValues: a.findings.map { ($0.element.split(separator: "/").last!, $0) })
        let pic = byID["Button[pic]"]
        #expect(pic?.severity == .warning)
        #expect(
            pic?.message
                == """
                scene a: Button 'pic' shows only the image "icon_pic", whose asset name VoiceOver reads, and has no title or \
                accessibility label in the file; it is the target of outlet 'picButton', so it may be labelled in code. If \
                it is, make that visible to the audit: set its accessibilityLabel in Interface Builder, or a runtime \
                attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, add an \
                accessibilityLabel that says what it does
                """)
        let alone = sb(
            storyboard(scene("a", #"<button id="pic"><state key="normal" image="icon_pic"/></button>"#)))
        #expect(alone.findings.first { $0.rule == RuleID.unlabeledControl }?.severity == .error)
        #expect(
            alone.findings.first { $0.rule == RuleID.unlabeledControl }?.message.contains(
                #"VoiceOver reads the asset name "icon_pic" instead"#) == true)
    }

    @Test func anEmptyButtonLaidOverLabelsIsNotNamedByThem() {
        // A card: an icon and two labels, and a button without title or image laid over the whole
        // card. UIKit names a button by its own title, and each label is an element of its own, so
        // VoiceOver reads the labels and then "button": the finding says so. A label outside the
        // button's frame (the footnote) is not quoted; nor is one inside a card the button does not
        // cover.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <view id="card"><rect key="frame" x="0.0" y="100" width="300" height="60"/><subviews>
                      <imageView id="icon" image="person"><rect key="frame" x="10" y="10" width="40" height="40"/></imageView>
                      <stackView id="texts" axis="vertical"><rect key="frame" x="60" y="10" width="200" height="40"/><subviews>
                        <label id="l1" text="Not signed in"><rect key="frame" x="0.0" y="0.0" width="200" height="15"/></label>
                        <label id="l2" text="Set up your account"><rect key="frame" x="0.0" y="15" width="200" height="25"/></label>
                      </subviews></stackView>
                      <button id="cover"><rect key="frame" x="0.0" y="0.0" width="300" height="60"/></button>
                    </subviews></view>
                    <label id="foot" text="Your books stay on this device"><rect key="frame" x="0.0" y="170" width="300" height="20"/></label>
                    <view id="other"><rect key="frame" x="0.0" y="200" width="300" height="60"/><subviews>
                      <label id="l3" text="Storage"><rect key="frame" x="60" y="10" width="200" height="20"/></label>
                      <button id="small"><rect key="frame" x="0.0" y="0.0" width="44" height="44"/></button>
                    </subviews></view>
                    """#)))
        let byID = Dictionary(
            uniqueKeysWithValues: a.findings.filter { $0.rule == RuleID.unlabeledControl }.map {
                (String($0.element.split(separator: "/").last!), $0.message)
            })
        #expect(
            byID["Button[cover]"]
                == """
                scene a: Button 'cover' has no accessible name: VoiceOver announces only its role, and reads the text \
                drawn within its frame ("Not signed in", "Set up your account") as elements of their own, not as its \
                name; add an accessibilityLabel that says what it does
                """)
        #expect(
            byID["Button[small]"]
                == "scene a: Button 'small' has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that says what it does"
        )
    }

    @Test func outletControlsSetsTheirSeverity() throws {
        let text = Self.outlets.replacingOccurrences(of: #"<state key="normal" title="Button"/>"#, with: "")
        func severities(_ yaml: String) throws -> [String: Severity] {
            let a = audit(text, file: "Main.storyboard", configuration: try configured(yaml))
            return Dictionary(
                uniqueKeysWithValues: a.findings.filter { $0.rule == RuleID.unlabeledControl }
                    .map { (String($0.element.split(separator: "/").last!), $0.severity) })
        }
        #expect(try severities("") == ["Button[named]": .warning, "Button[bare]": .error, "Button[pic]": .warning])
        #expect(try severities("outlet_controls: error\n")["Button[named]"] == .error)
        #expect(try severities("outlet_controls: error\n")["Button[pic]"] == .error)
        #expect(try severities("outlet_controls: off\n") == ["Button[bare]": .error])
        // The rule's own severity does not change that of outlet controls, and off turns all off.
        #expect(
            try severities("rules:\n  unlabeled_control: warning\noutlet_controls: error\n")
                == ["Button[named]": .error, "Button[bare]": .warning, "Button[pic]": .error])
        #expect(try severities("rules:\n  unlabeled_control: error\n")["Button[named]"] == .warning)
        #expect(try severities("rules:\n  unlabeled_control: off\n").isEmpty)
        #expect(throws: InputError.self) { try configured("outlet_controls: loud\n") }
    }

    @Test func theFixtureShowsEachReadingOnce() {
        let a = Auditor.audit(file: fixturesDirectory + "/Tabs.storyboard", configuration: Configuration())
        #expect(a.error == nil)
        let found = a.findings.map { "\($0.location.line) \($0.rule) \($0.severity)" }
        #expect(
            found == [
                "63 symbol_only_label warning", "64 unlabeled_control error", "67 small_touch_target warning",
                "72 small_touch_target warning", "72 symbol_only_label warning", "79 small_touch_target warning",
                "79 unlabeled_control warning", "83 small_touch_target warning", "83 unlabeled_control error",
                "108 unlabeled_control error", "126 unlabeled_control error",
            ])
    }

    @Test func aHiddenControlInsideAControlIsNotANestedControl() {
        // A view made one element with the Button trait holds a visible button (out of VoiceOver's
        // reach: nested), a hidden one and one whose accessibility is off; a hidden view with the
        // Button trait holds a button. Hidden views are not in the accessibility tree, so only the
        // visible, enabled button is reported.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <view id="v1"><subviews>
                      <button id="shown"><state key="normal" title="Edit"/></button>
                      <button hidden="YES" id="gone"><state key="normal" title="Undo"/></button>
                      <button id="off"><state key="normal" title="Copy"/><accessibility key="accessibilityConfiguration"><bool key="isElement" value="NO"/></accessibility></button>
                    </subviews>
                      <accessibility key="accessibilityConfiguration" label="Folder"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view hidden="YES" id="v2"><subviews><switch id="inHidden"/></subviews>
                      <accessibility key="accessibilityConfiguration" label="Files"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    <view id="v3"><subviews><view hidden="YES" id="v4"><subviews><button id="deep"><state key="normal" title="Go"/></button></subviews></view></subviews>
                      <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" button="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    """#)))
        #expect(findings(a, RuleID.nestedControl) == ["Button[shown]"])
        // v3's only name would be its own label: the hidden button's title does not name it.
        #expect(findings(a, RuleID.unlabeledControl) == ["View[v3]"])
    }

    @Test func aTitleInAFixedFontAsLargeAsATitleStyleIsTheScreensTitle() {
        // Apple's Dynamic Type sizes at the default text size: Title 3 is 20 points, Headline 17
        // points semibold. A fixed font at least that large (or that large and bold) draws a title.
        func title(_ font: String) -> [String] {
            let label = #"<label text="Currency Converter" id="t">"# + font + "</label>"
            return findings(sb(storyboard(scene("a", label + #"<button id="b"><state key="normal" title="Go"/></button>"#))), RuleID.headerMissing)
        }
        #expect(title(#"<fontDescription key="fontDescription" type="system" pointSize="26"/>"#) == ["Text[t]"])
        #expect(title(#"<fontDescription key="fontDescription" type="system" pointSize="20"/>"#) == ["Text[t]"])
        #expect(title(#"<fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>"#) == ["Text[t]"])
        #expect(title(#"<fontDescription key="fontDescription" type="system" weight="semibold" pointSize="17"/>"#) == ["Text[t]"])
        #expect(title(#"<fontDescription key="fontDescription" name="AvenirNext-Heavy" family="Avenir Next" pointSize="19"/>"#) == ["Text[t]"])
        #expect(title(#"<fontDescription key="fontDescription" name="HelveticaNeue" family="Helvetica Neue" pointSize="24"/>"#) == ["Text[t]"])
        // Body-sized text, regular or medium, and small bold text are not titles.
        #expect(title(#"<fontDescription key="fontDescription" type="system" pointSize="17"/>"#).isEmpty)
        #expect(title(#"<fontDescription key="fontDescription" type="system" pointSize="19"/>"#).isEmpty)
        #expect(title(#"<fontDescription key="fontDescription" type="system" weight="medium" pointSize="18"/>"#).isEmpty)
        #expect(title(#"<fontDescription key="fontDescription" type="boldSystem" pointSize="16"/>"#).isEmpty)
        // The message says what makes it look like a title.
        let a = sb(
            storyboard(
                scene("a", #"<label text="Currency Converter" id="t"><fontDescription key="fontDescription" type="boldSystem" pointSize="26"/></label>"#)))
        #expect(a.findings.first { $0.rule == RuleID.headerMissing }?.message.contains("(bold 26-point font, read first)") == true)
        // A navigation title, or a heading elsewhere, still answers it.
        let titled = sb(
            storyboard(
                scene(
                    "a", #"<label text="Currency Converter" id="t"><fontDescription key="fontDescription" type="system" pointSize="26"/></label>"#,
                    extra: #"<navigationItem key="navigationItem" title="Converter" id="n"/>"#)))
        #expect(findings(titled, RuleID.headerMissing).isEmpty)
    }

    @Test func theTextVoiceOverReadsFirstIsTheTopmostNotTheFirstInTheFile() {
        // VoiceOver goes from the top-left to the bottom-right: the title drawn at the top is read
        // first even when Interface Builder writes it last.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <view id="v"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/><subviews>
                    <button id="go"><rect key="frame" x="20" y="300" width="100" height="44"/><state key="normal" title="Convert"/></button>
                    <label text="Currency Converter" id="t"><rect key="frame" x="12" y="20" width="361" height="57"/><fontDescription key="fontDescription" type="system" pointSize="26"/></label>
                    </subviews></view>
                    """#)))
        #expect(findings(a, RuleID.headerMissing) == ["Text[t]"])
        // A cell's text is a row of a list, even when it is the topmost element and in a title style.
        let list = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <tableView id="tv"><rect key="frame" x="0.0" y="100" width="375" height="500"/><prototypes>
                    <tableViewCell id="c"><rect key="frame" x="0.0" y="50" width="375" height="200"/>
                    <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0.0" y="0.0" width="375" height="200"/><subviews>
                    <label text="Movie title" id="mt"><rect key="frame" x="127" y="19" width="238" height="80"/><fontDescription key="fontDescription" style="UICTFontTextStyleTitle1"/></label>
                    </subviews></tableViewCellContentView></tableViewCell>
                    </prototypes></tableView>
                    <button id="more"><rect key="frame" x="20" y="700" width="100" height="44"/><state key="normal" title="More"/></button>
                    """#)))
        #expect(findings(list, RuleID.headerMissing).isEmpty)
    }

    @Test func aTableCellOfTextAndImagesIsOneElementAndACellWithAControlIsAContainer() {
        func list(_ cell: String, _ content: String) -> FileAudit {
            sb(
                storyboard(
                    """
                    <scene sceneID="s"><objects>
                    <tableViewController id="a" sceneMemberID="viewController">
                    <tableView key="view" id="t"><prototypes>
                    <\(cell) id="c1"><\(cell)ContentView key="contentView" id="cv"><subviews>
                    <imageView image="avatar" id="img"><accessibility key="accessibilityConfiguration"><bool key="isElement" value="YES"/></accessibility></imageView>
                    <stackView id="st"><subviews><label text="Kim" id="l1"/><label text="Online" id="l2"/></subviews></stackView>
                    \(content)
                    </subviews></\(cell)ContentView></\(cell)>
                    </prototypes></tableView>
                    <navigationItem key="navigationItem" title="Friends" id="n"/>
                    </tableViewController>
                    </objects></scene>
                    """))
        }
        // UIKit reads a table view cell of labels and images as one element named by its labels: the
        // image is no stop of its own, so it is not judged as an unlabelled image.
        #expect(list("tableViewCell", "").findings.isEmpty)
        // A control inside makes the cell a container: the image and the button are stops of their own.
        let withButton = list("tableViewCell", #"<button id="b"><state key="normal" image="icon_call"/></button>"#)
        #expect(findings(withButton, RuleID.imageMissingLabel) == ["Image[img]"])
        #expect(findings(withButton, RuleID.unlabeledControl) == ["Button[b]"])
        // So does a text view, which VoiceOver visits on its own.
        let withTextView = list("tableViewCell", #"<textView id="tv" editable="NO" text="Note"/>"#)
        #expect(findings(withTextView, RuleID.imageMissingLabel) == ["Image[img]"])
        // A collection view cell is a container whatever it holds: VoiceOver visits its views one by one.
        #expect(findings(list("collectionViewCell", ""), RuleID.imageMissingLabel) == ["Image[img]"])
    }

    @Test func aTableCellOfTextThatNavigatesIsTheElementItsSegueStartsFrom() {
        func list(_ content: String) -> FileAudit {
            sb(
                storyboard(
                    """
                    <scene sceneID="s"><objects>
                    <tableViewController id="a" sceneMemberID="viewController">
                    <tableView key="view" id="t"><prototypes>
                    <tableViewCell id="c1"><tableViewCellContentView key="contentView" id="cv"><subviews>
                    <imageView image="avatar" id="img"><accessibility key="accessibilityConfiguration"><bool key="isElement" value="YES"/></accessibility></imageView>
                    <label text="Kim" id="l1"/><label text="Online" id="l2"/>
                    \(content)
                    </subviews></tableViewCellContentView>
                    <connections><segue destination="b" kind="show" id="sg"/></connections>
                    </tableViewCell>
                    </prototypes></tableView>
                    <navigationItem key="navigationItem" title="Friends" id="n"/>
                    </tableViewController>
                    </objects></scene>
                    """ + scene("b", "", extra: #"<navigationItem key="navigationItem" title="Chat" id="n2"/>"#)))
        }
        // The cell is the element VoiceOver activates, named by its labels: the image inside is no
        // stop of its own, and the segue's link starts from the cell.
        let text = list("")
        #expect(text.findings.isEmpty, "\(text.findings.map(\.message))")
        #expect(text.journeys.count == 1)
        #expect(text.journeys.first?.link.type == "TableViewCell")
        #expect(text.journeys.first?.link.displayName == "\"Kim, Online\" (c1)")
        #expect(text.journeys.first?.isLost == false)
        // A cell holding a control stays a container: the selection is a button named by the labels,
        // beside the control, and the image is a stop of its own.
        let control = list(#"<switch id="sw"><accessibility key="accessibilityConfiguration" label="Mute"/></switch>"#)
        #expect(findings(control, RuleID.imageMissingLabel) == ["Image[img]"])
        #expect(control.journeys.first?.link.type == "Button")
        #expect(control.journeys.first?.link.displayName == "\"Kim, Online\"")
    }

    @Test func aPickerViewNeedsANameFromItsDelegate() throws {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <pickerView id="p1"/>
                    <pickerView id="p2"><accessibility key="accessibilityConfiguration" label="Size"/></pickerView>
                    """#, extra: #"<navigationItem key="navigationItem" title="Order" id="n"/>"#)))
        // VoiceOver reads a picker's components as adjustable elements, named only through its
        // delegate in code: the unlabelled picker is reported at the outlet controls' severity.
        #expect(findings(a, RuleID.unlabeledControl) == ["PickerView[p1]"])
        #expect(a.findings.first?.severity == .warning)
        #expect(a.findings.first?.message.contains("pickerView(_:accessibilityLabelForComponent:)") == true)
        let off = audit(
            storyboard(scene("a", #"<pickerView id="p1"/>"#, extra: #"<navigationItem key="navigationItem" title="Order" id="n"/>"#)),
            file: "Main.storyboard", configuration: try configured("outlet_controls: off\n"))
        #expect(off.findings.isEmpty)
    }

    @Test func aViewWithTheAdjustableTraitIsAControlAndAPanAloneIsNot() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <view id="dial"><rect key="frame" x="0" y="100" width="200" height="200"/>
                      <accessibility key="accessibilityConfiguration"><accessibilityTraits key="traits" adjustable="YES"/><bool key="isElement" value="YES"/></accessibility>
                      <connections><outletCollection property="gestureRecognizers" destination="pan" appends="YES" id="o1"/></connections>
                    </view>
                    <view id="board"><rect key="frame" x="0" y="320" width="200" height="200"/>
                      <connections><outletCollection property="gestureRecognizers" destination="pan2" appends="YES" id="o2"/></connections>
                    </view>
                    <view id="named"><rect key="frame" x="0" y="540" width="200" height="200"/>
                      <accessibility key="accessibilityConfiguration" label="Volume"><accessibilityTraits key="traits" adjustable="YES"/><bool key="isElement" value="YES"/></accessibility>
                    </view>
                    """#,
                    extra: #"""
                        <navigationItem key="navigationItem" title="Board" id="n"/>
                        """#)
                    + "\n<panGestureRecognizer id=\"pan\"/><panGestureRecognizer id=\"pan2\"/>"))
        // A view made one element with the Adjustable trait is read as a control: it needs a name.
        // A view with only a pan gesture recognizer is no element at all, and no rule judges it.
        #expect(findings(a, RuleID.unlabeledControl) == ["View[dial]"])
        #expect(a.findings.count == 1, "\(a.findings.map(\.message))")
    }

    @Test func aSegmentedControlMadeLowerThanUIKitsHeightIsASmallTarget() {
        func control(_ height: String) -> FileAudit {
            sb(
                storyboard(
                    scene(
                        "a",
                        """
                        <segmentedControl id="seg"><rect key="frame" x="16" y="100" width="240" height="32"/>
                          \(height)
                          <segments><segment title="Day"/><segment title="Week"/><segment title="Month"/></segments>
                        </segmentedControl>
                        """, extra: #"<navigationItem key="navigationItem" title="Stats" id="n"/>"#)))
        }
        // At UIKit's own height, or taller, the control is not judged.
        #expect(control("").findings.isEmpty)
        #expect(control(#"<constraints><constraint firstAttribute="height" constant="40" id="h"/></constraints>"#).findings.isEmpty)
        // A height constraint of its own below UIKit's 32 points makes each segment that small.
        let low = control(#"<constraints><constraint firstAttribute="height" constant="24" id="h"/></constraints>"#)
        #expect(findings(low, RuleID.smallTouchTarget) == ["Segment[1]", "Segment[2]", "Segment[3]"])
        #expect(low.findings.first?.message.contains("80×24 points") == true)
    }

    @Test func aSegmentedControlKeptAtALowFixedFrameIsASmallTarget() {
        // Xcode wrote 28 or 29 points for a segmented control before iOS 13. Laid out by Auto
        // Layout (no fixed frame) it takes UIKit's own height and is not judged; kept at its frame
        // (`fixedFrame="YES"`, no constraints of its own), it keeps 29 points, and each segment is
        // that small.
        func control(_ attributes: String) -> FileAudit {
            sb(
                storyboard(
                    scene(
                        "a",
                        """
                        <segmentedControl \(attributes) id="seg"><rect key="frame" x="16" y="100" width="240" height="29"/>
                          <segments><segment title="Day"/><segment title="Week"/><segment title="Month"/></segments>
                        </segmentedControl>
                        """, extra: #"<navigationItem key="navigationItem" title="Stats" id="n"/>"#)))
        }
        #expect(control(#"translatesAutoresizingMaskIntoConstraints="NO""#).findings.isEmpty)
        let fixed = control(#"fixedFrame="YES" translatesAutoresizingMaskIntoConstraints="NO""#)
        #expect(findings(fixed, RuleID.smallTouchTarget) == ["Segment[1]", "Segment[2]", "Segment[3]"])
        #expect(fixed.findings.first?.message.contains("80×29 points") == true)
        // A fixed frame laid out by its autoresizing mask (no translatesAutoresizingMaskIntoConstraints
        // written) keeps its size the same way.
        #expect(findings(control(#"fixedFrame="YES""#), RuleID.smallTouchTarget).count == 3)
        // A fixed frame at UIKit's height or taller is not judged.
        #expect(
            sb(
                storyboard(
                    scene(
                        "a",
                        """
                        <segmentedControl fixedFrame="YES" id="seg"><rect key="frame" x="16" y="100" width="240" height="32"/>
                          <segments><segment title="Day"/><segment title="Week"/></segments>
                        </segmentedControl>
                        """, extra: #"<navigationItem key="navigationItem" title="Stats" id="n"/>"#))
            ).findings.isEmpty)
    }

    @Test func aTextFieldsPlaceholderIsSaidToBeReadOnlyWhileItIsEmpty() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <textField placeholder="Email" id="t1"><rect key="frame" x="16" y="100" width="300" height="44"/></textField>
                    <textField placeholder="Search" id="t2"><rect key="frame" x="16" y="160" width="300" height="44"/></textField>
                    <textField id="t3"><rect key="frame" x="16" y="220" width="300" height="44"/></textField>
                    """#,
                    extra: #"""
                        <navigationItem key="navigationItem" title="Sign in" id="n"/>
                        <connections><outlet property="searchField" destination="t2" id="o1"/></connections>
                        """#)))
        let messages = Dictionary(
            a.findings.filter { $0.rule == RuleID.unlabeledControl }.map { ($0.element.split(separator: "/").last.map(String.init) ?? "", $0.message) },
            uniquingKeysWith: { first, _ in first })
        // UIKit shows a placeholder, and VoiceOver reads it, only while the field is empty: the
        // field has no name, and the message says what VoiceOver reads instead of "only its role".
        #expect(
            messages["TextField[t1]"]
                == "scene \"Sign in\": TextField 't1' has no accessible name: VoiceOver reads its placeholder \"Email\" only while it is empty, and then only what was typed; add an accessibilityLabel that says what it does"
        )
        #expect(
            messages["TextField[t2]"]?.hasPrefix(
                "scene \"Sign in\": TextField 't2' has only a placeholder, \"Search\", which VoiceOver reads only while the field is empty, and no accessibility label in the file; it is the target of outlet 'searchField'"
            ) == true)
        #expect(messages["TextField[t3]"]?.contains("VoiceOver announces only its role") == true)
    }

    @Test func aXibObjectWithoutAClassIsNamedByItsKind() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
              <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <tableViewCell id="row"><tableViewCellContentView key="contentView" id="cv"><subviews>
                  <label text="Link" id="t1"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                </subviews></tableViewCellContentView></tableViewCell>
                <view id="panel"><subviews>
                  <label text="Status" id="t2"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                </subviews></view>
              </objects>
            </document>
            """
        // Interface Builder's outline calls an object without a class by its kind ("Table View Cell",
        // "View"), and so do the messages.
        let messages = audit(text, file: "Views/Rows.xib").findings.filter { $0.rule == RuleID.fixedFontSize }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("table view cell row: ") == true)
        #expect(messages.last?.hasPrefix("view panel: ") == true)
    }

    @Test func aNavigationBarInTheViewGivesTheScreenItsTitle() {
        func screen(bar: String) -> FileAudit {
            sb(
                storyboard(
                    scene(
                        "a",
                        """
                        \(bar)
                        <label text="Tap the + button to add a note" id="intro"><rect key="frame" x="0.0" y="84" width="375" height="60"/><fontDescription key="fontDescription" type="system" pointSize="24"/></label>
                        """)))
        }
        func bar(_ attributes: String) -> String {
            """
            <navigationBar \(attributes) id="nb"><rect key="frame" x="0.0" y="20" width="375" height="44"/><items>
            <navigationItem title="Notes" id="ni"><barButtonItem key="rightBarButtonItem" systemItem="add" id="add"/></navigationItem>
            </items></navigationBar>
            """
        }
        // The bar's title is read first, as a heading: the large text below it is not the screen's title.
        #expect(screen(bar: bar("")).findings.filter { $0.rule == RuleID.headerMissing }.isEmpty)
        // Without the bar, or with the bar hidden, the text is the first thing read.
        #expect(findings(screen(bar: ""), RuleID.headerMissing) == ["Text[intro]"])
        #expect(findings(screen(bar: bar(#"hidden="YES""#)), RuleID.headerMissing) == ["Text[intro]"])
        // Messages still name the scene as Interface Builder does.
        #expect(screen(bar: bar("")).findings.first?.message.hasPrefix("scene a: ") == true)
    }

    @Test func aLaidOutFrameIsShownInHundredthsOfAPoint() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button id="b1"><rect key="frame" x="0.0" y="0.0" width="144.66666666666666" height="40.333333333333336"/><state key="normal" title="New game"/></button>
                    <button id="b2"><rect key="frame" x="0.0" y="50" width="54.999999999999972" height="43.999"/><state key="normal" title="Settings"/></button>
                    """#)))
        let messages = a.findings.filter { $0.rule == RuleID.smallTouchTarget }.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.first?.contains("is 144.66×40.33 points") == true)
        // Never rounded up to the minimum it falls short of.
        #expect(messages.last?.contains("is 55×43.99 points") == true)
    }

    @Test func aFontSetInCodeThroughADeclaredRuntimeAttributeIsNotJudged() throws {
        let text = storyboard(
            scene(
                "a",
                #"""
                <label text="Help" id="l1"><fontDescription key="fontDescription" type="system" pointSize="17"/>
                  <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="ibEnaStyle" value="body"/></userDefinedRuntimeAttributes>
                </label>
                <button id="b1"><rect key="frame" x="0.0" y="100" width="300" height="50"/><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/><state key="normal" title="Call"/>
                  <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="number" keyPath="dynamicTypeSize"><real key="value" value="17"/></userDefinedRuntimeAttribute></userDefinedRuntimeAttributes>
                </button>
                <label text="Other" id="l2"><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
                """#))
        // Unknown to focusaudit by default: the fonts in the file are judged.
        #expect(findings(sb(text), RuleID.fixedFontSize) == ["Text[l1]", "Button[b1]", "Text[l2]"])
        var configuration = Configuration()
        try ConfigurationFile.parse("font_runtime_attributes: [ibEnaStyle, dynamicTypeSize]\n", path: ".focusaudit.yml").apply(to: &configuration)
        #expect(configuration.fontRuntimeAttributes == ["ibEnaStyle", "dynamicTypeSize"])
        // Declared, they say the project's classes set those views' fonts in code.
        let declared = audit(text, file: "Main.storyboard", configuration: configuration)
        #expect(findings(declared, RuleID.fixedFontSize) == ["Text[l2]"])
    }

    @Test func aFieldItsOwnConstraintsHoldAtOnePointDrawsNoTextToJudge() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <textField id="f1" placeholder="Password"><rect key="frame" x="0.0" y="0.0" width="280" height="44"/>
                      <constraints><constraint firstAttribute="height" constant="44" id="c1"/></constraints>
                      <fontDescription key="fontDescription" type="system" pointSize="14"/>
                      <accessibility key="accessibilityConfiguration" label="Password"/>
                    </textField>
                    <textField id="f2"><rect key="frame" x="0.0" y="43" width="1" height="1"/>
                      <constraints><constraint firstAttribute="height" constant="1" id="c2"/><constraint firstAttribute="width" constant="1" id="c3"/></constraints>
                      <fontDescription key="fontDescription" type="system" pointSize="14"/>
                      <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="isAccessibilityElement" value="NO"/></userDefinedRuntimeAttributes>
                    </textField>
                    <label text="Hint" id="l1"><rect key="frame" x="0.0" y="60" width="0.0" height="21"/>
                      <constraints><constraint firstAttribute="width" constant="0.0" id="c4"/></constraints>
                      <fontDescription key="fontDescription" type="system" pointSize="13"/>
                    </label>
                    <textField id="f3"><rect key="frame" x="0.0" y="90" width="0.0" height="0.0"/>
                      <fontDescription key="fontDescription" type="system" pointSize="14"/>
                      <accessibility key="accessibilityConfiguration" label="Code"/>
                    </textField>
                    """#)))
        // A field held at 1×1 point (an invisible field that only helps AutoFill) shows no text,
        // whatever its font size. A label held at no width only (code may open it again) and a 0×0
        // frame without constraints of its own (code or the autoresizing mask may size it) are
        // judged as before.
        #expect(findings(a, RuleID.fixedFontSize) == ["TextField[f1]", "Text[l1]", "TextField[f3]"])
    }

    @Test func aButtonSelectedInTheFileIsNamedByItsSelectedState() {
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <button selected="YES" id="b1"><state key="normal" image="1_normal"/><state key="selected" image="1_selected"/></button>
                    <button id="b2"><state key="normal" image="2_normal"/><state key="selected" image="2_selected"/></button>
                    <button selected="YES" id="b3"><rect key="frame" x="0.0" y="0.0" width="30" height="30"/><state key="normal" title="Play"/><state key="selected" title="Pause"/></button>
                    """#)))
        // UIKit draws the current state's image and title, and VoiceOver reads them.
        let unnamed = a.findings.filter { $0.rule == RuleID.unlabeledControl }.map(\.message)
        #expect(unnamed.count == 2)
        #expect(unnamed.first?.contains("\"1_selected\"") == true)
        #expect(unnamed.last?.contains("\"2_normal\"") == true)
        #expect(a.findings.first { $0.rule == RuleID.smallTouchTarget }?.message.contains("Button \"Pause\"") == true)
    }

    @Test func aTitleOfIconFontGlyphsIsNoName() {
        // Buttons titled with Font Awesome glyphs (characters of Unicode's Private Use Area, drawn
        // as icons by the font): VoiceOver has no word for them, so the button has no name, like an
        // image-only one, and the glyph is no text for fixed_font_size to judge. An outlet makes the
        // finding the outlet warning; an accessibility label names the button; a title of ordinary
        // symbols ("+") is still read as its title.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    """
                    <button id="g1"><rect key="frame" x="0.0" y="0.0" width="35" height="35"/>
                      <fontDescription key="fontDescription" name="FontAwesome" family="FontAwesome" pointSize="35"/>
                      <state key="normal" title="\u{F099}"/></button>
                    <button id="g2"><fontDescription key="fontDescription" name="FontAwesome" family="FontAwesome" pointSize="20"/>
                      <state key="normal" title=" \u{F09A} \u{F0AC}"/></button>
                    <button id="g3"><fontDescription key="fontDescription" name="FontAwesome" family="FontAwesome" pointSize="20"/>
                      <state key="normal" title="\u{F099}"/><accessibility key="accessibilityConfiguration" label="Twitter"/></button>
                    <button id="g4"><buttonConfiguration key="configuration" style="plain" title="\u{E001}"/></button>
                    <button id="plus"><fontDescription key="fontDescription" type="system" pointSize="20"/><state key="normal" title="+"/></button>
                    <button id="logo"><state key="normal" title="\u{F8FF}"/></button>
                    """,
                    extra: #"<connections><outlet property="shareButton" destination="g2" id="o1"/></connections>"#)))
        let unnamed = a.findings.filter { $0.rule == RuleID.unlabeledControl }
        #expect(unnamed.map { $0.element.split(separator: "/").last.map(String.init) } == ["Button[g1]", "Button[g2]", "Button[g4]"])
        #expect(unnamed.map(\.severity) == [.error, .warning, .error])
        #expect(
            unnamed.first?.message
                == """
                scene a: Button 'g1' has no accessible name: its title is only the icon font glyph U+F099, which VoiceOver \
                does not read as words (it says nothing, or names an unrelated emoji); add an accessibilityLabel that says \
                what it does
                """)
        #expect(
            unnamed.dropFirst().first?.message.hasPrefix(
                "scene a: Button 'g2' has only the icon font glyph U+F09A U+F0AC as its title, which VoiceOver does not read as "
                    + "words, and no accessibility label in the file; it is the target of outlet 'shareButton'") == true)
        #expect(findings(a, RuleID.fixedFontSize) == ["Button[plus]", "Button[logo]"])
        #expect(findings(a, RuleID.smallTouchTarget) == ["Button[g1]"])
    }

    @Test func aOneCharacterTextIsNotCutShortByALineLimit() {
        // A dial's value "9" and its end marks in a text style that grows, on one line: one
        // character has nowhere to break, so the line limit cannot cut it short and wrapping would
        // not help. Two characters or a word can be, as before; so in a description.
        let a = sb(
            storyboard(
                scene(
                    "a",
                    #"""
                    <label text="9" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="v"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
                    <label text=" 0 " adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="lo"><fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/></label>
                    <label text="11" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="hi"><fontDescription key="fontDescription" style="UICTFontTextStyleCaption1"/></label>
                    <label text="Brand" adjustsFontForContentSizeCategory="YES" adjustsFontSizeToFit="NO" id="b"><fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/></label>
                    """#)))
        #expect(findings(a, RuleID.textMayClip) == ["Text[hi]", "Text[b]"])
        let d = audit(
            #"<app><screen id="s" title="Dial"><Text id="v" font="body" line-limit="1">7</Text><Text id="w" font="body" line-limit="1">70</Text></screen></app>"#,
            file: "dial.xml")
        #expect(d.findings.filter { $0.rule == RuleID.textMayClip }.map(\.element) == ["screen[s]/Text[w]"])
    }
}
