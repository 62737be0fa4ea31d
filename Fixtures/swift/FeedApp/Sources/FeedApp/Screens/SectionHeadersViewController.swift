import UIKit
import DTTableViewManager

final class SectionHeadersViewController: UIViewController, DTTableViewManageable {
    @IBOutlet weak var tableView: UITableView!

    var todayPosts: [Post] = []
    var earlierPosts: [Post] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.sectionHeaderHeight = UITableView.automaticDimension
        registerViews()

        manager.memoryStorage.setSectionHeaderModels(["Today", "Earlier"])
        manager.memoryStorage.setSectionFooterModels(["\(todayPosts.count) posts", "End of feed"])
        manager.memoryStorage.setItems(todayPosts, forSection: 0)
        manager.memoryStorage.setItems(earlierPosts, forSection: 1)
    }

    private func registerViews() {
        manager.registerHeader(SectionTitleView.self)
        manager.registerFooter(SectionTitleView.self) { $0.xibName = "SectionFooterView" }
        manager.register(PostCell.self) { mapping in
            mapping.condition = .custom { indexPath, model in indexPath.section > 0 }
            mapping.reuseIdentifier = "post-cell"
        }
    }
}
