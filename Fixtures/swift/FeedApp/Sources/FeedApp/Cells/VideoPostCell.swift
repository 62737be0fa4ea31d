import UIKit
import DTModelStorage

/// Same model as `PostCell`; adds a play badge on top of the thumbnail.
final class VideoPostCell: PostCell {
    @IBOutlet weak var playIconView: UIImageView!

    override func update(with model: Post) {
        super.update(with: model)
        playIconView.isHidden = !model.containsVideo
    }
}
