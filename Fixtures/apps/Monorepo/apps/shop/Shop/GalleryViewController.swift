import UIKit
import DTCollectionViewManager

final class GalleryViewController: UIViewController, DTCollectionViewManageable {
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PhotoCell.self) { mapping in
            mapping.reuseIdentifier = "media"
        }
        manager.register(VideoCell.self) { mapping in
            mapping.reuseIdentifier = "media"
        }
    }
}
