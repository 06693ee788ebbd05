@testable import Analysis
import Foundation
import XCTest

/// The joins after they were reshaped for speed: chains that do not depend on the order
/// names are visited in (long ones and cycles included), class members that ask the
/// platform table instead of copying it, duplicate ids found with one set, and the
/// substitution index when no class overrides `awakeAfter`.
final class ModelJoinTests: XCTestCase {
    /// `C0: UIView`, `C1: C0` … `C39: C38`, a 25-class cycle `L0: L1` … `L24: L0`, and
    /// `T1: T0`, `T0: L3`, a tail leading into the cycle.
    private static let deepSwift: String = {
        var lines = ["import UIKit", "class C0: UIView {}"]
        lines += (1..<40).reversed().map { "class C\($0): C\($0 - 1) {}" }
        lines += (0..<25).map { "class L\($0): L\(($0 + 1) % 25) {}" }
        lines += ["class T1: T0 {}", "class T0: L3 {}"]
        return lines.joined(separator: "\n") + "\n"
    }()

    private func deepModel() -> ProjectModel {
        ProjectModel.build(files: [ProjectFile(path: "App/Deep.swift", kind: .swift, contents: Data(Self.deepSwift.utf8))])
    }

    func testLongChainsReachThePlatformAndLongCyclesStopWhereTheyClose() {
        let model = deepModel()
        XCTAssertEqual(model.lineage(of: "C39"), (0..<40).reversed().map { "C\($0)" } + ["UIView", "UIResponder", "NSObject"])
        XCTAssertEqual(model.lineage(of: "L5"), (5..<25).map { "L\($0)" } + (0..<5).map { "L\($0)" })
        XCTAssertEqual(model.descendants(of: "C30"), (31..<40).map { "C\($0)" }.sorted())
        XCTAssertTrue(model.members(of: "C39").isComplete)
        XCTAssertFalse(model.members(of: "L5").isComplete)
    }

    func testChainsDoNotDependOnTheOrderNamesAreVisited() {
        let model = deepModel()
        let step = ProjectModel.superclassStep(sources: model.sources, types: model.typesByRuntimeName)
        let names = model.sources.types.keys.sorted()
        let forward = ClassHierarchy(names: names, superclass: step)
        let backward = ClassHierarchy(names: names.reversed(), superclass: step)
        var stepwise = ClassHierarchy(lineagesOf: names.filter { $0.hasPrefix("L") }, superclass: step)
        stepwise.addLineages(of: names, superclass: step)
        stepwise.indexSubclasses()
        for name in names {
            let expected = Self.walk(from: name, step: step)
            XCTAssertEqual(forward.lineage(of: name), expected, name)
            XCTAssertEqual(backward.lineage(of: name), expected, name)
            XCTAssertEqual(stepwise.lineage(of: name), expected, name)
            XCTAssertEqual(model.hierarchy.lineage(of: name), expected, name)
            XCTAssertEqual(forward.top(of: name), expected.last, name)
            for ancestor in names + ["UIView", "NSObject"] {
                XCTAssertEqual(forward.isKind(name, of: ancestor), expected.contains(ancestor), "\(name) of \(ancestor)")
            }
            for ancestors in [[], ["UIView", "NSObject"], ["Unknown", names[0]], Array(names.suffix(3))] {
                XCTAssertEqual(forward.isKind(name, ofAnyOf: ancestors), ancestors.contains(where: expected.contains), "\(name) of any of \(ancestors)")
                XCTAssertEqual(model.isKind(name, ofAnyOf: ancestors), ancestors.contains { model.isKind(name, of: $0) }, "\(name) of any of \(ancestors)")
            }
        }
        XCTAssertEqual(forward.subclasses, backward.subclasses)
        XCTAssertEqual(forward.subclasses, stepwise.subclasses)
        XCTAssertEqual(forward.lineage(of: "T1"), ["T1", "T0"] + (3..<25).map { "L\($0)" } + (0..<3).map { "L\($0)" })
        XCTAssertNil(forward.lineage(of: "Unknown"))
        XCTAssertNil(forward.isKind("Unknown", ofAnyOf: ["UIView"]), "an unknown name is left to the lineage walk")
        XCTAssertTrue(forward.cutLinks.isEmpty)
    }

