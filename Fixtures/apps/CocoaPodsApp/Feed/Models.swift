import UIKit
import DTModelStorage

struct Post {
    var title: String
}

final class PostCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}

final class OtherPostCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}
