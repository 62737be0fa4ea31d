import UIKit
import DTTableViewManager

final class TestScreen: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(TestCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
        manager.register(TestCell.self) { mapping in
            mapping.reuseIdentifier = "same"
        }
    }
}

final class TestCell: UITableViewCell, ModelTransfer {
    func update(with model: Int) {}
}
