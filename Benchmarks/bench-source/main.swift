// Benchmark 'bench-source': indexes a generated tree of Swift and Objective-C files (or a
// given folder) on one core and prints the throughput. Run with Benchmarks/source.sh.
//
//   bench-source [--files N] [--seed S] [--repeat R] [--folder PATH] [--json PATH]
//
// `--json PATH` writes the index as sorted JSON, so that a change to the indexer can be
// checked for identical results (`cmp` the files of two builds).
import Analysis
import Foundation

struct Options {
    var files = 5_000
    var seed: UInt64 = 42
    var repetitions = 5
    var folder: String?
    var json: String?

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { throw BenchError.usage("\(argument) needs a value") }
            switch argument {
            case "--files": files = try Self.number(value, argument)
            case "--seed": seed = UInt64(try Self.number(value, argument))
            case "--repeat": repetitions = try Self.number(value, argument)
            case "--folder": folder = value
            case "--json": json = value
            default: throw BenchError.usage("unknown option \(argument)")
            }
        }
    }

    private static func number(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw BenchError.usage("\(option) needs a positive number, got \(text)") }
        return value
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    var description: String {
        switch self {
        case .usage(let message): "bench-source: \(message)\nusage: bench-source [--files N] [--seed S] [--repeat R] [--folder PATH] [--json PATH]"
        }
    }
}

/// CPU time used by the calling thread, so that a busy machine does not distort the figure.
func threadCPUSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    let files: [ProjectFile]
    if let folder = options.folder {
        files = try ProjectInput.read(path: folder, limits: ArchiveLimits()).files.filter { $0.kind == .swift || $0.kind == .objc }
    } else {
        var generator = SourceTreeGenerator(seed: options.seed)
        files = generator.files(count: options.files).map {
            ProjectFile(path: $0.path, kind: ProjectFile.kind(ofPath: $0.path), contents: Data($0.text.utf8))
        }
    }
    let bytes = files.reduce(0) { $0 + ($1.contents?.count ?? 0) }
    let indexer = SourceIndexer(concurrency: 1)
    var bestWall = Double.infinity
    var bestCPU = Double.infinity
    var index = SourceIndex()
    for _ in 0..<options.repetitions {
        index = SourceIndex()  // the previous run's index is freed here, outside the measured time
        let wallStart = DispatchTime.now().uptimeNanoseconds
        let cpuStart = threadCPUSeconds()
        index = indexer.index(files: files)
        bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
        bestWall = min(bestWall, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
    }
    let megabytes = Double(bytes) / 1_000_000
    func rate(_ seconds: Double) -> String { "\(String(format: "%.3f", seconds)) s = \(String(format: "%.1f", megabytes / seconds)) MB/s" }
    print("bench-source: \(files.count) files, \(String(format: "%.2f", megabytes)) MB, one core")
    print("bench-source: best of \(options.repetitions), CPU time of the indexing thread: \(rate(bestCPU)) (goal > 50 MB/s)")
    print("bench-source: best of \(options.repetitions), wall clock (includes waiting for a shared CPU): \(rate(bestWall))")
    if let json = options.json {
        try Report.makeJSONEncoder().encode(index).write(to: URL(fileURLWithPath: json))
    }
    print("bench-source: indexed \(index.types.count) types, \(index.nibLoads.count) nib loads, \(index.literalCalls.count) literal calls, \(index.contentAttachments.count) attachments")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
