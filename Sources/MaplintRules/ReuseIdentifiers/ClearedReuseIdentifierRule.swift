import MaplintAnalysis
import MaplintFindings
import MaplintManifest

/// A live mapping whose reuse identifier an `unregister` of another mapping cleared: the
/// library unregisters by class name, not by mapping.
struct ClearedReuseIdentifierRule: Rule {
    package static let description = RuleDescription(
        id: "cleared-reuse-identifier",
        name: "Cleared reuse identifier",
        severity: .error,
        // The xibs under `--resources` tell whether a table header or footer's fallback xib exists.
        needs: [.interfaceBuilder],
        summary:
            "An unregister cleared the reuse identifier a mapping that is still live dequeues, so its views cannot be dequeued.",
        explanation: """
            `unregister(PostCell.self)` removes the mappings of PostCell, then registers nil under the identifier \
            "PostCell" (TableViewFactory.swift, unregisterCellClass, unregisterHeaderClass, unregisterFooterClass, \
            6.6.0 to 11.0.1; CollectionViewFactory.swift, unregisterCellClass). Any other mapping still using that \
            identifier (a different class registered with `reuseIdentifier: PostCell`, or a header sharing it with a \
            footer, since tables keep headers and footers in one registry) loses its registration unless something \
            registers the identifier again later. A cell then makes UIKit raise "unable to dequeue a cell with \
            identifier" (a crash). A table header or footer view is then loaded from its xib each time instead \
            (`loadViewFromXib`, TableViewHeaderFooterViewModelMapping.swift, 11.0.1; before 8.0 `dt_loadFromXib()`, \
            the xib named after the class, TableViewFactory.swift, headerFooterView, 7.2.0): with `xib: null` (from \
            8.0) there is none, and nothing is shown; a xib that is not under `--resources` (before 8.0, with \
            `xib: null` too) makes UIKit raise "Could not load NIB" (a crash); before 8.0 an existing class-named xib is \
            loaded even for a mapping with `xib: Name` or `xib: null`, so the view is not made from the mapping's own \
            source. Collection supplementary views are not affected \
            (their unregister clears nothing), nor collection views that generate their registrations (iOS 14). Fix: \
            give the mappings their own identifiers, or register the view again after the unregister.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: ↓NewPostCell
                    model: Int
                    reuseIdentifier: PostCell
                  - cell: PostCell
                    model: String
                  - unregister: PostCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - header: SectionView
                    model: String
                  - footer: ↓SectionView
                    model: Int
                    xib: null
                  - unregister: {header: SectionView}
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: NewPostCell
                    model: Int
                    reuseIdentifier: PostCell
                  - cell: PostCell
                    model: String
                  - unregister: PostCell
                  - cell: NewPostCell
                    model: Int
                    reuseIdentifier: PostCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 14.0
                registrations:
                  - cell: NewPostCell
                    model: Int
                    reuseIdentifier: PostCell
                  - cell: PostCell
                    model: String
                  - unregister: PostCell
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let table = context.resolver.reuseIdentifiers
        let live = context.resolver.registrations
        return live.live.compactMap { registration in
            guard let unregister = table.clearedBy[registration.index] else { return nil }
            let identifier = registration.reuseIdentifier.value
            let removal = "the unregister at entry \(unregister) registered nil under \"\(identifier)\""
            if registration.viewType == .cell {
                return finding(
                    "\(Wording.shortName(registration)) dequeues '\(identifier)', which the unregister at entry "
                        + "\(unregister) cleared: a crash",
                    explained:
                        "\(Wording.name(registration)) is still mapped, but \(removal), the identifier it dequeues, and "
                        + "nothing registers it again: UIKit raises \"unable to dequeue a cell with identifier "
                        + "\(identifier)\" on its first cell (a crash); "
                        + Self.cellFix(registration, context: context),
                    at: registration.viewClass.location, registrations: [registration.index, unregister])
            }
            return headerFooterFinding(registration, cleared: unregister, removal: removal, context: context)
        }
    }

    /// A table header or footer falls back to its xib: with none, nothing is shown; a missing one raises; before 8.0
    /// the class-named one, whatever the mapping's own view source (`xib: Name`, or code with `xib: null`).
    private func headerFooterFinding(
        _ registration: Registration, cleared unregister: Int, removal: String, context: AnalysisContext
    ) -> Diagnostic? {
        let identifier = registration.reuseIdentifier.value
        let behaviour = context.manifest.behaviour
        let noun = registration.viewType.elementName
        let loaded = behaviour.plainHeaderFooterLoadsClassNamedXib ? registration.viewClass.value : registration.xibName
        let lost =
            "\(Wording.name(registration)) is still mapped, but \(removal), the identifier it dequeues, and nothing "
        let fix = "give it its own reuseIdentifier, or register it again after the unregister"
        if let loaded {
            // Without --resources a `xib: null` view has no class-named xib either; any other is taken at its word.
            let missing =
                context.resources.map { !$0.containsXib(named: loaded) } ?? (registration.xib == .none)
            guard missing else {
                // Before 8.0 `dt_loadFromXib()` reads the class-named xib, not the mapping's own view source.
                guard registration.xibName != loaded else { return nil }
                let own = registration.xibName.map { "\($0).xib" } ?? "code\(Self.codeKey(registration))"
                return finding(
                    "\(Wording.shortName(registration)) dequeues '\(identifier)', which the unregister at entry "
                        + "\(unregister) cleared: its \(noun) comes from \(loaded).xib, not from \(own)",
                    explained:
                        lost
                        + "registers it again: \(behaviour.libraryName) then loads the \(noun) from \(loaded).xib, "
                        + "the xib named after the class, each time, so the \(noun) is never made from \(own); \(fix)",
                    at: registration.viewClass.location, registrations: [registration.index, unregister])
            }
            let place =
                context.resources.map { resources in
                    "there is no \(loaded).xib under "
                        + InterfaceBuilderLookup.folders(resources)
                } ?? "with\(Self.codeKey(registration).isEmpty ? " no xib" : " `xib: null`") there is no \(loaded).xib"
            return finding(
                "\(Wording.shortName(registration)) dequeues '\(identifier)', which the unregister at entry "
                    + "\(unregister) cleared: a crash",
                explained:
                    lost + "registers it again: \(behaviour.libraryName) then loads the \(noun) from \(loaded).xib "
                    + "each time, but \(place), so UIKit raises \"Could not load NIB\" on its first \(noun) (a crash); "
                    + fix,
                at: registration.viewClass.location, registrations: [registration.index, unregister])
        }
        return finding(
            "\(Wording.shortName(registration)) dequeues '\(identifier)', which the unregister at entry "
                + "\(unregister) cleared: no \(noun) is shown",
            explained:
                lost + "registers it again: with no xib to load instead, no \(noun) is shown; " + fix,
            at: registration.viewClass.location, registrations: [registration.index, unregister])
    }

    /// A cell that relies on its storyboard prototype (a storyboard mapping, or one DTCollectionViewManager 6 and 7
    /// register nothing for) gets no prototype back from another identifier or another registration: only an
    /// unregister placed after it keeps the prototype.
    private static func cellFix(_ registration: Registration, context: AnalysisContext) -> String {
        guard context.resolver.reuseIdentifiers.source(of: registration).storyboard else {
            return "give it its own reuseIdentifier, or register it again after the unregister"
        }
        return "move the unregister after it (a prototype the unregister cleared does not come back), or register "
            + "the view in code"
    }

    /// " (`xib: null`)" after "code" in a manifest; nothing in Swift.
    private static func codeKey(_ registration: Registration) -> String {
        if Wording.speaksSwift(registration) { return "" }
        return " (`xib: null`)"
    }
}
