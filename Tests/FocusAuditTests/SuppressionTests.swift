import Testing

@testable import FocusAudit

@Suite struct SuppressionTests {
    @Test func commentSilencesTheNextElementAndItsSubtree() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <!-- focusaudit:disable unknown_destination -->
                <VStack>
                  <Button id="a" label="A" push="nowhere"/>
                </VStack>
                <Button id="b" label="B" push="elsewhere"/>
              </screen>
            </app>
            """)
        #expect(positions(a, RuleID.unknownDestination) == ["7:5"])
        #expect(positions(a, RuleID.superfluousSuppression).isEmpty)
    }

    @Test func elementsWithTheSameIdKeepTheirOwnSuppressions() {
        // The comment before the second Button silences that Button only.
        let second = audit(
            """
            <app>
              <screen id="s">
                <Button id="b" push="nowhere"/>
                <!-- focusaudit:disable unknown_destination, unlabeled_control -->
                <Button id="b" push="nowhere"/>
              </screen>
            </app>
            """)
        #expect(positions(second, RuleID.unknownDestination) == ["3:5"])
        #expect(positions(second, RuleID.unlabeledControl) == ["3:5"])
        #expect(positions(second, RuleID.duplicateFocusID) == ["5:5"])
        #expect(positions(second, RuleID.superfluousSuppression).isEmpty)
        // The comment before the first one silences the first only, and its subtree.
        let first = audit(
            """
            <app>
              <screen id="s">
                <!-- focusaudit:disable unknown_destination, nested_control -->
                <Button id="b" label="B" push="nowhere"><Toggle id="t"/></Button>
                <Button id="b" label="B" push="nowhere"><Toggle id="t"/></Button>
              </screen>
            </app>
            """)
        #expect(positions(first, RuleID.unknownDestination) == ["5:5"])
        #expect(positions(first, RuleID.nestedControl) == ["5:45"])
        #expect(positions(first, RuleID.superfluousSuppression).isEmpty)
    }

    @Test func elementsWithTheSameIdInJSONKeepTheirOwnSuppressions() {
        let a = audit(
            """
            {"screens": [{"id": "s", "body": [
              {"view": "Button", "id": "b", "push": "nowhere"},
              {"view": "Button", "id": "b", "push": "nowhere", "focusauditDisable": ["unknown_destination"]}
            ]}]}
            """, file: "t.json")
        #expect(positions(a, RuleID.unknownDestination) == ["2:3"])
        #expect(positions(a, RuleID.superfluousSuppression).isEmpty)
    }

    @Test func linksWithTheSameIdEachGetTheirOwnFindings() {
        let a = audit(
            """
            <app>
              <screen id="s" restore-focus="on-appear" restore-delay="0.5" capture="binding">
                <Button id="b" label="A" push="d"/>
                <Button id="b" label="B" push="d"/>
              </screen>
              <screen id="d"/>
            </app>
            """)
        #expect(positions(a, RuleID.unboundFocusTarget) == ["3:5", "4:5"])
    }

    @Test func aCommentBeforeTheAppIsReportedAtTheApp() {
        let a = audit(
            """
            <!-- focusaudit:disable unknown_destination -->
            <app name="x">
              <screen id="s"/>
            </app>
            """)
        #expect(positions(a, RuleID.superfluousSuppression) == ["2:1"])
        #expect(a.findings.first { $0.rule == RuleID.superfluousSuppression }?.element == "app")
    }

    @Test func aCommentsPositionIsItsOwnWhenCommentsStandSideBySide() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <!-- focusaudit:disable-file unknown_destination --><!-- note -->
                <!-- note --><!-- focusaudit:disable-file unreachable_screen --><!-- focusaudit:disable-file bogus_rule -->
                <Button id="a" label="A"/>
              </screen>
            </app>
            """)
        #expect(positions(a, RuleID.superfluousSuppression) == ["3:5", "4:18"])
        #expect(positions(a, RuleID.invalidDescription) == ["4:69"])
        // The same with CRLF line ends and a comment over two lines.
        let crlf = audit(
            "<app>\r\n  <screen id=\"s\">\r\n    <!-- a\r\nb --><!-- focusaudit:disable-file unknown_destination\r\n --><!-- c -->\r\n    <Button id=\"a\" label=\"A\"/>\r\n  </screen>\r\n</app>\r\n"
        )
        #expect(positions(crlf, RuleID.superfluousSuppression) == ["4:6"])
        #expect(positions(crlf, RuleID.invalidDescription).isEmpty)
    }

    @Test func aCommentFollowedByNoElementHasThePathOfItsContainer() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <VStack>
                  <Text>a</Text>
                  <!-- focusaudit:disable unknown_destination -->
                </VStack>
                <!-- focusaudit:disable unreachable_screen -->
              </screen>
              <!-- focusaudit:disable image_missing_label -->
            </app>
            """)
        let found = a.findings.filter { $0.rule == RuleID.superfluousSuppression }.map { "\($0.location) \($0.element)" }
        #expect(found == ["5:7 screen[s]/VStack[1]", "7:5 screen[s]", "9:3 app"])
    }

    /// An unknown rule id is reported at the comment, with the path of the element the comment
    /// applies to (as JSON reports it on that element's object), or of the element holding a
    /// comment followed by no element.
    @Test func anUnknownRuleIdHasThePathOfTheElementTheCommentAppliesTo() {
        let xml = audit(
            """
            <app>
              <screen id="s">
                <VStack>
                  <!-- focusaudit:disable bogus_rule -->
                  <Button id="b" label="B"/>
                  <!-- focusaudit:disable other_bogus -->
                </VStack>
              </screen>
            </app>
            """)
        let found = xml.findings.filter { $0.rule == RuleID.invalidDescription }.map { "\($0.location) \($0.element)" }
        #expect(found == ["4:7 screen[s]/VStack[1]/Button[b]", "6:7 screen[s]/VStack[1]"])
        let json = audit(
            """
            {"screens": [{"id": "s", "body": [{"view": "VStack", "body": [
              {"view": "Button", "id": "b", "label": "B", "focusauditDisable": ["bogus_rule"]}]}]}]}
            """, file: "t.json")
        #expect(json.findings.filter { $0.rule == RuleID.invalidDescription }.map(\.element) == ["screen[s]/VStack[1]/Button[b]"])
    }

    @Test func staleSuppressionIsReportedPerRuleId() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <!-- focusaudit:disable unknown_destination, duplicate_focus_id -->
                <Button id="a" label="A" push="nowhere"/>
              </screen>
            </app>
            """)
        #expect(rules(a) == [RuleID.superfluousSuppression])
        #expect(positions(a, RuleID.superfluousSuppression) == ["4:5"])
        #expect(a.findings.first?.message.contains("duplicate_focus_id") == true)
    }

    @Test func textBetweenCommentAndElementDetachesIt() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <Text><!-- focusaudit:disable unknown_destination -->words</Text>
                <Button id="a" label="A" push="nowhere"/>
              </screen>
            </app>
            """)
        #expect(Set(rules(a)) == [RuleID.unknownDestination, RuleID.superfluousSuppression])
        #expect(positions(a, RuleID.superfluousSuppression) == ["3:11"])
    }

    @Test func disableFileCoversEverything() {
        let a = audit(
            """
            <app>
              <!-- focusaudit:disable-file unknown_destination, unreachable_screen -->
              <screen id="s">
                <Button id="a" label="A" push="nowhere"/>
              </screen>
            </app>
            """)
        #expect(rules(a) == [RuleID.superfluousSuppression])
        #expect(positions(a, RuleID.superfluousSuppression) == ["2:3"])
        #expect(a.findings.first?.element == "app")
    }

    @Test func unknownRuleIdIsInvalid() {
        let a = audit(
            """
            <app>
              <screen id="s">
                <!-- focusaudit:disable unknown_destinaton -->
                <Button id="a" label="A" push="nowhere"/>
              </screen>
            </app>
            """)
        #expect(Set(rules(a)) == [RuleID.invalidDescription, RuleID.unknownDestination])
        #expect(a.findings.contains { $0.message.contains("did you mean 'unknown_destination'") })
    }

    @Test func suppressedLinksLeaveTheScreenMessage() {
        let xml = """
            <app>
              <screen id="home" title="Home">
                MARK_A<NavigationLink id="a" destination="d"><Text>A</Text></NavigationLink>
                MARK_B<NavigationLink id="b" destination="d"><Text>B</Text></NavigationLink>
              </screen>
              <screen id="d"/>
            </app>
            """
        let comment = "<!-- focusaudit:disable focus_lost_on_return -->"
        let one = audit(xml.replacing("MARK_A", with: comment).replacing("MARK_B", with: ""))
        #expect(rules(one) == [RuleID.focusLostOnReturn])
        #expect(one.findings.first?.message.contains("(a)") == false)
        #expect(one.findings.first?.message.contains("(b)") == true)
        let both = audit(xml.replacing("MARK_A", with: comment).replacing("MARK_B", with: comment))
        #expect(both.findings.isEmpty)
    }
}
