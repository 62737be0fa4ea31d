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
    /// identifier (`ViewModelMapping`'s `xibName` and `reuseIdentifier`, DTModelStorage 7.4.1,
    /// 11.0.0; `registerCellClass`, TableViewFactory.swift 6.6.0). Swift prints every type in it
    /// by its own name: a nested class is its own name alone (`ProfileViewController.AvatarCell` is
    /// `AvatarCell`), and so is each argument of a generic class (`Feed.ValueCell<Feed.Post>` is
    /// `ValueCell<Post>`; swiftc 6.3, no module prefix either).
    package static func describing(_ typeName: String) -> String {
        // Without a qualifier there is nothing to drop: the name is its own description.
        guard typeName.utf8.contains(UInt8(ascii: ".")) else { return typeName }
        var result: [Character] = []
        // Where the name being read starts in `result`: a qualifier before a dot is dropped.
        var nameStart = 0
        for character in typeName {
            switch character {
            case ".":
                result.removeSubrange(nameStart...)
            case "<", ">", ",", " ":
                result.append(character)
                nameStart = result.count
            default:
                result.append(character)
            }
        }
        return String(result)
    }
}
