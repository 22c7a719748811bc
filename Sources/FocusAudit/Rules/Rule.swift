/// An example description in a rule's metadata. In a triggering example, `↓` marks each element
/// (or comment) where the rule must report exactly one finding; the test suite runs every example.
public struct RuleExample: Sendable {
    public var code: String
    /// The exact messages of the rule's findings at the first markers, in the markers' order: the
    /// first is the message at the first `↓`, the second at the second, and so on; markers after
    /// the last pinned message may report any message, and no messages pins none. They are what the
    /// rule reports and what a user reads: nothing rewrites a message after the rule.
    public var messages: [String]
    public var file: String
    public var line: Int

    public init(_ code: String, messages: [String] = [], file: String = #filePath, line: Int = #line) {
        self.code = code
        self.messages = messages
        self.file = file
        self.line = line
    }

    /// The example without its markers.
    public var source: String { String(code.unicodeScalars.filter { $0 != "↓" }.map(Character.init)) }

    /// Line and column of each marker, as they are in `source`.
    public var markers: [SourceLocation] {
        var result: [SourceLocation] = []
        var line = 1
        var column = 1
        for scalar in code.unicodeScalars {
            if scalar == "↓" {
                result.append(SourceLocation(line: line, column: column))
                continue
            }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return result
    }
}

/// Everything about a rule that is data, not logic: it feeds `focusaudit rules`, `explain`, the rule
/// documentation and the example tests.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    /// One sentence: what the rule reports.
    public var summary: String
    /// Why it matters to a VoiceOver user.
    public var rationale: String
    /// How to fix it, in SwiftUI terms.
    public var fix: String
    public var severity: Severity
    /// WCAG success criteria ("WCAG 2.4.3 Focus Order"), WCAG failure techniques and HIG pages.
    public var references: [String]
    /// How much a finding gets in a user's way (axe-core's scale); shown in every report.
    public var impact: Impact
    /// What the rule checks when it cites no WCAG criterion: an accessibility best practice, or the
    /// correctness of the description itself (a broken link, a screen nothing reaches).
    public var purpose: Purpose
    /// The examples are made when asked for (by the documentation and the tests), not when the
    /// description is: a check run reads every rule's id and severity, and making every example
    /// (storyboards built and indented line by line) took a noticeable share of a small file's run.
    public var triggeringExamples: [RuleExample] { makeTriggeringExamples() }
    public var nonTriggeringExamples: [RuleExample] { makeNonTriggeringExamples() }
    /// The rule on SwiftUI source: its examples as Swift files, or why it cannot apply there.
    public var swiftUI: SwiftUIForm? { makeSwiftUI() }
    private let makeTriggeringExamples: @Sendable () -> [RuleExample]
    private let makeNonTriggeringExamples: @Sendable () -> [RuleExample]
    private let makeSwiftUI: @Sendable () -> SwiftUIForm?

    public enum Purpose: String, Sendable {
        case accessibility, correctness
    }

    /// How a rule reads on SwiftUI source. The examples are whole Swift files, `↓` placed right
    /// before each construct where a finding must point (a screen-level finding points at the view's
    /// name in `struct Name: View`); the SwiftUI reader's tests run them like the other examples.
    public enum SwiftUIForm: Sendable {
        case examples(triggering: [RuleExample], nonTriggering: [RuleExample])
        /// Why SwiftUI source cannot give this finding, shown on the rule's page.
        case notApplicable(String)
    }

    public init(
        id: String, name: String, summary: String, rationale: String, fix: String, severity: Severity,
        references: [String], impact: Impact = .moderate, purpose: Purpose = .accessibility,
        triggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
        nonTriggeringExamples: @autoclosure @escaping @Sendable () -> [RuleExample],
        swiftUI: @autoclosure @escaping @Sendable () -> SwiftUIForm? = nil
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.fix = fix
        self.severity = severity
        self.references = references
        self.impact = impact
        self.purpose = purpose
        makeTriggeringExamples = triggeringExamples
        makeNonTriggeringExamples = nonTriggeringExamples
        makeSwiftUI = swiftUI
    }

    /// Tags for SARIF and the rule pages, axe-style: `accessibility`, `voiceover`, then the WCAG
    /// version-and-level and criterion tags of the references (`wcag2a`, `wcag243`); a rule citing
    /// no criterion is `best-practice`, or `correctness` when it checks the description itself.
    /// Whether the rule runs only when a configuration turns it on (`RuleID.optIn`).
    public var isOptIn: Bool { RuleID.optIn.contains(id) }

    public var tags: [String] {
        let wcag = WCAG.tags(for: references)
        if !wcag.isEmpty { return ["accessibility", "voiceover"] + wcag }
        return ["accessibility", "voiceover", purpose == .correctness ? "correctness" : "best-practice"]
    }
}

