import UIKit
import DTModelStorage

final class CompactPostCell: UITableViewCell, ModelTransfer {
    typealias ModelType = Post

    @IBOutlet weak var titleLabel: UILabel!

    func update(with model: ModelType) {
        titleLabel.text = model.title
        accessoryType = model.isPopular ? .detailButton : .none
    }
}
