/// `unreachable_screen`: no entry point leads to the screen.
public struct UnreachableScreenRule: Rule {
    public init() {}

    /// Its checks read the whole graph: it is not called for each screen.
    public static let checksScreens = false
    public static let description = RuleDescription(
        id: RuleID.unreachableScreen,
        name: "Unreachable screen",
        summary: "No root screen reaches the screen through any link.",
        rationale: """
            A screen nothing links to is either dead or reached in a way the description does not say \
            (a deep link, a push from code). Either way its return trips are not checked from where users \
            really come from; mark it `root="true"` if it is an entry point, or add the missing link.
            """,
        fix: "Add the link that opens the screen, mark it `root=\"true\"` if it is an entry point, or remove it.",
        severity: .warning,
        references: [],
        impact: .minor,
        purpose: .correctness,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <NavigationLink id="a" destination="chat"><Text>김철수</Text></NavigationLink>
                  </screen>
                  <screen id="chat"/>
                  ↓<screen id="oldSettings"/>
                </app>
                """,
                messages: [
                    "no root screen reaches oldSettings; add a link to it, or mark it root=\"true\" if it is an entry point"
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends" root="true">
                    <NavigationLink id="a" destination="chat"><Text>김철수</Text></NavigationLink>
                    <Button id="s" label="설정" sheet="settings" hidden="true"/>
                  </screen>
                  <screen id="chat"/>
                  <screen id="settings"/>
                  <screen id="widget" root="true"/>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    @main
                    struct ChatApp: App {
                        var body: some Scene {
                            WindowGroup { HomeView() }
                        }
                    }

                    struct HomeView: View {
                        var body: some View {
                            Text("홈")
                                .navigationTitle("홈")
                        }
                    }

                    struct ↓ArchiveView: View {
                        var body: some View {
                            NavigationLink("보관함 설정") { ArchiveSettingsView() }
                                .navigationTitle("보관함")
                        }
                    }

                    struct ↓ArchiveSettingsView: View {
                        var body: some View {
                            NavigationLink("보관함") { ArchiveView() }
                                .navigationTitle("보관함 설정")
                        }
                    }
                    """#,
                    messages: [
                        """
                        no root screen reaches ArchiveView ("보관함"); add a link to it from a screen users reach, or remove it if \
                        nothing shows it any more
                        """,
                        """
                        no root screen reaches ArchiveSettingsView ("보관함 설정"); add a link to it from a screen users reach, or \
                        remove it if nothing shows it any more
                        """,
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    @main
                    struct ChatApp: App {
                        var body: some Scene {
                            WindowGroup { HomeView() }
                        }
                    }

                    struct HomeView: View {
                        var body: some View {
                            NavigationStack {
                                NavigationLink("보관함") { ArchiveView() }
                                    .navigationTitle("홈")
                            }
                        }
                    }

                    struct ArchiveView: View {
                        var body: some View {
                            NavigationLink("보관함 설정") { ArchiveSettingsView() }
                                .navigationTitle("보관함")
                        }
                    }

                    struct ArchiveSettingsView: View {
                        var body: some View {
                            NavigationLink("보관함") { ArchiveView() }
                                .navigationTitle("보관함 설정")
                        }
                    }
                    """#)
            ]))

    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {
        let reachable = graph.reachable()
        // Only the screens reported are read back as summaries from the graph's records.
        let screens = graph.screens
        for index in reachable.indices where !reachable[index] {
            let screen = screens[index]
            guard !screen.id.isEmpty else { continue }
            report.add(at: screen.location, element: screen.path, Self.unreached(screen, in: context.vocabulary))
        }
    }
}

// MARK: - Messages

extension UnreachableScreenRule {
    /// A screen no root reaches; the fix for an Interface Builder scene is a segue or a Storyboard ID.
    static func unreached(_ screen: ScreenSummary, in vocabulary: FixVocabulary) -> String {
        let fix =
            screen.sceneName != nil
            ? "connect a segue to it, or give it a Storyboard ID if code creates it"
            : vocabulary == .swiftUI
                ? "add a link to it from a screen users reach, or remove it if nothing shows it any more"
                : "add a link to it, or mark it root=\"true\" if it is an entry point"
        return "no root screen reaches \(screen.displayName); \(fix)"
    }
}
