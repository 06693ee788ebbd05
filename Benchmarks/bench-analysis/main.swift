// Benchmark 'bench-analysis': the whole analysis (Analyzer) of a large project against
// reading the same project and parsing its Interface Builder files alone, with the same
// thread count. Run through Benchmarks/analysis.sh, which pins it to 1 and 2 cores.
//
//   bench-analysis --generate DIR [--files N] [--seed S]   writes the project: corpus + N sources
//   bench-analysis [--threads T] [--iterations N] PATH     measures PATH (.zip or folder)
import Analysis
import Foundation

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String {
        "bench-analysis: \(message)\nusage: bench-analysis --generate DIR [--files N] [--seed S] | [--threads T] [--iterations N] PATH"
    }
}

struct Options {
    var generate: String?
    var files = 5_000
    var seed: UInt64 = 7
    var threads = ProcessInfo.processInfo.activeProcessorCount
    var iterations = 5
    var path: String?

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        func number(_ option: String) throws -> Int {
            guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else { throw UsageError(message: "\(option) needs a positive number") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--generate":
                guard let folder = remaining.popFirst() else { throw UsageError(message: "--generate needs a folder") }
                generate = folder
            case "--files": files = try number(argument)
            case "--seed": seed = UInt64(try number(argument))
            case "--threads": threads = try number(argument)
            case "--iterations": iterations = try number(argument)
            default:
                guard !argument.hasPrefix("-"), path == nil else { throw UsageError(message: "unexpected argument \(argument)") }
                path = argument
            }
        }
    }
}

/// Copies the corpus and writes the generated sources into `folder`.
func generateProject(into folder: URL, files: Int, seed: UInt64) throws {
    let shared = ProcessInfo.processInfo.environment["NIBSCAN_SHARED_DIR"] ?? "../shared"
    let corpus = URL(fileURLWithPath: shared).appendingPathComponent("corpus/ib")
    let input = try ProjectInput.read(path: corpus.path, limits: ArchiveLimits())
    let manager = FileManager.default
    var classNames: Set<String> = []
    var nibNames: Set<String> = []
    let parser = InterfaceBuilderParser()
    for file in input.files {
        guard let contents = file.contents else { continue }
        let target = folder.appendingPathComponent("Corpus").appendingPathComponent(file.path)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: target)
        if file.kind == .xib, let name = NibCatalog.loadName(ofPath: file.path) { nibNames.insert(name) }
        for object in parser.parse(data: contents, path: file.path).objects {
            if let name = object.customClass, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { classNames.insert(name) }
        }
    }
    var generator = ProjectGenerator(seed: seed)
    for source in generator.sources(count: files, classNames: classNames.sorted(), nibNames: nibNames.sorted()) {
        let target = folder.appendingPathComponent(source.path)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(source.text.utf8).write(to: target)
    }
    print("bench-analysis: wrote \(input.files.count) corpus files and \(files) sources to \(folder.path)")
}

/// Wall-clock seconds of the best of `iterations` runs of `work`.
func best(_ iterations: Int, _ work: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if let folder = options.generate {
        try generateProject(into: URL(fileURLWithPath: folder), files: options.files, seed: options.seed)
        exit(0)
    }
    guard let path = options.path else { throw UsageError(message: "no project to measure") }
    let limits = ArchiveLimits()
    let parser = InterfaceBuilderParser()
    let threads = options.threads

    // Baseline: read the archive and parse every Interface Builder file, on `threads` threads;
    // then the same plus indexing the sources.
    var documents = 0
    let baseline = try best(options.iterations) {
        documents = parseInterfaceBuilderFiles(of: try ProjectInput.read(path: path, limits: limits), parser: parser, threads: threads)
    }
    let parsing = try best(options.iterations) {
        let input = try ProjectInput.read(path: path, limits: limits)
        _ = parseInterfaceBuilderFiles(of: input, parser: parser, threads: threads)
        _ = SourceIndexer(concurrency: threads).index(files: input.files)
    }

    var report: Report?
    let analyzer = Analyzer(configuration: .init(concurrency: threads))
    let full = try best(options.iterations) { report = try analyzer.analyze(path: path) }
    // Where the full analysis spends its time, phase by phase (best of the iterations).
    let input = try ProjectInput.read(path: path, limits: limits)
    var model: ProjectModel?
    let buildTime = best(options.iterations) { model = ProjectModel.build(files: input.files, concurrency: threads) }
    let classesTime = best(options.iterations) { _ = model?.classEntries(concurrency: threads) }
    let rulesTime = best(options.iterations) { if let model { _ = RuleRunner(concurrency: threads).run(model) } }
    let slowest = RuleRegistry.all.map { rule in
        (rule.description.id, best(options.iterations) { if let model { _ = RuleRunner(rules: [rule]).run(model) } })
    }.sorted { $0.1 > $1.1 }.prefix(4)
    let findings = report?.findings.count ?? 0
    let sources = report?.files.filter { $0.kind == .swift || $0.kind == .objc }.count ?? 0
    print("bench-analysis: \(documents) Interface Builder files, \(sources) sources, \(threads) thread(s), best of \(options.iterations)")
    print(String(format: "reading + IB parsing:                  %.3f s", baseline))
    print(String(format: "reading + IB parsing + source indexing: %.3f s", parsing))
    print(String(format: "full analysis:                          %.3f s  (%d classes, %d findings)", full, report?.classes.count ?? 0, findings))
    print(String(format: "  phases: model (parse, index, join) %.3f s, classes and strategies %.3f s, rules %.3f s", buildTime, classesTime, rulesTime))
    print("  slowest rules: " + slowest.map { "\($0.0) " + String(format: "%.3f s", $0.1) }.joined(separator: ", "))
    print(String(format: "ratio to reading + IB parsing:            %.2fx (goal <= 1.3x)", full / baseline))
    print(String(format: "ratio to reading + all parsing/indexing:  %.2fx (model joins, strategies and rules)", full / parsing))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

/// Parses the project's Interface Builder files on `threads` threads; returns their count.
func parseInterfaceBuilderFiles(of input: ProjectInput, parser: InterfaceBuilderParser, threads: Int) -> Int {
    let interfaceFiles = input.files.filter { [.xib, .storyboard, .nib].contains($0.kind) && $0.contents != nil }
    let counter = DocumentCounter()
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        var position = worker
        while position < interfaceFiles.count {
            let file = interfaceFiles[position]
            counter.add(parser.parse(data: file.contents ?? Data(), path: file.path).objects.count)
            position += threads
        }
    }
    return interfaceFiles.count
}

/// Sums object counts from concurrent workers (keeps the parse from being optimised away).
final class DocumentCounter: @unchecked Sendable {
    private var total = 0
    private let lock = NSLock()
    func add(_ count: Int) {
        lock.lock()
        total += count
        lock.unlock()
    }
}
