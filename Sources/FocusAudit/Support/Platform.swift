// The one file of focusaudit that talks to the operating system's C library. Every other file calls
// the functions below, so the package builds on macOS (Darwin), on glibc Linux (Debian, Ubuntu) and
// on musl Linux (Alpine, static SDK) from the same source. `.ci/run` fails when any other Swift file
// names one of these modules.
//
// Differences between the C libraries that this file absorbs:
// - `stat.st_mode` is a `mode_t` of 16 bits on Darwin and 32 bits on Linux, and the `S_IF*`
//   constants are imported with different types: the file type is compared as a `UInt32` against the
//   POSIX values, which are the same everywhere (POSIX `<sys/stat.h>`).
// - `pthread_t` is an integer on glibc and a pointer on Darwin and musl, so `pthread_create` takes a
//   `pthread_t` there and a `pthread_t?` here; its start routine gets an optional argument on Linux
//   and a non-optional one on Darwin.
// - `opendir` returns `UnsafeMutablePointer<DIR>` on Darwin and `OpaquePointer` on Linux, and
//   `dirent.d_name` is a tuple of 1024 characters on Darwin and 256 on Linux: both are only used
//   through type inference and the tuple's own size.
// - `_SC_NPROCESSORS_ONLN` is an `Int32` macro on Darwin and an enum case on glibc.

import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("focusaudit needs the C library of Darwin, glibc or musl")
#endif

/// Operating-system calls, with the same meaning on every supported platform.
public enum Platform {
    // MARK: Errors

    /// The calling thread's `errno`, as the last failed call left it.
    static var lastError: Int32 { errno }

    /// `EINTR`: a call interrupted by a signal before it did anything, to be retried.
    static var interrupted: Int32 { EINTR }

    /// The system's description of an `errno` value ("No such file or directory").
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The description of the calling thread's `errno`.
    static func lastErrorText() -> String { errorText(errno) }

    // MARK: Files

    /// What a path or descriptor is.
    enum FileKind: Equatable {
        case regular, directory, symbolicLink, other
    }

    /// The part of `stat` focusaudit uses.
    struct FileStatus {
        var kind: FileKind
        /// Size in bytes (of the link itself for a symbolic link).
        var size: Int
    }

    private static func fileStatus(_ info: stat) -> FileStatus {
        // POSIX file type bits (S_IFMT) and values, the same on Darwin and Linux.
        let kind: FileKind
        switch UInt32(info.st_mode) & 0o170000 {
        case 0o100000: kind = .regular
        case 0o040000: kind = .directory
        case 0o120000: kind = .symbolicLink
        default: kind = .other
        }
        return FileStatus(kind: kind, size: Int(info.st_size))
    }

    /// `stat` (following symbolic links) or `lstat` (not following them); nil with `errno` set.
    static func status(ofPath path: String, followingLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? fileStatus(info) : nil
    }

