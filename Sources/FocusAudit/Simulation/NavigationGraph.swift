/// The screens and links of one description, kept small: screens are added one at a time as they
/// are read, and only what the simulation needs is kept of each.
///
/// Every link is kept as an edge (its screen and an interned target id) for reachability. A graph
/// that keeps journeys (the default) also keeps every link's record for the simulation, `simulate`
/// and the HTML report. A compact graph (`init(compactWith:)`) simulates each link as its screen is
/// added and keeps the record only of links whose journey loses focus (with `keepsLostJourneys`
/// false, only those a rule reads) or is unreliable, and of links whose target has not been read
/// yet, until it is; the findings are the same, and a large app's hundreds of thousands of
/// well-behaved links cost eight bytes each instead of a record.
public struct NavigationGraph: Sendable {
    /// The screens' summaries, read back from their records (`ScreenRecord`).
    public var screens: ScreenList { ScreenList(records: screenRecords, texts: screenTexts, keys: targetKeys) }
    private var screenRecords = ChunkedArray<ScreenRecord>()
    /// The screens' titles, first-read names and ids the target keys spell otherwise, by the
    /// numbers their records keep.
    private var screenTexts = ChunkedArray<String>()
    /// Every link (or, in a compact graph, the kept ones), in document order.
    public private(set) var links: [LinkRecord] = []
    /// Each link's target screen (-1 for none), once `resolveTargets()` has run: the simulation and
    /// several rules ask for every link's target, and looking the id up each time showed in profiles.
    private var resolvedTargets: [Int32] = []

    /// Every link as (screen, target key); keys number the distinct target ids.
    private var edgeScreens = ChunkedArray<Int32>()
    private var edgeTargets = ChunkedArray<Int32>()
    private var targetKeys = StringTable()
    /// By target key: the screen with that id (-1 while none has been read), and in a compact graph
    /// the links waiting for it. Kept by key so that a link costs one look-up of its target id.
    private var keyScreens: [Int32] = []
    /// Links waiting for their target (compact graphs), as rows rather than records.
    private var pending = PendingLinks()

    /// Compact graphs: the settings links are simulated with, the journeys that lose focus or are
    /// unreliable (with their links, in document order), and the other links whose target id has
    /// not been read yet, by target id.
    private var compactSettings: SimulationSettings?
    private var candidates: [Journey] = []
    /// Links added, in a compact graph too (which keeps only some of them in `links`).
    private(set) var linkCount = 0
    /// Compact graphs: the ids of screens already read that are added next (`expectScreens`). A
    /// link to one of them that has not been added yet will find its target before the end, so it
    /// does not wait: no row, and no name made for it.
    private var screensToCome: Set<String> = []
    /// Links that did not wait because their target was announced (`expectScreens`).
    private(set) var linksNotWaiting = 0
    /// Compact graphs: the last few distinct lost outcomes kept, so that journeys that end alike
    /// share one array of causes instead of one allocation each. A screen that restores too early
    /// loses every link, and the links of a screen often alternate between two or three focus values.
    private var recentLosses: [Journey.Outcome] = []
    /// The screen whose id was asked for last (`claimScreenID`), with its key and whether the table
    /// keeps it as written, for `add` to use instead of looking the id up again.
    private var claimed: (screen: Int, key: Int, asWritten: Bool)?
    private var nextLoss = 0
    private static let recentLossCount = 8

    public init() {}

    /// A graph that keeps only what findings need (see the type's description). With
    /// `keepsLostJourneys` false it keeps, of the journeys that lose focus, only those some rule
    /// reads (`Journey.Outcome.isReadByRules`); the others' links are kept as any other link is.
    public init(compactWith settings: SimulationSettings, keepsLostJourneys: Bool = true) {
        compactSettings = settings
        keepsEveryLoss = keepsLostJourneys
    }

    /// Compact graphs: whether every journey that loses focus is kept, or only those a rule reads.
    private var keepsEveryLoss = true

