@testable import Analysis
import TestSupport
import XCTest

/// The seed articles' own solutions, analysed the way each article uses them.
final class SeedSolutionTests: XCTestCase {
    private typealias File = RuleExample.File

    /// The ids of the §4.1 and §4.2 rules.
    private static let substitutionRuleIDs: Set<String> = [
        "placeholder-constraints-dropped", "constraint-copy-drops-priority", "constraint-copy-wrong-item",
        "placeholder-frame-dropped", "placeholder-autoresizing-dropped", "placeholder-subviews-dropped",
        "placeholder-attributes-dropped", "constraint-outlet-orphaned", "content-view-not-pinned",
        "awake-after-recursion", "owner-and-root-same-class", "init-coder-replaces-self",
        "nib-flag-guard-ineffective", "static-flag-guard", "subviews-count-guard",
    ]

    private func findings(_ files: [File]) -> [Finding] {
        RuleHarness.findings(files).filter { Self.substitutionRuleIDs.contains($0.rule) }
    }

    /// A xib with an optional File's Owner class (and `contentView` outlet to the root) and a
    /// root view of class `rootClass`; `rootContent` goes inside the root.
    private func xib(_ path: String, owner: String? = nil, rootClass: String?, swift: Bool = false, rootContent: String = "") -> File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let ownerText = owner.map {
            #" customClass="\#($0)"\#(module)><connections><outlet property="contentView" destination="Rt0-00-001" id="Own-Out-001"/></connections></placeholder"#
        } ?? "/"
        let root = rootClass.map { #" customClass="\#($0)"\#(module)"# } ?? ""
        return File(path, """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"\(ownerText)>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Rt0-00-001"\(root)>
                    <rect key="frame" x="0.0" y="0.0" width="320" height="160"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-00-001"/>
                    </subviews>
                    \(rootContent)
                </view>
            </objects>
        </document>
        """)
    }

    /// A storyboard placing `placedClass` with `content` (constraints, subviews) inside.
    private func storyboard(placing placedClass: String, swift: Bool = false, content: String) -> File {
        SubstitutionExample.storyboard(swift: swift, content: content).replacingClass("CardViewProto", with: placedClass)
    }

    /// Width, height, and a badge pinned to the placement by constraints installed on it.
    private let sizedWithSubview = SubstitutionExample.labelSubview + """

    <constraints>
        <constraint firstAttribute="width" constant="240" id="Crd-Wid-001"/>
        <constraint firstAttribute="height" constant="128" id="Crd-Hei-001"/>
        <constraint firstItem="Bdg-00-001" firstAttribute="leading" secondItem="Crd-00-001" secondAttribute="leading" constant="8" id="Bdg-Lea-001"/>
        <constraint firstItem="Bdg-00-001" firstAttribute="top" secondItem="Crd-00-001" secondAttribute="top" constant="8" id="Bdg-Top-001"/>
    </constraints>
    """

    func testEveryListingIsFoundInItsArticle() {
        let listings = [
            SeedCode.seed000Step1, SeedCode.seed000GuardAHeader, SeedCode.seed000GuardB, SeedCode.seed000GuardC,
            SeedCode.seed000GuardDHeader, SeedCode.seed000GuardD, SeedCode.seed000GuardE, SeedCode.seed000Step3,
            SeedCode.seed000Category, SeedCode.seed000CategoryUse, SeedCode.seed001First, SeedCode.seed001Second,
            SeedCode.seed001Helper, SeedCode.seed002Method1, SeedCode.seed002ViewFactory, SeedCode.seed003CustomView1Header,
            SeedCode.seed003CustomView1, SeedCode.seed003CustomView2Header, SeedCode.seed003CustomView2,
            SeedCode.seed004CategoryHeader, SeedCode.seed004Category, SeedCode.seed004MyCustomViewHeader, SeedCode.seed004MyCustomView,
        ]
        for (position, listing) in listings.enumerated() {
            XCTAssertGreaterThan(listing.count, 20, "listing \(position) not found in its seed article")
        }
    }

    // MARK: - Seed 000

    func testSeed000FinalPlaceholderSubclassWithCopyPropertiesRaisesNoHazard() {
        let files = [
            File("App/MyCustomView.h", SeedCode.seed000GuardDHeader),
            File("App/UIView+loadFromNib.m", SeedCode.seed000Category),
            File("App/MyCustomViewProto.m", SeedCode.seed000CategoryUse),
            xib("App/MyCustomView.xib", rootClass: "MyCustomView"),
            storyboard(placing: "MyCustomViewProto", content: sizedWithSubview),
        ]
        XCTAssertEqual(findings(files).map { "\($0.rule): \($0.message)" }, [])
        let strategies = Analyzer().analyze(input: RuleExample("seed 000", files: files).projectInput)
            .classes.first { $0.name == "MyCustomViewProto" }?.strategies.map(\.variant)
        XCTAssertEqual(strategies, ["placeholder-subclass"])
    }

