import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

/// An event that still works but is deprecated: `configure`, `configureHeader`,
/// `configureFooter` (and `configureSupplementary` on collection views) from DT 8.
struct DeprecatedEventRule: Rule {
    package static let description = RuleDescription(
        id: "deprecated-event",
        name: "Deprecated event",
        severity: .note,
        summary: "An event that still runs but is deprecated in favour of the register call's handler.",
        explanation: """
            DTTableViewManager and DTCollectionViewManager 8 moved cell and view configuration into the `handler` \
            closure of `register(_:mapping:handler:)` (and of `registerHeader`, `registerFooter`, \
            `registerSupplementary`). The old `configure`, `configureHeader`, `configureFooter` and \
            `configureSupplementary` events still exist, up to version 11, but are deprecated \
            (DTTableViewManager+Deprecated.swift): they run, and attach like any manager-level event. Before \
            version 8 they are ordinary events and this rule is silent. Fix: move the closure's body into the \
            handler of the register call. `maplint lint --fix` takes the event out of a manifest (the handler is \
            not listed there); in Swift code the body is still moved by hand.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: ↓configure
                    view: TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - supplementary: BadgeView
                    kind: badge
                    model: Int
                    events: [↓configureSupplementary]
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: configure
                    view: TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect]
                """),
        ],
        corrections: [
            RuleCorrection(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: configure
                    view: TitleCell
                  - event: didSelect
                    view: TitleCell
                """,
                fixed: """
                    version: 1
                    host: tableView
                    registrations:
                      - cell: TitleCell
                        model: String
                      - event: didSelect
                        view: TitleCell
                    """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard context.manifest.behaviour.configureEventsAreDeprecated else { return [] }
        let deprecated = HostEvents.deprecated(for: context.host)
        var findings: [Diagnostic] = []
        for entry in context.manifest.entries {
            let events: [Located<String>]
            switch entry {
            case .registration(let registration): events = registration.events
            case .event(let event): events = [event.name]
            case .unregister: events = []
            }
            for event in events {
                guard let replacement = deprecated[event.value] else { continue }
                findings.append(
                    finding(
                        "'\(event.value)' is deprecated in \(context.manifest.behaviour.libraryName) (it still runs); "
                            + "use \(replacement) instead", at: event.location, registrations: [entry.index],
                        fixAction: .removeEvent(entry: entry.index, name: event.value, location: event.location)))
            }
        }
        return findings
    }
}
