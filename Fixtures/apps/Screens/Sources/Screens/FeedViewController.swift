import UIKit
import DTTableViewManager

/// Specific first, general last: a video post gets VideoPostCell, every other post PostCell.
final class FeedViewController: UIViewController, DTTableViewManageable {
    var tableView: UITableView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(VideoPostCell.self)
        manager.register(PostCell.self)
    }
}

final class VideoPostCell: UITableViewCell, ModelTransfer {
    func update(with model: VideoPost) {}
}

final class PostCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}
