import Analysis
import Foundation
import TestSupport
import XCTest

/// IBLinter's fixtures (`corpus/peer-iblinter`) parse, and the model exposes what the
/// hygiene rules count there (`expected.tsv`).
final class PeerFixtureTests: XCTestCase {
    private func load(_ name: String) throws -> IBDocument {
        let url = Fixtures.sharedDirectory.appendingPathComponent("corpus/peer-iblinter/\(name)")
        try XCTSkipUnless(FileManager.default.fileExists(atPath: url.path), "peer fixtures not present")
        let document = InterfaceBuilderParser().parse(data: try Data(contentsOf: url), path: name)
        XCTAssertEqual(document.status, .analysed, document.reason ?? "")
        return document
    }

    func testDuplicateIDs() throws {
        let document = try load("DuplicateID.xib")
        XCTAssertEqual(document.duplicateIDLocations.keys.sorted(), ["aEU-56-OK8", "iN0-l3-epB"])
    }

    func testAmbiguousViews() throws {
        let document = try load("AmbiguousConstraint.storyboard")
        XCTAssertEqual(document.objects.filter(\.ambiguous).count, 5)
        XCTAssertEqual(document.objects.filter { $0.ambiguous && $0.verifyAmbiguity == nil }.map(\.id), ["SFH-X3-bqs", "oHh-Kj-mCv"])
    }

    func testDuplicateConstraintDetails() throws {
        let document = try load("DuplicateConstraint.xib")
        let byID = Dictionary(document.constraints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let same = try [XCTUnwrap(byID["VAb-jS-xKl"]), XCTUnwrap(byID["aEU-56-OK8"])]
        XCTAssertEqual(same[0].firstItem, same[1].firstItem)
        XCTAssertEqual(same[0].secondItem, same[1].secondItem)
        XCTAssertEqual(same[0].firstAttribute, same[1].firstAttribute)
        XCTAssertEqual(same[0].owner, same[1].owner)
        let reversed = try [XCTUnwrap(byID["8Jq-td-PfE"]), XCTUnwrap(byID["Prh-uf-M6D"])]
        XCTAssertEqual(reversed[0].firstItem, reversed[1].secondItem)
        XCTAssertEqual(reversed[0].secondItem, reversed[1].firstItem)
        XCTAssertEqual(reversed[0].constant, -reversed[1].constant)
        let aspect = try XCTUnwrap(byID["tJb-Dj-njz"])
        XCTAssertEqual(aspect.multiplier, 2)
        XCTAssertEqual(aspect.multiplierText, "2:1")
        XCTAssertTrue(aspect.firstItemIsOwner)
    }
}
