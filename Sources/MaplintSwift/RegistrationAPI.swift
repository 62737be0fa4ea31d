import MaplintCore

/// Every spelling of the registration API of DTTableViewManager and DTCollectionViewManager from
/// 4.x to 11.x, in one table, read from the public methods of the tags 4.8.0, 5.3.0 (collection
/// 5.3.1), 6.6.0, 7.2.0, 8.0.1 (collection 8.2.0), 10.0.0 and 11.0.1 (collection 11.0.0): the
/// `+Registration`, `+Deprecated` and `+SwiftUIRegistration` extensions of the managers.
/// docs/swift-sources.md lists the same table.
struct RegistrationSpelling: Sendable {
    enum Element: Sendable {
        case cell, header, footer
        /// The kind is the argument labelled `ofKind:` or `forKind:`.
        case supplementary
    }

    /// Which xib the registration names.
    enum Xib: Sendable {
        /// The view class name (the default; the manifest writes nothing).
        case byClass
        /// None: the class is registered from code (`registerNibless…`, the manifest's `xib: null`).
        case none
        /// The string literal passed first (`registerNibNamed("Name", for: Cell.self)`).
        case named
    }

    enum Effect: Sendable {
        /// A mapping of the view passed first (or under `viewLabel`) for its `ModelType`, or for
        /// the type passed as `for:`.
        case register(Element, Xib)
        /// A SwiftUI hosting mapping: `registerHostingCell(for:content:mapping:)` (iOS 13) or
        /// `registerHostingConfiguration(for:…)` (iOS 16).
        case hostingCell, hostingConfiguration
        case unregister(Element)
        /// A deprecated manager-level closure (`configure(Cell.self) { … }`): not an event
        /// of the manifest; a note says it is not checked.
        case deprecatedEvent
        /// `configureEvents(for: Cell.self) { cellType, modelType in … }`.
        case configureEvents
        /// DT 4's events by method pointer (`cellSelection(FeedViewController.selectPost)`): the view
        /// class is the first parameter of the method, which the call does not name; the event's name.
        case methodPointerEvent(String)
    }

    /// The method name.
    let method: String
    /// The label of the view type argument; nil: the first unlabelled one.
    let viewLabel: String?
    /// The majors that have the spelling (the call compiles against them).
    let majors: ClosedRange<Int>
    let hosts: Set<Host>
    let effect: Effect
    /// Whether the library may never call the mapping closure passed to this spelling; `LibraryBehaviour`
    /// says in which versions.
    var closureDropped: ClosureDrop? = nil

    /// Spellings whose mapping closure the library drops in some versions.
    enum ClosureDrop: Sendable {
        /// `registerNibNamed(_:for:mapping:)` of a cell, a wrapper of `register` from 8.0.
        case cellNibNamed
        /// DTCollectionViewManager 6 and 7's `registerNiblessHeader` / `registerNiblessFooter`.
        case niblessHeaderFooter

        /// Whether the closure is dropped with this behaviour (host and version).
        func applies(to behaviour: LibraryBehaviour) -> Bool {
            switch self {
            case .cellNibNamed: behaviour.cellNibNamedIsRegisterWithoutClosure
            case .niblessHeaderFooter: behaviour.niblessHeaderFooterDropsMappingClosure
            }
        }
    }

    /// The method with its argument labels and the closure's, as DT declares it
    /// (`registerNibNamed(_:for:mapping:)`).
    func signature(host: Host) -> String {
        let closureLabel = host == .collectionView ? "mappingBlock" : "mapping"
        return "\(method)(_:\(viewLabel.map { "\($0):" } ?? "")\(closureLabel):)"
    }

    static let both: Set<Host> = [.tableView, .collectionView]
    static let table: Set<Host> = [.tableView]
    static let collection: Set<Host> = [.collectionView]

