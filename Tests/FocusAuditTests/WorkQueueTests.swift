import Testing

@testable import FocusAudit

/// Threads with stacks focusaudit sets: work that asks for a large stack on a thread that has one
/// runs there, without a thread of its own.
struct WorkQueueTests {
    /// `Auditor.audit` runs a run's work on a large stack, and the SwiftUI reader it calls asked for
    /// one again: every run started a second 64 MiB thread and waited for it.
    @Test func aLargeStackIsNotStartedAgainOnALargeStack() {
        let (outer, inner, size) = WorkQueue.onLargeStack {
            (Platform.currentThreadNumber, WorkQueue.onLargeStack { Platform.currentThreadNumber }, Platform.threadStackBytes)
        }
        #expect(outer == inner)
        #expect(size == WorkQueue.largeStackBytes)
    }

    /// The threads of `map` with large stacks count as large stacks too (the calling thread, which
    /// takes a share, must have one as well); those of the smaller default stack
    /// (`threadStackBytes`) do not, and start one.
    @Test func mapThreadsKnowTheirStacks() {
        let large = WorkQueue.onLargeStack {
            WorkQueue.map(count: 4, jobs: 2, stackBytes: WorkQueue.largeStackBytes) { _ in
                let here = Platform.currentThreadNumber
                return WorkQueue.onLargeStack { Platform.currentThreadNumber } == here
            }
        }
        #expect(large == [true, true, true, true])
        let small = WorkQueue.map(count: 4, jobs: 2, stackBytes: WorkQueue.threadStackBytes) { _ in
            let here = Platform.currentThreadNumber
            let (there, size) = WorkQueue.onLargeStack { (Platform.currentThreadNumber, Platform.threadStackBytes) }
            return there != here && size == WorkQueue.largeStackBytes
        }
        #expect(small == [true, true, true, true])
    }
}
