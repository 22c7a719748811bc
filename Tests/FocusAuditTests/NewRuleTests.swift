import TestSupport
import Testing

@testable import FocusAudit

/// Readings of the rules for Voice Control, traits, Dynamic Type and target size that the examples
/// in their metadata do not pin down.
@Suite struct LabelNotInNameTests {
    private func found(_ xml: String) -> [(String, Severity)] {
        audit(xml, configuration: .everyRule).findings.filter { $0.rule == RuleID.labelNotInName }.map { ($0.element, $0.severity) }
    }

    /// The format contract's own first example: a row that shows a person's name and is labelled
    /// with what it does. The rule is opt-in, so a default run reports only the unlabeled search
    /// button; turned on (`opt_in_rules`, `rules:` with `on` or a severity) it reports the row.
    static let contractExample = """
        <app name="LMessenger" transition="0.35">
          <screen id="friends" title="친구" root="true" restore-focus="on-appear" restore-delay="0.6" capture="binding">
            <List>
              <NavigationLink id="myProfile" destination="profile" focus="myProfile" label="내 프로필 보기" children="combine">
                <Image asset="avatar"/>
                <Text>홍길동</Text>
              </NavigationLink>
              <NavigationLink id="friend1" destination="chat" focus="friend1"><Text>김철수</Text></NavigationLink>
              <Button id="search" sheet="search"><Image asset="icon_search"/></Button>
            </List>
          </screen>
          <screen id="profile" title="프로필"/>
          <screen id="chat" title="채팅"/>
          <screen id="search" title="검색"/>
        </app>
        """

    @Test func isOptIn() throws {
        #expect(rules(audit(Self.contractExample)) == [RuleID.unlabeledControl])
        let row = "screen[friends]/List[1]/NavigationLink[myProfile]"
        for (yaml, severity) in [
            ("opt_in_rules: [label_not_in_name]\n", Severity.error), ("opt_in_rules: label_not_in_name\n", .error),
            ("rules:\n  label_not_in_name: on\n", .error), ("rules:\n  label_not_in_name: warning\n", .warning),
        ] {
            var configuration = Configuration()
            try ConfigurationFile.parse(yaml, path: ".focusaudit.yml").apply(to: &configuration)
            let found = audit(Self.contractExample, configuration: configuration).findings.filter { $0.rule == RuleID.labelNotInName }
            #expect(found.map(\.element) == [row], "\(yaml)")
            #expect(found.map(\.severity) == [severity], "\(yaml)")
        }
        var off = Configuration()
        try ConfigurationFile.parse("opt_in_rules: [label_not_in_name]\nrules:\n  label_not_in_name: off\n", path: ".focusaudit.yml")
            .apply(to: &off)
        #expect(rules(audit(Self.contractExample, configuration: off)) == [RuleID.unlabeledControl])
        #expect(throws: InputError.self) { try ConfigurationFile.parse("opt_in_rules: [label_not_in_nam]\n", path: ".focusaudit.yml") }
    }

    @Test func aNameWithTheVisibleTextLaterIsAWarning() {
        let result = found(
            """
            <app><screen id="s">
              <Button id="a" label="지금 전송">전송</Button>
              <Button id="b" label="메시지 보내기">전송</Button>
            </screen></app>
            """)
        #expect(result.map(\.0) == ["screen[s]/Button[a]", "screen[s]/Button[b]"])
        #expect(result.map(\.1) == [.warning, .error])
    }

    @Test func textsAreComparedWithoutCaseSpacePunctuationOrComposition() {
        // "한" decomposed into jamo (U+1112 U+1161 U+11AB) in the label, composed in the text.
        let result = found(
            """
            <app><screen id="s">
              <Button id="a" label="\u{1112}\u{1161}\u{11AB}글 설정">한글</Button>
              <Button id="b" label="SIGN-IN now">Sign in</Button>
              <Toggle id="c" label="Wi‑Fi, on">WiFi</Toggle>
            </screen></app>
            """)
        #expect(result.isEmpty, "\(result)")
    }

    @Test func onlyControlsWithAVisibleTextAndALabel() {
        let result = found(
            """
            <app><screen id="s">
              <Button id="symbol" label="닫기"><Image system-name="xmark"/></Button>
              <Button id="hiddenText" label="닫기"><Text hidden="true">X</Text></Button>
              <HStack label="요약" children="combine"><Text>다른 글</Text></HStack>
              <SecureField id="pw" label="비밀번호">****</SecureField>
              <Button id="nested" label="프로필"><VStack><Text>홍길동</Text></VStack></Button>
              <Button id="outer" label="사진 저장"><Toggle id="inner" text="원본"/></Button>
              <Button id="computed" label="내 프로필 보기"><Text>\\(user.name)</Text></Button>
            </screen></app>
            """)
        #expect(result.map(\.0) == ["screen[s]/Button[nested]"])
    }

