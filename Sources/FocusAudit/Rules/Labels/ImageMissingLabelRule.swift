/// `image_missing_label`: an image VoiceOver reads on its own, without a label.
public struct ImageMissingLabelRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: RuleID.imageMissingLabel,
        name: "Image missing label",
        summary: "A non-decorative image that is its own accessibility element has no label.",
        rationale: """
            VoiceOver stops on an image that is not decorative and reads its label; without one it reads \
            the asset's file name ("img_banner_02") or the symbol's name, which tells the user nothing. \
            Images inside a control or a combined container are part of that element and are not checked \
            here.
            """,
        fix: """
            Describe what the image shows, or hide it from VoiceOver when it is only decoration:

            ```swift
            Image("profile_photo").accessibilityLabel("홍길동의 프로필 사진")
            Image(decorative: "divider")
            ```

            In the description: `label="…"` or `decorative="true"`.
            """,
        severity: .warning,
        references: ["WCAG 1.1.1 Non-text Content"],
        impact: .serious,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="profile">
                    ↓<Image asset="profile_photo"/>
                    ↓<Image system-name="star.fill"/>
                    <VStack label=" "><Text>배너</Text>↓<Image asset="banner"/></VStack>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    image has no label, so VoiceOver reads the asset name "profile_photo"; add a label that describes it, or \
                    decorative="true" if it is decoration
                    """,
                    """
                    image has no label, so VoiceOver reads the symbol name "star fill"; add a label that describes it, or \
                    decorative="true" if it is decoration
                    """,
                    """
                    image has no label, so VoiceOver reads the asset name "banner"; add a label that describes it, or \
                    decorative="true" if it is decoration
                    """,
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<imageView image="beach" id="photo">
                      <accessibility key="accessibilityConfiguration">
                        <bool key="isElement" value="YES"/>
                      </accessibility>
                    </imageView>
                    """,
                messages: [
                    """
                    scene vc: image has no label, so VoiceOver reads the asset name "beach"; give it an accessibility label in \
                    the Identity inspector, or untick Accessibility Enabled if it is decoration
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="profile">
                    <Image asset="profile_photo" label="프로필 사진"/>
                    <Image asset="divider" decorative="true"/>
                    <Image asset="watermark" hidden="true"/>
                    <HStack children="combine"><Image asset="avatar"/><Text>홍길동</Text></HStack>
                    <Button id="edit" label="편집"><Image asset="pencil"/></Button>
                  </screen>
                </app>
                """)
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                ↓Image("photo_beach")
                                ↓Image(systemName: "exclamationmark.triangle")
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        image has no label, so VoiceOver reads the asset name "photo_beach"; add .accessibilityLabel("…") that \
                        describes it, or use Image(decorative:) or .accessibilityHidden(true) if it is decoration
                        """,
                        """
                        image has no label, so VoiceOver reads the symbol name "exclamationmark triangle"; add \
                        .accessibilityLabel("…") that describes it, or use Image(decorative:) or .accessibilityHidden(true) if \
                        it is decoration
                        """,
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct ChatView: View {
                        var body: some View {
                            VStack {
                                Image("photo_beach")
                                    .accessibilityLabel("바닷가 사진")
                                Image(decorative: "divider")
                                Label("경고", systemImage: "exclamationmark.triangle")
                                Image(systemName: "star")
                                    .accessibilityHidden(true)
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        let fix = Self.fix(interfaceBuilder: analysis.screen.sceneName != nil, context.vocabulary)
        analysis.forEachElement { index, element in
            guard element.node.hasType("Image") && !element.node.isInteractive && element.isAccessibilityElement else { return }
            guard element.node.labelIsBlank else { return }
            // Written straight into the findings: every unlabelled image of every screen is one.
            // A message quoting an asset name is mostly the image's own: not looked for among others.
            report.add(at: element.node.location, element: analysis.path(of: index), uniqueStart: element.node.hasAsset) {
                Self.noLabel(element.node, fix: fix, to: &$0)
            }
        }
    }
}

// MARK: - Messages

extension ImageMissingLabelRule {
    /// An image without a label: what VoiceOver reads instead (its asset name, its symbol's spoken
    /// name, or only "image"). Written as bytes: every unlabelled image of every screen is one.
    static func noLabel(_ image: ElementInfo, fix: String, to out: inout UTF8Builder) {
        out.append("image has no label, so VoiceOver reads ")
        if let asset = image.asset {
            out.append("the asset name \"")
            // What comes before the name is the same for every such image: stored once (`FindingList`).
            out.markSharedHead()
            out.append(MessageText.quoted(asset))
            out.append(byte: 0x22)
        } else if let symbol = image.systemName {
            out.append("the symbol name \"")
            out.markSharedHead()
            out.append(MessageText.quoted(AccessibleName.spokenSymbol(symbol)))
            out.append(byte: 0x22)
        } else {
            out.append("only \"image\"")
        }
        // The fix is the same for every image of the screen: stored once (`FindingList`).
        out.markSharedTail()
        out.append("; ")
        out.append(fix)
    }

    /// How to label an image or mark it as decoration, in the words of what the user wrote: an
    /// Interface Builder scene's inspector, SwiftUI's modifiers, or the description's attributes.
    static func fix(interfaceBuilder: Bool, _ vocabulary: FixVocabulary) -> String {
        if interfaceBuilder {
            return "give it an accessibility label in the Identity inspector, or untick Accessibility Enabled if it is decoration"
        }
        switch vocabulary {
        case .description: return "add a label that describes it, or decorative=\"true\" if it is decoration"
        case .swiftUI:
            return "add .accessibilityLabel(\"…\") that describes it, or use Image(decorative:) or .accessibilityHidden(true) "
                + "if it is decoration"
        }
    }
}
