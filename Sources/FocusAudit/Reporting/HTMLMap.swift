/// The navigation map of one description in the HTML report: screens as boxes named by their
/// title (an Interface Builder scene by its class, then its title), links as arrows laid out in
/// layers (`MapLayout`), links that lose focus on return in red, dashed and marked ✗, links back
/// to an earlier screen in blue along their own curve, unknown destinations as dashed boxes. A
/// legend sits inside the picture. Every colour and stroke is an SVG presentation attribute, so the
/// map keeps its look when the page's style sheet is blocked. A table of every link follows as its
/// text alternative.
///
/// An app of more than `partSize` screens gets one map per root (the screens first reached from
/// it), a root's screens cut into parts of at most `partSize` that keep each strongly connected
/// part whole when it fits, and an index of the maps: every map stays readable at its natural size
/// (no text under 12 px; a wide map scrolls sideways in its own box).
enum HTMLMap {
    static let partSize = 60
    /// Maps drawn per file; the index lists the others.
    static let maxMapsDrawn = 40
    /// Rows of the table of links per file.
    static let tableRowLimit = 2000

    static let ink = "#222"
    static let lostColor = "#b00020"
    static let backColor = "#1f5fbf"
    static let greyColor = "#666"
    static let lostDash = "7 4"

    /// One arrow: every link from one screen to one destination. 32-bit numbers: the 50 MB
    /// benchmark's app has a quarter of a million of them, all held while its maps are written.
    struct Connection {
        var from: Int32
        /// The destination screen; for an unknown one, -1 - the number of its id in
        /// `Connections.unknownNames`.
        var to: Int32
        var count: Int32 = 0
        var lost: Int32 = 0
        /// Links not simulated (hidden controls).
        var hidden: Int32 = 0

        /// The destination screen, nil for an unknown one.
        var screen: Int? { to >= 0 ? Int(to) : nil }
    }

    /// Every arrow of one file's maps, grouped by the screen they leave, in the order of each
    /// pair's first link; and the known destinations of each screen, for cutting the app into maps.
    ///
    /// Made in two passes over the graph's edges, one screen's links at a time, rather than with a
    /// table of every pair of screens: what is held while the maps are written is a few 32-bit
    /// numbers per arrow.
    struct Connections {
        private(set) var list: [Connection] = []
        /// The connections leaving screen `s` are `list[runStart[s]..<runStart[s + 1]]`.
        private(set) var runStart: [Int32]
        private(set) var unknownNames: [String] = []
        /// Each screen's known destinations, in order of first link.
        private(set) var successors: Successors

