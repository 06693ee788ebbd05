import UIKit

/// Loaded through File's Owner: the xib's owner is ProfileCardView and its root view is
/// connected to `contentView`.
final class ProfileCardView: UIView {
    @IBOutlet var contentView: UIView!
    @IBOutlet weak var nameLabel: UILabel!

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        Bundle.main.loadNibNamed("ProfileCardView", owner: self, options: nil)
        addSubview(contentView)
    }

    @IBAction func follow(_ sender: Any) {}
}
