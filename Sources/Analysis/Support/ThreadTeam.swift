import Foundation
#if os(Linux)
import CGlibcExtras
import Glibc
#endif

/// The threads one analysis runs its parallel stages on (``ConcurrentMap``, ``Parallel``):
/// the calling thread and `size - 1` member threads started at the team's first stage (a
/// team whose stages all run on the caller starts none), woken for each stage and asleep
/// between stages.
///
/// libdispatch's pool was measured to run the analysis of a small project on one core of
/// two: the kernel wakes a new worker on the CPU of the thread that woke it, busy with the
/// analysis, and moves it to the idle CPU only at a later scheduler tick (1.5–4 ms on the
/// 2-core machine of `Benchmarks/README.md`), and a 10 ms analysis was no faster on two
/// cores than on one. Starting a thread per stage instead cost up to a millisecond a stage.
/// Members started on another CPU and then free to run anywhere were still, now and then,
/// woken onto the caller's busy CPU (2 ms late in a 10 ms analysis). So on Linux each stage
/// first steers every sleeping member to an allowed CPU other than the caller's current
/// one: where the member runs that stage. The caller itself is never pinned.
final class ThreadTeam: @unchecked Sendable {
    /// Threads a stage may run on, the calling thread included; 1 runs every stage on the caller.
    let size: Int
    private let condition = NSCondition()
    /// The job of the stage open to members: from its start until member 0's part returns.
    private var job: (@Sendable (Int) -> Void)?
    private var stage = 0
    /// Members running the current stage's job.
    private var participants = 0
    private var isRunning = false
    private var isStopping = false
    /// The member threads started, by member; fewer than `size - 1` when the system had no more.
    /// Read and written only by the thread running a stage, before it opens the stage.
    private var threads: [(member: Int, thread: MemberThread)] = []
    private var hasStartedThreads = false
    private let memberStackBytes: Int?

    /// Starts a team, passes it to `body` and stops its threads when `body` returns.
    /// - Parameter memberStackBytes: each member thread's stack; `nil`, the system's default
    ///   (that of the main thread). A member whose thread the system cannot start never
    ///   joins a stage.
    static func with<Result, Failure: Error>(size: Int, memberStackBytes: Int? = nil,
                                             _ body: (ThreadTeam) throws(Failure) -> Result) throws(Failure) -> Result {
        let team = ThreadTeam(size: size, memberStackBytes: memberStackBytes)
        defer { team.stop() }
        return try body(team)
    }

    private init(size: Int, memberStackBytes: Int?) {
        self.size = max(1, size)
        self.memberStackBytes = memberStackBytes
    }

    /// Runs one stage: `job(0)` on the calling thread, and `job(member)` on the thread of
    /// each other member that wakes while `job(0)` still runs; returns when all that started
    /// are done. A job must therefore share out its work (each member takes the next piece
    /// until none is left), so that member 0 alone finishes what no other member took: a
    /// member woken after a short stage is over then costs the caller nothing. A stage
    /// started while another runs (from inside a stage) runs `job(0)` alone.
    func run(_ job: @Sendable (Int) -> Void) {
        condition.lock()
        guard size > 1, !isRunning else {
            condition.unlock()
            job(0)
            return
        }
        isRunning = true
        condition.unlock()
        placeMembers()
        guard !threads.isEmpty else {
            job(0)
            condition.lock()
            isRunning = false
            condition.unlock()
            return
        }
        withoutActuallyEscaping(job) { job in
            condition.lock()
            self.job = job
            stage += 1
            condition.broadcast()
            condition.unlock()
            job(0)
            condition.lock()
            self.job = nil
            while participants > 0 { condition.wait() }
            isRunning = false
            condition.unlock()
        }
    }

    /// Puts each member on the allowed CPU after the caller's current one for the stage about
    /// to open: starts the threads there at the first stage, steers them at later ones.
    private func placeMembers() {
        let placement = Placement.current()
        guard hasStartedThreads else {
            hasStartedThreads = true
            threads = (1..<size).compactMap { member in
                MemberThread.start(cpu: placement.cpu(forMember: member), stackBytes: memberStackBytes) { [unowned self] in
                    memberLoop(member)
                }.map { (member, $0) }
            }
            return
        }
        for (member, thread) in threads {
            thread.steer(to: placement.cpu(forMember: member), elseAnyOf: placement.allowed)
        }
    }

