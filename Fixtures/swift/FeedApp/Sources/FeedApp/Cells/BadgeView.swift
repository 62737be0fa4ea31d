import UIKit
import DTModelStorage

final class BadgeView: UICollectionReusableView, ModelTransfer {
    private let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .preferredFont(forTextStyle: .caption2)
        addSubview(label)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(label)
    }

    func update(with model: BadgeKind) {
        label.text = model.rawValue.uppercased()
        backgroundColor = model == .hot ? .systemRed : .systemBlue
    }
}
