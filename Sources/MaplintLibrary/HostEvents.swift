/// The event closures DTTableViewManager and DTCollectionViewManager offer (docs/manifest.md, event names; the list is in `maplint rules unknown-event`).
package enum HostEvents {
    package static let tableView: [String] = """
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

    package static let collectionView: [String] = """
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
    package static let sectionEvents: [String] = [
        "insetForSectionAtIndex", "minimumLineSpacingForSectionAtIndex", "minimumInteritemSpacingForSectionAtIndex",
    ]

    /// The manifest's names of the flow-layout events, which answer `UICollectionViewDelegateFlowLayout`
    /// methods: the six signatures `verifyEventsCompatibility` checks (DTCollectionViewManager.swift,
    /// 8.0.1 and 11.0.0).
    package static let flowLayoutEvents: Set<String> = Set(
        ["sizeForCell", "referenceSizeForHeaderView", "referenceSizeForFooterView"] + sectionEvents)

    /// Events on a mapping (`mapping.didSelect { … }` in the closure of `register`, a registration's `events:`)
    /// exist from 8.0: DTTableViewManager+Delegate.swift and DTCollectionViewManager+Delegate.swift add them in
    /// `extension ViewModelMapping where View: UITableViewCell` (`UICollectionViewCell`), 8.0.0; 7.2.0 and 6.6.0
    /// have only the manager-level methods, and DTModelStorage's `ViewModelMapping` of those versions keeps no
    /// reactions (MS ViewModelMapping.swift, 7.4.1, 8.1.0). `LibraryBehaviour.hasMappingEvents` says the same.
    package static func mappingEventsExist(in version: LibraryVersion) -> Bool { version >= mappingEventsSince }

    /// The first version with events on a mapping (`mappingEventsExist(in:)`).
    package static let mappingEventsSince = LibraryVersion(major: 8)

    /// The elements an event exists for, when that is not the cell: a manager-level event of one of these
    /// names takes the view (or model) of a header, a footer or a supplementary view, never a cell, in every
    /// version. Tables: `willDisplayHeaderView(_:_:)`, `didEndDisplayingHeaderView(_:_:)`,
    /// `heightForHeader(withItem:_:)`, `estimatedHeightForHeader(withItem:_:)` and their footer twins
    /// (DTTableViewManager+Delegate.swift, 6.6.0, 7.2.0, 8.0.0, 11.0.1). Collections:
    /// `referenceSizeForHeaderView(withItem:_:)`, `referenceSizeForFooterView(withItem:_:)`, and
    /// `willDisplaySupplementaryView(_:forElementKind:_:)`, `didEndDisplayingSupplementaryView(_:forElementKind:_:)`,
    /// which take a kind (DTCollectionViewManager+Delegate.swift, 6.6.0, 7.2.0, 11.0.0).
    package enum EventElement: Sendable, Hashable {
        case header
        case footer
        /// A supplementary view of any kind, a header or footer included: the kind says which.
        case supplementary
    }

    /// The element `name` exists for, or nil for a cell event (or a name that is not an event).
    package static func element(of name: String, host: Host) -> EventElement? {
        switch (host, name) {
        case (.tableView, "willDisplayHeaderView"), (.tableView, "didEndDisplayingHeaderView"),
            (.tableView, "heightForHeader"), (.tableView, "estimatedHeightForHeader"),
            (.collectionView, "referenceSizeForHeaderView"):
            .header
        case (.tableView, "willDisplayFooterView"), (.tableView, "didEndDisplayingFooterView"),
            (.tableView, "heightForFooter"), (.tableView, "estimatedHeightForFooter"),
            (.collectionView, "referenceSizeForFooterView"):
            .footer
        case (.collectionView, "willDisplaySupplementaryView"), (.collectionView, "didEndDisplayingSupplementaryView"):
            .supplementary
        default:
            nil
        }
    }

    /// Events whose manager-level method is keyed by a model type only, in every version that has them:
    /// `heightForCell(withItem:_:)`, `editingStyle(forItem:_:)`, `heightForHeader(withItem:_:)`, … on tables
    /// (DTTableViewManager+Delegate.swift, 6.6.0, 7.2.0, 8.0.0, 11.0.1); `sizeForCell(withItem:_:)`,
    /// `referenceSizeForHeaderView(withItem:_:)`, `referenceSizeForFooterView(withItem:_:)` and, from 8.0,
    /// `canEdit(_:_:)` with a model type on collections (DTCollectionViewManager+Delegate.swift, 6.6.0, 7.2.0,
    /// 8.0.0, 11.0.0). No version has a manager-level method of these names that takes a view class,
    /// but for `editingStyle` before 6.2.0: DTTableViewManager 6.0.0 to 6.1.1 have
    /// `editingStyle(for cellClass:_:)` and no `forItem:` (DTTableViewManager+Delegate.swift,
    /// 6.0.0 and 6.1.1; `editingStyle(forItem:_:)` from 6.2.0), checked at every tag from 6.0.0 to
    /// 11.0.1 (and 6.0.0 to 11.0.0 for the collection names). `view:` with one of these names names
    /// an API that does not exist at the version.
    package static func modelKeyedOnly(for host: Host, version: LibraryVersion) -> Set<String> {
        switch host {
        case .tableView:
            var names: Set<String> = [
                "canEditCell", "editingStyle", "estimatedHeightForCell", "estimatedHeightForFooter",
                "estimatedHeightForHeader", "heightForCell", "heightForFooter", "heightForHeader",
                "indentationLevelForCell",
            ]
            for (name, until) in viewKeyedUntil where version < until { names.remove(name) }
            return names
        case .collectionView:
            return ["canEdit", "referenceSizeForFooterView", "referenceSizeForHeaderView", "sizeForCell"]
        }
    }

    /// Table events keyed by a view class before a version and by a model type from it.
    package static let viewKeyedUntil: [String: LibraryVersion] = ["editingStyle": LibraryVersion(major: 6, minor: 2)]

    /// The first release that has each of `viewKeyedUntil`'s events keyed by a view class:
    /// `editingStyle(for:_:)` first appears in DTTableViewManager 5.0.0 (DTTableViewManager.swift,
    /// 5.0.0; absent at 4.8.0).
    package static let viewKeyedSince: [String: LibraryVersion] = ["editingStyle": LibraryVersion(major: 5)]

    /// The newest release that still keys each of `viewKeyedUntil`'s events by a view class
    /// (DTTableViewManager 6.1.1, the last tag before 6.2.0): the version an app that calls it with
    /// a cell class and pins no version runs.
    package static let viewKeyedNewest: [String: LibraryVersion] = [
        "editingStyle": LibraryVersion(major: 6, minor: 1, patch: 1)
    ]

    /// The section-level events of the host (none for a table view).
    package static func sectionEvents(for host: Host) -> [String] {
        host == .collectionView ? sectionEvents : []
    }

    /// The event names of the host, in the order above.
    package static func names(for host: Host) -> [String] {
        switch host {
        case .tableView: tableView
        case .collectionView: collectionView
        }
    }

    /// Events that still exist but are deprecated from DT 8, with what replaces them
    /// (DTTableViewManager+Deprecated.swift 8.0.1 and 11.0.1; DTCollectionViewManager+Deprecated.swift
    /// 8.0.0 and 11.0.0). Before 8 they are ordinary events.
    package static func deprecated(for host: Host) -> [String: String] {
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

    /// The events a manager declares only for iOS, inside `#if os(iOS)` (on the manager and, from 8, on a
    /// mapping): a tvOS target has no such method, so code that registers one does not compile there. Read in
    /// DTTableViewManager+Delegate.swift and DTTableViewManager+Drag.swift / DTTableViewDragDelegate.swift,
    /// 6.6.0, 7.2.0, 8.0.1, 11.0.1 (editing, swipe actions, spring loading and drag and drop; the context-menu
    /// events from 7.0, where they first exist), and DTCollectionViewManager+Delegate.swift and
    /// DTCollectionViewManager+Drag.swift, 6.6.0, 7.2.0, 8.2.0, 10.0.0, 11.0.0 (`highlightPreview` and
    /// `dismissalPreview` from 11.0, where they first exist).
    package static func iOSOnly(for host: Host, version: LibraryVersion) -> Set<String> {
        var names: Set<String> = [
            "dragPreviewParameters", "dropPreviewParameters", "itemsForAddingToDragSession",
            "itemsForBeginningDragSession", "shouldSpringLoad",
        ]
        if host == .tableView {
            names.formUnion([
                "didEndEditing", "editActions", "leadingSwipeActionsConfiguration", "titleForDeleteConfirmationButton",
                "trailingSwipeActionsConfiguration", "willBeginEditing",
            ])
        }
        if version.modelledMajor >= 7 {
            names.formUnion([
                "contextMenuConfiguration", "previewForDismissingContextMenu", "previewForHighlightingContextMenu",
            ])
        }
        if host == .collectionView, version.modelledMajor >= 11 {
            names.formUnion(["highlightPreview", "dismissalPreview"])
        }
        return names
    }

    /// The header and footer events of a table view mapping (`mapping.heightForHeader { … }`): from 8 DT
    /// declares them in an extension of the mapping `where View: UITableViewHeaderFooterView`
    /// (DTTableViewManager+Delegate.swift, 8.0.1, 10.0.0; `SupplementaryViewModelMappingProtocolGeneric`,
    /// 11.0.1), so a plain `UIView` header or footer has none of them.
    package static let headerFooterViewMappingEvents: Set<String> = [
        "heightForHeader", "estimatedHeightForHeader", "heightForFooter", "estimatedHeightForFooter",
        "willDisplayHeaderView", "willDisplayFooterView", "didEndDisplayingHeaderView", "didEndDisplayingFooterView",
    ]
}
