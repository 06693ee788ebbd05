import Analysis
import XCTest

final class SourceIndexerTests: XCTestCase {
    private let files: [(String, String)] = [
        ("B/Card.swift", "@objc(RTCard) class Card: UIView { func load() { Bundle.main.loadNibNamed(String(describing: Self.self), owner: self) } }"),
        ("A/UIView+Nib.m", "@implementation UIView (Nib)\n+ (id)fromNib { return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass(self) owner:nil options:nil] firstObject]; }\n@end"),
        ("C/Screen.m", "@implementation Screen\n- (void)show { Banner *b = [Banner fromNib]; }\n@end"),
        ("D/Other.swift", "class Other: UIView {}"),
    ]

    func testParallelAndShuffledInputGiveTheSameIndex() {
        let sequential = SourceIndexer(concurrency: 1).index(files: files.map { SourceFixture.file($0.0, $0.1) })
        let parallel = SourceIndexer(concurrency: 4).index(files: files.reversed().map { SourceFixture.file($0.0, $0.1) })
        XCTAssertEqual(sequential, parallel)
        XCTAssertEqual(sequential.nibLoads.map(\.location.path), ["A/UIView+Nib.m", "B/Card.swift", "C/Screen.m"])
    }

    func testRuntimeNameIsTheCandidateNibName() {
        let index = SourceIndexer().index(files: files.map { SourceFixture.file($0.0, $0.1) })
        XCTAssertEqual(index.loads(in: "Card").first?.nibName.candidates, ["RTCard"])
        XCTAssertEqual(index.loads(in: "Screen").first?.nibName.candidates, ["Banner"])
    }

    func testSingleFileIndexingDoesNotFollowOtherFilesHelpers() {
        let screen = SourceIndexer().indexFile(SourceFixture.file("C/Screen.m", files[2].1))
        XCTAssertEqual(screen.nibLoads, [])
        XCTAssertEqual(screen.declarations.map(\.name), ["Screen"])
        XCTAssertEqual(screen.language, .objc)
    }

    func testIndexIsCodable() throws {
        let index = SourceIndexer().index(files: files.map { SourceFixture.file($0.0, $0.1) })
        let data = try Report.makeJSONEncoder().encode(index)
        XCTAssertEqual(try JSONDecoder().decode(SourceIndex.self, from: data), index)
    }
}
