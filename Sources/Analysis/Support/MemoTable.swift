import Foundation

/// Answers already computed for one model, by name: rules ask the same questions again and
/// again, from several threads. Belongs to one model; never shared between analyses.
final class MemoTable<Value: Sendable>: @unchecked Sendable {
    private var answers: [String: Value] = [:]
    private let lock = NSLock()

    /// The answer for `key`, computed by `compute` the first time. The lock is not held
    /// while `compute` runs: it may ask this table for other keys (two threads asking for
    /// the same key at once may both compute it; the answers are equal).
    func value(for key: String, compute: () -> Value) -> Value {
        lock.lock()
        if let known = answers[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let computed = compute()
        lock.lock()
        answers[key] = computed
        lock.unlock()
        return computed
    }

    /// The answer kept for `key`, if one is.
    func known(_ key: String) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return answers[key]
    }

    /// Keeps `value` as the answer for `key`: for answers computed by a walk that decides on
    /// its own which of its answers hold whatever was asked before (``value(for:compute:)``
    /// keeps every answer).
    func remember(_ value: Value, for key: String) {
        lock.lock()
        answers[key] = value
        lock.unlock()
    }
}
