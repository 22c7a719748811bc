/// A layered drawing of a directed graph, in the manner of Sugiyama, Tagawa and Toda (1981): the
/// navigation map of the HTML report. Numbers in, coordinates out; nothing here knows about screens.
///
/// 1. Cycles are broken by a depth-first search from the roots: an edge to a node still on the
///    search's stack is a back edge, laid out reversed and drawn apart (it leaves its source on the
///    left and enters its target on the right).
/// 2. Layers by longest path from the sources, so the roots sit on the left and every other edge
///    points right.
/// 3. An edge spanning several layers gets a dummy node in each layer between its ends: its route
///    passes through the gaps between boxes, never across one.
/// 4. Crossings are reduced by barycenter sweeps, down and up, keeping the best order seen.
/// 5. Vertical positions: each layer in turn is placed as close as possible to the mean position of
///    its neighbours in the layer before (then after), keeping its order and the gaps between boxes
///    (an isotonic regression, solved exactly by pooling adjacent violators).
struct MapLayout {
    struct Edge: Hashable {
        var from: Int
        var to: Int
    }

    /// Sizes, in pixels.
    struct Metrics {
        var boxWidth = 176.0
        var boxHeight = 44.0
        var layerGap = 88.0
        var nodeGap = 22.0
        /// The room a route passing through a layer takes.
        var laneHeight = 14.0
        var margin = 16.0
    }

    /// Where an edge is drawn: a polyline through its points, first at its source and last at its
    /// target (in the edge's own direction, back edges included). Consecutive points in different
    /// layers are joined by a curve; points in one layer by a straight line across it.
    struct Route {
        var points: [(x: Double, y: Double)]
        /// Laid out reversed (a back edge, or part of a cycle).
        var isBack: Bool
        var isSelfLoop: Bool
        /// Between two nodes of the first layer (one root linking to another): drawn on their left.
        var isFlat = false
    }

    let metrics: Metrics
    private(set) var layer: [Int] = []
    /// Top-left corner of each node's box.
    private(set) var x: [Double] = []
    private(set) var y: [Double] = []
    /// One route per input edge, in input order.
    private(set) var routes: [Route] = []
    private(set) var width = 0.0
    private(set) var height = 0.0
    /// Crossings between routes after ordering (for tests and the map's description).
    private(set) var crossings = 0
    private(set) var layerCount = 0

