import Foundation

/// Maps `work` over `items` on the threads of a ``ThreadTeam`` and returns the results in
/// input order, so that parallel stages stay deterministic. Each worker takes the next
/// item not yet taken: items differ widely in cost (one large source file, one rule that
/// reads every document), and a fixed split would leave one worker idle.
enum ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], team: ThreadTeam, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        map(items, order: nil, team: team, work)
    }

    /// ``map(_:team:_:)`` handing the items out largest first by `cost` (an estimate,
    /// such as a file's size), the results still in input order: a large item taken last
    /// keeps one thread busy while the others idle, and in a small project the largest
    /// source or storyboard is as often as not the last by path.
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], team: ThreadTeam, largestFirst cost: (Item) -> Int, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        guard team.size > 1, items.count > 1 else { return items.map(work) }
        return map(items, order: largestFirstOrder(items.map(cost)), team: team, work)
    }

    /// Positions by descending cost; equal costs in input order.
    static func largestFirstOrder(_ costs: [Int]) -> [Int] {
        costs.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
    }

    /// Items are taken in `order` (positions into `items`), or in input order when `nil`.
    private static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], order: [Int]?, team: ThreadTeam, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        guard team.size > 1, items.count > 1 else { return items.map(work) }
        let slots = ResultSlots<Result>(count: items.count, order: order)
        team.run { _ in
            while let position = slots.claim() {
                slots.store(work(items[position]), at: position)
            }
        }
        return slots.all()
    }
}

extension ConcurrentMap {
    /// Maps `work` over `items`, largest first by `cost`, and runs `side` in the same team of
    /// threads, as its first job (the longest single job starts at once): stages that could
    /// overlap share one stage instead of nesting a second inside the first, which would
    /// ask for more threads than the team's.
    static func map<Side: Sendable, Item: Sendable, Result: Sendable>(
        _ items: [Item], beside side: @Sendable () -> Side, team: ThreadTeam,
        largestFirst cost: (Item) -> Int, _ work: @Sendable (Item) -> Result
    ) -> (side: Side, results: [Result]) {
        let order = team.size > 1 ? [0] + largestFirstOrder(items.map(cost)).map { $0 + 1 } : nil
        let outputs = map(Array(0...items.count), order: order, team: team) { position -> Output<Side, Result> in
            position == 0 ? .side(side()) : .item(work(items[position - 1]))
        }
        var sideValue: Side?
        var results: [Result] = []
        results.reserveCapacity(items.count)
        for output in outputs {
            switch output {
            case .side(let value): sideValue = value
            case .item(let value): results.append(value)
            }
        }
        // The first output is always the side job's; computing it again is never reached.
        return (sideValue ?? side(), results)
    }

    private enum Output<Side: Sendable, Result: Sendable>: Sendable {
        case side(Side)
        case item(Result)
    }
}

/// Slots written by concurrent workers, one slot per item, and the next item to take.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private var slots: [Result?]
    private var next = 0
    /// The positions in the order they are handed out; input order when `nil`.
    private let order: [Int]?
    private let lock = NSLock()

    init(count: Int, order: [Int]?) {
        slots = Array(repeating: nil, count: count)
        self.order = order
    }

    /// The position of the next item no worker has taken, or `nil` when all are taken.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return order?[next - 1] ?? next - 1
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
