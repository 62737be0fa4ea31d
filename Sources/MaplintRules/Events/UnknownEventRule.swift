import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver

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
            lists the names maplint knows; a close name is suggested. A name the manager has is still reported \
            where DT does not declare it, since the code would not compile: an iOS-only event (inside `#if \
            os(iOS)` in DT: swipe actions, editing, drag and drop, context menus, `shouldSpringLoad`) with a tvOS \
            `deploymentTarget`, and from DTTableViewManager 8 a header or footer event on the mapping of a plain \
            `UIView` header or footer (`headerFooterView: false`), which DT declares only for \
            `UITableViewHeaderFooterView` mappings. Fix: correct the name, or remove the event.
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
            RuleExample(
                """
                version: 1
                host: tableView
                deploymentTarget: tvOS 15.0
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect, ↓trailingSwipeActionsConfiguration]
                  - header: TitleHeader
                    model: String
                    headerFooterView: false
                    events: [↓heightForHeader]
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
                for event in registration.events where known.contains(event.value) {
                    if let absent = absentOnPlatform(event, registrations: [registration.index], context: context)
                        ?? absentOnPlainView(event, registration: registration, context: context)
                    {
                        findings.append(absent)
                    }
                }
                for event in registration.events where !known.contains(event.value) {
                    if HostEvents.sectionEvents(for: context.host).contains(event.value) {
                        findings.append(
                            finding(
                                "'\(event.value)' is a section event of the manager, not an event of a mapping: "
                                    + "\(context.host.manager) calls it for every section; write it as "
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
            case .event(let event):
                if let absent = absentOnPlatform(event.name, registrations: [event.index], context: context) {
                    findings.append(absent)
                }
            default:
                break
            }
        }
        return findings
    }

    /// An event the manager declares only for iOS (`HostEvents.iOSOnly`), on a tvOS target: the method does not
    /// exist there, so the code does not compile.
    private func absentOnPlatform(
        _ event: Located<String>, registrations: [Int], context: AnalysisContext
    ) -> Diagnostic? {
        let behaviour = context.manifest.behaviour
        guard let target = context.manifest.deploymentTarget, target.platform == .tvOS,
            HostEvents.iOSOnly(for: context.host, version: behaviour.version).contains(event.value)
        else { return nil }
        let manager = context.host.manager
        return finding(
            "'\(event.value)' does not exist on tvOS: \(manager) declares it for iOS only, so this code does not "
                + "compile for the \(target) target",
            explained: "\(manager) \(behaviour.version) declares '\(event.value)' inside `#if os(iOS)`, and the "
                + "deployment target is \(target): no such method exists there, so DT would not compile this and "
                + "the event never runs; remove the event, or put it inside `#if os(iOS)`",
            at: event.location, registrations: registrations)
    }

    /// A header or footer event on the mapping of a plain `UIView` table header or footer (`headerFooterView:
    /// false`): from 8 DT declares those events only where the view is a `UITableViewHeaderFooterView`
    /// (`HostEvents.headerFooterViewMappingEvents`), so the code does not compile.
    private func absentOnPlainView(
        _ event: Located<String>, registration: Registration, context: AnalysisContext
    ) -> Diagnostic? {
        let behaviour = context.manifest.behaviour
        guard context.host == .tableView, !registration.headerFooterView, registration.viewType != .cell,
            behaviour.hasMappingEvents, HostEvents.headerFooterViewMappingEvents.contains(event.value)
        else { return nil }
        let view = registration.viewClass.value
        let noun = registration.viewType.elementName
        return finding(
            "'\(event.value)' does not exist on the mapping of \(view), a plain UIView \(noun): DTTableViewManager "
                + "declares it only for UITableViewHeaderFooterView mappings, so this code does not compile",
            explained: "DTTableViewManager \(behaviour.version) declares the header and footer events of a mapping "
                + "in an extension where View: UITableViewHeaderFooterView, and \(view) is not one, so DT would not "
                + "compile this; make \(view) a UITableViewHeaderFooterView subclass, or register the event on the "
                + "manager instead",
            at: event.location, registrations: [registration.index])
    }

    private func unknown(_ event: Located<String>, registrations: [Int], context: AnalysisContext) -> Diagnostic {
        let manager = context.host.manager
        var message = "\(manager) has no event named '\(event.value)'"
        let otherHost: Host = context.host == .tableView ? .collectionView : .tableView
        if HostEvents.names(for: otherHost).contains(event.value)
            || HostEvents.sectionEvents(for: otherHost).contains(event.value)
        {
            message += " (it is an event of \(otherHost.manager))"
        }
        message += Suggestion.didYouMean(event.value, in: context.eventNames)
        let headline = message
        message +=
            ": no such closure can be registered, so the manifest does not match the app; correct the name or remove the event"
        return finding(headline, explained: message, at: event.location, registrations: registrations)
    }
}