    /// Tells a compact graph that the screens with these ids are the next ones added, before any
    /// other: links to them need not wait for their target (the crew route hands screens to the
    /// checking thread in batches and announces each). Empty ids are left out. The announcement
    /// lasts until the next one; an id announced stays right once its screen is added, since a link
    /// waits only for a target no screen added so far has.
    mutating func expectScreens(ids: some Sequence<String>) {
        guard !keepsJourneys else { return }
        screensToCome.removeAll(keepingCapacity: true)
        for id in ids where !id.isEmpty { screensToCome.insert(id) }
    }

    /// Whether the graph keeps every link and journey.
    public var keepsJourneys: Bool { compactSettings == nil }

    /// A compact graph's settings changed (the description's own transition was read).
    mutating func update(_ settings: SimulationSettings) {
        if compactSettings != nil { compactSettings = settings }
    }

    public mutating func add(_ analysis: ScreenAnalysis) {
        let screen = analysis.screen
        let index = screenRecords.count
        var hasPopToRoot = false
        for (i, element) in analysis.elements.enumerated() where element.node.popToRoot && !analysis.isInactive(i) {
            hasPopToRoot = true
            break
        }
        var summary = ScreenSummary(
            id: screen.id, path: screen.path, location: screen.location, title: screen.title,
            isMarkedRoot: screen.isMarkedRoot, restores: screen.restores, restoreDelay: screen.restoreDelay,
            capture: screen.capture, captureWritten: screen.captureWritten,
            firstReadName: keepsJourneys ? analysis.firstReadName : nil,
            hasPopToRoot: hasPopToRoot, sceneName: screen.sceneName, sceneKind: screen.sceneKind)
        // A compact graph names the first element read (the landing of an untitled screen) only
        // when a journey may report it: one from a link that is not itself that element (the only
        // journeys whose outcome says where focus lands, `Simulator.simulate`). Every link is
        // simulated here, so no later message asks for it; most screens of a large app never need
        // the name, and it was one more string kept for each.
        var landingNamed = keepsJourneys
        if let target = screen.restoreTarget { summary.restoreTarget = target }
        // A declared default focus is where VoiceOver lands instead of the title or first element.
        let defaultFocus = analysis.defaultFocusElement
        if defaultFocus != nil { summary.defaultFocusName = analysis.defaultFocusName }
        summary.restoresOnDismiss = screen.restoresOnDismiss
        let untitled = (screen.title ?? "").isBlank
        // Links share their parent's path string; siblings are usually next to each other.
        var lastParent: Int? = nil
        var parentPath = screen.path
        analysis.forEachElement { i, element in
            guard element.node.navigates else { return }
            if element.parent != lastParent {
                lastParent = element.parent
                parentPath = element.parent.map { analysis.path(of: $0) } ?? screen.path
            }
            // Hidden, or inside another control's content: VoiceOver cannot activate it, so its
            // journeys are not simulated (its edges still count for reachability).
            let inactive = analysis.isInactive(i)
            let capture = analysis.capture(of: element)
            let focusShared = element.node.focus.map { analysis.sharedFocusValues.contains($0) } ?? false
            // An element that stands for a row of each item lands focus on the first row only: coming
            // back from any other row, focus is not where it was.
            var isLanding = defaultFocus.map { $0 == i } ?? (analysis.firstReadElement == i && untitled)
            if isLanding && analysis.repeats(i) { isLanding = false }
            for navigation in element.node.navigations {
                let key = addEdge(from: index, to: navigation.target)
                let linkIndex = linkCount
                linkCount += 1
                guard let settings = compactSettings else {
                    links.append(
                        LinkRecord(
                            index: linkIndex, screen: index, parentPath: parentPath, element: element, inactive: inactive,
                            navigation: navigation, targetKey: key, capture: capture.capture, captureOnElement: capture.onElement,
                            focusShared: focusShared, isLanding: isLanding))
                    continue
                }
                if !landingNamed && !isLanding {
                    summary.firstReadName = analysis.firstReadName
                    landingNamed = true
                }
                // The journey is worked out from the link's facts first: most links are neither kept
                // nor waiting, and need no record.
                let focus = element.node.focus
                let facts = LinkFacts(
                    presentation: navigation.presentation, restoresOnDismiss: element.node.restoresOnDismiss, focus: focus,
                    focusShared: focusShared, isAccessibilityElement: element.isAccessibilityElement, isLanding: isLanding,
                    capture: capture.capture, captureOnElement: capture.onElement)
                let (outcome, unreliable) = Simulator.outcome(of: facts, on: summary, settings: settings)
                // A journey that loses focus is kept when a rule reads it (or every one is kept).
                let keptLoss: Bool
                if case .lost = outcome { keptLoss = keepsEveryLoss || outcome.isReadByRules } else { keptLoss = false }
                if !inactive && (keptLoss || unreliable) {
                    let link = LinkRecord(
                        index: linkIndex, screen: index, parentPath: parentPath, element: element, inactive: inactive,
                        navigation: navigation, targetKey: key, capture: capture.capture, captureOnElement: capture.onElement,
                        focusShared: focusShared, isLanding: isLanding)
                    candidates.append(Journey(link: link, route: .back, outcome: sharedLoss(outcome), unreliable: unreliable))
                    links.append(link)
                } else if keyScreens[key] < 0 && navigation.target != screen.id {
                    if !screensToCome.isEmpty && screensToCome.contains(navigation.target) {
                        linksNotWaiting += 1
                        continue
                    }
                    // The name goes as the element's bytes: most links stop waiting a screen or two
                    // later, and a string made of it for each cost more than the rest of the row.
                    // (Made inside the closure: one captured was copied, its strings retained, to
                    // be handed over.)
                    let keyIsTarget = targetKeys.isNumber(key, of: navigation.target)
                    element.withNameBytes { name in
                        let waiting = PendingLinks.WaitingLink(
                            index: linkIndex, screen: index, ordinal: element.node.ordinal, location: element.node.location,
                            key: key, keyIsTarget: keyIsTarget,
                            flags: LinkRecord.flags(
                                isHidden: inactive, captureOnElement: capture.onElement, focusShared: focusShared,
                                isAccessibilityElement: element.isAccessibilityElement, isLanding: isLanding,
                                restoresOnDismiss: element.node.restoresOnDismiss),
                            capture: capture.capture, parentPath: parentPath, type: element.node.type, id: element.node.id,
                            name: nil, navigation: navigation, focus: focus)
                        if let name { pending.add(waiting, nameBytes: name) } else { pending.add(waiting) }
                    }
                }
            }
        }
        // The table says whether it keeps the id as written: then the record reads it back from
        // its key, with no comparison of the two strings.
        let (idKey, idAsKey): (Int?, Bool)
        if screen.id.isEmpty {
            (idKey, idAsKey) = (nil, false)
        } else if let claimed, claimed.screen == screen.index {
            (idKey, idAsKey) = (claimed.key, claimed.asWritten)
        } else {
            (idKey, idAsKey) = spelledKey(for: screen.id)
        }
        claimed = nil
        screenRecords.append(ScreenRecord(taking: &summary, idKey: idAsKey ? idKey : nil, texts: &screenTexts))
        if let key = idKey, keyScreens[key] < 0 {
            keyScreens[key] = Int32(index)
            // Links that were waiting for this screen now reach it: an unknown destination they are not.
            pending.release(key: key)
        }
    }

