import Analysis
import XCTest

final class NibLoadSiteTests: XCTestCase {
    private func onlyLoad(_ index: SourceIndex, file: StaticString = #filePath, line: UInt = #line) -> NibLoadSite? {
        XCTAssertEqual(index.nibLoads.count, 1, "\(index.nibLoads)", file: file, line: line)
        return index.nibLoads.first
    }

    func testSwiftBundleLoadWithLiteralOwnerSelfAndFirstCast() throws {
        let index = SourceFixture.index(swift: """
        class CardView: UIView {
            func setUp() {
                let view = Bundle.main.loadNibNamed("Card", owner: self, options: nil)?.first as! UIView
                addSubview(view)
            }
        }
        """)
        let load = try XCTUnwrap(onlyLoad(index))
        XCTAssertEqual(load.api, .bundleLoadNibNamed)
        XCTAssertEqual(load.nibName.resolution, .literal("Card"))
        XCTAssertEqual(load.nibName.candidates, ["Card"])
        XCTAssertEqual(load.owner, .selfObject)
        XCTAssertEqual(load.resultUse, .first)
        XCTAssertEqual(load.cast, NibLoadSite.Cast(kind: .forced, typeName: "UIView"))
        XCTAssertEqual(load.context, SourceContext(typeName: "CardView", methodName: "setUp()"))
        XCTAssertEqual(load.location, SourceLocation(path: "View.swift", line: 3, column: 32))
    }

    func testSwiftNameResolutions() throws {
        let index = SourceFixture.index(swift: """
        class Base: UIView {}
        class CardView: Base {
            func a() { Bundle.main.loadNibNamed(String(describing: Self.self), owner: nil) }
            func b() { Bundle(for: CardView.self).loadNibNamed(String(describing: type(of: self)), owner: nil, options: nil) }
            func c() { Bundle.main.loadNibNamed(String(describing: Other.self), owner: nil) }
            func d() { Bundle.main.loadNibNamed("\\(Self.self)", owner: nil) }
            static func e() { Bundle.main.loadNibNamed("\\(self)", owner: nil) }
            func f() { Bundle.main.loadNibNamed("\\(self)", owner: nil) }
            func g() { Bundle.main.loadNibNamed(Self.className, owner: nil) }
            func h(name: String?) { Bundle.main.loadNibNamed(name ?? className, owner: nil) }
            func i() { let name = computeName(); Bundle.main.loadNibNamed(name, owner: self) }
        }
        """)
        XCTAssertEqual(index.nibLoads.map(\.nibName.resolution), [
            .enclosingClass, .enclosingClass, .namedClass("Other"), .enclosingClass, .enclosingClass, .dynamic,
            .enclosingClass, .enclosingClass, .dynamic,
        ])
        XCTAssertEqual(index.nibLoads.map(\.nibName.candidates), [
            ["CardView"], ["CardView"], ["Other"], ["CardView"], ["CardView"], [], ["CardView"], ["CardView"], [],
        ])
        XCTAssertEqual(index.nibLoads.map(\.resultUse), [.ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored, .ignored])
    }

    func testObjectiveCNameResolutionsOwnersAndUses() throws {
        let index = SourceFixture.index(objc: """
        @implementation CardView
        - (void)a { UIView *v = [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil][0]; }
        - (id)b { return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self superclass]) owner:self options:nil] firstObject]; }
        + (id)c { return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass(self) owner:nil options:nil] lastObject]; }
        - (id)d { return [[[NSBundle bundleForClass:[self class]] loadNibNamed:NSStringFromClass([Other class]) owner:owner options:nil] objectAtIndex:1]; }
        - (void)e { [[NSBundle mainBundle] loadNibNamed:@"Card" owner:self options:nil]; }
        - (void)f { NSArray *all = [[NSBundle mainBundle] loadNibNamed:name owner:nil options:nil];
                    for (id object in all) { if ([object isKindOfClass:[CardView class]]) { return; } } }
        @end
        """)
        XCTAssertEqual(index.nibLoads.map(\.nibName.resolution), [
            .enclosingClass, .superclass, .enclosingClass, .namedClass("Other"), .literal("Card"), .dynamic,
        ])
        XCTAssertEqual(index.nibLoads.map(\.owner), [.none, .selfObject, .none, .expression("owner"), .selfObject, .none])
        XCTAssertEqual(index.nibLoads.map(\.resultUse), [.first, .first, .last, .indexed, .ignored, .searchByType])
        XCTAssertEqual(index.nibLoads[3].resultIndex, 1)
        XCTAssertEqual(index.nibLoads[0].cast, NibLoadSite.Cast(kind: .declaredType, typeName: "UIView"))
        XCTAssertEqual(index.nibLoads[5].cast?.typeName, "CardView")
        XCTAssertEqual(index.nibLoads[2].context.isTypeMethod, true)
    }

