import MaplintAnalysis
import MaplintFindings

/// DTTableViewManager 6 and 7 evaluate header and footer conditions on a one-element index path.
struct HeaderFooterIndexPathTrapRule: Rule {
    package static let description = RuleDescription(
        id: "header-footer-index-path-trap",
        name: "Header or footer index path trap",
        severity: .error,
        summary:
            "DTTableViewManager 6 and 7 choose a table header or footer at a one-element index path: a `section:` or a condition reading indexPath traps.",
        explanation: """
            To choose the mapping of a table header or footer, DTTableViewManager 6 and 7 pass \
            `IndexPath(index: section)` to the mapping lookup (DTTableViewDelegate.swift, \
            `tableView(_:viewForHeaderInSection:)` and `tableView(_:viewForFooterInSection:)`, 6.0.0 to 7.2.0). \
            That index path has one element. DTModelStorage evaluates a mapping's condition once the view kind and \
            the model type match (`mappingCandidates(for:withModel:at:)`, ViewModelMapping.swift, 7.2.0): \
            `section: n` reads `indexPath.section`, and a condition may read `indexPath.section` or `indexPath.row`. \
            UIKit's `IndexPath.section`, `.row` and `.item` require exactly two elements, so the read traps and the \
            app crashes when a header or footer of that model type is shown and the condition gets to the read. From 8.0.0 the lookup uses \
            `IndexPath(row: 0, section: section)`. Fix: choose the header by its model, or update to \
            DTTableViewManager 8 or later.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - header: FirstSectionHeader
                    model: String
                    section: ↓0
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "6.6.0"
                models:
                  Banner: {properties: {wide: Bool}}
                registrations:
                  - footer: BannerFooter
                    model: Banner
                    condition: "↓model.wide && indexPath.row == 0"
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "8.0.1"
                registrations:
                  - header: FirstSectionHeader
                    model: String
                    section: 0
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                models:
                  Banner: {properties: {wide: Bool}}
                registrations:
                  - header: BannerHeader
                    model: Banner
                    condition: "model.wide"
                  - cell: BannerCell
                    model: Banner
                    section: 0
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        guard behaviour.headerFooterLookupHasOneElementIndexPath else { return [] }
        let titleStyle = context.resolver.titleStyleKinds
        return context.resolver.registrations.live.compactMap { registration in
            guard case .supplementary(let kind) = registration.viewType, !titleStyle.contains(kind) else { return nil }
            let noun = registration.viewType.elementName
            let shown = "when a \(noun) whose model is a \(registration.modelType.value) is shown"
            let read: String
            let location: SourceLocation
            switch registration.condition {
            case .section(let section):
                read =
                    "\(Wording.sectionSetting(section.value, of: registration)) reads indexPath.section, which traps: "
                    + "the app crashes \(shown)"
                location = section.location
            case .custom(let condition):
                guard let path = condition.paths.first(where: { $0.root != .model }) else {
                    return nil
                }
                // A table's index path: the row, however the condition spells it.
                let field = path.root == .section ? "indexPath.section" : "indexPath.row"
                read =
                    "its condition reads \(field), which traps: the app crashes \(shown) and the condition gets there"
                location = condition.location
            case .none, .opaque:
                return nil
            }
            return finding(
                "\(Wording.shortName(registration)) crashes the app: its condition reads an index path of one element",
                explained:
                    "\(Wording.name(registration)): \(behaviour.libraryName) chooses a \(noun) at IndexPath(index: section), "
                    + "an index path of one element, and \(read); choose the \(noun) by its model, or update to "
                    + "DTTableViewManager 8 or later",
                at: location, registrations: [registration.index])
        }
    }
}