    @Test func theRulesSeverityAppliesToBothCases() throws {
        var configuration = Configuration()
        try ConfigurationFile.parse("rules:\n  label_not_in_name: error\n", path: ".focusaudit.yml").apply(to: &configuration)
        let a = audit(
            #"<app><screen id="s"><Button id="a" label="지금 전송">전송</Button></screen></app>"#,
            configuration: configuration)
        #expect(a.findings.map(\.severity) == [.error])
    }
}

@Suite struct ConflictingTraitsTests {
    private func found(_ xml: String) -> [String] {
        audit(xml, configuration: .everyRule).findings.filter { $0.rule == RuleID.conflictingTraits }.map {
            String($0.element.split(separator: "/").last!) + ": " + $0.message
        }
    }

    @Test func eachConflictIsNamedOnceInOneFinding() {
        let result = found(
            #"<app><screen id="s"><Text id="t" traits="button link header staticText">도움말</Text></screen></app>"#)
        #expect(result.count == 1)
        let message = result.first ?? ""
        #expect(message.hasPrefix("Text[t]: Text \"도움말\" (t) has conflicting traits: button and link; header on a control"))
        #expect(message.contains("static text on a control"))
        #expect(!message.contains("selected"))
    }

    @Test func navigationLinksAndMenusAreButtons() {
        let result = found(
            """
            <app><screen id="s">
              <NavigationLink id="n" destination="s" traits="link">열기</NavigationLink>
              <Menu id="m" traits="selected">정렬</Menu>
              <Link id="l" traits="button">웹사이트</Link>
              <Image asset="a" label="지도" traits="selected"/>
            </screen></app>
            """)
        #expect(result.map { String($0.prefix { $0 != ":" }) } == ["NavigationLink[n]", "Link[l]", "Image[1]"])
    }

    @Test func storyboardTraitsAreRead() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>
            <switch id="sw"><accessibility key="accessibilityConfiguration" label="Mute">
              <accessibilityTraits key="traits" header="YES"/></accessibility></switch>
            <label text="Title" id="l"><accessibility key="accessibilityConfiguration">
              <accessibilityTraits key="traits" header="YES"/></accessibility></label>
            </subviews></view></viewController>
            </objects></scene></scenes>
            </document>
            """
        let a = audit(text, file: "Main.storyboard", configuration: .everyRule)
        #expect(a.findings.filter { $0.rule == RuleID.conflictingTraits }.map(\.element) == ["screen[a]/View[v]/Toggle[sw]"])
    }

    /// The rule is opt-in: a default run reports none of the combinations it knows, which apps
    /// also write on purpose (a selected row, a heading that expands its section, a linked
    /// NavigationLink); a configuration turns it on.
    @Test func itRunsOnlyWhenTurnedOn() throws {
        let xml = """
            <app><screen id="s">
              <NavigationLink id="n" destination="s" traits="link">열기</NavigationLink>
              <Button id="h" traits="header">알림</Button>
              <HStack children="combine" traits="selected"><Text>기본 글꼴</Text></HStack>
            </screen></app>
            """
        #expect(audit(xml).findings.filter { $0.rule == RuleID.conflictingTraits }.isEmpty)
        var configuration = Configuration()
        try ConfigurationFile.parse("opt_in_rules: [conflicting_traits]\n", path: ".focusaudit.yml").apply(to: &configuration)
        #expect(audit(xml, configuration: configuration).findings.filter { $0.rule == RuleID.conflictingTraits }.count == 3)
    }
}

@Suite struct FixedFontSizeTests {
    @Test func fontValuesAreCheckedInXMLAndJSON() {
        let xml = audit(
            """
            <app><screen id="s">
              <Text font="Body">a</Text>
              <Text font="fixed:">b</Text>
              <Text font="fixed:0">c</Text>
              <Text font="fixed:-1">d</Text>
              <Text font="17">e</Text>
              <Text font="fixed:17.5">f</Text>
              <Text font="caption2">g</Text>
            </screen></app>
            """)
        let invalid = xml.findings.filter { $0.rule == RuleID.invalidDescription }
        #expect(invalid.map(\.location.line) == [2, 3, 4, 5, 6])
        #expect(invalid.first?.message.contains("did you mean 'body'") == true || invalid.first?.message.contains("'body'") == true)
        // A bad value is treated as absent: only the good fixed size is reported.
        #expect(xml.findings.filter { $0.rule == RuleID.fixedFontSize }.map(\.location.line) == [7])
        #expect(xml.findings.first { $0.rule == RuleID.fixedFontSize }?.message.contains("fixed 17.5-point font") == true)
        let json = audit(
            #"{"screens": [{"id": "s", "body": [{"view": "Text", "font": "fixed:12", "text": "a"}, {"view": "Text", "font": 12}]}]}"#,
            file: "t.json")
        #expect(json.findings.map(\.rule).sorted() == [RuleID.fixedFontSize, RuleID.invalidDescription])
    }

    @Test func storyboardFontsAndTheirAdjustment() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>
            <label text="A" id="l1"><fontDescription key="fontDescription" name="Helvetica" family="Helvetica" pointSize="17"/></label>
            <label text="B" adjustsFontForContentSizeCategory="YES" id="l2"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <textField text="C" id="t1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></textField>
            <textView text="D" editable="NO" adjustsFontForContentSizeCategory="YES" id="t2"><fontDescription key="fontDescription" type="system" pointSize="14"/></textView>
            <button id="b1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/><state key="normal" title="E"/></button>
            <button id="b2"><state key="normal" title="F"/><buttonConfiguration key="configuration" style="plain" title="F"/></button>
            <button id="b3"><fontDescription key="fontDescription" type="system" pointSize="15"/><state key="normal" title="Button"/>
              <buttonConfiguration key="configuration" style="plain" title="G"><fontDescription key="titleFontDescription" style="UICTFontTextStyleBody"/></buttonConfiguration></button>
            </subviews></view></viewController>
            </objects></scene></scenes>
            </document>
            """
        let a = audit(text, file: "Main.storyboard")
        let found = a.findings.filter { $0.rule == RuleID.fixedFontSize }.map { String($0.element.split(separator: "/").last!) }
        // A fixed size (l1, t2: adjusting does nothing for a fixed size), a text style not adjusted
        // (t1, and b1, a legacy button, which Interface Builder cannot make adjust). A configured
        // button follows its configuration's font (b3), or the system's when it has none (b2).
        #expect(found == ["Text[l1]", "TextField[t1]", "Text[t2]", "Button[b1]"])
        #expect(a.findings.first { $0.element.hasSuffix("[t1]") }?.message.contains("body text style but does not adjust it") == true)
        #expect(a.findings.first { $0.element.hasSuffix("[l1]") }?.message.contains("tick Automatically Adjusts Font") == true)
    }
}

