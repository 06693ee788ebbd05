import Analysis
import Foundation
import TestSupport
import XCTest

/// The HTML report opened in headless Chromium (Debian's `chromium`, installed by
/// `scripts/setup`): no console message (no script error, no Content-Security-Policy
/// violation), the highlighted element's box where its frame in the file puts it, filters
/// that work with no script, a screenshot that shows something, and the page of a large real
/// project within its budget. `NIBSCAN_UPDATE_DOCS=1` writes the screenshot to `docs/images`.
final class HTMLReportBrowserTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        _ = try HeadlessBrowser.executable()
        folder = try Fixtures.makeTemporaryDirectory(prefix: "nibscan-html")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The page of the project at `path`, analysed with its scenes drawn, written to the test folder.
    private func writePage(of path: String, name: String = "report.html") throws -> (url: URL, report: Report) {
        let report = try Analyzer(configuration: .init(drawsScenes: true)).analyze(path: path)
        let url = folder.appendingPathComponent(name)
        try report.rendered(as: .html).write(to: url)
        return (url, report)
    }

    private static let sampleApp = Fixtures.examplesDirectory.appendingPathComponent("SampleApp").path

    func testTheSamplePageOpensWithoutAConsoleMessageAndItsScreenshotShowsTheScenes() throws {
        let page = try writePage(of: Self.sampleApp).url
        let loaded = try HeadlessBrowser.load(page)
        XCTAssertEqual(loaded.console, [], "no script error and no policy violation")
        XCTAssertTrue(loaded.dom.contains("<figure class=\"scenes\">"))

        let screenshot = folder.appendingPathComponent("report.png")
        XCTAssertEqual(try HeadlessBrowser.screenshot(page, to: screenshot, width: 1280, height: 1400), [])
        let image = try PNGImage(contentsOf: screenshot)
        XCTAssertEqual([image.width, image.height], [1280, 1400])
        XCTAssertGreaterThan(image.colourCount, 20, "text, severity colours and wireframes, not a blank page")
        XCTAssertGreaterThan(image.inkedFraction, 0.03)
        if ProcessInfo.processInfo.environment["NIBSCAN_UPDATE_DOCS"] == "1" {
            let docs = Fixtures.packageRoot.appendingPathComponent("docs/images/html-report.png")
            try FileManager.default.createDirectory(at: docs.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: docs)
            try FileManager.default.copyItem(at: screenshot, to: docs)
        }
    }

    func testTheHighlightedBoxLiesWhereItsFrameInTheFileSays() throws {
        let project = folder.appendingPathComponent("Nested")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        // GhostView at (10, 5) inside a container at (20, 30): (30, 35) in the root's coordinates.
        let xib = ExampleXML.xib("""
            <view contentMode="scaleToFill" id="root-1" customClass="CardView"><rect key="frame" x="0.0" y="0.0" width="320" height="200"/><subviews>
            <view contentMode="scaleToFill" id="box-1"><rect key="frame" x="20" y="30" width="200" height="100"/><subviews>
            <view contentMode="scaleToFill" id="ghost-1" customClass="GhostView"><rect key="frame" x="10" y="5" width="50" height="20"/></view>
            </subviews></view></subviews></view>
            """)
        try Data(xib.utf8).write(to: project.appendingPathComponent("Card.xib"))
        try Data("import UIKit\nclass CardView: UIView {}\n".utf8).write(to: project.appendingPathComponent("CardView.swift"))
        let page = try writePage(of: project.path).url

        // Each box measured on screen, then mapped back through the picture's own transform.
        let measured = try HeadlessBrowser.measure(page, script: """
            const highlight = [...doc.querySelectorAll('rect.hl')].find(r => r.textContent === 'GhostView');
            const svg = highlight.ownerSVGElement;
            const inverse = svg.getScreenCTM().inverse();
            function box(element) {
              const r = element.getBoundingClientRect();
              const a = new DOMPoint(r.left, r.top).matrixTransform(inverse), b = new DOMPoint(r.right, r.bottom).matrixTransform(inverse);
              return [a.x, a.y, b.x - a.x, b.y - a.y];
            }
            const s = svg.getBoundingClientRect();
            return { highlight: box(highlight), picture: box(svg.querySelector('use')), shown: [s.width, s.height] };
            """)
        XCTAssertEqual(measured.console, [])
        struct Boxes: Decodable {
            var highlight: [Double]
            var picture: [Double]
            var shown: [Double]
        }
        let boxes = try JSONDecoder().decode(Boxes.self, from: measured.result)
        for (actual, expected) in zip(boxes.highlight, [30.0, 35, 50, 20]) {
            XCTAssertEqual(actual, expected, accuracy: 0.5, "highlight \(boxes.highlight)")
        }
        for (actual, expected) in zip(boxes.picture, [0.5, 0.5, 319, 199]) {
            XCTAssertEqual(actual, expected, accuracy: 1, "the drawn root \(boxes.picture) in the same coordinates as the highlight")
        }
        XCTAssertGreaterThan(boxes.shown[0], 200, "the picture is shown at a readable size")
    }

    func testFiltersHideWhatTheyExcludeWithoutAnyScriptOfThePage() throws {
        let page = try writePage(of: Self.sampleApp).url
        let measured = try HeadlessBrowser.measure(page, script: """
            function visible(selector) { return [...doc.querySelectorAll(selector)].filter(e => getComputedStyle(e).display !== 'none').length; }
            const before = { findings: visible('article.finding'), rows: visible('table.inventory tbody tr') };
            doc.getElementById('filter-severity').value = 'error';
            const errors = { findings: visible('article.finding'), errorFindings: visible('article.finding.finding-error'), rows: visible('table.inventory tbody tr') };
            doc.getElementById('filter-severity').value = '';
            doc.getElementById('filter-rule').value = 'outlet-not-in-class';
            const rule = { findings: visible('article.finding'), ruleFindings: doc.querySelectorAll('article.finding[data-rules="outlet-not-in-class"]').length };
            return { before, errors, rule };
            """)
        XCTAssertEqual(measured.console, [])
        struct Counts: Decodable {
            struct Visible: Decodable {
                var findings: Int
                var rows: Int?
                var errorFindings: Int?
                var ruleFindings: Int?
            }
            var before: Visible
            var errors: Visible
            var rule: Visible
        }
        let counts = try JSONDecoder().decode(Counts.self, from: measured.result)
        XCTAssertEqual(counts.before.findings, 13)
        XCTAssertEqual(counts.errors.findings, counts.errors.errorFindings, "only errors remain")
        XCTAssertEqual(counts.errors.findings, 5)
        XCTAssertLessThan(counts.errors.rows ?? 0, counts.before.rows ?? 0, "classes without an error are hidden")
        XCTAssertEqual(counts.rule.findings, counts.rule.ruleFindings)
        XCTAssertEqual(counts.rule.findings, 2)
    }

    func testTheLargestRealProjectsPageStaysWithinItsBudgetAndOpens() throws {
        // element-ios: 152 xibs and 57 storyboards, the most IB files of ../shared/realworld.
        let project = Fixtures.realworldDirectory.appendingPathComponent("vector-im__element-ios")
        let (page, report) = try writePage(of: project.path)
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int)
        XCTAssertLessThan(size, 5_000_000, "a 200-file project's page under 5 MB")
        XCTAssertGreaterThan(report.drawings?.count ?? 0, 50)
        let screenshot = folder.appendingPathComponent("large.png")
        XCTAssertEqual(try HeadlessBrowser.screenshot(page, to: screenshot), [])
        XCTAssertGreaterThan(try PNGImage(contentsOf: screenshot).colourCount, 20)
    }

    func testHostileFramesNestingAndCountsStillGiveAPageThatOpens() throws {
        let project = folder.appendingPathComponent("Hostile")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        var nested = "<view id=\"ghost-1\" customClass=\"GhostView\"><rect key=\"frame\" x=\"NaN\" y=\"-5\" width=\"-10\" height=\"1e308\"/></view>"
        for level in 0..<100 { nested = "<view id=\"deep-\(level)\"><rect key=\"frame\" x=\"1\" y=\"1\" width=\"300\" height=\"300\"/><subviews>\(nested)</subviews></view>" }
        let siblings = (0..<4_000).map { "<view id=\"many-\($0)\"><rect key=\"frame\" x=\"\($0 % 300)\" y=\"\($0 / 300)\" width=\"4\" height=\"4\"/></view>" }.joined()
        let xib = ExampleXML.xib("<view id=\"root-1\" customClass=\"CardView\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"320\" height=\"400\"/><subviews>\(nested)\(siblings)<view id=\"bare-1\" customClass=\"GhostView\"/></subviews></view>")
        try Data(xib.utf8).write(to: project.appendingPathComponent("Card.xib"))
        try Data("import UIKit\nclass CardView: UIView {}\n".utf8).write(to: project.appendingPathComponent("CardView.swift"))
        let page = try writePage(of: project.path).url
        let html = try String(contentsOf: page, encoding: .utf8)
        XCTAssertLessThan(html.utf8.count, 1_000_000)
        XCTAssertTrue(html.contains("views are not drawn"), "the picture says what it left out")
        XCTAssertTrue(html.contains("The named element is not drawn"), "and why the named element is missing")
        XCTAssertEqual(try HeadlessBrowser.load(page).console, [])
    }
}
