import Testing

@testable import FocusAudit

@Suite struct SimulatorTests {
    private func outcomes(_ a: FileAudit) -> [String] {
        a.journeys.map { journey in
            let route: String
            switch journey.route {
            case .back: route = "back"
            case .popToRoot(let from): route = "root<-\(from)"
            }
            let outcome: String
            switch journey.outcome {
            case .restored: outcome = journey.unreliable ? "restored-unreliable" : "restored"
            case .landsOnElement: outcome = "first"
            case .returnedBySystem: outcome = "system"
            case .restoredOnDismiss: outcome = "on-dismiss"
            case .lost(let causes): outcome = "lost(\(causes.count))"
            }
            return "\(journey.link.navigation.target) \(route) \(outcome)"
        }
    }

    private func app(capture: String, delay: String = "0.6") -> String {
        """
        <app>
          <screen id="home" title="Home" restore-focus="on-appear" restore-delay="\(delay)" capture="\(capture)">
            <NavigationLink id="a" destination="detail" focus="a"><Text>A</Text></NavigationLink>
          </screen>
          <screen id="detail"/>
        </app>
        """
    }

    /// A screen without an id, or with an id an earlier screen already has, is named "this screen"
    /// in the screen-level messages, never with an empty name ("returning to  (…)").
    @Test func screensWithoutTheirOwnIdAreNamedThisScreen() {
        let a = audit(
            """
            <app>
              <screen title="Inbox"><NavigationLink id="a" destination="d">A</NavigationLink></screen>
              <screen id="d" restore-focus="on-appear" restore-delay="0.6" capture="gesture">
                <NavigationLink id="b" destination="d" focus="b">B</NavigationLink>
              </screen>
              <screen id="d" restore-focus="on-appear" restore-delay="0.6" capture="gesture">
                <NavigationLink id="c" destination="d" focus="c">C</NavigationLink>
              </screen>
              <screen id="d" restore-focus="on-appear" restore-delay="0.6">
                <NavigationLink id="e" destination="d" focus="e">E</NavigationLink>
              </screen>
            </app>
            """)
        let messages = a.findings.filter { $0.rule != RuleID.invalidDescription }.map { "\($0.location.line) \($0.message)" }
        #expect(messages.count == 4, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("2 returning to this screen (\"Inbox\") puts VoiceOver focus on the title") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("3 d records the activated control with a tap gesture") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("6 this screen records the activated control with a tap gesture") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("9 this screen restores focus on appear, but nothing records") }, "\(messages)")
    }

    @Test func restorationThroughEachCaptureMode() {
        #expect(outcomes(audit(app(capture: "binding"))) == ["detail back restored"])
        #expect(outcomes(audit(app(capture: "path"))) == ["detail back restored"])
        #expect(outcomes(audit(app(capture: "gesture"))) == ["detail back restored-unreliable"])
        #expect(outcomes(audit(app(capture: "none"))) == ["detail back lost(1)"])
        #expect(rules(audit(app(capture: "gesture"))) == [RuleID.unreliableFocusCapture])
        #expect(rules(audit(app(capture: "none"))) == [RuleID.focusLostOnReturn])
    }

    @Test func delayEqualToTransitionIsInTime() {
        #expect(outcomes(audit(app(capture: "binding", delay: "0.35"))) == ["detail back restored"])
        #expect(outcomes(audit(app(capture: "binding", delay: "0.34"))) == ["detail back lost(1)"])
        let slow = audit(app(capture: "binding", delay: "0.6").replacingFirst("<app>", "<app transition=\"0.8\">"))
        #expect(rules(slow) == [RuleID.missingRestorationDelay])
        var configuration = Configuration()
        configuration.transition = 0.8
        #expect(rules(audit(app(capture: "binding"), configuration: configuration)) == [RuleID.missingRestorationDelay])
        // The description's own transition wins over the configured one.
        let own = app(capture: "binding").replacingFirst("<app>", "<app transition=\"0.5\">")
        #expect(rules(audit(own, configuration: configuration)).isEmpty)
    }

