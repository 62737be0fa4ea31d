import UIKit
import DTModelStorage

struct Photo {}
struct Video {}

final class PhotoCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Photo) {}
}

final class VideoCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Video) {}
}