@Suite struct SmallTouchTargetTests {
    private static let xml = """
        <app><screen id="s">
          <Button id="a" label="A" size="30x30"/>
          <Button id="b" label="B" size="24x24"/>
          <Button id="c" label="C" size="44x43.5"/>
          <Button id="d" label="D" size="44"/>
          <Button id="e" label="E" size="44X44"/>
        </screen></app>
        """

    @Test func theMinimumIsConfigurable() throws {
        let defaults = audit(Self.xml)
        #expect(defaults.findings.filter { $0.rule == RuleID.smallTouchTarget }.map(\.location.line) == [2, 3, 4])
        #expect(defaults.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.location.line) == [5, 6])
        #expect(
            defaults.findings.first { $0.rule == RuleID.smallTouchTarget }?.message
                == "Button \"A\" (a) is 30×30 points, smaller than the 44×44 minimum touch target; make its tappable area at least 44 points wide and high")
        var configuration = Configuration()
        try ConfigurationFile.parse("min_touch_target: 24\n", path: ".focusaudit.yml").apply(to: &configuration)
        #expect(configuration.minTouchTarget == 24)
        let wcag = audit(Self.xml, configuration: configuration)
        #expect(wcag.findings.filter { $0.rule == RuleID.smallTouchTarget }.isEmpty)
        #expect(throws: InputError.self) { try ConfigurationFile.parse("min_touch_target: 0\n", path: ".focusaudit.yml") }
        #expect(throws: InputError.self) { try ConfigurationFile.parse("min_touch_target: big\n", path: ".focusaudit.yml") }
    }

    @Test func storyboardSizesComeFromOwnConstraintsThenTheFrame() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="v">
            <rect key="frame" x="0" y="0" width="10" height="10"/>
            <subviews>
            <button id="b1"><rect key="frame" x="0" y="0" width="100" height="30"/><state key="normal" title="A"/></button>
            <button id="b2"><rect key="frame" x="0" y="0" width="100" height="30"/>
              <constraints><constraint firstAttribute="height" relation="greaterThanOrEqual" constant="20" id="c1"/>
              <constraint firstItem="b2" firstAttribute="height" constant="48" id="c2"/></constraints>
              <state key="normal" title="B"/></button>
            <textField placeholder="Name" id="t1"><rect key="frame" x="0" y="0" width="200" height="34"/>
              <accessibility key="accessibilityConfiguration" label="Name"/></textField>
            <view id="row"><rect key="frame" x="0" y="0" width="300" height="60"/><subviews>
              <button id="b3"><rect key="frame" x="0" y="0" width="44" height="44"/><state key="normal" title="C"/></button>
            </subviews><constraints><constraint firstItem="b3" firstAttribute="height" constant="20" id="c3"/></constraints></view>
            <stepper id="st"><rect key="frame" x="0" y="0" width="94" height="32"/>
              <accessibility key="accessibilityConfiguration" label="Count"/></stepper>
            </subviews></view></viewController>
            </objects></scene></scenes>
            </document>
            """
        let a = audit(text, file: "Main.storyboard")
        let found = a.findings.filter { $0.rule == RuleID.smallTouchTarget }.map { String($0.element.split(separator: "/").last!) }
        // b2's own equal constraint (48) wins over its frame; the ≥ constraint is not a size; the
        // constraint about b3 held by its parent is not b3's own; a stepper is UIKit's size.
        #expect(found == ["Button[b1]", "TextField[t1]"])
    }
}

@Suite struct TextMayClipTests {
    @Test func valuesAreCheckedAndJSONTakesNumbers() {
        let xml = audit(
            """
            <app><screen id="s">
              <Text line-limit="0">Alpha</Text>
              <Text line-limit="1.5">Bravo</Text>
              <Text minimum-scale-factor="0">Charlie</Text>
              <Text line-limit="1" minimum-scale-factor="1.5">Delta</Text>
              <Text line-limit="1" minimum-scale-factor="1">Echo</Text>
              <Text line-limit="2">Foxtrot</Text>
            </screen></app>
            """)
        #expect(xml.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.location.line) == [2, 3, 4, 5])
        // A bad factor is treated as absent; a factor of 1 does not shrink.
        #expect(xml.findings.filter { $0.rule == RuleID.textMayClip }.map(\.location.line) == [5, 6])
        let json = audit(
            #"{"screens": [{"id": "s", "body": [{"view": "Text", "lineLimit": 1, "text": "Alpha"}, {"view": "Text", "lineLimit": "1", "text": "Bravo"}, {"view": "Text", "lineLimit": 1, "minimumScaleFactor": 0.5, "text": "Charlie"}]}]}"#,
            file: "t.json")
        #expect(json.findings.map(\.rule).sorted() == [RuleID.invalidDescription, RuleID.textMayClip])
    }

    @Test func storyboardLabelsAreOneLineUnlessNumberOfLinesSaysOtherwise() {
        let text = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a">
            <scenes><scene sceneID="s"><objects>
            <viewController id="a" sceneMemberID="viewController"><view key="view" id="v"><subviews>
            <label text="Alpha" adjustsFontForContentSizeCategory="YES" id="l1"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label text="Bravo" numberOfLines="2" adjustsFontForContentSizeCategory="YES" id="l2"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label text="Charlie" adjustsFontSizeToFit="NO" minimumScaleFactor="0.5" adjustsFontForContentSizeCategory="YES" id="l3"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label text="Delta" minimumFontSize="9" adjustsFontForContentSizeCategory="YES" id="l4"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label text="Echo" id="l5"><fontDescription key="fontDescription" style="UICTFontTextStyleBody"/></label>
            <label text="Foxtrot" id="l6"/>
            </subviews></view></viewController>
            </objects></scene></scenes>
            </document>
            """
        let a = audit(text, file: "Main.storyboard")
        // l3: autoshrink turned off; l5: its style is not adjusted (fixed_font_size's case, not this
        // one); l6: no font known to scale.
        #expect(
            a.findings.filter { $0.rule == RuleID.textMayClip }.map { String($0.element.split(separator: "/").last!) }
                == ["Text[l1]", "Text[l3]"])
    }
}

