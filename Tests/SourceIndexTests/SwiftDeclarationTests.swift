import Analysis
import XCTest

final class SwiftDeclarationTests: XCTestCase {
    func testClassSuperclassConformancesAndRuntimeName() throws {
        let index = SourceFixture.index(swift: """
        @objc(RTCardView) @IBDesignable
        final class CardView: UIView, NibOwnerLoadable, CustomStringConvertible {
        }
        class Plain: NSCoding {}
        """)
        let card = try XCTUnwrap(index.types["CardView"])
        XCTAssertEqual(card.superclass, "UIView")
        XCTAssertEqual(card.conformances, ["CustomStringConvertible", "NibOwnerLoadable"])
        XCTAssertEqual(card.runtimeName, "RTCardView")
        XCTAssertTrue(card.isDesignable)
        XCTAssertEqual(card.location, SourceLocation(path: "View.swift", line: 2, column: 13))
        XCTAssertNil(index.types["Plain"]?.superclass)
        XCTAssertEqual(index.types["Plain"]?.conformances, ["NSCoding"])
    }

    func testConformancesAddedByExtensionsTypealiasesAndProjectProtocols() throws {
        let index = SourceFixture.index([
            ("A.swift", "protocol Themed {}\nclass Card: Themed {}\ntypealias Tile = Card\n"),
            ("B.swift", "extension Tile: NibLoadable {}\nextension Card: Hashable where Self: Any {}\n"),
        ])
        let card = try XCTUnwrap(index.types["Card"])
        XCTAssertNil(card.superclass, "a project protocol is not a superclass")
        XCTAssertEqual(card.conformances, ["Hashable", "NibLoadable", "Themed"])
        XCTAssertEqual(card.declarations.count, 3)
        XCTAssertEqual(index.typealiases["Tile"], "Card")
    }

    func testTypealiasEndsWithItsTypeSoTheNextDeclarationIsKept() throws {
        let index = SourceFixture.index([
            ("A.swift", """
            class CardView: UIView {}
            typealias Card = CardView
            extension Card: Themed {
                func style() {}
            }
            typealias Boxed<T> = Box<T> where T: UIView
            extension Boxed {}
            typealias Handler = (Int) async throws -> Void
            extension Card: Shadowed {}
            typealias Styled = UIView & Themed
            typealias Maybe = CardView?
            typealias Meta = CardView.Type
            """),
            ("B.swift", """
            extension Tile: Rounded {}
            class Holder: UIView {
                typealias Content = Module.CardView
                func setUp() {}
                typealias Grid<Cell: UIView> = Dictionary<String,
                                                          [Cell]>
                @IBOutlet weak var label: UILabel!
            }
            typealias Tile = Card
            """),
        ])
        XCTAssertEqual(index.typealiases, [
            "Card": "CardView", "Boxed": "Box", "Holder.Content": "Module.CardView", "Holder.Grid": "Dictionary",
            "Tile": "Card",
        ])
        let card = try XCTUnwrap(index.types["CardView"])
        XCTAssertEqual(card.conformances, ["Rounded", "Shadowed", "Themed"])
        XCTAssertEqual(card.methods.map(\.name), ["style()"])
        XCTAssertNotNil(index.types["Box"], "the generic alias's extension is kept")
        XCTAssertEqual(index.types["Holder"]?.methods.map(\.name), ["setUp()"])
        XCTAssertEqual(index.types["Holder"]?.outlets.map(\.name), ["label"])
    }

    func testProtocolExtensionSelfConstraint() throws {
        let index = SourceFixture.index(swift: "protocol P {}\nextension P where Self: UIView {\n func load() {}\n}\n")
        let extensionDeclaration = try XCTUnwrap(index.declarations.first { $0.kind == .extension })
        XCTAssertEqual(extensionDeclaration.selfConstraint, "UIView")
        XCTAssertEqual(index.types["P"]?.isProtocol, true)
        XCTAssertEqual(index.types["P"]?.methods.map(\.name), ["load()"])
    }

    func testNestedAndGenericTypes() {
        let index = SourceFixture.index(swift: """
        class Outer: UIView {
            class Inner: UIButton {}
            struct Config {}
        }
        class Box<T: UIView, U>: UIView {}
        extension Outer.Inner: P {}
        """)
        XCTAssertEqual(index.types["Outer.Inner"]?.superclass, "UIButton")
        XCTAssertEqual(index.types["Outer.Inner"]?.conformances, ["P"])
        XCTAssertEqual(index.types["Outer.Config"]?.isClass, false)
        XCTAssertEqual(index.types["Box"]?.genericParameters, ["T", "U"])
        XCTAssertEqual(index.types["Box"]?.superclass, "UIView")
    }

