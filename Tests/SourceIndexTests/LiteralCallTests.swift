import Analysis
import XCTest

final class LiteralCallTests: XCTestCase {
    func testSwiftStoryboardSegueAndReuseLiterals() {
        let index = SourceFixture.index(swift: """
        class ListViewController: UITableViewController {
            func open() {
                let storyboard = UIStoryboard(name: "Main", bundle: nil)
                let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
                performSegue(withIdentifier: "showDetail", sender: self)
                performSegue(withIdentifier: segueName, sender: self)
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Card", for: indexPath)
                let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "Header")
                let tile = collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
                let footer = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "Footer", for: indexPath)
                return cell
            }
        }
        """)
        XCTAssertEqual(index.literalCalls.map(\.kind), [.storyboardName, .storyboardIdentifier, .segueIdentifier, .dequeue, .dequeue, .dequeue, .dequeue])
        XCTAssertEqual(index.literalCalls.map(\.value), ["Main", "Detail", "showDetail", "Card", "Header", "Tile", "Footer"])
        XCTAssertEqual(index.literalCalls.map(\.reusable), [nil, nil, nil, .tableCell, .headerFooter, .collectionCell, .supplementary])
        XCTAssertEqual(index.literalCalls.first?.context, SourceContext(typeName: "ListViewController", methodName: "open()"))
        XCTAssertEqual(index.literalCalls.first?.location, SourceLocation(path: "View.swift", line: 3, column: 26))
    }

    func testObjectiveCStoryboardSegueAndReuseLiterals() {
        let index = SourceFixture.index(objc: """
        @implementation ListViewController
        - (void)open {
            UIStoryboard *storyboard = [UIStoryboard storyboardWithName:@"Main" bundle:nil];
            UIViewController *detail = [storyboard instantiateViewControllerWithIdentifier:@"Detail"];
            [self performSegueWithIdentifier:@"showDetail" sender:self];
            UITableViewCell *cell = [self.tableView dequeueReusableCellWithIdentifier:@"Card" forIndexPath:indexPath];
            UICollectionViewCell *tile = [self.collectionView dequeueReusableCellWithReuseIdentifier:@"Tile" forIndexPath:indexPath];
            [self.tableView registerClass:[Cell class] forCellReuseIdentifier:@"Plain"];
        }
        @end
        """)
        XCTAssertEqual(index.literalCalls.map(\.kind), [.storyboardName, .storyboardIdentifier, .segueIdentifier, .dequeue, .dequeue, .registerClass])
        XCTAssertEqual(index.literalCalls.map(\.value), ["Main", "Detail", "showDetail", "Card", "Tile", "Plain"])
        XCTAssertEqual(index.literalCalls.map(\.language), Array(repeating: .objc, count: 6))
    }
}
