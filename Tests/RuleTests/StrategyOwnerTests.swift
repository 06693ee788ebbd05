import Analysis
import Foundation
import XCTest

/// Strategies decided by who really owns a nib: `owner: self` in a type method is the
/// metatype and in another class it is that other object; a cell nib nothing registers is
/// a root-class factory; a controller made with `init(nibName: nil)` and no nib of its name
/// is made in code.
final class StrategyOwnerTests: XCTestCase {
    func strategies(_ files: [(String, String)]) -> [String: [String]] {
        let model = ProjectModel.build(files: files.map {
            ProjectFile(path: $0.0, kind: ProjectFile.kind(ofPath: $0.0), contents: Data($0.1.utf8))
        })
        return Dictionary(model.classEntries().map { ($0.name, $0.strategies.map(\.id)) }, uniquingKeysWith: { first, _ in first })
    }

    static func rootXib(_ className: String, element: String = "view") -> String {
        ExampleXML.xib("""
        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
        <\(element) contentMode="scaleToFill" customClass="\(className)" customModule="App" customModuleProvider="target" id="Root-00-001"/>
        """)
    }

    func testOwnerSelfInAnotherClassOrATypeMethodIsAFactory() {
        let result = strategies([
            ("App/Cards.swift", """
            import UIKit
            final class StatisticsCardView: UIView {}
            final class StatisticsCell: UITableViewCell {
                func makeCard() -> StatisticsCardView? {
                    UINib(nibName: "StatisticsCardView", bundle: nil).instantiate(withOwner: self, options: nil).first as? StatisticsCardView
                }
            }
            """),
            ("App/StatisticsCardView.xib", Self.rootXib("StatisticsCardView")),
            ("App/SwitchCell.h", "#import <UIKit/UIKit.h>\n@interface SwitchCell : UITableViewCell\n+ (SwitchCell *)cell;\n@end\n"),
            ("App/SwitchCell.m", """
            #import "SwitchCell.h"
            @implementation SwitchCell
            + (SwitchCell *)cell { return [[NSBundle mainBundle] loadNibNamed:@"SwitchCell" owner:self options:nil][0]; }
            @end
            """),
            ("App/SwitchCell.xib", Self.rootXib("SwitchCell", element: "tableViewCell").replacingOccurrences(of: " customModule=\"App\" customModuleProvider=\"target\"", with: "")),
        ])
        XCTAssertEqual(result["StatisticsCardView"], ["root-class-factory"])
        XCTAssertEqual(result["SwitchCell"], ["root-class-factory"], "never registered: the class method's owner is the metatype")
    }

    func testRegisteredCellNibStaysACellNib() {
        let result = strategies([
            ("App/List.swift", """
            import UIKit
            final class PriceCell: UITableViewCell {}
            final class ListController: UITableViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    tableView.register(UINib(nibName: "PriceCell", bundle: nil), forCellReuseIdentifier: "price")
                }
            }
            """),
            ("App/PriceCell.xib", Self.rootXib("PriceCell", element: "tableViewCell")),
        ])
        XCTAssertEqual(result["PriceCell"], ["cell-nib"])
    }

    func testControllerWithoutANibOfItsNameIsMadeInCode() {
        let result = strategies([
            ("App/Sheets.swift", """
            import UIKit
            final class ActionSheetController: UIViewController {
                init() { super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            final class DirectionController: UIViewController {
                init() { super.init(nibName: nil, bundle: nil) }
                required init?(coder: NSCoder) { fatalError() }
            }
            """),
            ("App/DirectionController.xib", ExampleXML.xib("""
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="DirectionController" customModule="App" customModuleProvider="target">
                <connections><outlet property="view" destination="Root-00-001" id="Out-00-001"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="Root-00-001"/>
            """)),
        ])
        XCTAssertEqual(result["DirectionController"], ["view-controller-nib"])
        XCTAssertNotEqual(result["ActionSheetController"], ["view-controller-nib"])
    }
}
