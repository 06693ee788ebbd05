import Analysis
import XCTest

/// The configuration applied by the whole analysis on in-memory projects.
final class ConfiguredAnalysisTests: XCTestCase {
    /// A project with one unknown class from module `Lib` and one missing nib, wrapped in `App/`.
    static func project(configuration: String?, extra: [String: String] = [:]) -> ProjectInput {
        var files: [String: String] = [
            "App/AppDelegate.swift": "import UIKit\n\nfinal class AppDelegate: UIResponder {\n    let settings = SettingsViewController()\n}\n",
            "App/Views/Card.xib": """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <view contentMode="scaleToFill" id="Crd-00-001" customClass="RemoteImageView" customModule="Lib"/>
                </objects>
            </document>
            """,
            "App/Settings/SettingsViewController.swift": """
            import UIKit

            final class SettingsViewController: UIViewController {
                init() {
                    super.init(nibName: "SettingsView", bundle: nil)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            """,
        ]
        if let configuration { files["App/.nibscan.yml"] = configuration }
        files.merge(extra) { $1 }
        let projectFiles = files.keys.sorted().map { path in
            ProjectFile(path: path, kind: ProjectFile.kind(ofPath: path), contents: Data((files[path] ?? "").utf8))
        }
        return ProjectInput(defaultName: "App", files: projectFiles, totalEntries: files.count, totalBytes: 0)
    }

    private let analyzer = Analyzer(configuration: .init(concurrency: 2))

    private func rules(_ report: Report) -> [String] {
        report.findings.map { "\($0.rule):\($0.severity.rawValue)" }
    }

    func testWithoutConfigurationBothFindingsAreReported() throws {
        let report = try analyzer.analysis(input: Self.project(configuration: nil)).report
        XCTAssertEqual(rules(report), ["missing-nib:error", "unknown-custom-class:warning"])
    }

    func testRulesAreTurnedOffOrGivenASeverity() throws {
        let analysis = try analyzer.analysis(input: Self.project(configuration: "rules:\n  missing-nib: off\n  unknown-custom-class: error\n"))
        XCTAssertEqual(rules(analysis.report), ["unknown-custom-class:error"])
        XCTAssertEqual(analysis.report.summary.errors, 1)
        XCTAssertEqual(analysis.report.summary.warnings, 0)
        XCTAssertEqual(analysis.project.source, "App/.nibscan.yml")
    }

    func testExcludeAndIncludeAreRelativeToTheFolderHoldingTheConfiguration() throws {
        let excluded = try analyzer.analysis(input: Self.project(configuration: "exclude: [Settings]\n")).report
        XCTAssertEqual(rules(excluded), ["unknown-custom-class:warning"])
        XCTAssertFalse(excluded.files.contains { $0.path.hasPrefix("App/Settings/") })
        XCTAssertEqual(excluded.notes?.filter { $0.contains("include/exclude") }, ["1 file was left out by include/exclude in App/.nibscan.yml."])
        let included = try analyzer.analysis(input: Self.project(configuration: "include: ['**/*.swift']\n")).report
        XCTAssertEqual(rules(included), ["missing-nib:error"])
        let anchoredElsewhere = try analyzer.analysis(input: Self.project(configuration: "exclude: [App/Settings]\n")).report
        XCTAssertEqual(rules(anchoredElsewhere).count, 2, "patterns are relative to App/, which has no App/ inside")
    }

    func testDeclaredDependenciesMakeTheirClassesExternal() throws {
        let report = try analyzer.analysis(input: Self.project(configuration: "dependencies: [Lib]\n")).report
        let unknown = try XCTUnwrap(report.findings.first { $0.rule == "unknown-custom-class" })
        XCTAssertEqual(unknown.severity, .info)
        XCTAssertTrue(unknown.message.contains("its module Lib is a declared or imported dependency"), unknown.message)
    }

    func testAnUnusableConfigurationStopsTheAnalysis() {
        XCTAssertThrowsError(try analyzer.analysis(input: Self.project(configuration: "rules:\n  missing-nib: maybe\n"))) { error in
            let error = error as? ConfigurationError
            XCTAssertEqual(error?.code, "config.invalid")
            XCTAssertEqual(error?.description, "App/.nibscan.yml:2:16: rule 'missing-nib' takes off, error, warning or info, not 'maybe'")
        }
    }

    func testOnlyTheConfigurationAtTheProjectRootIsRead() throws {
        let input = Self.project(configuration: nil, extra: ["App/Settings/.nibscan.yml": "rules: {missing-nib: off}\n"])
        XCTAssertEqual(rules(try analyzer.analysis(input: input).report), ["missing-nib:error", "unknown-custom-class:warning"])
    }

    func testAGivenConfigurationReplacesTheProjectsOwn() throws {
        let given = try ProjectConfiguration.parse(Data("rules: {unknown-custom-class: off}\n".utf8), source: "ci/nibscan.yml")
        let analyzer = Analyzer(configuration: .init(concurrency: 2, project: given))
        let input = Self.project(configuration: "rules: {missing-nib: off}\n")
        XCTAssertEqual(rules(try analyzer.analysis(input: input).report), ["missing-nib:error"])
        XCTAssertEqual(rules(analyzer.analyze(input: input)), ["missing-nib:error"], "analyze(input:) applies the given one too")
    }
}
