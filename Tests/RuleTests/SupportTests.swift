@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// The concurrency helpers the analysis stages share: `LazyValue` computes once however
/// many threads ask, `ConcurrentMap` keeps input order and calls its work once per item
/// (and a side job once),
/// `Parallel.both` runs both stages (side by side when allowed) and returns each result.
final class SupportTests: XCTestCase {
    /// A counter many threads may bump.
    private final class Counter: @unchecked Sendable {
        private var count = 0
        private let lock = NSLock()

        @discardableResult
        func increment() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    /// Results written by concurrent readers, one slot each.
    private final class Collected: @unchecked Sendable {
        private var values: [Int?]
        private let lock = NSLock()

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func set(_ value: Int, at index: Int) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }

        var all: [Int?] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    // MARK: LazyValue

    func testLazyValueIsComputedOnceUnderConcurrentReaders() {
        let lazy = LazyValue<Int>()
        let computations = Counter()
        let readers = 32
        let seen = Collected(count: readers)
        DispatchQueue.concurrentPerform(iterations: readers) { reader in
            let value = lazy.get {
                Thread.sleep(forTimeInterval: 0.005)
                return 1_000 + computations.increment()
            }
            seen.set(value, at: reader)
        }
        XCTAssertEqual(computations.value, 1)
        XCTAssertEqual(seen.all, Array(repeating: 1_001, count: readers), "every reader gets the one computed value")
        XCTAssertEqual(lazy.get { -1 }, 1_001, "later readers do not compute again")
    }

    func testLazyValueKeepsAComputedNilAsAValue() {
        let lazy = LazyValue<Int?>()
        let computations = Counter()
        XCTAssertNil(lazy.get { computations.increment(); return nil })
        XCTAssertNil(lazy.get { computations.increment(); return 7 })
        XCTAssertEqual(computations.value, 1, "a computed nil is the value, not a reason to compute again")
    }

    // MARK: ConcurrentMap

    func testConcurrentMapKeepsInputOrderAndCallsWorkOncePerItem() {
        let items = Array(0..<1_000)
        for concurrency in [1, 2, 4, 7] {
            let calls = Counter()
            let doubled = ConcurrentMap.map(items, concurrency: concurrency) { item -> Int in
                calls.increment()
                return item * 2
            }
            XCTAssertEqual(doubled, items.map { $0 * 2 }, "concurrency \(concurrency)")
            XCTAssertEqual(calls.value, items.count, "concurrency \(concurrency)")
        }
    }

    func testConcurrentMapBesideASideJobRunsItOnceAndKeepsItemOrder() {
        let items = Array(0..<500)
        for concurrency in [1, 2, 5] {
            let sideCalls = Counter()
            let (side, doubled) = ConcurrentMap.map(items, beside: { () -> String in
                sideCalls.increment()
                return "side"
            }, concurrency: concurrency, largestFirst: { $0 % 7 }) { $0 * 2 }
            XCTAssertEqual(side, "side")
            XCTAssertEqual(sideCalls.value, 1, "concurrency \(concurrency)")
            XCTAssertEqual(doubled, items.map { $0 * 2 }, "concurrency \(concurrency)")
        }
        let (side, none) = ConcurrentMap.map([Int](), beside: { 7 }, concurrency: 4, largestFirst: { $0 }) { $0 }
        XCTAssertEqual(side, 7)
        XCTAssertEqual(none, [], "no items: the side job alone")
    }

    /// The largest items are handed out first (a large file last would leave a thread idle
    /// at the end), equal ones in input order, and the results stay in input order. Every
    /// other item waits for the costliest to start (up to 5 s): taken in input order, the
    /// first items would hold every thread and wait in vain.
    func testConcurrentMapLargestFirstTakesTheCostliestItemsFirst() {
        XCTAssertEqual(ConcurrentMap.largestFirstOrder([3, 9, 3, 0, 9, 1]), [1, 4, 0, 2, 5, 3])
        XCTAssertEqual(ConcurrentMap.largestFirstOrder([]), [])
        let costs = [1, 1, 1, 1, 1, 1, 100]
        XCTAssertEqual(ConcurrentMap.map(Array(costs.indices), concurrency: 1, largestFirst: { costs[$0] }) { $0 * 10 },
                       costs.indices.map { $0 * 10 })
        for concurrency in [2, 3] {
            let gate = StartGate()
            let results = ConcurrentMap.map(Array(costs.indices), concurrency: concurrency, largestFirst: { costs[$0] }) { item -> Int in
                item == 6 ? gate.open() : gate.wait()
                return item * 10
            }
            XCTAssertEqual(results, costs.indices.map { $0 * 10 }, "concurrency \(concurrency)")
            XCTAssertEqual(gate.lateWaits, 0, "concurrency \(concurrency): the costliest item was not among the first taken")
        }
        let gate = StartGate()
        let (side, besideResults) = ConcurrentMap.map(Array(costs.indices), beside: { "side" }, concurrency: 3,
                                                      largestFirst: { costs[$0] }) { item -> Int in
            item == 6 ? gate.open() : gate.wait()
            return item
        }
        XCTAssertEqual(side, "side")
        XCTAssertEqual(besideResults, Array(costs.indices))
        XCTAssertEqual(gate.lateWaits, 0, "beside a side job, the costliest item is still taken right after it")
    }

