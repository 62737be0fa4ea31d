import Testing

@testable import MaplintCore

private func findings(_ text: String, rule: RuleID) throws -> [String] {
    Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == rule }.map {
        "\($0.location.line):\($0.location.column): \($0.message)"
    }
}

private func rules(_ text: String) throws -> [RuleID] {
    Analyzer.analyze(try decodeManifest(text)).map(\.rule)
}

/// The anomalies of docs/anomalies.md that have their own rule, each checked against the source
/// that reports it.
@Suite struct AnomalyRuleTests {
    /// `verifyItemEvent(for:eventMethod:)` reports modelEventCalledWithCellClass when the model type of a
    /// model-keyed event is a `UITableViewCell`, `UITableViewHeaderFooterView` or `UICollectionReusableView`
    /// (DTTableViewManager.swift, verifyItemEvent, 6.6.0 and 11.0.1; DTCollectionViewManager.swift,
    /// verifyItemEvent(for:methodName:), 6.6.0 and 11.0.0). The anomaly arrives in 6.3.0.
    @Test func modelEventCalledWithCellClass() throws {
        let table = """
            version: 1
            host: tableView
            registrations:
              - cell: CountCell
                model: Int
              - cell: CountCell
                model: String
              - event: heightForCell
                model: CountCell
            """
        #expect(
            try findings(table, rule: ModelEventWithViewClassRule.id) == [
                "9:12: heightForCell(withItem: CountCell.self) is given the view class CountCell where a model type "
                    + "belongs: no mapping has CountCell as its model, so the closure never runs (runtime anomaly "
                    + "modelEventCalledWithCellClass); write `withItem: Int.self`, the model type of CountCell (or String)"
            ])
        // The same event is not also reported as attaching to no mapping.
        #expect(try !rules(table).contains(EventWithoutRegistrationRule.id))
        // Before 6.3.0 there is no anomaly system: the closure still never runs, silently.
        let old = table.replacingOccurrences(of: "host: tableView", with: "host: tableView\nlibraryVersion: \"6.2.0\"")
        #expect(try findings(old, rule: ModelEventWithViewClassRule.id).first?.contains("anomaly") == false)
        let collection = """
            version: 1
            host: collectionView
            registrations:
              - event: sizeForCell
                model: PhotoCell
              - cell: PhotoCell
                model: Photo
            models:
              Photo: {}
            """
        let found = try findings(collection, rule: ModelEventWithViewClassRule.id)
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("5:12: sizeForCell(withItem: PhotoCell.self) is given the view class") == true)
        #expect(found.first?.hasSuffix("write `withItem: Photo.self`, the model type of PhotoCell") == true)
    }

    /// A name that is a declared model is a model, even when a view class of that name exists.
    @Test func aDeclaredModelIsNeverAViewClass() throws {
        let manifest = """
            version: 1
            host: tableView
            models:
              Banner: {}
            registrations:
              - cell: Banner
                model: Banner
              - event: heightForCell
                model: Banner
            """
        #expect(try rules(manifest).isEmpty)
    }

    /// `verifyEventsCompatibility()` reports flowDelegateLayoutMethodWithDifferentLayout for each
    /// `sizeForItemAtIndexPath`, `referenceSizeForHeaderInSection`, `referenceSizeForFooterInSection` (and section
    /// inset/spacing) reaction when `collectionViewLayout as? UICollectionViewFlowLayout` fails
    /// (DTCollectionViewManager.swift, verifyEventsCompatibility, 8.0.1 and 11.0.0; absent in 7.2.0).
    @Test func flowDelegateLayoutMethodWithDifferentLayout() throws {
        let manifest = """
            version: 1
            host: collectionView
            layout: custom
            registrations:
              - cell: CountCell
                model: Int
                events: [sizeForCell, sizeForCell]
              - footer: SectionFooterView
                model: String
              - event: referenceSizeForFooterView
                view: SectionFooterView
                element: footer
            """
        #expect(
            try findings(manifest, rule: FlowEventWithoutFlowLayoutRule.id) == [
                "7:14: sizeForCell answers a UICollectionViewDelegateFlowLayout method, but the layout is a custom "
                    + "layout that is not a UICollectionViewFlowLayout (line 3), which does not call it: the closure "
                    + "never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views in the "
                    + "layout, or remove the event",
                "7:27: sizeForCell answers a UICollectionViewDelegateFlowLayout method, but the layout is a custom "
                    + "layout that is not a UICollectionViewFlowLayout (line 3), which does not call it: the closure "
                    + "never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views in the "
                    + "layout, or remove the event",
                "10:12: referenceSizeForFooterView answers a UICollectionViewDelegateFlowLayout method, but the layout "
                    + "is a custom layout that is not a UICollectionViewFlowLayout (line 3), which does not call it: the "
                    + "closure never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views "
                    + "in the layout, or remove the event",
            ])
        // Before 8.0 the closures are just never called: no anomaly.
        let seven = manifest.replacingOccurrences(
            of: "layout: custom", with: "layout: custom\nlibraryVersion: \"7.2.0\"")
        #expect(try findings(seven, rule: FlowEventWithoutFlowLayoutRule.id).allSatisfy { !$0.contains("anomaly") })
        #expect(try findings(seven, rule: FlowEventWithoutFlowLayoutRule.id).count == 3)
    }

    @Test func layoutIsACollectionViewKey() {
        func errors(_ text: String) -> [String] {
            ManifestLoader.load(bytes: Array(text.utf8), file: "m.maplint.yml").diagnostics.map {
                "\($0.location.line):\($0.location.column): \($0.message)"
            }
        }
        #expect(
            errors("version: 1\nhost: tableView\nlayout: flow\n") == [
                "3:1: 'layout' is for collection views: a table view has no collection view layout; remove it"
            ])
        #expect(
            errors("version: 1\nhost: collectionView\nlayout: Flow\n") == [
                "3:9: 'layout' must be flow, compositional or custom, not 'Flow' (did you mean 'flow'?)"
            ])
        #expect(errors("version: 1\nhost: collectionView\nlayout: compositional\n").isEmpty)
    }

    /// The probe view's `reuseIdentifier` (an overridden property answers it) is compared with the mapping's:
    /// TableViewFactory.swift, verifyCell, 6.6.0 and 11.0.1 (differentCellReuseIdentifier; headers are not
    /// checked, verifyHeaderFooterView); CollectionViewFactory.swift, verifyCell, 8.0.1 (reported) and 8.1.0
    /// (no longer); verifySupplementaryView, 11.0.0 (differentSupplementaryReuseIdentifier, not for storyboard views).
    @Test func differentReuseIdentifierFromAnOverriddenProperty() throws {
        let table = """
            version: 1
            host: tableView
            registrations:
              - cell: CountCell
                model: Int
                reuseIdentifier: count
                viewReuseIdentifier: "CountCell"
              - header: TitleHeaderView
                model: String
                viewReuseIdentifier: "Title"
            """
        #expect(
            try findings(table, rule: OverriddenReuseIdentifierRule.id) == [
                "7:26: CountCell (entry 0, line 4) returns \"CountCell\" from its reuseIdentifier property, but is "
                    + "registered under \"count\": DTTableViewManager 11 reports the anomaly differentCellReuseIdentifier "
                    + "when it is registered; return \"count\" from the override, or remove it and set reuseIdentifier "
                    + "on the mapping"
            ])
        func collection(_ version: String, storyboard: Bool = false) throws -> [String] {
            try findings(
                """
                version: 1
                host: collectionView
                libraryVersion: "\(version)"
                registrations:
                  - cell: PhotoCell
                    model: Int
                    viewReuseIdentifier: "Photo"
                  - footer: LoadMoreFooter
                    model: String
                    storyboard: \(storyboard)
                    viewReuseIdentifier: "More"
                """, rule: OverriddenReuseIdentifierRule.id
            ).map {
                String($0.split(separator: ":")[0]) + " " + ($0.contains("differentCell") ? "cell" : "supplementary")
            }
        }
        #expect(try collection("8.0.1") == ["7 cell", "11 supplementary"])
        #expect(try collection("8.1.0") == ["11 supplementary"])
        #expect(try collection("11.0.0", storyboard: true) == [])
        // No anomaly system before 6.3.0.
        #expect(try collection("6.2.0") == [])
        #expect(try collection("6.3.0") == ["7 cell", "11 supplementary"])
    }

    /// Before DT 8 a model-keyed table header or footer event is kept by the delegate wrapper and
    /// run for whatever header (footer) model of that type the section has, found when
    /// `tableView(_:heightForFooterInSection:)` asks (DTTableViewDelegate, performFooterReaction;
    /// 6.0.0 and 7.2.0): a `.title` section footer of that type runs it with no footer mapping at
    /// all. Only view-keyed events are checked for a mapping, one second later
    /// (DTTableViewManager.verifyViewEvent, 6.3.0 and 7.2.0): unusedEventDetected.
    @Test func beforeDT8TableHeaderAndFooterModelEventsNeedNoMapping() throws {
        let table = """
            version: 1
            host: tableView
            libraryVersion: "7.2.0"
            registrations:
              - cell: NameCell
                model: String
              - event: heightForFooter
                model: String
                element: footer
              - event: estimatedHeightForHeader
                model: Int
                element: header
              - event: heightForCell
                model: Int
              - event: didSelect
                view: PriceCell
            """
        #expect(
            try findings(table, rule: EventWithoutRegistrationRule.id) == [
                "13:12: the manager-level heightForCell(withItem: Int.self) attaches to no mapping: no cell mapping it "
                    + "can apply to exists once setup is done, so DTTableViewManager 7 never calls the closure; register "
                    + "the cell, or remove the event",
                "15:12: the manager-level didSelect(PriceCell.self) attaches to no mapping: no cell mapping it can apply "
                    + "to exists once setup is done, so DTTableViewManager 7 never calls the closure (it reports the "
                    + "anomaly unusedEventDetected); register the cell, or remove the event",
            ])
        // From 8 the header and footer events attach to earlier mappings only.
        let eight = table.replacingOccurrences(of: "\"7.2.0\"", with: "\"8.0.1\"")
        #expect(try findings(eight, rule: EventWithoutRegistrationRule.id).count == 4)
        // Before 6.3.0 no anomaly is reported at all.
        let six = table.replacingOccurrences(of: "\"7.2.0\"", with: "\"6.2.0\"")
        #expect(try findings(six, rule: EventWithoutRegistrationRule.id).last?.contains("anomaly") == false)
    }
}
