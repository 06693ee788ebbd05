import Analysis
import XCTest

/// Every code listing of the seed articles, indexed with the facts it holds.
final class SeedListingTests: XCTestCase {
    private let header = SeedListings.seed000GuardDHeader

    private func implementation(_ body: String, of type: String = "MyCustomView") -> String {
        "@implementation \(type)\n\(body)\n@end\n"
    }

    func testEveryListingIsCutFromItsArticle() {
        XCTAssertEqual(SeedListings.all.count, 28)
        for (position, listing) in SeedListings.all.enumerated() {
            XCTAssertFalse(listing.isEmpty, "listing \(position) is no longer in its article")
        }
        XCTAssertTrue(SeedListings.seed000Step1.hasPrefix("@implementation MyCustomView\n- (id)awakeAfterUsingCoder"))
        XCTAssertTrue(SeedListings.seed000Step1.hasSuffix("objectAtIndex:0];\n}\n@end"))
    }

    // MARK: - Seed 000

    func testSeed000Step1UnguardedSubstitutionInAwakeAfter() throws {
        let index = SourceFixture.index([("MyCustomView.h", header), ("MyCustomView.m", SeedListings.seed000Step1)])
        let load = try XCTUnwrap(index.loads(in: "MyCustomView", method: "awakeAfterUsingCoder:").first)
        XCTAssertEqual(load.api, .bundleLoadNibNamed)
        XCTAssertEqual(load.nibName.expression, "NSStringFromClass([self class])")
        XCTAssertEqual(load.nibName.resolution, .enclosingClass)
        XCTAssertEqual(load.nibName.candidates, ["MyCustomView"])
        XCTAssertEqual(load.owner, NibLoadSite.Owner.none)
        XCTAssertEqual(load.resultUse, .first)
        XCTAssertEqual(load.location, SourceLocation(path: "MyCustomView.m", line: 3, column: 36))
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomView"))
        XCTAssertTrue(summary.returnsNibLoadedObject)
        XCTAssertEqual(summary.guardKind, AwakeAfterSummary.Guard.none)
        XCTAssertEqual(summary.copiedAttributes, [])
    }

    func testSeed000GuardAPropertySetOnlyInTheNib() throws {
        let index = SourceFixture.index([("MyCustomView.h", SeedListings.seed000GuardA)])
        let property = try XCTUnwrap(index.types["MyCustomView"]?.properties.first)
        XCTAssertEqual(property.name, "xib")
        XCTAssertTrue(property.isSettable)
        XCTAssertEqual(property.typeName, "BOOL")
        // The article describes (without listing it) checking that property in awakeAfter:
        let guarded = SourceFixture.index([
            ("MyCustomView.h", SeedListings.seed000GuardA),
            ("MyCustomView.m", implementation("""
            - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
                if (self.xib) { return self; }
                return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] objectAtIndex:0];
            }
            """)),
        ])
        XCTAssertEqual(guarded.awakeAfter(of: "MyCustomView")?.guardKind, .propertyFlag("xib"))
    }

    func testSeed000GuardBSubviewsCount() throws {
        let index = SourceFixture.index([("MyCustomView.h", header), ("MyCustomView.m", implementation(SeedListings.seed000GuardB))])
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomView"))
        XCTAssertEqual(summary.guardKind, .subviewsCount)
        XCTAssertTrue(summary.returnsSelf)
        XCTAssertTrue(summary.returnsNibLoadedObject)
        XCTAssertEqual(index.loads(in: "MyCustomView").map(\.resultUse), [.first])
    }

    func testSeed000GuardCStaticFlag() throws {
        let index = SourceFixture.index([("MyCustomView.h", header), ("MyCustomView.m", implementation(SeedListings.seed000GuardC))])
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomView"))
        XCTAssertEqual(summary.guardKind, .staticFlag("_loadingXib"))
        XCTAssertTrue(summary.returnsSelf)
        XCTAssertTrue(summary.returnsNibLoadedObject)
        let load = try XCTUnwrap(index.loads(in: "MyCustomView").first)
        XCTAssertEqual(load.cast, NibLoadSite.Cast(kind: .declaredType, typeName: "Self"))
        XCTAssertEqual(load.resultUse, .first)
    }

