/// The event closures DTTableViewManager and DTCollectionViewManager offer (docs/manifest.md, event names; the list is in `maplint rules unknown-event`).
public enum HostEvents {
    public static let tableView: [String] = """
        accessoryButtonTapped canEditCell canFocus canMove canPerformAction canPerformPrimaryAction \
        commitEditingStyle contextMenuConfiguration didDeselect didEndDisplaying didEndDisplayingFooterView \
        didEndDisplayingHeaderView didEndEditing didHighlight didSelect didUnhighlight didUpdateFocus \
        dragPreviewParameters dropPreviewParameters editActions editingStyle estimatedHeightForCell \
        estimatedHeightForFooter estimatedHeightForHeader heightForCell heightForFooter heightForHeader \
        indentationLevelForCell itemsForAddingToDragSession itemsForBeginningDragSession \
        leadingSwipeActionsConfiguration moveRowTo performAction performPrimaryAction prefetch cancelPrefetch \
        previewForDismissingContextMenu previewForHighlightingContextMenu shouldHighlight shouldIndentWhileEditing \
        shouldShowMenu shouldSpringLoad shouldUpdateFocus targetIndexPathForMove titleForDeleteConfirmationButton \
        trailingSwipeActionsConfiguration willBeginEditing willDeselect willDisplay willDisplayFooterView \
        willDisplayHeaderView willSelect
        """.split(separator: " ").map(String.init)

    public static let collectionView: [String] = """
        canEdit canFocus canMove canPerformAction canPerformPrimaryAction cancelPrefetch contextMenuConfiguration \
        didCenter didDeselect didEndDisplaying didEndDisplayingSupplementaryView didHighlight didSelect \
        didUnhighlight didUpdateFocus dragPreviewParameters dropPreviewParameters highlightPreview dismissalPreview \
        itemsForAddingToDragSession itemsForBeginningDragSession moveItemAtTo performAction performPrimaryAction \
        prefetch previewForDismissingContextMenu previewForHighlightingContextMenu referenceSizeForFooterView \
        referenceSizeForHeaderView shouldDeselect shouldHighlight shouldSelect shouldShowMenu shouldSpringLoad \
        shouldUpdateFocus sizeForCell targetIndexPathForMovingItem transitionLayout willCenter willDisplay \
        willDisplaySupplementaryView
        """.split(separator: " ").map(String.init)

    /// DTCollectionViewManager's section-level flow-layout events: closures of
    /// `(UICollectionViewLayout, Int)` that the manager keeps apart from every mapping
    /// (`appendNonCellReaction`) and calls for each section; written as `- event: NAME` with
    /// neither `view` nor `model` (DTCollectionViewManager+Delegate.swift, 6.0.0 to 11.0.0).
    public static let sectionEvents: [String] = [
        "insetForSectionAtIndex", "minimumLineSpacingForSectionAtIndex", "minimumInteritemSpacingForSectionAtIndex",
    ]

    /// The section-level events of the host (none for a table view).
    public static func sectionEvents(for host: Host) -> [String] {
        host == .collectionView ? sectionEvents : []
    }

    /// The event names of the host, in the order above.
    public static func names(for host: Host) -> [String] {
        switch host {
        case .tableView: tableView
        case .collectionView: collectionView
        }
    }

    /// Events that still exist but are deprecated from DT 8, with what replaces them
    /// (DTTableViewManager+Deprecated.swift 8.0.1 and 11.0.1; DTCollectionViewManager+Deprecated.swift
    /// 8.0.0 and 11.0.0). Before 8 they are ordinary events.
    public static func deprecated(for host: Host) -> [String: String] {
        var replacements = [
            "configure": "the handler closure of register(_:mapping:handler:)",
            "configureHeader": "the handler closure of registerHeader(_:mapping:handler:)",
            "configureFooter": "the handler closure of registerFooter(_:mapping:handler:)",
        ]
        if host == .collectionView {
            replacements["configureSupplementary"] =
                "the handler closure of registerSupplementary(_:ofKind:mapping:handler:)"
        }
        return replacements
    }

    /// The library that provides the host's events, for messages.
    public static func manager(for host: Host) -> String {
        switch host {
        case .tableView: "DTTableViewManager"
        case .collectionView: "DTCollectionViewManager"
        }
    }
}
