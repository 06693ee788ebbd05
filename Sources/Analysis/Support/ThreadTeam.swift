import Dispatch

/// How many threads one analysis runs its parallel stages on (``ConcurrentMap``,
/// ``Parallel``): each stage is `DispatchQueue.concurrentPerform` over `size` members, and
/// a team of one runs every stage on the calling thread.
///
/// An earlier team of the analysis's own kept threads pinned to CPUs stage by stage; side
/// by side with this one on the 46 real projects it saved under 1% of wall time (one core
/// and two, `Benchmarks/README.md`, "Standard machinery"), so it went.
struct ThreadTeam: Sendable {
    /// Threads a stage may run on, the calling thread included; 1 runs every stage on the caller.
    let size: Int

    /// Passes a team of `size` (at least 1) to `body`.
    static func with<Result, Failure: Error>(size: Int, _ body: (ThreadTeam) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(ThreadTeam(size: max(1, size)))
    }

    /// Runs `job(member)` for every member from 0 to `size - 1`, side by side, and returns
    /// when all are done. A job shares out its work (each member takes the next piece until
    /// none is left), so the members that start late find nothing left and return.
    func run(_ job: @Sendable (Int) -> Void) {
        guard size > 1 else { return job(0) }
        DispatchQueue.concurrentPerform(iterations: size, execute: job)
    }
}
