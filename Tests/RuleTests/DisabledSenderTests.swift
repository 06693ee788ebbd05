@testable import Analysis
import XCTest

/// A control that code keeps switched off sends no action: a stale action on it is a
/// warning, unless some code that may hold the control switches it on again.
final class DisabledSenderTests: XCTestCase {
    private typealias File = RuleExample.File

    /// A `PairCell` whose `first` field sends `firstChanged:` to the File's Owner, which
    /// lacks it; `EditableCell` is a subclass with the same outlet.
    private let nib = File("App/ListController.xib", ExampleXML.xib("""
    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="ListController" customModule="App" customModuleProvider="target"/>
    <tableViewCell contentMode="scaleToFill" customClass="PairCell" customModule="App" customModuleProvider="target" id="Cel-00-001">
        <subviews>
            <textField id="Txt-00-001">
                <connections>
                    <action selector="firstChanged:" destination="-1" eventType="editingChanged" id="Act-00-001"/>
                </connections>
            </textField>
        </subviews>
        <connections>
            <outlet property="first" destination="Txt-00-001" id="Out-00-001"/>
        </connections>
    </tableViewCell>
    """))

    private func severities(configuring body: String) -> [Severity] {
        let code = File("App/ListController.swift", """
        import UIKit
        class PairCell: UITableViewCell { @IBOutlet var first: UITextField! }
        final class EditableCell: PairCell {}
        final class ListController: UITableViewController {
            func configure(_ table: UITableView) {
        \(SubstitutionExample.indented(body, by: 8))
            }
        }
        """)
        return RuleHarness.findings([nib, code, RuleExample.loader(ofNib: "ListController")], rules: [ActionNotInClassRule.self]).map(\.severity)
    }

    func testAFieldOnlyEverSwitchedOffMakesTheStaleActionAWarning() {
        XCTAssertEqual(severities(configuring: """
        let pair = table.dequeueReusableCell(withIdentifier: "Pair") as! PairCell
        pair.first.isEnabled = false
        """), [.warning])
    }

    func testASubclassSwitchingItsOwnFieldOnDoesNotReachTheBaseCell() {
        XCTAssertEqual(severities(configuring: """
        let editable = table.dequeueReusableCell(withIdentifier: "Editable") as! EditableCell
        editable.first.isEnabled = true
        let pair = table.dequeueReusableCell(withIdentifier: "Pair") as! PairCell
        pair.first.isEnabled = false
        """), [.warning])
    }

    func testCodeThatMayHoldTheCellSwitchingItOnKeepsTheError() {
        XCTAssertEqual(severities(configuring: """
        let pair = table.dequeueReusableCell(withIdentifier: "Pair") as! PairCell
        pair.first.isEnabled = false
        let any = table.dequeueReusableCell(withIdentifier: "Any")
        (any as? PairCell)?.first.isEnabled = isEditing
        """), [.error])
    }

    func testNoCodeSwitchingTheFieldKeepsTheError() {
        XCTAssertEqual(severities(configuring: "_ = table"), [.error])
    }
}