        init(_ file: FileAudit) {
            let graph = file.graph
            let n = graph.screens.count
            // Pass 1: links per screen. Pass 2: each link's destination in its screen's run, in
            // document order (a known screen as its number, an unknown id as -1 - its name's number).
            var start = [Int32](repeating: 0, count: n + 1)
            graph.forEachEdge { from, _, _ in start[from + 1] += 1 }
            for s in 0..<n { start[s + 1] += start[s] }
            var fill = start
            var destinations = [Int32](repeating: 0, count: Int(start[n]))
            var names: [String] = []
            var nameNumbers: [String: Int32] = [:]
            // Only a full graph (one kept for `simulate` or tests) says which links are hidden: by
            // link, in document order, as the edges are.
            let hiddenKnown = graph.keepsJourneys && graph.links.count == destinations.count
            var slotOfEdge: [Int32] = []
            graph.forEachEdge { from, to, target in
                let slot = Int(fill[from])
                fill[from] += 1
                if hiddenKnown { slotOfEdge.append(Int32(slot)) }
                if let to {
                    destinations[slot] = Int32(to)
                } else if let number = nameNumbers[target] {
                    destinations[slot] = -1 - number
                } else {
                    let number = Int32(names.count)
                    nameNumbers[target] = number
                    names.append(target)
                    destinations[slot] = -1 - number
                }
            }
            nameNumbers = [:]
            var list: [Connection] = []
            var connectionOfSlot: [Int32] = hiddenKnown ? [Int32](repeating: 0, count: destinations.count) : []
            var runStart = [Int32](repeating: 0, count: n + 1)
            var successorStart = [Int32](repeating: 0, count: n + 1)
            var successorList: [Int32] = []
            // Each screen's links, folded into one connection per destination: a short run is
            // searched, a long one (a screen with hundreds of links) gets a table of its own.
            for s in 0..<n {
                let first = list.count
                var table: [Int32: Int32]?
                if start[s + 1] - start[s] > 32 { table = [:] }
                for slot in Int(start[s])..<Int(start[s + 1]) {
                    let destination = destinations[slot]
                    var c: Int
                    if let table {
                        c = table[destination].map(Int.init) ?? -1
                    } else {
                        c = (first..<list.count).first { list[$0].to == destination } ?? -1
                    }
                    if c < 0 {
                        c = list.count
                        table?[destination] = Int32(c)
                        list.append(Connection(from: Int32(s), to: destination))
                        if destination >= 0 { successorList.append(destination) }
                    }
                    list[c].count += 1
                    if hiddenKnown { connectionOfSlot[slot] = Int32(c) }
                }
                runStart[s + 1] = Int32(list.count)
                successorStart[s + 1] = Int32(successorList.count)
            }
            self.list = list
            self.runStart = runStart
            unknownNames = names
            successors = Successors(start: successorStart, targets: successorList)
            if hiddenKnown {
                for (e, link) in graph.links.enumerated() where link.isHidden {
                    self.list[Int(connectionOfSlot[Int(slotOfEdge[e])])].hidden += 1
                }
            }
            // Which links lose focus, from the journeys (a compact graph keeps every losing one).
            for journey in file.journeys where journey.route == .back && journey.isLost {
                if let to = graph.target(of: journey.link), let c = connection(from: journey.link.screen, to: to) {
                    self.list[c].lost += 1
                }
            }
        }

        /// The connection from screen `from` to screen `to`, if there are links between them.
        func connection(from: Int, to: Int) -> Int? {
            let target = Int32(to)
            return (Int(runStart[from])..<Int(runStart[from + 1])).first { list[$0].to == target }
        }

        /// The connections leaving screen `s`.
        func leaving(_ s: Int) -> Range<Int> { Int(runStart[s])..<Int(runStart[s + 1]) }

        /// The id of an unknown destination.
        func unknownName(_ c: Connection) -> String { unknownNames[Int(-1 - c.to)] }
    }

    /// Each node's successors in one list: those of `s` are `targets[start[s]..<start[s + 1]]`.
    struct Successors {
        var start: [Int32]
        var targets: [Int32]

        init(start: [Int32], targets: [Int32]) {
            self.start = start
            self.targets = targets
        }

        init(_ lists: [[Int]]) {
            start = [0]
            targets = []
            for list in lists {
                targets += list.map { Int32($0) }
                start.append(Int32(targets.count))
            }
        }

        var count: Int { start.count - 1 }

        subscript(_ s: Int) -> ArraySlice<Int32> { targets[Int(start[s])..<Int(start[s + 1])] }
    }

