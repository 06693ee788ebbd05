@testable import Analysis
import Foundation
import XCTest
#if os(Linux)
import CGlibcExtras
import Glibc
#endif

/// `ThreadTeam` runs member 0 of a stage on the calling thread and the others side by side,
/// while member 0 runs, on threads of their own that last for the team's stages, each
/// steered for the stage to a CPU other than the caller's; a stage started inside a stage,
/// or a team whose threads cannot start, runs member 0 alone.
final class ThreadTeamTests: XCTestCase {
    /// What each member saw, one slot per member.
    private final class Seen: @unchecked Sendable {
        private var runs: [Int]
        private var onCaller: [Bool]
        private var threads: [pid_t?]
        private var allowed: [[Int]]
        private let lock = NSLock()
        let caller = pthread_self()

        init(size: Int) {
            runs = Array(repeating: 0, count: size)
            onCaller = Array(repeating: false, count: size)
            threads = Array(repeating: nil, count: size)
            allowed = Array(repeating: [], count: size)
        }

        func record(_ member: Int, allowedCPUs: [Int] = []) {
            let here = pthread_equal(pthread_self(), caller) != 0
            lock.lock()
            runs[member] += 1
            onCaller[member] = here
            threads[member] = gettid()
            allowed[member] = allowedCPUs
            lock.unlock()
        }

        var all: (runs: [Int], onCaller: [Bool], allowed: [[Int]]) {
            lock.lock()
            defer { lock.unlock() }
            return (runs, onCaller, allowed)
        }

        /// Each member's kernel thread id (never reused while the test runs, unlike `pthread_t`).
        var memberThreads: [pid_t?] {
            lock.lock()
            defer { lock.unlock() }
            return threads
        }
    }

    /// Member 0 waits (at most 5 s) for every member to arrive, so each joins the stage.
    func testMemberZeroRunsOnTheCallerAndTheOthersSideBySideWhileItRuns() {
        for size in [1, 2, 3, 8] {
            ThreadTeam.with(size: size) { team in
                XCTAssertEqual(team.size, size)
                for stage in 1...3 {
                    let seen = Seen(size: size)
                    let arrivals = Arrivals()
                    let late = Seen(size: size)
                    team.run { member in
                        seen.record(member)
                        if !arrivals.arriveAndWait(forAll: size) { late.record(member) }
                    }
                    let (runs, onCaller, _) = seen.all
                    XCTAssertEqual(runs, Array(repeating: 1, count: size), "size \(size), stage \(stage)")
                    XCTAssertEqual(onCaller, (0..<size).map { $0 == 0 }, "size \(size), stage \(stage)")
                    XCTAssertEqual(late.all.runs, Array(repeating: 0, count: size), "size \(size): members that waited 5 s for the others")
                }
            }
        }
        for size in [0, -2] {
            let seen = Seen(size: 1)
            ThreadTeam.with(size: size) { team in
                XCTAssertEqual(team.size, 1, "no threads means the calling one")
                team.run { seen.record($0) }
            }
            XCTAssertEqual(seen.all.runs, [1])
            XCTAssertEqual(seen.all.onCaller, [true])
        }
    }

    func testAMemberNeverRunsAStageThatIsOver() {
        ThreadTeam.with(size: 4) { team in
            for _ in 1...20 {
                let seen = Seen(size: 4)
                team.run { seen.record($0) }
                let atReturn = seen.all.runs
                XCTAssertEqual(atReturn[0], 1)
                usleep(2_000)
                XCTAssertEqual(seen.all.runs, atReturn, "a member ran the job after the stage returned")
            }
        }
    }

    func testEachMemberKeepsItsThreadFromStageToStage() {
        ThreadTeam.with(size: 3) { team in
            let stages = [Seen(size: 3), Seen(size: 3)]
            for seen in stages {
                let arrivals = Arrivals()
                team.run { member in
                    seen.record(member)
                    _ = arrivals.arriveAndWait(forAll: 3)
                }
            }
            for member in 1..<3 {
                guard let before = stages[0].memberThreads[member], let after = stages[1].memberThreads[member] else {
                    return XCTFail("member \(member) did not run")
                }
                XCTAssertEqual(before, after, "member \(member) ran on a new thread")
            }
        }
    }

    func testAStageStartedInsideAStageRunsMemberZeroAloneOnItsCaller() {
        let inner = Seen(size: 2)
        ThreadTeam.with(size: 2) { team in
            let arrivals = Arrivals()
            team.run { member in
                _ = arrivals.arriveAndWait(forAll: 2)
                guard member == 1 else { return }
                let innerCaller = pthread_self()
                team.run { innerMember in
                    inner.record(innerMember)
                    XCTAssertNotEqual(pthread_equal(pthread_self(), innerCaller), 0)
                }
            }
        }
        XCTAssertEqual(inner.all.runs, [1, 0], "the inner stage's member 0, on the member that started it")
    }

