@testable import Analysis
import XCTest

/// The §4.1, §4.2 and §4.4 rules on broken and half-written projects: no crash, no finding
/// built from a file that could not be read.
final class RuleRobustnessTests: XCTestCase {
    func testBrokenInterfaceBuilderFilesAndTruncatedSourcesAreSurvived() {
        let files: [RuleExample.File] = [
            .init("App/CardView.xib", "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"a\""),
            .init("App/Main.storyboard", "not xml at all"),
            .init("App/CardView.swift", """
            class CardView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? {
                    let view = Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first
                    return view
            """),
            .init("App/Broken.m", "@implementation Broken\n- (id)initWithCoder:(NSCoder *)c {\n    self = [[[NSBundle mainBundle] loadNibNamed:@\"\" owner:nil options:nil] firstObject];\n"),
            .init("App/Calls.swift", """
            func f(_ tableView: UITableView, _ indexPath: IndexPath) {
                _ = tableView.dequeueReusableCell(withIdentifier: "", for: indexPath)
                _ = UIStoryboard(name: "", bundle: nil)
                performSegue(withIdentifier: "", sender: nil)
            """),
        ]
        let findings = RuleHarness.findings(files, rules: FingerprintStabilityTests.rules)
        let unreadable: Set<String> = ["App/CardView.xib", "App/Main.storyboard"]
        XCTAssertFalse(findings.contains { $0.locations.contains { unreadable.contains($0.path) } }, findings.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(findings.filter { $0.rule == "init-coder-replaces-self" }.count, 1, "the readable part still counts")
    }

    func testEmptyProjectAndInterfaceBuilderOnlyProject() {
        XCTAssertEqual(RuleHarness.findings([], rules: FingerprintStabilityTests.rules).count, 0)
        let storyboardOnly = SubstitutionExample.storyboard(swift: true, content: SubstitutionExample.labelSubview)
        let report = Analyzer(configuration: .init(rules: FingerprintStabilityTests.rules))
            .analyze(input: RuleExample("IB only", files: [storyboardOnly]).projectInput)
        XCTAssertEqual(report.findings.count, 0)
        XCTAssertTrue(report.notes?.first?.contains("placeholder-subviews-dropped") == true)
    }
}