    static func write(_ file: FileAudit, id: String, options: ReportOptions, to out: ReportWriter) {
        let graph = file.graph
        // Summaries are read back from the graph's records: the list is made once.
        let screens = graph.screens
        let n = screens.count
        guard n > 0 else { return }
        let lang = HTMLReporter.contentLang(options, file: file)
        // Connections from every edge (a compact graph keeps them all, without link records);
        // which links lose focus from the journeys (a compact graph keeps every losing one); which
        // are hidden only where link records are kept. The picture is the same either way for
        // descriptions without hidden links.
        let connections = Connections(file)
        let roots = graph.roots
        let parts = partition(count: n, roots: roots, successors: connections.successors, size: partSize)
        var partOf = [Int](repeating: 0, count: n)
        for (k, part) in parts.enumerated() { for s in part { partOf[s] = k } }
        var lostCount = 0
        var linkCount = 0
        var lostByPart = [Int](repeating: 0, count: parts.count)
        for c in connections.list {
            lostCount += Int(c.lost)
            linkCount += Int(c.count)
            lostByPart[partOf[Int(c.from)]] += Int(c.lost)
        }

        out.write("<h3 id=\"\(id)-map\">Navigation map</h3>\n")
        if parts.count > 1 {
            out.write("<p>\(n) screens, drawn as \(parts.count) maps of at most \(partSize) screens: the screens first reached ")
            out.write("from each entry point, with each group of screens that link to one another kept together. ")
            out.write("A link to a screen on another map ends at a dotted box naming that map.</p>\n")
            out.write("<table class=\"stack\"><caption>Maps</caption><thead><tr><th scope=\"col\">Map</th><th scope=\"col\">Screens</th>")
            out.write("<th scope=\"col\">First screens</th><th scope=\"col\">Links losing focus</th></tr></thead><tbody>\n")
            for (k, part) in parts.enumerated() {
                let lost = lostByPart[k]
                let first = part.prefix(3).map { Escaping.xml(names(screens[$0]).main) }.joined(separator: ", ")
                let label = k < maxMapsDrawn ? "<a href=\"#\(id)-map-\(k + 1)\">Map \(k + 1)</a>" : "Map \(k + 1) (not drawn)"
                out.write("<tr><th scope=\"row\">\(label)</th><td data-label=\"Screens\">\(part.count)</td>")
                out.write("<td data-label=\"First screens\"\(lang)>\(first)\(part.count > 3 ? "…" : "")</td>")
                out.write("<td data-label=\"Links losing focus\">\(lost)</td></tr>\n")
            }
            out.write("</tbody></table>\n")
            if parts.count > maxMapsDrawn {
                out.write("<p class=\"note\">The first \(maxMapsDrawn) maps are drawn; the table of links lists the rest.</p>\n")
            }
        }
        for (k, part) in parts.prefix(maxMapsDrawn).enumerated() {
            draw(
                part: part, number: k + 1, of: parts.count, partOf: partOf, graph: graph, connections: connections,
                id: parts.count > 1 ? "\(id)-map-\(k + 1)" : "\(id)-map-1", lang: lang, app: file.file, to: out)
        }

        // The same connections as text: the map's text alternative.
        out.write("<details><summary>Every arrow of the map as a table (\(TextReporter.plural(connections.list.count, "connection")), ")
        out.write("\(TextReporter.plural(linkCount, "link")), \(lostCount) losing focus)</summary>\n")
        out.write("<table class=\"stack links\"><caption>Links of <span\(lang)>\(Escaping.xml(file.appName ?? file.file))</span>, ")
        out.write("by screen</caption><thead><tr><th scope=\"col\">From</th><th scope=\"col\">To</th><th scope=\"col\">Links</th>")
        out.write("<th scope=\"col\">Focus on return</th></tr></thead><tbody>\n")
        for c in connections.list.prefix(tableRowLimit) {
            let from = names(screens[Int(c.from)])
            let result: String
            if c.screen == nil {
                result = "unknown destination"
            } else if c.lost > 0 {
                result = c.lost == c.count ? "✗ lost" : "✗ lost on \(c.lost) of \(c.count)"
            } else if c.hidden == c.count {
                result = "hidden control, not simulated"
            } else {
                result = "✓ returns"
            }
            let to = c.screen.map { names(screens[$0]) } ?? (connections.unknownName(c), "no such screen")
            out.write("<tr><td data-label=\"From\"\(lang)>\(Escaping.xml(from.main))\(from.sub.map { " (\(Escaping.xml($0)))" } ?? "")</td>")
            out.write("<td data-label=\"To\"\(lang)>\(Escaping.xml(to.main))\(to.sub.map { " (\(Escaping.xml($0)))" } ?? "")</td>")
            out.write("<td data-label=\"Links\">\(c.count)</td><td data-label=\"Focus on return\">\(result)</td></tr>\n")
        }
        out.write("</tbody></table>\n")
        if connections.list.count > tableRowLimit {
            out.write("<p class=\"note\">The first \(tableRowLimit) of \(connections.list.count) connections are listed; ")
            out.write("<code>focusaudit simulate</code> lists every journey.</p>\n")
        }
        out.write("</details>\n")
    }