    /// `outcome`, or an equal lost outcome kept before (the same value, its causes stored once).
    private mutating func sharedLoss(_ outcome: Journey.Outcome) -> Journey.Outcome {
        guard case .lost = outcome else { return outcome }
        for kept in recentLosses where kept == outcome { return kept }
        if recentLosses.count < Self.recentLossCount {
            recentLosses.append(outcome)
        } else {
            recentLosses[nextLoss] = outcome
            nextLoss = (nextLoss + 1) % Self.recentLossCount
        }
        return outcome
    }

    /// Adds the screens and links of `other`, a compact graph of the part of the same file that
    /// follows this graph's, as if they had been added here one by one: the same screens, edges,
    /// journeys and links waiting for a target, numbered after this graph's own.
    mutating func append(_ other: NavigationGraph) {
        precondition(!keepsJourneys && !other.keepsJourneys, "only compact graphs are read in parts")
        let screenOffset = screenRecords.count
        let linkOffset = linkCount
        // The other graph's target keys as keys of this one.
        let keyMap = other.targetKeys.allKeys().map { key(for: $0) }
        let textOffset = screenTexts.count
        for text in other.screenTexts { screenTexts.append(text) }
        for record in other.screenRecords { screenRecords.append(record.moved(textOffset: textOffset, keyMap: keyMap)) }
        for e in other.edgeScreens.indices {
            edgeScreens.append(other.edgeScreens[e] + Int32(screenOffset))
            edgeTargets.append(Int32(keyMap[Int(other.edgeTargets[e])]))
        }
        // Before targets are resolved, a compact graph keeps a link exactly for each candidate
        // journey, in the same order: one shifted record serves both.
        precondition(other.links.count == other.candidates.count, "append before resolveTargets()")
        for (journey, link) in zip(other.candidates, other.links) {
            var moved = journey
            moved.link = link.shifted(screens: screenOffset, links: linkOffset, targetKey: keyMap[link.targetKey])
            candidates.append(moved)
            links.append(moved.link)
        }
        linkCount += other.linkCount
        // Links of the other part still waiting for their target: one of this part's screens may
        // have it (then, read in one go, the link would never have waited), or not yet.
        let otherKeys = other.targetKeys.allKeys()
        for link in other.pending.records(keyName: { otherKeys[$0] }) {
            let key = keyMap[link.targetKey]
            if keyScreens[key] < 0 {
                pending.add(
                    PendingLinks.WaitingLink(link.shifted(screens: screenOffset, links: linkOffset, targetKey: key), key: key))
            }
        }
        // The other part's screens, by id: the first screen with an id keeps it.
        for (otherKey, screen) in other.keyScreens.enumerated() where screen >= 0 {
            let key = keyMap[otherKey]
            if keyScreens[key] < 0 {
                keyScreens[key] = screen + Int32(screenOffset)
                pending.release(key: key)
            }
        }
    }

