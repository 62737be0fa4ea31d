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
}