    @Test func cyclesTerminateWithOneJourneyPerLink() {
        let a = audit(
            """
            <app>
              <screen id="a" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink id="toB" destination="b" focus="toB"><Text>B</Text></NavigationLink>
              </screen>
              <screen id="b" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink id="toA" destination="a" focus="toA"><Text>A</Text></NavigationLink>
                <NavigationLink id="self" destination="b" focus="self"><Text>B again</Text></NavigationLink>
              </screen>
            </app>
            """)
        #expect(outcomes(a) == ["b back restored", "a back restored", "b back restored"])
        #expect(a.findings.isEmpty)
    }

    @Test func popToRootReturnsToTheRootLink() {
        let a = audit(
            """
            <app>
              <screen id="root" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink id="settings" destination="settings" focus="settings"><Text>설정</Text></NavigationLink>
                <NavigationLink id="help" destination="help"><Text>도움말</Text></NavigationLink>
              </screen>
              <screen id="settings" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink id="account" destination="account" focus="account"><Text>계정</Text></NavigationLink>
              </screen>
              <screen id="account">
                <Button id="done" label="처음으로" pop-to-root="true"/>
              </screen>
              <screen id="help"/>
            </app>
            """)
        #expect(
            outcomes(a) == [
                "settings back restored", "settings root<-account restored", "help back lost(1)", "account back restored",
            ])
        #expect(rules(a) == [RuleID.unboundFocusTarget])
    }

    @Test func sheetsReturnFocusToThePresenterUnlessConfigured() {
        let xml = """
            <app>
              <screen id="home" title="Home">
                <Button id="search" label="검색" sheet="search"/>
                <Button id="photo" label="사진" full-screen-cover="photo"/>
              </screen>
              <screen id="search"><NavigationLink id="r" destination="result"><Text>결과</Text></NavigationLink></screen>
              <screen id="photo"/>
              <screen id="result"/>
            </app>
            """
        let a = audit(xml)
        #expect(outcomes(a) == ["search back system", "photo back system", "result back first"])
        #expect(a.findings.isEmpty)
        var configuration = Configuration()
        configuration.modalRestoresFocus = false
        let strictModal = audit(xml, configuration: configuration)
        #expect(outcomes(strictModal).prefix(2) == ["search back lost(1)", "photo back lost(1)"])
    }

    /// Per-kind dismissal settings: a kind that loses focus is a dismissal, not a pop, so only a
    /// restoration on dismissal brings focus back, and a restoration on appear does not.
    @Test func dismissalsFollowTheirKindsSetting() {
        let xml = """
            <app>
              <screen id="home" title="Home" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <Button id="search" label="Search" sheet="search" focus="search"/>
                <Button id="photo" label="Photo" full-screen-cover="photo" focus="photo"/>
                <Button id="tip" label="Tip" popover="tip" focus="tip"/>
              </screen>
              <screen id="search"/>
              <screen id="photo"/>
              <screen id="tip"/>
            </app>
            """
        var configuration = Configuration()
        configuration.presentations = [.sheet: .loses, .popover: .loses]
        let losing = audit(xml, configuration: configuration)
        #expect(outcomes(losing) == ["search back lost(1)", "photo back system", "tip back lost(1)"])
        let finding = try! #require(losing.findings.first)
        #expect(losing.findings.map(\.rule) == [RuleID.focusLostOnReturn])
        #expect(finding.message.contains("\"Search\" (search) → search, \"Tip\" (tip) → tip"))
        #expect(finding.message.contains("restore-focus=\"on-dismiss\""))

        // Restoring on dismissal brings focus back; a control without a focus binding still loses it.
        let restoring = xml.replacingOccurrences(of: "restore-focus=\"on-appear\"", with: "restore-focus=\"on-appear on-dismiss\"")
            .replacingOccurrences(of: " popover=\"tip\" focus=\"tip\"", with: " popover=\"tip\"")
        let fixed = audit(restoring, configuration: configuration)
        #expect(outcomes(fixed) == ["search back on-dismiss", "photo back system", "tip back lost(1)"])
        #expect(fixed.findings.map(\.rule) == [RuleID.unboundFocusTarget])

        // A control's own restore-focus wins over its screen's for what it presents.
        let perControl = restoring.replacingOccurrences(
            of: "sheet=\"search\" focus=\"search\"", with: "sheet=\"search\" focus=\"search\" restore-focus=\"none\"")
        #expect(outcomes(audit(perControl, configuration: configuration)) == ["search back lost(1)", "photo back system", "tip back lost(1)"])
        let onAppearOnControl = audit(
            restoring.replacingOccurrences(of: "sheet=\"search\" focus=\"search\"", with: "sheet=\"search\" focus=\"search\" restore-focus=\"on-appear\""),
            configuration: configuration)
        #expect(onAppearOnControl.findings.contains { $0.rule == RuleID.invalidDescription && $0.message.contains("on-dismiss or none") })

        // The description's own setting wins over the configuration.
        let own = audit(xml.replacingOccurrences(of: "<app>", with: "<app sheet-focus=\"restores\" popover-focus=\"restores\">"), configuration: configuration)
        #expect(outcomes(own) == ["search back system", "photo back system", "tip back system"])
        #expect(own.findings.isEmpty)

        // The JSON form: camelCase app keys, and restoreFocus as an array.
        let json = """
            {"sheetFocus": "loses", "popoverFocus": "loses", "screens": [
              {"id": "home", "title": "Home", "restoreFocus": ["on-appear", "on-dismiss"], "restoreDelay": 0.6,
               "capture": "binding", "body": [
                {"view": "Button", "id": "search", "label": "Search", "sheet": "search", "focus": "search"},
                {"view": "Button", "id": "tip", "label": "Tip", "popover": "tip"}]},
              {"id": "search"}, {"id": "tip"}]}
            """
        let fromJSON = audit(json, file: "test.json")
        #expect(fromJSON.error == nil)
        #expect(outcomes(fromJSON) == ["search back on-dismiss", "tip back lost(1)"])
        #expect(fromJSON.findings.map(\.rule) == [RuleID.unboundFocusTarget])
    }

    /// A dismissal that loses focus starts VoiceOver again at the screen's first element: when that
    /// element is the presenting control, the user is where they were and nothing is reported.
    @Test func aLosingDismissalLandingOnThePresenterIsNotLost() {
        let xml = """
            <app sheet-focus="loses">
              <screen id="home">
                <Button id="compose" label="Compose" sheet="compose"/>
                <Button id="help" label="Help" sheet="compose"/>
              </screen>
              <screen id="compose"/>
            </app>
            """
        let untitled = audit(xml)
        #expect(outcomes(untitled) == ["compose back first", "compose back lost(1)"])
        #expect(untitled.findings.map(\.rule) == [RuleID.focusLostOnReturn])
        #expect(
            untitled.findings.first?.message.contains(
                "puts VoiceOver focus on \"Compose\" (compose), not on the control that was activated: \"Help\" (help) → compose;") == true)
        // With a title, focus lands on the navigation bar title, so both lose it.
        let titled = audit(xml.replacingOccurrences(of: "<screen id=\"home\">", with: "<screen id=\"home\" title=\"Inbox\">"))
        #expect(outcomes(titled) == ["compose back lost(1)", "compose back lost(1)"])
    }

    @Test func restoreFocusTakesOnDismissAloneOrWithOnAppearAndRejectsOtherWords() {
        let onlyDismiss = audit(
            """
            <app sheet-focus="loses">
              <screen id="home" title="Home" restore-focus="on-dismiss">
                <Button id="search" label="Search" sheet="search" focus="search"/>
                <NavigationLink id="a" destination="search"><Text>A</Text></NavigationLink>
              </screen>
              <screen id="search"/>
            </app>
            """)
        // The push still needs a restoration on appear.
        #expect(outcomes(onlyDismiss) == ["search back on-dismiss", "search back lost(1)"])
        #expect(onlyDismiss.findings.map(\.rule) == [RuleID.focusLostOnReturn])
        let bad = audit(#"<app sheet-focus="sometimes"><screen id="s" restore-focus="on-appear later"/></app>"#)
        #expect(bad.findings.map(\.rule) == [RuleID.invalidDescription, RuleID.invalidDescription])
        #expect(bad.findings.contains { $0.message.contains("'later'") })
        #expect(bad.findings.contains { $0.message.contains("restores or loses") || $0.message.contains("restores, loses") })
    }

    /// `default-focus` (`.accessibilityDefaultFocus`) is where VoiceOver lands on a screen that does
    /// not restore focus, instead of the title or the first element.
    @Test func aDeclaredDefaultFocusIsTheLanding() {
        let xml = """
            <app>
              <screen id="playlist" title="Playlist" default-focus="now">
                <Text focus="title">Road trip</Text>
                <NavigationLink id="now" destination="player" focus="now"><Text>Now playing</Text></NavigationLink>
                <NavigationLink id="song" destination="player"><Text>Song</Text></NavigationLink>
              </screen>
              <screen id="player"/>
            </app>
            """
        let a = audit(xml)
        #expect(outcomes(a) == ["player back first", "player back lost(1)"])
        let finding = try! #require(a.findings.first)
        #expect(a.findings.map(\.rule) == [RuleID.focusLostOnReturn])
        #expect(finding.message.contains("puts VoiceOver focus on \"Now playing\" (now), the screen's default focus"))
        #expect(finding.message.contains("\"Song\" (song) → player"))
        #expect(!finding.message.contains("\"Now playing\" (now) → player"))
        let line = SimulationReporter.render(a).split(separator: "\n")[1]
        #expect(line.hasSuffix("✓ it is the screen's default focus"))
        // A default focus no accessibility element has leaves the title as the landing.
        let unknown = audit(xml.replacingOccurrences(of: "default-focus=\"now\"", with: "default-focus=\"gone\""))
        #expect(outcomes(unknown) == ["player back lost(1)", "player back lost(1)"])
        #expect(unknown.findings.first?.message.contains("the title \"Playlist\"") == true)
    }

    /// An element marked `repeated` stands for one element of each item (a `ForEach` row): when it
    /// is the first element read, a return lands on the first row's, so coming back from any other
    /// row loses focus. Marked on a container, every element inside stands for many; the same for a
    /// losing dismissal and for a default focus; `repeated="false"` is one element. JSON reads it too.
    @Test func aRepeatedFirstElementIsWhereOnlyItsFirstRowLands() {
        let xml = """
            <app sheet-focus="loses">
              <screen id="films" root="true">
                <List>
                  <NavigationLink destination="film" repeated="true"><Text>Film</Text></NavigationLink>
                </List>
              </screen>
              <screen id="film" title="Film"/>
              <screen id="shelves" root="true">
                <Section repeated="true">
                  <Button label="Shelf" sheet="film"/>
                </Section>
              </screen>
              <screen id="player" root="true" default-focus="row">
                <Text>Queue</Text>
                <NavigationLink destination="film" focus="row" repeated="true"><Text>Song</Text></NavigationLink>
              </screen>
              <screen id="one" root="true">
                <NavigationLink destination="film" repeated="false"><Text>Only</Text></NavigationLink>
              </screen>
            </app>
            """
        let a = audit(xml)
        #expect(outcomes(a) == ["film back lost(1)", "film back lost(1)", "film back lost(1)", "film back first"])
        // The default focus of `player`, `row`, is bound in every row: one value for all of them.
        #expect(
            a.findings.map(\.rule) == [
                RuleID.focusLostOnReturn, RuleID.focusLostOnReturn, RuleID.focusLostOnReturn, RuleID.duplicateFocusID,
            ])
        #expect(
            a.findings.first?.message.hasPrefix(
                "returning to films puts VoiceOver focus on \"Film\" in the first row, not on the control that was activated: "
                    + "\"Film\" → film;") == true, "\(a.findings.map(\.message))")
        #expect(a.findings[1].message.contains("focus on \"Shelf\" in the first row,"), "\(a.findings[1].message)")
        #expect(a.findings[2].message.contains("focus on \"Song\", the screen's default focus,"), "\(a.findings[2].message)")
        let line = SimulationReporter.render(a).split(separator: "\n")[1]
        #expect(line.contains("focus lands on \"Film\" in the first row ✗"), "\(line)")
        let json = """
            {"screens": [
              {"id": "films", "body": [{"view": "NavigationLink", "destination": "film", "repeated": true, "text": "Film"}]},
              {"id": "film", "title": "Film"},
              {"id": "one", "body": [{"view": "NavigationLink", "destination": "film", "repeated": false, "text": "Only"}]}
            ]}
            """
        let fromJSON = audit(json, file: "test.json")
        #expect(fromJSON.error == nil)
        #expect(outcomes(fromJSON) == ["film back lost(1)", "film back first"])
        let bad = audit(#"<app><screen id="s"><Text repeated="often">A</Text></screen></app>"#)
        #expect(bad.findings.map(\.rule) == [RuleID.invalidDescription])
    }

    /// A focus value written once on a repeated element (`.accessibilityFocused($focus, equals:
    /// .row)` in a `ForEach` row) is bound in every row: one value shared by all of them, so a
    /// restoration to it, recorded or fixed, cannot put focus back on the row that was activated
    /// (`duplicate_focus_id` at the element; `focus_restored_to_fixed_element` when the screen
    /// moves focus to it on every appearance). Inside a repeated container it is shared the same
    /// way. A value computed from each row's item (`row(\(film.id))`, `film.id`) is one per row.
    /// JSON reads it the same.
    @Test func aFocusValueWrittenOnceInARepeatedRowIsSharedByItsRows() {
        let xml = """
            <app>
              <screen id="films" title="Films" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink destination="film" focus="row" repeated="true"><Text>\\(film.title)</Text></NavigationLink>
              </screen>
              <screen id="shelves" title="Shelves" root="true" restore-focus="on-appear" restore-delay="0.6" restore-target="shelf">
                <Section repeated="true">
                  <Button label="Shelf" push="film" focus="shelf"/>
                </Section>
              </screen>
              <screen id="film" title="Film" root="true" restore-focus="on-appear" restore-delay="0.6" capture="binding">
                <NavigationLink destination="films" focus="row(\\(film.id))" repeated="true"><Text>A</Text></NavigationLink>
                <NavigationLink destination="shelves" focus="film.id" repeated="true"><Text>B</Text></NavigationLink>
              </screen>
            </app>
            """
        let a = audit(xml)
        #expect(outcomes(a) == ["film back lost(1)", "film back lost(1)", "films back restored", "shelves back restored"])
        #expect(a.findings.map(\.rule) == [RuleID.duplicateFocusID, RuleID.focusRestoredToFixedElement, RuleID.duplicateFocusID])
        #expect(
            a.findings.first?.message
                == "focus value 'row' is bound in every row of its data, one value for all the rows; focus restored to this value "
                + "cannot tell the elements apart")
        #expect(a.findings.map(\.location.line) == [3, 5, 7])
        let json = """
            {"screens": [
              {"id": "films", "restoreFocus": "on-appear", "restoreDelay": 0.6, "capture": "binding",
               "body": [{"view": "NavigationLink", "destination": "film", "focus": "row", "repeated": true, "text": "Film"}]},
              {"id": "film", "title": "Film", "restoreFocus": "on-appear", "restoreDelay": 0.6, "capture": "binding",
               "body": [{"view": "NavigationLink", "destination": "films", "focus": "row(\\\\(film.id))", "repeated": true, "text": "A"}]}
            ]}
            """
        let fromJSON = audit(json, file: "test.json")
        #expect(fromJSON.error == nil)
        #expect(outcomes(fromJSON) == ["film back lost(1)", "films back restored"])
        #expect(fromJSON.findings.map(\.rule) == [RuleID.duplicateFocusID])
    }

    @Test func nonRestoringScreenLandsOnTitleOrFirstElement() {
        let titled = audit(
            """
            <app>
              <screen id="home" title="홈">
                <NavigationLink id="a" destination="d"><Text>A</Text></NavigationLink>
                <NavigationLink id="b" destination="d"><Text>B</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """)
        #expect(outcomes(titled) == ["d back lost(1)", "d back lost(1)"])
        let finding = try! #require(titled.findings.first)
        #expect(finding.rule == RuleID.focusLostOnReturn)
        #expect(titled.findings.count == 1)
        #expect(finding.message.contains("\"A\" (a) → d, \"B\" (b) → d"))
        #expect(finding.message.contains("the title \"홈\""))
        let untitled = audit(
            """
            <app>
              <screen id="home">
                <Image asset="banner" decorative="true"/>
                <NavigationLink id="a" destination="d"><Text>A</Text></NavigationLink>
                <NavigationLink id="b" destination="d"><Text>B</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """)
        #expect(outcomes(untitled) == ["d back first", "d back lost(1)"])
        #expect(untitled.findings.first?.message.contains("\"B\" (b) → d") == true)
        #expect(untitled.findings.first?.message.contains("\"A\" (a) → d") == false)
    }

    @Test func eachCauseGetsItsOwnFinding() {
        let a = audit(
            """
            <app>
              <screen id="home" restore-focus="on-appear" restore-delay="0.1">
                <NavigationLink id="a" destination="d"><Text>A</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """)
        #expect(
            Set(rules(a)) == [RuleID.focusLostOnReturn, RuleID.missingRestorationDelay, RuleID.unboundFocusTarget])
        #expect(positions(a, RuleID.focusLostOnReturn) == ["2:3"])
        #expect(positions(a, RuleID.unboundFocusTarget) == ["3:5"])
    }

    @Test func hiddenLinksAreNotSimulatedButCountForReachability() {
        let a = audit(
            """
            <app>
              <screen id="home" title="Home">
                <NavigationLink id="a" destination="d" hidden="true"><Text>A</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """)
        #expect(a.journeys.isEmpty)
        #expect(a.findings.isEmpty)
    }

    @Test func unknownDestinationsAreLeftOutOfTheSimulation() {
        let a = audit(
            """
            <app>
              <screen id="home" title="Home">
                <NavigationLink id="a" destination="nowhere"><Text>A</Text></NavigationLink>
              </screen>
            </app>
            """)
        #expect(a.journeys.isEmpty)
        #expect(rules(a) == [RuleID.unknownDestination])
    }

    @Test func manyScreensInAChainAreSimulatedOnce() {
        var xml = "<app>\n"
        let n = 3000
        for i in 0..<n {
            xml += "<screen id=\"s\(i)\" restore-focus=\"on-appear\" restore-delay=\"0.6\" capture=\"path\">"
            xml += "<NavigationLink id=\"n\" destination=\"s\((i + 1) % n)\" focus=\"n\"><Text>next</Text></NavigationLink>"
            xml += "<NavigationLink id=\"b\" destination=\"s0\" focus=\"b\"><Text>first</Text></NavigationLink>"
            xml += "<Button id=\"top\" label=\"top\" pop-to-root=\"true\"/></screen>\n"
        }
        xml += "</app>\n"
        let a = audit(xml)
        // Two back journeys per screen, plus a pop-to-root trace for each of the root's two links.
        #expect(a.journeys.count == 2 * n + 2)
        #expect(a.findings.isEmpty)
    }
}

