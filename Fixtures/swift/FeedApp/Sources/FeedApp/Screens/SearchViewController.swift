import UIKit
import DTTableViewManager

final class SearchViewController: UIViewController, DTTableViewManageable {
    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var searchBar: UISearchBar!

    var featureFlags = FeatureFlags()
    var pinned: Set<Int> = []
    var threshold = 50
    var results: [FeedItem] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        searchBar.placeholder = "Search posts"

        if featureFlags.showsAds {
            manager.register(AdCell.self)
        }
        for section in 0..<3 {
            manager.register(CompactPostCell.self) { $0.condition = .section(section) }
        }
        manager.register(PostCell.self) { mapping in
            mapping.condition = .custom { indexPath, model in
                guard let post = model as? Post else { return false }
                return self.pinned.contains(post.id)
            }
        }
        manager.register(VideoPostCell.self) { mapping in
            mapping.condition = mapping.modelCondition { _, post in post.likes > self.threshold }
        }
        manager.register(ThirdPartyBannerCell.self)
        FeedConfigurator.configure(manager)

        manager.memoryStorage.setItems(results)
    }
}
