import Foundation

/// Maps `work` over `items` on up to `concurrency` threads and returns the results in
/// input order, so that parallel stages stay deterministic.
enum ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], concurrency: Int, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        guard concurrency > 1, items.count > 1 else { return items.map(work) }
        let slots = ResultSlots<Result>(count: items.count)
        let workers = min(concurrency, items.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var position = worker
            while position < items.count {
                slots.store(work(items[position]), at: position)
                position += workers
            }
        }
        return slots.all()
    }
}

/// Slots written by concurrent workers, one slot per item.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private var slots: [Result?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
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
