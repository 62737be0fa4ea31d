/// UIKit classes maplint knows by name.
package enum UIKitViews {
    /// The UIKit view classes whose subclasses DTTableViewManager and DTCollectionViewManager
    /// refuse as the type of a model-keyed event (`verifyItemEvent`, DTTableViewManager.swift
    /// 11.0.1 and DTCollectionViewManager.swift 11.0.0; `UICollectionViewCell` and
    /// `UICollectionViewListCell` are `UICollectionReusableView`s): a class declared with one of
    /// them as its superclass is a view class, not a model type.
    package static let reusable: Set<String> = [
        "UITableViewCell", "UITableViewHeaderFooterView", "UICollectionReusableView", "UICollectionViewCell",
        "UICollectionViewListCell",
    ]

    /// The header and footer view class of table views; a plain `UIView` header is not one.
    package static let tableHeaderFooterView = "UITableViewHeaderFooterView"

    /// The cell class of the host: `UITableViewCell` or `UICollectionViewCell`.
    package static func cell(for host: Host) -> String {
        host == .tableView ? "UITableViewCell" : "UICollectionViewCell"
    }

    /// Whether the manager's `verifyItemEvent` refuses a subclass of this UIKit class as a model-keyed
    /// event's type: the table manager refuses cells, header/footer views and collection reusable views;
    /// the collection manager only collection reusable views and cells (DTTableViewManager.swift 11.0.1,
    /// DTCollectionViewManager.swift 11.0.0, `verifyItemEvent`).
    package static func isRefusedAsEventModel(_ uiKitClass: String, host: Host) -> Bool {
        switch host {
        case .tableView: true
        case .collectionView: !["UITableViewCell", tableHeaderFooterView].contains(uiKitClass)
        }
    }
}

/// DT's own view classes.
package enum DTViews {
    /// The generic cell `registerHostingCell` registers (DTTableViewManager 11.0.1 `HostingTableViewCell`,
    /// DTCollectionViewManager 11.0.0 `HostingCollectionViewCell`).
    package static func hostingCell(for host: Host) -> String {
        host == .tableView ? "HostingTableViewCell" : "HostingCollectionViewCell"
    }
}

/// The names DT derives from a view class.
package enum DTNames {
    /// `String(describing: View.self)`: the name DT gives a class for its default xib and reuse
    /// identifier (`ViewModelMapping`'s `xibName` and `reuseIdentifier`, DTModelStorage 11.0.0;
    /// `registerCellClass`, TableViewFactory.swift 6.6.0). A nested class is its own name alone
    /// (`ProfileViewController.AvatarCell` is `AvatarCell`); a generic class keeps its arguments
    /// (`ValueCell<Foo.Bar>` stays `ValueCell<Foo.Bar>`), as Swift prints them.
    package static func describing(_ typeName: String) -> String {
        var depth = 0
        var start = typeName.startIndex
        for index in typeName.indices {
            switch typeName[index] {
            case "<": depth += 1
            case ">": depth -= 1
            case "." where depth == 0: start = typeName.index(after: index)
            default: break
            }
        }
        return start == typeName.startIndex ? typeName : String(typeName[start...])
    }
}
