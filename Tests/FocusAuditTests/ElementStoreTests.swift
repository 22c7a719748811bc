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

    @Test func anElementRemovedFromTheStartOfAChunkGivesItsPlaceBack() {
        // The description reader removes a folded leaf as it closes; when the leaf was the first of a
        // new chunk, the next element made that chunk again and the first one was never freed.
        let store = ElementStore()
        var firsts: [UnsafeMutablePointer<ElementRecord>] = []
        for n in 0..<(2 * ElementStore.chunkSize + 1) {
            let element = store.append(type: "Text", location: SourceLocation(line: n + 1, column: 1), ordinal: n + 1, parent: nil)
            guard ElementStore.offset(of: n) == 0 && n >= 8 else { continue }
            store.removeLast()
            let again = store.append(type: "VStack", location: SourceLocation(line: n + 1, column: 1), ordinal: n + 1, parent: nil)
            #expect(again.record == element.record, "element \(n)")
            #expect(store[n].type == "VStack" && store.count == n + 1)
            firsts.append(again.record)
        }
        #expect(firsts.count == ElementStore.smallChunks - 1 + 2)
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

    /// An emptied store hands its elements' extras out again (`newExtras()`), emptied: an element
    /// of the next screen reads only what is set on it, and extras that something else still holds
    /// are let go, not emptied under it.
    @Test func extrasOfAnEmptiedStoreAreUsedAgainAndReadAsNew() {
        // Every field of the extras is set below and must read as new after `empty()`: a field
        // added to them is added to `empty()` and here.
        #expect(Mirror(reflecting: ViewNodeExtras()).children.count == 12)
        let store = ElementStore()
        let location = SourceLocation(line: 1, column: 1)
        var made: [ObjectIdentifier] = []
        var held: ViewNodeExtras?
        for n in 0..<40 {
            let element = store.append(type: "Button", location: location, ordinal: n + 1, parent: n == 0 ? nil : 0)
            // Half the elements have their asset and traits before their extras are made (kept
            // without extras until then), half after.
            if n % 2 == 0 {
                element.asset = "photo_\(n)"
                element.traits = [.button, .header]
                #expect(element.extras == nil)
            }
            element.hint = "hint \(n)"
            element.value = "value"
            element.focus = "f\(n)"
            element.systemName = "gear"
            if n % 2 == 1 {
                element.asset = "photo_\(n)"
                element.traits = [.button, .header]
            }
            #expect(element.extras!.asset == "photo_\(n)" && element.extras!.traits == [.button, .header])
            element.appendNavigation(Navigation(presentation: .push, target: "s\(n)", attribute: "push"))
            element.suppressions = [Suppression(rules: ["unlabeled_control"], location: location)]
            element.restoresOnDismiss = true
            element.repeated = true
            element.lineLimit = 2
            element.boldFont = true
            made.append(ObjectIdentifier(element.extras!))
            if n == 7 { held = element.extras }
        }
        #expect(store.isMedium && !store.isSmall)
        store.removeAll()
        #expect(store.isEmpty)
        var reused: Set<ObjectIdentifier> = []
        for n in 0..<45 {
            let element = store.append(type: "Text", location: location, ordinal: n + 1, parent: nil)
            element.focus = n % 2 == 0 ? "g\(n)" : nil
            if n % 2 == 1 { element.hint = "other \(n)" }
            let extras = element.extras!
            reused.insert(ObjectIdentifier(extras))
            #expect(element.focus == (n % 2 == 0 ? "g\(n)" : nil) && element.hint == (n % 2 == 1 ? "other \(n)" : nil))
            #expect(element.value == nil && element.systemName == nil && element.asset == nil && element.traits.isEmpty)
            #expect(element.navigations.isEmpty && !element.isInteractive && element.suppressions.isEmpty)
            #expect(element.restoresOnDismiss == nil && element.lineLimit == nil && !element.boldFont && element.outlet == nil)
            #expect(!element.repeated)
            #expect(element.type == "Text" && element.label == nil)
        }
        // Every emptied extras but the one held here went to the new elements, before new ones.
        let kept = Set(made).subtracting([ObjectIdentifier(held!)])
        #expect(kept.count == 39 && kept.isSubset(of: reused) && reused.count == 45)
        // What was held is as it was.
        #expect(held!.hint == "hint 7" && held!.navigations.count == 1 && held!.traits == [.button, .header])
    }

    /// An element whose only rarer modifiers are traits, an asset or both keeps them without extras
    /// (`ExtrasWord`: the traits in the record's word, the asset in the byte buffer), reads them back,
    /// moves them into its extras when another modifier is set, and keeps them when it is copied
    /// into another store (a scene's nodes into their screen's) or its store is emptied for reuse.
    /// A `ViewNode`'s store keeps assets in the extras (`keepsAssetsInExtras`); half the nodes here
    /// have theirs set with that off.
    @Test func traitsAndAssetsAloneKeepNoExtras() {
        var generator = SplitMix(seed: 43)
        let every = Trait.allCases
        let scene = ElementStore()
        let location = SourceLocation(line: 1, column: 1)
        var nodes: [ViewNode] = []
        var expected: [(TraitSet, String?, String?, Bool)] = []
        for n in 0..<3_000 {
            let node = ViewNode(type: n % 5 == 0 ? "Image" : "Text", location: location, ordinal: n + 1, in: scene)
            #expect(scene.keepsAssetsInExtras)
            let light = n % 4 < 2
            scene.keepsAssetsInExtras = !light
            var traits: TraitSet = []
            for trait in every where generator.next() % 3 == 0 { traits.insert(trait) }
            let asset: String? = generator.next() % 2 == 0 ? (n % 7 == 0 ? "사진-\(n)" : "photo-\(n)") : nil
            // Set in either order, some set twice or cleared and set again.
            if n % 2 == 0 {
                node.traits = traits
                node.asset = asset
            } else {
                node.asset = n % 3 == 0 ? "first-\(n)" : nil
                node.traits = [.tab]
                node.asset = asset
                node.traits = traits
            }
            if n % 11 == 0 { node.label = "label \(n)" }
            // With assets in the extras, an asset set once (then cleared, perhaps) made them.
            let made = !light && (asset != nil || (n % 2 == 1 && n % 3 == 0))
            #expect((node.extras == nil) == !made, "node \(n)")
            #expect(node.traits == traits && node.asset == asset && node.hasAsset == (asset != nil))
            let hint: String? = n % 13 == 0 ? "hint \(n)" : nil
            if let hint {
                node.hint = hint
                #expect(node.extras != nil && node.traits == traits && node.asset == asset && node.hasAsset == (asset != nil))
            }
            if n % 17 == 0 {
                node.asset = nil
                node.asset = asset
                node.traits = []
                node.traits = traits
            }
            nodes.append(node)
            expected.append((traits, asset, hint, hint == nil && !made))
        }
        #expect(every.allSatisfy { trait in expected.contains { $0.0.contains(trait) } })
        let screen = ElementStore(tree: nodes.reversed())
        for (i, (traits, asset, hint, bare)) in expected.reversed().enumerated() {
            let element = screen[i]
            #expect(element.traits == traits && element.asset == asset && element.hint == hint && (element.extras == nil) == bare)
            #expect(Set(element.traits) == Set(every.filter { traits.contains($0) }))
        }
        // The copies without extras are the screen's own: setting them leaves the scene's nodes as
        // they were (extras are shared with the nodes they were copied from, as before).
        for i in 0..<screen.count where screen[i].extras == nil {
            screen[i].asset = "other"
            screen[i].traits = [.link]
        }
        for (node, (traits, asset, _, bare)) in zip(nodes, expected) where bare { #expect(node.traits == traits && node.asset == asset) }
        // A medium store emptied for reuse reads as new, and hands out its table of assets again.
        let store = ElementStore()
        for round in 0..<3 {
            for n in 0..<500 {
                let element = store.append(type: "Image", location: location, ordinal: n + 1, parent: nil)
                if (n + round) % 2 == 0 { element.asset = "a\(round)-\(n)" }
                if n % 3 == 0 { element.traits = [.image, .selected] }
            }
            for n in 0..<500 {
                let element = store[n]
                #expect(element.asset == ((n + round) % 2 == 0 ? "a\(round)-\(n)" : nil) && element.extras == nil)
                #expect(element.traits == (n % 3 == 0 ? [.image, .selected] : []))
            }
            store.removeAll()
        }
    }

    /// A name that is neither an element's label nor its text (a combined container's, made of its
    /// children's) is kept with its traits in an entry of the store's light table, with no extras
    /// (`ExtrasWord.hasName`); it moves into the extras when an asset or another rarer modifier is
    /// set, is cleared and set again, and is copied with the element into another store.
    @Test func namesApartFromLabelAndTextKeepNoExtras() {
        var generator = SplitMix(seed: 47)
        let every = Trait.allCases
        let scene = ElementStore()
        scene.keepsAssetsInExtras = false
        let location = SourceLocation(line: 1, column: 1)
        var nodes: [ViewNode] = []
        var expected: [(String?, TraitSet, String?, String?, Bool)] = []
        for n in 0..<3_000 {
            let node = ViewNode(type: n % 3 == 0 ? "HStack" : "VStack", location: location, ordinal: n + 1, in: scene)
            scene.keepsAssetsInExtras = false
            var traits: TraitSet = []
            for trait in every where generator.next() % 4 == 0 { traits.insert(trait) }
            if n % 5 == 0 { node.label = "label \(n)" }
            if n % 2 == 0 { node.traits = traits }
            let name: String? = n % 9 == 8 ? nil : (n % 7 == 0 ? "이름 \(n), 사진" : "Name \(n), photo")
            node.name = name.map { AccessibleName(text: $0, source: .content) }
            if n % 2 == 1 { node.traits = traits }
            if n % 10 == 3 {
                // Cleared and set again, or set twice.
                node.name = nil
                #expect(node.name == nil && node.traits == traits)
                node.name = name.map { AccessibleName(text: $0 + " again", source: .label) }
            }
            let finalName = n % 10 == 3 ? name.map { $0 + " again" } : name
            let asset: String? = n % 6 == 1 ? "photo-\(n)" : nil
            if let asset { node.asset = asset }
            let hint: String? = n % 13 == 0 ? "hint \(n)" : nil
            if let hint { node.hint = hint }
            let bare = asset == nil && hint == nil
            #expect(node.name?.text == finalName && node.traits == traits && node.asset == asset && node.hint == hint, "node \(n)")
            #expect(node.withNameBytes { $0.map { String(decoding: $0, as: UTF8.self) } } == finalName)
            #expect((node.extras == nil) == bare, "node \(n)")
            nodes.append(node)
            expected.append((finalName, traits, asset, hint, bare))
        }
        let screen = ElementStore(tree: nodes)
        for (i, (name, traits, asset, hint, bare)) in expected.enumerated() {
            let element = screen[i]
            #expect(element.traits == traits && element.asset == asset && element.hint == hint, "copy \(i)")
            #expect((element.extras == nil) == bare, "copy \(i)")
            // Extras are shared with the node copied, and their name is an offset into the node's
            // store (a screen's analysis sets names in its own store): only an entry's is copied.
            guard bare else { continue }
            #expect(element.name?.text == name, "copy \(i)")
            // Traits set again keep the name, and a name cleared keeps the traits.
            element.traits = [.header]
            #expect(element.name?.text == name && element.traits == [.header])
            element.name = nil
            #expect(element.name == nil && element.traits == [.header] && element.asset == asset)
        }
    }

    /// A store of some hundred elements is emptied for reuse (`isMedium`) and reads as new; one of
    /// more records than the first chunks, or of strings beyond the first slot, is not.
    @Test func aMediumStoreEmptiedForReuseReadsAsNew() {
        let store = ElementStore()
        let location = SourceLocation(line: 1, column: 1)
        for n in 0..<300 {
            let element = store.append(type: n % 2 == 0 ? "VStack" : "Link", location: location, ordinal: n + 1, parent: n == 0 ? nil : n - 1)
            element.id = "id \(n)"
            element.label = String(repeating: "라벨", count: n % 7)
        }
        #expect(store.isMedium && !store.isSmall)
        store.removeAll()
        for n in 0..<600 {
            let element = store.append(type: "Text", location: SourceLocation(line: n + 2, column: 3), ordinal: 1, parent: nil)
            element.text = "t\(n)"
        }
        for n in 0..<600 {
            let element = store[n]
            #expect(element.type == "Text" && element.id == nil && element.label == nil && element.text == "t\(n)")
            #expect(element.parent == nil && element.location.line == n + 2 && element.subtreeEnd == 0 && element.extras == nil)
        }
        for n in 600..<(ElementStore.chunkSize + 1) { store.append(type: "Text", location: location, ordinal: 1, parent: nil) }
        #expect(!store.isMedium)
        let long = ElementStore()
        long.append(type: "Text", location: location, ordinal: 1, parent: nil).text = String(repeating: "x", count: ElementStore.slotSize + 10)
        #expect(!long.isMedium)
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

/// A screen's id, label and text strings are bytes in one buffer of its store, and its view types
/// numbers into a table: whatever the strings are, they read back as written, through the `String`
/// properties and the byte readers alike.
@Suite struct ElementStringTests {
    /// A random string: ASCII, Hangul, emoji, white space, empty, or long (up to 3 slots).
    static func randomString(_ generator: inout SplitMix) -> String {
        let r = generator.next()
        let length = Int(r >> 40) % 40
        func pick(_ pieces: [String]) -> String {
            var out = ""
            for _ in 0..<length { out += pieces[Int(generator.next() % UInt64(pieces.count))] }
            return out
        }
        switch r % 10 {
        case 0: return ""
        case 1: return pick(["한", "국", "어", " ", "버튼"])
        case 2: return pick(["😀", "👩‍👩‍👧", "🇰🇷", "a"])
        case 3: return pick([" ", "\t", "\n", "\u{A0}", "\u{3000}", "x"])
        // Lengths around the length prefix's steps (127/128, 16,383/16,384) and slots of 64 KB.
        case 4:
            let lengths = [127, 128, 129, 16_383, 16_384, 65_530, 65_536, 65_537, 70_000, 200_000]
            return String(repeating: "L", count: lengths[Int(generator.next() % UInt64(lengths.count))])
        case 5: return pick(["é", "e\u{301}", "ß", "ﬁ"])
        default: return pick(["Row ", "1", "ok", "Open", "-", "."])
        }
    }

    @Test func randomStringsReadBackAsWrittenAcrossTheBuffersSlots() {
        var generator = SplitMix(seed: 19)
        let store = ElementStore()
        var written: [(id: String?, label: String?, text: String?)] = []
        for n in 0..<6_000 {
            let element = store.append(
                type: "T\(n % 37)", location: SourceLocation(line: n + 1, column: 1), ordinal: 1, parent: nil)
            let id = generator.next() % 3 == 0 ? nil : Self.randomString(&generator)
            let label = generator.next() % 3 == 0 ? nil : Self.randomString(&generator)
            let text = generator.next() % 3 == 0 ? nil : Self.randomString(&generator)
            element.id = id
            element.label = label
            element.text = text
            written.append((id, label, text))
        }
        // The buffer went past its first 64 KB, and long strings took blocks of their own.
        #expect(store.stringBytes > 4 * ElementStore.slotSize)
        for (n, want) in written.enumerated() {
            let element = store[n]
            #expect(element.type == "T\(n % 37)" && element.hasType("T\(n % 37)"))
            let idAgrees = element.id.map { Array($0.utf8) } == want.id.map { Array($0.utf8) }
            let labelAgrees = element.label.map { Array($0.utf8) } == want.label.map { Array($0.utf8) }
            let textAgrees = element.text.map { Array($0.utf8) } == want.text.map { Array($0.utf8) }
            let idBytesAgree = element.withIDBytes { $0.map(Array.init) } == want.id.map { Array($0.utf8) }
            #expect(idAgrees && idBytesAgree, "element \(n): id")
            let labelBytesAgree = element.withLabelBytes { $0.map(Array.init) } == want.label.map { Array($0.utf8) }
            #expect(labelAgrees && labelBytesAgree, "element \(n): label")
            let textBytesAgree = element.withTextBytes { $0.map(Array.init) } == want.text.map { Array($0.utf8) }
            #expect(textAgrees && textBytesAgree, "element \(n): text")
            #expect(element.hasID == (want.id != nil) && element.hasLabel == (want.label != nil))
            #expect(element.hasText == (want.text != nil))
            #expect(element.labelIsBlank == (want.label?.isBlank ?? true))
        }
    }

    /// The names the screen analysis keeps (the label, the text, or a string apart) read the same
    /// through the byte readers as through `name`, and `name` set by hand is kept the same way.
    @Test func nameReadersAgreeWithTheName() throws {
        var generator = SplitMix(seed: 5)
        var xml = "<app>\n<screen id=\"s\">\n<VStack>\n"
        let types = ["Button", "Text", "Image", "Toggle", "VStack", "Label"]
        func attribute(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\n", with: "&#10;")
                .replacingOccurrences(of: "\t", with: "&#9;")
        }
        for n in 0..<3_000 {
            let type = types[Int(generator.next() % UInt64(types.count))]
            var attributes = ""
            if generator.next() % 2 == 0 { attributes += " label=\"\(attribute(Self.randomString(&generator)))\"" }
            if generator.next() % 4 == 0 { attributes += " system-name=\"star.fill\"" }
            if generator.next() % 3 == 0 { attributes += " children=\"combine\"" }
            let inner = generator.next() % 2 == 0 ? "<Text>\(attribute(Self.randomString(&generator)))</Text>" : ""
            xml += "<\(type) id=\"e\(n)\"\(attributes)><Text>\(attribute(Self.randomString(&generator)))</Text>\(inner)</\(type)>\n"
        }
        xml += "</VStack>\n</screen>\n</app>\n"
        final class Sink: DescriptionSink {
            var screens: [Screen] = []
            func didReadHeader(_ header: AppHeader) {}
            func didReadScreen(_ screen: Screen) { screens.append(screen) }
        }
        let sink = Sink()
        _ = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "names.xml", sink: sink)
        let analysis = ScreenAnalysis(screen: try #require(sink.screens.first))
        var kinds = Set<String>()
        for element in analysis.elements {
            let name = element.name
            // The analysis names accessibility elements and labelled views only.
            let computed = name == nil ? nil : AccessibleName.of(element)
            let agrees = name.map { Array($0.text.utf8) } == computed.map { Array($0.text.utf8) }
            #expect(agrees && name?.source == computed?.source, "\(element.pathStep)")
            #expect(element.hasName == (name != nil) && element.nameSource == name?.source)
            let bytesAgree = element.withNameBytes { $0.map(Array.init) } == name.map { Array($0.text.utf8) }
            #expect(bytesAgree, "\(element.pathStep)")
            if let name {
                kinds.insert(name.text == element.label ? "label" : name.text == element.text ? "text" : "apart")
                // Set again by hand, the name is kept the same way and reads back the same.
                element.name = name
                #expect(element.name == name)
            }
        }
        #expect(kinds == ["label", "text", "apart"])
    }

    /// One screen of 300,000 elements keeps every id, label and text, and its records stay small:
    /// what one huge screen costs is what each element costs.
    @Test func aScreenOfHundredsOfThousandsOfElementsKeepsItsStrings() {
        #expect(MemoryLayout<ElementRecord>.stride <= 32)
        let store = ElementStore()
        let count = 300_000
        _ = store.append(type: "List", location: SourceLocation(line: 1, column: 1), ordinal: 1, parent: nil)
        for n in 1..<count {
            let element = store.append(type: "Text", location: SourceLocation(line: n + 1, column: 3), ordinal: n, parent: 0)
            // In the order a reader sets them: the attributes as the element starts, its text as
            // it closes. Each string is then written just after the element's others, which keep
            // no table of offsets and are not written again.
            if n % 10 == 0 { element.id = "row\(n)" }
            if n % 7 == 0 { element.label = "행 \(n)" }
            element.text = "Row \(1_000_000 + n) in list"
        }
        store[0].subtreeEnd = count
        for n in 1..<count {
            let element = store[n]
            guard element.text == "Row \(1_000_000 + n) in list", element.id == (n % 10 == 0 ? "row\(n)" : nil),
                element.label == (n % 7 == 0 ? "행 \(n)" : nil), element.parent == 0, element.ordinal == n
            else {
                Issue.record("element \(n) reads \(element.text ?? "nil"), \(element.id ?? "nil"), \(element.label ?? "nil")")
                return
            }
        }
        // Each row's text is its 19 bytes and one of length; ids and labels theirs; at most one slot
        // of 64 KB unused.
        let strings = (1..<count).reduce(0) { total, n in
            total + 20 + (n % 10 == 0 ? 1 + "row\(n)".utf8.count : 0) + (n % 7 == 0 ? 1 + "행 \(n)".utf8.count : 0)
        }
        #expect(store.stringBytes <= strings + 2 * ElementStore.slotSize)
        // Both types are known ones: the store keeps no table of its own.
        #expect(store.types.isEmpty && store[0].type == "List" && store[1].type == "Text")
    }

    /// Nodes of the Interface Builder importer keep their strings in a store of their own scene: a
    /// tree whose nodes come from different stores is copied with every string and modifier.
    @Test func aTreeOfNodesFromSeveralStoresIsCopiedWithItsStrings() {
        let one = ElementStore()
        let other = ElementStore()
        let top = ViewNode(type: "VStack", location: SourceLocation(line: 1, column: 1), ordinal: 1, in: one)
        top.label = "위"
        let child = ViewNode(type: "Button", location: SourceLocation(line: 2, column: 1), ordinal: 1, in: other)
        child.text = String(repeating: "긴", count: 30_000)
        child.hint = "hint"
        child.id = "b"
        top.children = [child]
        let store = ElementStore(tree: [top])
        #expect(store.count == 2 && store[0].label == "위" && store[0].type == "VStack")
        #expect(store[1].text == String(repeating: "긴", count: 30_000) && store[1].hint == "hint" && store[1].id == "b")
        #expect(store[1].type == "Button" && store[1].isInteractive && store[1].parent == 0)
    }
}

extension ElementStringTests {
    /// Types are numbered through the table of known types (found by their string's bits) or the
    /// store's own table: either way an element reads back its type and has that type's kind,
    /// however the type's string was made.
    @Test func knownAndOwnTypesReadBackWithTheirKinds() {
        let store = ElementStore()
        let names =
            KnownTypes.allNames + ["Custom", "MyVeryLongCustomRowViewName", "행", "Text "]
            + KnownTypes.allNames.map { String(decoding: Array(($0 + "Suffix").utf8.dropLast(6)), as: UTF8.self) }
            + (0..<40).map { "Own\($0)" } + ["NavigationStack", "MyVeryLongCustomRowViewName"]
        for (n, name) in names.enumerated() {
            let element = store.append(type: name, location: SourceLocation(line: n + 1, column: 1), ordinal: 1, parent: nil)
            #expect(element.type == name && element.kind == ViewKind(name: name) && element.hasType(name), "\(name)")
        }
        #expect(store.types.count == 4 + 40)
        for (n, name) in names.enumerated() { #expect(store[n].type == name) }
    }

    /// A record keeps its type's number in the bits of its flags, which hold about two thousand
    /// types; a store of more keeps the larger numbers with the element's rarer modifiers. Elements
    /// on both sides of that limit, with and without modifiers of their own, read back their types,
    /// kinds and modifiers, in the store and in a tree copied into another store (whose numbers
    /// differ), and setting a type again moves it across the limit both ways.
    @Test func typesBeyondTheRecordsBitsReadBackInTheStoreAndWhenCopied() {
        let count = Int(NodeBits.spilledType) + 500
        let names = (0..<count).map { $0 % 97 == 0 ? "Button" : "Own\($0)" }
        let scene = ElementStore()
        var nodes: [ViewNode] = []
        for (n, name) in names.enumerated() {
            let node = ViewNode(type: name, location: SourceLocation(line: n + 1, column: 2), ordinal: n + 1, in: scene)
            if n % 3 == 0 { node.hint = "hint \(n)" }
            if n % 5 == 0 { node.outlet = "outlet\(n)" }
            node.hidden = n % 2 == 0
            nodes.append(node)
        }
        func check(_ element: some ViewElement, _ n: Int) -> Bool {
            element.type == names[n] && element.hasType(names[n]) && element.kind == ViewKind(name: names[n])
                && element.hint == (n % 3 == 0 ? "hint \(n)" : nil) && element.outlet == (n % 5 == 0 ? "outlet\(n)" : nil)
                && element.hidden == (n % 2 == 0) && element.location == SourceLocation(line: n + 1, column: 2)
        }
        #expect(scene.types.count > Int(NodeBits.spilledType))
        for (n, node) in nodes.enumerated() { #expect(check(node, n), "node \(n)") }
        // Copied in reverse order, so that the other store numbers the types the other way round.
        let top = ViewNode(type: "VStack", location: SourceLocation(line: 1, column: 1), ordinal: 1)
        top.children = nodes.reversed()
        let store = ElementStore(tree: [top])
        #expect(store.count == count + 1)
        for (n, element) in store.dropFirst().enumerated() {
            #expect(check(element, count - 1 - n) && element.parent == 0, "element \(n)")
        }
        // The scene's nodes are unchanged by the copy.
        for (n, node) in nodes.enumerated() { #expect(check(node, n), "node \(n) after the copy") }
        // The copy numbered the first nodes' types last: one of them, set to a known type and back.
        let spilled = store[count - 2]
        #expect(spilled.bitsTypeField == NodeBits.spilledType && check(spilled, 2))
        spilled.type = "Text"
        #expect(spilled.type == "Text" && spilled.bitsTypeField == 0 && spilled.hint == nil)
        spilled.type = names[2]
        #expect(spilled.bitsTypeField == NodeBits.spilledType && check(spilled, 2))
        #expect(store[1].bitsTypeField < NodeBits.spilledType && check(store[1], count - 1))
    }
}

extension ElementStringTests {
    /// A record holds one string's offset, and an element with two or three of id, label and text
    /// keeps theirs in a table of its store. Random elements, each set, cleared and set again in
    /// random orders through every combination of the three (with empty and long strings, and huge
    /// lines, columns and ordinals), read back what was last set: as nodes of several scene
    /// stores, in a tree copied into a screen's store, as elements of that store set again, and
    /// through the byte readers and the name kept as the label or the text.
    @Test func everyCombinationOfIDLabelAndTextReadsBackInTheStoreAndWhenCopied() {
        var generator = SplitMix(seed: 35)
        let scenes = [ElementStore(), ElementStore(), ElementStore()]
        let huge = [1, 2, 65_535, 65_536, 1 << 20, Int(Int32.max) - 1, Int(Int32.max)]
        func number(_ n: Int) -> Int { n % 4 == 0 ? huge[Int(generator.next() % UInt64(huge.count))] : n + 1 }
        struct Want {
            var strings: [String?] = [nil, nil, nil]
            var line: Int
            var column: Int
            var ordinal: Int
        }
        func strings(_ element: some ViewElement) -> [String?] { [element.id, element.label, element.text] }
        func bytes(_ element: some ViewElement) -> [String?] {
            [
                element.withIDBytes { $0.map { String(decoding: $0, as: UTF8.self) } },
                element.withLabelBytes { $0.map { String(decoding: $0, as: UTF8.self) } },
                element.withTextBytes { $0.map { String(decoding: $0, as: UTF8.self) } },
            ]
        }
        func set(_ element: some ViewElement, _ field: Int, _ value: String?) {
            switch field {
            case 0: element.id = value
            case 1: element.label = value
            default: element.text = value
            }
        }
        func agrees(_ element: some ViewElement, _ want: Want) -> Bool {
            strings(element) == want.strings && bytes(element) == want.strings
                && [element.hasID, element.hasLabel, element.hasText] == want.strings.map { $0 != nil }
                && element.location.line == want.line && element.location.column == want.column
                && element.ordinal == want.ordinal
        }
        var nodes: [ViewNode] = []
        var wants: [Want] = []
        var combinations = Set<[Bool]>()
        var moves = Set<[Bool]>()
        for n in 0..<2_000 {
            let location = SourceLocation(line: number(n), column: number(n + 1))
            let want = Want(line: location.line, column: location.column, ordinal: number(n + 2))
            let node = ViewNode(type: n % 5 == 0 ? "Own\(n % 7)" : "Text", location: location, ordinal: want.ordinal, in: scenes[n % 3])
            nodes.append(node)
            wants.append(want)
            for _ in 0..<Int(generator.next() % 7) {
                let field = Int(generator.next() % 3)
                let value = generator.next() % 4 == 0 ? nil : ElementStringTests.randomString(&generator)
                let before = wants[n].strings.map { $0 != nil }
                set(node, field, value)
                wants[n].strings[field] = value
                if before != wants[n].strings.map({ $0 != nil }) { moves.insert(before + wants[n].strings.map { $0 != nil }) }
                if !agrees(node, wants[n]) {
                    Issue.record("node \(n) reads \(strings(node)) against \(wants[n].strings)")
                    return
                }
            }
            combinations.insert(wants[n].strings.map { $0 != nil })
        }
        // All eight combinations are held, and every one of them was reached from every other one
        // that differs from it in one string.
        #expect(combinations.count == 8 && moves.count == 8 * 3)
        for (n, node) in nodes.enumerated() where !agrees(node, wants[n]) {
            Issue.record("node \(n) changed: \(strings(node)) against \(wants[n].strings)")
            return
        }
        // A name that is the label or the text is kept as which one it is and reads back as it.
        for (n, node) in nodes.enumerated() where n % 2 == 0 {
            if let label = wants[n].strings[1] {
                node.name = AccessibleName(text: label, source: .label)
                #expect(node.name?.text == label && node.withNameBytes { $0.map(Array.init) } == Array(label.utf8))
            }
        }
        // Copied into a screen's store (from three stores at once, in two subtrees).
        let top = ViewNode(type: "VStack", location: SourceLocation(line: 1, column: 1), ordinal: 1)
        let other = ViewNode(type: "List", location: SourceLocation(line: 1, column: 1), ordinal: 1, in: scenes[1])
        top.children = Array(nodes[..<1_000])
        other.children = Array(nodes[1_000...])
        let store = ElementStore(tree: [top, other])
        #expect(store.count == nodes.count + 2)
        func element(_ n: Int) -> ElementInfo { store[n < 1_000 ? n + 1 : n + 2] }
        for n in nodes.indices {
            let copy = element(n)
            #expect(agrees(copy, wants[n]), "copy of \(n): \(strings(copy)) against \(wants[n].strings)")
            #expect(copy.type == nodes[n].type && copy.parent == (n < 1_000 ? 0 : 1_001))
        }
        // The copies are set again without touching the nodes they came from.
        for n in nodes.indices {
            let field = Int(generator.next() % 3)
            let value = generator.next() % 3 == 0 ? nil : "again \(n)"
            set(element(n), field, value)
            var want = wants[n]
            want.strings[field] = value
            #expect(agrees(element(n), want) && agrees(nodes[n], wants[n]), "\(n) set again")
        }
    }
}

extension ViewElement {
    /// The type field of the record's bits (for tests of where the type is kept).
    var bitsTypeField: UInt32 { record.pointee.bits.typeField }
}