    /// Records a link as an edge; returns its target's key.
    private mutating func addEdge(from screen: Int, to target: String) -> Int {
        let key = self.key(for: target)
        edgeScreens.append(Int32(screen))
        edgeTargets.append(Int32(key))
        return key
    }

    /// The index of the first screen with `id` (later ones with the same id are
    /// `invalid_description`), nil when no screen has it. Screens are found through the target
    /// keys, so the graph keeps no second table of screen ids.
    public func screenIndex(of id: String) -> Int? {
        guard let key = targetKeys.number(of: id) else { return nil }
        let screen = keyScreens[key]
        return screen < 0 ? nil : Int(screen)
    }

    /// The scene name of the screen at `index` (see `ScreenSummary.sceneName`), without reading
    /// back the rest of its summary.
    func sceneName(ofScreen index: Int) -> String? { screenRecords[index].sceneName }

    /// The number standing for a target id, made when the id is new.
    private mutating func key(for id: String) -> Int {
        let (key, isNew) = targetKeys.add(id)
        guard isNew else { return key }
        keyScreens.append(-1)
        pending.addKey()
        return key
    }

    /// Whether no screen added so far has the id `id`, for the screen numbered `screen` (its
    /// `Screen.index`) that is read and added next: its key is kept for `add`, so that the id is
    /// looked up once. (The builder asks this on one thread, where every screen read before has
    /// been added; `DescriptionSink.claimScreenID`.)
    mutating func claimScreenID(_ id: String, screen: Int) -> Bool {
        let (key, asWritten) = spelledKey(for: id)
        guard keyScreens[key] < 0 else { return false }
        claimed = (screen, key, asWritten)
        return true
    }

