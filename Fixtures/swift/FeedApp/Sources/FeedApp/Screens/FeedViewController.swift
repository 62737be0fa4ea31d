import UIKit
import DTTableViewManager

final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    var items: [FeedItem] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView = UITableView(frame: view.bounds, style: .plain)
        tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(tableView)

        manager.register(PostCell.self)
        manager.register(VideoPostCell.self, mapping: { mapping in
            mapping.condition = mapping.modelCondition { indexPath, post in
                post.containsVideo && post.likes > 10
            }
            mapping.didSelect { cell, model, indexPath in
                cell.setSelected(false, animated: true)
            }
            mapping.didSelect { cell, model, indexPath in
                print("Selected video post \(model.id) at \(indexPath)")
            }
        })
        manager.register(AdCell.self)

        manager.memoryStorage.setItems(items)
    }
}
