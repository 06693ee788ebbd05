import Foundation

/// Wakes the requests waiting on `?wait=` when any analysis finishes; each waiter then
/// re-reads its own analysis from the store.
final class CompletionBoard: Sendable {
    private let condition = NSCondition()

    /// Tells every waiter that some analysis finished.
    func announce() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Calls `isDone` until it returns a value or `deadline` passes; `nil` on timeout.
    func wait<Value>(until deadline: Date, _ isDone: () -> Value?) -> Value? {
        while true {
            condition.lock()
            if let value = isDone() {
                condition.unlock()
                return value
            }
            guard Date() < deadline else {
                condition.unlock()
                return nil
            }
            // Bounded so that a missed broadcast costs at most a second.
            _ = condition.wait(until: min(deadline, Date(timeIntervalSinceNow: 1)))
            condition.unlock()
        }
    }
}