    func testSeed000GuardDPrivateNibSubclass() throws {
        let index = SourceFixture.index([
            ("MyCustomView.h", SeedListings.seed000GuardDHeader),
            ("MyCustomView.m", SeedListings.seed000GuardDImplementation),
        ])
        XCTAssertEqual(index.awakeAfter(of: "MyCustomView")?.guardKind, .privateSubclass("_NIB_MyCustomView"))
        XCTAssertEqual(index.types["_NIB_MyCustomView"]?.superclass, "MyCustomView")
        let nibSubclass = try XCTUnwrap(index.awakeAfter(of: "_NIB_MyCustomView"))
        XCTAssertTrue(nibSubclass.returnsSelf)
        XCTAssertFalse(nibSubclass.returnsNibLoadedObject)
    }

    func testSeed000GuardEPlaceholderSubclassLoadsSuperclassNib() throws {
        let index = SourceFixture.index([("MyCustomView.h", header), ("MyCustomViewProto.m", SeedListings.seed000GuardE)])
        let load = try XCTUnwrap(index.loads(in: "MyCustomViewProto").first)
        XCTAssertEqual(load.nibName.resolution, .superclass)
        XCTAssertEqual(load.nibName.candidates, ["MyCustomView"])
        XCTAssertEqual(index.awakeAfter(of: "MyCustomViewProto")?.guardKind, .placeholderSubclass("MyCustomView"))
    }

    func testSeed000Step3CopiesLayoutConstraintsConditionallyAndSubviews() throws {
        let index = SourceFixture.index([("MyCustomView.h", header), ("MyCustomView.m", implementation(SeedListings.seed000Step3))])
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomView"))
        XCTAssertEqual(summary.copiedAttributes, ["autoresizingMask", "frame", "translatesAutoresizingMaskIntoConstraints"])
        XCTAssertTrue(summary.movesSubviews)
        let copy = try XCTUnwrap(summary.constraintCopy)
        XCTAssertEqual(copy.itemMapping, .conditional)
        XCTAssertFalse(copy.carriesPriority)
        XCTAssertFalse(copy.carriesIdentifier)
        XCTAssertFalse(copy.carriesActive)
        XCTAssertNil(summary.copyHelper)
        XCTAssertEqual(summary.guardKind, AwakeAfterSummary.Guard.none)
    }

    func testSeed000FinalCategorySolution() throws {
        let index = SourceFixture.index([
            ("MyCustomView.h", header),
            ("UIView+loadFromNib.m", SeedListings.seed000Category + "\n@end\n"),
            ("MyCustomViewProto.m", SeedListings.seed000CategoryUse),
        ])
        let helperLoad = try XCTUnwrap(index.loads(in: "UIView", method: "loadFromNib").first)
        XCTAssertEqual(helperLoad.nibName.expression, "NSStringFromClass(self)")
        XCTAssertEqual(helperLoad.context.isTypeMethod, true)
        XCTAssertEqual(helperLoad.nibName.candidates, [], "a UIView category: the class depends on the caller")
        let load = try XCTUnwrap(index.loads(in: "MyCustomViewProto").first)
        XCTAssertEqual(load.api, .projectHelper)
        XCTAssertEqual(load.helper, "loadFromNib")
        XCTAssertEqual(load.receiverType, "MyCustomView")
        XCTAssertEqual(load.nibName.candidates, ["MyCustomView"])
        XCTAssertEqual(load.resultUse, .first)
        XCTAssertEqual(load.helperLoad, helperLoad.location)
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomViewProto"))
        XCTAssertEqual(summary.guardKind, .placeholderSubclass("MyCustomView"))
        XCTAssertEqual(summary.copyHelper, "copyPropertiesFromPrototype:")
        XCTAssertEqual(summary.copiedAttributes, ["autoresizingMask", "frame", "translatesAutoresizingMaskIntoConstraints"])
        XCTAssertTrue(summary.movesSubviews)
        XCTAssertEqual(summary.constraintCopy?.itemMapping, .conditional)
        XCTAssertEqual(summary.constraintCopy?.location.path, "UIView+loadFromNib.m")
    }

    // MARK: - Seed 001