    func testObjectiveCPointerCastOfTheFirstObjectIsAForcedCast() {
        let index = SourceFixture.index(objc: """
        @implementation Factory
        + (id)a { return (CardView *)[[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] objectAtIndex:0]; }
        + (id)b { return (CardView*)[[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] firstObject]; }
        - (void)c { [self addSubview:(__kindof UIView *)[[[NSBundle mainBundle] loadNibNamed:@"Other" owner:self options:nil] lastObject]]; }
        + (id)d { CardView *card = (CardView *)[[[UINib nibWithNibName:@"CardView" bundle:nil] instantiateWithOwner:nil options:nil] firstObject]; return card; }
        + (id)e { return [[[NSBundle mainBundle] loadNibNamed:@"Plain" owner:nil options:nil] firstObject]; }
        @end
        """)
        XCTAssertEqual(index.nibLoads.map(\.resultUse), [.first, .first, .last, .first, .first])
        XCTAssertEqual(index.nibLoads.map(\.cast), [
            NibLoadSite.Cast(kind: .forced, typeName: "CardView"), NibLoadSite.Cast(kind: .forced, typeName: "CardView"),
            NibLoadSite.Cast(kind: .forced, typeName: "UIView"), NibLoadSite.Cast(kind: .forced, typeName: "CardView"), nil,
        ])
    }

    func testAppKitNibLoadsReadOwnerAndTopLevelObjects() {
        let swift = SourceFixture.index(swift: """
        class Panel: NSView {
            func a() {
                var objects: NSArray?
                Bundle.main.loadNibNamed("Panel", owner: self, topLevelObjects: &objects)
                let view = objects?.first(where: { $0 is Panel }) as? Panel
            }
            func b() {
                let nib = NSNib(nibNamed: "Row", bundle: nil)
                var topLevelObjects: NSArray?
                if nib?.instantiate(withOwner: nil, topLevelObjects: &topLevelObjects) == true {
                    let row = topLevelObjects?.firstObject as! Row
                }
            }
            func c() { Bundle.main.loadNibNamed("Owned", owner: self, topLevelObjects: nil) }
            func e() {
                var objects: NSArray?
                NSNib(nibNamed: "Chained", bundle: nil)?.instantiate(withOwner: self, topLevelObjects: &objects)
                for object in objects ?? [] { if let header = object as? Header { use(header) } }
            }
            func d() { let nib = NSNib(nibNamed: "Kept", bundle: .main) }
        }
        """)
        XCTAssertEqual(swift.nibLoads.map(\.api), [.bundleLoadNibNamed, .uiNib, .bundleLoadNibNamed, .uiNib, .uiNib])
        XCTAssertEqual(swift.nibLoads.map(\.owner), [.selfObject, .none, .selfObject, .selfObject, .notApplicable])
        XCTAssertEqual(swift.nibLoads.map(\.resultUse), [.searchByType, .first, .ignored, .searchByType, .whole])
        XCTAssertEqual(swift.nibLoads.map(\.cast), [
            NibLoadSite.Cast(kind: .conditional, typeName: "Panel"), NibLoadSite.Cast(kind: .forced, typeName: "Row"), nil,
            NibLoadSite.Cast(kind: .conditional, typeName: "Header"), nil,
        ])
        let objc = SourceFixture.index(objc: """
        @implementation Panel
        - (void)a { NSArray *objects = nil; [[NSBundle mainBundle] loadNibNamed:@"Panel" owner:self topLevelObjects:&objects];
                    self.view = [objects lastObject]; }
        - (void)b { NSNib *nib = [[NSNib alloc] initWithNibNamed:@"Row" bundle:nil];
                    UINib *cells = [UINib nibWithNibName:@"Cells" bundle:nil];
                    NSArray *items = [cells instantiateWithOwner:self options:nil]; Cell *cell = items[0]; }
        @end
        """)
        XCTAssertEqual(objc.nibLoads.map(\.nibName.candidates), [["Panel"], ["Row"], ["Cells"]])
        XCTAssertEqual(objc.nibLoads.map(\.api), [.bundleLoadNibNamed, .uiNib, .uiNib])
        XCTAssertEqual(objc.nibLoads.map(\.owner), [.selfObject, .notApplicable, .selfObject])
        XCTAssertEqual(objc.nibLoads.map(\.resultUse), [.last, .whole, .first])
    }

