@testable import Analysis
import XCTest

/// A registered nib is loaded only when a dequeue asks its view for the identifier: a
/// missing nib registered under an identifier no code can dequeue from that view is info.
final class RegisteredNibReachTests: XCTestCase {
    private typealias File = RuleExample.File

    /// `StatsController` registers a nib that does not exist under `Cells.dot`;
    /// `dequeue` is what else its file does with the table.
    private func statsController(dequeue: String) -> File {
        File("App/StatsController.swift", """
        import UIKit
        final class StatsController: UITableViewController {
            enum Cells: String { case dot = "DotCell" }
            override func viewDidLoad() {
                super.viewDidLoad()
                tableView.register(UINib(nibName: "DotCell", bundle: nil), forCellReuseIdentifier: Cells.dot.rawValue)
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                \(dequeue)
            }
        }
        """)
    }

    private let cell = File("App/DotCell.swift", """
    import UIKit
    final class DotCell: UITableViewCell {}
    """)

    /// A legend controller that registers `DotCell` by class for `Cells.dot` and dequeues it
    /// from its own table.
    private let legendController = File("App/LegendController.swift", """
    import UIKit
    final class LegendController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(DotCell.self, forCellReuseIdentifier: StatsController.Cells.dot.rawValue)
        }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            tableView.dequeueReusableCell(withIdentifier: StatsController.Cells.dot.rawValue, for: indexPath)
        }
    }
    """)

    /// The code that shows both controllers, so that their code runs.
    private let flow = File("App/Flow.swift", """
    import UIKit
    enum Flow {
        static func screens() -> [UIViewController] { [StatsController(), LegendController()] }
    }
    """)

    private func severities(_ files: [File]) -> [Severity] {
        RuleHarness.findings(files + [cell, flow], rules: [MissingNibRule.self]).map(\.severity)
    }

    func testADequeueOfTheIdentifierInTheRegisteringFileKeepsTheError() {
        XCTAssertEqual(severities([statsController(dequeue: "tableView.dequeueReusableCell(withIdentifier: Cells.dot.rawValue, for: indexPath)")]), [.error])
        XCTAssertEqual(severities([statsController(dequeue: #"tableView.dequeueReusableCell(withIdentifier: "DotCell", for: indexPath)"#)]), [.error])
    }

    func testAnIdentifierNoCodeNamesIsNeverDequeued() {
        XCTAssertEqual(severities([statsController(dequeue: #"tableView.dequeueReusableCell(withIdentifier: "Other", for: indexPath)"#)]), [.info])
    }

    func testAnIdentifierNamedOnlyWhereAnotherViewRegistersItIsNeverDequeuedHere() {
        XCTAssertEqual(severities([statsController(dequeue: #"tableView.dequeueReusableCell(withIdentifier: "Other", for: indexPath)"#), legendController]), [.info])
    }

    func testADataSourceElsewhereThatDequeuesTheIdentifierKeepsTheError() {
        let dataSource = File("App/StatsDataSource.swift", """
        import UIKit
        final class StatsDataSource: NSObject {
            func cell(in table: UITableView, at indexPath: IndexPath) -> UITableViewCell {
                table.dequeueReusableCell(withIdentifier: StatsController.Cells.dot.rawValue, for: indexPath)
            }
        }
        """)
        XCTAssertEqual(severities([statsController(dequeue: "StatsDataSource().cell(in: tableView, at: indexPath)"), dataSource]), [.error])
    }

    func testATypeNamedDequeueOfTheValueKeepsTheError() {
        let helper = File("App/Table+Cells.swift", """
        import UIKit
        extension UITableView {
            func dequeue<Cell: UITableViewCell>(_ type: Cell.Type, for indexPath: IndexPath) -> Cell {
                dequeueReusableCell(withIdentifier: String(describing: type), for: indexPath) as! Cell
            }
        }
        final class Feed {
            func make(_ table: UITableView, _ indexPath: IndexPath) -> UITableViewCell { table.dequeue(DotCell.self, for: indexPath) }
        }
        """)
        XCTAssertEqual(severities([statsController(dequeue: #"tableView.dequeueReusableCell(withIdentifier: "Other", for: indexPath)"#), helper]), [.error])
    }

    /// The literal a declaration gives the name `dot` in `text`, as the registration's
    /// constant is read.
    private func literal(ofDotIn text: String) -> String? {
        let bytes = Array(text.utf8), name = Array("dot".utf8)
        guard let start = bytes.indices.first(where: { bytes[$0...].starts(with: name) }) else { return nil }
        return bytes.withUnsafeBufferPointer { ProjectModel.declaredLiteral(in: $0, nameAt: start..<(start + name.count)) }
    }

    func testAConstantsDeclarationGivesItsLiteral() {
        XCTAssertEqual(literal(ofDotIn: #"enum Cells: String { case dot = "DotCell" }"#), "DotCell")
        XCTAssertEqual(literal(ofDotIn: #"static let dot: String = "DotCell""#), "DotCell")
        XCTAssertEqual(literal(ofDotIn: "static let dot =\n    \"DotCell\""), "DotCell")
        XCTAssertEqual(literal(ofDotIn: #"static NSString *const dot = @"DotCell";"#), "DotCell")
    }

    func testWhatIsNotAConstantsLiteralDeclarationGivesNothing() {
        XCTAssertNil(literal(ofDotIn: #"var dot = "DotCell""#), "a variable may change")
        XCTAssertNil(literal(ofDotIn: #"let dot: Substring = "DotCell""#))
        XCTAssertNil(literal(ofDotIn: #"let dot = "Dot\(kind)Cell""#), "an interpolation is computed")
        XCTAssertNil(literal(ofDotIn: #"let dot = prefix + "Cell""#))
        XCTAssertNil(literal(ofDotIn: #"outlet dot = "DotCell""#), "let must be a whole word")
        XCTAssertNil(literal(ofDotIn: "let dot = \"Dot\nCell\""), "a literal ends on its line")
    }
}
