import DTStandIns

public final class FeedViewController: UIViewController, DTTableViewManageable {
    public var tableView: UITableView! = UITableView()

    override public func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PostCell.self) { mapping in
            mapping.reuseIdentifier = "FeedCell"
            mapping.didSelect { _ in }
            mapping.didSelect { _ in }
        }
        manager.register(AdCell.self) { mapping in
            mapping.reuseIdentifier = "FeedCell"
        }
    }
}