    func testSeed000Step3CopyWithPrivateNibSubclassRaisesNoHazard() {
        let files = [
            File("App/MyCustomView.h", SeedCode.seed000GuardDHeader + "\n@interface _NIB_MyCustomView : MyCustomView\n@end\n"),
            File("App/MyCustomView.m", "#import \"MyCustomView.h\"\n\n@implementation MyCustomView\n" + SeedCode.seed000Step3 + "\n@end\n"
                + "\n@implementation _NIB_MyCustomView\n- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    return self;\n}\n@end\n"),
            xib("App/MyCustomView.xib", rootClass: "_NIB_MyCustomView"),
            storyboard(placing: "MyCustomView", content: sizedWithSubview),
        ]
        XCTAssertEqual(findings(files).map { "\($0.rule): \($0.message)" }, [])
    }


    /// Seed 000 (a)–(e): each guard with the nib it is meant for.
    private func guardVariant(_ variant: Character) -> [File] {
        let implementation: String
        var header = SeedCode.seed000GuardDHeader
        var rootClass = "MyCustomView"
        var rootContent = ""
        var extra: [File] = []
        switch variant {
        case "a":
            header = SeedCode.seed000GuardAHeader
            rootContent = #"<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="boolean" keyPath="xib" value="YES"/></userDefinedRuntimeAttributes>"#
            implementation = "@implementation MyCustomView\n- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    if (self.xib) {\n        return self;\n    }\n    return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] objectAtIndex:0];\n}\n@end\n"
        case "b":
            implementation = "@implementation MyCustomView\n" + SeedCode.seed000GuardB + "\n@end\n"
        case "c":
            implementation = SeedCode.seed000GuardC.replacingOccurrences(of: "static BOOL _loadingXib = NO;\n", with: "static BOOL _loadingXib = NO;\n\n@implementation MyCustomView") + "\n@end\n"
        case "d":
            implementation = SeedCode.seed000GuardD
            rootClass = "_NIB_MyCustomView"
        default:
            implementation = "@implementation MyCustomView\n@end\n"
            extra = [File("App/MyCustomViewProto.m", SeedCode.seed000GuardE)]
        }
        return [File("App/MyCustomView.h", header), File("App/MyCustomView.m", implementation),
                xib("App/MyCustomView.xib", rootClass: rootClass, rootContent: rootContent)] + extra
    }

    func testSeed000GuardVariantsRaiseTheirGuardFindings() {
        let guardRules: Set<String> = ["awake-after-recursion", "nib-flag-guard-ineffective", "subviews-count-guard", "static-flag-guard"]
        let expected: [Character: [String]] = [
            "a": ["nib-flag-guard-ineffective"], "b": ["subviews-count-guard"], "c": ["static-flag-guard"], "d": [], "e": [],
        ]
        for (variant, rules) in expected.sorted(by: { $0.key < $1.key }) {
            let found = findings(guardVariant(variant)).filter { guardRules.contains($0.rule) }
            XCTAssertEqual(found.map(\.rule), rules, "variant \(variant): \(found.map(\.message))")
        }
    }

    func testSeed000GuardBIsAnErrorOnceAPlacementHasSubviews() {
        let files = guardVariant("b") + [storyboard(placing: "MyCustomView", content: SubstitutionExample.labelSubview)]
        XCTAssertEqual(findings(files).filter { $0.rule == "subviews-count-guard" }.map(\.severity), [.error])
    }

    func testSeed000Step1() {
        let unguarded = findings([File("App/MyCustomView.h", SeedCode.seed000GuardDHeader), File("App/MyCustomView.m", SeedCode.seed000Step1),
                                  xib("App/MyCustomView.xib", rootClass: "MyCustomView")])
        XCTAssertEqual(unguarded.map(\.rule), ["awake-after-recursion"])
        let inInitWithCoder = SeedCode.seed000Step1
            .replacingOccurrences(of: "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    return ", with: "- (id)initWithCoder:(NSCoder *)aDecoder {\n    self = ")
            .replacingOccurrences(of: "objectAtIndex:0];\n}", with: "objectAtIndex:0];\n    return self;\n}")
        let replaced = findings([File("App/MyCustomView.h", SeedCode.seed000GuardDHeader), File("App/MyCustomView.m", inInitWithCoder),
                                 xib("App/MyCustomView.xib", rootClass: "MyCustomView")])
        XCTAssertEqual(replaced.map(\.rule), ["init-coder-replaces-self"])
        XCTAssertTrue(replaced.first?.message.contains("This coder requires that replaced objects be returned from initWithCoder:") == true)
    }

    // MARK: - Seed 001

