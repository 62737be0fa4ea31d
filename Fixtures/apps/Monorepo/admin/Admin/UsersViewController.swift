import UIKit
import DTTableViewManager

final class UsersViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(UserCell.self) { mapping in
            mapping.reuseIdentifier = "user"
        }
        manager.register(AdminCell.self) { mapping in
            mapping.reuseIdentifier = "user"
        }
    }
}

struct User {}

final class UserCell: UITableViewCell, ModelTransfer {
    func update(with model: User) {}
}

final class AdminCell: UITableViewCell, ModelTransfer {
    func update(with model: User) {}
}
