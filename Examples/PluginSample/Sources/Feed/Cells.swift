import DTStandIns

final class PostCell: UITableViewCell, ModelTransfer {
    func update(with model: Post) {}
}

final class AdCell: UITableViewCell, ModelTransfer {
    func update(with model: Ad) {}
}