    func testOutletsWithOwnershipLazinessOptionalityAndCollections() throws {
        let index = SourceFixture.index(swift: """
        class V: UIView {
            @IBOutlet weak var title: UILabel!
            @IBOutlet var contentView: UIView?
            @IBOutlet private(set) lazy var lazyView: UIView = UIView()
            @IBOutlet var buttons: [UIButton]!
            @IBOutlet unowned var owner: UIView!
            var notAnOutlet: UILabel?
        }
        """)
        let outlets = try XCTUnwrap(index.types["V"]?.outlets)
        XCTAssertEqual(outlets.map(\.name), ["title", "contentView", "lazyView", "buttons", "owner"])
        XCTAssertEqual(outlets.map(\.ownership), [.weak, .strong, .strong, .strong, .unowned])
        XCTAssertEqual(outlets.map(\.optionality), [.implicitlyUnwrapped, .optional, .nonOptional, .implicitlyUnwrapped, .implicitlyUnwrapped])
        XCTAssertEqual(outlets.map(\.isLazy), [false, false, true, false, false])
        XCTAssertEqual(outlets.map(\.isCollection), [false, false, false, true, false])
        XCTAssertEqual(outlets.map(\.typeName), ["UILabel", "UIView", "UIView", "UIButton", "UIView"])
        XCTAssertEqual(outlets[0].location, SourceLocation(path: "View.swift", line: 2, column: 24))
    }

    func testActionSelectorsFollowSwiftNamingRules() {
        let index = SourceFixture.index(swift: """
        class C: UIViewController {
            @IBAction func tap(_ sender: Any) {}
            @IBAction func tapWith(sender: Any) {}
            @IBAction func press(sender: Any) {}
            @IBAction func reset() {}
            @IBAction func tap(_ s: Any, forEvent e: UIEvent) {}
            @objc(customName:) @IBAction func renamed(_ sender: Any) {}
            @IBAction func go(for sender: Any) {}
            @IBAction private func unwind(_ segue: UIStoryboardSegue) {}
            func notAnAction(_ x: Int) {}
        }
        """)
        XCTAssertEqual(index.types["C"]?.actions.map(\.selector), [
            "tap:", "tapWithSender:", "pressWithSender:", "reset", "tap:forEvent:", "customName:", "goFor:", "unwind:",
        ])
        XCTAssertEqual(index.types["C"]?.actions.first?.methodName, "tap(_:)")
    }

