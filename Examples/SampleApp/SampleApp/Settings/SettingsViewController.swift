import UIKit

/// A view-controller nib. The initializer names "SettingsView", but the file is
/// SettingsViewController.xib: "Could not load NIB in bundle".
final class SettingsViewController: UIViewController {
    @IBOutlet weak var versionLabel: UILabel!

    init() {
        super.init(nibName: "SettingsView", bundle: nil)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    @IBAction func close(_ sender: Any) {
        dismiss(animated: true)
    }
}