    /// A chain or a cycle longer than the bound is cut where it exceeds it, the same way
    /// whatever order names come in, and the report says so.
    func testChainsLongerThanTheBoundAreCutAndNoted() throws {
        let bound = ClassHierarchy.maxLineageLength
        let count = bound * 3 + 7
        let chain = ["import UIKit", "class C\(count - 1): UIView {}"] + (0..<(count - 1)).map { "class C\($0): C\($0 + 1) {}" }
        let cycle = (0..<(bound + 5)).map { "class L\($0): L\(($0 + 1) % (bound + 5)) {}" }
        let files = [ProjectFile(path: "App/Deep.swift", kind: .swift, contents: Data((chain + cycle).joined(separator: "\n").utf8))]
        let model = ProjectModel.build(files: files)
        for index in [0, count / 2, count - 1] {
            XCTAssertLessThanOrEqual(model.lineage(of: "C\(index)").count, bound)
        }
        XCTAssertEqual(model.lineage(of: "C\(count - 1)"), ["C\(count - 1)", "UIView", "UIResponder", "NSObject"])
        XCTAssertEqual(model.lineage(of: "L0"), ["L0"], "the cycle is cut at its smallest name")
        XCTAssertEqual(model.lineage(of: "L6").count, bound, "then it is a chain (L132 below L0), cut again at the bound")
        XCTAssertEqual(model.lineage(of: "L1"), ["L1", "L2", "L3", "L4", "L5"])
        XCTAssertFalse(model.isLineageComplete(of: "C0"), "a cut chain no longer reaches the platform")
        XCTAssertTrue(model.isKind("C1", of: "C2"))
        XCTAssertFalse(model.isKind("C0", of: "UIView"))
        let step = ProjectModel.superclassStep(sources: model.sources, types: model.typesByRuntimeName)
        let names = model.sources.types.keys.sorted()
        let forward = ClassHierarchy(names: names, superclass: step)
        let backward = ClassHierarchy(names: names.reversed(), superclass: step)
        XCTAssertEqual(forward.cutLinks.map(\.name), backward.cutLinks.map(\.name))
        for name in names { XCTAssertEqual(forward.lineage(of: name), backward.lineage(of: name), name) }
        let note = try XCTUnwrap(model.hierarchyNote)
        XCTAssertTrue(note.contains("longer than \(bound) classes"), note)
        let report = Analyzer().analyze(input: ProjectInput(defaultName: "deep", files: files, totalEntries: 1, totalBytes: 0))
        XCTAssertEqual(report.notes?.first, note)
    }

    /// A chain by plain walking, without memoised chains: what the hierarchy must match.
    private static func walk(from name: String, step: (String) -> String?) -> [String] {
        var chain = [name]
        while let next = step(chain[chain.count - 1]), !chain.contains(next) { chain.append(next) }
        return chain
    }

    func testMembersAnswerForThePlatformWithoutCopyingIt() {
        let swift = """
        import UIKit
        class CardButton: UIButton {
            @IBOutlet weak var badge: UILabel!
            @IBAction func tap(_ sender: Any) {}
        }
        """
        let model = ProjectModel.build(files: [ProjectFile(path: "App/Card.swift", kind: .swift, contents: Data(swift.utf8))])
        let members = model.members(of: "CardButton")
        XCTAssertTrue(members.answersKey("badge"))
        XCTAssertTrue(members.answersKey("titleLabel"), "UIButton's key")
        XCTAssertTrue(members.answersKey("backgroundColor"), "UIView's key, two classes up")
        XCTAssertTrue(members.answersKey("enabled"))
        XCTAssertFalse(members.answersKey("subtitle"))
        XCTAssertTrue(members.answersSelector("tap:"))
        XCTAssertTrue(members.answersSelector("copy:"), "UIResponder's action")
        XCTAssertFalse(members.answersSelector("share:"))
        XCTAssertEqual(members.declaredKeys, ["badge"])
        XCTAssertEqual(members.platformClasses, ["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"])
        XCTAssertEqual(model.checkableMembers(of: "CardButton")?.declaredSelectors, ["tap:"])
        XCTAssertNil(model.checkableMembers(of: "UIButton"), "platform classes are not checked")
    }