/// What a rule sees while checking one file.
public struct RuleContext {
    public var settings: SimulationSettings
    public var maxRestoreDelay: Double
    /// Suppressions of this file; rules that fold several elements into one finding ask it which
    /// elements are silenced.
    public var suppressions: SuppressionIndex
    /// The words a finding's fix is given in: those of what the user wrote.
    public var vocabulary: FixVocabulary = .description
}

/// The words in which a finding says how to fix it. A description's user sets attributes
/// (`restore-delay="0.6"`); a SwiftUI user writes modifiers and calls
/// (`DispatchQueue.main.asyncAfter(deadline: .now() + 0.6)`), and is told in those. Interface
/// Builder scenes have fixes of their own, chosen by the screen (`ScreenSummary.sceneName`).
public enum FixVocabulary: Sendable, Equatable {
    /// A description, in XML or JSON: its attributes.
    case description
    /// SwiftUI source: its modifiers, initialisers and calls.
    case swiftUI
}

/// A check. Screen-local checks run on each screen as soon as it is read; checks that need the
/// whole navigation graph run once at the end of the file.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(screen: ScreenAnalysis, context: RuleContext, report: inout FindingCollector)
    func check(graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector)
    /// Whether the whole-file check may report every link of the graph (tens of thousands of
    /// findings in a large app) rather than a few per screen; the pipeline can then run it apart
    /// from the other rules' checks. It reads only the graph and the journeys.
    static var reportsEveryLink: Bool { get }
    /// Whether the rule has a screen check (`check(screen:context:report:)`). A rule whose checks
    /// all need the whole graph says false, and the pipeline then does not call it for every screen
    /// (on a file of many small screens, calling such rules for nothing showed in profiles). A rule
    /// that says false must report nothing from its screen check; the default is true.
    static var checksScreens: Bool { get }
    /// The rule with its own options read from `configuration` (words, sizes, severities that only
    /// it uses); the pipeline asks once per file. A rule without options returns itself.
    func configured(by configuration: Configuration) -> any Rule
}

extension Rule {
    public func check(screen: ScreenAnalysis, context: RuleContext, report: inout FindingCollector) {}
    public func check(
        graph: NavigationGraph, journeys: [Journey], context: RuleContext, report: inout FindingCollector
    ) {}

    public var description: RuleDescription { Self.description }
    public static var reportsEveryLink: Bool { false }
    public static var checksScreens: Bool { true }
    public func configured(by configuration: Configuration) -> any Rule { self }
}

/// Collects the findings of one rule, with its id and default severity filled in.
public struct FindingCollector {
    /// The id of the rule reported for: `ruleIDs[ruleIndex]`.
    public var ruleID: String { ruleIDs[ruleIndex] }
    /// The ids of the rules this collector reports for, one after another (`reportAs`): the list
    /// is held once, so that going through 25 rules for every screen sets a number rather than
    /// retaining one string and releasing another for each rule.
    private let ruleIDs: [String]
    private var ruleIndex = 0
    public private(set) var severity: Severity
    /// What was reported, added straight to the file's compact list, so a rule that reports tens of
    /// thousands of findings never holds them as separate strings.
    public private(set) var findings: FindingList
    /// The file's Interface Builder scenes: a message about an element of one starts with its name
    /// (`SceneNames`), so what a rule reports here is the message a user reads.
    public var scenes: SceneNames

    /// Only the id and severity are kept, not the rule's whole description (its texts and examples):
    /// a collector goes through every rule for every screen (`reportAs`), and copying the
    /// description each time showed in profiles.
    init(ruleID: String, severity: Severity, adding list: FindingList = FindingList(), scenes: SceneNames = SceneNames()) {
        self.init(ruleIDs: [ruleID], severity: severity, adding: list, scenes: scenes)
    }

    /// A collector that reports for `ruleIDs[0]` first, and for another of them after `reportAs(_:_:)`.
    init(ruleIDs: [String], severity: Severity, adding list: FindingList, scenes: SceneNames) {
        precondition(!ruleIDs.isEmpty, "a collector reports for at least one rule")
        self.ruleIDs = ruleIDs
        self.severity = severity
        findings = list
        self.scenes = scenes
    }

    /// The list, moved out of the collector, which is left with an empty one (swapped out: returning
    /// the field of a consumed collector copied the list and then destroyed the collector's, and
    /// consuming a collector that the rules had been lent copied the whole collector first, for
    /// every screen).
    mutating func takeFindings() -> FindingList {
        var taken = FindingList()
        swap(&taken, &findings)
        return taken
    }

