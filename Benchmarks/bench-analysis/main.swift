// Benchmark 'bench-analysis': the whole analysis (Analyzer) of a large project against
// reading the same project and parsing its Interface Builder files alone, with the same
// thread count. Run through Benchmarks/analysis.sh, which pins it to 1 and 2 cores.
//
//   bench-analysis --generate DIR [--files N] [--seed S]   writes the project: corpus + N sources
//   bench-analysis [--threads T] [--iterations N] PATH     measures PATH (.zip or folder)
//   bench-analysis --report FILE PATH                      writes PATH's JSON report, durationMs zeroed
//   bench-analysis --project-files [--iterations N] FOLDER  project-model share of each project below FOLDER
import Analysis
import Foundation

struct UsageError: Error, CustomStringConvertible {
    var message: String
    var description: String {
        "bench-analysis: \(message)\nusage: bench-analysis --generate DIR [--files N] [--seed S] | [--threads T] [--iterations N] PATH | --report FILE PATH | --project-files [--iterations N] FOLDER"
    }
}

struct Options {
    var generate: String?
    var files = 5_000
    var seed: UInt64 = 7
    /// `nil`: as many as the machine has (asked only then: the question costs about
    /// 0.1 ms, which every `--report` run of a small project would pay).
    var threadsGiven: Int?
    var threads: Int { threadsGiven ?? ProcessInfo.processInfo.activeProcessorCount }
    var iterations = 5
    var report: String?
    var projectFiles = false
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
            case "--report":
                guard let file = remaining.popFirst() else { throw UsageError(message: "--report needs a file") }
                report = file
            case "--project-files": projectFiles = true
            case "--files": files = try number(argument)
            case "--seed": seed = UInt64(try number(argument))
            case "--threads": threadsGiven = try number(argument)
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
    for file in input.files {
        guard let contents = file.contents else { continue }
        let target = folder.appendingPathComponent("Corpus").appendingPathComponent(file.path)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: target)
    }
    let profiles = ClassProfile.profiles(of: ProjectModel.build(files: input.files))
    var generator = ProjectGenerator(seed: seed)
    for source in generator.sources(count: files, profiles: profiles) {
        let target = folder.appendingPathComponent(source.path)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(source.text.utf8).write(to: target)
    }
    print("bench-analysis: wrote \(input.files.count) corpus files and \(files) sources (\(profiles.count) Interface Builder classes) to \(folder.path)")
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    if let folder = options.generate {
        try generateProject(into: URL(fileURLWithPath: folder), files: options.files, seed: options.seed)
        exit(0)
    }
    guard let path = options.path else { throw UsageError(message: "no project to measure") }
    if options.projectFiles {
        try measureProjectFileShare(folder: path, iterations: options.iterations)
        exit(0)
    }
    let threads = options.threads
    if let reportPath = options.report {
        // One analysis, then exit: as `nibscan analyze` does.
        let analyzer = Analyzer(configuration: .init(concurrency: threads))
        try writeReport(of: path, analyzer: analyzer, to: URL(fileURLWithPath: reportPath))
        exit(0)
    }
    try measure(path: path, threads: threads, iterations: options.iterations, analyzer: Analyzer(configuration: .init(concurrency: threads)))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}

/// Writes the JSON report of `path` with `durationMs` zeroed: the reference that
/// performance changes must reproduce byte for byte.
func writeReport(of path: String, analyzer: Analyzer, to url: URL) throws {
    var report = try analyzer.analyze(path: path)
    report.summary.durationMs = 0
    try report.jsonData().write(to: url)
}

/// Prints (a) reading + IB parsing, (b) the same + source indexing, (c) the full analysis
/// with its JSON report, each the median of `iterations` runs, then the phases of (c).
func measure(path: String, threads: Int, iterations: Int, analyzer: Analyzer) throws {
    let limits = ArchiveLimits()
    let parser = InterfaceBuilderParser()
    let indexer = SourceIndexer(concurrency: threads)
    var documents = 0
    let reading = try Timing.median(iterations) {
        documents = parseInterfaceBuilderFiles(of: try ProjectInput.read(path: path, limits: limits), parser: parser, threads: threads)
    }
    let indexing = try Timing.median(iterations) {
        let input = try ProjectInput.read(path: path, limits: limits)
        _ = parseInterfaceBuilderFiles(of: input, parser: parser, threads: threads)
        _ = indexer.index(files: input.files)
    }
    var report: Report?
    let full = try Timing.median(iterations) {
        let analysed = try analyzer.analyze(path: path)
        _ = try analysed.jsonData()
        report = analysed
    }

    // Where the full analysis spends its time, phase by phase.
    let input = try ProjectInput.read(path: path, limits: limits)
    let readOnly = try Timing.median(iterations) { _ = try ProjectInput.read(path: path, limits: limits) }
    let parseOnly = Timing.median(iterations) { _ = parseInterfaceBuilderFiles(of: input, parser: parser, threads: threads) }
    let indexOnly = Timing.median(iterations) { _ = indexer.index(files: input.files) }
    let build = Timing.median(iterations) { _ = ProjectModel.build(files: input.files, concurrency: threads) }
    // Classes and rules fill the model's caches (members, substitutions): each run gets a
    // fresh model, as the full analysis does.
    let freshModel = { ProjectModel.build(files: input.files, concurrency: threads) }
    let classes = Timing.median(iterations, setup: freshModel) { _ = $0.classEntries(concurrency: threads) }
    let rules = Timing.median(iterations, setup: freshModel) { _ = RuleRunner(concurrency: threads).run($0) }
    let encoding = try Timing.median(iterations) { _ = try report?.jsonData() }
    let slowest = RuleRegistry.all.map { rule in
        (rule.description.id, Timing.median(1, setup: freshModel) { _ = RuleRunner(rules: [rule]).run($0) }.wall)
    }.sorted { $0.1 > $1.1 }.prefix(4)

    let sources = report?.files.filter { $0.kind == .swift || $0.kind == .objc }.count ?? 0
    print("bench-analysis: \(documents) Interface Builder files, \(sources) sources, \(threads) thread(s), median of \(iterations)")
    print("(a) reading + IB parsing:             \(reading.text)")
    print("(b) reading + IB parsing + indexing:  \(indexing.text)")
    print("(c) full analysis + JSON report:      \(full.text)  (\(report?.classes.count ?? 0) classes, \(report?.findings.count ?? 0) findings)")
    print("  phases: read \(readOnly.text); IB parsing \(parseOnly.text); source indexing \(indexOnly.text)")
    print("          model (parsing + indexing + joins) \(build.text); classes and strategies \(classes.text)")
    print("          rules \(rules.text); JSON encoding \(encoding.text)")
    print("  slowest rules (1 thread, wall, one run each on a fresh model): " + slowest.map { "\($0.0) " + String(format: "%.3f s", $0.1) }.joined(separator: ", "))
    print(String(format: "c/a = %.2fx wall (goal <= 1.3x), c/b = %.2fx, source indexing alone = %.2fx of a",
                 full.wall / reading.wall, full.wall / indexing.wall, (indexing.wall - reading.wall) / reading.wall))
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
