import Dispatch
import Synchronization

/// Work shared by a few threads: each thread takes the next index until every index is taken, so
/// a slow item holds up one thread, not a fixed share of the others' items.
public enum WorkQueue {
    /// `work(worker, i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    /// Each thread first makes a worker of its own (state it keeps from one item to the next).
    public static func map<Worker, Result: Sendable>(
        count: Int, jobs: Int, worker makeWorker: @Sendable () -> Worker, _ work: @Sendable (Worker, Int) -> Result
    ) -> [Result] {
        let threads = max(1, min(jobs, count))
        if threads == 1 {
            let worker = makeWorker()
            return (0..<count).map { work(worker, $0) }
        }
        let results = Mutex([Result?](repeating: nil, count: count))
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
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
        return results.withLock { $0.map { $0! } }
    }

    /// `work(i)` for every `i` in `0..<count`, on up to `jobs` threads, in index order.
    public static func map<Result: Sendable>(count: Int, jobs: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
        map(count: count, jobs: jobs, worker: {}, { _, i in work(i) })
    }
}
