import UIKit

class CustomView_Fileowner: UIView {
    @IBOutlet var contentView: UIView!//xib 中的 View 拉为约束 contentView
    @IBOutlet weak var label: UILabel!

    //代码创建, 执行此方法, 不执行 init?(coder aDecoder: NSCoder)
    override init(frame: CGRect) {
        super.init(frame: frame)
        awakeFromNib()
    }

    //添加在 storyboard 上, 执行此方法
    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        setupContentView()
    }

    func setupContentView() {
        //owner 一定要为 self, 不能为 nil
        let contentView = Bundle.main.loadNibNamed("CustomView_Fileowner", owner: self, options: nil)?.first as! UIView
        contentView.frame = self.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
}
