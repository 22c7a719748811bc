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
