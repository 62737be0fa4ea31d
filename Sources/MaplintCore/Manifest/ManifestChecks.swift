/// The checks of a manifest's values that do not depend on how it was written, with their
/// messages: `ManifestDecoder` makes them on a manifest file's nodes and `ManifestBuilder` on a
/// draft's parts, each at its own places. (The checks of `models:` are `ModelChecks`.)
enum ManifestChecks {
    static func invalidDeploymentTarget(_ text: String) -> String {
        "'deploymentTarget' must look like \(DeploymentTarget.examples), not '\(text)'"
    }

    /// A `libraryVersion` older than the oldest version maplint models, or nil.
    static func unsupportedLibraryVersion(_ version: LibraryVersion) -> String? {
        guard version < .oldestSupported else { return nil }
        return "libraryVersion \(version) is older than \(LibraryVersion.oldestSupported.major).0, the oldest "
            + "version maplint models; its behaviour differs (no mapping conditions before 6.0)"
    }

    /// `layout:` on a table view, or nil.
    static func layout(on host: Host) -> String? {
        host == .collectionView
            ? nil : "'layout' is for collection views: a table view has no collection view layout; remove it"
    }

    /// `configuration:` on a collection view, or nil.
    static func configuration(on host: Host) -> String? {
        host == .tableView
            ? nil
            : "'configuration' is for table views: DTCollectionViewManager has no manager.configuration "
                + "(TableViewConfiguration belongs to DTTableViewManager); remove it"
    }

    static func invalidSectionStyle(_ key: String, _ text: String) -> String {
        "'\(key)' must be title or view, not '\(text)'"
            + Suggestion.didYouMean(text, in: SectionStyle.allCases.map(\.rawValue))
    }

    /// A configuration key the library version does not have, or nil: TableViewConfiguration.swift
    /// has semanticHeaderHeight / semanticFooterHeight from 8.0.0-beta.1.
    static func configurationKey(_ key: String, in version: LibraryVersion) -> String? {
        guard ["semanticHeaderHeight", "semanticFooterHeight"].contains(key), version.major < 8 else { return nil }
        return "'\(key)' does not exist in DTTableViewManager \(version): TableViewConfiguration has it from 8.0"
    }

    static let supplementaryOnTableView = "a table view has no supplementary views; use 'header' or 'footer'"

    static let emptyXib = "'xib' must not be empty; write 'xib: null' for a view made in code"

    /// `kind`, `reuseIdentifier` or `viewReuseIdentifier` given as the empty string.
    static func empty(_ key: String) -> String { "'\(key)' must not be empty" }

    static let headerFooterViewOnCollectionView = "'headerFooterView' applies to table views only"

    /// `registerNibNamed: true` with a library version or a xib that do not allow it, or nil.
    /// TableViewFactory.swift, registerNibNamed(_:forCellClass:mappingBlock:), 7.2.0: no dequeue
    /// probe; DTTableViewManager+Deprecated.swift, registerNibNamed(_:for:mapping:), 8.0.1: calls register.
    static func nibRegistration(version: LibraryVersion, xib: XibName) -> String? {
        guard version.major < 8 else {
            return "'registerNibNamed' describes DTTableViewManager and DTCollectionViewManager 6 and 7: from 8, "
                + "registerNibNamed(_:for:) calls register(_:mapping:) and is an ordinary registration; remove it"
        }
        guard case .named = xib else {
            return "'registerNibNamed' registers a named xib: add 'xib: Name' (the name passed to registerNibNamed)"
        }
        return nil
    }

    /// A section event (`manager.insetForSectionAtIndex { layout, section in … }`) given `key`.
    static func sectionEvent(_ name: String, with key: String) -> String {
        "'\(name)' is a section event: it is registered for every section, with no view or model type "
            + "(manager.\(name) { layout, section in … }); remove '\(key)'"
    }

    static let eventWithViewAndModel = "an event is keyed by 'view' or by 'model', not both"

    static func eventWithoutTarget(_ name: String) -> String {
        "the event '\(name)' needs 'view' (the view class it is registered for) or 'model'"
    }

    /// Whether the `model` of an event names a view class instead of a model type
    /// (`heightForCell(withItem: PostCell.self)`): a class the entries register or `models:`
    /// declares as a view, and no model type.
    static func isViewClassAsModel(
        _ model: String, types: TypeTable, viewClasses: Set<String>, declaredViewClasses: [String: Located<String>]
    ) -> Bool {
        !types.contains(model) && (viewClasses.contains(model) || declaredViewClasses[model] != nil)
    }
}
