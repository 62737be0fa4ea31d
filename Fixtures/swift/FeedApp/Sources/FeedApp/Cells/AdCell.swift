import UIKit
import DTModelStorage

final class AdCell: UITableViewCell {
    @IBOutlet weak var sponsorLabel: UILabel!

    override func awakeFromNib() {
        super.awakeFromNib()
        contentView.backgroundColor = .secondarySystemBackground
    }
}

extension AdCell: ModelTransfer {
    func update(with model: Ad) {
        sponsorLabel.text = "Sponsored by \(model.sponsor)"
    }
}
