// Stand-ins for the UIKit and DTTableViewManager declarations the sample uses, so that it builds
// on Linux too. maplint reads only the sample's own sources; what these do does not matter.

open class UIView {
    public init() {}
}

open class UITableViewCell: UIView {}

open class UITableView: UIView {}

open class UIViewController {
    public init() {}
    open func viewDidLoad() {}
}

public protocol ModelTransfer {
    associatedtype ModelType
    func update(with model: ModelType)
}

public final class CellMapping {
    public var reuseIdentifier = ""
    public var xibName: String?

    public func didSelect(_ handler: @escaping (Any) -> Void) {}
}

public final class DTTableViewManager {
    public init() {}

    public func register<Cell: ModelTransfer>(_ cell: Cell.Type, mapping: ((CellMapping) -> Void)? = nil) {
        mapping?(CellMapping())
    }
}

public protocol DTTableViewManageable: AnyObject {
    var tableView: UITableView! { get }
}

extension DTTableViewManageable {
    public var manager: DTTableViewManager { DTTableViewManager() }
}
