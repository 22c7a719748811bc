import Synchronization

/// Work shared by a few threads: each thread takes the next index until every index is taken, so
/// a slow item holds up one thread, not a fixed share of the others' items.
public enum WorkQueue {
    /// `work(worker, i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    /// Each thread first makes a worker of its own (state it keeps from one item to the next).
    /// The threads have stacks of `stackBytes` (`threadStackBytes`, `largeStackBytes`), and so must
    /// the calling thread, which takes a share and does the work alone with one thread (`onLargeStack`).
    public static func map<Worker, Result: Sendable>(
        count: Int, jobs: Int, stackBytes: Int, worker makeWorker: @Sendable () -> Worker,
        _ work: @Sendable (Worker, Int) -> Result
    ) -> [Result] {
        let threads = max(1, min(jobs, count))
        if threads == 1 {
            let worker = makeWorker()
            return (0..<count).map { work(worker, $0) }
        }
        let results = Mutex([Result?](repeating: nil, count: count))
        let next = Mutex(0)
        // One thread's share: items taken in turn until none is left.
        @Sendable func take(_ makeWorker: @Sendable () -> Worker, _ work: @Sendable (Worker, Int) -> Result) {
            let worker = makeWorker()
            while true {
                let n = next.withLock { value -> Int in
                    value += 1
                    return value - 1
                }
                guard n < count else { break }
                let result = work(worker, n)
                results.withLock { $0[n] = result }
            }
        }
        // Threads of their own with stacks of a known size, not the system's default; the calling
        // thread takes a share too, and does all the work when the system gives no thread.
        withoutActuallyEscaping(makeWorker) { makeWorker in
            withoutActuallyEscaping(work) { work in
                let started = (1..<threads).compactMap { _ in
                    Platform.startThread(stackBytes: stackBytes) { take(makeWorker, work) }
                }
                take(makeWorker, work)
                for thread in started { Platform.join(thread) }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// `work(i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    public static func map<Result: Sendable>(count: Int, jobs: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
        map(count: count, jobs: jobs, stackBytes: threadStackBytes, worker: {}, { _, i in work(i) })
    }

    /// The same on threads with stacks of `stackBytes` (`largeStackBytes`).
    public static func map<Result: Sendable>(
        count: Int, jobs: Int, stackBytes: Int, _ work: @Sendable (Int) -> Result
    ) -> [Result] {
        map(count: count, jobs: jobs, stackBytes: stackBytes, worker: {}, { _, i in work(i) })
    }

    /// The stack of the threads that read and check descriptions (`map`, the read crew's second
    /// thread): 16 MiB of address space, of which only what is touched takes memory. Reading and
    /// checking recurse over a description's elements, nested at most 256 deep; a debug build needs
    /// up to 1 MiB for that. The system's default would not do everywhere: a secondary thread gets
    /// 512 KiB on macOS (Dispatch's threads included), and on Linux the process's stack limit,
    /// which `ulimit -s` can make smaller still.
    public static let threadStackBytes = 16 << 20

    /// The stack of each thread of `map(…, stackBytes:)` and of `onLargeStack` for the work that
    /// recurses as deep as its input nests: reading a Swift source's syntax tree (swift-syntax's
    /// walks, and focusaudit's own, take a call or a few per level of the tree). 64 MiB of address
    /// space, of which only what is touched takes memory: a tree of the deepest the SwiftUI reader
    /// accepts (`SwiftUIReader.maximumTreeDepth`) takes under 8 MiB in a debug build. The system's
    /// defaults would not do: 512 KiB for Dispatch's threads on macOS.
    public static let largeStackBytes = 64 << 20

    /// `body` on a thread of its own with a stack of `largeStackBytes`, waited for; on the calling
    /// thread when it already has such a stack (a thread of `onLargeStack` or of `map(…, stackBytes:
    /// largeStackBytes)`: the SwiftUI reader called by `Auditor.audit`), or when the system gives no
    /// thread.
    public static func onLargeStack<Result>(_ body: () -> Result) -> Result {
        if let stack = Platform.threadStackBytes, stack >= largeStackBytes { return body() }
        var result: Result?
        withoutActuallyEscaping(body) { body in
            let run = { result = body() }
            if let thread = Platform.startThread(stackBytes: largeStackBytes, run) {
                Platform.join(thread)
            } else {
                run()
            }
        }
        return result!
    }
}
