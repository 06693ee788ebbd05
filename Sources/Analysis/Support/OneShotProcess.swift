#if os(Linux)
import CGlibcExtras
import Glibc
#endif

/// Memory settings for a process that runs one analysis and exits (`nibscan analyze`, the
/// benchmarks), as ``Analyzer/Configuration/exitsAfterAnalysis`` is its teardown setting.
/// The library never calls it, and a long-running process (the server) must not: it keeps
/// the heap it grows for the life of the process.
public enum OneShotProcess {
    /// The heap the analysis grows at once: the largest real project peaks under 50 MB.
    static let heapReserve = 64 << 20

    /// Asks the kernel for transparent huge pages on the heap the analysis fills (Linux,
    /// where most analyses' time not spent computing goes to first-touch page faults:
    /// corona-warn-app takes 8,800 of them). glibc's `malloc` grows the heap by
    /// `heapReserve` once, now, and the new part is advised `MADV_HUGEPAGE` (what glibc does
    /// itself under `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, which must be set before the
    /// process starts). Large blocks (token arrays, inflated files) come from that heap
    /// instead of a `mmap` each, and freed memory is kept for reuse rather than returned and
    /// faulted in again. Where huge pages are off or unsupported the advice is ignored and
    /// only the reuse remains. Elsewhere, a no-op.
    /// - Returns: whether the kernel took the advice for the grown heap.
    @discardableResult
    public static func preferHugePageHeap() -> Bool {
        #if os(Linux)
        // Setting any of these turns off glibc's sliding mmap threshold, so all are set.
        _ = mallopt(M_MMAP_THRESHOLD, Int32(heapReserve / 2))
        _ = mallopt(M_TOP_PAD, Int32(heapReserve))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(2 * heapReserve))
        guard let before = sbrk(0) else { return false }
        // Blocks under the mmap threshold until one no longer fits the heap's free top and
        // `malloc` extends the heap (by the pad): at most the free top's size in blocks.
        var probes: [UnsafeMutableRawPointer] = []
        var grown: UnsafeMutableRawPointer?
        for _ in 0..<(2 * heapReserve >> 20) {
            guard let probe = malloc(1 << 20) else { break }
            probes.append(probe)
            if let now = sbrk(0), now != before {
                grown = now
                break
            }
        }
        var advised = false
        if let grown {
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (Int(bitPattern: before) + page - 1) / page * page
            let end = Int(bitPattern: grown) / page * page
            if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
                advised = madvise(address, end - start, MADV_HUGEPAGE) == 0
            }
        }
        for probe in probes { free(probe) }
        return advised
        #else
        return false
        #endif
    }
}
