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
