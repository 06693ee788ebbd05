import Analysis
import XCTest

final class CodeLayoutFactTests: XCTestCase {
    private func facts(_ index: SourceIndex, in type: String) -> [String] {
        index.codeLayout.filter { $0.context.typeName == type }
            .map { "\($0.kind.rawValue) \($0.receiver ?? "self")\($0.member.map { " " + $0 } ?? "")" }
    }

    func testSwiftStacksAnchorsSnapKitContentSizeAndRowHeight() {
        let index = SourceFixture.index(swift: """
        final class Cell: UITableViewCell {
            @IBOutlet var entries: UIStackView!
            private let label = UILabel()
            func show() {
                entries.addArrangedSubview(UILabel())
                self.entries.insertArrangedSubview(UILabel(), at: 0)
                addSubview(label)
                NSLayoutConstraint.activate([
                    label.topAnchor.constraint(equalTo: topAnchor),
                    label.bottomAnchor.constraint(equalTo: bottomAnchor),
                ])
                entries.snp.makeConstraints { $0.edges.equalToSuperview() }
            }
        }
        final class Bar: UIScrollView {
            func layout() {
                let contentSize = CGSize.zero
                self.contentSize = contentSize
            }
        }
        final class ListController: UITableViewController {
            override func viewDidLoad() {
                tableView.rowHeight = UITableView.automaticDimension
                tableView.estimatedRowHeight = 44
            }
        }
        final class FixedController: UITableViewController {
            override func viewDidLoad() { tableView.rowHeight = 44 }
        }
        final class HeightController: UITableViewController {
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
                UITableView.automaticDimension
            }
        }
        """)
        XCTAssertEqual(facts(index, in: "Cell"), [
            "arranged-subviews entries", "adds-subview self",
            "constraints label topAnchor", "constraints label bottomAnchor", "constraints entries makeConstraints",
        ])
        XCTAssertEqual(facts(index, in: "Bar"), ["content-size self"])
        XCTAssertEqual(facts(index, in: "ListController"), ["automatic-row-height self"])
        XCTAssertEqual(facts(index, in: "FixedController"), [])
        XCTAssertEqual(facts(index, in: "HeightController"), ["automatic-row-height self"])
    }

    func testObjectiveCMessagesIvarsAndPureLayout() {
        let index = SourceFixture.index(objc: """
        @implementation Badge {
            UILabel *_label;
        }
        - (instancetype)initWithCoder:(NSCoder *)coder {
            self = [super initWithCoder:coder];
            [self addSubview:_label];
            [self.contentView addSubview:_label];
            [_label.leadingAnchor constraintEqualToAnchor:self.leadingAnchor].active = YES;
            [self.stack addArrangedSubview:_label];
            [_label autoPinEdgesToSuperviewEdges];
            [self setContentSize:CGSizeZero];
            self.tableView.rowHeight = UITableViewAutomaticDimension;
            return self;
        }
        @end
        """)
        XCTAssertEqual(facts(index, in: "Badge"), [
            "adds-subview self", "constraints label leadingAnchor", "arranged-subviews stack",
            "constraints label autoPinEdgesToSuperviewEdges", "content-size self", "automatic-row-height self",
        ])
    }

    func testDeclarationsAndOtherViewsAnchorsAreNotFacts() {
        let index = SourceFixture.index(swift: """
        final class Plain: UIView {
            var rowHeight: CGFloat = 44
            let topAnchorName = "x"
            func pin(_ other: UIView) {
                other.addSubview(self)
                other.topAnchor.constraint(equalTo: topAnchor).isActive = true
            }
        }
        """)
        XCTAssertEqual(facts(index, in: "Plain"), ["constraints other topAnchor"])
    }

    func testAnchorageAndFLKAutoLayoutConstrainTheirReceiver() {
        let index = SourceFixture.index(swift: """
        final class Card: UIView {
            func layout() {
                title.edgeAnchors == edgeAnchors
                badge.sizeAnchors == CGSize(width: 8, height: 8)
                icon.align(to: self)
                footer.alignTopEdge(with: title, predicate: "8")
                footer.constrainHeight("20")
                caption.align = .center
                caption.align(with: title)
            }
        }
        """)
        XCTAssertEqual(facts(index, in: "Card"), [
            "constraints title edgeAnchors", "constraints badge sizeAnchors", "constraints icon align",
            "constraints footer alignTopEdge", "constraints footer constrainHeight",
        ])
        let objc = SourceFixture.index(objc: """
        @implementation Tile
        - (void)layout {
            [_icon alignToView:self];
            [self.footer alignBottomEdgeWithView:self predicate:@"0"];
        }
        @end
        """)
        XCTAssertEqual(facts(objc, in: "Tile"), ["constraints icon alignToView", "constraints footer alignBottomEdgeWithView"])
    }
}
