/// `header_missing`: a screen whose visible title is not a heading, and which has no other heading.
public struct HeaderMissingRule: Rule {
    public init() {}

    /// Text styles that read as a title: the large ones and the bold one.
    static let titleStyles: Set<TextStyle> = [.largeTitle, .title, .title2, .title3, .headline]

    /// A fixed font reads as a title when it is as large as the smallest title style, Title 3 (20
    /// points), or as large and heavy as Headline (17 points, semibold): the sizes of Apple's
    /// Dynamic Type table at the default text size (Human Interface Guidelines, Typography).
    /// Views that hold one row or item of a list (Interface Builder's cells and reusable views).
    static let listItemTypes = ["TableViewCell", "CollectionViewCell", "CollectionReusableView", "TableViewHeaderFooterView"]

    static let titlePoints = 20.0
    static let headlinePoints = 17.0

    public static let description = RuleDescription(
        id: RuleID.headerMissing,
        name: "Header missing",
        summary:
            "A screen starts with title-like text (a large or bold text style, or a fixed font as large) but has no navigation title and no heading anywhere.",
        rationale: """
            VoiceOver users move through a screen by headings (the rotor's Headings, or a swipe \
            with Headings selected) and learn where they are from the screen's title. A screen \
            whose title is drawn as large text, with no navigation title and no element marked as \
            a heading, gives them neither: the rotor finds no headings, and the title is read as \
            one more line of text.
            """,
        fix: """
            Mark the title as a heading, or give the screen a navigation title:

            ```swift
            Text("설정").font(.largeTitle).accessibilityAddTraits(.isHeader)
            // or
            .navigationTitle("설정")
            ```

            In Interface Builder tick Accessibility › Traits › Header on the label. In the \
            description: `traits="header"` on the `Text`, or `title` on the screen.
            """,
        severity: .warning,
        references: ["WCAG 2.4.6 Headings and Labels", "WCAG 1.3.1 Info and Relationships"],
        impact: .moderate,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    ↓<Text font="largeTitle">설정</Text>
                    <Toggle id="mute">무음</Toggle>
                  </screen>
                </app>
                """,
                messages: [
                    """
                    Text "설정" is drawn as the screen's title (largeTitle text style, read first), but the screen has no \
                    navigation title and no heading: mark it as a heading (.isHeader) or give the screen a navigation title
                    """
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<label text="Settings" adjustsFontForContentSizeCategory="YES" id="title">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleTitle0"/>
                    </label>
                    <switch id="mute">
                      <accessibility key="accessibilityConfiguration" label="Mute"/>
                    </switch>
                    """,
                messages: [
                    """
                    scene vc: Text "Settings" (title) is drawn as the screen's title (largeTitle text style, read first), \
                    but the screen has no navigation title and no heading: mark it as a heading (.isHeader) or give the \
                    screen a navigation title
                    """
                ]),
            RuleExample.storyboard(
                subviews: """
                    ↓<label text="Weather Forecast" id="title">
                      <fontDescription key="fontDescription" type="boldSystem" pointSize="17"/>
                    </label>
                    <textField placeholder="City" id="city">
                      <accessibility key="accessibilityConfiguration" label="City"/>
                    </textField>
                    """,
                messages: [
                    """
                    scene vc: Text "Weather Forecast" (title) is drawn as the screen's title (bold 17-point font, read \
                    first), but the screen has no navigation title and no heading: mark it as a heading (.isHeader) or give \
                    the screen a navigation title
                    """
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="settings">
                    <Text font="largeTitle" traits="header">설정</Text>
                    <Toggle id="mute">무음</Toggle>
                  </screen>
                  <screen id="profile" title="프로필">
                    <Text font="title">홍길동</Text>
                  </screen>
                  <screen id="chat">
                    <Text font="title2">김철수</Text>
                    <Text traits="header" font="headline">오늘</Text>
                  </screen>
                  <screen id="about">
                    <Text font="body">버전 1.0</Text>
                    <Text font="largeTitle">로고 아래 큰 글씨</Text>
                  </screen>
                  <screen id="calculator">
                    <Text font="largeTitle">1,234.5</Text>
                    <Button id="clear">AC</Button>
                  </screen>
                  <screen id="scores">
                    <Text font="largeTitle" repeated="true">Ada Lovelace</Text>
                  </screen>
                </app>
                """),
            RuleExample.storyboard(
                subviews: """
                    <label text="Settings" id="title">
                      <fontDescription key="fontDescription" style="UICTFontTextStyleTitle0"/>
                    </label>
                    """,
                controller: """
                    <navigationItem key="navigationItem" title="Settings" id="n"/>
                    """),
            RuleExample.storyboard(
                subviews: """
                    <label text="Enter your city" id="prompt">
                      <fontDescription key="fontDescription" type="system" pointSize="17"/>
                    </label>
                    """),
        ],
        swiftUI: .examples(
            triggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct SettingsView: View {
                        @State private var mute = false

                        var body: some View {
                            VStack {
                                ↓Text("설정")
                                    .font(.largeTitle)
                                Toggle("무음", isOn: $mute)
                            }
                        }
                    }
                    """#,
                    messages: [
                        """
                        Text "설정" is drawn as the screen's title (largeTitle text style, read first), but the screen has no \
                        navigation title and no heading: mark it as a heading (.isHeader) or give the screen a navigation title
                        """
                    ])
            ],
            nonTriggering: [
                RuleExample(
                    #"""
                    import SwiftUI

                    struct SettingsView: View {
                        @State private var mute = false

                        var body: some View {
                            VStack {
                                Text("설정")
                                    .font(.largeTitle)
                                    .accessibilityAddTraits(.isHeader)
                                Toggle("무음", isOn: $mute)
                            }
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        guard (analysis.screen.title ?? "").isBlank else { return }
        // A table or collection cell (a xib's top-level cell) is one row of some screen, not a screen.
        if let kind = analysis.screen.sceneKind, StoryboardImporter.reusableViewKinds.contains(kind) { return }
        // Nor is a xib's view that no controller owns (a footer, a panel): it is part of a screen.
        if analysis.screen.isPartOfAScreen { return }
        // Asked last: with frames, finding the first element read goes through every element.
        guard let first = Self.firstRead(analysis) else { return }
        // Text in a table or collection cell is a row or item of a list on the screen (often
        // the first thing VoiceOver reads), not the screen's title.
        var above = analysis.elements[first].parent
        while let a = above {
            if Self.listItemTypes.contains(where: { analysis.elements[a].node.hasType($0) }) { return }
            above = analysis.elements[a].parent
        }
        let node = analysis.elements[first].node
        // `.font` on a container is the font of the text inside it (SwiftUI passes it down through
        // the environment: "applies to all text in this view", View.font(_:)); the nearest one set
        // counts, as for text_may_clip. A container's bold face is the text's too.
        var font = node.font
        var bold = node.boldFont
        var current = node.parent
        while let i = current {
            let n = analysis.elements[i].node
            if font == nil { font = n.font }
            if n.boldFont { bold = true }
            current = n.parent
        }
        guard !node.isInteractive, node.hasType("Text") || node.hasType("Label"),
            let look = Self.titleLook(font, bold: bold),
            // Text without a letter (a number, a price, an operator) is a value on display, such
            // as a calculator's result, not the screen's title.
            (node.label ?? node.text ?? "").contains(where: \.isLetter)
        else { return }
        var hasHeading = false
        analysis.forEachElement { _, element in
            if element.node.traits.contains(.header) { hasHeading = true }
        }
        guard !hasHeading else { return }
        // Nor is text that stands for a row of each item of some data (`repeated`): it is the first
        // of a list's rows.
        if analysis.repeats(first) { return }
        report.add(at: node.location, element: analysis.path(of: first), Self.titleNotHeading(analysis.elements[first], look: look))
    }

    /// The element VoiceOver reads first. Where Interface Builder frames say where the elements
    /// are, the one nearest the top, then the left: VoiceOver moves from the top-left to the
    /// bottom-right of the screen unless the app orders the elements itself (Apple's
    /// `UIAccessibilityContainer` and `accessibilityElements` documentation). Elements without a
    /// frame (bar items) are left out. Otherwise, the first in document order that is not in a
    /// `Toolbar`.
    static func firstRead(_ analysis: ScreenAnalysis) -> Int? {
        var best: (index: Int, at: ViewPoint)?
        analysis.forEachElement { index, element in
            guard element.isAccessibilityElement, let at = element.node.position else { return }
            if let b = best, b.at.y < at.y || (b.at.y == at.y && b.at.x <= at.x) { return }
            best = (index, at)
        }
        if let b = best { return b.index }
        // In document order, bar items are left out as they are above: a `Toolbar`'s buttons sit in
        // the navigation bar, and the title a screen draws is the first text of its content.
        var first: Int?
        analysis.forEachElement { index, element in
            guard first == nil, element.isAccessibilityElement else { return }
            var above = element.parent
            while let a = above {
                if analysis.elements[a].node.hasType("Toolbar") { return }
                above = analysis.elements[a].parent
            }
            first = index
        }
        return first
    }

    /// How a font makes text look like a title, in the words of the message, or nil when it does
    /// not: a title text style, or a fixed size as large (or as large and bold) as one.
    static func titleLook(_ font: FontSize?, bold: Bool) -> String? {
        switch font {
        case .style(let style, _)? where titleStyles.contains(style):
            return "\(style.rawValue) text style"
        case .fixed(let points)? where points >= titlePoints:
            return "\(bold ? "bold " : "")\(FontSize.points(points))-point font"
        case .fixed(let points)? where bold && points >= headlinePoints:
            return "bold \(FontSize.points(points))-point font"
        default:
            return nil
        }
    }
}

// MARK: - Messages

extension HeaderMissingRule {
    /// The first text a screen reads, drawn as a title (`look`: its text style or font), on a
    /// screen without a title or heading.
    static func titleNotHeading(_ text: ElementInfo, look: String) -> String {
        "\(text.type) \(text.displayName) is drawn as the screen's title (\(look), read first), but "
            + "the screen has no navigation title and no heading: mark it as a heading (.isHeader) or give the screen a "
            + "navigation title"
    }
}
