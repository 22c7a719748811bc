import Synchronization

/// A `FileRun` whose screens are checked in batches by a `ReadCrew` while the rest of the file is
/// read, so a large file's screens are checked on a second core. The crew runs the batches one at
/// a time and in reading order, so the findings are the same as when one thread does everything;
/// at most a few batches wait at a time, so memory stays bounded.
final class PipelinedRun: LabelledLeafFoldingSink, FileFinishing {
    /// A batch is handed over once it holds `batchViews` views or `batchScreens` screens: sized by
    /// views, so that a batch of small screens is not handed over (a queue entry, a box and a
    /// wake-up of the checking thread) for a few dozen views, while one of large screens stays
    /// small enough to keep both threads busy and memory bounded.
    static let batchViews = 1_600
    static let batchScreens = 512

    private let run: FileRun
    private let crew: ReadCrew
    private var batch: [Screen] = []
    private var batchViewCount = 0
    /// Checked batches handed back to the reading thread, which made their elements: it frees
    /// them. With glibc's allocator, freeing memory on another thread than the one that allocated
    /// it contends with that thread's own allocations (it cost about a fifth of the run when every
    /// element was an object of its own).
    private let checked = Mutex<[Slot<ScreenBatch>]>([])
    /// Emptied stores of small screens that have been checked, for the screens read next: most
    /// screens are small, and making a store for each took the allocator's slower paths (the stores
    /// come back a batch at a time).
    private var spareStores: [ElementStore] = []
    static let spareStoresKept = batchScreens

    init(_ run: FileRun, crew: ReadCrew) {
        self.run = run
        self.crew = crew
        run.sharesGraphChecks = true
        batch.reserveCapacity(Self.batchScreens)
    }

    func didReadHeader(_ header: AppHeader) {
        hand { $0.didReadHeader(header) }
    }

    func didReadScreen(_ screen: consuming Screen) {
        // A screen whose views were not counted (Interface Builder scenes) counts as a 32nd of a
        // batch, as when batches were 32 screens whatever their size.
        batchViewCount += screen.viewCount > 0 ? screen.viewCount : Self.batchViews / 32
        batch.append(screen)
        if batchViewCount >= Self.batchViews || batch.count >= Self.batchScreens { handBatch() }
    }

    func finish(_ outcome: ReadOutcome) -> FileAudit {
        handBatch()
        crew.finish()
        let audit = run.finish(outcome)
        takeBackChecked()
        return audit
    }

    func abandon() {
        batch = []
        crew.finish()
        takeBackChecked()
    }

    private func handBatch() {
        takeBackChecked()
        guard !batch.isEmpty else { return }
        // A box rather than the list itself, so that once checked the list has one owner again.
        // The batch holds the screens' elements too, so that they are freed when the reading
        // thread takes the batch back, not where they were checked.
        let screens = Slot(ScreenBatch(screens: batch, elements: batch.compactMap(\.elements)))
        batch = []
        batchViewCount = 0
        batch.reserveCapacity(Self.batchScreens)
        hand { run in
            // Each screen is moved out of the batch to the run, not copied: reversed, so that taking
            // the last one each time takes them in reading order.
            var list: [Screen] = []
            swap(&list, &screens.value.screens)
            // The batch is announced first: a link to a screen later in it need not wait.
            run.expectScreens(list)
            list.reverse()
            while let screen = list.popLast() { run.didReadScreen(screen) }
            run.expectScreens([])
            self.checked.withLock { $0.append(screens) }
        }
    }

    /// Takes back the batches the crew has checked, on the reading thread, which frees their
    /// elements.
    private func takeBackChecked() {
        let done = checked.withLock { list -> [Slot<ScreenBatch>] in
            let taken = list
            list = []
            return taken
        }
        for slot in done {
            var elements = slot.value.elements
            slot.value.elements = []
            for i in elements.indices where spareStores.count < Self.spareStoresKept {
                // Only a store nothing else holds (the screen's analysis has let it go).
                guard isKnownUniquelyReferenced(&elements[i]), elements[i].isSmall else { continue }
                elements[i].removeAll()
                spareStores.append(elements[i])
            }
        }
    }

    func emptyElementStore() -> ElementStore {
        spareStores.popLast() ?? ElementStore()
    }

    var foldsPlainLeaves: Bool { run.foldsPlainLeaves }
    var foldingRoleWords: (any RoleWordFinder)? { run.foldingRoleWords }
    var idLeafFolding: IDLeafFolding { run.idLeafFolding }
    /// Set on the reading thread, which also reads it once the file is read.
    private(set) var foldedIDsMet = false
    func foldedIDMet() { foldedIDsMet = true }

    /// Has the crew run `work` after everything handed over before it.
    private func hand(_ work: @escaping (FileRun) -> Void) {
        let slot = Slot((run, work))
        crew.check { slot.value.1(slot.value.0) }
    }
}

/// One batch of screens on its way to be checked and back (in a `Slot`).
private struct ScreenBatch {
    var screens: [Screen]
    /// The screens' elements, as they were read.
    var elements: [ElementStore]
}