    func testSwiftClassNamesFromTheRuntimeCarryTheModule() {
        let index = SourceFixture.index([("Views.swift", """
        class CardView: UIView {
            func a() { Bundle.main.loadNibNamed(NSStringFromClass(type(of: self)), owner: self) }
            func b() { Bundle.main.loadNibNamed(NSStringFromClass(Self.self), owner: self) }
            func c() { Bundle.main.loadNibNamed(String(reflecting: type(of: self)), owner: self) }
            func d() { Bundle.main.loadNibNamed(String(describing: type(of: self)), owner: self) }
            func e() { let name = NSStringFromClass(type(of: self)).components(separatedBy: ".").last!
                       Bundle.main.loadNibNamed(name, owner: self) }
            func f() { let name = NSStringFromClass(CardView.self)
                       Bundle.main.loadNibNamed(name, owner: self) }
        }
        @objc(RTBadge) class Badge: UIView {
            func a() { Bundle.main.loadNibNamed(NSStringFromClass(type(of: self)), owner: self) }
            func b() { Bundle.main.loadNibNamed(String(reflecting: Self.self), owner: self) }
        }
        extension UIView {
            class func fromNib() -> Self { UINib(nibName: NSStringFromClass(self), bundle: nil).instantiate(withOwner: nil)[0] as! Self }
        }
        func make() { let card = CardView.fromNib(); let legacy = Legacy.fromNib() }
        """), ("Legacy.m", """
        @implementation Legacy
        - (void)a { [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:self options:nil]; }
        @end
        """)])
        let swift = index.nibLoads.filter { $0.language == .swift && $0.api != .uiNib }
        XCTAssertEqual(swift.map(\.nibName.spelling), [
            .objcRuntimeName, .objcRuntimeName, .reflecting, .bare, .bare, .objcRuntimeName, .objcRuntimeName, .reflecting,
            .objcRuntimeName, .objcRuntimeName,
        ])
        XCTAssertEqual(swift.map(\.nibName.carriesModulePrefix), [true, true, true, false, false, true, false, true, true, false])
        XCTAssertEqual(swift.map(\.nibName.candidates), [
            ["CardView"], ["CardView"], ["CardView"], ["CardView"], ["CardView"], ["CardView"], ["RTBadge"], ["RTBadge"],
            ["CardView"], ["Legacy"],
        ])
        XCTAssertEqual(index.nibLoads.filter { $0.api == .uiNib }.map(\.nibName.carriesModulePrefix), [false],
                       "inside a UIView extension the runtime class is not known")
        XCTAssertEqual(index.nibLoads.filter { $0.language == .objc }.map(\.nibName.carriesModulePrefix), [false])
    }

