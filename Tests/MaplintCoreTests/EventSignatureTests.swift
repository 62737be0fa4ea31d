import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

private func load(_ text: String) -> ManifestLoadResult {
    ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml")
}

/// The invalid-manifest errors of `text` as "line:column: message".
private func manifestErrors(_ text: String) -> [String] {
    load(text).diagnostics.filter { $0.rule == InvalidManifestRule.id }.map {
        "\($0.location.line):\($0.location.column): \($0.message)"
    }
}

/// The findings of `rule` for `text`, which must load.
private func findings(_ text: String, _ rule: RuleID) throws -> [Diagnostic] {
    let manifest = try #require(load(text).manifest)
    return Analyzer.analyze(manifest).filter { $0.rule == rule }
}

/// An event is written the way the library offers it: on a mapping only from 8, keyed by a view or by a
/// model type as its manager-level method is, and for the element its name is for.
@Suite struct EventSignatureTests {
    /// Events on a mapping arrive in 8.0: DTTableViewManager+Delegate.swift adds `didSelect` and the others in
    /// `extension ViewModelMapping where View: UITableViewCell`, 8.0.0; at 7.2.0 that file has only the
    /// manager-level `didSelect(_:_:)`, and DTModelStorage's `ViewModelMapping` keeps no reactions
    /// (ViewModelMapping.swift, 8.1.0). Likewise DTCollectionViewManager+Delegate.swift, 7.2.0 vs 8.0.0.
    @Test func eventsOnAMappingNeedVersion8() throws {
        func manifest(_ host: String, _ version: String) -> String {
            """
            version: 1
            host: \(host)
            libraryVersion: "\(version)"
            registrations:
              - cell: PostCell
                model: Int
                events: [didSelect]
            """
        }
        #expect(
            manifestErrors(manifest("tableView", "7.2.0")) == [
                "7:5: 'events' on a registration needs DTTableViewManager 8 or later: events on a mapping "
                    + "(mapping.didSelect { … } in the closure of register) arrive in 8.0, and DTTableViewManager 7.2.0 "
                    + "has only the manager-level methods; write each as an '- event:' entry with 'view:' "
                    + "(manager.didSelect(Cell.self) { … })"
            ])
        #expect(load(manifest("tableView", "7.2.0")).manifest == nil)
        #expect(manifestErrors(manifest("collectionView", "6.6.0")).count == 1)
        #expect(manifestErrors(manifest("tableView", "8.0.0")).isEmpty)
        #expect(manifestErrors(manifest("collectionView", "8.0.0")).isEmpty)
        // The manager-level form is what 7 has.
        #expect(
            manifestErrors(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - cell: PostCell
                    model: Int
                  - event: didSelect
                    view: PostCell
                """
            ).isEmpty)
    }

    /// Header heights are keyed by model type only: `heightForHeader(withItem:_:)`, and on a mapping from 8
    /// `heightForHeader(_:)`; no version has a manager-level method that takes a header class
    /// (DTTableViewManager+Delegate.swift, 6.6.0, 7.2.0, 8.0.0, 11.0.1). Collections' `sizeForCell(withItem:_:)`
    /// likewise (DTCollectionViewManager+Delegate.swift, 6.6.0, 11.0.0).
    @Test func aModelKeyedEventTakesNoView() throws {
        // DTTableViewManager 6.0.0 to 6.1.1 key editingStyle by cell class, `editingStyle(for cellClass:_:)`;
        // 6.2.0 replaces it with `editingStyle(forItem:_:)` (DTTableViewManager+Delegate.swift, 6.1.1, 6.2.0).
        func editingStyle(_ version: String) -> [String] {
            manifestErrors(
                """
                version: 1
                host: tableView
                libraryVersion: "\(version)"
                registrations:
                  - cell: PostCell
                    model: String
                  - event: editingStyle
                    view: PostCell
                """)
        }
        #expect(editingStyle("6.0.0").isEmpty)
        #expect(editingStyle("6.1.1").isEmpty)
        #expect(
            editingStyle("6.2.0") == [
                "8:5: 'editingStyle' is keyed by model type: DTTableViewManager has "
                    + "manager.editingStyle(forItem: Model.self) and no version from 6.2.0 takes a view class; write "
                    + "'model:' with the model type instead of 'view:'"
            ])
        #expect(
            manifestErrors(
                """
                version: 1
                host: tableView
                registrations:
                  - header: FeedHeader
                    model: String
                  - event: heightForHeader
                    view: FeedHeader
                """) == [
                    "7:5: 'heightForHeader' is keyed by model type: DTTableViewManager has "
                        + "manager.heightForHeader(withItem: Model.self) and no version takes a view class; write "
                        + "'model:' with the model type instead of 'view:'"
                ])
        #expect(
            manifestErrors(
                """
                version: 1
                host: collectionView
                registrations:
                  - event: sizeForCell
                    view: PostCell
                """) == [
                    "5:5: 'sizeForCell' is keyed by model type: DTCollectionViewManager has "
                        + "manager.sizeForCell(withItem: Model.self) and no version takes a view class; write "
                        + "'model:' with the model type instead of 'view:'"
                ])
        #expect(
            manifestErrors(
                """
                version: 1
                host: tableView
                registrations:
                  - header: FeedHeader
                    model: String
                  - event: heightForHeader
                    model: String
                  - event: willDisplayHeaderView
                    view: FeedHeader
                """
            ).isEmpty)
    }

    /// `willDisplayHeaderView(_:_:)`, `didEndDisplayingFooterView(_:_:)`, `heightForHeader(withItem:_:)` and the
    /// like take a header (footer) view or model only, in every version (DTTableViewManager+Delegate.swift,
    /// 6.6.0, 7.2.0, 11.0.1; they append their reaction for `.supplementaryView(kind: DTTableViewElementSectionHeader)`,
    /// DTTableViewDelegateWrapper.swift, `appendReaction(forSupplementaryKind:supplementaryClass:…)`, 7.2.0): the
    /// name implies the element.
    @Test func anEventForHeadersOnlyImpliesTheElement() throws {
        let text = """
            version: 1
            host: tableView
            registrations:
              - header: FeedHeader
                model: String
              - footer: FeedFooter
                model: String
              - event: willDisplayHeaderView
                view: FeedHeader
              - event: didEndDisplayingFooterView
                view: FeedFooter
              - event: heightForFooter
                model: String
            """
        #expect(try findings(text, EventWithoutRegistrationRule.id).isEmpty)
        let manifest = try #require(load(text).manifest)
        let events = manifest.entries.compactMap { entry -> ViewType? in
            if case .event(let event) = entry { return event.viewType }
            return nil
        }
        #expect(events == [.header(for: .tableView), .footer(for: .tableView), .footer(for: .tableView)])
        // An element that contradicts the name is an error.
        #expect(
            manifestErrors(
                """
                version: 1
                host: tableView
                registrations:
                  - event: willDisplayHeaderView
                    view: FeedHeader
                    element: footer
                """) == [
                    "6:14: 'willDisplayHeaderView' is an event of headers, not of footers; remove 'element' (the name "
                        + "implies it) or use the event of that element"
                ])
        // A collection's supplementary events need a header, a footer or a kind.
        #expect(
            manifestErrors(
                """
                version: 1
                host: collectionView
                registrations:
                  - event: willDisplaySupplementaryView
                    view: BadgeView
                """) == [
                    "4:12: 'willDisplaySupplementaryView' is an event of supplementary views: add 'element: header', "
                        + "'element: footer', or 'element: supplementary' with its 'kind'"
                ])
        let badge = """
            version: 1
            host: collectionView
            registrations:
              - supplementary: BadgeView
                kind: badge
                model: Int
              - event: willDisplaySupplementaryView
                view: BadgeView
                kind: badge
              - event: referenceSizeForHeaderView
                model: Int
            """
        let badgeManifest = try #require(load(badge).manifest)
        let badgeEvents = badgeManifest.entries.compactMap { entry -> ViewType? in
            if case .event(let event) = entry { return event.viewType }
            return nil
        }
        #expect(badgeEvents == [.supplementary(kind: "badge"), .header(for: .collectionView)])
    }

    /// Before 8 a view-keyed event reports `unusedEventDetected` only when no mapping of its class exists, of any
    /// element: `verifyViewEvent(for:methodName:)` filters `viewFactory.mappings` by class alone
    /// (DTTableViewManager.swift, 7.2.0 `isSubclass(of:)`, 6.6.0 `viewClass == T.self`). A cell event for a class
    /// registered only as a header never runs, and 7 reports nothing.
    @Test func version7NamesUnusedEventDetectedOnlyWhenNoMappingOfTheClassExists() throws {
        let found = try findings(
            """
            version: 1
            host: tableView
            libraryVersion: "7.2.0"
            registrations:
              - header: FeedHeader
                model: String
              - event: didSelect
                view: FeedHeader
              - event: didSelect
                view: GhostCell
            """, EventWithoutRegistrationRule.id)
        #expect(
            found.map(\.message) == [
                "the manager-level didSelect(FeedHeader.self) attaches to no mapping: its closure never runs",
                "the manager-level didSelect(GhostCell.self) attaches to no mapping: its closure never runs",
            ])
        #expect(
            found.map(\.explanation) == [
                "FeedHeader is registered only as a header, not as a cell, so DTTableViewManager 7 never calls the "
                    + "closure, and reports no anomaly (a mapping of FeedHeader exists); register FeedHeader as a cell, "
                    + "or remove the event",
                "no cell mapping it can apply to exists once setup is done, so DTTableViewManager 7 never calls the "
                    + "closure (it reports the anomaly unusedEventDetected); register the cell, or remove the event",
            ])
        #expect(found.map(\.registrations) == [[0, 1], [2]])
        #expect(found.allSatisfy { !$0.text.contains("eventRegistrationForUnregisteredMapping") })
        // Before 6.3 there are no anomalies at all.
        let old = try findings(
            """
            version: 1
            host: tableView
            libraryVersion: "6.2.0"
            registrations:
              - event: didSelect
                view: GhostCell
            """, EventWithoutRegistrationRule.id)
        #expect(old.count == 1)
        #expect(old.allSatisfy { !$0.message.contains("anomaly") })
    }
}
