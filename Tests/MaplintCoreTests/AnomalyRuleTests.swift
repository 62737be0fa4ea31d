import Testing

@testable import MaplintFindings
@testable import MaplintManifest
@testable import MaplintRules

/// Each finding's place and what it explains (why and the fix, the notes at its place), or its
/// message when it has no such notes.
private func findings(_ text: String, rule: RuleID) throws -> [String] {
    Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == rule }.map {
        "\($0.location.line):\($0.location.column): \($0.explanation.isEmpty ? $0.message : $0.explanation)"
    }
}

/// The same with each finding's related notes after its message, one per line.
private func explainedFindings(_ text: String, rule: RuleID) throws -> [String] {
    Analyzer.analyze(try decodeManifest(text)).filter { $0.rule == rule }.map {
        "\($0.location.line):\($0.location.column): \($0.text)"
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
                model: String
            """
        #expect(
            try findings(manifest, rule: FlowEventWithoutFlowLayoutRule.id) == [
                "7:14: sizeForCell answers a UICollectionViewDelegateFlowLayout method, but the layout is a custom "
                    + "layout that is not a UICollectionViewFlowLayout, which does not call it: the closure "
                    + "never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views in the "
                    + "layout, or remove the event",
                "7:27: sizeForCell answers a UICollectionViewDelegateFlowLayout method, but the layout is a custom "
                    + "layout that is not a UICollectionViewFlowLayout, which does not call it: the closure "
                    + "never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views in the "
                    + "layout, or remove the event",
                "10:12: referenceSizeForFooterView answers a UICollectionViewDelegateFlowLayout method, but the layout "
                    + "is a custom layout that is not a UICollectionViewFlowLayout, which does not call it: the "
                    + "closure never runs (runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); size the views "
                    + "in the layout, or remove the event",
            ])
        // Before 8.0 the closures are just never called: no anomaly. Version 7 has no events on a mapping
        // (DTCollectionViewManager+Delegate.swift, 7.2.0), only the manager-level `sizeForCell(withItem:_:)`.
        let seven = manifest.replacingOccurrences(
            of: "layout: custom", with: "layout: custom\nlibraryVersion: \"7.2.0\""
        ).replacingOccurrences(
            of: "    events: [sizeForCell, sizeForCell]\n",
            with: "  - event: sizeForCell\n    model: Int\n  - event: sizeForCell\n    model: Int\n")
        #expect(try findings(seven, rule: FlowEventWithoutFlowLayoutRule.id).allSatisfy { !$0.contains("anomaly") })
        #expect(try findings(seven, rule: FlowEventWithoutFlowLayoutRule.id).count == 3)
    }

    /// The section events are reactions of the manager, not of a mapping (`appendNonCellReaction`,
    /// DTCollectionViewManager+Delegate.swift, `insetForSectionAtIndex`, `minimumLineSpacingForSectionAtIndex`,
    /// `minimumInteritemSpacingForSectionAtIndex`, 6.0.0 to 11.0.0), and `verifyEventsCompatibility` checks their
    /// signatures with the three sizes (DTCollectionViewManager.swift, 8.0.1 and 11.0.0).
    @Test func sectionEventsAreFlowLayoutEventsOfNoMapping() throws {
        let manifest = """
            version: 1
            host: collectionView
            layout: compositional
            registrations:
              - event: insetForSectionAtIndex
              - event: minimumInteritemSpacingForSectionAtIndex
            """
        #expect(
            try findings(manifest, rule: FlowEventWithoutFlowLayoutRule.id) == [
                "5:12: insetForSectionAtIndex answers a UICollectionViewDelegateFlowLayout method, but the layout is "
                    + "UICollectionViewCompositionalLayout, which does not call it: the closure never runs (runtime "
                    + "anomaly flowDelegateLayoutMethodWithDifferentLayout); set the section's insets and spacing in "
                    + "the layout, or remove the event",
                "6:12: minimumInteritemSpacingForSectionAtIndex answers a UICollectionViewDelegateFlowLayout method, but "
                    + "the layout is UICollectionViewCompositionalLayout, which does not call it: the closure never runs "
                    + "(runtime anomaly flowDelegateLayoutMethodWithDifferentLayout); set the section's insets and "
                    + "spacing in the layout, or remove the event",
            ])
        // They attach to no mapping, and that is no finding.
        #expect(try rules(manifest) == [FlowEventWithoutFlowLayoutRule.id, FlowEventWithoutFlowLayoutRule.id])
        let flow = manifest.replacingOccurrences(of: "compositional", with: "flow")
        #expect(try rules(flow).isEmpty)
        // On a mapping, or with a view or model, a section event is misplaced.
        let onMapping = """
            version: 1
            host: collectionView
            registrations:
              - cell: CountCell
                model: Int
                events: [insetForSectionAtIndex]
            """
        #expect(
            try findings(onMapping, rule: UnknownEventRule.id) == [
                "6:14: 'insetForSectionAtIndex' is a section event of the manager, not an event of a mapping: "
                    + "DTCollectionViewManager calls it for every section; write it as an entry of its own, "
                    + "`- event: insetForSectionAtIndex`"
            ])
        let withView =
            "version: 1\nhost: collectionView\nregistrations:\n  - event: insetForSectionAtIndex\n    view: CountCell\n"
        #expect(
            ManifestLoader.load(bytes: Array(withView.utf8), file: "m.maplint.yml").diagnostics.map(\.message) == [
                "'insetForSectionAtIndex' is a section event: it is registered for every section, with no view or "
                    + "model type (manager.insetForSectionAtIndex { layout, section in … }); remove 'view'"
            ])
        // A table manager has no such event.
        let table = "version: 1\nhost: tableView\nregistrations:\n  - event: minimumLineSpacingForSectionAtIndex\n"
        #expect(
            try findings(table, rule: UnknownEventRule.id).first?.hasPrefix(
                "4:12: DTTableViewManager has no event named 'minimumLineSpacingForSectionAtIndex' (it is an event of "
                    + "DTCollectionViewManager)") == true)
        // The first closure of a name answers (EventReactions.swift, unmappedReaction, DTModelStorage 11.0.2).
        let twice = manifest.replacingOccurrences(
            of: "  - event: minimumInteritemSpacingForSectionAtIndex", with: "  - event: insetForSectionAtIndex")
        #expect(
            try explainedFindings(twice, rule: DuplicateEventRule.id) == [
                "6:12: insetForSectionAtIndex is registered twice: this closure never runs\n"
                    + "insetForSectionAtIndex is first registered here\n"
                    + "the manager calls only the first insetForSectionAtIndex closure\n"
                    + "fix: merge the two closures or remove this one"
            ])
    }

    /// `verifyItemEvent` decides by the class alone (`case is UITableViewCell.Type`, DTTableViewManager.swift
    /// 11.0.1; `case is UICollectionReusableView.Type`, DTCollectionViewManager.swift 11.0.0), so a view class
    /// no entry registers is reported as well, once `models:` declares it a view.
    @Test func aViewClassDeclaredInModelsIsNoModelType() throws {
        let table = """
            version: 1
            host: tableView
            models:
              BaseCell: {inherits: UITableViewCell}
              LegacyCell: {inherits: BaseCell}
            registrations:
              - cell: CountCell
                model: Int
              - event: heightForCell
                model: LegacyCell
            """
        #expect(
            try findings(table, rule: ModelEventWithViewClassRule.id) == [
                "10:12: heightForCell(withItem: LegacyCell.self) is given the view class LegacyCell (a UITableViewCell "
                    + "subclass) where a model type belongs: no mapping has LegacyCell as its model, so the closure never "
                    + "runs (runtime anomaly modelEventCalledWithCellClass); pass the model type of LegacyCell"
            ])
        #expect(try rules(table) == [ModelEventWithViewClassRule.id])
        // The collection manager does not check table views: the closure never runs, with no anomaly.
        let collection = """
            version: 1
            host: collectionView
            models:
              RowCell: {inherits: UITableViewCell}
            registrations:
              - event: sizeForCell
                model: RowCell
            """
        let found = try findings(collection, rule: ModelEventWithViewClassRule.id)
        #expect(found.count == 1 && found.first?.contains("anomaly") == false)
        // A view class is no model type anywhere else.
        let asModel =
            "version: 1\nhost: tableView\nmodels:\n  RowCell: {inherits: UITableViewCell}\n"
            + "registrations:\n  - cell: OtherCell\n    model: RowCell\n"
        #expect(
            ManifestLoader.load(bytes: Array(asModel.utf8), file: "m.maplint.yml").diagnostics.map(\.message) == [
                "'RowCell' is declared as a view class (it inherits UITableViewCell), not a model type; only a "
                    + "model-keyed event may name it (model-event-with-view-class)"
            ])
        // A type that is not declared at all is still an unknown model type.
        let unknown = "version: 1\nhost: tableView\nregistrations:\n  - event: heightForCell\n    model: GhostCell\n"
        #expect(
            ManifestLoader.load(bytes: Array(unknown.utf8), file: "m.maplint.yml").diagnostics.first?.message
                .hasPrefix("unknown model type 'GhostCell'") == true)
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
    /// all; so is a model-keyed cell event, for items of its type no cell mapping shows.
    /// Only view-keyed events are checked for a mapping, one second later
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
            try explainedFindings(table, rule: EventWithoutRegistrationRule.id) == [
                // heightForCell(withItem: Int.self) is stored on an events-only mapping and found by model type
                // alone (EventReactions.swift, MS 8.1.0; run on a UIKit stand-in, 2026-12-07): it runs for Int items.
                "15:12: the manager-level didSelect(PriceCell.self) attaches to no mapping: its closure never runs\n"
                    + "no cell mapping it can apply to exists once setup is done, so DTTableViewManager 7 never calls the "
                    + "closure (it reports the anomaly unusedEventDetected)\nfix: register the cell, or remove the event"
            ])
        // From 8 the header and footer events attach to earlier mappings only.
        let eight = table.replacingOccurrences(of: "\"7.2.0\"", with: "\"8.0.1\"")
        #expect(try findings(eight, rule: EventWithoutRegistrationRule.id).count == 4)
        // Before 6.3.0 no anomaly is reported at all.
        let six = table.replacingOccurrences(of: "\"7.2.0\"", with: "\"6.2.0\"")
        #expect(try findings(six, rule: EventWithoutRegistrationRule.id).last?.contains("anomaly") == false)
    }
}
