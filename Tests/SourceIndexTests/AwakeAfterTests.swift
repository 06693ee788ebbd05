import Analysis
import XCTest

final class AwakeAfterTests: XCTestCase {
    func testSwiftUnguardedSubstitutionCopyingLayoutAttributesAndConstraints() throws {
        let index = SourceFixture.index(swift: """
        class CardView: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                let view = Bundle.main.loadNibNamed("CardView", owner: nil)!.first as! CardView
                view.frame = frame
                view.autoresizingMask = self.autoresizingMask
                view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
                view.isHidden = isHidden
                view.alpha = self.alpha
                view.backgroundColor = backgroundColor
                view.accessibilityIdentifier = self.accessibilityIdentifier
                view.tag = 7
                for constraint in constraints {
                    let first = constraint.firstItem === self ? view : constraint.firstItem
                    let copy = NSLayoutConstraint(item: first as Any, attribute: constraint.firstAttribute, relatedBy: constraint.relation,
                                                  toItem: constraint.secondItem, attribute: constraint.secondAttribute,
                                                  multiplier: constraint.multiplier, constant: constant)
                    copy.priority = constraint.priority
                    copy.identifier = constraint.identifier
                    copy.isActive = true
                }
                subviews.forEach { view.addSubview($0) }
                return view
            }
        }
        """)
        let summary = try XCTUnwrap(index.awakeAfter(of: "CardView"))
        XCTAssertTrue(summary.returnsNibLoadedObject)
        XCTAssertEqual(summary.returnedVariable?.name, "view", "where a missing copy line goes")
        XCTAssertEqual(summary.returnedVariable?.location.line, 22)
        XCTAssertFalse(summary.returnsSelf)
        XCTAssertEqual(summary.guardKind, AwakeAfterSummary.Guard.none)
        XCTAssertEqual(summary.copiedAttributes, ["accessibilityIdentifier", "alpha", "autoresizingMask", "backgroundColor", "frame", "hidden", "translatesAutoresizingMaskIntoConstraints"])
        XCTAssertTrue(summary.movesSubviews)
        let copy = try XCTUnwrap(summary.constraintCopy)
        XCTAssertEqual(copy.itemMapping, .conditional)
        XCTAssertTrue(copy.carriesPriority)
        XCTAssertTrue(copy.carriesIdentifier)
        XCTAssertTrue(copy.carriesActive)
        XCTAssertEqual(copy.location.line, 14)
    }

    func testSwiftGuards() {
        let index = SourceFixture.index(swift: """
        class Flagged: UIView {
            var isFromNib = false
            override func awakeAfter(using coder: NSCoder) -> Any? {
                guard !isFromNib else { return self }
                return Bundle.main.loadNibNamed("Flagged", owner: nil)?.first
            }
        }
        class Counted: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                if !subviews.isEmpty { return self }
                return Bundle.main.loadNibNamed("Counted", owner: nil)?.first
            }
        }
        class Statically: UIView {
            static var loading = false
            override func awakeAfter(using coder: NSCoder) -> Any? {
                if Self.loading { return self }
                Self.loading = true
                defer { Self.loading = false }
                return Bundle.main.loadNibNamed("Statically", owner: nil)?.first
            }
        }
        """)
        XCTAssertEqual(index.awakeAfter(of: "Flagged")?.guardKind, .propertyFlag("isFromNib"))
        XCTAssertEqual(index.awakeAfter(of: "Counted")?.guardKind, .subviewsCount)
        XCTAssertEqual(index.awakeAfter(of: "Statically")?.guardKind, .staticFlag("loading"))
        XCTAssertEqual(index.awakeAfter(of: "Counted")?.returnsSelf, true)
    }

