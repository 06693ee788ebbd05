import Foundation

/// Runs two independent stages of an analysis side by side when more than one thread is
/// allowed, one after the other otherwise; the results do not depend on scheduling.
enum Parallel {
    static func both<First: Sendable, Second: Sendable>(
        concurrency: Int, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard concurrency > 1 else { return (first(), second()) }
        let firstResult = LazyValue<First>()
        let secondResult = LazyValue<Second>()
        DispatchQueue.concurrentPerform(iterations: 2) { stage in
            if stage == 0 { _ = firstResult.get(compute: first) } else { _ = secondResult.get(compute: second) }
        }
        return (firstResult.get(compute: first), secondResult.get(compute: second))
    }
}
