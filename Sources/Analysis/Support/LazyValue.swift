import Foundation

/// A value derived from an immutable model, computed by the first thread that asks for it
/// while the others wait, then shared: rules running side by side compute it once.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()

    init() {}

    /// The value, computed by `compute` on first use; `compute` must not ask this same
    /// `LazyValue` (the lock is held while it runs).
    func get(compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let computed = compute()
        value = computed
        return computed
    }
}
