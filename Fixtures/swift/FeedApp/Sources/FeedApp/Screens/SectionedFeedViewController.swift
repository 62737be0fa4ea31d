import UIKit
import DTTableViewManager

/// Recent posts use the regular layout, older ones the compact xib.
final class SectionedFeedViewController: UIViewController, DTTableViewManageable {
    @IBOutlet weak var tableView: UITableView!

    var recentPosts: [Post] = []
    var olderPosts: [Post] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        registerCells()
        manager.memoryStorage.setItems(recentPosts, forSection: 0)
        manager.memoryStorage.setItems(olderPosts, forSection: 1)
    }

    private func registerCells() {
        manager.register(PostCell.self) { mapping in
            mapping.condition = .section(0)
        }
        manager.register(PostCell.self) { mapping in
            mapping.condition = .section(1)
            mapping.xibName = "CompactPostCell"
        }
    }
}
