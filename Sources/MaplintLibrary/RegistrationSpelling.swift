/// Every spelling of the registration API of DTTableViewManager and DTCollectionViewManager from
/// 4.x to 11.x, in one table, read from the public methods of the tags 4.8.0, 5.3.0 (collection
/// 5.3.1), 6.6.0, 7.2.0, 8.0.1 (collection 8.2.0), 10.0.0 and 11.0.1 (collection 11.0.0): the
/// `+Registration`, `+Deprecated` and `+SwiftUIRegistration` extensions of the managers.
/// docs/swift-sources.md's table of spellings is generated from it (`LibraryMarkdown`); MaplintSwift matches
/// calls against it (`RegistrationTranslator`). A range that ends at `newest` holds in every later major maplint
/// models: a new DT major is `LibraryVersion.newestSupported` and the rows it changes.
package struct RegistrationSpelling: Sendable {
    package enum Element: Sendable {
        case cell, header, footer
        /// The kind is the argument labelled `ofKind:` or `forKind:`.
        case supplementary
    }

    /// Which xib the registration names.
    package enum Xib: Sendable {
        /// The view class name (the default; the manifest writes nothing).
        case byClass
        /// None: the class is registered from code (`registerNibless…`, the manifest's `xib: null`).
        case none
        /// The string literal passed first (`registerNibNamed("Name", for: Cell.self)`).
        case named
    }

    package enum Effect: Sendable {
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
    package let method: String
    /// The label of the view type argument; nil: the first unlabelled one.
    package let viewLabel: String?
    /// The majors that have the spelling (the call compiles against them).
    package let majors: ClosedRange<Int>
    package let hosts: Set<Host>
    package let effect: Effect
    /// Whether the library may never call the mapping closure passed to this spelling; `LibraryBehaviour`
    /// says in which versions.
    package var closureDropped: ClosureDrop? = nil
    /// How the documentation writes the call, when not `method(_:label:)`.
    var call: String? = nil
    /// What the documentation adds to the manifest entry.
    var note: String? = nil
    /// DT 4's older name of an event method: the event it is read as (`configureCell` is `configure`).
    var readAs: String? = nil

    /// The event a call of an event method attaches: its name, or the name DT 4's older spelling
    /// stands for.
    package var eventName: String { readAs ?? method }

    /// Spellings whose mapping closure the library drops in some versions.
    package enum ClosureDrop: Sendable {
        /// `registerNibNamed(_:for:mapping:)` of a cell, a wrapper of `register` from 8.0.
        case cellNibNamed
        /// DTCollectionViewManager 6 and 7's `registerNiblessHeader` / `registerNiblessFooter`.
        case niblessHeaderFooter

        /// Whether the closure is dropped with this behaviour (host and version).
        package func applies(to behaviour: LibraryBehaviour) -> Bool {
            switch self {
            case .cellNibNamed: behaviour.cellNibNamedIsRegisterWithoutClosure
            case .niblessHeaderFooter: behaviour.niblessHeaderFooterDropsMappingClosure
            }
        }
    }

    /// The method with its argument labels and the closure's, as DT declares it
    /// (`registerNibNamed(_:for:mapping:)`).
    package func signature(host: Host) -> String {
        let closureLabel = host == .collectionView ? "mappingBlock" : "mapping"
        return "\(method)(_:\(viewLabel.map { "\($0):" } ?? "")\(closureLabel):)"
    }

    /// The newest major maplint models; `5...newest`: from 5 to this day.
    package static let newest = LibraryVersion.newestSupported.major

    /// Whether only DT 4, written for Swift 2 and 3, has the spelling (where a type passed alone needs no `.self`).
    package var isDT4Only: Bool { majors.upperBound <= 4 }

    package static let both: Set<Host> = [.tableView, .collectionView]
    package static let table: Set<Host> = [.tableView]
    package static let collection: Set<Host> = [.collectionView]

    /// The table. Rows with the same method name differ by `viewLabel`.
    package static let all: [RegistrationSpelling] = [
        // Cells.
        .init(method: "register", viewLabel: nil, majors: 5...newest, hosts: both, effect: .register(.cell, .byClass)),
        .init(
            method: "registerCellClass", viewLabel: nil, majors: 4...4, hosts: both, effect: .register(.cell, .byClass),
            call: "registerCellClass(_:whenSelected:)",
            note: "with `whenSelected:` (or a trailing closure) a manager-level `didSelect` event after it"),
        .init(
            method: "registerNibless", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .register(.cell, .none)),
        .init(
            method: "registerNiblessCellClass", viewLabel: nil, majors: 4...4, hosts: collection,
            effect: .register(.cell, .none)),
        .init(
            method: "registerNibNamed", viewLabel: "for", majors: 5...newest, hosts: both,
            effect: .register(.cell, .named), closureDropped: .cellNibNamed),
        .init(
            method: "registerNibNamed", viewLabel: "forCellClass", majors: 4...4, hosts: both,
            effect: .register(.cell, .named)),
        // Headers and footers.
        .init(
            method: "registerHeader", viewLabel: nil, majors: 5...newest, hosts: both,
            effect: .register(.header, .byClass)),
        .init(
            method: "registerFooter", viewLabel: nil, majors: 5...newest, hosts: both,
            effect: .register(.footer, .byClass)),
        .init(
            method: "registerHeaderClass", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .register(.header, .byClass)),
        .init(
            method: "registerFooterClass", viewLabel: nil, majors: 4...4, hosts: both,
            effect: .register(.footer, .byClass)),
        .init(
            method: "registerNiblessHeader", viewLabel: nil, majors: 5...newest, hosts: table,
            effect: .register(.header, .none)),
        .init(
            method: "registerNiblessFooter", viewLabel: nil, majors: 5...newest, hosts: table,
            effect: .register(.footer, .none)),
        // DTCollectionViewManager 6 and 7 call registerNiblessSupplementary without the mapping block.
        .init(
            method: "registerNiblessHeader", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .register(.header, .none), closureDropped: .niblessHeaderFooter),
        .init(
            method: "registerNiblessFooter", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .register(.footer, .none), closureDropped: .niblessHeaderFooter),
        .init(
            method: "registerNiblessHeaderClass", viewLabel: nil, majors: 4...4, hosts: table,
            effect: .register(.header, .none)),
        .init(
            method: "registerNiblessFooterClass", viewLabel: nil, majors: 4...4, hosts: table,
            effect: .register(.footer, .none)),
        .init(
            method: "registerNibNamed", viewLabel: "forHeader", majors: 5...newest, hosts: both,
            effect: .register(.header, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forFooter", majors: 5...newest, hosts: both,
            effect: .register(.footer, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forHeaderClass", majors: 4...4, hosts: both,
            effect: .register(.header, .named)),
        .init(
            method: "registerNibNamed", viewLabel: "forFooterClass", majors: 4...4, hosts: both,
            effect: .register(.footer, .named)),
        // Supplementary views (collection views): `ofKind:` from 8.0, `forKind:` before.
        .init(
            method: "registerSupplementary", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .register(.supplementary, .byClass), call: "registerSupplementary(_:ofKind:)",
            note: "standard kinds: header / footer; `ofKind:` from 8, `forKind:` before"),
        .init(
            method: "registerNiblessSupplementary", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .register(.supplementary, .none)),
        // Passes its mapping block on in every version (DTCollectionViewManager+Deprecated.swift, 8.0.0, 11.0.0).
        .init(
            method: "registerNibNamed", viewLabel: "forSupplementary", majors: 5...newest, hosts: collection,
            effect: .register(.supplementary, .named), note: "its mapping block is called in every version"),
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
        .init(
            method: "registerHostingCell", viewLabel: nil, majors: 11...newest, hosts: both, effect: .hostingCell,
            call: "registerHostingCell(for:content:mapping:)"),
        .init(
            method: "registerHostingConfiguration", viewLabel: nil, majors: 11...newest, hosts: both,
            effect: .hostingConfiguration, call: "registerHostingConfiguration(for:[cell:]configuration:mapping:)"),
        // Unregistering (5.0 on).
        .init(method: "unregister", viewLabel: nil, majors: 5...newest, hosts: both, effect: .unregister(.cell)),
        .init(
            method: "unregisterHeader", viewLabel: nil, majors: 5...newest, hosts: both, effect: .unregister(.header)),
        .init(
            method: "unregisterFooter", viewLabel: nil, majors: 5...newest, hosts: both, effect: .unregister(.footer)),
        .init(
            method: "unregisterSupplementary", viewLabel: nil, majors: 5...newest, hosts: collection,
            effect: .unregister(.supplementary)),
        // Manager-level closures deprecated in 8.0 in favour of the `handler:` of the register call.
        .init(method: "configure", viewLabel: nil, majors: 5...newest, hosts: both, effect: .deprecatedEvent),
        .init(
            method: "configureCell", viewLabel: nil, majors: 4...4, hosts: both, effect: .deprecatedEvent,
            readAs: "configure"),
        .init(method: "configureHeader", viewLabel: nil, majors: 4...newest, hosts: both, effect: .deprecatedEvent),
        .init(method: "configureFooter", viewLabel: nil, majors: 4...newest, hosts: both, effect: .deprecatedEvent),
        .init(
            method: "configureSupplementary", viewLabel: nil, majors: 4...newest, hosts: collection,
            effect: .deprecatedEvent),
        .init(
            method: "whenSelected", viewLabel: nil, majors: 4...4, hosts: both, effect: .deprecatedEvent,
            readAs: "didSelect"),
        .init(
            method: "configureEvents", viewLabel: "for", majors: 6...newest, hosts: both, effect: .configureEvents,
            call: "configureEvents(for:)"),
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
            effect: .methodPointerEvent("configureSupplementary"), call: "supplementaryConfiguration(kind:_:)"),
    ]

    private static let byMethod: [String: [RegistrationSpelling]] = Dictionary(grouping: all, by: \.method)

    /// The spelling a call uses: its method name, host and the label of its view argument.
    package static func spelling(method: String, host: Host, labels: [String?]) -> RegistrationSpelling? {
        guard let rows = byMethod[method]?.filter({ $0.hosts.contains(host) }), !rows.isEmpty else { return nil }
        if let labelled = rows.first(where: { row in row.viewLabel.map { labels.contains($0) } ?? false }) {
            return labelled
        }
        return rows.first { $0.viewLabel == nil || $0.effect.isConfigureEvents }
    }

    /// Whether the name is a spelling of either host (the calls `UnattributedCalls` looks for).
    package static func isRegistrationMethod(_ method: String) -> Bool {
        guard let rows = byMethod[method] else { return false }
        return rows.contains { row in
            switch row.effect {
            case .register, .hostingCell, .hostingConfiguration, .unregister: true
            case .deprecatedEvent, .configureEvents, .methodPointerEvent: false
            }
        }
    }

    /// Whether some row of the table, for either host, has this method name.
    package static func isKnown(_ method: String) -> Bool { byMethod[method] != nil }

    /// Whether some row for `host` has this method name.
    package static func isKnown(_ method: String, for host: Host) -> Bool {
        byMethod[method]?.contains { $0.hosts.contains(host) } ?? false
    }
}

/// How docs/swift-sources.md words a spelling.
extension RegistrationSpelling {
    /// The call as the documentation writes it: `registerNibNamed(_:forHeader:)`.
    package var documentedCall: String {
        call ?? "\(method)(_:\(viewLabel.map { "\($0):" } ?? ""))"
    }

    /// The hosts that have it: "both", "table" or "collection".
    package var documentedHosts: String {
        hosts.count == 2 ? "both" : hosts.contains(.tableView) ? "table" : "collection"
    }

    /// The majors that have it: "5–11", "4".
    package var documentedMajors: String {
        majors.count == 1 ? "\(majors.lowerBound)" : "\(majors.lowerBound)–\(majors.upperBound)"
    }

    /// What the call becomes in a manifest.
    package var documentedEntry: String {
        entry + ((note ?? readAs.map { "read as `\($0)`" }).map { "; " + $0 } ?? "")
    }

    private var entry: String {
        switch effect {
        case .register(let element, let xib):
            let view =
                switch element {
                case .cell: "cell"
                case .header, .footer: "header / footer"
                case .supplementary: "supplementary"
                }
            let file =
                switch xib {
                case .byClass: ""
                case .none: ", `xib: null`"
                case .named: ", `xib:` the name"
                }
            let dropped =
                switch closureDropped {
                case .cellNibNamed?:
                    "; from 8 the mapping closure is never called: nothing in it is extracted, and a note at the "
                        + "call names what it set"
                case .niblessHeaderFooter?:
                    "; DTCollectionViewManager 6 and 7 never call the mapping block (a note names what it set)"
                case nil: ""
                }
            return view + file + dropped
        case .hostingCell:
            return "cell `HostingTableViewCell` / `HostingCollectionViewCell`, model from `for:`, `xib: null`, "
                + "`reuseIdentifier: \"HostingTableViewCell<Content, Model>\"` (`hostingCellSubclass` on a table: "
                + "that class and its name)"
        case .hostingConfiguration:
            return "cell `UITableViewCell` (or `cell:`), `modelTransfer: false`, "
                + "`reuseIdentifier: \"Content EmptyView Model\"`"
        case .unregister: return "unregister"
        case .deprecatedEvent:
            return "a manager-level event (deprecated from 8, which the `deprecated-event` rule notes)"
        case .configureEvents: return "the calls inside, with the closure's parameters bound"
        case .methodPointerEvent:
            return "not extracted: the view class is the method's first parameter; an `unsupported-swift` note at "
                + "the call names the event to add by hand"
        }
    }
}

extension RegistrationSpelling.Effect {
    var isConfigureEvents: Bool {
        if case .configureEvents = self { return true }
        return false
    }
}