    func testATeamWhoseThreadsCannotStartRunsOnTheCallingThread() {
        // A stack larger than the address space: no member thread can be created.
        ThreadTeam.with(size: 3, memberStackBytes: 1 << 52) { team in
            let seen = Seen(size: 3)
            team.run { seen.record($0) }
            XCTAssertEqual(seen.all.runs, [1, 0, 0])
            XCTAssertEqual(seen.all.onCaller, [true, false, false])
            XCTAssertEqual(ConcurrentMap.map(Array(0..<50), team: team) { $0 * 2 }, (0..<50).map { $0 * 2 },
                           "member 0 takes every item")
        }
    }

    func testPlacementGivesMembersTheCPUsAfterTheCallersInTurn() {
        let two = ThreadTeam.Placement(allowed: [0, 1], callerCPU: 0)
        XCTAssertEqual([1, 2, 3].map { two.cpu(forMember: $0) }, [1, 0, 1])
        let fromOne = ThreadTeam.Placement(allowed: [0, 1], callerCPU: 1)
        XCTAssertEqual([1, 2].map { fromOne.cpu(forMember: $0) }, [0, 1])
        let sparse = ThreadTeam.Placement(allowed: [2, 5, 7], callerCPU: 5)
        XCTAssertEqual([1, 2, 3].map { sparse.cpu(forMember: $0) }, [7, 2, 5])
        let callerElsewhere = ThreadTeam.Placement(allowed: [2, 5, 7], callerCPU: 9)
        XCTAssertEqual(callerElsewhere.cpu(forMember: 1), 5, "a caller outside the set counts as on its first CPU")
        let unknownCaller = ThreadTeam.Placement(allowed: [2, 5], callerCPU: nil)
        XCTAssertEqual(unknownCaller.cpu(forMember: 1), 5)
        XCTAssertNil(ThreadTeam.Placement(allowed: [3], callerCPU: 3).cpu(forMember: 1), "one CPU: no preference")
        XCTAssertNil(ThreadTeam.Placement(allowed: [], callerCPU: nil).cpu(forMember: 1), "CPUs unknown: no preference")
    }

    #if os(Linux)
    func testCPUSetsReadBackTheCPUsWritten() {
        XCTAssertEqual(CPUSet.members(of: CPUSet.with([0])), [0])
        XCTAssertEqual(CPUSet.members(of: CPUSet.with([70, 3, 64])), [3, 64, 70], "CPUs in two words, ascending")
        XCTAssertEqual(CPUSet.members(of: CPUSet.with([1023])), [1023], "the last CPU a set holds")
        XCTAssertEqual(CPUSet.members(of: CPUSet.with([1024, -1, 5])), [5], "numbers a set cannot hold are left out")
        XCTAssertEqual(CPUSet.members(of: CPUSet.with([])), [])
        XCTAssertEqual(CPUSet.members(of: cpu_set_t()), [])
    }

    /// Each stage steers its members: with several CPUs allowed, each member runs pinned to
    /// one of them, the next after the caller's in turn (members 1 and 2 of a team on two
    /// CPUs on different ones); with one, on that one. The caller is never pinned. Members
    /// widen themselves in the first stage: the second must pin them again.
    func testEachStageRunsEveryMemberOnOneAllowedCPUInTurn() {
        var processSet = cpu_set_t()
        XCTAssertEqual(sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &processSet), 0)
        let processCPUs = CPUSet.members(of: processSet)
        let everyCPU = processSet
        ThreadTeam.with(size: 3) { team in
            for stage in 1...2 {
                let seen = Seen(size: 3)
                let arrivals = Arrivals()
                team.run { member in
                    var set = cpu_set_t()
                    _ = pthread_getaffinity_np(pthread_self(), MemoryLayout<cpu_set_t>.size, &set)
                    seen.record(member, allowedCPUs: CPUSet.members(of: set))
                    _ = arrivals.arriveAndWait(forAll: 3)
                    if stage == 1 && member > 0 {
                        var every = everyCPU
                        _ = pthread_setaffinity_np(pthread_self(), MemoryLayout<cpu_set_t>.size, &every)
                    }
                }
                let allowed = seen.all.allowed
                XCTAssertEqual(allowed[0], processCPUs, "stage \(stage): the caller keeps every CPU")
                if processCPUs.count > 1 {
                    for member in 1..<3 {
                        XCTAssertEqual(allowed[member].count, 1, "stage \(stage), member \(member): \(allowed[member])")
                        XCTAssertTrue(Set(allowed[member]).isSubset(of: processCPUs))
                    }
                    if processCPUs.count == 2 { XCTAssertNotEqual(allowed[1], allowed[2], "stage \(stage)") }
                } else {
                    XCTAssertEqual(Array(allowed[1...]), [processCPUs, processCPUs], "stage \(stage): one CPU, no pinning")
                }
            }
        }
    }
    #endif
}

/// Members arriving at a meeting point.
private final class Arrivals: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    /// Counts the caller in and waits until `total` have arrived; `false` after 5 seconds.
    func arriveAndWait(forAll total: Int) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        condition.lock()
        defer { condition.unlock() }
        count += 1
        condition.broadcast()
        while count < total {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
