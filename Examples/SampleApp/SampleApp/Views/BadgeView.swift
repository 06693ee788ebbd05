import UIKit

/// A root-view-class nib: BadgeView.xib's top-level view is a BadgeView. The storyboard
/// places one directly, which leaves it empty, and `awakeAfter` swaps it without a guard.
final class BadgeView: UIView {
    @IBOutlet weak var countLabel: UILabel!

    static func make() -> BadgeView {
        return Bundle.main.loadNibNamed("BadgeView", owner: nil, options: nil)?.first as! BadgeView
    }

    override func awakeAfter(using coder: NSCoder) -> Any? {
        let view = Bundle.main.loadNibNamed("BadgeView", owner: nil, options: nil)?.first as! BadgeView
        view.frame = frame
        return view
    }
}
