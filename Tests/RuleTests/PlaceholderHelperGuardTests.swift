@testable import Analysis
import XCTest

/// An `awakeAfter` that hands the placeholder to a helper as an argument is guarded by
/// what the helper checks on that parameter.
final class PlaceholderHelperGuardTests: XCTestCase {
    private typealias File = RuleExample.File

    private func variants(helperCondition condition: String) -> [String] {
        let files = [
            File("App/ScoreView.swift", """
            import UIKit
            final class ScoreView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? {
                    return UIView.replaceFromNib(self)
                }
            }
            """),
            File("App/UIView+Swap.swift", """
            import UIKit
            extension UIView {
                class func replaceFromNib<T: UIView>(_ original: T) -> T {
                    if \(condition) {
                        let loaded = UINib(nibName: "ScoreView", bundle: nil).instantiate(withOwner: nil, options: nil)[0] as! T
                        loaded.translatesAutoresizingMaskIntoConstraints = false
                        return loaded
                    }
                    return original
                }
            }
            """),
            File("App/ScoreView.xib", ExampleXML.xib("""
            <view contentMode="scaleToFill" customClass="ScoreView" customModule="App" customModuleProvider="target" id="Root-00-001">
                <subviews>
                    <label text="0" id="Lbl-00-001"/>
                </subviews>
            </view>
            """)),
        ]
        let report = Analyzer().analyze(input: RuleExample("ad hoc", files: files).projectInput)
        return report.classes.first { $0.name == "ScoreView" }?.strategies
            .filter { $0.id == "awake-after-substitution" }.compactMap(\.variant) ?? []
    }

    func testASubviewsCheckOnTheParameterGuardsTheSwap() {
        XCTAssertEqual(variants(helperCondition: "original.subviews.count == 0"), ["subviews-count"])
    }

    func testAHelperWithoutACheckLeavesItUnguarded() {
        XCTAssertEqual(variants(helperCondition: "true"), ["unguarded"])
    }
}