@Suite struct HeaderMissingTests {
    @Test func onlyTheFirstElementOfAnUntitledScreenWithoutHeadingsCounts() {
        let a = audit(
            """
            <app>
              <screen id="a"><Text font="headline">오늘</Text><Text>내용</Text></screen>
              <screen id="b"><Button id="x" font="largeTitle">큰 버튼</Button></screen>
              <screen id="c"><Text font="largeTitle" hidden="true">숨김</Text><Text font="title">보임</Text></screen>
              <screen id="d"><Text font="fixed:34">고정 크기</Text></screen>
              <screen id="e"><Text font="title">제목</Text><Text traits="header" hidden="true">숨은 제목</Text></screen>
              <screen id="f"><Text font="fixed:17">본문 크기</Text></screen>
            </app>
            """)
        // a: headline is the bold style; c: the first element VoiceOver reads is the visible one;
        // b: a control is not a title; d: a fixed size as large as a title style (34 points, Large
        // Title's size) draws a title; f: a fixed body size does not; e: a heading anywhere on the
        // screen, even one VoiceOver skips, is the author's choice of heading.
        #expect(
            a.findings.filter { $0.rule == RuleID.headerMissing }.map(\.element) == [
                "screen[a]/Text[1]", "screen[c]/Text[2]", "screen[d]/Text[1]",
            ])
    }
}
