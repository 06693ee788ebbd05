@testable import Analysis
import Foundation
import TestSupport
import XCTest

/// A round of helper resolution indexes again only the files a changed table can change:
/// those calling a helper that is new or different since the round before, and, for a
/// placeholder-copy method, only files with an `awakeAfter`. The shortcut must give the
/// index that indexing every file again in every round gives.
final class HelperRoundTests: XCTestCase {
    private static let loaders = """
        import UIKit
        extension UIView {
            class func fromNib(named name: String) -> UIView { Bundle.main.loadNibNamed(name, owner: nil)!.first as! UIView }
            class func makeFromNib(_ name: String) -> UIView { UINib(nibName: name, bundle: nil).instantiate(withOwner: nil).first as! UIView }
        }
        final class Card: UIView {
            func copyAttributes(from prototype: UIView) {
                self.frame = prototype.frame
                self.autoresizingMask = prototype.autoresizingMask
            }
        }
        """

    private func helpers(named names: Set<String>) -> [NibLoadHelper] {
        SourceIndexer(concurrency: 1).indexFile(SourceFixture.file("Loaders.swift", Self.loaders)).helpers.filter { names.contains($0.baseName) }
    }

    func testCopyMethodCallsCountOnlyInAFileThatNamesAwakeAfter() {
        let copies = SourceIndexer(concurrency: 1).indexFile(SourceFixture.file("Loaders.swift", Self.loaders)).copyHelpers
        XCTAssertNotNil(copies["copyAttributes"], "the one-parameter copier is a placeholder-copy method")
        let filter = NibLoadHelperTable(copyHelpers: copies).reindexFilter(since: NibLoadHelperTable())
        let plainCall = "final class Other: UIView { func setUp() { copyAttributes(from: self) } }"
        let inAwakeAfter = "final class Other: UIView { override func awakeAfter(using coder: NSCoder) -> Any? { copyAttributes(from: self); return self } }"
        XCTAssertFalse(filter.needsReindex(Data(plainCall.utf8), swift: true), "no awakeAfter: the copy table is never read")
        XCTAssertTrue(filter.needsReindex(Data(inAwakeAfter.utf8), swift: true))
        XCTAssertFalse(filter.needsReindex(Data("[self awakeAfterUsingCoder:c]; copyAttributes(from: self)".utf8), swift: false),
                       "a Swift copier's name is not an Objective-C send")
    }

    func testOnlyHelpersNewSinceTheRoundBeforeAreSearched() {
        let first = NibLoadHelperTable(helpers(named: ["fromNib"]))
        let second = NibLoadHelperTable(helpers(named: ["fromNib", "makeFromNib"]))
        XCTAssertEqual(second.byBaseName.count, 2)
        let oldCall = Data("let a = UIView.fromNib(named: \"A\")".utf8)
        let newCall = Data("let b = UIView.makeFromNib(\"B\")".utf8)
        let fromScratch = second.reindexFilter(since: NibLoadHelperTable())
        XCTAssertTrue(fromScratch.needsReindex(oldCall, swift: true))
        XCTAssertTrue(fromScratch.needsReindex(newCall, swift: true))
        let sinceFirst = second.reindexFilter(since: first)
        XCTAssertFalse(sinceFirst.needsReindex(oldCall, swift: true), "indexed with that helper already")
        XCTAssertTrue(sinceFirst.needsReindex(newCall, swift: true))
        XCTAssertFalse(second.reindexFilter(since: second).needsReindex(newCall, swift: true), "nothing changed")
    }

    func testHelperChainGivesTheIndexOfIndexingEveryFileAgain() {
        // `B.make()` → `A.load(named:)` → `loadNibNamed`: the second round finds `make`.
        let files = [
            SourceFixture.file("A.swift", """
                import UIKit
                extension UIView { class func load(named name: String) -> UIView { Bundle.main.loadNibNamed(name, owner: nil)!.first as! UIView } }
                """),
            SourceFixture.file("B.swift", """
                import UIKit
                final class B: UIView { class func make() -> UIView { return UIView.load(named: "B") } }
                """),
            SourceFixture.file("C.swift", """
                import UIKit
                final class C: UIViewController { override func viewDidLoad() { view.addSubview(B.make()) } }
                """),
            SourceFixture.file("D.swift", "final class D { func load() {} }"),
        ]
        let index = SourceIndexer(concurrency: 1).index(files: files)
        XCTAssertEqual(index, Self.indexingEveryFileAgain(files))
        XCTAssertTrue(index.nibLoads.contains { $0.context.typeName == "C" && $0.nibName.resolution == .literal("B") },
                      "the chain reaches the caller that names the nib: \(index.nibLoads.map { ($0.context.typeName ?? "-", $0.nibName.expression) })")
    }

    /// Real projects whose helpers take more than one round (a chain) or include copy methods.
    func testRealProjectsGiveTheIndexOfIndexingEveryFileAgain() throws {
        for name in ["SwiftKickMobile__SwiftMessages", "dekatotoro__SlideMenuControllerSwift", "HexFiend__HexFiend"] {
            let folder = Fixtures.realworldDirectory.appendingPathComponent(name).path
            let files = try ProjectInput.read(path: folder, limits: ArchiveLimits()).files
            XCTAssertEqual(SourceIndexer(concurrency: 2).index(files: files), Self.indexingEveryFileAgain(files), name)
        }
    }

    /// The plain algorithm: each round indexes every source file again with the whole table.
    private static func indexingEveryFileAgain(_ files: [ProjectFile]) -> SourceIndex {
        let indexer = SourceIndexer(concurrency: 1)
        let sources = files.filter { ($0.kind == .swift || $0.kind == .objc) && $0.contents != nil }
        var results = sources.map { indexer.indexFile($0) }
        var known = 0
        for _ in 0..<SourceIndexer.maximumHelperRounds {
            let helpers = results.flatMap(\.helpers)
            var copyHelpers: [String: PlaceholderCopyFacts] = [:]
            for result in results { copyHelpers.merge(result.copyHelpers) { first, _ in first } }
            guard helpers.count + copyHelpers.count > known else { break }
            known = helpers.count + copyHelpers.count
            let table = NibLoadHelperTable(helpers, copyHelpers: copyHelpers, declarations: results.flatMap(\.declarations))
            results = sources.map { indexer.indexFile($0, helpers: table) }
        }
        return SourceIndexMerger.merge(results)
    }
}
