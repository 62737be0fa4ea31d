import UIKit
import DTTableViewManager

final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PostCell.self)
        manager.register(PostCell.self)
        manager.register(OtherPostCell.self)
    }
}