    /// `key(for:)`, and whether the table keeps `id` as written (`StringTable.addSpelled`).
    private mutating func spelledKey(for id: String) -> (key: Int, asWritten: Bool) {
        let (key, isNew, asWritten) = targetKeys.addSpelled(id)
        if isNew {
            keyScreens.append(-1)
            pending.addKey()
        }
        return (key, asWritten)
    }

    /// The screen a link goes to, nil when no screen has that id.
    public func target(of link: LinkRecord) -> Int? {
        if keepsJourneys, link.index < resolvedTargets.count, links[link.index] === link {
            let t = resolvedTargets[link.index]
            return t < 0 ? nil : Int(t)
        }
        return screen(ofKeyOf: link) ?? screenIndex(of: link.navigation.target)
    }

    /// The screen a link goes to, found through the number the link keeps for its target id
    /// instead of hashing the id: `.some(nil)` when no screen has that id, and nil when the number
    /// is not this graph's number for that id (a link of another graph, an id that is not ASCII),
    /// for the caller to look the id up instead.
    @inline(__always)
    private func screen(ofKeyOf link: LinkRecord) -> Int?? {
        let key = link.targetKey
        guard key >= 0, key < keyScreens.count, targetKeys.isNumber(key, of: link.navigation.target) else { return nil }
        let screen = keyScreens[key]
        return .some(screen < 0 ? nil : Int(screen))
    }

    /// Looks up every link's target once, and in a compact graph gathers the links still waiting
    /// for their target (unknown destinations); call when all screens have been added.
    public mutating func resolveTargets() {
        if !keepsJourneys && pending.count > 0 {
            // Both lists are in document order: merge them by link number.
            let keys = targetKeys.allKeys()
            var waiting = pending.records(keyName: { keys[$0] })
            waiting.sort { $0.index < $1.index }
            var merged: [LinkRecord] = []
            merged.reserveCapacity(links.count + waiting.count)
            var w = 0
            for link in links {
                while w < waiting.count && waiting[w].index < link.index {
                    merged.append(waiting[w])
                    w += 1
                }
                merged.append(link)
            }
            merged.append(contentsOf: waiting[w...])
            links = merged
            pending.removeAll()
        }
        if keepsJourneys {
            resolvedTargets = links.map { link in
                (screen(ofKeyOf: link) ?? screenIndex(of: link.navigation.target)).map { Int32($0) } ?? -1
            }
        }
    }

    /// A compact graph's journeys: those that lose focus or are unreliable, on links whose target
    /// exists, in document order (the same ones a full simulation finds, without pop-to-root traces).
    /// They are moved out of the graph rather than copied.
    mutating func takeCompactJourneys() -> [Journey] {
        var journeys = candidates
        candidates = []
        // A plain loop rather than `removeAll(where:)`: its closure read the graph through a copy
        // of the whole value for every journey.
        var kept = 0
        for i in journeys.indices where target(of: journeys[i].link) != nil {
            if kept != i { journeys.swapAt(kept, i) }
            kept += 1
        }
        journeys.removeLast(journeys.count - kept)
        return journeys
    }

    /// Every link as an edge, in document order, in a compact graph too: the screen it is on, the
    /// screen it goes to (nil when no screen has that id) and the target id (the HTML report's map).
    public func forEachEdge(_ body: (_ from: Int, _ to: Int?, _ target: String) -> Void) {
        let ids = targetKeys.allKeys()
        for e in edgeScreens.indices {
            let key = Int(edgeTargets[e])
            let screen = keyScreens[key]
            body(Int(edgeScreens[e]), screen < 0 ? nil : Int(screen), ids[key])
        }
    }

    /// Entry points: screens marked `root="true"`, or the first screen when none is marked.
    public var roots: [Int] {
        let marked = screenRecords.indices.filter { screenRecords[$0].isMarkedRoot }
        if !marked.isEmpty { return marked }
        return screenRecords.isEmpty ? [] : [0]
    }

