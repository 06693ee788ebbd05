@testable import Analysis
import Foundation
import XCTest

/// `ThreadTeam` runs every member of a stage once, side by side, and returns when all are
/// done; a team of one runs on the calling thread.
final class ThreadTeamTests: XCTestCase {
    /// How often each member ran, and how many ran at once at most.
    private final class Seen: @unchecked Sendable {
        private var runs: [Int]
        private var running = 0
        private var mostAtOnce = 0
        private let lock = NSLock()

        init(size: Int) {
            runs = Array(repeating: 0, count: size)
        }

        func enter(_ member: Int) {
            lock.lock()
            runs[member] += 1
            running += 1
            mostAtOnce = max(mostAtOnce, running)
            lock.unlock()
        }

        func leave() {
            lock.lock()
            running -= 1
            lock.unlock()
        }

        var all: (runs: [Int], mostAtOnce: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (runs, mostAtOnce)
        }
    }

    func testEveryMemberRunsOnceAStageAndTheStageWaitsForAll() {
        for size in [1, 2, 3, 8] {
            ThreadTeam.with(size: size) { team in
                XCTAssertEqual(team.size, size)
                for _ in 1...3 {
                    let seen = Seen(size: size)
                    team.run { member in
                        seen.enter(member)
                        Thread.sleep(forTimeInterval: 0.002)
                        seen.leave()
                    }
                    XCTAssertEqual(seen.all.runs, Array(repeating: 1, count: size), "size \(size)")
                }
            }
        }
    }

    func testATeamOfOneRunsOnTheCallingThread() {
        let caller = pthread_self()
        ThreadTeam.with(size: 0) { team in
            XCTAssertEqual(team.size, 1, "at least one")
            team.run { member in
                XCTAssertEqual(member, 0)
                XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0)
            }
        }
    }

    /// Members share out the pieces of a stage: together they do each piece exactly once,
    /// also in a stage started inside another.
    func testSharedWorkIsDoneOnceAlsoInsideAStage() {
        ThreadTeam.with(size: 4) { team in
            let done = Seen(size: 100)
            let next = Counter()
            team.run { _ in
                while let piece = next.take(below: 100) {
                    done.enter(piece)
                    done.leave()
                    if piece == 0 {
                        let inner = Seen(size: 4)
                        team.run { inner.enter($0); inner.leave() }
                        XCTAssertEqual(inner.all.runs, [1, 1, 1, 1])
                    }
                }
            }
            XCTAssertEqual(done.all.runs, Array(repeating: 1, count: 100))
        }
    }
}

/// The next piece of shared work.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
