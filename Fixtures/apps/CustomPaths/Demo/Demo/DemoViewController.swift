import UIKit
import DTTableViewManager

final class DemoViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(DemoCell.self)
    }
}

struct Demo {}

final class DemoCell: UITableViewCell, ModelTransfer {
    func update(with model: Demo) {}
}