extension String {
    func replacingFirst(_ target: String, _ replacement: String) -> String {
        replacing(target, with: replacement, maxReplacements: 1)
    }
}

@Suite struct AccessibleNameTests {
    private func name(_ xml: String) -> AccessibleName? {
        let analysis = ScreenAnalysis(screen: screenOf("<app><screen id=\"s\">\(xml)</screen></app>"))
        return analysis.elements.first?.name
    }

    private func screenOf(_ xml: String) -> Screen {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let sink = Sink()
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "t.xml", sink: sink)
        return sink.screens[0]
    }

    @Test func controlNamesComeFromDescendantsAtAnyDepth() {
        let n = name(
            "<Button id=\"row\" push=\"d\"><HStack><Image asset=\"avatar\"/><VStack><Text>Kim</Text><Text>Online</Text></VStack></HStack></Button>")
        #expect(n == AccessibleName(text: "Kim, Online", source: .content))
    }

    @Test func labelWinsAndHiddenDescendantsAreNotRead() {
        #expect(name("<Button label=\"보내기\"><Text>전송</Text></Button>")?.text == "보내기")
        #expect(name("<Button><Text hidden=\"true\">숨김</Text><Text>보임</Text></Button>")?.text == "보임")
    }

    @Test func symbolsAreAFallbackButNotWhenDecorative() {
        #expect(name("<Button><Image system-name=\"square.and.pencil\"/></Button>") == AccessibleName(text: "square and pencil", source: .symbol))
        #expect(name("<Button><Image system-name=\"camera\" decorative=\"true\"/></Button>") == nil)
    }

    @Test func everySymbolNamesTheControlInOrder() {
        #expect(
            name("<Button><Image system-name=\"person\"/><HStack><Image system-name=\"plus.circle\"/></HStack></Button>")
                == AccessibleName(text: "person, plus circle", source: .symbol))
        #expect(
            name("<Button system-name=\"gear\"><Image system-name=\"star\" decorative=\"true\"/><Image system-name=\"bell\"/></Button>")?.text
                == "gear, bell")
    }

    @Test func aNestedCustomControlsTextNamesTheOuterControl() {
        #expect(
            name("<Button sheet=\"a\"><ProfileCard on-tap=\"true\" traits=\"button\">Profile</ProfileCard></Button>")
                == AccessibleName(text: "Profile", source: .content))
        #expect(name("<Button><Row push=\"a\">Open</Row><Text>now</Text></Button>")?.text == "Open, now")
    }

    @Test func aDecorativeImageContributesNothingEvenWithALabel() {
        #expect(name("<Button><Image asset=\"a\" decorative=\"true\" label=\"Avatar\"/><Text>Kim</Text></Button>")?.text == "Kim")
        #expect(name("<Button><Image asset=\"a\" decorative=\"true\" label=\"Avatar\"/></Button>") == nil)
    }

    @Test func aBlankLabelDoesNotMakeAContainerOneElement() {
        let analysis = ScreenAnalysis(screen: screenOf("<app><screen id=\"s\"><VStack label=\"  \"><Text>a</Text></VStack></screen></app>"))
        #expect(analysis.elements[0].isAccessibilityElement == false)
        #expect(analysis.elements[1].isAccessibilityElement)
        #expect(analysis.elements[1].name?.text == "a")
    }

    @Test func ignoreContainersReadNothingWithoutALabel() {
        #expect(name("<HStack children=\"ignore\"><Text>a</Text></HStack>") == nil)
        #expect(name("<HStack children=\"combine\"><Text>a</Text><Text>b</Text></HStack>")?.text == "a, b")
    }

    @Test func assetNamesHintsAndWhitespaceAreNotNames() {
        #expect(name("<Button hint=\"opens\" id=\"x\"><Image asset=\"icon_clip\"/></Button>") == nil)
        #expect(name("<Button label=\"   \"><Text>  </Text></Button>") == nil)
    }
}

@Suite struct VocabularyTests {
    @Test func viewKindSwitchMatchesTheNameSets() {
        for name in ViewKind.interactiveNames { #expect(ViewKind(name: name) == .interactive, "\(name)") }
        for name in ViewKind.contentNames { #expect(ViewKind(name: name) == .content, "\(name)") }
        for name in ViewKind.containerNames { #expect(ViewKind(name: name) == .container, "\(name)") }
        #expect(ViewKind(name: "FriendRow") == .custom)
    }

    @Test func jsonEscapingHandlesLineSeparatorsAtTheEnd() {
        #expect(Escaping.json("a\u{2028}") == "a\\u2028")
        #expect(Escaping.json("\u{2029}b\"") == "\\u2029b\\\"")
        #expect(Escaping.json("\u{7F}\u{1F}") == "\\u007f\\u001f")
    }
}
