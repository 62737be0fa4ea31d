import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

/// An event name the host's manager does not have.
package struct UnknownEventRule: Rule {
    package static let description = RuleDescription(
        id: "unknown-event",
        name: "Unknown event",
        severity: .error,
        summary: "An event name that DTTableViewManager or DTCollectionViewManager does not have.",
        explanation: """
            Table views and collection views have different events (`heightForCell` belongs to \
            DTTableViewManager, `sizeForCell` to DTCollectionViewManager). An event name the host's manager does \
            not have cannot be registered, so the manifest does not describe the app. `maplint rules unknown-event` \
            lists the names maplint knows; a close name is suggested. Fix: correct the name, or remove the event.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect, ↓didSelectRow]
                  - event: ↓sizeForCell
                    view: TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [↓heightForCell, ↓minimumLineSpacingForSectionAtIndex]
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - event: ↓insetForSectionAtIndex
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect, sizeForCell, willDisplay]
                  - event: shouldHighlight
                    view: TitleCell
                  - event: insetForSectionAtIndex
                """)
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let known = Set(context.eventNames)
        var findings: [Diagnostic] = []
        for entry in context.manifest.entries {
            switch entry {
            case .registration(let registration):
                for event in registration.events where !known.contains(event.value) {
                    if HostEvents.sectionEvents(for: context.host).contains(event.value) {
                        findings.append(
                            finding(
                                "'\(event.value)' is a section event of the manager, not an event of a mapping: "
                                    + "\(HostEvents.manager(for: context.host)) calls it for every section; write it as "
                                    + "an entry of its own, `- event: \(event.value)`",
                                at: event.location, registrations: [registration.index]))
                        continue
                    }
                    findings.append(unknown(event, registrations: [registration.index], context: context))
                }
            case .event(let event) where event.target.isSection:
                if !HostEvents.sectionEvents(for: context.host).contains(event.name.value) {
                    findings.append(unknown(event.name, registrations: [event.index], context: context))
                }
            case .event(let event) where !known.contains(event.name.value):
                findings.append(unknown(event.name, registrations: [event.index], context: context))
            default:
                break
            }
        }
        return findings
    }

    private func unknown(_ event: Located<String>, registrations: [Int], context: AnalysisContext) -> Diagnostic {
        let manager = HostEvents.manager(for: context.host)
        var message = "\(manager) has no event named '\(event.value)'"
        let otherHost: Host = context.host == .tableView ? .collectionView : .tableView
        if HostEvents.names(for: otherHost).contains(event.value)
            || HostEvents.sectionEvents(for: otherHost).contains(event.value)
        {
            message += " (it is an event of \(HostEvents.manager(for: otherHost)))"
        }
        message += Suggestion.didYouMean(event.value, in: context.eventNames)
        let headline = message
        message +=
            ": no such closure can be registered, so the manifest does not match the app; correct the name or remove the event"
        return finding(headline, explained: message, at: event.location, registrations: registrations)
    }
}
