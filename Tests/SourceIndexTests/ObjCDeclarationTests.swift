import Analysis
import XCTest

final class ObjCDeclarationTests: XCTestCase {
    private let header = """
    IB_DESIGNABLE
    @interface CardView : UIView <NSCoding, CardDelegate>
    {
        IBOutlet UIView *_legacyOutlet;
    }
    @property (nonatomic, weak) IBOutlet UILabel *titleLabel;
    @property (nonatomic, strong) IBOutletCollection(UIButton) NSArray *buttons;
    @property (nonatomic, assign) IBInspectable CGFloat cornerRadius;
    @property (nonatomic, readonly) NSString *identifierText;
    @property (nonatomic, copy, nullable) NSString *name;
    - (IBAction)tap:(id)sender;
    - (IBAction)tap:(id)sender forEvent:(UIEvent *)event;
    + (instancetype)view;
    @end

    @interface CardView ()
    @property (nonatomic, readwrite) NSString *identifierText;
    @end

    @interface CardView (Loading) <Loadable>
    - (void)load;
    @end
    """

    func testInterfaceExtensionAndCategory() throws {
        let index = SourceFixture.index([("CardView.h", header)])
        let card = try XCTUnwrap(index.types["CardView"])
        XCTAssertEqual(card.superclass, "UIView")
        XCTAssertEqual(card.conformances, ["CardDelegate", "Loadable", "NSCoding"])
        XCTAssertTrue(card.isDesignable)
        XCTAssertEqual(index.declarations.map(\.kind), [.interface, .classExtension, .category])
        XCTAssertEqual(index.declarations.last?.categoryName, "Loading")
        XCTAssertEqual(card.location, SourceLocation(path: "CardView.h", line: 2, column: 12))
    }

    func testOutletsPropertiesAndActions() throws {
        let index = SourceFixture.index([("CardView.h", header)])
        let card = try XCTUnwrap(index.types["CardView"])
        XCTAssertEqual(card.outlets.map(\.name), ["_legacyOutlet", "titleLabel", "buttons"])
        XCTAssertEqual(card.outlets.map(\.ownership), [.strong, .weak, .strong])
        XCTAssertEqual(card.outlets.map(\.isCollection), [false, false, true])
        XCTAssertEqual(card.outlets.map(\.typeName), ["UIView", "UILabel", "UIButton"])
        let properties = Dictionary(uniqueKeysWithValues: card.properties.map { ($0.name, $0) })
        XCTAssertEqual(properties["cornerRadius"]?.isInspectable, true)
        XCTAssertEqual(properties["identifierText"]?.isSettable, true, "the class extension makes it readwrite")
        XCTAssertEqual(properties["name"]?.isSettable, true)
        XCTAssertEqual(card.actions.map(\.selector), ["tap:", "tap:forEvent:"])
        XCTAssertEqual(card.methods.first { $0.selector == "view" }?.isTypeMethod, true)
    }

    func testEveryDeclaratorAndInstanceVariableIsAProperty() throws {
        let index = SourceFixture.index([("Status.h", """
        @interface Status : NSWindowController
        {
            NSString *message, *detail;
            IBOutlet NSButton *button;
            int count;
        }
        @property (copy) NSString *title, *buttonTitle;
        @property (weak) IBOutlet NSTextField *a, *b;
        @property (nonatomic, copy) void (^handler)(int, int);
        @end
        """)])
        let status = try XCTUnwrap(index.types["Status"])
        XCTAssertEqual(status.properties.map(\.name), ["message", "detail", "count", "title", "buttonTitle", "a", "b"],
                       "a block's parameter list adds no declarator")
        XCTAssertEqual(status.outlets.map(\.name), ["button", "a", "b"])
        XCTAssertEqual(status.properties.first { $0.name == "buttonTitle" }?.typeName, "NSString")
    }

    func testReadonlyPropertyIsNotSettable() {
        let index = SourceFixture.index(objc: "@interface A : NSObject\n@property (readonly) int count;\n@end\n")
        XCTAssertEqual(index.types["A"]?.properties.first?.isSettable, false)
    }

    func testImplementationAndCategoryImplementationMethods() throws {
        let index = SourceFixture.index([("CardView.m", """
        #import "CardView.h"
        #define HEIGHT 44.0 \\
            + 2
        @implementation CardView
        - (instancetype)initWithCoder:(NSCoder *)coder {
            self = [super initWithCoder:coder];
            if (self) { [self commonInit]; }
            return self;
        }
        - (void)awakeFromNib { [super awakeFromNib]; [self setUpWithTitle:@"x" animated:NO]; }
        - (void)layoutSubviews { [super layoutSubviews]; }
        - (void)commonInit {}
        - (void)setUpWithTitle:(NSString *)title animated:(BOOL)animated {}
        @end
        @implementation CardView (Loading)
        - (void)load { void (^block)(void) = ^{ [self commonInit]; }; block(); }
        @end
        """)])
        let card = try XCTUnwrap(index.types["CardView"])
        XCTAssertEqual(card.methods.map(\.selector), ["initWithCoder:", "awakeFromNib", "layoutSubviews", "commonInit", "setUpWithTitle:animated:", "load"])
        XCTAssertEqual(index.method("initWithCoder:", of: "CardView")?.calledSelfMethods, ["commonInit"])
        XCTAssertEqual(index.method("awakeFromNib", of: "CardView")?.calledSelfMethods, ["setUpWithTitle:animated:"])
        XCTAssertEqual(index.method("load", of: "CardView")?.calledSelfMethods, ["commonInit"])
        XCTAssertEqual(index.method("initWithCoder:", of: "CardView")?.lifecycle, .initCoder)
        XCTAssertEqual(index.method("initWithCoder:", of: "CardView")?.location.line, 5)
    }
}
