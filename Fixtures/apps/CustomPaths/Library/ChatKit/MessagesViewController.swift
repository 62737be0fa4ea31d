import UIKit
import DTCollectionViewManager

final class MessagesViewController: UIViewController, DTCollectionViewManageable {
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        manager.register(TextMessageCell.self) { mapping in
            mapping.reuseIdentifier = "message"
        }
        manager.register(ImageMessageCell.self) { mapping in
            mapping.reuseIdentifier = "message"
        }
    }
}

struct Message {}

final class TextMessageCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Message) {}
}

final class ImageMessageCell: UICollectionViewCell, ModelTransfer {
    func update(with model: Message) {}
}
