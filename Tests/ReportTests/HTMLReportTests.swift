import Analysis
import Foundation
import TestSupport
import XCTest

/// The HTML report as text: self-contained, its policy allowing exactly its stylesheet,
/// hostile text escaped, locations linked, pictures drawn once and placed beside the
/// findings that name them (the placement and the nib side by side for a substitution).
final class HTMLReportTests: XCTestCase {
    private func sampleReport() throws -> Report {
        let sample = Fixtures.examplesDirectory.appendingPathComponent("SampleApp")
        return try Analyzer(configuration: .init(drawsScenes: true)).analyze(path: sample.path)
    }

    private func page(_ report: Report, options: RenderOptions = .init()) throws -> String {
        String(decoding: try report.rendered(as: .html, options: options), as: UTF8.self)
    }

    /// The text between `open` and the next `close` after it.
    private func between(_ text: String, _ open: String, _ close: String) -> String? {
        guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    func testThePageIsSelfContainedAndItsPolicyAllowsOnlyItsStylesheet() throws {
        let html = try page(try sampleReport())
        for forbidden in ["<script", " src=", "<link", "url(", "@import", "<iframe", "<object", "<embed", " style=\""] {
            XCTAssertFalse(html.contains(forbidden), "the page holds \(forbidden)")
        }
        let withoutLinks = html.replacingOccurrences(of: #"<a [^>]*>"#, with: "", options: .regularExpression)
        XCTAssertFalse(withoutLinks.contains("http://") || withoutLinks.contains("https://"), "only links point away from the page")
        let policy = try XCTUnwrap(between(html, "<meta http-equiv=\"Content-Security-Policy\" content=\"", "\""))
        let style = try XCTUnwrap(between(html, "<style>", "</style>"))
        let hash = SHA256.base64(of: Array(style.utf8))
        XCTAssertEqual(policy.replacingOccurrences(of: "&#39;", with: "'"),
                       "default-src 'none'; style-src 'sha256-\(hash)'; img-src data:; base-uri 'none'; form-action 'none'")
        XCTAssertEqual(HTMLReportRenderer().page(for: try sampleReport(), options: .init()).contentSecurityPolicy,
                       "default-src 'none'; style-src 'sha256-\(hash)'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                       "the server's header is the page's policy and no framing")
    }

    func testHostileTextIsEscapedEverywhere() throws {
        var report = SyntheticReports.mixed
        report.project.name = "<script>alert(1)</script>"
        report.findings[0].className = "\"><img src=x onerror=alert(1)>"
        report.classes[0].name = "</td><script>"
        let html = try page(report)
        XCTAssertFalse(html.contains("<script>") || html.contains("<img") || html.contains("</td><script>"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("Card \"View\" &lt;b&gt;&amp;amp;&lt;/b&gt;"), "the message as text")
        XCTAssertFalse(html.contains("\u{1B}") || html.contains("\u{0}"), "control characters never reach the page")
    }

    func testLocationsLinkToTheirLinesWhenTheRepositoryAndCommitAreKnown() throws {
        let options = RenderOptions(repository: "acme/app", commit: "0123456789abcdef")
        let html = try page(SyntheticReports.mixed, options: options)
        XCTAssertTrue(html.contains("<a class=\"mono\" href=\"https://github.com/acme/app/blob/0123456789abcdef/App/Views/CardView.swift#L10\">App/Views/CardView.swift:10</a>"))
        XCTAssertTrue(html.contains("href=\"https://github.com/acme/app/blob/0123456789abcdef/App%20Folder/Profile%20Cell%20%28v2%29.xib#L88\""))
        let plain = try page(SyntheticReports.mixed)
        XCTAssertTrue(plain.contains("<code>App/Views/CardView.swift:10</code>"), "without them, plain paths")
        XCTAssertFalse(plain.contains("<figure"), "a report without drawings has no pictures")
    }

    func testASubstitutionShowsThePlacementAndTheNibSideBySideWithWhatTheSwapLoses() throws {
        let report = try sampleReport()
        let drawings = try XCTUnwrap(report.drawings)
        let html = try page(report)
        XCTAssertEqual(html.components(separatedBy: "<symbol id=").count - 1, drawings.count, "each drawing is written once")
        XCTAssertGreaterThan(html.components(separatedBy: "<use href=\"#").count - 1, drawings.count, "pictures reuse the drawings")

        let articles = html.components(separatedBy: "<article ").dropFirst()
        let autoresizing = try XCTUnwrap(articles.first { $0.contains("placeholder-autoresizing-dropped") })
        let panels = autoresizing.components(separatedBy: "<div class=\"panel\">").dropFirst()
        XCTAssertEqual(panels.count, 2, "the placement and the nib's root")
        XCTAssertTrue(panels.first?.contains("SampleApp/Base.lproj/Main.storyboard") == true)
        XCTAssertTrue(panels.first?.contains("class=\"hl hl-lost\"") == true)
        XCTAssertTrue(panels.first?.contains("Lost in the swap: autoresizing") == true)
        XCTAssertTrue(panels.last?.contains("SampleApp/Views/BadgeView.xib") == true)
        XCTAssertTrue(panels.last?.contains("class=\"hl\"") == true, "the nib's root is marked, not as lost")

        let constraints = try XCTUnwrap(articles.first { $0.contains("placeholder-constraints-dropped") && $0.contains("PromoBannerView") })
        XCTAssertTrue(constraints.contains("<line class=\"c c-named\""), "the lost constraint is drawn")
        XCTAssertTrue(constraints.contains("<li>height = 60</li>"))
        let constraintPanels = constraints.components(separatedBy: "<div class=\"panel\">").dropFirst()
        XCTAssertEqual(constraintPanels.count, 2, "the nib whose root replaces the placement, though the finding does not name it")
        XCTAssertTrue(constraintPanels.last?.contains("SampleApp/Views/PromoBannerView.xib") == true)

        let firstObject = try XCTUnwrap(articles.first { $0.contains("first-object-cast") })
        XCTAssertTrue(firstObject.contains("SampleApp/Legacy/AvatarView.xib</span> · AvatarView (line 11)"), "the file's view, for context")
        XCTAssertTrue(firstObject.contains("The named element is not drawn: tapGestureRecognizer is not a view."))

        let sourceOnly = try XCTUnwrap(articles.first { $0.contains("missing-nib") })
        XCTAssertFalse(sourceOnly.contains("<figure"), "a finding in source only links to its line")
        XCTAssertTrue(sourceOnly.contains("SampleApp/Settings/SettingsViewController.swift:9"))
    }

    func testTheInventoryListsEveryClassWithItsStrategiesAndFilterData() throws {
        let report = try sampleReport()
        let html = try page(report)
        let inventory = try XCTUnwrap(between(html, "<table class=\"inventory\">", "</table>"))
        XCTAssertEqual(inventory.components(separatedBy: "<tr data-severities=").count - 1, report.classes.count)
        for entry in report.classes {
            XCTAssertTrue(inventory.contains("<code>\(entry.name)</code>"), entry.name)
            for strategy in entry.strategies { XCTAssertTrue(inventory.contains(strategy.id), "\(entry.name): \(strategy.id)") }
        }
        for rule in Set(report.findings.map(\.rule)) {
            XCTAssertTrue(html.contains("body:has(#filter-rule option[value=\"\(rule)\"]:checked) [data-rules]:not([data-rules~=\"\(rule)\"]){display:none}"), rule)
        }
    }
}