    private func memberLoop(_ member: Int) {
        var lastStage = 0
        while runNextJob(member, after: &lastStage) {
            condition.lock()
            participants -= 1
            if participants == 0 { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Waits for a stage after `lastStage` still open to members and runs its job as
    /// `member`; `false` when the team stops. The job is released when this returns, before
    /// the member counts itself out: ``run(_:)`` lends a closure that must not outlive it.
    private func runNextJob(_ member: Int, after lastStage: inout Int) -> Bool {
        condition.lock()
        while !isStopping {
            if stage != lastStage {
                lastStage = stage
                if let job {
                    participants += 1
                    condition.unlock()
                    job(member)
                    return true
                }
            }
            condition.wait()
        }
        condition.unlock()
        return false
    }

    private func stop() {
        condition.lock()
        isStopping = true
        condition.broadcast()
        condition.unlock()
        for (_, thread) in threads { thread.join() }
        threads = []
    }
}

extension ThreadTeam {
    /// The CPUs the process may run on and the one the caller runs on now: member `k` runs
    /// on the `k`-th allowed CPU after the caller's, so the first members land on CPUs the
    /// caller leaves idle.
    struct Placement {
        /// Allowed CPU numbers in ascending order; empty where they cannot be read.
        var allowed: [Int]
        /// The caller's CPU, or `nil` when unknown.
        var callerCPU: Int?

        /// The CPU member `member` (from 1) runs on, or `nil` for no preference (one
        /// allowed CPU, or none known).
        func cpu(forMember member: Int) -> Int? {
            guard allowed.count > 1 else { return nil }
            let callerPosition = callerCPU.flatMap { allowed.firstIndex(of: $0) } ?? 0
            return allowed[(callerPosition + member) % allowed.count]
        }
    }
}

#if os(Linux)
extension ThreadTeam.Placement {
    /// The calling thread's allowed CPUs and current CPU.
    static func current() -> Self {
        var set = cpu_set_t()
        guard sched_getaffinity(0, MemoryLayout<cpu_set_t>.size, &set) == 0 else { return Self(allowed: [], callerCPU: nil) }
        let cpu = sched_getcpu()
        return Self(allowed: CPUSet.members(of: set), callerCPU: cpu >= 0 ? Int(cpu) : nil)
    }
}

extension ThreadTeam {
    /// A started POSIX thread, joined by the team when it stops.
    struct MemberThread {
        private let handle: pthread_t

        /// Starts `body` on a new thread that runs on `cpu` (any CPU when `nil`); `nil` when
        /// no thread can be started.
        static func start(cpu: Int?, stackBytes: Int?, _ body: @escaping @Sendable () -> Void) -> MemberThread? {
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            if let stackBytes { _ = pthread_attr_setstacksize(&attributes, stackBytes) }
            if let cpu {
                var only = CPUSet.with([cpu])
                _ = pthread_attr_setaffinity_np(&attributes, MemoryLayout<cpu_set_t>.size, &only)
            }
            let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
            var handle = pthread_t()
            guard pthread_create(&handle, &attributes, threadEntry, context) == 0 else {
                Unmanaged<ThreadBody>.fromOpaque(context).release()
                return nil
            }
            return MemberThread(handle: handle)
        }

        /// Lets the thread run only on `cpu` from now on, or on any of `allowed` when `cpu`
        /// is `nil` (one CPU allowed, or none known: then nothing changes).
        func steer(to cpu: Int?, elseAnyOf allowed: [Int]) {
            guard cpu != nil || !allowed.isEmpty else { return }
            var set = CPUSet.with(cpu.map { [$0] } ?? allowed)
            _ = pthread_setaffinity_np(handle, MemoryLayout<cpu_set_t>.size, &set)
        }

        func join() {
            pthread_join(handle, nil)
        }
    }
}

/// What a new thread runs, passed through `pthread_create`'s context pointer.
private final class ThreadBody {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
    return nil
}

/// Reading and writing `cpu_set_t`, whose `CPU_SET` and `CPU_ISSET` are C macros.
enum CPUSet {
    private static let bitsPerWord = UInt.bitWidth

    /// The CPU numbers in `set`, ascending.
    static func members(of set: cpu_set_t) -> [Int] {
        withUnsafeBytes(of: set) { bytes in
            bytes.bindMemory(to: UInt.self).enumerated().flatMap { index, word in
                word == 0 ? [] : (0..<bitsPerWord).filter { word & (1 << $0) != 0 }.map { index * bitsPerWord + $0 }
            }
        }
    }

    /// A set of the CPUs `cpus`; numbers a set cannot hold are left out.
    static func with(_ cpus: [Int]) -> cpu_set_t {
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { bytes in
            let words = bytes.bindMemory(to: UInt.self)
            for cpu in cpus where cpu >= 0 && cpu / bitsPerWord < words.count {
                words[cpu / bitsPerWord] |= 1 << (cpu % bitsPerWord)
            }
        }
        return set
    }
}
#else
extension ThreadTeam.Placement {
    static func current() -> Self { Self(allowed: [], callerCPU: nil) }
}

extension ThreadTeam {
    /// A started thread (Foundation's, without placement), joined by the team when it stops.
    struct MemberThread {
        private let done: DispatchSemaphore

        static func start(cpu: Int?, stackBytes: Int?, _ body: @escaping @Sendable () -> Void) -> MemberThread? {
            let done = DispatchSemaphore(value: 0)
            let thread = Foundation.Thread {
                body()
                done.signal()
            }
            if let stackBytes { thread.stackSize = stackBytes }
            thread.start()
            return MemberThread(done: done)
        }

        func steer(to cpu: Int?, elseAnyOf allowed: [Int]) {}

        func join() {
            done.wait()
        }
    }
}
#endif