    func testSwiftResultUses() {
        let index = SourceFixture.index(swift: """
        class V: UIView {
            func a() -> UIView? { return Bundle.main.loadNibNamed("A", owner: nil)?.first(where: { $0 is CardView }) as? UIView }
            func b() -> UIView? { Bundle.main.loadNibNamed("B", owner: nil)?.compactMap { $0 as? CardView }.first }
            func c() { let views = Bundle.main.loadNibNamed("C", owner: nil); let first = views?[0] }
            func d() { _ = Bundle.main.loadNibNamed("D", owner: self) }
            func e() -> Any? { Bundle.main.loadNibNamed("E", owner: nil)?.last }
            func f() { if let objects = Bundle.main.loadNibNamed("F", owner: nil) { for object in objects { if let view = object as? CardView { use(view) } } } }
        }
        """)
        XCTAssertEqual(index.nibLoads.map(\.resultUse), [.searchByType, .searchByType, .first, .ignored, .last, .searchByType])
        XCTAssertEqual(index.nibLoads[0].cast?.typeName, "CardView")
        XCTAssertEqual(index.nibLoads[1].cast?.typeName, "CardView")
        XCTAssertEqual(index.nibLoads[5].cast, NibLoadSite.Cast(kind: .conditional, typeName: "CardView"))
    }

    func testUINibInstantiateBothLanguages() {
        let swift = SourceFixture.index(swift: """
        class V: UIView {
            func a() { let v = UINib(nibName: "Card", bundle: nil).instantiate(withOwner: self, options: nil)[0] as! UIView }
            func b() { let nib = UINib(nibName: "Kept", bundle: .main) }
        }
        """)
        XCTAssertEqual(swift.nibLoads.map(\.api), [.uiNib, .uiNib])
        XCTAssertEqual(swift.nibLoads.map(\.owner), [.selfObject, .notApplicable])
        XCTAssertEqual(swift.nibLoads.map(\.resultUse), [.first, .whole])
        XCTAssertEqual(swift.nibLoads.first?.cast?.typeName, "UIView")
        let objc = SourceFixture.index(objc: """
        @implementation V
        - (void)a { UIView *v = [[[UINib nibWithNibName:@"Card" bundle:nil] instantiateWithOwner:nil options:nil] firstObject]; }
        @end
        """)
        XCTAssertEqual(objc.nibLoads.map(\.api), [.uiNib])
        XCTAssertEqual(objc.nibLoads.map(\.owner), [.none])
        XCTAssertEqual(objc.nibLoads.map(\.resultUse), [.first])
    }

    func testViewControllerNibNames() {
        let swift = SourceFixture.index(swift: """
        class DetailViewController: UIViewController {
            init() { super.init(nibName: "Detail", bundle: nil) }
            func show() { let vc = SettingsViewController(nibName: nil, bundle: nil) }
        }
        """)
        XCTAssertEqual(swift.nibLoads.map(\.api), [.viewControllerNibName, .viewControllerNibName])
        XCTAssertEqual(swift.nibLoads.map(\.nibName.resolution), [.literal("Detail"), .namedClass("SettingsViewController")])
        let objc = SourceFixture.index(objc: """
        @implementation A
        - (void)show { D *d = [[D alloc] initWithNibName:@"Detail" bundle:nil]; }
        @end
        """)
        XCTAssertEqual(objc.nibLoads.map(\.api), [.viewControllerNibName])
        XCTAssertEqual(objc.nibLoads.first?.nibName.resolution, .literal("Detail"))
    }

    func testRegisteredNibsBothLanguages() {
        let swift = SourceFixture.index(swift: """
        class T: UITableViewController {
            override func viewDidLoad() {
                tableView.register(UINib(nibName: "CardCell", bundle: nil), forCellReuseIdentifier: "card")
                collectionView.register(UINib(nibName: "Tile", bundle: nil), forCellWithReuseIdentifier: "tile")
                tableView.register(PlainCell.self, forCellReuseIdentifier: "plain")
            }
        }
        """)
        XCTAssertEqual(swift.nibLoads.map(\.api), [.registerNib, .registerNib])
        XCTAssertEqual(swift.nibLoads.map(\.nibName.resolution), [.literal("CardCell"), .literal("Tile")])
        XCTAssertEqual(swift.nibLoads.map(\.reuseIdentifier), ["card", "tile"])
        XCTAssertEqual(swift.literalCalls.map(\.kind), [.registerNib, .registerNib, .registerClass])
        XCTAssertEqual(swift.literalCalls.map(\.reusable), [.tableCell, .collectionCell, .tableCell])
        let objc = SourceFixture.index(objc: """
        @implementation T
        - (void)viewDidLoad {
            [self.tableView registerNib:[UINib nibWithNibName:@"CardCell" bundle:nil] forCellReuseIdentifier:@"card"];
            [self.tableView registerNib:[UINib nibWithNibName:@"Header" bundle:nil] forHeaderFooterViewReuseIdentifier:@"header"];
        }
        @end
        """)
        XCTAssertEqual(objc.nibLoads.map(\.reuseIdentifier), ["card", "header"])
        XCTAssertEqual(objc.literalCalls.map(\.reusable), [.tableCell, .headerFooter])
    }

