/// Two threads sharing the stages of auditing one large file: parsing (libxml2 over the next
/// chunk of bytes, its events recorded on a tape), building (the tape replayed into the
/// description builder) and checking (batches of built screens through the file's run).
///
/// Each stage runs on one thread at a time and in order, but not always on the same thread.
/// Building stays on the reading thread, which asked for the audit. A second thread, the crew's
/// worker, checks batches and parses chunks, whichever is waiting. When the reading thread cannot
/// go on (the tape is empty, or enough batches wait to be checked), it does one of those jobs
/// itself instead of sleeping.
///
/// Why not one thread per stage: three busy threads on two cores left a core idle about a third
/// of the time. The scheduler put the parsing and building threads on one core, where they took
/// turns (each waking the other as the tape filled and emptied), while the checking thread had
/// the other core and idled between batches; its idle spells were too short for the scheduler to
/// move a thread over. Two threads that never wait while there is work keep both cores busy.
///
/// Memory stays bounded: a chunk is parsed only while fewer than `segmentsAhead` tape segments
/// wait to be replayed, and screens are handed over only while fewer than `batchesWaiting`
/// batches wait to be checked.
final class ReadCrew: @unchecked Sendable {
    static let segmentsAhead = 4
    static let batchesWaiting = 4

    /// The lock over the state below, and the condition the threads sleep on.
    private let monitor = Platform.Monitor()

    // All below under `monitor`'s lock.

    /// Replayable segments in order, then `nil` once the events have ended.
    private var filled: [TapeSegment?] = []
    private var filledHead = 0
    private var free: [TapeSegment] = []
    /// One step of the parse: feeds the next chunk, and returns false once it has ended the events.
    private var parseStep: (() -> Bool)?
    private var parsing = false
    private var checks: [() -> Void] = []
    private var checksHead = 0
    private var checking = false
    private var sleepers = 0
    private var stopping = false
    private var workerStarted = false
    private var worker: Platform.Thread?

    init() {}

    deinit {
        monitor.destroy()
    }

    private enum Job {
        case parse(() -> Bool)
        case check(() -> Void)
    }

    @inline(__always)
    private func locked<T>(_ body: () -> T) -> T {
        monitor.lock()
        defer { monitor.unlock() }
        return body()
    }

    /// Wakes a thread waiting for a change; called with the lock held.
    @inline(__always)
    private func announce() {
        if sleepers > 0 { monitor.broadcast() }
    }

    /// Waits for a change; called with the lock held.
    private func sleep() {
        sleepers += 1
        monitor.wait()
        sleepers -= 1
    }

    private var queuedSegments: Int { filled.count - filledHead }
    private var queuedChecks: Int { checks.count - checksHead }

    /// The parse job, if it may run now; called with the lock held.
    private func takeParse() -> Job? {
        guard let step = parseStep, !parsing, queuedSegments < Self.segmentsAhead else { return nil }
        parsing = true
        return .parse(step)
    }

    /// The next check job, if it may run now; called with the lock held.
    private func takeCheck() -> Job? {
        guard !checking, checksHead < checks.count else { return nil }
        checking = true
        let work = checks[checksHead]
        checksHead += 1
        if checksHead == checks.count {
            checks.removeAll(keepingCapacity: true)
            checksHead = 0
        }
        return .check(work)
    }

    /// With the lock held: runs `job` without it, or, without a job, waits for a change. Returns
    /// with the lock released.
    private func runOrSleep(_ job: Job?) {
        if let job {
            monitor.unlock()
            run(job)
        } else {
            sleep()
            monitor.unlock()
        }
    }

    /// Runs `job` without the lock, then marks its stage free again.
    private func run(_ job: Job) {
        switch job {
        case .parse(let step):
            let more = step()
            locked {
                parsing = false
                if !more { parseStep = nil }
                announce()
            }
        case .check(let work):
            work()
            locked {
                checking = false
                announce()
            }
        }
    }

    // MARK: The tape

    /// An empty segment for the parse to write: one given back, or a new one.
    func takeFree() -> TapeSegment {
        let segment = locked { free.popLast() }
        return segment ?? TapeSegment(capacity: TapeSegment.standardSize + 4096)
    }

    /// Queues a written segment, or `nil` for the end of the events.
    func send(_ segment: TapeSegment?) {
        locked {
            filled.append(segment)
            announce()
        }
    }

    /// Gives a replayed segment back for the parse to write again.
    func recycle(_ segment: TapeSegment) {
        segment.count = 0
        locked {
            free.append(segment)
            announce()
        }
    }

    /// The next segment to replay, `nil` once the events have ended. While none is ready, the
    /// calling thread parses (or, when the worker is parsing, checks).
    func nextSegment() -> TapeSegment? {
        while true {
            monitor.lock()
            if filledHead < filled.count {
                let segment = filled[filledHead]
                filledHead += 1
                if filledHead == filled.count {
                    filled.removeAll(keepingCapacity: true)
                    filledHead = 0
                }
                monitor.unlock()
                return segment
            }
            runOrSleep(takeParse() ?? takeCheck())
        }
    }

    /// Makes `step` the parse, run by whichever thread is free until it returns false (after
    /// sending the end of the events). Starts the worker.
    func startParsing(_ step: @escaping () -> Bool) {
        locked {
            parseStep = step
            announce()
        }
        startWorker()
    }

    // MARK: Checks

    /// Queues `work` to run after the checks queued before it. While `batchesWaiting` wait, the
    /// calling thread checks (or parses) instead of waiting.
    func check(_ work: @escaping () -> Void) {
        startWorker()
        while true {
            monitor.lock()
            if queuedChecks + (checking ? 1 : 0) < Self.batchesWaiting {
                checks.append(work)
                announce()
                monitor.unlock()
                return
            }
            runOrSleep(takeCheck() ?? takeParse())
        }
    }

    /// Runs or waits for every check queued so far, then stops the worker.
    func finish() {
        while true {
            monitor.lock()
            if !checking && checksHead == checks.count && !parsing {
                stopping = true
                announce()
                let worker = self.worker
                self.worker = nil
                monitor.unlock()
                if let worker { Platform.join(worker) }
                return
            }
            runOrSleep(takeCheck())
        }
    }

    // MARK: The worker

    private func startWorker() {
        let start = locked { () -> Bool in
            guard !workerStarted, !stopping else { return false }
            workerStarted = true
            return true
        }
        guard start else { return }
        // The thread holds the crew until its loop ends. Without a second thread, the reading
        // thread does every job itself.
        if let thread = Platform.startThread(stackBytes: WorkQueue.threadStackBytes, { self.work() }) {
            locked { worker = thread }
        }
    }

    /// The worker's loop: checks first (they free room for the reading thread), then parsing.
    private func work() {
        while true {
            monitor.lock()
            if stopping {
                monitor.unlock()
                return
            }
            runOrSleep(takeCheck() ?? takeParse())
        }
    }
}
