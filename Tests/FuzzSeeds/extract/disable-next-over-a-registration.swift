import UIKit
import DTTableViewManager
final class Post {}
final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
final class OtherCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!
    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PostCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
        // maplint:disable:next reuse-identifier-collision unreachable-registration
        manager.register(OtherCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
    }
}
