import Analysis
import XCTest

final class ContentAttachmentTests: XCTestCase {
    func testSwiftFrameAutoresizingAnchorsHelperAndNothing() {
        let index = SourceFixture.index(swift: """
        class A: UIView {
            @IBOutlet var contentView: UIView!
            func a() {
                Bundle.main.loadNibNamed("A", owner: self, options: nil)
                contentView.frame = bounds
                contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(contentView)
            }
            func b() {
                Bundle.main.loadNibNamed("A", owner: self, options: nil)
                self.addSubview(contentView)
                contentView.translatesAutoresizingMaskIntoConstraints = false
                NSLayoutConstraint.activate([contentView.topAnchor.constraint(equalTo: topAnchor)])
            }
            func c() {
                let view = UINib(nibName: "A", bundle: nil).instantiate(withOwner: self).first as! UIView
                addSubview(view)
                view.pinEdges(to: self)
            }
            func d() {
                let view = Bundle.main.loadNibNamed("A", owner: self)!.first as! UIView
                addSubview(view)
            }
            func e() {
                addSubview(UILabel())
            }
        }
        """)
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameAndAutoresizing, .constraints, .constraints, .none])
        XCTAssertEqual(index.contentAttachments.map(\.viewExpression), ["contentView", "contentView", "view", "view"])
        XCTAssertEqual(index.contentAttachments.map(\.pinningHelper), [nil, nil, "pinEdges", nil])
        XCTAssertEqual(index.contentAttachments.first?.context.methodName, "a()")
    }

    func testObjectiveCAutoresizingVisualFormatAndFrameOnly() {
        let index = SourceFixture.index(objc: """
        @implementation A
        - (void)a {
            [[NSBundle mainBundle] loadNibNamed:@"A" owner:self options:nil];
            self.contentView.frame = self.bounds;
            self.contentView.autoresizingMask = UIViewAutoresizingFlexibleWidth | UIViewAutoresizingFlexibleHeight;
            [self addSubview:self.contentView];
        }
        - (void)b {
            UIView *view = [[[NSBundle mainBundle] loadNibNamed:@"A" owner:self options:nil] firstObject];
            [self addSubview:view];
            [self addConstraints:[NSLayoutConstraint constraintsWithVisualFormat:@"H:|[view]|" options:0 metrics:nil views:@{@"view": view}]];
        }
        - (void)c {
            UIView *view = [[[NSBundle mainBundle] loadNibNamed:@"A" owner:self options:nil] firstObject];
            view.frame = self.bounds;
            [self addSubview:view];
        }
        @end
        """)
        XCTAssertEqual(index.contentAttachments.map(\.layout), [.frameAndAutoresizing, .constraints, .frameOnly])
    }

    func testObjectiveCSelfAssignmentsInInitializers() {
        let index = SourceFixture.index(objc: """
        @implementation A
        - (id)initWithCoder:(NSCoder *)coder {
            self = [[[NSBundle mainBundle] loadNibNamed:@"A" owner:nil options:nil] firstObject];
            return self;
        }
        - (id)initWithFrame:(CGRect)frame {
            self = [super initWithFrame:frame];
            return self;
        }
        - (void)other { self = nil; }
        @end
        """)
        XCTAssertEqual(index.selfAssignments.map(\.source), [.nibLoad, .superInit])
        XCTAssertEqual(index.selfAssignments.map(\.context.methodName), ["initWithCoder:", "initWithFrame:"])
        XCTAssertEqual(index.selfAssignments.first?.location, SourceLocation(path: "View.m", line: 3, column: 5))
    }
}
