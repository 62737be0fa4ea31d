import UIKit
import DTTableViewManager

final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PostCell.self) { mapping in
            mapping.didSelect { _, _, _ in }
        }
    }
}

struct Post {}

final class PostCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}
