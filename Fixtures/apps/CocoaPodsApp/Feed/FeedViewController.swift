import UIKit
import DTTableViewManager

final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PostCell.self) { mapping in
            mapping.reuseIdentifier = "post"
        }
        manager.register(OtherPostCell.self) { mapping in
            mapping.reuseIdentifier = "post"
        }
    }
}
