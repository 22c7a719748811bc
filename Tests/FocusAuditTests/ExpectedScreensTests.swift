import TestSupport
import Testing

@testable import FocusAudit

/// The crew route announces each batch of screens to the run before checking it, and a compact
/// graph then lets a link to a screen later in the batch go without waiting for its target
/// (`NavigationGraph.expectScreens`). These tests hand screens over in batches of random sizes,
/// announced, and compare the audit with the one of screens added one by one without announcement.
@Suite struct ExpectedScreensTests {
    /// Hands the screens it is given to a run in batches of 1 to `largest` screens, announcing
    /// each batch first, as `PipelinedRun` does.
    private final class AnnouncingSink: DescriptionSink, FileFinishing {
        let run: FileRun
        /// Not a folding sink: it folds no leaf with an id.
        let foldedIDsMet = false
        private var random: SplitMix
        private let largest: UInt64
        private var batch: [Screen] = []
        private var batchSize = 1

        init(run: FileRun, seed: UInt64, largest: UInt64) {
            self.run = run
            random = SplitMix(seed: seed)
            self.largest = largest
            batchSize = 1 + Int(random.next() % largest)
        }

        func didReadHeader(_ header: AppHeader) {
            flush()
            run.didReadHeader(header)
        }

        func didReadScreen(_ screen: consuming Screen) {
            batch.append(screen)
            if batch.count >= batchSize { flush() }
        }

        func flush() {
            run.expectScreens(batch)
            var list: [Screen] = []
            swap(&list, &batch)
            list.reverse()
            while let screen = list.popLast() { run.didReadScreen(screen) }
            run.expectScreens([])
            batchSize = 1 + Int(random.next() % largest)
        }

        func finish(_ outcome: ReadOutcome) -> FileAudit {
            flush()
            return run.finish(outcome)
        }

        func abandon() {
            batch = []
            run.abandon()
        }
    }

    /// Screens whose links go to the next few screens (most targets are in the same batch), some
    /// to earlier screens, to themselves, to ids that no screen has, and to a screen whose id is
    /// read twice; a few screens have no id.
    private static func forwardLinks(seed: UInt64, screens: Int) -> String {
        var random = SplitMix(seed: seed)
        var body = ""
        for s in 0..<screens {
            let id: String
            switch random.next() % 23 {
            case 0: id = ""
            case 1: id = " id=\"s\(s / 2)\""
            default: id = " id=\"s\(s)\""
            }
            let restore = random.next() % 5 == 0 ? " restore-focus=\"on-appear\" restore-delay=\"0.1\"" : ""
            body += "<screen\(id)\(restore)><VStack>"
            for k in 0..<Int(1 + random.next() % 6) {
                let target: String
                switch random.next() % 12 {
                case 0: target = "s\(s)"
                case 1: target = "nowhere\(random.next() % 3)"
                case 2: target = "s\(random.next() % UInt64(s + 1))"
                default: target = "s\(s + 1 + Int(random.next() % 6))"
                }
                let hidden = random.next() % 11 == 0 ? " hidden=\"true\"" : ""
                let label = random.next() % 4 == 0 ? "" : " label=\"다음 \(s)-\(k)\""
                body += "<Button id=\"b\(k)\" push=\"\(target)\"\(hidden)\(label)/>"
            }
            body += "</VStack></screen>\n"
        }
        return "<app>\n\(body)</app>\n"
    }

    @Test func announcedBatchesGiveTheFindingsOfScreensAddedOneByOne() throws {
        var compact = Configuration()
        compact.keepsJourneys = false
        var notWaiting = 0
        var unknown = 0
        for seed in UInt64(1)...16 {
            let xml =
                seed % 2 == 0
                ? Self.forwardLinks(seed: seed, screens: 30 + Int(seed) * 7)
                : GraphPathTests.randomGraph(seed: seed, screens: 20 + Int(seed) * 9)
            let plain = Auditor.audit(text: xml, file: "g.xml", configuration: compact)
            let run = FileRun(file: "g.xml", configuration: compact)
            let sink = AnnouncingSink(run: run, seed: seed, largest: seed % 4 == 0 ? 40 : 9)
            let read = XMLDescriptionReader.read(bytes: ByteSource(bytes: Array(xml.utf8)), fileName: "g.xml", sink: sink)
            guard case .success(let outcome) = read else {
                Issue.record("seed \(seed): not read")
                continue
            }
            sink.flush()
            notWaiting += run.audit.graph.linksNotWaiting
            let announced = sink.finish(outcome)
            expectSameAudit(plain, announced)
            unknown += plain.findings.filter { $0.rule == RuleID.unknownDestination }.count
        }
        // The announcements were used, and links to targets that never come still waited.
        #expect(notWaiting > 200)
        #expect(unknown > 50)
    }
}