    private func seed001(_ listing: String) -> SourceIndex {
        SourceFixture.index([
            ("MyCustomView.swift", "class MyCustomView: UIView {}\n"),
            ("MyCustomEmbeddableView.swift", listing),
            ("UIView+Nib.swift", SeedListings.seed001Helper),
        ])
    }

    func testSeed001InstantiateViewFromNibHelper() throws {
        let index = seed001(SeedListings.seed001First)
        let inside = try XCTUnwrap(index.loads(in: "UIView").first)
        XCTAssertEqual(inside.api, .bundleLoadNibNamed)
        XCTAssertEqual(inside.nibName.resolution, .dynamic)
        XCTAssertEqual(inside.resultUse, .searchByType)
        XCTAssertEqual(inside.cast, NibLoadSite.Cast(kind: .conditional, typeName: "T"))
        XCTAssertEqual(inside.owner, NibLoadSite.Owner.none)
        XCTAssertEqual(index.types["UIView"]?.methods.first?.name, "instantiateViewFromNib(_:inBundle:)")
    }

    func testSeed001FirstListingPlaceholderSubclass() throws {
        let index = seed001(SeedListings.seed001First)
        let load = try XCTUnwrap(index.loads(in: "MyCustomEmbeddableView").first)
        XCTAssertEqual(load.api, .projectHelper)
        XCTAssertEqual(load.helper, "instantiateViewFromNib:inBundle:")
        XCTAssertEqual(load.nibName.resolution, .literal("MyCustomView"))
        XCTAssertEqual(load.resultUse, .searchByType)
        XCTAssertEqual(load.cast, NibLoadSite.Cast(kind: .declaredType, typeName: "MyCustomView"))
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomEmbeddableView"))
        XCTAssertEqual(summary.guardKind, .placeholderSubclass("MyCustomView"))
        XCTAssertTrue(summary.returnsNibLoadedObject)
        XCTAssertNil(summary.constraintCopy)
        XCTAssertEqual(summary.copiedAttributes, [])
    }

    func testSeed001SecondListingMapsItemsUnconditionally() throws {
        let index = seed001(SeedListings.seed001Second)
        let summary = try XCTUnwrap(index.awakeAfter(of: "MyCustomEmbeddableView"))
        let copy = try XCTUnwrap(summary.constraintCopy)
        XCTAssertEqual(copy.itemMapping, .unconditional)
        XCTAssertFalse(copy.carriesPriority)
        XCTAssertFalse(copy.carriesIdentifier)
        XCTAssertFalse(copy.carriesActive)
        XCTAssertFalse(summary.movesSubviews)
        XCTAssertEqual(summary.guardKind, .placeholderSubclass("MyCustomView"))
    }

    // MARK: - Seed 002

