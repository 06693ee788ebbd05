import Analysis
@testable import Server
import XCTest

final class AnalysisWorkersTests: XCTestCase {
    func report(_ paths: [String]) -> Report {
        Report(project: .init(name: "x", files: paths.count, bytes: 0),
               files: paths.map { FileEntry(path: $0, kind: .swift, status: .analysed) }, summary: .init())
    }

    func testProjectIsNamedAfterTheFolderThatWrapsTheArchive() {
        XCTAssertEqual(AnalysisWorkers.topFolder(of: report(["SampleApp/A.swift", "SampleApp/Views/B.xib"])), "SampleApp")
        XCTAssertNil(AnalysisWorkers.topFolder(of: report(["A/x.swift", "B/y.swift"])), "two top folders")
        XCTAssertNil(AnalysisWorkers.topFolder(of: report(["App/x.swift", "Package.swift"])), "a file at the root")
        XCTAssertNil(AnalysisWorkers.topFolder(of: report([])))
    }
}
