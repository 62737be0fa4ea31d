import UIKit
import DTCollectionViewManager

/// Two cells under one reuse identifier below iOS 14: the collection view keeps the last one.
final class GalleryViewController: UIViewController, DTCollectionViewManageable {
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(PhotoCell.self) { mapping in
            mapping.reuseIdentifier = "tile"
        }
        manager.register(AlbumCell.self) { mapping in
            mapping.reuseIdentifier = "tile"
        }
    }
}

final class PhotoCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Photo) {}
}

final class AlbumCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Album) {}
}
