// bench-archive: reads one archive through `ProjectInput` (as `nibscan analyze` does) and
// prints what it read, how long it took and the process's peak resident memory.
// Usage: bench-archive ARCHIVE.zip   (driven by Benchmarks/archive.sh)
import Analysis
import Foundation

/// Peak resident set size in KiB (`VmHWM` of /proc/self/status), or nil off Linux.
func peakResidentKiB() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: bench-archive ARCHIVE.zip\n".utf8))
    exit(2)
}
let started = DispatchTime.now()
do {
    let input = try ProjectInput.read(path: path, limits: ArchiveLimits(maxTotalInflatedBytes: 8 << 30))
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
    let read = input.files.filter { $0.contents != nil }
    let inflated = read.reduce(0) { $0 + ($1.contents?.count ?? 0) }
    let refused = input.files.count - read.count
    print("entries=\(input.totalEntries) read=\(read.count) refused=\(refused) inflated_bytes=\(inflated) "
        + "seconds=\(String(format: "%.3f", seconds)) peak_rss_kib=\(peakResidentKiB().map(String.init) ?? "n/a")")
} catch {
    FileHandle.standardError.write(Data("bench-archive: \((error as? CodedError)?.code ?? "error"): \(error)\n".utf8))
    exit(1)
}
