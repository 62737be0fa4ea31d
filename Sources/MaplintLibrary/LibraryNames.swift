/// The names DT and UIKit give the modules, types, protocols and constants an app's code uses, each
/// spelled here once: the reading of Swift matches them and the messages name them.
extension Host {
    /// The manager library of the view, as its module, pod, package and manager type are named.
    package var manager: String {
        switch self {
        case .tableView: "DTTableViewManager"
        case .collectionView: "DTCollectionViewManager"
        }
    }

    /// The host whose manager type (or module) `name` is: `DTTableViewManager`, `DTCollectionViewManager`.
    package init?(managerType name: String) {
        guard let host = Self.allCases.first(where: { $0.manager == name }) else { return nil }
        self = host
    }

    /// The host of a protocol a class adopts to own a manager: `DTTableViewManageable`,
    /// `DTCollectionViewManageable`, and DT 6's `DTTableViewOptionalManageable` and
    /// `DTCollectionViewNonOptionalManageable`.
    package init?(manageableProtocol name: String) {
        switch name {
        case "DTTableViewManageable", "DTTableViewOptionalManageable": self = .tableView
        case "DTCollectionViewManageable", "DTCollectionViewNonOptionalManageable": self = .collectionView
        default: return nil
        }
    }
}

/// DTModelStorage's names, and the supplementary kinds of headers and footers.
package enum LibraryNames {
    /// The storage library both managers use, as its module, pod and package are named.
    package static let modelStorage = "DTModelStorage"
    /// DTModelStorage's protocol of a view that declares its model type (`update(with:)`).
    package static let modelTransfer = "ModelTransfer"
    /// DTModelStorage's protocol of the manager's delegate that picks among candidate mappings.
    package static let viewModelMappingCustomizing = "ViewModelMappingCustomizing"

    /// The properties of a `DTCollectionViewManageable` the manager takes its collection view from.
    package static let collectionViewProperties: Set<String> = ["collectionView", "optionalCollectionView"]

    /// DTTableViewManager's kinds of a table's headers and footers (and the constants that name them).
    package static let tableHeaderKind = "DTTableViewElementSectionHeader"
    package static let tableFooterKind = "DTTableViewElementSectionFooter"
    /// UIKit's kinds of a collection's headers and footers.
    package static let collectionHeaderKind = "UICollectionElementKindSectionHeader"
    package static let collectionFooterKind = "UICollectionElementKindSectionFooter"
}

/// `layout:`: what lays out a collection view. Only a flow layout (or a subclass) calls the
/// `UICollectionViewDelegateFlowLayout` methods behind the flow-layout events (`HostEvents.flowLayoutEvents`).
package enum CollectionLayout: String, Sendable, Hashable, CaseIterable {
    /// `UICollectionViewFlowLayout` or a subclass.
    case flow
    /// `UICollectionViewCompositionalLayout`.
    case compositional
    /// Another `UICollectionViewLayout` subclass.
    case custom

    package static let compositionalClass = "UICollectionViewCompositionalLayout"
    /// UIKit's abstract layouts: as the static type of a value they say nothing, any layout is one.
    package static let baseClasses: Set<String> = ["UICollectionViewLayout", "UICollectionViewTransitionLayout"]

    /// The layout UIKit's class `name` is, or nil for another class.
    package init?(uiKitClass name: String) {
        switch name {
        case "UICollectionViewFlowLayout": self = .flow
        case Self.compositionalClass: self = .compositional
        case _ where Self.baseClasses.contains(name): self = .custom
        default: return nil
        }
    }
}
