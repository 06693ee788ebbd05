@testable import Analysis
import Foundation
import XCTest

/// JUnit and Checkstyle read back by real parsers (`junitparser`, `lxml`), so escaping and
/// structure are judged by the tools CI systems use, not by the code that wrote them.
final class XMLReportTests: XCTestCase {
    private static let junitReader = """
    import json, sys
    from junitparser import JUnitXml, Failure
    xml = JUnitXml.fromfile(sys.argv[1])
    suites = []
    for suite in xml:
        cases = []
        for case in suite:
            failures = [r for r in case.result if isinstance(r, Failure)]
            cases.append({"name": case.name, "classname": case.classname,
                          "file": case._elem.get("file"), "line": case._elem.get("line"),
                          "failures": [{"message": f.message, "type": f.type, "text": f.text} for f in failures]})
        suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "cases": cases})
    print(json.dumps({"tests": xml.tests, "failures": xml.failures, "suites": suites}))
    """

    private static let checkstyleReader = """
    import json, sys
    from lxml import etree
    root = etree.parse(sys.argv[1], etree.XMLParser(resolve_entities=False, recover=False)).getroot()
    assert root.tag == "checkstyle", root.tag
    files = [{"name": f.get("name"), "errors": [dict(e.attrib) for e in f]} for f in root]
    print(json.dumps({"version": root.get("version"), "files": files}))
    """

    private func read(_ report: Report, as format: ReportFormat, with script: String, modules: [String],
                      options: RenderOptions = .init()) throws -> [String: Any] {
        try PythonChecker.require(modules: modules)
        let outcome = try PythonChecker.run(script: script, input: try report.rendered(as: format, options: options))
        XCTAssertEqual(outcome.status, 0, outcome.output)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8))
        return try XCTUnwrap(object as? [String: Any], outcome.output)
    }

    /// What a message looks like after an XML round trip: forbidden controls replaced.
    private func xmlSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map {
            [0x09, 0x0A, 0x0D].contains($0.value) || $0.value >= 0x20 ? $0 : "\u{FFFD}"
        }))
    }

    func testJUnitReadBackByJunitparser() throws {
        let parsed = try read(SyntheticReports.mixed, as: .junit, with: Self.junitReader, modules: ["junitparser", "lxml"])
        XCTAssertEqual(parsed["tests"] as? Int, 4)
        XCTAssertEqual(parsed["failures"] as? Int, 4)
        let suites = try XCTUnwrap(parsed["suites"] as? [[String: Any]])
        XCTAssertEqual(suites.compactMap { $0["name"] as? String }, [
            "nibscan.misplaced-view", "nibscan.missing-nib", "nibscan.outlet-not-kvc-compliant",
            "nibscan.placeholder-constraints-dropped",
        ])
        let placeholder = try XCTUnwrap((suites[3]["cases"] as? [[String: Any]])?.first)
        XCTAssertEqual(placeholder["name"] as? String, "App/Base.lproj/Main.storyboard:42 CardView")
        XCTAssertEqual(placeholder["classname"] as? String, "nibscan.placeholder-constraints-dropped")
        XCTAssertEqual(placeholder["file"] as? String, "App/Base.lproj/Main.storyboard")
        XCTAssertEqual(placeholder["line"] as? String, "42")
        let failure = try XCTUnwrap((placeholder["failures"] as? [[String: Any]])?.first)
        XCTAssertEqual(failure["message"] as? String, SyntheticReports.nastyMessage)
        XCTAssertEqual(failure["type"] as? String, "error")
        XCTAssertEqual(failure["text"] as? String, SyntheticReports.nastyMessage
            + "\nFix: Copy the placeholder's constraints in awakeAfter(using:)"
            + "\nLocations:\n  App/Base.lproj/Main.storyboard:42:7\n  App/Views/CardView.swift:10")
        let hygiene = try XCTUnwrap(((suites[0]["cases"] as? [[String: Any]])?.first?["failures"] as? [[String: Any]])?.first)
        XCTAssertEqual(hygiene["message"] as? String, xmlSafe(SyntheticReports.hygieneFinding.message))
        XCTAssertEqual(hygiene["type"] as? String, "info")
    }

    func testJUnitOfACleanReportIsOnePassingTestCase() throws {
        let parsed = try read(SyntheticReports.clean, as: .junit, with: Self.junitReader, modules: ["junitparser", "lxml"])
        XCTAssertEqual(parsed["tests"] as? Int, 1)
        XCTAssertEqual(parsed["failures"] as? Int, 0)
        let cases = (parsed["suites"] as? [[String: Any]])?.first?["cases"] as? [[String: Any]]
        XCTAssertEqual(cases?.count, 1)
        XCTAssertEqual(cases?.first?["name"] as? String, "SampleApp")
        XCTAssertEqual((cases?.first?["failures"] as? [Any])?.count, 0)
    }

    func testCheckstyleReadBackByLxml() throws {
        let options = RenderOptions(pathMapping: PathMapping(stripPrefix: "App/"))
        let parsed = try read(SyntheticReports.mixed, as: .checkstyle, with: Self.checkstyleReader,
                              modules: ["lxml"], options: options)
        XCTAssertEqual(parsed["version"] as? String, "4.3")
        let files = try XCTUnwrap(parsed["files"] as? [[String: Any]])
        XCTAssertEqual(files.compactMap { $0["name"] as? String },
                       ["App Folder/Profile Cell (v2).xib", "Base.lproj/Main.storyboard", "Legacy.xib", "Views/CardView.swift"])
        let storyboardError = try XCTUnwrap((files[1]["errors"] as? [[String: String]])?.first)
        XCTAssertEqual(storyboardError, [
            "line": "42", "column": "7", "severity": "error",
            "message": SyntheticReports.nastyMessage + "\nFix: Copy the placeholder's constraints in awakeAfter(using:)",
            "source": "nibscan.placeholder-constraints-dropped",
        ])
        let legacy = try XCTUnwrap((files[2]["errors"] as? [[String: String]])?.first)
        XCTAssertEqual(legacy["message"], xmlSafe(SyntheticReports.hygieneFinding.message))
        XCTAssertEqual(legacy["severity"], "info")
        XCTAssertNil(legacy["column"])
    }

    func testXMLEscapingKeepsEveryDocumentWellFormed() {
        XCTAssertEqual(XMLText.attribute("a<b>&\"c'\t\n\r"), "a&lt;b&gt;&amp;&quot;c'&#9;&#10;&#13;")
        XCTAssertEqual(XMLText.content("a<b>&\"\t\n\r"), "a&lt;b&gt;&amp;\"\t\n&#13;")
        XCTAssertEqual(XMLText.content("\u{0}\u{8}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF}ok\u{10000}"),
                       "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}ok\u{10000}")
    }
}