    /// Which screens some root reaches through any link (hidden ones and sheets included).
    public func reachable() -> [Bool] {
        // Edges are recorded screen by screen, so each screen's edges are one run: find where each
        // run starts instead of building a list per screen.
        // 32-bit numbers, and the queue sized once: this runs at the end of a large file, at its
        // peak of memory.
        let screenCount = screenRecords.count
        var runStart = [Int32](repeating: Int32(clamping: edgeScreens.count), count: screenCount + 1)
        for e in stride(from: edgeScreens.count - 1, through: 0, by: -1) { runStart[Int(edgeScreens[e])] = Int32(e) }
        for s in stride(from: screenCount - 1, through: 0, by: -1) where runStart[s] > runStart[s + 1] {
            runStart[s] = runStart[s + 1]
        }
        var seen = [Bool](repeating: false, count: screenCount)
        var queue: [Int32] = []
        queue.reserveCapacity(screenCount)
        for r in roots where !seen[r] {
            seen[r] = true
            queue.append(Int32(r))
        }
        var head = 0
        while head < queue.count {
            let s = Int(queue[head])
            head += 1
            for e in Int(runStart[s])..<Int(runStart[s + 1]) {
                let t = Int(keyScreens[Int(edgeTargets[e])])
                if t >= 0 && !seen[t] {
                    seen[t] = true
                    queue.append(Int32(t))
                }
            }
        }
        return seen
    }
}

/// Settings that change what the simulator concludes.
public struct SimulationSettings: Sendable {
    /// Push/pop animation length; a focus request made sooner after a pop is ignored.
    public var transition: Double
    /// Whether dismissing a sheet or cover returns focus to the presenting control: for every kind
    /// of presentation `dismissalFocus` does not name, and always for Interface Builder scenes (UIKit
    /// modal presentations).
    public var modalRestoresFocus: Bool
    /// What dismissing each kind of presentation does to focus, by kind (`presentations:` in the
    /// configuration, or the description's `sheet-focus`, …); kinds not named follow `modalRestoresFocus`.
    public var dismissalFocus: [Presentation: DismissalFocus]

    public init(
        transition: Double = 0.35, modalRestoresFocus: Bool = true, dismissalFocus: [Presentation: DismissalFocus] = [:]
    ) {
        self.transition = transition
        self.modalRestoresFocus = modalRestoresFocus
        self.dismissalFocus = dismissalFocus
    }

    /// What the platform does with focus when a presentation of this kind, made from `screen`, is
    /// dismissed: nil when it returns focus to the presenting control; `false` when it does not and
    /// the dismissal is judged like a pop (`modal_restores_focus: false`, the v1 reading, and UIKit
    /// scenes); `true` when it does not and the dismissal is a dismissal (`presentations:`, the
    /// description's `sheet-focus`…, SwiftUI source): the presenter does not appear again, so only a
    /// restoration on dismissal brings focus back.
    func dismissalLoses(_ presentation: Presentation, on screen: ScreenSummary) -> Bool? {
        let uikit = screen.sceneName != nil || screen.sceneKind != nil
        if !uikit, let focus = dismissalFocus[presentation] { return focus == .restores ? nil : true }
        return modalRestoresFocus ? nil : false
    }
}

/// Walks every visible navigating element of every screen: focus is on it, it is activated, its
/// destination appears, the user goes back. Each link is visited once, plus one pop-to-root trace
/// per root link whose destination leads to a pop-to-root control, so the cost is linear in the
/// number of links and cycles need no special care.
public enum Simulator {
    public static func journeys(in graph: NavigationGraph, settings: SimulationSettings) -> [Journey] {
        let popToRootFrom = nearestPopToRoot(graph)
        let roots = Set(graph.roots)
        let screens = graph.screens
        var journeys: [Journey] = []
        journeys.reserveCapacity(graph.links.count)
        for link in graph.links where !link.isHidden {
            guard let target = graph.target(of: link) else { continue }
            let journey = simulate(link, on: screens[link.screen], settings: settings)
            journeys.append(journey)
            if link.navigation.presentation.isPush, roots.contains(link.screen), let from = popToRootFrom[target] {
                var popped = journey
                popped.route = .popToRoot(from: screens[from].id)
                journeys.append(popped)
            }
        }
        return journeys
    }

