/// The one box for a value that is not `Sendable` on its way between threads: screens handed to a
/// `ReadCrew` and their nodes handed back, the run a crew thread checks them with, the findings of
/// the whole-file checks run on a second thread, a part read by one thread of the parts route, the
/// findings and buffer of the JSON report's writing thread.
///
/// Safe because of how it is used, which the compiler cannot see: one side writes the value and
/// then hands the slot over through something that orders that write before the other side's
/// reads (the crew's lock, a semaphore, the join of `WorkQueue.map`'s threads), and from
/// then on only the other side touches it, or both sides only read it.
final class Slot<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
