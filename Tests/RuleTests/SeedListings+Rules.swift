import Foundation
import TestSupport

/// The seed articles' code listings, cut out of the article files in
/// /work/shared/seeds/ at test time, so the tests analyse exactly what each article shows.
enum SeedCode {
    /// The text of the listing of seed `seed` that starts with `start` and ends with the first
    /// `end` after it (both included); empty when the article does not contain it.
    static func listing(_ seed: String, from start: String, through end: String) -> String {
        guard let text = article(seed), let lower = text.range(of: start),
              let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else { return "" }
        return String(text[lower.lowerBound..<upper.upperBound])
    }

    private static func article(_ seed: String) -> String? {
        let folder = Fixtures.seedsDirectory
        let name = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.first { $0.hasPrefix(seed + "_") }
        return name.flatMap { try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    static var seed000Step1: String {
        listing("000", from: "@implementation MyCustomView\n- (id)awakeAfterUsingCoder", through: "@end")
    }
    static var seed000GuardAHeader: String {
        listing("000", from: "@interface MyCustomView : UIView\n@property", through: "@end")
    }
    static var seed000GuardB: String {
        listing("000", from: "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    if(self.subviews", through: "\n}\n")
    }
    static var seed000GuardC: String { listing("000", from: "static BOOL _loadingXib", through: "\n}\n") }
    static var seed000GuardDHeader: String {
        listing("000", from: "MyCustomView.h :\n\n", through: "@end").replacingOccurrences(of: "MyCustomView.h :\n\n", with: "")
    }
    static var seed000GuardD: String {
        listing("000", from: "#import \"MyCustomView.h\"\n\n@implementation MyCustomView", through: "    return self;\n}\n@end")
    }
    static var seed000GuardE: String {
        listing("000", from: "@interface MyCustomViewProto : MyCustomView\n@end\n@implementation", through: "objectAtIndex:0];\n}\n@end")
    }
    static var seed000Step3: String {
        listing("000", from: "- (id)awakeAfterUsingCoder:(NSCoder *)aDecoder {\n    typeof(self) view", through: "return view;\n}")
    }
    static var seed000Category: String {
        listing("000", from: "#import <UIKit/UIKit.h>\n\n@interface UIView (loadFromNib)", through: "[self addConstraints:constraints];\n}") + "\n\n@end\n"
    }
    static var seed000CategoryUse: String {
        listing("000", from: "@interface MyCustomViewProto : MyCustomView\n@end\n\n@implementation", through: "return view;\n}\n@end")
    }
    static var seed001First: String {
        listing("001", from: "class MyCustomEmbeddableView: MyCustomView {\noverride func awakeAfter(using aDecoder: NSCoder) -> Any? {\nreturn", through: "\n}\n}")
    }
    static var seed001Second: String {
        listing("001", from: "class MyCustomEmbeddableView: MyCustomView {\noverride func awakeAfter(using aDecoder: NSCoder) -> Any? {\nlet", through: "return newView as Any\n}\n}")
    }
    static var seed001Helper: String { listing("001", from: "extension UIView {", through: "return nil\n}\n}") }
    static var seed002Method1: String { listing("002", from: "@IBOutlet var contentView: UIView!//", through: "addSubview(contentView)\n}") }
    static var seed002ViewFactory: String { listing("002", from: "class func newInstance()", through: "as! CustomView_View\n}") }
    static var seed003CustomView1Header: String { listing("003", from: "@interface CustomView1 : UIView", through: "@end") }
    static var seed003CustomView1: String {
        listing("003", from: "#import \"CustomView1.h\"", through: "NSLog(@\"tapped.\");\n}") + "\n\n"
            + listing("003", from: "- (id)initWithFrame:(CGRect)frame\n{\n    self = [[self class] view];", through: "return self;\n}") + "\n@end\n"
    }
    static var seed003CustomView2Header: String { listing("003", from: "@interface CustomView2 : UIView", through: "@end") }
    static var seed003CustomView2: String {
        listing("003", from: "#import \"CustomView2.h\"", through: "NSLog(@\"tapped.\");\n}") + "\n@end\n"
    }
    static var seed004CategoryHeader: String { listing("004", from: "#import <UIKit/UIKit.h>\n\n@interface UIView (LoadNib)", through: "@end") }
    static var seed004Category: String { listing("004", from: "#import \"UIView+LoadNib.h\"\n\n@implementation", through: "@end") }
    static var seed004MyCustomViewHeader: String { listing("004", from: "#import <UIKit/UIKit.h>\n\n@interface MyCustomView : UIView", through: "@end") }
    static var seed004MyCustomView: String { listing("004", from: "#import \"MyCustomView.h\"\n#import \"UIView+LoadNib.h\"", through: "@end") }
}
