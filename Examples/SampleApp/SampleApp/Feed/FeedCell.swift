import UIKit
import Kingfisher

/// A cell nib. `subtitleLabel` was renamed `detailLabel` in code but FeedCell.xib still
/// connects the old name: dequeuing the first cell raises "not key value coding-compliant".
final class FeedCell: UITableViewCell {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var detailLabel: UILabel!
    @IBOutlet weak var thumbnailView: AnimatedImageView!
}
