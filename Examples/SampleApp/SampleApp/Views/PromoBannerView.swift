import UIKit

/// Placed in Main.storyboard and swapped for the nib's copy in `awakeAfter(using:)`;
/// the guard treats "has subviews" as "loaded from the xib" (seed 000 b).
final class PromoBannerView: UIView {
    @IBOutlet weak var messageLabel: UILabel!

    override func awakeAfter(using coder: NSCoder) -> Any? {
        guard subviews.isEmpty else { return self }
        let view = Bundle.main.loadNibNamed("PromoBannerView", owner: nil, options: nil)?.first as! PromoBannerView
        view.frame = frame
        view.autoresizingMask = autoresizingMask
        view.translatesAutoresizingMaskIntoConstraints = translatesAutoresizingMaskIntoConstraints
        return view
    }
}
