// Benchmark 'bench-source': indexes a generated tree of Swift and Objective-C files (or a
// given folder) on one core and prints the throughput. Run with Benchmarks/source.sh.
//
//   bench-source [--files N] [--seed S] [--repeat R] [--folder PATH]
import Analysis
import Foundation

struct Options {
    var files = 5_000
    var seed: UInt64 = 42
    var repetitions = 5
    var folder: String?

    init(arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { throw BenchError.usage("\(argument) needs a value") }
            switch argument {
            case "--files": files = try Self.number(value, argument)
            case "--seed": seed = UInt64(try Self.number(value, argument))
            case "--repeat": repetitions = try Self.number(value, argument)
            case "--folder": folder = value
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
        case .usage(let message): "bench-source: \(message)\nusage: bench-source [--files N] [--seed S] [--repeat R] [--folder PATH]"
        }
    }
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
    var best = Double.infinity
    var index = SourceIndex()
    for _ in 0..<options.repetitions {
        let start = DispatchTime.now().uptimeNanoseconds
        index = indexer.index(files: files)
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let megabytes = Double(bytes) / 1_000_000
    print("bench-source: \(files.count) files, \(String(format: "%.2f", megabytes)) MB, one core")
    print("bench-source: best of \(options.repetitions): \(String(format: "%.3f", best)) s = \(String(format: "%.1f", megabytes / best)) MB/s (goal > 50 MB/s)")
    print("bench-source: indexed \(index.types.count) types, \(index.nibLoads.count) nib loads, \(index.literalCalls.count) literal calls, \(index.contentAttachments.count) attachments")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
