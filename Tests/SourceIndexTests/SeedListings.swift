import Foundation
import TestSupport

/// The code listings of the seed articles (/work/shared/seeds/), cut out of the article
/// text at test time between their first and last lines, so that the tests index exactly
/// what each article shows and the code is not copied into the repository. A listing the
/// article no longer holds is empty (``testEveryListingIsCutFromItsArticle`` fails).
enum SeedListings {
    static let seed000Step1 = listing("000", from: "@implementation MyCustomView",
        through: "@end")
    static let seed000GuardA = listing("000", from: "@interface MyCustomView : UIView",
        through: "@end")
    static let seed000GuardB = listing("000", from: "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    if(self.subviews.count > 0) {",
        through: "    }\n}")
    static let seed000GuardC = listing("000", from: "static BOOL _loadingXib = NO;",
        through: "    }\n}")
    static let seed000GuardDHeader = listing("000", from: "@interface MyCustomView : UIView\n@end")
    static let seed000GuardDImplementation = listing("000", from: "#import \"MyCustomView.h\"",
        through: "    return self;\n}\n@end")
    static let seed000GuardE = listing("000", from: "@interface MyCustomViewProto : MyCustomView",
        through: "}\n@end")
    static let seed000Step3 = listing("000", from: "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    typeof(self) view = [[[NSBundle mainBundle] loadNibNamed:NSStringFromClass([self class])",
        through: "    return view;\n}")
    static let seed000Category = listing("000", from: "#import <UIKit/UIKit.h>",
        through: "    [self addConstraints:constraints];\n}\n")
    static let seed000CategoryUse = listing("000", from: "@interface MyCustomViewProto : MyCustomView\n@end\n\n@implementation MyCustomViewProto",
        through: "@end")
    static let seed001First = listing("001", from: "class MyCustomEmbeddableView: MyCustomView {",
        through: "}\n}")
    static let seed001Second = listing("001", from: "class MyCustomEmbeddableView: MyCustomView {\noverride func awakeAfter(using aDecoder: NSCoder) -> Any? {\nlet newView = (UIView.instantiateViewFromNib(\"MyCustomView\") as MyCustomView?)!",
        through: "return newView as Any\n}\n}")
    static let seed001Helper = listing("001", from: "extension UIView {",
        through: "return nil\n}\n}")
    static let seed002Method1 = listing("002", from: "@IBOutlet var contentView: UIView!//xib 中的 View 拉为约束 contentView",
        through: "addSubview(contentView)\n}")
    static let seed002Method2 = listing("002", from: "protocol NibLoadableProtocol { }",
        through: "extension CustomView_Fileowner: NibLoadableProtocol { }")
    static let seed002Method2Members = listing("002", from: "@IBOutlet var contentView: UIView!\n@IBOutlet weak var label: UILabel!",
        through: "contentView = loadNibFileOwner()\n}")
    static let seed002ViewFactory = listing("002", from: "class func newInstance() -> CustomView_View {",
        through: "return Bundle.main.loadNibNamed(\"CustomView_View\", owner: nil, options: nil)?.first as! CustomView_View\n}")
    static let seed002ViewFactoryUse = listing("002", from: "// Controller 中",
        through: "view.addSubview(viewView)")
    static let seed002ViewProtocol = listing("002", from: "protocol NibLoadableProtocol { }\nextension NibLoadableProtocol where Self : UIView {\n/*",
        through: "extension CustomView_View: NibLoadableProtocol { }")
    static let seed002ViewProtocolUse = listing("002", from: "//使用协议扩展创建, 类型方法",
        through: "let viewView = CustomView_View.loadNib()")
    static let seed003CustomView1Header = listing("003", from: "@interface CustomView1 : UIView",
        through: "@end")
    static let seed003CustomView1 = listing("003", from: "#import \"CustomView1.h\"",
        through: "    NSLog(@\"tapped.\");\n}")
    static let seed003CustomView1InitWithFrame = listing("003", from: "- (id)initWithFrame:(CGRect)frame",
        through: "    return self;\n}")
    static let seed003CustomView2Header = listing("003", from: "@interface CustomView2 : UIView",
        through: "@end")
    static let seed003CustomView2 = listing("003", from: "#import \"CustomView2.h\"",
        through: "    NSLog(@\"tapped.\");\n}")
    static let seed004CategoryHeader = listing("004", from: "#import <UIKit/UIKit.h>",
        through: "@end")
    static let seed004Category = listing("004", from: "#import \"UIView+LoadNib.h\"",
        through: "@end")
    static let seed004MyCustomView = listing("004", from: "#import \"MyCustomView.h\"",
        through: "@end")

    /// Every listing, for tests that mutate them.
    static let all: [String] = [
        seed000Step1,
        seed000GuardA,
        seed000GuardB,
        seed000GuardC,
        seed000GuardDHeader,
        seed000GuardDImplementation,
        seed000GuardE,
        seed000Step3,
        seed000Category,
        seed000CategoryUse,
        seed001First,
        seed001Second,
        seed001Helper,
        seed002Method1,
        seed002Method2,
        seed002Method2Members,
        seed002ViewFactory,
        seed002ViewFactoryUse,
        seed002ViewProtocol,
        seed002ViewProtocolUse,
        seed003CustomView1Header,
        seed003CustomView1,
        seed003CustomView1InitWithFrame,
        seed003CustomView2Header,
        seed003CustomView2,
        seed004CategoryHeader,
        seed004Category,
        seed004MyCustomView,
    ]

    /// The article texts by seed number ("000"…"004"), read once.
    private static let articles: [String: String] = {
        let folder = Fixtures.seedsDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.reduce(into: [:]) { articles, name in
            guard name.count > 4, let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else { return }
            articles[String(name.prefix(3))] = text
        }
    }()

    /// The text of seed `seed` from the first `start` through the first `end` after it (both
    /// included; `start` alone without `end`); empty when the article does not hold them.
    private static func listing(_ seed: String, from start: String, through end: String? = nil) -> String {
        guard let text = articles[seed], let lower = text.range(of: start) else { return "" }
        guard let end else { return String(text[lower]) }
        guard let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return "" }
        return String(text[lower.lowerBound..<upper.upperBound])
    }
}
