@testable import Analysis
import XCTest

/// An `awakeAfter` override that does some setup and returns super's result keeps the
/// decoded view: no §4.1/§4.2 finding and no substitution strategy, while the same class
/// returning a nib-loaded view gets both.
final class AwakeAfterPassThroughTests: XCTestCase {
    private static let families: Set<RuleDescription.Category> = [.constraintCopy, .recursion]
    private static let placementContent = "<constraints>\n\(SubstitutionExample.sizeConstraints)\n</constraints>\n\(SubstitutionExample.labelSubview)"

    private static let swiftPassThrough = RuleExample.File("App/CardView.swift", """
    import UIKit

    class CardView: UIView {
        @IBOutlet weak var titleLabel: UILabel!
    }

    final class CardViewProto: CardView {
        override func awakeAfter(using coder: NSCoder) -> Any? {
            layer.cornerRadius = 8
            clipsToBounds = true
            return super.awakeAfter(using: coder)
        }
    }
    """)

    private static let objcPassThrough: [RuleExample.File] = [
        SubstitutionExample.objcSources("")[0],
        .init("App/CardView.m", """
        #import "CardView.h"

        @implementation CardView
        @end

        @implementation CardViewProto
        - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
            self.layer.cornerRadius = 8;
            self.clipsToBounds = YES;
            return [super awakeAfterUsingCoder:aDecoder];
        }
        @end
        """),
    ]

    private func analyze(_ files: [RuleExample.File]) -> Report {
        let rules = RuleRegistry.all.filter { Self.families.contains($0.description.category) }
        return Analyzer(configuration: .init(rules: rules)).analyze(input: RuleExample("pass-through", files: files).projectInput)
    }

    private func strategyIDs(of className: String, in report: Report) -> [String] {
        report.classes.first { $0.name == className }?.strategies.map(\.id) ?? []
    }

    private func assertPassThrough(_ sources: [RuleExample.File], swift: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let storyboard = SubstitutionExample.storyboard(swift: swift, content: Self.placementContent)
        let report = analyze(sources + [SubstitutionExample.nib(swift: swift), storyboard])
        XCTAssertEqual(report.findings.map(\.message), [], file: file, line: line)
        XCTAssertFalse(strategyIDs(of: "CardViewProto", in: report).contains("awake-after-substitution"),
                       "\(strategyIDs(of: "CardViewProto", in: report))", file: file, line: line)
    }

    private func assertSubstitution(_ example: RuleExample, file: StaticString = #filePath, line: UInt = #line) {
        let report = analyze(example.files)
        let rules = Set(report.findings.map(\.rule))
        for expected in [PlaceholderConstraintsDroppedRule.description.id, PlaceholderSubviewsDroppedRule.description.id] {
            XCTAssertTrue(rules.contains(expected), "missing \(expected) in \(rules.sorted())", file: file, line: line)
        }
        XCTAssertTrue(strategyIDs(of: "CardViewProto", in: report).contains("awake-after-substitution"), file: file, line: line)
    }

    func testSwiftOverrideReturningSuperIsNotASubstitution() {
        assertPassThrough([Self.swiftPassThrough], swift: true)
    }

    func testObjectiveCOverrideReturningSuperIsNotASubstitution() {
        assertPassThrough(Self.objcPassThrough, swift: false)
    }

    func testSwiftOverrideReturningANibLoadedViewIsASubstitution() {
        let storyboard = SubstitutionExample.storyboard(swift: true, content: Self.placementContent)
        assertSubstitution(SubstitutionExample.swift("swapped", body: "", storyboard: storyboard))
    }

    func testObjectiveCOverrideReturningANibLoadedViewIsASubstitution() {
        let storyboard = SubstitutionExample.storyboard(swift: false, content: Self.placementContent)
        assertSubstitution(SubstitutionExample.objc("swapped", body: "", storyboard: storyboard))
    }
}
