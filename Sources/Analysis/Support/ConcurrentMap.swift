import Foundation

/// Maps `work` over `items` on up to `concurrency` threads and returns the results in
/// input order, so that parallel stages stay deterministic. Each worker takes the next
/// item not yet taken: items differ widely in cost (one large source file, one rule that
/// reads every document), and a fixed split would leave one worker idle.
enum ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], concurrency: Int, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        guard concurrency > 1, items.count > 1 else { return items.map(work) }
        let slots = ResultSlots<Result>(count: items.count)
        let workers = min(concurrency, items.count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let position = slots.claim() {
                slots.store(work(items[position]), at: position)
            }
        }
        return slots.all()
    }
}

/// Slots written by concurrent workers, one slot per item, and the next item to take.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private var slots: [Result?]
    private var next = 0
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    /// The position of the next item no worker has taken, or `nil` when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ result: Result, at position: Int) {
        lock.lock()
        slots[position] = result
        lock.unlock()
    }

    func all() -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