    /// The table. Rows with the same method name differ by `viewLabel`.
    static let all: [RegistrationSpelling] = [
        // Cells.
        .init(method: "register", viewLabel: nil, majors: 5...11, hosts: both, effect: .register(.cell, .byClass)),
        .init(
            method: "registerCellClass", viewLabel: nil, majors: 4...4, hosts: both, effect: .register(.cell, .byClass)),
        .init(
            method: "registerNibless", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .register(.cell, .none)),
        .init(
            method: "registerNiblessCellClass", viewLabel: nil, majors: 4...4, hosts: collection,
            effect: .register(.cell, .none)),
        .init(
            method: "registerNibNamed", viewLabel: "for", majors: 5...11, hosts: both,
            effect: .register(.cell, .named), closureDropped: .cellNibNamed),
        .init(
            method: "registerNibNamed", viewLabel: "forCellClass", majors: 4...4, hosts: both,
            effect: .register(.cell, .named)),
        // Headers and footers.
        .init(
            method: "registerHeader", viewLabel: nil, majors: 5...11, hosts: both, effect: .register(.header, .byClass)),
        .init(
            method: "registerFooter", viewLabel: nil, majors: 5...11, hosts: both, effect: .register(.footer, .byClass)),
        .init(
            method: "registerHeaderClass", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .register(.header, .byClass)),
        .init(
            method: "registerFooterClass", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .register(.footer, .byClass)),
        .init(
            method: "registerNiblessHeader", viewLabel: nil, majors: 5...11, hosts: table,
            effect: .register(.header, .none)),
        .init(
            method: "registerNiblessFooter", viewLabel: nil, majors: 5...11, hosts: table,
            effect: .register(.footer, .none)),
        // DTCollectionViewManager 6 and 7 call registerNiblessSupplementary without the mapping block.
        .init(
            method: "registerNiblessHeader", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .register(.header, .none), closureDropped: .niblessHeaderFooter),
        .init(
            method: "registerNiblessFooter", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .register(.footer, .none), closureDropped: .niblessHeaderFooter),
        .init(
            method: "registerNiblessHeaderClass", viewLabel: nil, majors: 4...4, hosts: table,
            effect: .register(.header, .none)),
        .init(
            method: "registerNiblessFooterClass", viewLabel: nil, majors: 4...4, hosts: table,
            effect: .register(.footer, .none)),
        .init(
            method: "registerNibNamed", viewLabel: "forHeader", majors: 5...11, hosts: both,
            effect: .register(.header, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forFooter", majors: 5...11, hosts: both,
            effect: .register(.footer, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forHeaderClass", majors: 4...4, hosts: both,
            effect: .register(.header, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forFooterClass", majors: 4...4, hosts: both,
            effect: .register(.footer, .named)),
        // Supplementary views (collection views): `ofKind:` from 8.0, `forKind:` before.
        .init(
            method: "registerSupplementary", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .register(.supplementary, .byClass)),
        .init(
            method: "registerNiblessSupplementary", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .register(.supplementary, .none)),
        // Passes its mapping block on in every version (DTCollectionViewManager+Deprecated.swift, 8.0.0, 11.0.0).
        .init(
            method: "registerNibNamed", viewLabel: "forSupplementary", majors: 5...11, hosts: collection,
            effect: .register(.supplementary, .named)),
        .init(
            method: "registerSupplementaryClass", viewLabel: nil, majors: 4...4, hosts: collection,
            effect: .register(.supplementary, .byClass)),
        .init(
            method: "registerNiblessSupplementaryClass", viewLabel: nil, majors: 4...4, hosts: collection,
            effect: .register(.supplementary, .none)),
        .init(
            method: "registerNibNamed", viewLabel: "supplementaryClass", majors: 4...4, hosts: collection,
            effect: .register(.supplementary, .named)),
        // SwiftUI (11.0).
        .init(method: "registerHostingCell", viewLabel: nil, majors: 11...11, hosts: both, effect: .hostingCell),
        .init(
            method: "registerHostingConfiguration", viewLabel: nil, majors: 11...11, hosts: both,
            effect: .hostingConfiguration),
        // Unregistering (5.0 on).
        .init(method: "unregister", viewLabel: nil, majors: 5...11, hosts: both, effect: .unregister(.cell)),
        .init(method: "unregisterHeader", viewLabel: nil, majors: 5...11, hosts: both, effect: .unregister(.header)),
        .init(method: "unregisterFooter", viewLabel: nil, majors: 5...11, hosts: both, effect: .unregister(.footer)),
        .init(
            method: "unregisterSupplementary", viewLabel: nil, majors: 5...11, hosts: collection,
            effect: .unregister(.supplementary)),
        // Manager-level closures deprecated in 8.0 in favour of the `handler:` of the register call.
        .init(method: "configure", viewLabel: nil, majors: 5...11, hosts: both, effect: .deprecatedEvent),
        .init(method: "configureCell", viewLabel: nil, majors: 4...4, hosts: both, effect: .deprecatedEvent),
        .init(method: "configureHeader", viewLabel: nil, majors: 4...11, hosts: both, effect: .deprecatedEvent),
        .init(method: "configureFooter", viewLabel: nil, majors: 4...11, hosts: both, effect: .deprecatedEvent),
        .init(
            method: "configureSupplementary", viewLabel: nil, majors: 4...11, hosts: collection,
            effect: .deprecatedEvent),
        .init(method: "whenSelected", viewLabel: nil, majors: 4...4, hosts: both, effect: .deprecatedEvent),
        .init(method: "configureEvents", viewLabel: "for", majors: 6...11, hosts: both, effect: .configureEvents),
        // DT 4's events by method pointer (DTTableViewManager.swift, DTCollectionViewManager.swift, 4.8.0).
        .init(
            method: "cellSelection", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .methodPointerEvent("didSelect")),
        .init(
            method: "cellConfiguration", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .methodPointerEvent("configure")),
        .init(
            method: "headerConfiguration", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .methodPointerEvent("configureHeader")),
        .init(
            method: "footerConfiguration", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .methodPointerEvent("configureFooter")),
        .init(
            method: "supplementaryConfiguration", viewLabel: nil, majors: 4...4, hosts: collection,
            effect: .methodPointerEvent("configureSupplementary")),
    ]

    private static let byMethod: [String: [RegistrationSpelling]] = Dictionary(grouping: all, by: \.method)

    /// The spelling a call uses: its method name, host and the label of its view argument.
    static func spelling(method: String, host: Host, labels: [String?]) -> RegistrationSpelling? {
        guard let rows = byMethod[method]?.filter({ $0.hosts.contains(host) }), !rows.isEmpty else { return nil }
        if let labelled = rows.first(where: { row in row.viewLabel.map { labels.contains($0) } ?? false }) {
            return labelled
        }
        return rows.first { $0.viewLabel == nil || $0.effect.isConfigureEvents }
    }

    /// Whether the name is a spelling of either host (the calls `UnattributedCalls` looks for).
    static func isRegistrationMethod(_ method: String) -> Bool {
        guard let rows = byMethod[method] else { return false }
        return rows.contains { row in
            switch row.effect {
            case .register, .hostingCell, .hostingConfiguration, .unregister: true
            case .deprecatedEvent, .configureEvents, .methodPointerEvent: false
            }
        }
    }

    /// Whether some row of the table, for either host, has this method name.
    static func isKnown(_ method: String) -> Bool { byMethod[method] != nil }

    /// Whether some row for `host` has this method name.
    static func isKnown(_ method: String, for host: Host) -> Bool {
        byMethod[method]?.contains { $0.hosts.contains(host) } ?? false
    }
}

extension RegistrationSpelling.Effect {
    var isConfigureEvents: Bool {
        if case .configureEvents = self { return true }
        return false
    }
}

/// Manager-level events whose method name differs from the event's name in the manifest (the
/// mapping's closure): `manager.move(Cell.self) { … }` is the table's `moveRowTo`.
enum ManagerEventNames {
    static func eventName(of method: String, host: Host) -> String {
        switch (method, host) {
        case ("move", .tableView): "moveRowTo"
        default: method
        }
    }

    /// Labels of the view type argument of manager-level events: `didSelect(Cell.self)`,
    /// `commitEditingStyle(for: Cell.self)`, `titleForDeleteConfirmationButton(in: Cell.self)`,
    /// `itemsForBeginningDragSession(from: Cell.self)`.
    static let viewLabels: Set<String> = ["for", "in", "from"]
    /// Labels of the model type of model-keyed events: `heightForCell(withItem:)`, `editingStyle(forItem:)`.
    static let modelLabels: Set<String> = ["withItem", "forItem"]

    /// The manager-wide drag and drop closures, the same for both hosts from 6.0 to 11: kept apart from
    /// every mapping (`appendNonCellReaction`) and called for the whole view, with no view or model type
    /// (DTTableViewManager+Drag.swift, +Drop.swift, 6.0.0, 7.2.0, 8.0.1, 11.0.1; DTCollectionViewManager+Drag.swift,
    /// +Drop.swift, 6.0.0, 8.0.0, 11.0.0). A manifest has no entry for them.
    static let managerWideDragAndDrop: Set<String> = [
        "dragSessionWillBegin", "dragSessionDidEnd", "dragSessionAllowsMoveOperation",
        "dragSessionIsRestrictedToDraggingApplication", "performDropWithCoordinator", "canHandleDropSession",
        "dropSessionDidEnter", "dropSessionDidUpdate", "dropSessionDidExit", "dropSessionDidEnd",
        "dropPreviewParameters",
    ]

    /// Collection view events keyed by a model type passed without a label: `canEdit(Post.self)`.
    static func takesUnlabelledModel(_ method: String, host: Host) -> Bool {
        host == .collectionView && method == "canEdit"
    }
}
