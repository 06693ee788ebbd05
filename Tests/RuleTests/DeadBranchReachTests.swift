@testable import Analysis
import XCTest

/// Code in a block a constant condition rules out is compiled but never runs: a missing
/// nib it loads there is info, and the same load in a branch that runs stays an error.
final class DeadBranchReachTests: XCTestCase {
    private typealias File = RuleExample.File

    /// `HeaderController` loads the nib `LegacyHeader`, which the project does not have,
    /// inside `body`; `declarations` sit at file scope.
    private func headerController(declarations: String, body: String) -> File {
        File("App/HeaderController.swift", """
        import UIKit
        \(declarations)
        final class HeaderController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                \(body)
            }
        }
        """)
    }

    private let load = #"view.addSubview(UINib(nibName: "LegacyHeader", bundle: nil).instantiate(withOwner: nil).first as! UIView)"#

    /// The code that shows the controller, so that its code runs.
    private let flow = File("App/Flow.swift", """
    import UIKit
    enum Flow {
        static func first() -> UIViewController { HeaderController() }
    }
    """)

    /// The controller with the load behind `if showsLegacyHeader`, declared by `declaration`.
    private func behindFlag(_ declaration: String) -> File {
        headerController(declarations: declaration, body: """
        if showsLegacyHeader {
                    \(load)
                }
        """)
    }

    private func severities(_ controller: File) -> [Severity] {
        RuleHarness.findings([controller, flow], rules: [MissingNibRule.self]).map(\.severity)
    }

    func testALoadBehindAFlagThatIsOffIsInfo() {
        XCTAssertEqual(severities(behindFlag("let showsLegacyHeader = false")), [.info])
    }

    func testALoadInTheElseOfAnAlwaysTrueConditionIsInfo() {
        XCTAssertEqual(severities(headerController(declarations: "", body: """
        if true {
                    print("new header")
                } else {
                    \(load)
                }
        """)), [.info])
    }

    func testALoadThatRunsStaysAnError() {
        XCTAssertEqual(severities(headerController(declarations: "", body: load)), [.error])
    }

    func testALoadBehindAFlagThatIsOnStaysAnError() {
        XCTAssertEqual(severities(behindFlag("let showsLegacyHeader = true")), [.error])
    }

    func testALoadBehindAFlagThatMayChangeStaysAnError() {
        XCTAssertEqual(severities(behindFlag("var showsLegacyHeader = false")), [.error])
    }

    func testTheEvidenceNamesTheBlock() throws {
        let finding = try XCTUnwrap(RuleHarness.findings([behindFlag("let showsLegacyHeader = false"), flow], rules: [MissingNibRule.self]).first)
        let reasons = (finding.evidence ?? []).compactMap(\.reason)
        XCTAssertTrue(reasons.contains { $0.contains("lines 6–8") && $0.contains("constant condition rules out") }, "\(reasons)")
    }
}

/// UIKit asks a data source only for the rows and items it counted: a block that runs only
/// for the row equal to its section's count never runs, so a cell it dequeues under an
/// identifier nothing registers is info; with one more row counted, it is an error again.
final class RowCountReachTests: XCTestCase {
    private typealias File = RuleExample.File

    /// A tags controller with a tags section (0) and a relations section (1), counted by
    /// `counter` (the body of `numberOfRowsInSection`), whose relations section dequeues the
    /// unregistered `AddCell` when `addRow` holds.
    private func tagsController(counter: String, addRow: String = "indexPath.row == relations.count") -> File {
        File("App/TagsController.swift", """
        import UIKit
        final class TagsController: UITableViewController {
            var tags: [String] = []
            var relations: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "RelationCell")
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "TagCell")
            }
            override func numberOfSections(in tableView: UITableView) -> Int { 2 }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
                \(counter)
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.section == 1 {
                    if \(addRow) {
                        return tableView.dequeueReusableCell(withIdentifier: "AddCell", for: indexPath)
                    }
                }
                return tableView.dequeueReusableCell(withIdentifier: indexPath.section == 0 ? "TagCell" : "RelationCell", for: indexPath)
            }
        }
        enum Flow {
            static func first() -> UIViewController { TagsController() }
        }
        """)
    }

    /// A counter that gives section 1 `relationRows` rows.
    private func sectionOne(_ relationRows: String) -> String {
        "if section == 0 {\n            return tags.count\n        } else if section == 1 {\n            return \(relationRows)\n        }\n        return 0"
    }

    private func findings(_ files: [File]) -> [Finding] {
        RuleHarness.findings(files, rules: [UnregisteredReuseIDRule.self])
    }

    func testASectionIsNeverAskedForTheRowEqualToItsCount() throws {
        let found = findings([tagsController(counter: sectionOne("relations.count"))])
        XCTAssertEqual(found.map(\.severity), [.info])
        let reason = try XCTUnwrap(found.first?.evidence?.first?.reason)
        XCTAssertTrue(reason.contains("runs only for row relations.count of a section the data source gives exactly relations.count rows"), reason)
    }

    func testOneMoreRowThanItemsMakesTheRowReal() {
        XCTAssertEqual(findings([tagsController(counter: sectionOne("relations.count + 1"))]).map(\.severity), [.error])
    }

    /// A count read from an `else` (no section number) or another section's count proves nothing.
    func testAnotherSectionsCountOrAnElseCountIsNotJudged() {
        let elseCounter = "if section == 0 {\n            return tags.count\n        } else {\n            return relations.count\n        }"
        XCTAssertEqual(findings([tagsController(counter: elseCounter)]).map(\.severity), [.error])
        XCTAssertEqual(findings([tagsController(counter: sectionOne("relations.count"), addRow: "indexPath.row == tags.count")]).map(\.severity), [.error])
    }

    /// An Objective-C collection view whose one count is every section's.
    func testACollectionViewsItemEqualToTheCountIsNeverAskedFor() {
        let source = File("App/GalleryController.m", """
        #import <UIKit/UIKit.h>
        @interface GalleryController : UICollectionViewController
        @property (nonatomic, strong) NSArray *photos;
        @end
        @implementation GalleryController
        - (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section {
            return self.photos.count;
        }
        - (UICollectionViewCell *)collectionView:(UICollectionView *)collectionView cellForItemAtIndexPath:(NSIndexPath *)indexPath {
            if (indexPath.item == self.photos.count) {
                return [collectionView dequeueReusableCellWithReuseIdentifier:@"MoreCell" forIndexPath:indexPath];
            }
            return [collectionView dequeueReusableCellWithReuseIdentifier:@"PhotoCell" forIndexPath:indexPath];
        }
        @end
        """)
        let flow = File("App/Flow.m", """
        #import <UIKit/UIKit.h>
        @interface Flow : NSObject
        @end
        @implementation Flow
        + (UIViewController *)first { return [[GalleryController alloc] init]; }
        @end
        """)
        let found = findings([source, flow])
        XCTAssertEqual(found.filter { $0.message.contains("MoreCell") }.map(\.severity), [.info])
        XCTAssertEqual(found.filter { $0.message.contains("PhotoCell") }.map(\.severity), [.error])
    }
}