    func testDuplicateIDsCountObjectsConstraintsAndConnectionsButNotMissingIDs() {
        let location = { (line: Int) in IBLocation(line: line, column: 1) }
        let document = IBDocument(
            path: "A/Box.xib", status: .analysed, format: .xib,
            objects: [
                IBObject(index: 0, element: "view", id: "Same", location: location(3)),
                IBObject(index: 1, element: "label", id: "Unique", location: location(4)),
            ],
            constraints: [
                IBConstraint(index: 0, id: "", owner: 0, firstItem: "Unique", firstItemIsOwner: false, firstAttribute: "top", location: location(5)),
                IBConstraint(index: 1, id: "", owner: 0, firstItem: "Unique", firstItemIsOwner: false, firstAttribute: "left", location: location(6)),
                IBConstraint(index: 2, id: "Same", owner: 0, firstItem: "Unique", firstItemIsOwner: false, firstAttribute: "width", location: location(7)),
            ]
        )
        let model = ProjectModel(files: [], documents: [document], sources: SourceIndexer().index(files: []), hasSources: false)
        let violations = DuplicateIDRule.check(model)
        XCTAssertEqual(violations.map(\.identity), [["A/Box.xib", "Same"]])
        XCTAssertEqual(violations.first?.locations.map(\.line), [3, 7])
    }

    func testWithoutAwakeAfterOverridesTheSubstitutionIndexIsEmpty() {
        let model = deepModel()
        let index = model.substitutionIndex
        XCTAssertFalse(index.hasOverrides)
        XCTAssertTrue(index.substitutions.isEmpty && index.placements.isEmpty && index.placementsByOverride.isEmpty)
        XCTAssertNil(model.nearestAwakeAfterKey(of: "C39"))
    }
}

/// A repository of many apps, each with its own `ViewController`: an IB file is checked
/// against the declarations its own targets see, not the union of every same-named class.
final class SameNamedClassesTests: XCTestCase {
    private func project(storyboardOutlet outlet: String) -> [String: String] {
        [
            "One/One.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("One", sources: ["ViewController.swift"], resources: ["Main.storyboard"])]),
            "Two/Two.xcodeproj/project.pbxproj": ExampleProject.pbxproj([.init("Two", sources: ["ViewController.swift"], resources: ["Main.storyboard"])]),
            "One/ViewController.swift": "import UIKit\n\nfinal class ViewController: UIViewController {\n    @IBOutlet var nameLabel: UILabel!\n}\n",
            "Two/ViewController.swift": "import UIKit\n\nfinal class ViewController: UITableViewController {\n    @IBOutlet var titleLabel: UILabel!\n}\n",
            "One/Main.storyboard": ExampleXML.storyboard(subviews: #"<label text="Name" id="Lbl-00-001"/>"#,
                                                         controller: #"customClass="ViewController" customModule="One" customModuleProvider="target""#)
                .replacingOccurrences(of: "</view>\n                </viewController>", with: """
                </view>
                                    <connections>
                                        <outlet property="\(outlet)" destination="Lbl-00-001" id="Out-00-001"/>
                                    </connections>
                                </viewController>
                """),
        ]
    }

    func testTheOtherAppsOutletDoesNotHideAStaleOne() {
        let stale = TestProject.findings("outlet-not-in-class", in: project(storyboardOutlet: "titleLabel"))
        XCTAssertEqual(stale.map(\.severity), [.error], "titleLabel is only the other app's")
        XCTAssertTrue(TestProject.findings("outlet-not-in-class", in: project(storyboardOutlet: "nameLabel")).isEmpty)
    }
}
