import Testing

@testable import FocusAudit

/// The importer marks some nodes by identity until a document is read. A marked node the document
/// leaves out is freed only at the end, so a node made after it is never taken as marked: with a set
/// of bare identities, the allocator hands a freed node's memory to the next node of the same size,
/// and that node (a tab bar button's copy of an item) read as marked in some runs and not in others.
struct MarkedNodesTests {
    @Test func aNodeMadeAfterAMarkedNodeIsLeftOutIsNotMarked() {
        var marks = MarkedNodes()
        var takenAsMarked = 0
        for round in 0..<500 {
            do {
                let leftOut = ViewNode(type: "TabBarItem", location: SourceLocation(line: round + 1, column: 1), ordinal: 1)
                marks.insert(leftOut)
            }
            let later = ViewNode(type: "TabBarButton", location: SourceLocation(line: round + 1, column: 1), ordinal: 1)
            if marks.contains(later) { takenAsMarked += 1 }
        }
        #expect(takenAsMarked == 0)
    }

    @Test func aMarkedNodeIsMarkedAndItsNeighboursAreNot() {
        var marks = MarkedNodes()
        let marked = ViewNode(type: "Button", location: SourceLocation(line: 1, column: 1), ordinal: 1)
        let other = ViewNode(type: "Button", location: SourceLocation(line: 1, column: 1), ordinal: 2)
        marks.insert(marked)
        #expect(marks.contains(marked))
        #expect(!marks.contains(other))
    }
}
