import Analysis
@testable import Server
import TestSupport
import XCTest

/// An upload's `.nibscan.yml` over real loopback sockets: applied to the analysis, or
/// failing it as `config.invalid` with the file, line and column.
final class LiveConfigurationTests: XCTestCase {
    var live: LiveServer!

    override func setUpWithError() throws {
        live = try LiveServer()
    }

    override func tearDown() {
        live.stop()
    }

    private func zip(configuration: String) -> Data {
        var builder = ZipBuilder()
        builder.add("App/.nibscan.yml", text: configuration)
        builder.add("App/SettingsViewController.swift", text: """
        import UIKit

        final class SettingsViewController: UIViewController {
            init() { super.init(nibName: "SettingsView", bundle: nil) }
            required init?(coder: NSCoder) { fatalError() }
        }
        """)
        return builder.build()
    }

    func testTheUploadsConfigurationIsApplied() throws {
        let response = try live.upload(zip(configuration: "rules:\n  missing-nib: info\n"), query: "?wait=20")
        XCTAssertEqual(response.status, 200, response.text)
        let summary = try XCTUnwrap(try response.json()["summary"] as? [String: Any])
        XCTAssertEqual(summary["errors"] as? Int, 0)
        XCTAssertEqual(summary["infos"] as? Int, 1)
    }

    func testAnUnusableConfigurationFailsTheAnalysisAsConfigInvalid() throws {
        let response = try live.upload(zip(configuration: "rules:\n  missing-nib: sometimes\n"), query: "?wait=20")
        XCTAssertEqual(response.status, 422, response.text)
        XCTAssertEqual(response.header("Content-Type"), "application/problem+json")
        let problem = try response.json()
        XCTAssertEqual(problem["type"] as? String, Problem.typeBase + "config.invalid")
        XCTAssertEqual(problem["detail"] as? String,
                       "App/.nibscan.yml:2:16: rule 'missing-nib' takes off, error, warning or info, not 'sometimes'")
        let id = try XCTUnwrap(problem["analysisId"] as? String)
        let analysis = try live.request("GET", "/v1/analyses/\(id)").json()
        XCTAssertEqual(analysis["status"] as? String, "failed")
        XCTAssertEqual((analysis["error"] as? [String: Any])?["code"] as? String, "config.invalid")
        XCTAssertEqual(try live.request("GET", "/v1/analyses/\(id)/report").status, 422)
    }
}