    func testSettableAndInspectableProperties() throws {
        let index = SourceFixture.index(swift: """
        class V: UIView {
            @IBInspectable var cornerRadius: CGFloat = 0 { didSet { layer.cornerRadius = cornerRadius } }
            let fixed = 1
            var computed: Int { return 1 }
            var getOnly: Int { get { 1 } }
            var both: Int { get { 1 } set { } }
            static var shared = false
        }
        """)
        let properties = try XCTUnwrap(index.types["V"]?.properties)
        let byName = Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0) })
        XCTAssertEqual(byName["cornerRadius"]?.isSettable, true)
        XCTAssertEqual(byName["cornerRadius"]?.isInspectable, true)
        XCTAssertEqual(byName["fixed"]?.isSettable, false)
        XCTAssertEqual(byName["computed"]?.isSettable, false)
        XCTAssertEqual(byName["getOnly"]?.isSettable, false)
        XCTAssertEqual(byName["both"]?.isSettable, true)
        XCTAssertEqual(byName["shared"]?.isStatic, true)
        XCTAssertNil(byName["layer"], "locals and members of bodies are not properties")
    }

    func testObjectiveCVisibilityForKeyValueCoding() throws {
        let index = SourceFixture.index(swift: """
        class Plain: UIView {
            var hidden = 1
            @objc var exposed = 1
            @objc dynamic var observed = 1
            @IBInspectable var inspectable: Int = 1
        }
        @objcMembers class Everything: UIView {
            var shown = 1
            @nonobjc var hiddenFromObjC = 1
        }
        """)
        let plain = Dictionary(uniqueKeysWithValues: try XCTUnwrap(index.types["Plain"]).properties.map { ($0.name, $0.isObjCVisible) })
        XCTAssertEqual(plain, ["hidden": false, "exposed": true, "observed": true, "inspectable": true])
        let everything = Dictionary(uniqueKeysWithValues: try XCTUnwrap(index.types["Everything"]).properties.map { ($0.name, $0.isObjCVisible) })
        XCTAssertEqual(everything, ["shown": true, "hiddenFromObjC": false])
    }

    func testObjCExtensionMembersAreVisible() throws {
        let index = SourceFixture.index(swift: """
        class Settings: NSObject {}
        @objc extension Settings {
            var fontSize: Int { 12 }
        }
        extension Settings {
            var plain: Int { 1 }
        }
        """)
        let settings = Dictionary(uniqueKeysWithValues: try XCTUnwrap(index.types["Settings"]).properties.map { ($0.name, $0.isObjCVisible) })
        XCTAssertEqual(settings, ["fontSize": true, "plain": false])
    }

    func testEveryDeclaratorOfAVariableIsAProperty() throws {
        let index = SourceFixture.index(swift: """
        class Slider: NSObject {
            @objc var low: CGFloat = 0.0, high: CGFloat = 1.0
            var first = f(1, 2), second = [3, 4], third: [String: Int] = [:]
            var table = Dictionary<String, Int>()
            let (x, y) = (1, 2)
            var a = 1; var b = 2
            var c = 3
            , d = 4
        }
        """)
        let properties = try XCTUnwrap(index.types["Slider"]).properties
        XCTAssertEqual(properties.map(\.name), ["low", "high", "first", "second", "third", "table", "a", "b", "c", "d"],
                       "a declarator may continue on the next line; generics and tuples add none")
        XCTAssertEqual(properties.prefix(2).map(\.isObjCVisible), [true, true])
        XCTAssertEqual(properties.prefix(2).map(\.typeName), ["CGFloat", "CGFloat"])
        XCTAssertEqual(properties[1].location, SourceLocation(path: "View.swift", line: 2, column: 35))
    }

    func testEveryIfBranchIsIndexed() {
        let index = SourceFixture.index(swift: """
        #if os(iOS)
        class PhoneView: UIView { @IBOutlet var a: UILabel! }
        #elseif os(macOS)
        class MacView: NSView { @IBOutlet var b: NSTextField! }
        #else
        class OtherView: UIView {}
        #endif
        """)
        XCTAssertEqual(Set(index.types.keys), ["PhoneView", "MacView", "OtherView"])
        XCTAssertEqual(index.types["MacView"]?.outlets.map(\.name), ["b"])
    }

    func testLifecycleOverridesAndTheProjectMethodsTheyCall() throws {
        let index = SourceFixture.index(swift: """
        class V: UIView {
            override init(frame: CGRect) { super.init(frame: frame); commonInit() }
            required init?(coder: NSCoder) { super.init(coder: coder); self.commonInit() }
            override func awakeAfter(using coder: NSCoder) -> Any? { return self }
            override func awakeFromNib() { super.awakeFromNib(); setUp(animated: false); print("x") }
            override func layoutSubviews() { super.layoutSubviews() }
            override func prepareForInterfaceBuilder() { commonInit() }
            private func commonInit() {}
            func setUp(animated: Bool) {}
        }
        """)
        let methods = try XCTUnwrap(index.types["V"]?.methods)
        XCTAssertEqual(methods.compactMap(\.lifecycle), [.initFrame, .initCoder, .awakeAfter, .awakeFromNib, .layoutSubviews, .prepareForInterfaceBuilder])
        XCTAssertEqual(index.method("init(frame:)", of: "V")?.calledSelfMethods, ["commonInit()"])
        XCTAssertEqual(index.method("init(coder:)", of: "V")?.calledSelfMethods, ["commonInit()"])
        XCTAssertEqual(index.method("awakeFromNib()", of: "V")?.calledSelfMethods, ["setUp(animated:)"])
        XCTAssertEqual(index.method("awakeAfter(using:)", of: "V")?.selector, "awakeAfterUsingCoder:")
        XCTAssertEqual(index.method("init(coder:)", of: "V")?.selector, "initWithCoder:")
        XCTAssertEqual(index.method("init(frame:)", of: "V")?.isOverride, true)
    }
}
