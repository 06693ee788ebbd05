import Analysis
import TestSupport
import XCTest

/// The whole Interface Builder corpus (30 real projects, no sources) through every rule.
final class CorpusRuleTests: XCTestCase {
    func testCorpusAnalysesWithoutCrashAndWithoutTheReviewedFalseAlarms() throws {
        let report = try Analyzer().analyze(path: Fixtures.corpusDirectory.path)
        XCTAssertGreaterThan(report.files.count, 500)
        let viewControllerFindings = report.findings.filter { $0.rule == "vc-nib-without-view" }
        // Reviewed by hand: window controllers, touch-bar controllers and AppKit nibs named
        // after the class minus "Controller" are not view controllers' view nibs.
        for path in ["pigigaldi__Pock/Pock/TouchBar/PockMainController/PockMainController.xib",
                     "pigigaldi__Pock/Pock/TouchBar/ProcessWidgetController/ProcessWidgetController.xib",
                     "sparkle-project__Sparkle/Sparkle/SUStatus.xib"] {
            XCTAssertFalse(viewControllerFindings.contains { $0.locations.first?.path == path }, path)
        }
        let note = try XCTUnwrap(report.notes?.first)
        for id in ["placeholder-constraints-dropped", "awake-after-recursion", "unregistered-reuse-id"] {
            XCTAssertTrue(note.contains(id), "rules needing sources are skipped and named: \(note)")
        }
        XCTAssertFalse(note.contains("vc-nib-without-view"), "needs no sources")
    }
}