    func testReusableProtocols() {
        let index = SourceFixture.index(swift: """
        final class CardView: UIView, NibLoadable {}
        final class OwnerView: UIView, NibOwnerLoadable {
            required init?(coder: NSCoder) { super.init(coder: coder); loadNibContent() }
        }
        class VC: UIViewController { func make() { let card = CardView.loadFromNib() } }
        """)
        XCTAssertEqual(index.nibLoads.map(\.api), [.nibOwnerLoadable, .nibLoadable])
        XCTAssertEqual(index.nibLoads.map(\.nibName.candidates), [["OwnerView"], ["CardView"]])
        XCTAssertEqual(index.nibLoads.map(\.owner), [.selfObject, .none])
        XCTAssertEqual(index.nibLoads.last?.receiverType, "CardView")
        XCTAssertEqual(index.contentAttachments.first?.pinningHelper, "loadNibContent")
    }

    func testProtocolExtensionSelfResolvesToEachConformingType() {
        let index = SourceFixture.index([
            ("P.swift", """
            protocol NibInstantiable {}
            extension NibInstantiable where Self: UIView {
                static func make() -> Self { UINib(nibName: String(describing: self), bundle: nil).instantiate(withOwner: nil, options: nil).first as! Self }
            }
            """),
            ("A.swift", "class Alpha: UIView {}\nextension Alpha: NibInstantiable {}\n"),
            ("B.swift", "class Beta: UIView, NibInstantiable {}\nclass BetaChild: Beta {}\n"),
            ("C.swift", "protocol CardLike: NibInstantiable {}\nclass Gamma: UIView, CardLike {}\nclass Unrelated: UIView {}\n"),
        ])
        XCTAssertEqual(index.nibLoads.first?.nibName.resolution, .conformingTypes(protocolName: "NibInstantiable"))
        XCTAssertEqual(index.nibLoads.first?.nibName.candidates, ["Alpha", "Beta", "BetaChild", "Gamma"])
    }

    func testHelperFollowedToCallersAcrossFiles() {
        let index = SourceFixture.index([
            ("UIView+Nib.swift", """
            extension UIView {
                static func fromNib(named name: String) -> UIView { Bundle.main.loadNibNamed(name, owner: nil)!.first as! UIView }
                class func loadFromNib() -> Self { Bundle.main.loadNibNamed(String(describing: self), owner: nil)!.first as! Self }
            }
            """),
            ("Screen.swift", """
            class Screen: UIViewController {
                func build() {
                    let a = UIView.fromNib(named: "Banner")
                    let b = CardView.loadFromNib()
                }
            }
            """),
        ])
        let callers = index.nibLoads.filter { $0.api == .projectHelper }
        XCTAssertEqual(callers.map(\.nibName.candidates), [["Banner"], ["CardView"]])
        XCTAssertEqual(callers.map(\.helper), ["fromNibWithNamed:", "loadFromNib"])
        XCTAssertEqual(callers.map(\.context.typeName), ["Screen", "Screen"])
        XCTAssertEqual(callers.last?.receiverType, "CardView")
        XCTAssertEqual(callers.first?.helperLoad?.path, "UIView+Nib.swift")
    }

    /// A resolution looks up at most 64 local variables in all its levels: `c` below is the
    /// 64th with 63 names before it (each looked up, none assigned) and resolves to the class
    /// of self; with 64 names before it, it is the 65th and the name is dynamic.
    func testLocalVariableLookupsPerResolutionAreBounded() {
        func load(after names: Int) -> NibNameExpression.Resolution? {
            let filler = (0..<names).map { "f\($0), " }.joined()
            let index = SourceFixture.index(objc: """
            @implementation Card
            + (UINib *)nib {
                Class c = [self class];
                return [UINib nibWithNibName:(\(filler)NSStringFromClass(c)) bundle:nil];
            }
            @end
            """)
            return index.loads(in: "Card").first?.nibName.resolution
        }
        XCTAssertEqual(load(after: 0), .enclosingClass)
        XCTAssertEqual(load(after: 63), .enclosingClass)
        XCTAssertEqual(load(after: 64), .dynamic)
    }

