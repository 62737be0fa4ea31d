import UIKit
import DTModelStorage

class PostCell: UITableViewCell, ModelTransfer {
    @IBOutlet weak var titleLabel: UILabel!
    @IBOutlet weak var authorLabel: UILabel!
    @IBOutlet weak var likesLabel: UILabel!

    override func prepareForReuse() {
        super.prepareForReuse()
        authorLabel.text = nil
    }

    func update(with model: Post) {
        titleLabel.text = model.title
        authorLabel.text = model.author?.name
        likesLabel.text = "\(model.likes)"
    }
}
