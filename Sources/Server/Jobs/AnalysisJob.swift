import Analysis
import Foundation

/// One analysis as the server hands it to a child `nibscan analysis-worker` over its
/// standard input: everything the child needs, so that the server never builds a model.
struct AnalysisJob: Codable, Sendable {
    var uploadPath: String
    /// The report's project name; `nil` names it after the archive's one top folder.
    var projectName: String?
    /// A stored report to compare with, and the path it is referred to by.
    var baselineReport: Data?
    var baselineReference: String?
    var archiveLimits: ArchiveLimits
    var interfaceBuilderLimits: InterfaceBuilderLimits
    /// Test-only misbehaviour (see ``AnalysisFault``); set only when the server's
    /// configuration enables `workerTestFaults`, which no flag or variable does.
    var fault: AnalysisFault?

    /// What the child writes on its standard output: this header as one JSON line, then,
    /// when the analysis succeeded, the report's JSON bytes.
    struct ResultHeader: Codable, Sendable {
        var failure: AnalysisRecord.Failure?
        var summary: Report.Summary?
        var projectName: String?
        /// Findings per rule by severity, stored beside the summary for trends.
        var ruleSeverities: [String: SeverityCounts]?
    }

    /// Runs the job in this process: what the child does.
    func run() -> (header: ResultHeader, report: Data?) {
        // Scenes are drawn for every analysis: the stored report serves the HTML page too.
        let analyzer = Analyzer(configuration: .init(archiveLimits: archiveLimits, interfaceBuilderLimits: interfaceBuilderLimits,
                                                     checksRepairs: true, drawsScenes: true))
        do {
            var report = try analyzer.analyze(path: uploadPath, projectName: projectName ?? "project")
            if projectName == nil, let folder = AnalysisWorkers.topFolder(of: report) { report.project.name = folder }
            if let baselineReport {
                report = try Baseline(jsonData: baselineReport, reference: baselineReference).compare(report)
            }
            let data = try report.jsonData(pretty: false, includingDrawings: true)
            return (ResultHeader(summary: report.summary, projectName: report.project.name,
                                 ruleSeverities: SeverityCounts.byRule(report.findings)), data)
        } catch let error as any CodedError {
            // The message names the entry at fault, not where the server keeps the upload.
            let message = error.description.replacingOccurrences(of: uploadPath, with: "the upload")
            return (ResultHeader(failure: .init(code: error.code, message: message)), nil)
        } catch {
            return (ResultHeader(failure: .init(code: "analysis.internal-error", message: "the analysis stopped: \(error)")), nil)
        }
    }
}

/// Ways a child can be told to misbehave, so that tests can show that a crash, a memory
/// blow-up or a runaway analysis fails only its own analysis. A test server opts in
/// (`Configuration.workerTestFaults`) and picks one by the upload's file name
/// (`nibscan-test-fault-crash.zip` …); `nibscan serve` never enables it.
enum AnalysisFault: String, Codable, Sendable, CaseIterable {
    /// Writes through a null pointer (SIGSEGV).
    case crash
    /// Allocates until the address-space limit stops it.
    case memory
    /// Burns CPU until the CPU-time limit stops it.
    case spin
    /// Sleeps until the wall-clock watchdog kills it.
    case hang

    /// The fault an upload named `nibscan-test-fault-NAME` asks for.
    init?(projectName: String?) {
        let prefix = "nibscan-test-fault-"
        guard let projectName, projectName.hasPrefix(prefix) else { return nil }
        self.init(rawValue: String(projectName.dropFirst(prefix.count)))
    }

    /// Misbehaves; never returns.
    func commit() -> Never {
        switch self {
        case .crash:
            UnsafeMutablePointer<Int>(bitPattern: 8)?.pointee = 1
        case .memory:
            // Reserved, never written: the address-space limit is reached at once, without
            // the CPU time that filling the pages would cost (which the CPU limit would stop first).
            var blocks: [[UInt8]] = []
            while true {
                var block: [UInt8] = []
                block.reserveCapacity(64 << 20)
                blocks.append(block)
            }
        case .spin:
            var counter: UInt64 = 0
            while true { counter = counter &* 6_364_136_223_846_793_005 &+ 1; if counter == 42 { print(counter) } }
        case .hang:
            while true { sleep(3_600) }
        }
        exit(3)
    }
}
