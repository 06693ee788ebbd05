import Analysis
import Foundation
import XCTest

/// The index records which sources register a reusable view under an identifier that is not
/// a string literal, so that `unregistered-reuse-id` can stay quiet without rescanning them.
final class DynamicReuseRegistrationTests: XCTestCase {
    private func registrations(_ files: [(String, String)]) -> [String] {
        SourceFixture.index(files).dynamicReuseRegistrations
    }

    func testLiteralRegistrationsAreNotDynamic() {
        XCTAssertEqual(registrations([
            ("A.swift", #"tableView.register(UINib(nibName: "Cell", bundle: nil), forCellReuseIdentifier: "Cell")"#),
            ("B.m", #"[self.collectionView registerClass:[Cell class] forCellWithReuseIdentifier:@"Item"];"#),
        ]), [])
    }

    func testConstantsAndTypesRegisterDynamically() {
        XCTAssertEqual(registrations([
            ("A.swift", "tableView.register(Cell.self, forCellReuseIdentifier: Cell.identifier)"),
            ("B.swift", "collectionView.register(cellType: ItemCell.self)"),
            ("C.m", "[self.tableView registerNib:nib forHeaderFooterViewReuseIdentifier:kHeader];"),
            ("D.swift", #"let note = "nothing registered here""#),
        ]), ["A.swift", "B.swift", "C.m"])
    }

    func testSupplementaryLabelCountsOnlyOnARegistrationLine() {
        XCTAssertEqual(registrations([
            ("A.swift", "collectionView.register(Header.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Header.id)"),
            ("B.swift", "collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Header.id, for: indexPath)"),
        ]), ["A.swift"])
    }

    /// `\r\n` is one `Character`: a file with Windows line ends is one line, so only the
    /// first registration's argument is looked at, as the rule always did.
    func testWindowsLineEndsKeepOneLine() {
        let text = "tableView.register(A.self, forCellReuseIdentifier: \"A\")\r\ntableView.register(B.self, forCellReuseIdentifier: B.id)\r\n"
        XCTAssertEqual(registrations([("A.swift", text)]), [])
        XCTAssertEqual(registrations([("B.swift", text.replacingOccurrences(of: "\r\n", with: "\n"))]), ["B.swift"])
    }

    func testFileThatIsNotUTF8RegistersNothing() {
        var bytes = Array("tableView.register(Cell.self, forCellReuseIdentifier: Cell.id) // ".utf8)
        bytes.append(0xFF)
        let file = ProjectFile(path: "A.swift", kind: .swift, contents: Data(bytes))
        XCTAssertEqual(SourceIndexer(concurrency: 1).index(files: [file]).dynamicReuseRegistrations, [])
    }
}
