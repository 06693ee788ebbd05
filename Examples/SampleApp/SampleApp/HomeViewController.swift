import UIKit

final class HomeViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let badge = BadgeView.make()
        view.addSubview(badge)
    }
}
