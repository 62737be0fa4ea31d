import UIKit
import DTTableViewManager

final class ExampleViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(ExampleCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
        manager.register(ExampleCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
    }
}

final class ExampleCell: UITableViewCell, ModelTransfer {
    func update(with model: Int) {}
}