    /// `fstat`; nil with `errno` set.
    static func status(ofDescriptor descriptor: Int32) -> FileStatus? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? fileStatus(info) : nil
    }

    /// Whether the path names anything (`access(path, F_OK)`), without following it further.
    public static func pathExists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether this process may write into the path (`access(path, W_OK)`).
    static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// Whether `errno` says the path does not exist.
    static var lastErrorIsNoSuchFile: Bool { errno == ENOENT }

    /// Opens a file for reading: close-on-exec, and non-blocking so that opening a FIFO named by
    /// mistake does not wait for a writer. Returns the descriptor, or -1 with `errno` set.
    static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }

    /// Creates or truncates a file for writing (mode 0666 before the umask), close-on-exec.
    /// Returns the descriptor, or -1 with `errno` set.
    static func createForWriting(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    }

    /// `close`; 0, or -1 with `errno` set.
    @discardableResult
    static func closeDescriptor(_ descriptor: Int32) -> Int32 {
        close(descriptor)
    }

    /// `pread`: up to `count` bytes at `offset`; the number read, 0 at the end, -1 with `errno` set.
    @inline(__always)
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, at offset: Int) -> Int {
        pread(descriptor, buffer, count, off_t(offset))
    }

    /// `write`: the number of bytes written (possibly fewer than `count`), or -1 with `errno` set.
    @inline(__always)
    static func writeSome(_ descriptor: Int32, _ bytes: UnsafeRawPointer, count: Int) -> Int {
        write(descriptor, bytes, count)
    }

    /// Writes all of `bytes`, retrying short writes and interruptions. Returns 0, or the `errno` of
    /// the failure.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = 0
        while offset < bytes.count {
            let n = write(descriptor, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Writes a string's UTF-8 bytes in full; 0, or the `errno` of the failure.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
    }

    /// `rename`; nil, or the `errno` of the failure.
    static func renameFile(_ from: String, to: String) -> Int32? {
        rename(from, to) == 0 ? nil : errno
    }

    /// `unlink`, ignoring failure.
    static func removeFile(_ path: String) {
        _ = unlink(path)
    }

    /// `mkdir` with mode 0755 before the umask; 0, or -1 with `errno` set (EEXIST included).
    @discardableResult
    static func makeDirectory(_ path: String) -> Int32 {
        mkdir(path, 0o755)
    }

    /// The names in a directory, without `.` and `..`, in the order the system gives them; nil when
    /// it cannot be opened.
    static func directoryEntries(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// A directory entry as the file system has it: its name's bytes (which need not be UTF-8) and
    /// whether `readdir` says it is a directory (false when it does not say).
    struct RawEntry {
        var name: [UInt8]
        var isDirectory: Bool
    }

    /// The entries of a directory, without `.` and `..`; nil, with `errno` set, when it cannot be
    /// opened.
    static func rawDirectoryEntries(_ path: String) -> [RawEntry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [RawEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { start in
                    Array(UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            entries.append(RawEntry(name: name, isDirectory: Int32(entry.pointee.d_type) == Int32(DT_DIR)))
        }
        return entries
    }

    /// The current directory, or nil when it cannot be found (removed, or too long a path).
    public static var currentDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        return getcwd(&buffer, buffer.count).map { String(cString: $0) }
    }

    // MARK: Process

    /// Standard output's descriptor.
    public static var standardOutput: Int32 { STDOUT_FILENO }
    /// Standard error's descriptor.
    public static var standardError: Int32 { STDERR_FILENO }

    /// Ends the process at once with the status (buffered C streams are flushed; focusaudit's own
    /// writers have written everything by then).
    public static func exitProcess(_ status: Int32) -> Never {
        exit(status)
    }

    /// Ends the process abnormally (`abort`), as a crash that a fuzzer records.
    static func abortProcess() -> Never {
        abort()
    }

    /// An environment variable's value, or nil when it is not set.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether the descriptor is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) != 0
    }

    /// The process id (for unique temporary file names).
    static var processID: Int32 { getpid() }

    /// Processors online, at least 1.
    static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Monotonic time in nanoseconds since the first call, for elapsed times (never the wall
    /// clock). The standard library's clock, so no C clock constant differs between platforms.
    public static func monotonicNanoseconds() -> UInt64 {
        let elapsed = clockOrigin.duration(to: .now).components
        return UInt64(max(0, elapsed.seconds)) * 1_000_000_000 + UInt64(max(0, elapsed.attoseconds) / 1_000_000_000)
    }

    private static let clockOrigin = ContinuousClock.now

    // MARK: Threads

    /// Sleeps the calling thread (`nanosleep`), at most about a second at a time.
    static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// Gives the processor to another thread (`sched_yield`).
    @inline(__always)
    static func yieldThread() {
        sched_yield()
    }

    /// A thread started by `startThread`, to be joined once.
    struct Thread {
        fileprivate let handle: pthread_t
    }

    private final class ThreadBody {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts a thread running `body`; nil when the system has no thread to give. With
    /// `stackBytes`, the thread's stack has that size (address space: only the pages the thread
    /// touches take memory); without, the system's default, which is 512 KiB for a secondary thread
    /// on macOS and the process's stack limit (8 MiB by default) on Linux. A size the system refuses
    /// leaves the default.
    static func startThread(stackBytes: Int? = nil, _ body: @escaping () -> Void) -> Thread? {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var granted = 0
        if let stackBytes, stackBytes > 0, pthread_attr_setstacksize(&attributes, stackBytes) == 0 { granted = stackBytes }
        let size = granted
        let box = Unmanaged.passRetained(
            ThreadBody {
                // The thread's own record of its stack, read by `threadStackBytes`.
                if size > 0 { _ = pthread_setspecific(stackSizeKey, UnsafeRawPointer(bitPattern: size)) }
                body()
            }
        ).toOpaque()
        // The start routine's argument is optional on Linux and may not be on Darwin: the closure
        // is written inline so that its type follows the platform's declaration, and converts the
        // argument to an optional, which compiles either way.
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let started = pthread_create(
            &thread, &attributes,
            { raw in
                let context: UnsafeMutableRawPointer? = raw
                Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, box)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            return nil
        }
        #if canImport(Glibc)
            return Thread(handle: thread)
        #else
            return thread.map { Thread(handle: $0) }
        #endif
    }

    /// The size of the calling thread's stack when `startThread` set it (the size asked for and
    /// granted); nil on any other thread (the main thread, a thread of Dispatch or of a caller of
    /// the library), whose stack is the system's.
    static var threadStackBytes: Int? {
        let size = Int(bitPattern: pthread_getspecific(stackSizeKey))
        return size > 0 ? size : nil
    }

    /// A number for the calling thread, different from that of every other thread running (a
    /// thread that has ended may leave its number to a new one).
    static var currentThreadNumber: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// The thread-specific slot of `threadStackBytes`, made once per process. It holds a number, not
    /// memory, so it has no destructor.
    private static let stackSizeKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Waits for a thread started by `startThread` to end.
    static func join(_ thread: Thread) {
        pthread_join(thread.handle, nil)
    }

    /// A mutex with one condition variable, in memory that does not move (pthread objects must not
    /// be copied). Threads sleep in `wait` until another one calls `broadcast`.
    /// Call `destroy` once, when no thread uses it any more.
    struct Monitor {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>
        private let condition: UnsafeMutablePointer<pthread_cond_t>

        init() {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            condition = .allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        func destroy() {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        @inline(__always) func lock() { pthread_mutex_lock(mutex) }
        @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }
        /// Sleeps until a broadcast (or a spurious wake-up); the mutex must be held, and is again on
        /// return.
        @inline(__always) func wait() { pthread_cond_wait(condition, mutex) }
        /// Wakes every thread sleeping in `wait`.
        @inline(__always) func broadcast() { pthread_cond_broadcast(condition) }
    }

    // MARK: Memory and C strings

    /// `memcmp`: whether `count` bytes at `a` and `b` are equal.
    @inline(__always)
    static func bytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// `memchr`: whether `byte` occurs in `count` bytes at `start`.
    @inline(__always)
    static func containsByte(_ start: UnsafeRawPointer, count: Int, _ byte: UInt8) -> Bool {
        memchr(start, Int32(byte), count) != nil
    }

    /// `strlen`.
    @inline(__always)
    static func cStringLength(_ text: UnsafePointer<CChar>) -> Int {
        strlen(text)
    }

    /// `strcmp(a, b) == 0`.
    @inline(__always)
    static func cStringsEqual(_ a: UnsafePointer<CChar>, _ b: UnsafePointer<CChar>) -> Bool {
        strcmp(a, b) == 0
    }

    /// `strstr(text, part) != nil`.
    @inline(__always)
    static func cString(_ text: UnsafePointer<CChar>, contains part: UnsafePointer<CChar>) -> Bool {
        strstr(text, part) != nil
    }
}

// MARK: - Report files: identity, exclusive creation, writing in place

extension Platform {
    /// More of `stat` than `FileStatus` keeps: the kind of a special file, the file's identity
    /// (device and inode) and its owner.
    struct FileDetails: Equatable {
        enum Kind: Equatable {
            case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other
        }
        var kind: Kind
        var identity: FileIdentity
        var owner: UInt32
    }

    /// The same file whatever path names it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private static func fileDetails(_ info: stat) -> FileDetails {
        // POSIX file type bits and values, the same on Darwin and Linux.
        let kind: FileDetails.Kind
        switch UInt32(info.st_mode) & 0o170000 {
        case 0o100000: kind = .regular
        case 0o040000: kind = .directory
        case 0o120000: kind = .symbolicLink
        case 0o010000: kind = .fifo
        case 0o020000: kind = .characterDevice
        case 0o060000: kind = .blockDevice
        case 0o140000: kind = .socket
        default: kind = .other
        }
        return FileDetails(
            kind: kind,
            identity: FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)),
            owner: UInt32(info.st_uid))
    }

    /// `lstat` (a symbolic link is reported as one) or `stat` (following links); the `errno` of a failure.
    static func details(followingLinks: Bool, ofPath path: String) -> Result<FileDetails, Errno> {
        var info = stat()
        let result = followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? .success(fileDetails(info)) : .failure(Errno(errno))
    }

    /// `fstat`.
    static func details(ofDescriptor descriptor: Int32) -> FileDetails? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? fileDetails(info) : nil
    }

    /// Creates a new file for writing, failing when anything (even a dangling symbolic link) already
    /// has the name: `O_CREAT | O_EXCL | O_NOFOLLOW`, mode 0666 before the umask, as the report
    /// would have with a plain `open`.
    static func createNewFile(_ path: String) -> Result<Int32, Errno> {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o666)
        return fd >= 0 ? .success(fd) : .failure(Errno(errno))
    }

    /// Opens an existing file to write into it where it is (a device, a FIFO), never blocking on the
    /// open: a FIFO nobody reads fails with `ENXIO` instead of waiting. Writes then block as usual.
    /// `append` writes after what the file holds (for standard output's own file).
    static func openInPlace(_ path: String, append: Bool) -> Result<Int32, Errno> {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (append ? O_APPEND : 0))
        guard fd >= 0 else { return .failure(Errno(errno)) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return .success(fd)
    }

    /// The canonical absolute path (links resolved), or nil when it does not exist.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static var effectiveUserID: UInt32 { UInt32(geteuid()) }

    /// Whether a process with this id exists (in this process's pid namespace).
    static func processExists(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// The machine's host name, or an empty string.
    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// An `errno` value, with the system's text for it.
public struct Errno: Error, Equatable, Sendable {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
    public var text: String { Platform.errorText(code) }

    static let noReader = Errno(ENXIO)
    static let exists = Errno(EEXIST)
}

// MARK: - Signals

extension Platform {
    /// Makes a write to a pipe whose reader is gone fail with `EPIPE` instead of killing the process,
    /// so report files are still finished when standard output goes to `head`.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Lets the termination signals focusaudit handles (`cleanupSignals`) through, in case the
    /// parent started it with them blocked (Foundation's `Process` does on Linux): a blocked SIGTERM
    /// would make the run impossible to stop. Call before any thread starts.
    public static func unblockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for sig in cleanupSignals { sigaddset(&set, sig) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// The termination signals after which focusaudit removes its temporary files before dying.
    static let cleanupSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Runs `body` with `cleanupSignals` held back on this thread, then lets through any that came
    /// meanwhile: a temporary file is created and registered for removal in one step, so a signal
    /// can never come between the two and leave the file behind.
    static func withCleanupSignalsHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var set = sigset_t()
        var previous = sigset_t()
        sigemptyset(&set)
        for sig in cleanupSignals { sigaddset(&set, sig) }
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Installs, once, handlers for `cleanupSignals` that remove every temporary file registered in
    /// `TemporaryFiles`, then die of the same signal with its default action (so the exit status
    /// still tells the parent which signal it was). A signal the process inherited as ignored stays
    /// ignored.
    static func installCleanupHandlers() {
        _ = cleanupInstalled
    }

    private static let cleanupInstalled: Bool = {
        _ = TemporaryFiles.shared  // built before any handler can run
        for sig in cleanupSignals {
            let previous = signal(sig, cleanupHandler)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(sig, SIG_IGN)
            }
        }
        return true
    }()
}

/// Runs in a signal handler: only async-signal-safe calls (`unlink`, `signal`, `raise`) and reads
/// of memory allocated before the handler was installed.
private func cleanupHandler(_ sig: Int32) {
    TemporaryFiles.shared.removeAllFromSignalHandler()
    signal(sig, SIG_DFL)
    raise(sig)
}

/// The temporary files being written right now, in fixed slots of plain C memory that a signal
/// handler can read without allocating or locking.
final class TemporaryFiles: Sendable {
    static let shared = TemporaryFiles()

    static let slotCount = 16
    static let pathCapacity = 4096

    /// Per slot: 0 free, 1 being filled, 2 holding a path to remove on a signal.
    nonisolated(unsafe) private let states: UnsafeMutablePointer<Atomic<Int>>
    nonisolated(unsafe) private let paths: UnsafeMutablePointer<CChar>

    private init() {
        states = .allocate(capacity: Self.slotCount)
        for i in 0..<Self.slotCount { (states + i).initialize(to: Atomic(0)) }
        paths = .allocate(capacity: Self.slotCount * Self.pathCapacity)
        paths.initialize(repeating: 0, count: Self.slotCount * Self.pathCapacity)
    }

    /// Registers a path to remove if the process is told to terminate; returns its slot, or nil when
    /// every slot is taken or the path is too long to keep (the file is then only removed by a later
    /// run, as after SIGKILL).
    func register(_ path: String) -> Int? {
        let utf8 = Array(path.utf8)
        guard utf8.count < Self.pathCapacity, !utf8.contains(0) else { return nil }
        for slot in 0..<Self.slotCount {
            guard states[slot].compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else { continue }
            let start = paths + slot * Self.pathCapacity
            utf8.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { start.update(from: $0.baseAddress!, count: $0.count) }
            }
            start[utf8.count] = 0
            states[slot].store(2, ordering: .releasing)
            return slot
        }
        return nil
    }

    /// Forgets a path once the file has been renamed or removed.
    func unregister(_ slot: Int) {
        states[slot].store(0, ordering: .releasing)
    }

    fileprivate func removeAllFromSignalHandler() {
        for slot in 0..<Self.slotCount where states[slot].load(ordering: .acquiring) == 2 {
            unlink(paths + slot * Self.pathCapacity)
        }
    }
}
