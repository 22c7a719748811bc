import Foundation
import TestSupport
import Testing

@testable import FocusAudit

/// A screen's elements are records in one store, in document order, with children found through
/// `subtreeEnd`: the store must give back the tree the reader described, whatever its size.
@Suite struct ElementStoreTests {
    /// A random tree of `count` nodes with ids `n0`, `n1`, … in the order made, some nodes with
    /// thousands of children (so children and subtrees cross the store's chunks).
    static func randomTree(count: Int, seed: UInt64) -> [ViewNode] {
        var generator = SplitMix(seed: seed)
        var top: [ViewNode] = []
        var open: [ViewNode] = []
        for n in 0..<count {
            let node = ViewNode(type: n % 3 == 0 ? "VStack" : "Text", location: SourceLocation(line: n + 1, column: 1), ordinal: 1)
            node.id = "n\(n)"
            // Go up a random number of levels, then add the node where that leaves us.
            // From 10,000 to 16,000, every node goes into the same parent.
            let wide = (10_000..<16_000).contains(n)
            let r = generator.next()
            if !wide, r % 5 == 0, !open.isEmpty { open.removeLast(Int(r >> 8) % open.count + 1) }
            if let parent = open.last { parent.children.append(node) } else { top.append(node) }
            if !wide, r % 7 == 1 || n == 9_999 { open.append(node) }
        }
        return top
    }

    @Test func aTreeCopiedIntoAStoreKeepsItsOrderParentsAndChildren() {
        let tree = Self.randomTree(count: 30_000, seed: 7)
        let store = ElementStore(tree: tree)
        // Document order, with each element's parent and subtree, from the tree itself.
        var expected: [(id: String, parent: Int?, children: [String], descendants: Int)] = []
        func walk(_ node: ViewNode, parent: Int?) -> Int {
            let index = expected.count
            expected.append((node.id!, parent, node.children.map { $0.id! }, 0))
            var descendants = 0
            for child in node.children { descendants += 1 + walk(child, parent: index) }
            expected[index].descendants = descendants
            return descendants
        }
        for node in tree { _ = walk(node, parent: nil) }
        #expect(store.count == 30_000 && expected.count == 30_000)
        #expect(expected.contains { $0.children.count > ElementStore.chunkSize })
        for (index, element) in store.enumerated() {
            let want = expected[index]
            #expect(element.id == want.id && element.index == index)
            #expect(element.parent == want.parent)
            #expect(element.subtreeEnd - index - 1 == want.descendants)
            var children: [String] = []
            element.forEachChild { children.append($0.id!) }
            if children != want.children {
                Issue.record("children of \(want.id): \(children.prefix(5)) … against \(want.children.prefix(5)) …")
                return
            }
        }
    }

    @Test func recordsStayWhereTheyAreWhileTheStoreGrows() {
        let store = ElementStore()
        var held: [ElementInfo] = []
        let count = 3 * ElementStore.chunkSize + 5
        for n in 0..<count {
            let element = store.append(type: "Text", location: SourceLocation(line: n + 1, column: 2), ordinal: n + 1, parent: n == 0 ? nil : 0)
            element.label = "label \(n)"
            // Held across every later append: each chunk's first and last places, and the first ones.
            if n < 20 || n % 8 == 0 || n % 8 == 7 { held.append(element) }
        }
        #expect(store.count == count)
        for element in held {
            let n = element.index
            #expect(element.label == "label \(n)" && element.location.line == n + 1 && element.ordinal == n + 1)
            #expect(store[n].record == element.record)
            element.text = "text \(n)"
        }
        for element in held { #expect(store[element.index].text == "text \(element.index)") }
        #expect(store[count - 1].parent == 0)
    }

    @Test func aSmallStoreEmptiedForReuseReadsAsNew() {
        let store = ElementStore()
        for n in 0..<5 { store.append(type: "Button", location: SourceLocation(line: 1, column: 1), ordinal: n + 1, parent: nil).label = "x" }
        #expect(store.isSmall)
        store.removeAll()
        #expect(store.isEmpty)
        let element = store.append(type: "Text", location: SourceLocation(line: 2, column: 3), ordinal: 1, parent: nil)
        #expect(element.label == nil && element.type == "Text" && element.parent == nil && store.count == 1)
        for n in 0..<ElementStore.chunkSize { store.append(type: "Text", location: SourceLocation(line: 1, column: 1), ordinal: n + 1, parent: 0) }
        #expect(!store.isSmall)
    }

    /// The XML reader writes a screen's elements straight into its store: one screen of very many
    /// views, nested, reads back as the description wrote it, and the analysis's paths follow it.
    @Test func aHugeScreenReadsBackInDocumentOrder() throws {
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        var xml = "<app>\n<screen id=\"s\">\n<List>\n"
        let rows = 20_000
        for n in 0..<rows {
            if n % 1_000 == 0 { xml += "<Section id=\"sec\(n)\">\n" }
            xml += "<HStack><Text>Row \(n)</Text><Button label=\"Open \(n)\"/></HStack>\n"
            if n % 1_000 == 999 { xml += "</Section>\n" }
        }
        xml += "</List>\n<Text>end</Text>\n</screen>\n</app>\n"
        let sink = Sink()
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "huge.xml", sink: sink)
        let screen = try #require(sink.screens.first)
        let analysis = ScreenAnalysis(screen: screen)
        let elements = analysis.elements
        #expect(elements.count == 1 + rows / 1_000 + rows * 3 + 1)
        #expect(elements[0].type == "List" && elements[0].subtreeEnd == elements.count - 1)
        var sections: [String] = []
        elements[0].forEachChild { sections.append($0.id ?? "?") }
        #expect(sections == (0..<(rows / 1_000)).map { "sec\($0 * 1_000)" })
        // The last row: its stack, text and button, their parents and paths.
        let button = elements.count - 2
        #expect(elements[button].label == "Open \(rows - 1)" && elements[button - 1].text == "Row \(rows - 1)")
        #expect(elements[button].parent == button - 2 && elements[button - 1].parent == button - 2)
        #expect(elements[button - 2].children.map(\.type) == ["Text", "Button"])
        #expect(analysis.path(of: button) == "screen[s]/List[1]/Section[sec19000]/HStack[1000]/Button[1]")
        #expect(elements[elements.count - 1].parent == nil && elements[elements.count - 1].text == "end")
        #expect(elements[button].isAccessibilityElement && elements[button - 1].isAccessibilityElement)
        #expect(!elements[button - 2].isAccessibilityElement && elements[button - 2].name == nil)
    }
}