    // MARK: - Parts

    /// Screens in maps of at most `size`: each root's screens (those it reaches first, in
    /// depth-first order), then the screens no root reaches; a group larger than `size` is cut
    /// into parts that keep each strongly connected part whole when it fits; then neighbouring
    /// small parts are joined while they fit together.
    static func partition(count n: Int, roots: [Int], successors: Successors, size: Int) -> [[Int]] {
        guard n > size else { return n == 0 ? [] : [Array(0..<n)] }
        var claimed = [Bool](repeating: false, count: n)
        // Depth first, in document order of links: a run of this order is a set of whole
        // subtrees, so cutting it into parts keeps a branch of the app on one map.
        func reach(from start: Int) -> [Int] {
            var order: [Int] = []
            var stack = [start]
            claimed[start] = true
            while let s = stack.popLast() {
                order.append(s)
                for t in successors[s].reversed() where !claimed[Int(t)] {
                    claimed[Int(t)] = true
                    stack.append(Int(t))
                }
            }
            return order
        }
        var groups: [[Int]] = []
        for r in roots where !claimed[r] { groups.append(reach(from: r)) }
        for s in 0..<n where !claimed[s] { groups.append(reach(from: s)) }
        let component = stronglyConnectedComponents(count: n, successors: successors)
        var parts: [[Int]] = []
        for group in groups {
            if group.count <= size {
                parts.append(group)
                continue
            }
            // Parts of even size rather than full ones and a remainder.
            let chunk = (group.count + (group.count + size - 1) / size - 1) / ((group.count + size - 1) / size)
            // Blocks: each component's screens in this group, at the place of its first one.
            var members: [Int: [Int]] = [:]
            for s in group { members[component[s], default: []].append(s) }
            var current: [Int] = []
            var emitted = Set<Int>()
            for s in group where !emitted.contains(component[s]) {
                emitted.insert(component[s])
                let block = members[component[s]]!
                if block.count > size {
                    if !current.isEmpty { parts.append(current) }
                    current = []
                    var start = 0
                    let even = (block.count + (block.count + size - 1) / size - 1) / ((block.count + size - 1) / size)
                    while start < block.count {
                        let end = min(start + even, block.count)
                        parts.append(Array(block[start..<end]))
                        start = end
                    }
                    continue
                }
                if current.count + block.count > chunk {
                    if !current.isEmpty { parts.append(current) }
                    current = []
                }
                current += block
            }
            if !current.isEmpty { parts.append(current) }
        }
        var joined: [[Int]] = []
        for part in parts {
            if let last = joined.last, last.count + part.count <= size {
                joined[joined.count - 1] += part
            } else {
                joined.append(part)
            }
        }
        return joined
    }

    /// Tarjan's algorithm without recursion: a component number per node.
    static func stronglyConnectedComponents(count n: Int, successors: Successors) -> [Int] {
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int](repeating: -1, count: n)
        var stack: [Int] = []
        var next = 0
        var components = 0
        for start in 0..<n where index[start] < 0 {
            var work: [(node: Int, edge: Int)] = [(start, 0)]
            index[start] = next
            low[start] = next
            next += 1
            stack.append(start)
            onStack[start] = true
            while let top = work.last {
                let v = top.node
                let leaving = successors[v]
                if top.edge < leaving.count {
                    work[work.count - 1].edge += 1
                    let w = Int(leaving[leaving.startIndex + top.edge])
                    if index[w] < 0 {
                        index[w] = next
                        low[w] = next
                        next += 1
                        stack.append(w)
                        onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last { low[parent.node] = min(low[parent.node], low[v]) }
                    if low[v] == index[v] {
                        while let w = stack.popLast() {
                            onStack[w] = false
                            component[w] = components
                            if w == v { break }
                        }
                        components += 1
                    }
                }
            }
        }
        return component
    }

    // MARK: - Names