    func testSeed002FilesOwnerMethod1() throws {
        let index = SourceFixture.index([
            ("CustomView_Fileowner.swift", "class CustomView_Fileowner: UIView {\n" + SeedListings.seed002Method1 + "\n}\n"),
        ])
        let load = try XCTUnwrap(index.loads(in: "CustomView_Fileowner").first)
        XCTAssertEqual(load.nibName.resolution, .literal("CustomView_Fileowner"))
        XCTAssertEqual(load.owner, .selfObject)
        XCTAssertEqual(load.resultUse, .first)
        XCTAssertEqual(load.cast, NibLoadSite.Cast(kind: .forced, typeName: "UIView"))
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameAndAutoresizing])
        XCTAssertEqual(index.method("awakeFromNib()", of: "CustomView_Fileowner")?.calledSelfMethods, ["setupContentView()"])
        XCTAssertEqual(index.method("init(frame:)", of: "CustomView_Fileowner")?.calledSelfMethods, ["awakeFromNib()"])
        XCTAssertEqual(index.types["CustomView_Fileowner"]?.outlets.map(\.name), ["contentView", "label"])
    }

    func testSeed002FilesOwnerProtocolExtension() throws {
        let index = SourceFixture.index([
            ("NibLoadableProtocol.swift", SeedListings.seed002Method2),
            ("CustomView_Fileowner.swift", "class CustomView_Fileowner: UIView {\n" + SeedListings.seed002Method2Members + "\n}\n"),
        ])
        let inside = try XCTUnwrap(index.loads(in: "NibLoadableProtocol").first)
        XCTAssertEqual(inside.nibName.expression, "nibNmae ?? className!")
        XCTAssertEqual(inside.nibName.resolution, .conformingTypes(protocolName: "NibLoadableProtocol"))
        XCTAssertEqual(inside.nibName.candidates, ["CustomView_Fileowner"])
        XCTAssertEqual(inside.owner, .selfObject)
        XCTAssertEqual(index.declarations.first { $0.kind == .extension && $0.name == "NibLoadableProtocol" }?.selfConstraint, "UIView")
        XCTAssertEqual(index.types["CustomView_Fileowner"]?.conformances, ["NibLoadableProtocol"])
        let caller = try XCTUnwrap(index.loads(in: "CustomView_Fileowner", method: "awakeFromNib()").first)
        XCTAssertEqual(caller.api, .projectHelper)
        XCTAssertEqual(caller.helper, "loadNibFileOwner:")
        XCTAssertEqual(caller.nibName.candidates, ["CustomView_Fileowner"])
        XCTAssertEqual(caller.owner, .selfObject)
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameAndAutoresizing])
        XCTAssertEqual(index.method("awakeFromNib()", of: "CustomView_Fileowner")?.calledSelfMethods, ["loadNibFileOwner(_:)"])
    }

    func testSeed002ViewClassFactory() throws {
        let index = SourceFixture.index([
            ("CustomView_View.swift", "class CustomView_View: UIView {\n" + SeedListings.seed002ViewFactory + "\n}\n"),
            ("ViewController.swift", "class ViewController: UIViewController {\noverride func viewDidLoad() {\n" + SeedListings.seed002ViewFactoryUse + "\n}\n}\n"),
        ])
        let inside = try XCTUnwrap(index.loads(in: "CustomView_View", method: "newInstance()").first)
        XCTAssertEqual(inside.nibName.resolution, .literal("CustomView_View"))
        XCTAssertEqual(inside.owner, NibLoadSite.Owner.none)
        XCTAssertEqual(inside.cast, NibLoadSite.Cast(kind: .forced, typeName: "CustomView_View"))
        let caller = try XCTUnwrap(index.loads(in: "ViewController").first)
        XCTAssertEqual(caller.helper, "newInstance")
        XCTAssertEqual(caller.receiverType, "CustomView_View")
        XCTAssertEqual(caller.nibName.candidates, ["CustomView_View"])
    }

    func testSeed002ViewProtocolExtensionStaticLoadNib() throws {
        let index = SourceFixture.index([
            ("CustomView_View.swift", "class CustomView_View: UIView {}\n" + SeedListings.seed002ViewProtocol),
            ("ViewController.swift", "class ViewController: UIViewController {\nfunc make() {\n" + SeedListings.seed002ViewProtocolUse + "\n}\n}\n"),
        ])
        let inside = index.loads(in: "NibLoadableProtocol")
        XCTAssertEqual(inside.count, 1, "the commented-out variant is not code")
        XCTAssertEqual(inside.first?.nibName.expression, #"nibNmae ?? "\(self)""#)
        XCTAssertEqual(inside.first?.nibName.resolution, .conformingTypes(protocolName: "NibLoadableProtocol"))
        XCTAssertEqual(inside.first?.nibName.candidates, ["CustomView_View"])
        XCTAssertEqual(inside.first?.cast, NibLoadSite.Cast(kind: .forced, typeName: "Self"))
        let caller = try XCTUnwrap(index.loads(in: "ViewController").first)
        XCTAssertEqual(caller.helper, "loadNib:")
        XCTAssertEqual(caller.nibName.resolution, .namedClass("CustomView_View"))
        XCTAssertEqual(caller.nibName.candidates, ["CustomView_View"])
    }

    // MARK: - Seed 003

    func testSeed003CustomView1ClassFactoryAndInitWithFrameReplacement() throws {
        let index = SourceFixture.index([
            ("CustomView1.h", SeedListings.seed003CustomView1Header),
            ("CustomView1.m", SeedListings.seed003CustomView1 + "\n\n" + SeedListings.seed003CustomView1InitWithFrame + "\n@end\n"),
        ])
        let factory = try XCTUnwrap(index.loads(in: "CustomView1", method: "view").first)
        XCTAssertEqual(factory.nibName.expression, "className")
        XCTAssertEqual(factory.nibName.candidates, ["CustomView1"])
        XCTAssertEqual(factory.owner, NibLoadSite.Owner.none)
        XCTAssertEqual(factory.resultUse, .first)
        XCTAssertEqual(index.selfAssignments.map(\.source), [.superInit, .factory("view")])
        XCTAssertEqual(index.selfAssignments.last?.context.methodName, "initWithFrame:")
        XCTAssertEqual(index.selfAssignments.last?.expression, "[[self class] view]")
        XCTAssertEqual(index.types["CustomView1"]?.outlets.map(\.name), ["label"])
        XCTAssertEqual(index.types["CustomView1"]?.outlets.first?.ownership, .weak)
        XCTAssertEqual(index.types["CustomView1"]?.actions.map(\.selector), ["buttonTapped:"])
        let through = try XCTUnwrap(index.loads(in: "CustomView1", method: "initWithFrame:").first)
        XCTAssertEqual(through.helper, "view")
        XCTAssertEqual(through.nibName.candidates, ["CustomView1"])
    }

    func testSeed003CustomView2FilesOwnerCommonInit() throws {
        let index = SourceFixture.index([
            ("CustomView2.h", SeedListings.seed003CustomView2Header),
            ("CustomView2.m", SeedListings.seed003CustomView2 + "\n@end\n"),
        ])
        let load = try XCTUnwrap(index.loads(in: "CustomView2", method: "p_commonInit").first)
        XCTAssertEqual(load.owner, .selfObject)
        XCTAssertEqual(load.resultUse, .ignored)
        XCTAssertEqual(load.nibName.candidates, ["CustomView2"])
        XCTAssertEqual(index.method("initWithCoder:", of: "CustomView2")?.calledSelfMethods, ["p_commonInit"])
        XCTAssertEqual(index.method("initWithFrame:", of: "CustomView2")?.calledSelfMethods, ["p_commonInit"])
        XCTAssertEqual(index.contentAttachments.map(\.viewExpression), ["self.contentView"])
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameOnly])
        XCTAssertEqual(index.selfAssignments.map(\.source), [.superInit, .superInit])
        XCTAssertEqual(index.types["CustomView2"]?.outlets.map(\.name), ["contentView", "label"])
    }

    // MARK: - Seed 004

    func testSeed004CategoryHelperFollowedToCustomViewInit() throws {
        let index = SourceFixture.index([
            ("UIView+LoadNib.h", SeedListings.seed004CategoryHeader),
            ("UIView+LoadNib.m", SeedListings.seed004Category),
            ("MyCustomView.m", SeedListings.seed004MyCustomView),
        ])
        let inside = try XCTUnwrap(index.loads(in: "UIView", method: "tra_loadViewFromNibNamed:").first)
        XCTAssertEqual(inside.nibName.expression, "nibName")
        XCTAssertEqual(inside.nibName.resolution, .dynamic)
        XCTAssertEqual(inside.owner, .selfObject)
        XCTAssertEqual(index.declarations.filter { $0.kind == .category }.map(\.categoryName), ["LoadNib", "LoadNib"])
        let caller = try XCTUnwrap(index.loads(in: "MyCustomView", method: "customViewInit").first)
        XCTAssertEqual(caller.api, .projectHelper)
        XCTAssertEqual(caller.helper, "tra_loadViewFromNibNamed:")
        XCTAssertEqual(caller.nibName.resolution, .literal("MyCustomView"))
        XCTAssertEqual(caller.owner, .selfObject)
        XCTAssertEqual(caller.resultUse, .first)
        XCTAssertEqual(caller.location, SourceLocation(path: "MyCustomView.m", line: 29, column: 26))
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameOnly], "the helper sets frame = bounds only")
        XCTAssertEqual(index.method("initWithCoder:", of: "MyCustomView")?.calledSelfMethods, ["customViewInit"])
        let nested = try XCTUnwrap(index.loads(in: "UIView", method: "tra_loadViewFromNib").first)
        XCTAssertEqual(nested.nibName.resolution, .enclosingClass)
    }
}