    func testFilesSortedThroughTheirPositionsAreSortedAsValuesStably() {
        var generator = SeededGenerator(state: 14)
        let pieces = ["a", "B", "b", "é", "e\u{301}", "Z/", "_", "a/b"]
        for _ in 0..<50 {
            let files = (0..<40).map { index in
                ProjectFile(path: (0..<3).map { _ in pieces.randomElement(using: &generator)! }.joined(),
                            kind: .other, contents: Data([UInt8(index)]))
            }
            for precedes in [ProjectFile.pathPrecedes as (String, String) -> Bool, (<) as (String, String) -> Bool] {
                let expected = files.sorted { precedes($0.path, $1.path) }
                let actual = files.sortedByPath(precedes)
                XCTAssertEqual(actual.map(\.path), expected.map(\.path))
                XCTAssertEqual(actual.map(\.contents), expected.map(\.contents), "equal paths keep their order")
            }
        }
    }

    func testConcurrentMapEdgeCases() {
        XCTAssertEqual(ConcurrentMap.map([Int](), concurrency: 4) { $0 + 1 }, [])
        XCTAssertEqual(ConcurrentMap.map([41], concurrency: 4) { $0 + 1 }, [42])
        XCTAssertEqual(ConcurrentMap.map([1, 2, 3], concurrency: 64) { $0 * 10 }, [10, 20, 30], "more threads than items")
        XCTAssertEqual(ConcurrentMap.map([1, 2, 3], concurrency: 0) { $0 * 10 }, [10, 20, 30], "no threads means the calling one")
        XCTAssertEqual(ConcurrentMap.map([1, 2, 3], concurrency: -3) { $0 * 10 }, [10, 20, 30])
    }

    func testConcurrentMapKeepsNilResultsInPlace() {
        let parsed = ConcurrentMap.map(["1", "x", "3", "", "5"], concurrency: 3) { Int($0) }
        XCTAssertEqual(parsed, [1, nil, 3, nil, 5])
    }

    // MARK: Parallel

    func testParallelBothReturnsEachStagesResultAndRunsEachOnce() {
        for concurrency in [-1, 0, 1, 2, 8] {
            let firstCalls = Counter()
            let secondCalls = Counter()
            let (first, second) = Parallel.both(concurrency: concurrency, {
                firstCalls.increment()
                return "documents"
            }, {
                secondCalls.increment()
                return [1, 2, 3]
            })
            XCTAssertEqual(first, "documents", "concurrency \(concurrency)")
            XCTAssertEqual(second, [1, 2, 3], "concurrency \(concurrency)")
            XCTAssertEqual([firstCalls.value, secondCalls.value], [1, 1], "concurrency \(concurrency)")
        }
    }

    func testParallelBothRunsTheStagesSideBySideWhenAllowed() {
        // Each stage waits (bounded) for the other to have started: only side by side do both see it.
        let firstStarted = DispatchSemaphore(value: 0)
        let secondStarted = DispatchSemaphore(value: 0)
        let (firstSawSecond, secondSawFirst) = Parallel.both(concurrency: 2, {
            firstStarted.signal()
            return secondStarted.wait(timeout: .now() + 10) == .success
        }, {
            secondStarted.signal()
            return firstStarted.wait(timeout: .now() + 10) == .success
        })
        XCTAssertTrue(firstSawSecond)
        XCTAssertTrue(secondSawFirst)
    }

    func testParallelBothWithOneThreadRunsFirstThenSecondOnTheCallingThread() {
        let order = Counter()
        let caller = pthread_self()
        let (first, second) = Parallel.both(concurrency: 1, {
            (order.increment(), pthread_equal(pthread_self(), caller) != 0)
        }, {
            (order.increment(), pthread_equal(pthread_self(), caller) != 0)
        })
        XCTAssertEqual(first.0, 1)
        XCTAssertEqual(second.0, 2)
        XCTAssertTrue(first.1 && second.1)
    }
}

/// Opened once; `wait()` returns when it is open, or after 5 seconds, counted as late.
private final class StartGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var late = 0

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    func wait() {
        let deadline = Date().addingTimeInterval(5)
        condition.lock()
        while !isOpen {
            if !condition.wait(until: deadline) {
                late += 1
                break
            }
        }
        condition.unlock()
    }

    var lateWaits: Int {
        condition.lock()
        defer { condition.unlock() }
        return late
    }
}

/// The stages' helpers on a team of `concurrency` threads started for the one call, as
/// each public entry point of the analysis starts its own.
private extension ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], concurrency: Int, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        ThreadTeam.with(size: concurrency) { map(items, team: $0, work) }
    }

    static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], concurrency: Int, largestFirst cost: (Item) -> Int, _ work: @Sendable (Item) -> Result
    ) -> [Result] {
        ThreadTeam.with(size: concurrency) { map(items, team: $0, largestFirst: cost, work) }
    }

    static func map<Side: Sendable, Item: Sendable, Result: Sendable>(
        _ items: [Item], beside side: @Sendable () -> Side, concurrency: Int,
        largestFirst cost: (Item) -> Int, _ work: @Sendable (Item) -> Result
    ) -> (side: Side, results: [Result]) {
        ThreadTeam.with(size: concurrency) { map(items, beside: side, team: $0, largestFirst: cost, work) }
    }
}

private extension Parallel {
    static func both<First: Sendable, Second: Sendable>(
        concurrency: Int, _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        ThreadTeam.with(size: concurrency) { both(team: $0, first, second) }
    }
}
