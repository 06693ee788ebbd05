import UIKit

/// Lists posts in cells designed in FeedCell.xib (a cell nib registered in code).
final class FeedViewController: UITableViewController {
    private let posts = ["Hello", "World"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UINib(nibName: "FeedCell", bundle: nil), forCellReuseIdentifier: "FeedCell")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        posts.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "FeedCell", for: indexPath) as! FeedCell
        cell.titleLabel.text = posts[indexPath.row]
        return cell
    }

    @IBAction func openSettings(_ sender: Any) {
        navigationController?.pushViewController(SettingsViewController(), animated: true)
    }
}