    /// Exchanges the collector's list and scene names with `list` and `names`, without copying
    /// either: a collector kept for a whole file takes the file's findings and names for a screen's
    /// rules and gives them back after.
    mutating func exchange(findings list: inout FindingList, scenes names: inout SceneNames) {
        swap(&findings, &list)
        swap(&scenes, &names)
    }

    /// Reports from now on for the rule `ruleIDs[index]` of `init(ruleIDs:severity:adding:scenes:)`.
    mutating func reportAs(_ index: Int, _ severity: Severity) {
        precondition(ruleIDs.indices.contains(index), "no rule \(index) in the collector's list")
        ruleIndex = index
        self.severity = severity
    }

    public mutating func add(at location: SourceLocation, element: String, _ message: String) {
        findings.append(
            Finding(
                rule: ruleID, severity: severity, location: location, element: element,
                message: scenes.message(message, aboutElementAt: element)))
    }

    /// Reports a finding with a severity of its own, which the configuration's `rules:` does not
    /// change (the rule's own setting, such as `outlet_controls`, chose it).
    public mutating func add(at location: SourceLocation, element: String, severity: Severity, _ message: String) {
        findings.append(
            Finding(
                rule: ruleID, severity: severity, location: location, element: element,
                message: scenes.message(message, aboutElementAt: element)))
    }

    /// Reports a finding whose element path and message are given as bytes, unless `reported`
    /// already holds the element (its path at that location: two elements with the same `id` share
    /// a path and are still two elements); whether it was reported. No string is made of either.
    @discardableResult
    mutating func add(
        at location: SourceLocation, element: (inout UTF8Builder) -> Void, unlessIn reported: inout ReportedElements,
        message write: (inout UTF8Builder) -> Void
    ) -> Bool {
        let (rule, severity) = (ruleID, self.severity)
        return UTF8Builder.withBytes(element) { element in
            guard reported.insert(element, at: location, reportedIn: findings) else { return false }
            let framing = scenes.isEmpty ? nil : scenes.framing(ofElementAt: String(decoding: element, as: UTF8.self))
            guard framing == nil else {
                Self.withMessage(write, framing: framing) { message in
                    findings.append(
                        rule: rule, severity: severity, file: "", location: location, element: element, message: message,
                        uniqueMessage: true)
                }
                return true
            }
            // The fixed end of the message, if the rule marks one, is stored once for all of them.
            UTF8Builder.withBytesHeadAndTail(write) { head, message, tail in
                // The message names the element, whose path is reported once: it rarely repeats.
                findings.append(
                    rule: rule, severity: severity, file: "", location: location, element: element, message: message,
                    uniqueMessage: true, sharedTail: tail, sharedHead: head)
            }
            return true
        }
    }

    /// Reports a finding whose message `write` writes as bytes, straight into the list: no string is
    /// made of it (making one checks every byte of it again, and messages quote names in Korean).
    /// If `write` marks a shared tail (`UTF8Builder.markSharedTail()`), the list stores that end of
    /// the message once for all the findings that end with it; the start before it is looked for
    /// among earlier messages too, unless `uniqueStart` says it names something of its own. A fixed
    /// start marked with `UTF8Builder.markSharedHead()` is stored once as well.
    mutating func add(
        at location: SourceLocation, element: String, uniqueStart: Bool = false,
        message write: (inout UTF8Builder) -> Void
    ) {
        var element = element
        let (rule, severity) = (ruleID, self.severity)
        let framing = scenes.framing(ofElementAt: element)
        element.withUTF8 { element in
            guard framing == nil else {
                Self.withMessage(write, framing: framing) { message in
                    findings.append(
                        rule: rule, severity: severity, file: "", location: location, element: element, message: message)
                }
                return
            }
            UTF8Builder.withBytesHeadAndTail(write) { head, message, tail in
                findings.append(
                    rule: rule, severity: severity, file: "", location: location, element: element, message: message,
                    uniqueMessage: uniqueStart && tail != nil, sharedTail: tail, sharedHead: head)
            }
        }
    }

    /// Reports a finding whose message is `head` followed by `tail`: a message that names its element
    /// (in `head`) and ends the same way in many findings (`tail`), which the list stores once for
    /// all of them. The message reads as `head + tail` everywhere.
    mutating func add(at location: SourceLocation, element: String, _ head: String, sharedTail tail: String) {
        guard scenes.isEmpty || scenes.framing(ofElementAt: element) == nil else {
            return add(at: location, element: element, head + tail)
        }
        var element = element
        var head = head
        var tail = tail
        let (rule, severity) = (ruleID, self.severity)
        element.withUTF8 { element in
            head.withUTF8 { head in
                tail.withUTF8 { tail in
                    // The start names the element: it rarely repeats.
                    findings.append(
                        rule: rule, severity: severity, file: "", location: location, element: element, message: head,
                        uniqueMessage: true, sharedTail: tail)
                }
            }
        }
    }
}