    static func simulate(_ link: LinkRecord, on screen: ScreenSummary, settings: SimulationSettings) -> Journey {
        let (outcome, unreliable) = outcome(of: LinkFacts(link), on: screen, settings: settings)
        return Journey(link: link, route: .back, outcome: outcome, unreliable: unreliable)
    }

    /// How going back from a link ends, from what the simulation reads of the link: a compact graph
    /// works it out before deciding whether the link needs a record at all.
    static func outcome(
        of link: LinkFacts, on screen: ScreenSummary, settings: SimulationSettings
    ) -> (outcome: Journey.Outcome, unreliable: Bool) {
        let presentation = link.presentation
        if !presentation.isPush {
            guard let asDismissal = settings.dismissalLoses(presentation, on: screen) else {
                return (.returnedBySystem, false)
            }
            if link.restoresOnDismiss ?? screen.restoresOnDismiss {
                // `onDismiss:` runs once the presentation is gone, and belongs to the presentation
                // the control made: no recorded id and no delay are needed, only an element to focus.
                var causes: [LossCause] = []
                if let focus = link.focus {
                    if link.focusShared { causes.append(.sharedFocus(focus)) }
                } else {
                    causes.append(.noFocusBinding)
                }
                if !link.isAccessibilityElement { causes.append(.notAnElement) }
                return (causes.isEmpty ? .restoredOnDismiss : .lost(causes), false)
            }
            if asDismissal {
                // The presenter stays on screen under a sheet: its onAppear does not run again. VoiceOver
                // starts again at the screen's first element, as after a pop to a screen that does not
                // restore, so focus is only lost when that element is not the presenting control.
                return (link.isLanding ? .landsOnElement : .lost([.notRestoring(landsOn: screen.landing)]), false)
            }
        }
        guard screen.restores else {
            return (link.isLanding ? .landsOnElement : .lost([.notRestoring(landsOn: screen.landing)]), false)
        }
        var causes: [LossCause] = []
        if let target = screen.restoreTarget {
            // Focus goes to one fixed element: what was activated and recorded does not matter.
            if link.focus != target || link.focusShared || !link.isAccessibilityElement {
                causes.append(.fixedTarget(target))
            }
            if screen.restoreDelay < settings.transition {
                causes.append(.tooEarly(delay: screen.restoreDelay, transition: settings.transition))
            }
            return (causes.isEmpty ? .restored(delay: screen.restoreDelay) : .lost(causes), false)
        }
        if link.capture == .none { causes.append(.nothingRecorded(onElement: link.captureOnElement)) }
        if let focus = link.focus {
            if link.focusShared { causes.append(.sharedFocus(focus)) }
        } else {
            causes.append(.noFocusBinding)
        }
        if !link.isAccessibilityElement { causes.append(.notAnElement) }
        if screen.restoreDelay < settings.transition {
            causes.append(.tooEarly(delay: screen.restoreDelay, transition: settings.transition))
        }
        return (causes.isEmpty ? .restored(delay: screen.restoreDelay) : .lost(causes), link.capture == .gesture)
    }

    /// For each screen, the nearest screen (itself or deeper, through visible push links) with a
    /// visible pop-to-root control: one breadth-first search backwards from all such screens.
    static func nearestPopToRoot(_ graph: NavigationGraph) -> [Int?] {
        let screens = graph.screens
        var incoming = [[Int]](repeating: [], count: screens.count)
        for link in graph.links where !link.isHidden && link.navigation.presentation.isPush {
            if let t = graph.target(of: link) { incoming[t].append(link.screen) }
        }
        var nearest = [Int?](repeating: nil, count: screens.count)
        var queue: [Int] = []
        for s in screens.indices where screens.records[s].hasPopToRoot {
            nearest[s] = s
            queue.append(s)
        }
        var head = 0
        while head < queue.count {
            let s = queue[head]
            head += 1
            for p in incoming[s] where nearest[p] == nil {
                nearest[p] = nearest[s]
                queue.append(p)
            }
        }
        return nearest
    }
}
