import XCTest
@testable import Analysis

/// A reuse identifier's mentions: in registrations, in declarations of its name or value,
/// and uses that may feed a dequeue.
final class ReuseIdentifierMentionsTests: XCTestCase {
    private func roles(_ text: String, _ language: SourceLanguage = .swift, names: Set<String>, value: String?) -> [ReuseIdentifierMentions.Role] {
        ReuseIdentifierMentions(SourceTokenizer(language: language).stream(Array(text.utf8)), names: names, value: value).mentions.map(\.role)
    }

    func testSwiftRegistrationsDeclarationsAndUses() {
        XCTAssertEqual(roles("""
        enum Cells: String { case title = "TitleCell", photo = "PhotoCell" }
        final class PhotoCell: UITableViewCell {}
        func setUp() {
            table.register(UINib(nibName: String(describing: PhotoCell.self), bundle: nil),
                           forCellReuseIdentifier: Cells.photo.rawValue)
            let cell = table.dequeueReusableCell(withIdentifier: Cells.photo.rawValue, for: path) as! PhotoCell
            let other = table.dequeueReusableCell(withIdentifier: "PhotoCell", for: path)
        }
        """, names: ["photo", "PhotoCell"], value: "PhotoCell"),
            [.declaration, .declaration, .declaration, .registration, .registration, .use, .use, .use])
    }

    func testObjectiveCMessagesAndConstants() {
        XCTAssertEqual(roles("""
        static NSString *const PhotoID = @"PhotoCell";
        - (void)viewDidLoad {
            [self.table registerNib:[UINib nibWithNibName:@"Photo" bundle:nil] forCellReuseIdentifier:PhotoID];
            [self.table dequeueReusableCellWithIdentifier:PhotoID forIndexPath:path];
        }
        """, .objc, names: ["PhotoID"], value: "PhotoCell"), [.declaration, .declaration, .registration, .use])
    }

    func testLiteralContentsWithoutEscapes() {
        XCTAssertEqual(ReuseIdentifierMentions.contents(of: "@\"Cell\""), "Cell")
        XCTAssertEqual(ReuseIdentifierMentions.contents(of: "\"Cell\""), "Cell")
        XCTAssertNil(ReuseIdentifierMentions.contents(of: "\"Cell\\(n)\""))
    }
}
