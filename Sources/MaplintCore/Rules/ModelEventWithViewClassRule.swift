/// A model-keyed event (`heightForCell(withItem:)`) given a cell or view class instead of a
/// model type: no mapping's model is that class, so the closure never runs.
public struct ModelEventWithViewClassRule: Rule {
    public init() {}

    public static let id: RuleID = "model-event-with-view-class"

    public let needs: AnalysisNeeds = []
    public let name = "Model event with view class"
    public let severity: Severity = .warning
    public let summary = "A model-keyed event is given a cell or view class instead of a model type, so it never runs."
    public let explanation = """
        Events such as `heightForCell(withItem:)`, `estimatedHeightForCell(withItem:)`, `canEditCell(withItem:)`, \
        `heightForHeader(withItem:)` (tables) or `sizeForCell(withItem:)` and `referenceSizeForHeaderView(withItem:)` \
        (collection views) are keyed by the **model** type. Passing the cell or view class instead compiles, but no \
        mapping has that class as its model: from version 8 the closure attaches to nothing, and before 8 it is \
        matched against each item when it fires and never meets one. The manager reports the anomaly \
        modelEventCalledWithCellClass when the event is registered (from 6.3; DTTableViewManager.swift and \
        DTCollectionViewManager.swift, verifyItemEvent). In a manifest this is an event whose `model:` names a view \
        class that an entry registers, unregisters or keys an event by. Fix: pass the model type of that view's \
        registration.
        """

    public let triggeringExamples = [
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
    ]

    public let nonTriggeringExamples = [
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
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        let registrations = context.manifest.registrations
        return context.manifest.entries.compactMap { entry in
            guard case .event(let event) = entry, case .viewClassAsModel(let view) = event.target else { return nil }
            let mappings = registrations.filter { $0.viewClass.value == view.value }
            var message =
                "\(event.callDescription) is given the view class \(view.value) where a model type belongs: no mapping "
                + "has \(view.value) as its model, so the closure never runs"
            if behaviour.reportsAnomalies { message += " (runtime anomaly modelEventCalledWithCellClass)" }
            let models = mappings.map(\.modelType.value.name).reduce(into: [String]()) { names, name in
                if !names.contains(name) { names.append(name) }
            }
            if models.isEmpty {
                message += "; pass the model type of \(view.value)"
            } else {
                message += "; write `withItem: \(models[0]).self`, the model type of \(view.value)"
                if models.count > 1 { message += " (or \(Wording.list(Array(models.dropFirst()))))" }
            }
            return finding(
                message, at: view.location, registrations: [event.index] + mappings.map(\.index),
                related: mappings.prefix(Wording.namedLimit).map {
                    RelatedLocation(
                        location: $0.location,
                        message: "\(Wording.name($0)) has the model type \($0.modelType.value.name)")
                })
        }
    }
}
