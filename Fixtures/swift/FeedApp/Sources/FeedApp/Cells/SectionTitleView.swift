import UIKit
import DTModelStorage

final class SectionTitleView: UITableViewHeaderFooterView, ModelTransfer {
    @IBOutlet weak var titleLabel: UILabel!

    func update(with model: String) {
        titleLabel.text = model.uppercased()
    }
}