    func testObjectiveCPropertyFlagAndSetterCopies() {
        let index = SourceFixture.index(objc: """
        @implementation CardView
        - (id)awakeAfterUsingCoder:(NSCoder *)coder {
            if (self.loadedFromNib) { return self; }
            CardView *view = [[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] firstObject];
            [view setHidden:self.hidden];
            [view setClipsToBounds:[self clipsToBounds]];
            view.contentMode = self.contentMode;
            [view setUserInteractionEnabled:NO];
            return view;
        }
        @end
        """)
        XCTAssertEqual(index.awakeAfter(of: "CardView")?.guardKind, .propertyFlag("loadedFromNib"))
        XCTAssertEqual(index.awakeAfter(of: "CardView")?.copiedAttributes, ["clipsToBounds", "contentMode", "hidden"])
        XCTAssertNil(index.awakeAfter(of: "CardView")?.constraintCopy)
        XCTAssertEqual(index.awakeAfter(of: "CardView")?.movesSubviews, false)
    }

    func testAwakeAfterReturningSelfOnlyIsNotASubstitution() {
        let index = SourceFixture.index(swift: """
        class Plain: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? { return super.awakeAfter(using: coder) }
        }
        """)
        XCTAssertEqual(index.awakeAfter(of: "Plain")?.returnsNibLoadedObject, false)
        XCTAssertEqual(index.awakeAfter(of: "Plain")?.returnsSuper, true)
        XCTAssertEqual(index.awakeAfter(of: "Plain")?.returnsOtherObject, false)
    }

    func testReturningSuperIsToldApartFromReturningAHelpersResult() throws {
        let swift = SourceFixture.index(swift: """
        class Helped: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                guard subviews.isEmpty else { return super.awakeAfter(using: coder) }
                return nibLoader.awakeAfter(using: coder, super.awakeAfter(using: coder))
            }
        }
        class Wrapped: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? { (super.awakeAfter(using: coder)) as? Wrapped }
        }
        """)
        let helped = try XCTUnwrap(swift.awakeAfter(of: "Helped"))
        XCTAssertEqual([helped.returnsSuper, helped.returnsOtherObject, helped.returnsSelf, helped.returnsNibLoadedObject], [true, true, false, false])
        let objc = SourceFixture.index(objc: """
        @implementation Plain
        - (id)awakeAfterUsingCoder:(NSCoder *)coder { return (id)[super awakeAfterUsingCoder:coder]; }
        @end
        @implementation Swapped
        - (id)awakeAfterUsingCoder:(NSCoder *)coder { if (self.loaded) { return self; } return [Swapped loadFromNib]; }
        @end
        @implementation Empty
        - (id)awakeAfterUsingCoder:(NSCoder *)coder { return nil; }
        @end
        """)
        let plain = try XCTUnwrap(objc.awakeAfter(of: "Plain"))
        XCTAssertEqual([plain.returnsSuper, plain.returnsOtherObject, plain.returnsSelf], [true, false, false])
        let swapped = try XCTUnwrap(objc.awakeAfter(of: "Swapped"))
        XCTAssertEqual([swapped.returnsSuper, swapped.returnsOtherObject, swapped.returnsSelf], [false, true, true])
        let empty = try XCTUnwrap(objc.awakeAfter(of: "Empty"))
        XCTAssertEqual([empty.returnsSuper, empty.returnsOtherObject, empty.returnsSelf], [false, false, false])
    }

