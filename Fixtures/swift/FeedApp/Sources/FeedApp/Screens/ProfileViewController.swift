import UIKit
import DTTableViewManager

final class ProfileViewController: UIViewController, DTTableViewManageable {
    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var avatarView: UIImageView!

    var author: Author?
    var posts: [Post] = []
    var details: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = author?.name

        manager.didSelect(PostCell.self) { cell, model, indexPath in
            cell.setSelected(false, animated: true)
        }
        manager.register(PostCell.self)
        manager.heightForCell(withItem: Post.self) { post, indexPath in 80 }
        manager.configureEvents(for: PostCell.self) { cellType, modelType in
            manager.willDisplay(cellType) { _, _, _ in }
        }
        manager.register(PlainCell.self, for: String.self) { mapping in
            mapping.condition = .section(2)
        } handler: { cell, model, indexPath in
            cell.textLabel?.text = model
        }

        manager.memoryStorage.setItems(posts, forSection: 0)
        manager.memoryStorage.setItems(details, forSection: 2)
    }
}
