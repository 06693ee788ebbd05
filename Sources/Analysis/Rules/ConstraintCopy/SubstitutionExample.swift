/// Builds the mini-projects of the substitution rules' examples: a `CardView` with its nib, a
/// `CardViewProto` placeholder subclass whose `awakeAfter` swaps itself for the nib's view,
/// and a storyboard placing `CardViewProto`. Each example varies one piece, so a triggering
/// and a non-triggering example differ only where the rule looks.
enum SubstitutionExample {
    /// The width and height constraints installed on the placement.
    static let sizeConstraints = """
    <constraint firstAttribute="width" constant="240" id="Crd-Wid-001"/>
    <constraint firstAttribute="height" constant="128" id="Crd-Hei-001"/>
    """

    /// A label inside the placement.
    static let labelSubview = """
    <subviews>
        <label text="Badge" translatesAutoresizingMaskIntoConstraints="NO" id="Bdg-00-001"/>
    </subviews>
    """

    /// Swift: copies frame, autoresizing mask and translation flag from the placeholder.
    static let swiftLayoutCopy = """
    view.frame = frame
    view.autoresizingMask = autoresizingMask
    view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
    """

    /// Swift: moves the placeholder's subviews.
    static let swiftSubviewMove = """
    for subview in subviews {
        view.addSubview(subview)
    }
    """

    /// Swift: re-creates the placeholder's constraints, replacing only the placeholder.
    static let swiftConstraintCopy = """
    for constraint in constraints {
        let first = constraint.firstItem === self ? view : constraint.firstItem
        let second = constraint.secondItem === self ? view : constraint.secondItem
        let copy = NSLayoutConstraint(item: first as Any, attribute: constraint.firstAttribute, relatedBy: constraint.relation, toItem: second, attribute: constraint.secondAttribute, multiplier: constraint.multiplier, constant: constraint.constant)
        copy.priority = constraint.priority
        copy.identifier = constraint.identifier
        view.addConstraint(copy)
    }
    """

    /// Objective-C: seed 000 step 3, layout properties.
    static let objcLayoutCopy = """
    view.frame = self.frame;
    view.autoresizingMask = self.autoresizingMask;
    view.translatesAutoresizingMaskIntoConstraints = self.translatesAutoresizingMaskIntoConstraints;
    """

    /// Objective-C: seed 000 step 3, subviews.
    static let objcSubviewMove = """
    for (UIView *subview in self.subviews) {
        [view addSubview:subview];
    }
    """

    /// Objective-C: seed 000 step 3's constraint loop (no priority, no identifier).
    static let objcConstraintCopy = """
    for (NSLayoutConstraint *constraint in self.constraints) {
        id firstItem = constraint.firstItem;
        id secondItem = constraint.secondItem;
        if (firstItem == self) firstItem = view;
        if (secondItem == self) secondItem = view;
        [view addConstraint:[NSLayoutConstraint constraintWithItem:firstItem attribute:constraint.firstAttribute relatedBy:constraint.relation toItem:secondItem attribute:constraint.secondAttribute multiplier:constraint.multiplier constant:constraint.constant]];
    }
    """

    /// Swift sources: `CardView` and the `CardViewProto` override with `body` after the load.
    static func swiftSource(_ body: String) -> RuleExample.File {
        .init("App/CardView.swift", """
        import UIKit

        class CardView: UIView {
            @IBOutlet weak var titleLabel: UILabel!
        }

        final class CardViewProto: CardView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
                let view = Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! CardView
        \(indented(body, by: 8))
                return view
            }
        }
        """)
    }

    /// Objective-C header and implementation of the same classes.
    static func objcSources(_ body: String) -> [RuleExample.File] {
        [
            .init("App/CardView.h", """
            #import <UIKit/UIKit.h>

            @interface CardView : UIView
            @property (weak, nonatomic) IBOutlet UILabel *titleLabel;
            @end

            @interface CardViewProto : CardView
            @end
            """),
            .init("App/CardView.m", """
            #import "CardView.h"

            @implementation CardView
            @end

            @implementation CardViewProto
            - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
                CardView *view = [[[NSBundle mainBundle] loadNibNamed:@"CardView" owner:nil options:nil] firstObject];
            \(indented(body, by: 4))
                return view;
            }
            @end
            """),
        ]
    }

