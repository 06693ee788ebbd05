import Analysis
import Foundation
import TestSupport
import XCTest

/// The pathological inputs of `scripts/bench hostile` (issue 17), each at a size just past
/// where it used to cost super-linear time or memory: every one gives a report (with a
/// note or an error file entry naming the limit) or a clear refusal. Timings belong to the
/// benchmark, not here.
final class HostileInputTests: XCTestCase {
    private static let head = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch">
    <objects>
    """
    private static let view = "<view id=\"v1\" customClass=\"C0\"/>\n"

    private func analyze(_ files: [(String, FileEntry.Kind, String)], limits: InterfaceBuilderLimits = .default) -> Report {
        let projectFiles = files.map { ProjectFile(path: $0.0, kind: $0.1, contents: Data($0.2.utf8)) }
        let input = ProjectInput(defaultName: "hostile", files: projectFiles, totalEntries: files.count, totalBytes: 0)
        return Analyzer(configuration: .init(interfaceBuilderLimits: limits)).analyze(input: input)
    }

    private func xib(_ objects: String) -> (String, FileEntry.Kind, String) {
        ("App/View.xib", .xib, Self.head + "\n" + objects + "</objects>\n</document>\n")
    }

    func testSuperclassCyclesInSwiftAndObjectiveCGiveAReportWithANote() throws {
        let count = 2_000
        let swift = (0..<count).map { "class C\($0): C\(($0 + 1) % count) {}" }.joined(separator: "\n")
        let objc = (0..<count).map { "@interface D\($0) : D\(($0 + 1) % count)\n@end" }.joined(separator: "\n")
        let report = analyze([("App/Cycle.swift", .swift, swift), ("App/Cycle.h", .objc, objc), xib(Self.view)])
        let note = try XCTUnwrap(report.notes?.first)
        XCTAssertTrue(note.hasPrefix("Superclass chains longer than 128 classes"), note)
        XCTAssertEqual(report.files.map(\.status), [.analysed, .analysed, .analysed])
    }

    func testALongChainGivesAReportWithANote() throws {
        let count = 20_000
        let swift = ["import UIKit", "class C\(count - 1): UIView {}"] + (0..<(count - 1)).map { "class C\($0): C\($0 + 1) {}" }
        let report = analyze([("App/Chain.swift", .swift, swift.joined(separator: "\n")), xib(Self.view)])
        XCTAssertTrue(report.notes?.first?.contains("were cut") == true, "\(report.notes ?? [])")
        XCTAssertEqual(report.files.map(\.status), [.analysed, .analysed])
    }

    func testAnElementWithManyAttributesIsAnErrorFileNamingTheLimit() {
        let attributes = (0..<100_000).map { "a\($0)=\"\($0)\"" }.joined(separator: " ")
        let report = analyze([xib("<view id=\"v1\" \(attributes)/>\n")])
        XCTAssertEqual(report.files.first?.status, .error)
        XCTAssertEqual(report.files.first?.reason, "an element with more than 256 attributes (line 4)")
    }

    func testTooManyElementsIsAnErrorFileNamingTheLimit() {
        var limits = InterfaceBuilderLimits()
        limits.maxElements = 10_000
        let objects = "<view id=\"root\">\n" + (0..<10_001).map { "<v id=\"\($0)\"/>\n" }.joined() + "</view>\n"
        let report = analyze([xib(objects)], limits: limits)
        XCTAssertEqual(report.files.first?.status, .error)
        XCTAssertTrue(report.files.first?.reason?.hasPrefix("more than 10000 elements") == true, report.files.first?.reason ?? "none")
    }
}
