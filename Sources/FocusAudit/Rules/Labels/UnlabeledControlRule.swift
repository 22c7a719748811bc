/// `unlabeled_control`: an interactive element VoiceOver has no name for.
public struct UnlabeledControlRule: Rule {
    public init() {}

    /// Severity for empty controls an outlet names (`outlet_controls`); nil: not reported.
    var outletControls: Severity? = .warning

    public func configured(by configuration: Configuration) -> any Rule {
        var rule = self
        rule.outletControls = configuration.outletControls
        return rule
    }

    public static let description = RuleDescription(
        id: RuleID.unlabeledControl,
        name: "Unlabeled control",
        summary: "An interactive element has no accessible name.",
        rationale: """
            VoiceOver announces a control by its name and role. Without a name the user hears only \
            "button", or the file name of its image ("icon_search"), and cannot tell what it does. An \
            identifier or an asset name is not a name.
            """,
        fix: """
            Give the control a label that says what it does:

            ```swift
            Button { showSearch = true } label: { Image("icon_search") }
                .accessibilityLabel("검색")
            ```

            In the description: `label="검색"`, or visible text content.
            """,
        severity: .error,
        references: ["WCAG 4.1.2 Name, Role, Value", "WCAG 1.1.1 Non-text Content", "HIG: Accessibility"],
        impact: .critical,
        triggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    ↓<Button id="search" sheet="search">
                      <Image asset="icon_search"/>
                    </Button>
                    ↓<Toggle id="mute"/>
                    ↓<Image id="avatar" asset="avatar" on-tap="true" traits="button"/>
                    ↓<Button id="trash" dismiss="true"><Image system-name="trash" decorative="true"/></Button>
                    ↓<Button id="blank" label="  "><Image asset="icon_more"/></Button>
                  </screen>
                  <screen id="search"/>
                </app>
                """,
                messages: [
                    """
                    Button 'search' has no accessible name: VoiceOver reads the asset name "icon_search" instead; add an \
                    accessibilityLabel that says what it does
                    """,
                    """
                    Toggle 'mute' has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that \
                    says what it does
                    """,
                    """
                    Image 'avatar' has no accessible name: VoiceOver reads the asset name "avatar" instead; add an \
                    accessibilityLabel that says what it does
                    """,
                    """
                    Button 'trash' has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that \
                    says what it does
                    """,
                    """
                    Button 'blank' has no accessible name: VoiceOver reads the asset name "icon_more" instead; add an \
                    accessibilityLabel that says what it does
                    """,
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                <app>
                  <screen id="friends">
                    <Button id="search" sheet="search" label="검색"><Image asset="icon_search"/></Button>
                    <Button id="add">친구 추가</Button>
                    <Toggle id="mute" text="알림 끄기"/>
                    <Button id="compose" system-name="square.and.pencil"/>
                    <Button id="gone" hidden="true"/>
                    <HStack children="combine"><Toggle id="inner"/><Text>알림</Text></HStack>
                    <Button id="profile" sheet="search"><ProfileCard on-tap="true" traits="button">프로필</ProfileCard></Button>
                  </screen>
                  <screen id="search"/>
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
                                ↓Button {
                                } label: {
                                    Image("icon_search")
                                }
                                ↓TextField("", text: .constant(""))
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#,
                    messages: [
                        """
                        Button has no accessible name: VoiceOver reads the asset name "icon_search" instead; add an \
                        accessibilityLabel that says what it does
                        """,
                        """
                        TextField has no accessible name: VoiceOver announces only its role; add an accessibilityLabel that says \
                        what it does
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
                                Button {
                                } label: {
                                    Image("icon_search")
                                }
                                .accessibilityLabel("검색")
                                TextField("메시지", text: .constant(""))
                            }
                            .navigationTitle("채팅")
                        }
                    }
                    """#)
            ]))

    public func check(screen analysis: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {
        analysis.forEachElement { index, element in
            // A control hidden in an Interface Builder file is judged as code shows it.
            guard element.node.isInteractive && !element.hasName && (element.isAccessibilityElement || analysis.isShownByCode(index)) else {
                return
            }
            // A decorative image is ignored by VoiceOver (`Image(decorative:)`): its asset name is
            // not read in place of a name.
            // The store only is captured: a closure that captured the analysis copied it (every
            // field retained) for each control without a name.
            let elements = analysis.elements
            let asset =
                element.node.asset
                ?? analysis.descendants(of: index).lazy.map { elements[$0] }
                .first { !$0.isHidden && !$0.node.decorative && $0.node.asset != nil }?.node.asset
            if element.node.hasType(Self.pickerViewType) {
                // An Interface Builder picker view: its components are named only by its delegate, in
                // code, whatever the file says, as an outlet control may be titled there.
                guard let severity = outletControls else { return }
                report.add(
                    at: element.node.location, element: analysis.path(of: index), severity: severity,
                    Self.pickerWithoutName(element.node))
                return
            }
            if element.node.placeholderTitle == StoryboardImporter.defaultItemTitle {
                // A bar button item or tab bar item left at Xcode's default title, "Item": VoiceOver
                // reads "Item" unless code titles it, as it often does (a controller's title sets its
                // tab bar item's title: Apple's UIViewController `title` documentation).
                guard let severity = outletControls else { return }
                report.add(
                    at: element.node.location, element: analysis.path(of: index), severity: severity,
                    Self.defaultTitledItem(element.node))
                return
            }
            if let outlet = element.node.outlet {
                // An Interface Builder control that code can reach: an empty one may be titled there,
                // and one that shows only an asset image may be labelled there. Code that sets the
                // accessibilityLabel of an image-only button through its outlet, in viewDidLoad, is
                // the common way to name it (VLC for iOS names the seven image buttons of its player's
                // control panel so, VLCMovieViewControlPanelViewController.m), and an accessibility
                // label set at run time is what VoiceOver reads (Apple's UIAccessibility
                // `accessibilityLabel` documentation), so the asset name is read only if code does not.
                guard let severity = outletControls else { return }
                report.add(
                    at: element.node.location, element: analysis.path(of: index), severity: severity,
                    Self.untitledOutlet(element.node, outlet: outlet, asset: asset))
                return
            }
            let under =
                asset == nil && element.node.fieldPlaceholder == nil && element.node.glyphTitle == nil
                ? Self.textsWithin(index, analysis) : []
            // Written as bytes straight into the findings: building the message as a string of
            // interpolated pieces showed in profiles of files with many unlabeled controls.
            report.add(at: element.node.location, element: analysis.path(of: index)) { out in
                Self.writeNoName(element.node, asset: asset, textsWithin: under, to: &out)
            }
        }
    }
}

// MARK: - Messages

extension UnlabeledControlRule {
    /// A control without a name; `asset` is the image asset VoiceOver reads instead, if any.
    static func noName(_ control: ElementInfo, asset: String?) -> String {
        UTF8Builder.build { writeNoName(control, asset: asset, to: &$0) }
    }

    /// The most elements around a control that `textsWithin` looks at: beyond it the message goes
    /// without them, so that a screen of thousands of unnamed buttons is not read thousands of times.
    static let textsWithinScanLimit = 256

    /// The texts of labels that an Interface Builder file draws within the frame of the control at
    /// `index` (their corner inside it) and that VoiceOver reads as elements of their own, in
    /// document order, at most three; empty when the file gives no frame. A button laid over labels
    /// (a full-size button on a card of an icon, a title and a subtitle) is not named by them:
    /// standard UIKit controls take their labels from their own titles (Apple's `accessibilityLabel`
    /// documentation: they "have labels that derive from their titles"), and a label is an element
    /// of its own, so VoiceOver reads the texts and then "button".
    static func textsWithin(_ index: Int, _ analysis: ScreenAnalysis) -> [String] {
        let control = analysis.elements[index]
        guard let at = control.position, let size = control.size, size.width > 0, size.height > 0,
            let parent = control.parent
        else { return [] }
        let around = analysis.descendants(of: parent)
        guard around.count <= textsWithinScanLimit else { return [] }
        let own = analysis.descendants(of: index)
        var texts: [String] = []
        for i in around where i != index && !own.contains(i) {
            let element = analysis.elements[i]
            guard element.isAccessibilityElement, !element.node.isInteractive, let text = element.text,
                !text.allSatisfy(\.isWhitespace), let corner = element.position,
                corner.x >= at.x, corner.x < at.x + size.width, corner.y >= at.y, corner.y < at.y + size.height
            else { continue }
            texts.append(text)
            if texts.count == 3 { break }
        }
        return texts
    }

    /// Writes `noName(_:asset:)`; `textsWithin`: the texts drawn within the control's frame that
    /// VoiceOver reads on their own (`textsWithin(_:_:)`).
    static func writeNoName(
        _ control: ElementInfo, asset: String?, textsWithin: [String] = [], to out: inout UTF8Builder
    ) {
        MessageText.writeElement(type: control.type, id: control.id, to: &out)
        out.append(" has no accessible name: ")
        if let placeholder = control.fieldPlaceholder {
            // VoiceOver reads a text field's placeholder only while the field is empty.
            out.append("VoiceOver reads its placeholder \"")
            out.append(MessageText.quoted(placeholder))
            out.append("\" only while it is empty, and then only what was typed")
        } else if let glyphs = control.glyphTitle {
            out.append("its title is only the icon font glyph ")
            out.append(glyphCodes(glyphs))
            out.append(", which VoiceOver does not read as words (it says nothing, or names an unrelated emoji)")
        } else if let asset {
            out.append("VoiceOver reads the asset name \"")
            out.append(MessageText.quoted(asset))
            out.append("\" instead")
        } else {
            out.append("VoiceOver announces only its role")
            if !textsWithin.isEmpty {
                out.append(", and reads the text drawn within its frame (")
                for (n, text) in textsWithin.enumerated() {
                    if n > 0 { out.append(", ") }
                    out.append("\"")
                    out.append(MessageText.quoted(text))
                    out.append("\"")
                }
                out.append(") as elements of their own, not as its name")
            }
        }
        out.append("; add an accessibilityLabel that says what it does")
    }

    /// The code points of an icon font title (`ViewElement.glyphTitle`), as "U+F099", space
    /// separated, white space left out; the first three, then "…".
    static func glyphCodes(_ title: String) -> String {
        let codes = title.unicodeScalars.filter { !$0.properties.isWhitespace }.map { scalar -> String in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return codes.prefix(3).joined(separator: " ") + (codes.count > 3 ? " …" : "")
    }

    /// A bar button item or tab bar item whose only title is Xcode's default, "Item".
    static func defaultTitledItem(_ node: ElementInfo) -> String {
        let name = MessageText.element(type: node.type, id: node.id)
        let through = node.outlet.map { $0.isEmpty ? ", or through its outlet" : ", or through outlet '\(MessageText.quoted($0))'" } ?? ""
        return """
            \(name) has only Xcode's default title "Item" and no accessibility label in the file, so VoiceOver reads \
            "Item" unless code titles it (its view controller's title or tabBarItem, its navigation item\(through)). If \
            code does, make that visible to the audit: set its accessibilityLabel in Interface Builder, or a runtime \
            attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, give it a title \
            that says what it does
            """
    }

    /// The type an Interface Builder `<pickerView>` is read as.
    static let pickerViewType = "PickerView"

    /// A picker view (`UIPickerView`) without an accessibility label in the file.
    static func pickerWithoutName(_ node: ElementInfo) -> String {
        let name = MessageText.element(type: node.type, id: node.id)
        return """
            \(name) has no accessibility label in the file: VoiceOver reads each of its components by its \
            selected row only ("picker item, adjustable"), unless its delegate names the components with \
            pickerView(_:accessibilityLabelForComponent:) in code. If it does, make that visible to the audit with \
            a runtime attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, \
            implement that method to say what each component sets
            """
    }

    /// A control with no title, image or label that an outlet names (`outlet` empty: an unnamed one),
    /// or whose only title is Xcode's placeholder, which code is expected to replace; `asset`: the
    /// image asset it shows instead of a title, whose name VoiceOver reads unless code labels it.
    static func untitledOutlet(_ node: ElementInfo, outlet: String, asset: String? = nil) -> String {
        let name = MessageText.element(type: node.type, id: node.id)
        let through = outlet.isEmpty ? "an outlet" : "outlet '\(MessageText.quoted(outlet))'"
        if let glyphs = node.glyphTitle {
            return """
                \(name) has only the icon font glyph \(glyphCodes(glyphs)) as its title, which VoiceOver does not read as \
                words, and no accessibility label in the file; it is the target of \(through), so it may be labelled in \
                code. If it is, make that visible to the audit: set its accessibilityLabel in Interface Builder, or a \
                runtime attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, add \
                an accessibilityLabel that says what it does
                """
        }
        if let asset, node.placeholderTitle == nil, node.fieldPlaceholder == nil {
            return """
                \(name) shows only the image "\(MessageText.quoted(asset))", whose asset name VoiceOver reads, and has \
                no title or accessibility label in the file; it is the target of \(through), so it may be labelled in \
                code. If it is, make that visible to the audit: set its accessibilityLabel in Interface Builder, or a \
                runtime attribute listed in label_runtime_attributes, or record the finding in a baseline; if not, add \
                an accessibilityLabel that says what it does
                """
        }
        let has =
            node.placeholderTitle.map {
                "has only Xcode's placeholder title \"\(MessageText.quoted($0))\" and no image or accessibility label in the file"
            } ?? node.fieldPlaceholder.map {
                "has only a placeholder, \"\(MessageText.quoted($0))\", which VoiceOver reads only while the field is empty, and no "
                    + "accessibility label in the file"
            } ?? "has no title, image or accessibility label in the file"
        return """
            \(name) \(has); it is the target of \(through), so it \
            may be titled in code. If it is, make that visible to the audit: set its accessibilityLabel in Interface \
            Builder, or a runtime attribute listed in label_runtime_attributes, or record the finding in a baseline; \
            if not, add an accessibilityLabel that says what it does
            """
    }
}
