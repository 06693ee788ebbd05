@testable import Analysis
import XCTest

/// A xib named after a view class whose File's Owner has no class is still that class's
/// owner nib when the class loads it with `self` as owner: Interface Builder's label only
/// draws outlet connections.
final class UnlabelledOwnerNibTests: XCTestCase {
    private typealias File = RuleExample.File

    private let nib = File("App/BadgeView.xib", ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
    <view contentMode="scaleToFill" id="Root-00-001">
        <subviews>
            <label text="New" id="Lbl-00-001"/>
        </subviews>
    </view>
    """))

    private func strategies(_ code: String) -> [String] {
        let report = Analyzer().analyze(input: RuleExample("ad hoc", files: [nib, File("App/BadgeView.swift", code)]).projectInput)
        return report.classes.first { $0.name == "BadgeView" }?.strategies.map(\.id) ?? []
    }

    func testAViewLoadingItsNamesakeWithItselfAsOwnerIsTheOwner() {
        XCTAssertEqual(strategies("""
        import UIKit
        final class BadgeView: UIView {
            required init?(coder: NSCoder) {
                super.init(coder: coder)
                let content = Bundle.main.loadNibNamed("BadgeView", owner: self, options: nil)![0] as! UIView
                addSubview(content)
            }
        }
        """), ["files-owner-content-view"])
    }

    func testANamesakeXibTheClassNeverLoadsAsOwnerMakesNoStrategy() {
        XCTAssertEqual(strategies("""
        import UIKit
        final class BadgeView: UIView {}
        """), ["code-only"])
    }
}
