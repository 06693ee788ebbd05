import UIKit

class CustomView_View: UIView {
    @IBOutlet weak var label: UILabel!

    //类方法, owner 为 nil
    class func newInstance() -> CustomView_View {
        return Bundle.main.loadNibNamed("CustomView_View", owner: nil, options: nil)?.first as! CustomView_View
    }
}

protocol NibLoadableProtocol { }

extension NibLoadableProtocol where Self : UIView {
    //类型方法
    static func loadNib(_ nibNmae: String? = nil) -> Self {
        return Bundle.main.loadNibNamed(nibNmae ?? "\(self)", owner: nil, options: nil)?.first as! Self
    }
}

extension CustomView_View: NibLoadableProtocol { }
