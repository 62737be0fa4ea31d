import UIKit
import DTTableViewManager

/// "Your posts" and "Drafts" sections, each with its own cell.
final class SettingsViewController: UIViewController, DTTableViewManageable {
    @IBOutlet weak var tableView: UITableView!

    var publishedPosts: [Post] = []
    var drafts: [Post] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"

        manager.register(PostCell.self) { $0.condition = .section(0) }
        manager.register(CompactPostCell.self) { $0.condition = .section(1) }

        manager.memoryStorage.setItems(publishedPosts, forSection: 0)
        manager.memoryStorage.setItems(drafts, forSection: 1)
    }
}