extension FindingCollector {
    /// Runs `use` on the bytes of a message `write` writes, framed by its element's scene
    /// (`SceneNames.framing(ofElementAt:)`) when there is one.
    fileprivate static func withMessage<R>(
        _ write: (inout UTF8Builder) -> Void, framing: (prefix: String, suffix: String)?,
        _ use: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        guard let framing else { return UTF8Builder.withBytes(write, use) }
        return UTF8Builder.withBytes(
            { out in
                out.append(framing.prefix)
                write(&out)
                out.append(framing.suffix)
            }, use)
    }
}

extension RuleExample {
    /// A storyboard of one scene whose controller's view holds `subviews` (Interface Builder XML
    /// written from column 0, with `↓` markers); `controller` is more of the controller's content,
    /// after its view (a navigation item), and `sceneObjects` are objects of the scene beside the
    /// controller (a gesture recognizer). Its controller's id is `vc`, so pinned `messages` about
    /// its elements start with the scene's name, `scene vc: `. The scene, controller and view around them are the same
    /// in every storyboard example.
    public static func storyboard(
        subviews: String, controller: String = "", sceneObjects: String = "", messages: [String] = [],
        file: String = #filePath, line: Int = #line
    ) -> RuleExample {
        func indented(_ text: String, by width: Int) -> String {
            let pad = String(repeating: " ", count: width)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
        }
        var code = """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="vc">
              <scenes>
                <scene sceneID="s1">
                  <objects>
                    <viewController id="vc" sceneMemberID="viewController">
                      <view key="view" id="v">
                        <subviews>

            """
        code += indented(subviews, by: 14) + "\n"
        code += "            </subviews>\n"
        code += "          </view>\n"
        if !controller.isEmpty { code += indented(controller, by: 10) + "\n" }
        code += "        </viewController>\n"
        if !sceneObjects.isEmpty { code += indented(sceneObjects, by: 8) + "\n" }
        code += """
                  </objects>
                </scene>
              </scenes>
            </document>
            """
        return RuleExample(code, messages: messages, file: file, line: line)
    }
}

/// The elements a rule has reported, each once however many of its links qualify: an element is
/// its path at its location (two elements with the same `id` share a path and are still two
/// elements), paths compared as Swift compares strings.
///
/// The reported findings already hold each path and location, so a path that is ASCII, or has
/// an ASCII equivalent (`StringTable.asciiEquivalent`), is kept as a hash and the finding's number
/// only, and found again by comparing with the finding list's bytes. A large app reports tens of
/// thousands of such elements at the end of the file, when memory is at its peak, and a copy of
/// every path and location for this set was about a tenth of it on findings-heavy input. Other
/// paths go to a `UTF8Set` with their location, as all did before.
struct ReportedElements {
    private var slots = HashSlots()
    /// By entry: its hash and the number of its finding in the list.
    private var hashes: [UInt64] = []
    private var findings: [Int] = []
    private var others = UTF8Set()
    private let seed = StringTable.processSeed

    /// Adds the element at `path` and `location`, whose finding is to be the next one of `list`;
    /// whether it was new.
    mutating func insert(_ path: UnsafeBufferPointer<UInt8>, at location: SourceLocation, reportedIn list: FindingList) -> Bool {
        // The finding list keeps lines and columns of 32 bits: others are kept here whole.
        let fits = Int32(exactly: location.line) != nil && Int32(exactly: location.column) != nil
        guard fits, var hash = ByteHash.withASCIIForm(path, seed: seed, { $1 }) else {
            var key = Array(path)
            key.append(0)
            key.append(contentsOf: "\(location.line):\(location.column)".utf8)
            return key.withUnsafeBufferPointer { others.insert($0) }
        }
        // The location mixed in (a multiply and shift of each half, as in SplitMix).
        hash ^= (UInt64(truncatingIfNeeded: location.line) &* 0x9E37_79B9_7F4A_7C15)
        hash ^= (UInt64(truncatingIfNeeded: location.column) &* 0xBF58_476D_1CE4_E5B9)
        hash = (hash ^ (hash >> 31)) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        let found = slots.find(hash: hash) { entry in
            list.elementEquals(path, at: location, inFinding: findings[entry])
        }
        guard found == nil else { return false }
        hashes.append(hash)
        findings.append(list.count)
        slots.insert(hashes.count - 1, hash: hash, bound: hashes.count) { [hashes] in hashes[$0] }
        return true
    }
}
