import UIKit
import DTModelStorage

final class GalleryCell: UICollectionViewCell, ModelTransfer {
    @IBOutlet weak var imageView: UIImageView!
    @IBOutlet weak var captionLabel: UILabel!

    override func prepareForReuse() {
        super.prepareForReuse()
        imageView.image = nil
    }

    func update(with model: Post) {
        captionLabel.text = model.title
        imageView.alpha = model.state == .archived ? 0.5 : 1
    }
}