    /// A screen's name in a box: its title over its id; an Interface Builder scene's class over its
    /// title; an untitled screen's id.
    static func names(_ screen: ScreenSummary) -> (main: String, sub: String?) {
        if let scene = screen.sceneName {
            if let open = scene.firstRange(of: " (\""), scene.hasSuffix("\")") {
                return (String(scene[..<open.lowerBound]), String(scene[open.upperBound...].dropLast(2)))
            }
            for prefix in ["scene ", "view "] where scene.hasPrefix(prefix) {
                let rest = scene.dropFirst(prefix.count)
                if rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") {
                    return (String(rest.dropFirst().dropLast()), screen.sceneKind.map(capitalized))
                }
                // Neither a class nor a title: the kind of controller over its object id.
                if let kind = screen.sceneKind { return (capitalized(kind), String(rest)) }
                return (String(rest), nil)
            }
            return (scene, nil)
        }
        if let title = screen.title, !title.isBlank { return (title, screen.id.isEmpty ? nil : screen.id) }
        return (screen.id.isEmpty ? screen.path : screen.id, nil)
    }

    /// `tab bar controller` → `Tab bar controller`.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// Roughly how wide `text` is at `size` px in a sans-serif face: East Asian wide characters and
    /// emoji take a full em, others about 0.6 em (0.64 bold).
    static func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        var em = 0.0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
            em += wide ? 1.0 : (scalar == " " ? 0.3 : (bold ? 0.64 : 0.6))
        }
        return em * size
    }

    /// `text` cut with "…" to fit `width` at `size` px.
    static func fit(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
        guard textWidth(text, size: size, bold: bold) > width else { return text }
        var out = ""
        for ch in text {
            if textWidth(out + String(ch) + "…", size: size, bold: bold) > width { break }
            out.append(ch)
        }
        return out + "…"
    }

    // MARK: - Drawing

    enum NodeKind {
        case screen(root: Bool)
        case unknown
        case elsewhere(map: Int)
    }

    struct Node {
        var main: String
        var sub: String?
        var kind: NodeKind
        /// The full name, for the box's tooltip.
        var full: String
    }

    static let nameSize = 13.0
    static let subSize = 12.0
    static let labelSize = 12.0

    private static func draw(
        part: [Int], number: Int, of total: Int, partOf: [Int], graph: NavigationGraph, connections: Connections,
        id: String, lang: String, app: String, to out: ReportWriter
    ) {
        var local: [Int: Int] = [:]
        var nodes: [Node] = []
        let rootSet = Set(graph.roots)
        let screens = graph.screens
        for s in part {
            local[s] = nodes.count
            let (main, sub) = names(screens[s])
            nodes.append(Node(main: main, sub: sub, kind: .screen(root: rootSet.contains(s)), full: main + (sub.map { " (\($0))" } ?? "")))
        }
        var elsewhere: [Int: Int] = [:]
        var unknown: [String: Int] = [:]
        var edges: [MapLayout.Edge] = []
        var styles: [Connection] = []
        var lostHere = 0
        var linkCount = 0
        // The part's connections in the order of the whole list (by the screen they leave).
        for c in part.sorted().flatMap({ connections.list[connections.leaving($0)] }) {
            let from = local[Int(c.from)]!
            let to: Int
            if let t = c.screen {
                if let l = local[t] {
                    to = l
                } else if let e = elsewhere[t] {
                    to = e
                } else {
                    to = nodes.count
                    elsewhere[t] = to
                    let (main, _) = names(screens[t])
                    nodes.append(Node(main: main, sub: "on map \(partOf[t] + 1)", kind: .elsewhere(map: partOf[t] + 1), full: main))
                }
            } else if let u = unknown[connections.unknownName(c)] {
                to = u
            } else {
                let target = connections.unknownName(c)
                to = nodes.count
                unknown[target] = to
                nodes.append(Node(main: target, sub: "no such screen", kind: .unknown, full: target))
            }
            edges.append(MapLayout.Edge(from: from, to: to))
            styles.append(c)
            lostHere += Int(c.lost)
            linkCount += Int(c.count)
        }
        var rootsHere = part.filter { rootSet.contains($0) }.map { local[$0]! }
        if rootsHere.isEmpty { rootsHere = [0] }
        // Box width: the longest name, within limits.
        let longest = nodes.reduce(0.0) { max($0, textWidth($1.main, size: nameSize, bold: true), textWidth($1.sub ?? "", size: subSize)) }
        var metrics = MapLayout.Metrics()
        metrics.boxWidth = min(240, max(140, (longest + 22).rounded(.up)))
        let layout = MapLayout(nodeCount: nodes.count, roots: rootsHere, edges: edges, metrics: metrics)

        // The legend: the kinds of marks this map uses, in rows within the picture's width.
        var legend: [(kind: String, text: String)] = [
            ("returns", "focus returns"), ("lost", "✗ focus lost on return"), ("root", "entry point"),
        ]
        if layout.routes.contains(where: \.isBack) { legend.append(("back", "link back to an earlier screen")) }
        if styles.contains(where: { $0.hidden == $0.count }) { legend.append(("hidden", "hidden control, not simulated")) }
        if !unknown.isEmpty { legend.append(("unknown", "unknown destination")) }
        if !elsewhere.isEmpty { legend.append(("elsewhere", "screen on another map")) }
        if styles.contains(where: { $0.count > 1 }) { legend.append(("count", "×N: N links")) }
        let width = max(layout.width, 360).rounded(.up)
        var legendItems: [(kind: String, text: String, x: Double, y: Double)] = []
        var lx = 16.0
        var ly = 22.0
        for item in legend {
            let w = 40 + textWidth(item.text, size: labelSize) + 18
            if lx > 16 && lx + w > width - 16 {
                lx = 16
                ly += 22
            }
            legendItems.append((item.kind, item.text, lx, ly))
            lx += w
        }
        let top = ly + 16
        let height = (top + layout.height).rounded(.up)

        let caption = total > 1 ? "Map \(number) of \(total)" : "Navigation map"
        out.write("<figure id=\"\(id)\" aria-labelledby=\"\(id)-cap\"><figcaption id=\"\(id)-cap\">\(caption): ")
        out.write("\(TextReporter.plural(part.count, "screen")), \(TextReporter.plural(linkCount, "link")) from them, \(lostHere) losing focus</figcaption>\n")
        // Named after its app too: every scrolling box is a landmark of its own, with a distinct name.
        out.write("<div class=\"map\" role=\"region\" tabindex=\"0\" aria-label=\"\(caption) of \(Escaping.xml(app)), scrolls sideways\">")
        out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"\(id)-t \(id)-d\" ")
        out.write("width=\"\(num(width))\" height=\"\(num(height))\" viewBox=\"0 0 \(num(width)) \(num(height))\" ")
        out.write("font-family=\"-apple-system, system-ui, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK KR', 'NanumGothic', sans-serif\">\n")
        out.write("<title id=\"\(id)-t\">\(caption)</title>\n")
        out.write("<desc id=\"\(id)-d\">\(part.count) screens in \(layout.layerCount) columns from the entry points on the left; ")
        out.write("\(linkCount) links, \(lostHere) of them losing VoiceOver focus on return (red, dashed, marked ✗). ")
        out.write("The table of links after the map says the same in text.</desc>\n")
        out.write("<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"#fff\"/>\n")
        out.write("<defs>")
        for (suffix, fill) in [("ink", ink), ("lost", lostColor), ("back", backColor), ("grey", greyColor)] {
            out.write("<marker id=\"\(id)-\(suffix)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" ")
            out.write("markerUnits=\"userSpaceOnUse\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"\(fill)\"/></marker>")
        }
        out.write("</defs>\n")

        // Legend.
        out.write("<g font-size=\"\(num(labelSize))\" fill=\"#111\">\n")
        for item in legendItems {
            let x = item.x
            let y = item.y
            switch item.kind {
            case "returns", "lost", "back", "hidden", "count":
                let style: (String, String?, String) =
                    item.kind == "lost"
                    ? (lostColor, lostDash, "lost")
                    : item.kind == "back"
                        ? (backColor, nil, "back")
                        : item.kind == "hidden" ? (greyColor, "2 3", "grey") : (ink, nil, "ink")
                out.write("<path d=\"M \(num(x)) \(num(y - 4)) L \(num(x + 32)) \(num(y - 4))\" fill=\"none\" stroke=\"\(style.0)\" ")
                out.write("stroke-width=\"\(item.kind == "lost" ? "2.25" : "1.5")\"\(style.1.map { " stroke-dasharray=\"\($0)\"" } ?? "") ")
                out.write("marker-end=\"url(#\(id)-\(style.2))\"/>")
            case "root":
                out.write(
                    "<rect x=\"\(num(x + 4))\" y=\"\(num(y - 12))\" width=\"26\" height=\"16\" rx=\"3\" fill=\"#fff\" stroke=\"\(ink)\" stroke-width=\"3\"/>")
            case "unknown":
                out.write(
                    "<rect x=\"\(num(x + 4))\" y=\"\(num(y - 12))\" width=\"26\" height=\"16\" rx=\"3\" fill=\"#f2f2f2\" stroke=\"\(greyColor)\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
                )
            default:
                out.write(
                    "<rect x=\"\(num(x + 4))\" y=\"\(num(y - 12))\" width=\"26\" height=\"16\" rx=\"3\" fill=\"#f7f7f7\" stroke=\"\(greyColor)\" stroke-width=\"1.5\" stroke-dasharray=\"1.5 3\"/>"
                )
            }
            out.write("<text x=\"\(num(x + 40))\" y=\"\(num(y))\">\(Escaping.xml(item.text))</text>\n")
        }
        out.write("</g>\n<line x1=\"0\" y1=\"\(num(top - 6))\" x2=\"\(num(width))\" y2=\"\(num(top - 6))\" stroke=\"#ccc\" stroke-width=\"1\"/>\n")

        // Arrows, under the boxes and their labels.
        out.write("<g transform=\"translate(0 \(num(top)))\" fill=\"none\">\n")
        var labels: [(x: Double, y: Double, text: String, color: String)] = []
        for (i, route) in layout.routes.enumerated() {
            let c = styles[i]
            let lost = c.lost > 0
            let hidden = c.hidden == c.count
            let ghost = c.screen == nil
            let (color, dash, marker): (String, String?, String) =
                lost
                ? (lostColor, lostDash, "lost")
                : hidden || ghost
                    ? (greyColor, ghost ? "5 3" : "2 3", "grey")
                    : route.isBack ? (backColor, nil, "back") : (ink, nil, "ink")
            out.write("<path d=\"\(pathData(route))\" stroke=\"\(color)\" stroke-width=\"\(lost ? "2.25" : "1.5")\"")
            if let dash { out.write(" stroke-dasharray=\"\(dash)\"") }
            out.write(" marker-end=\"url(#\(id)-\(marker))\"/>\n")
            var text = ""
            if lost { text = c.count > 1 ? "✗ \(c.lost)/\(c.count)" : "✗" } else if c.count > 1 { text = "×\(c.count)" }
            if !text.isEmpty, route.points.count >= 2 {
                let p = route.points[route.points.count - 2]
                let q = route.points[route.points.count - 1]
                let at = route.isSelfLoop ? (x: q.x + 22, y: q.y - 18) : (x: p.x + (q.x - p.x) * 0.62, y: p.y + (q.y - p.y) * 0.62 - 5)
                labels.append((at.x, at.y, text, lost ? lostColor : ink))
            }
        }
        out.write("</g>\n")

        // Boxes.
        out.write("<g transform=\"translate(0 \(num(top)))\">\n")
        for (i, node) in nodes.enumerated() {
            let x = layout.x[i]
            let y = layout.y[i]
            let w = metrics.boxWidth
            let h = metrics.boxHeight
            var fill = "#fff"
            var stroke = ink
            var strokeWidth = "1.5"
            var dash: String?
            switch node.kind {
            case .screen(let root):
                if root {
                    strokeWidth = "3"
                    out.write("<path d=\"M \(num(x - 26)) \(num(y + h / 2)) L \(num(x - 3)) \(num(y + h / 2))\" fill=\"none\" ")
                    out.write("stroke=\"\(ink)\" stroke-width=\"2\" marker-end=\"url(#\(id)-ink)\"/>")
                }
            case .unknown:
                fill = "#f2f2f2"
                stroke = greyColor
                dash = "5 3"
            case .elsewhere:
                fill = "#f7f7f7"
                stroke = greyColor
                dash = "1.5 3"
            }
            out.write("<g\(lang)><title>\(Escaping.xml(node.full))</title>")
            out.write("<rect x=\"\(num(x))\" y=\"\(num(y))\" width=\"\(num(w))\" height=\"\(num(h))\" rx=\"6\" fill=\"\(fill)\" ")
            out.write("stroke=\"\(stroke)\" stroke-width=\"\(strokeWidth)\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>")
            let mainY = node.sub == nil ? y + h / 2 + 4.5 : y + 19
            out.write("<text x=\"\(num(x + 10))\" y=\"\(num(mainY))\" font-size=\"\(num(nameSize))\" font-weight=\"bold\" fill=\"#111\">")
            out.write(Escaping.xml(fit(node.main, width: w - 18, size: nameSize, bold: true)) + "</text>")
            if let sub = node.sub {
                let isOwnWords: Bool
                switch node.kind {
                case .screen: isOwnWords = false
                default: isOwnWords = true
                }
                out.write(
                    "<text x=\"\(num(x + 10))\" y=\"\(num(y + 36))\" font-size=\"\(num(subSize))\" fill=\"#333\"\(isOwnWords && !lang.isEmpty ? " lang=\"en\"" : "")>"
                )
                out.write(Escaping.xml(fit(sub, width: w - 18, size: subSize)) + "</text>")
            }
            out.write("</g>\n")
        }
        // Arrow labels, over everything, with a white halo.
        for label in labels {
            out.write("<text x=\"\(num(label.x))\" y=\"\(num(label.y))\" font-size=\"\(num(labelSize))\" font-weight=\"bold\" ")
            out.write("fill=\"\(label.color)\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\" text-anchor=\"middle\">\(label.text)</text>\n")
        }
        out.write("</g>\n</svg></div></figure>\n")
    }

    /// SVG path data for a route: curves between layers, straight lines through a layer.
    static func pathData(_ route: MapLayout.Route) -> String {
        let p = route.points
        guard let first = p.first else { return "" }
        if route.isSelfLoop, p.count == 4 {
            return "M \(num(p[0].x)) \(num(p[0].y)) C \(num(p[1].x)) \(num(p[1].y)) \(num(p[2].x)) \(num(p[2].y)) \(num(p[3].x)) \(num(p[3].y))"
        }
        var d = "M \(num(first.x)) \(num(first.y))"
        if route.isFlat, let last = p.last {
            // Out of one box's left side and into the other's, round the left of the first layer.
            let reach = min(24 + abs(last.y - first.y) / 4, first.x - 6, last.x - 6)
            return d + " C \(num(first.x - reach)) \(num(first.y)) \(num(last.x - reach)) \(num(last.y)) \(num(last.x)) \(num(last.y))"
        }
        // A back edge bows below the straight course, apart from forward edges between the same layers.
        let bow = route.isBack ? 16.0 : 0
        for k in 1..<p.count {
            let a = p[k - 1]
            let b = p[k]
            if abs(a.y - b.y) < 0.5 && (k % 2 == 0) {
                d += " L \(num(b.x)) \(num(b.y))"
            } else {
                let mid = (a.x + b.x) / 2
                d += " C \(num(mid)) \(num(a.y + bow)) \(num(mid)) \(num(b.y + bow)) \(num(b.x)) \(num(b.y))"
            }
        }
        return d
    }

    /// A coordinate with at most one decimal.
    static func num(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        return String(Double(tenths) / 10)
    }
}
