import UIKit
import DTCollectionViewManager

final class GalleryViewController: UIViewController, DTCollectionViewManageable {
    @IBOutlet weak var collectionView: UICollectionView!

    var posts: [Post] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.contentInset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        registerViews()
        useLargeCells()
        manager.memoryStorage.setItems(posts)
    }

    private func registerViews() {
        manager.register(GalleryCell.self) { mapping in
            mapping.condition = mapping.modelCondition { indexPath, post in post.state == .published }
            mapping.cellRegisteredByStoryboard = true
        }
        manager.registerSupplementary(BadgeView.self, ofKind: "badge")
        manager.registerHeader(GalleryHeaderView.self) { $0.reuseIdentifier = "gallery" }
        manager.registerNiblessFooter(GalleryHeaderView.self)
    }

    /// The storyboard prototype is replaced by the large xib on this screen.
    private func useLargeCells() {
        manager.unregister(GalleryCell.self)
        manager.registerNibNamed("LargeGalleryCell", for: GalleryCell.self)
    }
}
