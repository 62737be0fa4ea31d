import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

/// A model-keyed event (`heightForCell(withItem:)`) given a cell or view class instead of a
/// model type: no mapping's model is that class, so the closure never runs.
struct ModelEventWithViewClassRule: Rule {
    package static let description = RuleDescription(
        id: "model-event-with-view-class",
        name: "Model event with view class",
        severity: .warning,
        summary: "A model-keyed event is given a cell or view class instead of a model type, so it never runs.",
        explanation: """
            Events such as `heightForCell(withItem:)`, `estimatedHeightForCell(withItem:)`, `canEditCell(withItem:)`, \
            `heightForHeader(withItem:)` (tables) or `sizeForCell(withItem:)` and `referenceSizeForHeaderView(withItem:)` \
            (collection views) are keyed by the **model** type. Passing the cell or view class instead compiles, but no \
            mapping has that class as its model: from version 8 the closure attaches to nothing, and before 8 it is \
            matched against each item when it fires and never meets one. The manager reports the anomaly \
            modelEventCalledWithCellClass when the event is registered (from 6.3; DTTableViewManager.swift and \
            DTCollectionViewManager.swift, verifyItemEvent). In a manifest this is an event whose `model:` names a view \
            class that an entry registers, unregisters or keys an event by, or that `models:` declares as a view \
            (`inherits: UITableViewCell`, `UITableViewHeaderFooterView`, `UICollectionReusableView` or \
            `UICollectionViewCell`; `extract` declares so the view classes it finds). Fix: pass the model type of that \
            view's registration.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: CountCell
                    model: Int
                  - event: heightForCell
                    model: ↓CountCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "7.2.0"
                registrations:
                  - event: referenceSizeForHeaderView
                    model: ↓SectionHeaderView
                    element: header
                  - header: SectionHeaderView
                    model: String
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  LegacyCell: {inherits: UITableViewCell}
                registrations:
                  - cell: CountCell
                    model: Int
                  - event: estimatedHeightForCell
                    model: ↓LegacyCell
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: CountCell
                    model: Int
                  - event: heightForCell
                    model: Int
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        let registrations = context.manifest.registrations
        return context.manifest.entries.compactMap { entry in
            guard case .event(let event) = entry, case .viewClassAsModel(let view) = event.target else { return nil }
            let mappings = registrations.filter { $0.viewClass.value == view.value }
            let declared = context.manifest.declaredViewClasses[view.value]
            var message =
                "\(event.callDescription) is given the view class \(view.value)"
                + (declared.map { " (a \($0.value) subclass)" } ?? "") + " where a model type belongs: no mapping "
                + "has \(view.value) as its model, so the closure never runs"
            if behaviour.reportsAnomalies, Self.isReported(declared?.value, host: context.host) {
                message += " (runtime anomaly \(Anomaly.modelEventCalledWithCellClass))"
            }
            let models = mappings.map(\.modelType.value.name).reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            if models.isEmpty {
                message += "; pass the model type of \(view.value)"
            } else {
                message += "; write `withItem: \(models[0]).self`, the model type of \(view.value)"
                if models.count > 1 { message += " (or \(Wording.list(Array(models.dropFirst()))))" }
            }
            var related = mappings.prefix(Wording.namedLimit).map {
                RelatedLocation(
                    location: $0.location,
                    message: "\(Wording.name($0)) has the model type \($0.modelType.value.name)")
            }
            if let declared, mappings.isEmpty {
                related.append(
                    RelatedLocation(
                        location: declared.location,
                        message: "\(view.value) is declared as a view class here (it inherits \(declared.value))"))
            }
            return finding(
                "\(event.callDescription) never runs: \(view.value) is a view class, not a model type",
                explained: message,
                at: view.location, registrations: [event.index] + mappings.map(\.index), related: related)
        }
    }

    /// Whether the manager's check reports a view of this UIKit class (nil: a class the manifest
    /// registers, of this host): the table manager refuses cells, header/footer views and
    /// collection reusable views; the collection manager only collection reusable views and cells.
    static func isReported(_ uiKitClass: String?, host: Host) -> Bool {
        guard let uiKitClass else { return true }
        return UIKitViews.isRefusedAsEventModel(uiKitClass, host: host)
    }
}
