import UIKit
import DTTableViewManager

final class ShelfViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(MovieCell.self) { mapping in
            mapping.didSelect { _, _, _ in }
            mapping.trailingSwipeActionsConfiguration { _, _, _ in nil }
        }
        manager.registerHeader(ShelfHeader.self) { mapping in
            mapping.heightForHeader { _, _ in 44 }
        }
    }
}

struct Movie {}

final class MovieCell: UITableViewCell, ModelTransfer {
    func update(with model: Movie) {}
}

final class ShelfHeader: UIView, ModelTransfer {
    func update(with model: String) {}
}
