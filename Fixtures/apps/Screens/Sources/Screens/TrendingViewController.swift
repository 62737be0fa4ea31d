import UIKit
import DTTableViewManager

/// A popular post that is also pinned matches both registrations: the first one wins.
final class TrendingViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PopularCell.self) { mapping in
            mapping.condition = mapping.modelCondition { _, post in post.likes > 100 }
        }
        manager.register(PinnedCell.self) { mapping in
            mapping.condition = mapping.modelCondition { _, post in post.isPinned }
        }
    }
}

final class PopularCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}

final class PinnedCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}
