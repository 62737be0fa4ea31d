import UIKit
import DTTableViewManager

final class ListViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(RowCell.self) { mapping in
            mapping.reuseIdentifier = "row"
        }
        manager.register(OtherRowCell.self) { mapping in
            mapping.reuseIdentifier = "row"
        }
    }
}

struct Row {}

final class RowCell: UITableViewCell, ModelTransfer {
    func update(with model: Row) {}
}

final class OtherRowCell: UITableViewCell, ModelTransfer {
    func update(with model: Row) {}
}
