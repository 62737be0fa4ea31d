/// A manager-level event for a view that does not conform to ModelTransfer.
import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintResolver

struct EventRequiresModelTransferRule: Rule {
    package static let description = RuleDescription(
        id: "event-requires-model-transfer",
        name: "Event requires ModelTransfer",
        severity: .error,
        summary: "A manager-level event is registered for a view that does not conform to ModelTransfer.",
        explanation: """
            Manager-level events such as `manager.didSelect(PostCell.self) { cell, model, indexPath in … }` hand the \
            closure the view's model, so they exist only for views that conform to ModelTransfer. A mapping made \
            with `modelTransfer: false` (a view configured by a handler, such as a plain UITableViewCell) cannot \
            take them. Fix: put the event in the mapping's own `events`, or make the view conform to ModelTransfer.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: UITableViewCell
                    model: String
                    modelTransfer: false
                    xib: null
                  - event: ↓didSelect
                    view: UITableViewCell
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: UITableViewCell
                    model: String
                    modelTransfer: false
                    xib: null
                    events: [didSelect]
                  - cell: TitleCell
                    model: Int
                  - event: didSelect
                    view: TitleCell
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        context.eventTimeline.attachments.compactMap { attachment in
            let event = attachment.event
            guard case .view(let view) = event.target else { return nil }
            let plain = attachment.mappings.filter { !$0.modelTransfer }
            guard !plain.isEmpty else { return nil }
            let names = Wording.list(plain.map(Wording.name))
            let message =
                "the manager-level \(event.callDescription) needs a view that conforms to ModelTransfer, "
                + "but \(names) \(plain.count == 1 ? "is" : "are") registered with modelTransfer: false: "
                + "\(context.host.manager) offers manager-level events only for ModelTransfer views, so this closure cannot be attached; "
                + "add \(event.name.value) to the `events` of the mapping instead, or make \(view.value) conform to ModelTransfer"
            return finding(
                "the manager-level \(event.callDescription) cannot attach: "
                    + "\(Wording.list(plain.map(Wording.shortName), limit: 2)) \(plain.count == 1 ? "has" : "have") "
                    + "modelTransfer: false",
                explained: message, at: event.name.location,
                registrations: (plain.map(\.index) + [event.index]).sorted(),
                related: plain.map {
                    RelatedLocation(location: $0.location, message: "\(Wording.name($0)) has modelTransfer: false")
                })
        }
    }
}
