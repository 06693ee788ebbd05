/// Builds the mini-projects of the recursion rules' examples: seed 000's `MyCustomView` in
/// Objective-C, a Swift `CardView`, and their nibs.
enum RecursionExample {
    static let objcHeader = RuleExample.File("App/MyCustomView.h", """
    #import <UIKit/UIKit.h>

    @interface MyCustomView : UIView
    @property (assign, nonatomic) BOOL xib;
    @end

    @interface _NIB_MyCustomView : MyCustomView
    @end
    """)

    /// Seed 000 step 1: the unguarded substitution.
    static let objcStep1 = """
    #import "MyCustomView.h"

    @implementation MyCustomView
    - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
        return [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class])
                                              owner:nil
                                            options:nil] objectAtIndex:0];
    }
    @end
    """

    /// Seed 000 (d): the private subclass that ends the recursion.
    static let objcNibSubclass = """
    @implementation _NIB_MyCustomView
    - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
        return self;
    }
    @end
    """

    /// Seed 000 with one of its guards around the load: `condition` returns `self`.
    static func objcGuarded(_ condition: String, declarations: String = "", before: String = "", after: String = "") -> String {
        """
        #import "MyCustomView.h"

        \(declarations)
        @implementation MyCustomView
        - (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {
            if (\(condition)) {
                return self;
            }
        \(SubstitutionExample.indented(before, by: 4))
            MyCustomView *view = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:nil options:nil] objectAtIndex:0];
        \(SubstitutionExample.indented(after, by: 4))
            return view;
        }
        @end
        """
    }

    /// A Swift `CardView` substituting itself with the first object of `CardView.xib`.
    static func swiftCardView(guardLine: String = "", extra: String) -> String {
        """
        import UIKit

        class CardView: UIView {
            override func awakeAfter(using coder: NSCoder) -> Any? {
        \(SubstitutionExample.indented(guardLine, by: 8))
                return Bundle.main.loadNibNamed("CardView", owner: nil, options: nil)?.first
            }
        }
        \(extra)
        """
    }

    static let swiftNibSubclass = """

    final class NibCardView: CardView {
        override func awakeAfter(using coder: NSCoder) -> Any? {
            return self
        }
    }
    """

    /// A nib whose root view has class `rootClass` (none when empty); `rootContent` goes inside the root.
    static func cardNib(rootClass: String, swift: Bool, path: String = "App/CardView.xib", rootContent: String = "") -> RuleExample.File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let customClass = rootClass.isEmpty ? "" : #" customClass="\#(rootClass)"\#(module)"#
        return .init(path, """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Rt0-00-001"\(customClass)>
                    <rect key="frame" x="0.0" y="0.0" width="320" height="160"/>
                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                    <subviews>
                        <label text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="Ttl-00-001"/>
                    </subviews>
        \(SubstitutionExample.indented(rootContent, by: 12))
                </view>
            </objects>
        </document>
        """)
    }
}
