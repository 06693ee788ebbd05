// Benchmark 'bench-ib': parses Interface Builder files with InterfaceBuilderParser on one
// thread and prints throughput. Run through Benchmarks/ib.sh (release build, one core).
//
//   bench-ib [--iterations N] [FILE...]    (default: every file under ../shared/corpus/ib)
import Analysis
import Foundation

struct Options {
    var iterations = 20
    var paths: [String] = []

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--iterations" {
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw UsageError(message: "--iterations needs a positive number")
                }
                iterations = value
            } else if argument.hasPrefix("-") {
                throw UsageError(message: "unknown option \(argument)")
            } else {
                paths.append(argument)
            }
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { "bench-ib: \(message)\nusage: bench-ib [--iterations N] [FILE...]" }
}

/// Every `.xib`, `.storyboard` and `.nib` file (designable.nib inside `.nib` folders) below `root`.
func interfaceBuilderFiles(under root: URL) -> [String] {
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
    var paths: [String] = []
    for case let url as URL in walker where ["xib", "storyboard", "nib"].contains(url.pathExtension) {
        if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { paths.append(url.path) }
    }
    return paths.sorted()
}

do {
    var options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.paths.isEmpty {
        let shared = ProcessInfo.processInfo.environment["NIBSCAN_SHARED_DIR"] ?? "../shared"
        options.paths = interfaceBuilderFiles(under: URL(fileURLWithPath: shared).appendingPathComponent("corpus/ib"))
    }
    guard !options.paths.isEmpty else { throw UsageError(message: "no files to parse") }
    let files = try options.paths.map { (path: $0, data: try Data(contentsOf: URL(fileURLWithPath: $0))) }
    let totalBytes = files.reduce(0) { $0 + $1.data.count }
    let parser = InterfaceBuilderParser()

    var statuses: [IBDocument.Status: Int] = [:]
    var objects = 0
    for file in files {
        let document = parser.parse(data: file.data, path: file.path)
        statuses[document.status, default: 0] += 1
        objects += document.objects.count
    }

    var durations: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<options.iterations {
        let elapsed = clock.measure {
            for file in files { _ = parser.parse(data: file.data, path: file.path) }
        }
        durations.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    durations.sort()
    let megabytes = Double(totalBytes) / 1_000_000
    let median = durations[durations.count / 2]
    let statusText = IBDocument.Status.allCases.compactMap { status in statuses[status].map { "\(status.rawValue)=\($0)" } }.joined(separator: " ")
    print("files: \(files.count) (\(statusText)), \(String(format: "%.2f", megabytes)) MB, \(objects) objects")
    print("iterations: \(options.iterations)")
    print(String(format: "best: %.1f ms  median: %.1f ms", durations[0] * 1000, median * 1000))
    print(String(format: "throughput: %.1f MB/s (best)  %.1f MB/s (median)", megabytes / durations[0], megabytes / median))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
