import UIKit
import DTTableViewManager

final class SettingsViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(ToggleCell.self)
        manager.register(SliderCell.self)
    }
}

struct Setting {}

final class ToggleCell: UITableViewCell, ModelTransfer {
    func update(with model: Setting) {}
}

final class SliderCell: UITableViewCell, ModelTransfer {
    func update(with model: Setting) {}
}
