import MaplintAnalysis
import MaplintFindings
import MaplintManifest

/// `configuration: {sectionHeaderStyle: title}` (or the footer one) while header (footer) views
/// are registered: the table never asks for those views.
struct TitleStyleHidesViewsRule: Rule {
    package static let description = RuleDescription(
        id: "title-style-hides-views",
        name: "Title style hides views",
        severity: .warning,
        summary:
            "A table's header or footer style is `.title` while header or footer views are registered, so they are never shown.",
        explanation: """
            Registering a header (footer) view sets `manager.configuration.sectionHeaderStyle` \
            (`sectionFooterStyle`) to `.view`. An app that sets the style back to `.title` afterwards, stated in the \
            manifest as `configuration: {sectionHeaderStyle: title}`, shows a String header model as the section title \
            and nothing for any other model: `tableView(_:viewForHeaderInSection:)` returns nil at once, so the \
            registered views are never dequeued and their events never run (DTTableViewDelegate.swift, \
            viewForHeaderInSection; DTTableViewDataSource.swift, titleForHeaderInSection; 6.x to 11.0.1). Fix: remove \
            the `.title` assignment (and the `configuration` key), or the registrations that cannot be shown.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                configuration:
                  sectionHeaderStyle: ↓title
                registrations:
                  - cell: CountCell
                    model: Int
                  - header: SectionHeaderView
                    model: String
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "6.6.0"
                configuration: {sectionHeaderStyle: view, sectionFooterStyle: ↓title}
                registrations:
                  - header: SectionHeaderView
                    model: String
                  - footer: SectionFooterView
                    model: Int
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                configuration:
                  sectionHeaderStyle: title
                registrations:
                  - cell: CountCell
                    model: Int
                  - footer: SectionFooterView
                    model: String
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                configuration:
                  sectionHeaderStyle: view
                registrations:
                  - header: SectionHeaderView
                    model: String
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard context.host == .tableView, let configuration = context.manifest.configuration else { return [] }
        let live = context.resolver.registrations.live
        var findings: [Diagnostic] = []
        for header in [true, false] {
            guard let style = configuration.style(header: header), style.value == .title else { continue }
            let kind = ViewType.supplementary(kind: header ? ViewType.tableHeaderKind : ViewType.tableFooterKind)
            let hidden = live.filter { $0.viewType == kind }
            guard !hidden.isEmpty else { continue }
            let noun = header ? "header" : "footer"
            let key = header ? "sectionHeaderStyle" : "sectionFooterStyle"
            let names = Wording.list(hidden.map(Wording.name), limit: Wording.namedLimit)
            findings.append(
                finding(
                    "\(key) is .title: \(Wording.list(hidden.map(Wording.shortName), limit: 2)) "
                        + "\(hidden.count == 1 ? "is" : "are") never shown",
                    explained: "\(key) is .title, so the table never asks for a \(noun) view: \(names) "
                        + "\(hidden.count == 1 ? "is" : "are") never shown, and only a String \(noun) model appears, "
                        + "as the section title; remove the .title assignment, or the \(noun) "
                        + "\(hidden.count == 1 ? "registration" : "registrations")",
                    at: style.location, registrations: hidden.map(\.index),
                    related: hidden.prefix(Wording.namedLimit).map {
                        RelatedLocation(location: $0.location, message: "\(Wording.name($0)): never shown")
                    }))
        }
        return findings
    }
}
