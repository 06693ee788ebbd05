import UIKit

class ViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        //使用类型方法创建
        let viewView = CustomView_View.newInstance()
        viewView.frame = CGRect(x: 50, y: 400, width: 200, height: 100)
        view.addSubview(viewView)
        //使用协议扩展创建, 类型方法
        let other = CustomView_View.loadNib()
        other.frame = CGRect(x: 50, y: 510, width: 200, height: 100)
        view.addSubview(other)
    }
}
