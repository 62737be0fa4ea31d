import UIKit
import DTModelStorage

final class GalleryHeaderView: UICollectionReusableView, ModelTransfer {
    typealias ModelType = String

    private let titleLabel = UILabel()

    override func layoutSubviews() {
        super.layoutSubviews()
        if titleLabel.superview == nil {
            addSubview(titleLabel)
        }
        titleLabel.frame = bounds.insetBy(dx: 16, dy: 4)
    }

    func update(with model: ModelType) {
        titleLabel.text = model
    }
}
