/// Manager-level events whose method name differs from the event's name in the manifest (the
/// mapping's closure): `manager.move(Cell.self) { … }` is the table's `moveRowTo`.
package enum ManagerEventNames {
    package static func eventName(of method: String, host: Host) -> String {
        switch (method, host) {
        case ("move", .tableView): "moveRowTo"
        default: method
        }
    }

    /// Labels of the view type argument of manager-level events: `didSelect(Cell.self)`,
    /// `commitEditingStyle(for: Cell.self)`, `titleForDeleteConfirmationButton(in: Cell.self)`,
    /// `itemsForBeginningDragSession(from: Cell.self)`.
    package static let viewLabels = ["for", "in", "from"]
    /// Labels of the model type of model-keyed events: `heightForCell(withItem:)`, `editingStyle(forItem:)`.
    package static let modelLabels = ["withItem", "forItem"]

    /// The manager-wide drag and drop closures, the same for both hosts from 6.0 to 11: kept apart from
    /// every mapping (`appendNonCellReaction`) and called for the whole view, with no view or model type
    /// (DTTableViewManager+Drag.swift, +Drop.swift, 6.0.0, 7.2.0, 8.0.1, 11.0.1; DTCollectionViewManager+Drag.swift,
    /// +Drop.swift, 6.0.0, 8.0.0, 11.0.0). A manifest has no entry for them.
    package static let managerWideDragAndDrop: Set<String> = [
        "dragSessionWillBegin", "dragSessionDidEnd", "dragSessionAllowsMoveOperation",
        "dragSessionIsRestrictedToDraggingApplication", "performDropWithCoordinator", "canHandleDropSession",
        "dropSessionDidEnter", "dropSessionDidUpdate", "dropSessionDidExit", "dropSessionDidEnd",
        "dropPreviewParameters",
    ]

    /// Collection view events keyed by a model type passed without a label: `canEdit(Post.self)`.
    package static func takesUnlabelledModel(_ method: String, host: Host) -> Bool {
        host == .collectionView && method == "canEdit"
    }
}
