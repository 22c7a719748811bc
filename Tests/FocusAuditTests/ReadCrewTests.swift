import Dispatch
import Synchronization
import Testing

@testable import FocusAudit

/// The two threads that share parsing, building and checking of one large file: every stage runs
/// one job at a time, in order, and nothing is lost or left running when the crew finishes.
@Suite struct ReadCrewTests {
    /// What the jobs saw, written from either thread.
    private final class Log: Sendable {
        let order = Mutex<[Int]>([])
        let running = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)

        func enter() {
            if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                overlaps.add(1, ordering: .relaxed)
            }
        }

        func leave() {
            running.subtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Spins a little, so that jobs last long enough for the two threads to meet.
    private static func busy(_ rounds: Int) -> Int {
        var x = 0
        for i in 0..<rounds { x = x &* 31 &+ i }
        return x
    }

    @Test func checksRunOneAtATimeInOrderAndAllByFinish() {
        let crew = ReadCrew()
        let log = Log()
        // Many more than may wait: the reading thread runs some itself while the queue is full.
        let count = ReadCrew.batchesWaiting * 50
        for i in 0..<count {
            crew.check {
                log.enter()
                _ = Self.busy(2_000 + (i % 7) * 500)
                log.order.withLock { $0.append(i) }
                log.leave()
            }
        }
        crew.finish()
        #expect(log.order.withLock { $0 } == Array(0..<count))
        #expect(log.overlaps.load(ordering: .relaxed) == 0)
    }

    /// A parse of `steps` steps, each writing `perStep` segments numbered in order, then the end.
    private final class FakeParse: @unchecked Sendable {
        let crew: ReadCrew
        let steps: Int
        let perStep: Int
        let log = Log()
        private var step = 0
        private var next = 0
        init(crew: ReadCrew, steps: Int, perStep: Int) {
            self.crew = crew
            self.steps = steps
            self.perStep = perStep
        }

        func run() -> Bool {
            log.enter()
            defer { log.leave() }
            _ = ReadCrewTests.busy(3_000)
            for _ in 0..<perStep {
                let segment = crew.takeFree()
                segment.base.storeBytes(of: next, as: Int.self)
                segment.count = MemoryLayout<Int>.size
                next += 1
                crew.send(segment)
            }
            step += 1
            guard step == steps else { return true }
            crew.send(nil)
            return false
        }
    }

    @Test(arguments: [1, 3])
    func segmentsArriveInOrderWhileChecksRun(perStep: Int) {
        let crew = ReadCrew()
        let parse = FakeParse(crew: crew, steps: 300, perStep: perStep)
        crew.startParsing { parse.run() }
        let checks = Log()
        var received: [Int] = []
        var segments = Set<ObjectIdentifier>()
        while let segment = crew.nextSegment() {
            received.append(segment.base.load(as: Int.self))
            segments.insert(ObjectIdentifier(segment))
            let n = received.count
            if n % 4 == 0 {
                crew.check {
                    checks.enter()
                    _ = Self.busy(4_000)
                    checks.order.withLock { $0.append(n) }
                    checks.leave()
                }
            }
            crew.recycle(segment)
        }
        crew.finish()
        #expect(received == Array(0..<(300 * perStep)))
        #expect(parse.log.overlaps.load(ordering: .relaxed) == 0)
        #expect(checks.overlaps.load(ordering: .relaxed) == 0)
        #expect(checks.order.withLock { $0 } == Array(stride(from: 4, through: 300 * perStep, by: 4)))
        // A step starts only while few segments wait, so few are ever made: those waiting, those
        // one step writes, and the one being replayed.
        #expect(segments.count <= ReadCrew.segmentsAhead + perStep + 1)
    }

    @Test func finishWithNothingQueuedReturns() {
        // On another thread with a time limit: a deadlock fails the test instead of hanging the run.
        let ran = Mutex(false)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let crew = ReadCrew()
            crew.finish()
            let started = ReadCrew()
            started.check { ran.withLock { $0 = true } }
            started.finish()
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 30) == .success, "finish did not return")
        #expect(ran.withLock { $0 }, "finish returned before the queued check ran")
    }
}