    private func seed001(_ listing: String, content: String) -> [File] {
        [
            File("App/MyCustomView.swift", "import UIKit\n\nclass MyCustomView: UIView {}\n"),
            File("App/UIView+Nib.swift", SeedCode.seed001Helper),
            File("App/MyCustomEmbeddableView.swift", listing),
            xib("App/MyCustomView.xib", rootClass: "MyCustomView", swift: true),
            storyboard(placing: "MyCustomEmbeddableView", swift: true, content: content),
        ]
    }

    func testSeed001SecondListingMapsItemsToTheNewViewUnconditionally() {
        let withSubviewConstraints = findings(seed001(SeedCode.seed001Second, content: sizedWithSubview))
        XCTAssertEqual(withSubviewConstraints.filter { $0.rule == "constraint-copy-wrong-item" }.count, 1)
        let sizeOnly = findings(seed001(SeedCode.seed001Second, content: "<constraints>\n\(SubstitutionExample.sizeConstraints)\n</constraints>"))
        XCTAssertEqual(sizeOnly.filter { $0.rule == "constraint-copy-wrong-item" }.count, 0)
        XCTAssertEqual(sizeOnly.filter { $0.severity == .error }.map(\.rule), ["placeholder-autoresizing-dropped"],
                       "the nib's root still translates its mask: \(sizeOnly.map(\.message))")
    }

    func testSeed001FirstListingDropsAWidthConstraint() {
        let width = #"<constraints><constraint firstAttribute="width" constant="240" id="Crd-Wid-001"/></constraints>"#
        let found = findings(seed001(SeedCode.seed001First, content: width)).filter { $0.rule == "placeholder-constraints-dropped" }
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("width = 240") == true)
        XCTAssertEqual(found.first?.className, "MyCustomEmbeddableView")
    }

    // MARK: - Seeds 002–004

    func testSeed002BothAssociationsRaiseNoSubstitutionOrRecursionFinding() {
        let files = [
            File("App/CustomView_Fileowner.swift", "import UIKit\n\nclass CustomView_Fileowner: UIView {\n" + SeedCode.seed002Method1 + "\n}\n"),
            xib("App/CustomView_Fileowner.xib", owner: "CustomView_Fileowner", rootClass: nil, swift: true),
            File("App/CustomView_View.swift", "import UIKit\n\nclass CustomView_View: UIView {\n" + SeedCode.seed002ViewFactory + "\n}\n"),
            xib("App/CustomView_View.xib", rootClass: "CustomView_View", swift: true),
            storyboard(placing: "CustomView_Fileowner", swift: true, content: ""),
        ]
        XCTAssertEqual(findings(files).map { "\($0.rule): \($0.message)" }, [])
    }

    func testSeed003BothMethodsRaiseNoSubstitutionOrRecursionFinding() {
        let files = [
            File("App/CustomView1.h", SeedCode.seed003CustomView1Header),
            File("App/CustomView1.m", SeedCode.seed003CustomView1),
            xib("App/CustomView1.xib", rootClass: "CustomView1"),
            File("App/CustomView2.h", SeedCode.seed003CustomView2Header),
            File("App/CustomView2.m", SeedCode.seed003CustomView2),
            xib("App/CustomView2.xib", owner: "CustomView2", rootClass: nil),
            storyboard(placing: "CustomView2", content: ""),
        ]
        XCTAssertEqual(findings(files).map { "\($0.rule): \($0.message)" }, [])
    }

    func testSeed004CategoryHelperRaisesNoSubstitutionOrRecursionFinding() {
        let files = [
            File("App/UIView+LoadNib.h", SeedCode.seed004CategoryHeader),
            File("App/UIView+LoadNib.m", SeedCode.seed004Category),
            File("App/MyCustomView.h", SeedCode.seed004MyCustomViewHeader),
            File("App/MyCustomView.m", SeedCode.seed004MyCustomView),
            xib("App/MyCustomView.xib", owner: "MyCustomView", rootClass: nil),
            storyboard(placing: "MyCustomView", content: ""),
        ]
        XCTAssertEqual(findings(files).map { "\($0.rule): \($0.message)" }, [])
    }

    // MARK: - The seed projects of Examples/Seeds

    func testSeedProjectsRaiseOnlyTheHazardsTheirArticlesLeaveIn() throws {
        let folder = Fixtures.examplesDirectory.appendingPathComponent("Seeds")
        func errors(_ name: String) throws -> [String] {
            try Analyzer().analyze(path: folder.appendingPathComponent(name).path).findings
                .filter { Self.substitutionRuleIDs.contains($0.rule) && $0.severity == .error }.map(\.rule).sorted()
        }
        XCTAssertEqual(try errors("seed-000-placeholder-subclass"), [])
        XCTAssertTrue(try errors("seed-001-embeddable-subclass").contains("constraint-copy-wrong-item"))
        for name in ["seed-002-owner-and-root", "seed-003-objc-two-methods", "seed-004-load-nib-category"] {
            XCTAssertEqual(try errors(name), [], name)
        }
    }
}
