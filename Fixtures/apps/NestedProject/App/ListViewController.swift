import UIKit
import DTTableViewManager

final class ListViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(RowCell.self)
    }
}

struct Row {}

final class RowCell: UITableViewCell, ModelTransfer {
    func update(with model: Row) {}
}