    /// Lays out `nodeCount` nodes with `edges` (self loops and repeated pairs allowed). `roots` are
    /// searched first, so their edges go right and cycles through them turn back towards them.
    init(nodeCount n: Int, roots: [Int], edges: [Edge], metrics: Metrics = Metrics()) {
        self.metrics = metrics
        guard n > 0 else { return }

        // 1. Back edges, by an iterative depth-first search (roots first, then the rest in order).
        // An edge into a root is a back edge whatever the search finds, so that every root stays in
        // the first layer; one between two roots constrains no layer (it is flat).
        let rootSet = Set(roots)
        var outgoing = [[Int]](repeating: [], count: n)  // edge indexes
        var isBack = [Bool](repeating: false, count: edges.count)
        var isFlat = [Bool](repeating: false, count: edges.count)
        for (i, e) in edges.enumerated() where e.from != e.to {
            if rootSet.contains(e.to) {
                isBack[i] = true
                isFlat[i] = rootSet.contains(e.from)
            } else {
                outgoing[e.from].append(i)
            }
        }
        var state = [UInt8](repeating: 0, count: n)  // 0 new, 1 on the stack, 2 done
        var discovery: [Int] = []
        discovery.reserveCapacity(n)
        for start in roots + Array(0..<n) where state[start] == 0 {
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            discovery.append(start)
            while let top = stack.last {
                if top.next < outgoing[top.node].count {
                    stack[stack.count - 1].next += 1
                    let e = outgoing[top.node][top.next]
                    let t = edges[e].to
                    switch state[t] {
                    case 0:
                        state[t] = 1
                        discovery.append(t)
                        stack.append((t, 0))
                    case 1: isBack[e] = true
                    default: break
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }

        // 2. Longest-path layers over the edges as laid out (Kahn's order).
        var dagOut = [[Int]](repeating: [], count: n)
        var inDegree = [Int](repeating: 0, count: n)
        for (i, e) in edges.enumerated() where e.from != e.to && !isFlat[i] {
            let (a, b) = isBack[i] ? (e.to, e.from) : (e.from, e.to)
            dagOut[a].append(b)
            inDegree[b] += 1
        }
        var layer = [Int](repeating: 0, count: n)
        var ready = discovery.filter { inDegree[$0] == 0 }
        var head = 0
        while head < ready.count {
            let u = ready[head]
            head += 1
            for v in dagOut[u] {
                layer[v] = max(layer[v], layer[u] + 1)
                inDegree[v] -= 1
                if inDegree[v] == 0 { ready.append(v) }
            }
        }
        let layerCount = (layer.max() ?? 0) + 1
        self.layerCount = layerCount

        // 3. Items per layer: nodes, then dummies; chains give each laid-out edge its items.
        struct Item {
            var node: Int?  // nil for a dummy
            var size: Double
        }
        var items: [Item] = (0..<n).map { Item(node: $0, size: metrics.boxHeight) }
        var itemLayer = layer
        var chains = [[Int]](repeating: [], count: edges.count)  // item indexes, in laid-out direction
        for (i, e) in edges.enumerated() where e.from != e.to && !isFlat[i] {
            let (a, b) = isBack[i] ? (e.to, e.from) : (e.from, e.to)
            var chain = [a]
            if layer[b] - layer[a] > 1 {
                for l in (layer[a] + 1)..<layer[b] {
                    chain.append(items.count)
                    items.append(Item(node: nil, size: metrics.laneHeight))
                    itemLayer.append(l)
                }
            }
            chain.append(b)
            chains[i] = chain
        }
        var up = [[Int]](repeating: [], count: items.count)  // neighbours in the layer before
        var down = [[Int]](repeating: [], count: items.count)
        for chain in chains where chain.count > 1 {
            for k in 1..<chain.count {
                down[chain[k - 1]].append(chain[k])
                up[chain[k]].append(chain[k - 1])
            }
        }

        // 4. Order: first by discovery (nodes) and creation (dummies), then barycenter sweeps.
        var layers = [[Int]](repeating: [], count: layerCount)
        for u in discovery { layers[layer[u]].append(u) }
        for d in n..<items.count { layers[itemLayer[d]].append(d) }
        var position = [Double](repeating: 0, count: items.count)
        func renumber() {
            for list in layers { for (p, item) in list.enumerated() { position[item] = Double(p) } }
        }
        renumber()
        func crossingsBetween(_ l: Int) -> Int {
            var pairs: [(Double, Double)] = []
            for a in layers[l] { for b in down[a] { pairs.append((position[a], position[b])) } }
            pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            var count = 0
            for i in pairs.indices {
                for j in (i + 1)..<pairs.count where pairs[j].0 > pairs[i].0 && pairs[j].1 < pairs[i].1 { count += 1 }
            }
            return count
        }
        func totalCrossings() -> Int { (0..<max(0, layerCount - 1)).reduce(0) { $0 + crossingsBetween($1) } }
        var best = layers
        var bestCrossings = totalCrossings()
        let sweeps = bestCrossings == 0 ? 0 : 12
        for sweep in 0..<sweeps {
            let downward = sweep % 2 == 0
            let order = downward ? Array(1..<max(1, layerCount)) : Array((0..<max(0, layerCount - 1)).reversed())
            for l in order {
                let neighbours = downward ? up : down
                let keyed = layers[l].map { item -> (Double, Double, Int) in
                    let ns = neighbours[item]
                    let key = ns.isEmpty ? position[item] : ns.reduce(0) { $0 + position[$1] } / Double(ns.count)
                    return (key, position[item], item)
                }
                layers[l] = keyed.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map(\.2)
                for (p, item) in layers[l].enumerated() { position[item] = Double(p) }
            }
            let c = totalCrossings()
            if c < bestCrossings {
                bestCrossings = c
                best = layers
                if c == 0 { break }
            }
        }
        layers = best
        renumber()
        crossings = bestCrossings

        // 5. Vertical positions (centres), then pulled towards their neighbours.
        var centre = [Double](repeating: 0, count: items.count)
        func gap(_ a: Int, _ b: Int) -> Double {
            let g = (items[a].node != nil && items[b].node != nil) ? metrics.nodeGap : 6
            return items[a].size / 2 + g + items[b].size / 2
        }
        for list in layers {
            var c = 0.0
            for (k, item) in list.enumerated() {
                if k > 0 { c += gap(list[k - 1], item) }
                centre[item] = c
            }
        }
        for pass in 0..<8 {
            let downward = pass % 2 == 0
            let order = downward ? Array(0..<layerCount) : Array((0..<layerCount).reversed())
            for l in order where !layers[l].isEmpty {
                let list = layers[l]
                var wanted: [Double] = []
                var weight: [Double] = []
                for item in list {
                    let ns = (downward ? up[item] : down[item]) + (pass >= 4 ? (downward ? down[item] : up[item]) : [])
                    wanted.append(ns.isEmpty ? centre[item] : ns.reduce(0) { $0 + centre[$1] } / Double(ns.count))
                    // Dummies follow their route closely; boxes may give way.
                    weight.append(items[item].node == nil ? 2 : 1)
                }
                let placed = Self.placeInOrder(wanted: wanted, weights: weight, gaps: (1..<max(1, list.count)).map { gap(list[$0 - 1], list[$0]) })
                for (k, item) in list.enumerated() { centre[item] = placed[k] }
            }
        }
        var top = Double.infinity
        var bottom = -Double.infinity
        for (i, item) in items.enumerated() {
            top = min(top, centre[i] - item.size / 2)
            bottom = max(bottom, centre[i] + item.size / 2)
        }
        let shift = metrics.margin + 28 - top  // room above for self loops
        for i in centre.indices { centre[i] += shift }

        // 6. Boxes and routes.
        let column = { (l: Int) in metrics.margin + 28 + Double(l) * (metrics.boxWidth + metrics.layerGap) }
        self.layer = Array(layer)
        x = (0..<n).map { column(layer[$0]) }
        y = (0..<n).map { centre[$0] - metrics.boxHeight / 2 }
        width = column(layerCount - 1) + metrics.boxWidth + metrics.margin + 40
        height = bottom - top + 2 * metrics.margin + 28 + 34

        // Ports: where routes meet a box, spread along its side in the order of their next point.
        // Right side: edges laid out leaving the node; left side: edges laid out entering it.
        var rightPorts = [[(edge: Int, towards: Double)]](repeating: [], count: n)
        var leftPorts = [[(edge: Int, towards: Double)]](repeating: [], count: n)
        for (i, chain) in chains.enumerated() where chain.count > 1 {
            rightPorts[chain[0]].append((i, centre[chain[1]]))
            leftPorts[chain[chain.count - 1]].append((i, centre[chain[chain.count - 2]]))
        }
        var rightY = [Int: Double]()
        var leftY = [Int: Double]()
        func spread(_ ports: [(edge: Int, towards: Double)], node: Int, into table: inout [Int: Double]) {
            let sorted = ports.enumerated().sorted {
                $0.element.towards != $1.element.towards ? $0.element.towards < $1.element.towards : $0.offset < $1.offset
            }
            let inset = 9.0
            let span = metrics.boxHeight - 2 * inset
            for (k, port) in sorted.enumerated() {
                let t = sorted.count == 1 ? 0.5 : Double(k) / Double(sorted.count - 1)
                table[port.element.edge] = y[node] + inset + span * t
            }
        }
        for u in 0..<n {
            spread(rightPorts[u], node: u, into: &rightY)
            spread(leftPorts[u], node: u, into: &leftY)
        }
        routes = edges.enumerated().map { i, e in
            if e.from == e.to {
                let bx = x[e.from] + metrics.boxWidth
                let by = y[e.from]
                return Route(points: [(bx - 30, by), (bx - 4, by - 24), (bx + 18, by + 8), (bx, by + 14)], isBack: false, isSelfLoop: true)
            }
            if isFlat[i] {
                let a = (x: x[e.from], y: centre[e.from] + metrics.boxHeight / 4)
                let b = (x: x[e.to], y: centre[e.to] - metrics.boxHeight / 4)
                return Route(points: [a, b], isBack: true, isSelfLoop: false, isFlat: true)
            }
            let chain = chains[i]
            var points: [(x: Double, y: Double)] = [(x[chain[0]] + metrics.boxWidth, rightY[i] ?? centre[chain[0]])]
            for d in chain.dropFirst().dropLast() {
                let cx = column(itemLayer[d])
                points.append((cx, centre[d]))
                points.append((cx + metrics.boxWidth, centre[d]))
            }
            points.append((x[chain[chain.count - 1]], leftY[i] ?? centre[chain[chain.count - 1]]))
            if isBack[i] { points.reverse() }
            return Route(points: points, isBack: isBack[i], isSelfLoop: false)
        }
    }

    /// Positions as close as possible (least weighted squares) to `wanted`, in the same order, with
    /// at least `gaps[k]` between items k and k+1: pool adjacent violators on the wanted positions
    /// less the gaps before them.
    static func placeInOrder(wanted: [Double], weights: [Double], gaps: [Double]) -> [Double] {
        guard !wanted.isEmpty else { return [] }
        var offset = [0.0]
        for g in gaps { offset.append(offset[offset.count - 1] + g) }
        // Blocks of (weighted mean, weight, count).
        var blocks: [(mean: Double, weight: Double, count: Int)] = []
        for k in wanted.indices {
            blocks.append((wanted[k] - offset[k], weights[k], 1))
            while blocks.count > 1 && blocks[blocks.count - 2].mean > blocks[blocks.count - 1].mean {
                let b = blocks.removeLast()
                let a = blocks.removeLast()
                let w = a.weight + b.weight
                blocks.append(((a.mean * a.weight + b.mean * b.weight) / w, w, a.count + b.count))
            }
        }
        var out: [Double] = []
        out.reserveCapacity(wanted.count)
        for block in blocks {
            for _ in 0..<block.count { out.append(block.mean + offset[out.count]) }
        }
        return out
    }
}
