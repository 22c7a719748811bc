import Synchronization

/// The one-line progress display of a long run: files audited out of those found, and the time
/// since the start, on standard error (never on standard output, which carries the report). Nothing
/// appears before `delay` has passed, so short runs stay silent. On a terminal the line is
/// rewritten in place and erased at the end; elsewhere (`--progress` into a log) one line is
/// written per second instead.
public final class ProgressLine: Sendable {
    private let descriptor: Int32
    private let inPlace: Bool
    private let delayNanoseconds: UInt64
    private let intervalNanoseconds: UInt64
    private let startNanoseconds: UInt64
    private let total = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let shown = Atomic<Bool>(false)
    private let worker = Mutex<Platform.Thread?>(nil)

    /// `inPlace`: rewrite one line (a terminal); otherwise a line per `interval` after the delay.
    public init(descriptor: Int32, inPlace: Bool, delay: Double = 1.0, interval: Double? = nil) {
        self.descriptor = descriptor
        self.inPlace = inPlace
        delayNanoseconds = UInt64(max(0, delay) * 1e9)
        intervalNanoseconds = UInt64(max(0.01, interval ?? (inPlace ? 0.1 : 1.0)) * 1e9)
        startNanoseconds = Platform.monotonicNanoseconds()
    }

    /// How many files the run will audit, once they are found.
    public func setTotal(_ count: Int) { total.store(count, ordering: .relaxed) }

    /// One more file audited (from any thread).
    public func fileDone(_ count: Int = 1) { done.add(count, ordering: .relaxed) }

    /// Starts the thread that draws the line.
    public func start() {
        let thread = Platform.startThread { [self] in run() }
        worker.withLock { $0 = thread }
    }

    /// Stops drawing and erases the line if one is shown; call before writing the summary.
    public func finish() {
        stopping.store(true, ordering: .relaxed)
        if let thread = worker.withLock({ value -> Platform.Thread? in
            defer { value = nil }
            return value
        }) {
            Platform.join(thread)
        }
        if inPlace && shown.load(ordering: .relaxed) { Platform.writeAll(descriptor, "\r\u{1B}[K") }
    }

    /// The text of the line now.
    public func text() -> String {
        let elapsed = Double(Platform.monotonicNanoseconds() - startNanoseconds) / 1e9
        let tenths = Int((elapsed * 10).rounded(.down))
        return "focusaudit: \(done.load(ordering: .relaxed))/\(total.load(ordering: .relaxed)) files, \(tenths / 10).\(tenths % 10) s"
    }

    private func run() {
        var next = startNanoseconds + delayNanoseconds
        while !stopping.load(ordering: .relaxed) {
            let now = Platform.monotonicNanoseconds()
            if now >= next {
                let line = text()
                Platform.writeAll(descriptor, inPlace ? "\r" + line + "\u{1B}[K" : line + "\n")
                shown.store(true, ordering: .relaxed)
                next = now + intervalNanoseconds
            }
            Platform.sleep(nanoseconds: min(10_000_000, next > now ? next - now : 0))
        }
    }
}