    /// Swift 1/2 spell the override `awakeAfterUsingCoder(aDecoder:)` (no first label),
    /// `constraints` and `translatesAutoresizingMaskIntoConstraints` as methods and set them
    /// with `setX(_:)`: the summary reads them as the Swift 3+ spellings. With Swift 3+ known,
    /// `awakeAfterUsingCoder(aDecoder:)` is another method, and a setter call that passes a
    /// constant copies nothing.
    func testSwift2SpellingsReadLikeSwift3() throws {
        let source = """
        class CardView: UIView {
            override func awakeAfterUsingCoder(aDecoder: NSCoder) -> AnyObject? {
                let view = NSBundle.mainBundle().loadNibNamed("CardView", owner: nil, options: nil).first as! CardView
                view.setTranslatesAutoresizingMaskIntoConstraints(self.translatesAutoresizingMaskIntoConstraints())
                view.setFrame(frame)
                view.setHidden(true)
                self.constraints().forEach { constraint in
                    view.addConstraint(NSLayoutConstraint(item: constraint.firstItem === self ? view : constraint.firstItem,
                        attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: constraint.secondItem,
                        attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant))
                }
                return view
            }
        }
        """
        let unknown = try XCTUnwrap(SourceFixture.index(swift: source).awakeAfter(of: "CardView"))
        XCTAssertTrue(unknown.returnsNibLoadedObject)
        XCTAssertEqual(unknown.copiedAttributes, ["frame", "translatesAutoresizingMaskIntoConstraints"])
        XCTAssertEqual(unknown.constraintCopy?.itemMapping, .conditional)
        let swift2 = SourceIndexer(concurrency: 1, swiftVersions: SwiftVersionTable(fallback: SwiftLanguageVersion(major: 2, minor: 2)))
            .index(files: [SourceFixture.file("View.swift", source)])
        XCTAssertEqual(swift2.awakeAfter(of: "CardView")?.copiedAttributes, unknown.copiedAttributes)
        let swift4 = SourceIndexer(concurrency: 1, swiftVersions: SwiftVersionTable(fallback: SwiftLanguageVersion(major: 4, minor: 2)))
            .index(files: [SourceFixture.file("View.swift", source)])
        XCTAssertNil(swift4.awakeAfter(of: "CardView"), "awakeAfterUsingCoder(aDecoder:) overrides nothing in Swift 4")
    }

    /// A boolean literal set on the new view is a literal flag, not a copy; a value read
    /// from elsewhere is neither.
    func testLiteralFlagsAreKeptApartFromCopies() throws {
        let index = SourceFixture.index(objc: """
        @implementation CardView
        - (id)awakeAfterUsingCoder:(NSCoder *)coder {
            CardView *view = [[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] firstObject];
            view.translatesAutoresizingMaskIntoConstraints = NO;
            [view setHidden:YES];
            view.clipsToBounds = other.clipsToBounds;
            return view;
        }
        @end
        """)
        let summary = try XCTUnwrap(index.awakeAfter(of: "CardView"))
        XCTAssertEqual(summary.literalFlags, ["translatesAutoresizingMaskIntoConstraints": false, "hidden": true])
        XCTAssertEqual(summary.copiedAttributes, [])
    }

    /// An `awakeAfter` that returns `self.helper(…)`, `super.helper(…)` or `[self helper…]`
    /// of a `UIView` extension or category is read through the helper's body with `self` as
    /// the placeholder: its guard and copies. The same helper called on another object, or a
    /// type method, sees no placeholder.
    func testSubstitutionThroughAHelperReadsItsBodyWithSelfAsThePlaceholder() throws {
        let index = SourceFixture.index([
            ("UIView+Swap.swift", """
            extension UIView {
                func swapFromNib(_ coder: NSCoder, nibName: String) -> Any? {
                    if !subviews.isEmpty { return self }
                    let view = Bundle.main.loadNibNamed(nibName, owner: nil, options: nil)!.first as! UIView
                    view.frame = frame
                    view.autoresizingMask = self.autoresizingMask
                    view.translatesAutoresizingMaskIntoConstraints = false
                    for constraint in constraints {
                        let first = constraint.firstItem === self ? view : constraint.firstItem
                        view.addConstraint(NSLayoutConstraint(item: first as Any, attribute: constraint.firstAttribute, relatedBy: constraint.relation,
                            toItem: constraint.secondItem, attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant))
                    }
                    return view
                }
            }
            """),
            ("UIView+Swap.m", """
            @implementation UIView (Swap)
            - (id)swapWithNibNamed:(NSString *)name {
                UIView *view = [[[NSBundle mainBundle] loadNibNamed:name owner:nil options:nil] firstObject];
                view.frame = self.frame;
                return view;
            }
            @end
            """),
            ("Views.swift", """
            class CardView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? { return self.swapFromNib(coder, nibName: "CardView") }
            }
            class BadgeView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? { super.swapFromNib(coder, nibName: "BadgeView") }
            }
            class RowView: UIView {
                let loader = UIView()
                override func awakeAfter(using coder: NSCoder) -> Any? { return loader.swapFromNib(coder, nibName: "RowView") }
            }
            """),
            ("Views.m", """
            @implementation PanelView
            - (id)awakeAfterUsingCoder:(NSCoder *)coder { return [super swapWithNibNamed:@"PanelView"]; }
            @end
            """),
        ])
        let card = try XCTUnwrap(index.awakeAfter(of: "CardView"))
        XCTAssertTrue(card.returnsNibLoadedObject)
        XCTAssertEqual(card.guardKind, .subviewsCount)
        XCTAssertEqual(card.copiedAttributes, ["autoresizingMask", "frame"])
        XCTAssertEqual(card.literalFlags, ["translatesAutoresizingMaskIntoConstraints": false])
        XCTAssertEqual(card.constraintCopy?.itemMapping, .conditional)
        XCTAssertEqual(card.copyHelper, "swapFromNib:nibName:")
        XCTAssertEqual(index.awakeAfter(of: "BadgeView")?.copiedAttributes, ["autoresizingMask", "frame"])
        XCTAssertEqual(index.awakeAfter(of: "PanelView")?.copiedAttributes, ["frame"])
        let row = try XCTUnwrap(index.awakeAfter(of: "RowView"))
        XCTAssertEqual(row.copiedAttributes, [])
        XCTAssertEqual(row.guardKind, AwakeAfterSummary.Guard.none)
        XCTAssertNil(row.constraintCopy)
    }

