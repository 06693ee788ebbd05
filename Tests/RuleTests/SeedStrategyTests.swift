import Analysis
import TestSupport
import XCTest

/// The seeds' final solutions (rebuilt in `Examples/Seeds`) are classified as their
/// authors describe them.
final class SeedStrategyTests: XCTestCase {
    private func classes(_ folder: String) throws -> [String: ClassEntry] {
        let path = Fixtures.examplesDirectory.appendingPathComponent("Seeds/\(folder)").path
        let report = try Analyzer().analyze(path: path)
        return Dictionary(report.classes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func strategies(_ entry: ClassEntry?) -> [String] {
        (entry?.strategies ?? []).map { [$0.id, $0.variant].compactMap { $0 }.joined(separator: "/") }
    }

    func testSeed000PlaceholderSubclassOnTopOfRootClassFactory() throws {
        let classes = try classes("seed-000-placeholder-subclass")
        XCTAssertEqual(strategies(classes["MyCustomView"]), ["root-class-factory", "awake-after-substitution/placeholder-subclass"])
        XCTAssertEqual(strategies(classes["MyCustomViewProto"]), ["awake-after-substitution/placeholder-subclass"])
        XCTAssertEqual(classes["MyCustomViewProto"]?.placements.map(\.ownConstraints), [2])
        XCTAssertEqual(classes["MyCustomView"]?.nibs.map(\.role), [.rootView])
    }

    func testSeed001EmbeddableSubclass() throws {
        let classes = try classes("seed-001-embeddable-subclass")
        XCTAssertEqual(strategies(classes["MyCustomEmbeddableView"]), ["awake-after-substitution/placeholder-subclass"])
        XCTAssertEqual(strategies(classes["MyCustomView"]), ["root-class-factory", "awake-after-substitution/placeholder-subclass"])
        XCTAssertEqual(classes["MyCustomEmbeddableView"]?.superclass, "MyCustomView")
    }

    func testSeed002FilesOwnerAndRootView() throws {
        let classes = try classes("seed-002-owner-and-root")
        XCTAssertEqual(strategies(classes["CustomView_Fileowner"]), ["files-owner-content-view"])
        XCTAssertEqual(strategies(classes["CustomView_View"]), ["root-class-factory"])
        XCTAssertEqual(strategies(classes["ViewController"]), ["storyboard-only"])
        let rootEvidence = classes["CustomView_View"]?.strategies.first?.evidence.map(\.path) ?? []
        XCTAssertTrue(rootEvidence.contains("App/CustomView_View.xib"))
        XCTAssertTrue(rootEvidence.contains("App/ViewController.swift"), "the protocol helper is followed to its caller")
    }

    func testSeed003BothObjectiveCMethods() throws {
        let classes = try classes("seed-003-objc-two-methods")
        XCTAssertEqual(strategies(classes["CustomView1"]), ["root-class-factory", "init-coder-replacement"])
        XCTAssertEqual(strategies(classes["CustomView2"]), ["files-owner-content-view"])
        XCTAssertEqual(classes["CustomView2"]?.language, .objc)
    }

    func testSeed004CategoryHelperFromInitWithCoder() throws {
        let classes = try classes("seed-004-load-nib-category")
        XCTAssertEqual(strategies(classes["MyCustomView"]), ["files-owner-content-view"])
        let notes = classes["MyCustomView"]?.strategies.first?.evidence.map(\.note) ?? []
        XCTAssertTrue(notes.contains { $0.contains("customViewInit") }, "\(notes)")
    }

    func testSeedProjectsRaiseNoReferenceIntegrityFinding() throws {
        for folder in ["seed-000-placeholder-subclass", "seed-002-owner-and-root", "seed-003-objc-two-methods", "seed-004-load-nib-category"] {
            let path = Fixtures.examplesDirectory.appendingPathComponent("Seeds/\(folder)").path
            let report = try Analyzer().analyze(path: path)
            let integrity = Set(RuleCatalog.descriptions.filter { $0.category == .referenceIntegrity }.map(\.id))
            XCTAssertEqual(report.findings.filter { integrity.contains($0.rule) }.map(\.message), [], folder)
        }
    }
}