    /// A message send right after a C cast or an `if`/`while`/`for` condition (or `else`)
    /// is a send; after a call or a subscript a `[` is a subscript, and after a
    /// parenthesised value that is no type it is one too.
    func testObjCSendsAfterCastsAndConditions() {
        let index = SourceFixture.index([
            ("UIView+Nib.m", """
            @implementation UIView (Nib)
            + (instancetype)fromNib { return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass(self) owner:nil options:nil] firstObject]; }
            @end
            """),
            ("Screen.m", """
            @implementation Screen
            - (void)build {
                HeaderView *a = (HeaderView *)[HeaderView fromNib];
                FooterView *b = (id)[FooterView fromNib];
                if (self.wantsBadge) [BadgeView fromNib];
                while (count--) [RowView fromNib];
                if (flag) { } else [PlainView fromNib];
                UIView *c = views(list)[0];
                UIView *d = (list)[1];
            }
            - (instancetype)initWithCoder:(NSCoder *)coder {
                if (coder) self = [[NSBundle mainBundle] loadNibNamed:@"Panel" owner:nil options:nil].firstObject;
                return self;
            }
            - (void)awakeFromNib {
                if (self.usesRow) [[NSBundle mainBundle] loadNibNamed:@"Row" owner:self options:nil];
                for (UIView *view in self.subviews) [self style:view];
            }
            - (void)style:(UIView *)view { view.alpha = 1; }
            @end
            """),
        ])
        let callers = index.nibLoads.filter { $0.api == .projectHelper }
        XCTAssertEqual(callers.map(\.receiverType), ["HeaderView", "FooterView", "BadgeView", "RowView", "PlainView"])
        XCTAssertEqual(index.loads(in: "Screen", method: "initWithCoder:").map(\.nibName.candidates), [["Panel"]])
        XCTAssertEqual(index.selfAssignments.filter { $0.location.path == "Screen.m" }.map(\.source), [.nibLoad])
        XCTAssertEqual(index.loads(in: "Screen", method: "awakeFromNib").map(\.nibName.candidates), [["Row"]])
        XCTAssertEqual(index.method("awakeFromNib", of: "Screen")?.calledSelfMethods, ["style:"])
    }
}

/// AppKit's window controllers load their nibs by name, often through `NSNib.Name`.
final class WindowNibLoadTests: XCTestCase {
    func testWindowControllerLoadsAreControllerNibLoadsWithTheWrappedName() {
        let swift = SourceFixture.index(swift: """
        final class AppDelegate: NSObject {
            let about = NSWindowController(windowNibName: NSNib.Name("About"))
            let prefs = NSWindowController(windowNibName: NSNib.Name(rawValue: "Prefs"))
            let plain = NSWindowController(windowNibName: "Plain")
        }
        """)
        XCTAssertEqual(swift.nibLoads.map(\.api), [.viewControllerNibName, .viewControllerNibName, .viewControllerNibName])
        XCTAssertEqual(swift.nibLoads.map(\.nibName.resolution), [.literal("About"), .literal("Prefs"), .literal("Plain")])
        let objc = SourceFixture.index(objc: """
        @implementation PrefsController
        - (instancetype)init { return [super initWithWindowNibName:@"Preferences"]; }
        @end
        """)
        XCTAssertEqual(objc.nibLoads.map(\.nibName.resolution), [.literal("Preferences")])
        XCTAssertEqual(objc.nibLoads.first?.owner, .selfObject)
    }

    func testAnotherCallNamedNameIsNoWrapper() {
        let index = SourceFixture.index(swift: """
        final class AppDelegate: NSObject {
            let about = NSWindowController(windowNibName: names.Name(1, 2))
        }
        """)
        XCTAssertEqual(index.nibLoads.map(\.nibName.resolution), [.dynamic])
    }
}