    /// A placeholder handed as an argument to a project helper that loads the nib is read
    /// through that helper (what it copies from the parameter is known), so the call is no
    /// unread hand-off; one handed to code the project does not hold still is.
    func testAPlaceholderHandedToAReadHelperIsNotAnUnreadHandOff() throws {
        let index = SourceFixture.index([
            ("ViewLoading.swift", """
            extension UIView {
                class func replaceWithNib<T: UIView>(_ original: T) -> T {
                    if original.subviews.count == 0 {
                        let view = UINib(nibName: String(describing: T.self), bundle: nil).instantiate(withOwner: nil)[0] as! T
                        view.frame = original.frame
                        view.translatesAutoresizingMaskIntoConstraints = false
                        return view
                    }
                    return original
                }
            }
            """),
            ("Views.swift", """
            class ScoreView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? { return UIView.replaceWithNib(self) }
            }
            class GridView: UIView {
                override func awakeAfter(using coder: NSCoder) -> Any? { return NibSwapper.swap(self) }
            }
            """),
        ])
        let score = try XCTUnwrap(index.awakeAfter(of: "ScoreView"))
        XCTAssertEqual(score.unreadHandoffs, [])
        XCTAssertEqual(score.copiedAttributes, ["frame"])
        XCTAssertNil(score.constraintCopy, "the helper copies no constraint, and that was read")
        XCTAssertEqual(score.guardKind, .subviewsCount)
        let grid = try XCTUnwrap(index.awakeAfter(of: "GridView"))
        XCTAssertEqual(grid.unreadHandoffs, ["swap"], "NibSwapper is not in the project: what it copies is not known")
    }

    /// Only one `return` of a variable says where a repair's copy line goes: a returned
    /// expression, or two returns of the new view, say nothing.
    func testTheReturnedVariableIsKeptOnlyWhenOneReturnNamesIt() throws {
        let expression = SourceFixture.index(swift: """
        class CardView: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                return Bundle.main.loadNibNamed("CardView", owner: nil)!.first as! CardView
            }
        }
        """)
        XCTAssertNil(try XCTUnwrap(expression.awakeAfter(of: "CardView")).returnedVariable)
        let twoReturns = SourceFixture.index(swift: """
        class CardView: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                let view = Bundle.main.loadNibNamed("CardView", owner: nil)!.first as! CardView
                if tag == 1 { return view }
                let other = Bundle.main.loadNibNamed("CardView", owner: nil)!.first as! CardView
                return other
            }
        }
        """)
        XCTAssertNil(try XCTUnwrap(twoReturns.awakeAfter(of: "CardView")).returnedVariable)
    }
}
