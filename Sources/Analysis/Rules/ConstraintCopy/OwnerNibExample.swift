/// Builds the files-owner mini-projects of the examples (seeds 002 and 003): a view that
/// loads `<Name>.xib` with `owner: self` and adds the nib's view wired to `contentView`.
enum OwnerNibExample {
    /// Swift: `init(frame:)` and the chosen decoding method (`init(coder:)` or
    /// `awakeFromNib()`) call `loadContent()`, which loads the nib, applies `layout` and adds it.
    static func swiftView(_ name: String, loadingIn method: String = "init(coder:)", layout: String) -> RuleExample.File {
        let coderCall = method == "init(coder:)" ? "\n        loadContent()" : ""
        let awake = method == "awakeFromNib()" ? "\n\n    override func awakeFromNib() {\n        super.awakeFromNib()\n        loadContent()\n    }" : ""
        return .init("App/\(name).swift", """
        import UIKit

        final class \(name): UIView {
            @IBOutlet var contentView: UIView!

            override init(frame: CGRect) {
                super.init(frame: frame)
                loadContent()
            }

            required init?(coder: NSCoder) {
                super.init(coder: coder)\(coderCall)
            }\(awake)

            private func loadContent() {
                Bundle.main.loadNibNamed("\(name)", owner: self, options: nil)
        \(SubstitutionExample.indented(layout, by: 8))
                addSubview(contentView)
            }
        }
        """)
    }

    static func objcHeader(_ name: String) -> RuleExample.File {
        .init("App/\(name).h", """
        #import <UIKit/UIKit.h>

        @interface \(name) : UIView
        @property (strong, nonatomic) IBOutlet UIView *contentView;
        @end
        """)
    }

    /// Seed 003's `CustomView2`: `initWithCoder:` calls `p_commonInit`, which loads the nib
    /// named after the class, sets `frame = bounds` and adds the content view.
    static func objcImplementation(_ name: String) -> RuleExample.File {
        .init("App/\(name).m", """
        #import "\(name).h"

        @implementation \(name)
        - (instancetype)initWithCoder:(NSCoder *)aDecoder {
            self = [super initWithCoder:aDecoder];
            if (self) {
                [self p_commonInit];
            }
            return self;
        }

        - (void)p_commonInit {
            [[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class]) owner:self options:nil];
            self.contentView.frame = self.bounds;
            [self addSubview:self.contentView];
        }
        @end
        """)
    }

    /// Seed 002's layout: `frame = bounds` plus flexible width and height.
    static let swiftFillLayout = "contentView.frame = bounds\ncontentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]"

    static let flexibleMask = #"<autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>"#
    static let fixedMask = #"<autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>"#

    /// `<Name>.xib`: File's Owner `name` with `contentView` wired to a root view of class
    /// `rootClass` (none when `nil`) with autoresizing `mask`.
    static func nib(_ name: String, swift: Bool, rootClass: String? = nil, mask: String = flexibleMask) -> RuleExample.File {
        let module = swift ? #" customModule="App" customModuleProvider="target""# : ""
        let root = rootClass.map { #" customClass="\#($0)"\#(module)"# } ?? ""
        return .init("App/\(name).xib", """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(name)"\(module)>
                    <connections>
                        <outlet property="contentView" destination="Cnt-00-001" id="Cnt-Out-001"/>
                    </connections>
                </placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="Cnt-00-001"\(root)>
                    <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                    \(mask)
                </view>
            </objects>
        </document>
        """)
    }
}
