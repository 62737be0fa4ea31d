import MaplintFindings
import MaplintLibrary

/// Checks of a manifest's values with their messages, for the decoder, the builder
/// (`ManifestBuilder`) and the configuration loader. (The checks of models are `ModelChecks` and
/// `ManifestBuilder`'s.)
package enum ManifestChecks {
    static func invalidDeploymentTarget(_ text: String) -> String {
        "'deploymentTarget' must look like \(DeploymentTarget.examples), not '\(text)'"
    }

    /// A `libraryVersion` older than the oldest version maplint models, or nil.
    package static func unsupportedLibraryVersion(_ version: LibraryVersion) -> String? {
        guard version < .oldestSupported else { return nil }
        return "libraryVersion \(version) is older than \(LibraryVersion.oldestSupported.major).0, the oldest "
            + "version maplint models; its behaviour differs (no mapping conditions before 6.0)"
    }

    /// `layout:` on a table view, or nil.
    static func layout(on host: Host) -> String? {
        host == .collectionView
            ? nil : "'layout' is for collection views: a table view has no collection view layout; remove it"
    }

    /// A configuration key the library version does not have, or nil: TableViewConfiguration.swift
    /// has semanticHeaderHeight / semanticFooterHeight from 8.0.0-beta.1.
    static func configurationKey(_ key: String, in version: LibraryVersion) -> String? {
        guard ["semanticHeaderHeight", "semanticFooterHeight"].contains(key), !version.hasSemanticHeaderHeight else {
            return nil
        }
        return "'\(key)' does not exist in DTTableViewManager \(version): TableViewConfiguration has it from 8.0"
    }

    /// A supplementary view on a table view, as Swift says it.
    static let supplementaryOnTableViewInSwift =
        "a table view has no supplementary views; register a header or a footer (registerHeader, registerFooter)"

    /// An empty xib name, as Swift says it.
    static let emptyXibInSwift = "the xib name must not be the empty string; a view made in code needs no xib name"

    /// `kind`, `reuseIdentifier` or `viewReuseIdentifier` given as the empty string, as Swift says
    /// it: the setting named as the code writes it.
    static func emptyInSwift(_ key: String) -> String {
        let setting =
            switch key {
            case "kind": "the supplementary kind"
            case "reuseIdentifier": "mapping.reuseIdentifier"
            case "viewReuseIdentifier": "the view's reuseIdentifier"
            default: key
            }
        return "\(setting) must not be the empty string"
    }

    /// `registerNibNamed: true` with a library version or a xib that do not allow it, or nil.
    /// TableViewFactory.swift, registerNibNamed(_:forCellClass:mappingBlock:), 7.2.0: no dequeue
    /// probe; DTTableViewManager+Deprecated.swift, registerNibNamed(_:for:mapping:), 8.0.1: calls register.
    static func nibRegistration(version: LibraryVersion, xib: XibName, swift: Bool = false) -> String? {
        if swift {
            guard !version.cellNibNamedCallsRegister else {
                return "registerNibNamed(_:for:) of DTTableViewManager and DTCollectionViewManager \(version) calls "
                    + "register(_:mapping:) (from 8): write register(_:mapping:) with mapping.xibName"
            }
            guard case .named = xib else {
                return "registerNibNamed(_:for:) registers a named xib: pass the xib's name as its first argument"
            }
            return nil
        }
        guard !version.cellNibNamedCallsRegister else {
            return "'registerNibNamed' describes DTTableViewManager and DTCollectionViewManager 6 and 7: from 8, "
                + "registerNibNamed(_:for:) calls register(_:mapping:) and is an ordinary registration; remove it"
        }
        guard case .named = xib else {
            return "'registerNibNamed' registers a named xib: add 'xib: Name' (the name passed to registerNibNamed)"
        }
        return nil
    }

    /// A section event (`manager.insetForSectionAtIndex { layout, section in … }`) given `key`.
    static func sectionEvent(_ name: String, with key: String, swift: Bool = false) -> String {
        if swift {
            let what = key == "view" ? "view class" : key == "model" ? "model type" : key
            return "'\(name)' is a section event: it is registered for every section, with no view or model type "
                + "(manager.\(name) { layout, section in … }); pass no \(what)"
        }
        return "'\(name)' is a section event: it is registered for every section, with no view or model type "
            + "(manager.\(name) { layout, section in … }); remove '\(key)'"
    }

    /// A registration's `events:` where the library version has no events on a mapping
    /// (`HostEvents.mappingEventsExist(in:)`), or nil.
    static func mappingEvents(host: Host, version: LibraryVersion, swift: Bool = false) -> String? {
        guard !HostEvents.mappingEventsExist(in: version) else { return nil }
        let manager = host.manager
        if swift {
            return "events on a mapping (mapping.didSelect { … } in the closure of register) need \(manager) 8 "
                + "or later, and \(manager) \(version) has only the manager-level methods; call each on the manager "
                + "with the view class (manager.didSelect(Cell.self) { … })"
        }
        return "'events' on a registration needs \(manager) 8 or later: events on a mapping "
            + "(mapping.didSelect { … } in the closure of register) arrive in 8.0, and \(manager) \(version) has "
            + "only the manager-level methods; write each as an '- event:' entry with 'view:' (manager.didSelect(Cell.self) { … })"
    }

    /// `view:` given to an event whose manager-level method takes only a model type
    /// (`HostEvents.modelKeyedOnly`), or nil.
    static func viewKeyedEvent(_ name: String, host: Host, version: LibraryVersion, swift: Bool = false) -> String? {
        guard HostEvents.modelKeyedOnly(for: host, version: version).contains(name) else { return nil }
        let label = name == "canEdit" ? "" : name == "editingStyle" ? "forItem: " : "withItem: "
        let since = HostEvents.viewKeyedUntil[name].map { " from \($0)" } ?? ""
        let fix =
            swift
            ? "pass the model type instead of the view class" : "write 'model:' with the model type instead of 'view:'"
        return
            "'\(name)' is keyed by model type: \(host.manager) has manager.\(name)(\(label)Model.self) "
            + "and no version\(since) takes a view class; \(fix)"
    }

    /// The element of an event whose name exists for one element only (`HostEvents.element(of:host:)`):
    /// the element written, the one the name implies when none is written, or a message when they
    /// disagree or a collection's supplementary event has neither an element nor a kind.
    static func eventElement(
        _ name: String, host: Host, written: String?, hasKind: Bool
    ) -> Result<String, EventElementError> {
        guard let implied = HostEvents.element(of: name, host: host) else { return .success(written ?? "cell") }
        switch (implied, written) {
        case (.header, nil), (.header, "header"?): return .success("header")
        case (.footer, nil), (.footer, "footer"?): return .success("footer")
        case (.supplementary, nil) where hasKind: return .success("supplementary")
        case (.supplementary, nil):
            return .failure(
                EventElementError(
                    "'\(name)' is an event of supplementary views: add 'element: header', 'element: footer', or "
                        + "'element: supplementary' with its 'kind'"))
        case (.supplementary, let element?) where element != "cell": return .success(element)
        default:
            let noun =
                switch implied {
                case .header: "headers"
                case .footer: "footers"
                case .supplementary: "supplementary views"
                }
            return .failure(
                EventElementError(
                    "'\(name)' is an event of \(noun), not of \(written == "supplementary" ? "supplementary views" : (written ?? "cell") + "s"); "
                        + "remove 'element' (the name implies it) or use the event of that element"))
        }
    }

    struct EventElementError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}
