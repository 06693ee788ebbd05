import UIKit

/// Lays its tags out in code; placed in the storyboard without a nib of its own.
final class TagListView: UIView {
    var tags: [String] = [] {
        didSet { setNeedsLayout() }
    }

    @IBInspectable var tagSpacing: CGFloat = 8
}