    /// `CardView.xib`: a `CardView` root with a title label; `rootAttributes` are added to the
    /// root element (e.g. `translatesAutoresizingMaskIntoConstraints="NO"`).
    static func nib(swift: Bool, rootAttributes: String = "") -> RuleExample.File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        return .init("App/CardView.xib", """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Cv0-00-001" customClass="CardView"\(module)\(rootAttributes.isEmpty ? "" : " " + rootAttributes)>
                    <rect key="frame" x="0.0" y="0.0" width="320" height="160"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-00-001"/>
                    </subviews>
                    <constraints>
                        <constraint firstItem="Ttl-00-001" firstAttribute="centerX" secondItem="Cv0-00-001" secondAttribute="centerX" id="Ttl-Cx0-001"/>
                        <constraint firstItem="Ttl-00-001" firstAttribute="centerY" secondItem="Cv0-00-001" secondAttribute="centerY" id="Ttl-Cy0-001"/>
                    </constraints>
                    <connections>
                        <outlet property="titleLabel" destination="Ttl-00-001" id="Ttl-Out-001"/>
                    </connections>
                </view>
            </objects>
        </document>
        """)
    }

    /// `Main.storyboard` with one scene whose view holds a `CardViewProto` placement.
    /// - Parameters:
    ///   - attributes: attributes of the placement element besides class and id.
    ///   - content: children of the placement after its frame (constraints, subviews…).
    ///   - controller: children of the view controller after its view (e.g. connections).
    ///   - pinned: whether the superview pins the placement with leading and top constraints.
    static func storyboard(swift: Bool, attributes: String = #"contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO""#,
                           content: String = "<constraints>\n\(sizeConstraints)\n</constraints>", controller: String = "",
                           pinned: Bool = true) -> RuleExample.File {
        let superviewConstraints = pinned ? """

                                <constraints>
                                    <constraint firstItem="Crd-00-001" firstAttribute="leading" secondItem="Vw0-00-001" secondAttribute="leading" constant="16" id="Crd-Lea-001"/>
                                    <constraint firstItem="Crd-00-001" firstAttribute="top" secondItem="Vw0-00-001" secondAttribute="top" constant="80" id="Crd-Top-001"/>
                                </constraints>
        """ : ""
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        return .init("App/Main.storyboard", """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="Vc0-00-001">
            <scenes>
                <scene sceneID="Scn-00-001">
                    <objects>
                        <viewController id="Vc0-00-001" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="Vw0-00-001">
                                <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                                <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                <subviews>
                                    <view \(attributes) id="Crd-00-001" customClass="CardViewProto"\(module)>
                                        <rect key="frame" x="16" y="80" width="240" height="128"/>
        \(indented(content, by: 32))
                                    </view>
                                </subviews>\(superviewConstraints)
                            </view>
        \(indented(controller, by: 20))
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="Fr0-00-001" userLabel="First Responder" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """)
    }

    /// A Swift example: sources, nib and storyboard.
    static func swift(_ title: String, body: String, storyboard: RuleExample.File? = nil, nib: RuleExample.File? = nil) -> RuleExample {
        RuleExample(title, files: [swiftSource(body), nib ?? self.nib(swift: true), storyboard ?? self.storyboard(swift: true)])
    }

    /// An Objective-C example: header, implementation, nib and storyboard.
    static func objc(_ title: String, body: String, storyboard: RuleExample.File? = nil, nib: RuleExample.File? = nil) -> RuleExample {
        RuleExample(title, files: objcSources(body) + [nib ?? self.nib(swift: false), storyboard ?? self.storyboard(swift: false)])
    }

    /// A Swift example whose override hands the decoded object to a `UIView` extension
    /// helper, `return <receiver>.swapFromNib(coder, nibName: "CardView")`, that does `body`
    /// after its load: with `self` as the receiver, `self` in the helper is the placeholder.
    static func swiftThroughHelper(_ title: String, receiver: String, body: String, storyboard: RuleExample.File) -> RuleExample {
        swiftWithHelper(title, helper: """
            func swapFromNib(_ coder: NSCoder, nibName: String) -> Any? {
                let view = Bundle.main.loadNibNamed(nibName, owner: nil, options: nil)?.first as! UIView
            \(indented(body, by: 4))
                return view
            }
            """, call: "\(receiver).swapFromNib(coder, nibName: \"CardView\")", storyboard: storyboard)
    }

    /// A Swift example whose override hands the placeholder as an argument to a `UIView`
    /// type method, `return UIView.swapped(self)`, that does `body` after its load with the
    /// placeholder as `placeholder`.
    static func swiftHandingSelfToHelper(_ title: String, severity: Severity? = nil, body: String) -> RuleExample {
        swiftWithHelper(title, severity: severity, helper: """
            class func swapped(_ placeholder: UIView) -> UIView {
                let view = Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first as! UIView
            \(indented(body, by: 4))
                return view
            }
            """, call: "UIView.swapped(self)", storyboard: storyboard(swift: true))
    }

    /// `CardView`, a `UIView` extension holding `helper`, and `CardViewProto` whose override
    /// returns `call`; with the nib and `storyboard`.
    private static func swiftWithHelper(_ title: String, severity: Severity? = nil, helper: String, call: String,
                                        storyboard: RuleExample.File) -> RuleExample {
        RuleExample(title, severity: severity, files: [.init("App/CardView.swift", """
        import UIKit

        class CardView: UIView {
            @IBOutlet weak var titleLabel: UILabel!
        }

        extension UIView {
        \(indented(helper, by: 4))
        }

        final class CardViewProto: CardView {
            let loader = UIView()
            override func awakeAfter(using coder: NSCoder) -> Any? {
                return \(call)
            }
        }
        """), nib(swift: true), storyboard])
    }

    /// `text` with every line but empty ones indented by `count` spaces.
    static func indented(_ text: String, by count: Int) -> String {
        let padding = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : padding + $0 }
            .joined(separator: "\n")
    }
}

extension RuleExample.File {
    /// The same file with every `customClass="old"` naming `new` instead.
    func replacingClass(_ old: String, with new: String) -> RuleExample.File {
        .init(path, text.replacingOccurrences(of: "customClass=\"\(old)\"", with: "customClass=\"\(new)\""))
    }
}
