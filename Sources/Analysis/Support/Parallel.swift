import Foundation

/// Runs two independent stages of an analysis side by side on a team of two or more, one
/// after the other on a team of one; the results do not depend on scheduling.
enum Parallel {
    static func both<First: Sendable, Second: Sendable>(
        team: ThreadTeam, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard team.size > 1 else { return (first(), second()) }
        let firstResult = LazyValue<First>()
        let secondResult = LazyValue<Second>()
        team.run { member in
            if member == 0 { _ = firstResult.get(compute: first) } else if member == 1 { _ = secondResult.get(compute: second) }
        }
        return (firstResult.get(compute: first), secondResult.get(compute: second))
    }
}
