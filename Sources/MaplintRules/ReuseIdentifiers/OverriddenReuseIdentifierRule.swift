import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// A view class that overrides `reuseIdentifier` with a value other than its mapping's
/// (`viewReuseIdentifier`): the library's registration check reports it.
struct OverriddenReuseIdentifierRule: Rule {
    package static let description = RuleDescription(
        id: "overridden-reuse-identifier",
        name: "Overridden reuse identifier",
        severity: .warning,
        summary:
            "A view class overrides `reuseIdentifier` with a value other than its mapping's reuse identifier.",
        explanation: """
            When a view is registered, the manager makes a probe instance (from the xib, or `init(frame:)`) and \
            compares its `reuseIdentifier` with the mapping's. A class that overrides the property to return \
            something else (`viewReuseIdentifier:` in the manifest) fails that check: table cells report the anomaly \
            differentCellReuseIdentifier (TableViewFactory.swift, verifyCell, 6.3.0 to 11.0.1), collection cells the \
            same up to DTCollectionViewManager 8.0.1 (CollectionViewFactory.swift, verifyCell), and collection \
            supplementary views differentSupplementaryReuseIdentifier in every version (verifySupplementaryView; not \
            for storyboard views). Table headers and footers are not checked. UIKit dequeues by the registered \
            identifier, so the property disagrees with the queue the view really lives in. Fix: return the mapping's \
            identifier from the override, or drop the override and set `reuseIdentifier` on the mapping.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: CountCell
                    model: Int
                    viewReuseIdentifier: ↓"Count"
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - supplementary: BadgeView
                    kind: badge
                    model: Int
                    reuseIdentifier: badge
                    viewReuseIdentifier: ↓"BadgeView"
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
                    reuseIdentifier: Count
                    viewReuseIdentifier: "Count"
                  - header: SectionHeaderView
                    model: String
                    viewReuseIdentifier: "Header"
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "11"
                registrations:
                  - cell: PhotoCell
                    model: Int
                    viewReuseIdentifier: "Photo"
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        guard behaviour.reportsAnomalies else { return [] }
        return context.manifest.registrations.compactMap { registration in
            guard let overridden = registration.viewReuseIdentifier,
                overridden.value != registration.reuseIdentifier.value,
                let anomaly = Self.anomaly(for: registration, behaviour: behaviour)
            else { return nil }
            return finding(
                "\(Wording.shortName(registration)) returns \"\(overridden.value)\" as its reuse identifier but is "
                    + "registered under \"\(registration.reuseIdentifier.value)\"",
                explained:
                    "\(Wording.name(registration)) returns \"\(overridden.value)\" from its reuseIdentifier property, but is "
                    + "registered under \"\(registration.reuseIdentifier.value)\": \(behaviour.libraryName) reports the "
                    + "anomaly \(anomaly) when it is registered; return \"\(registration.reuseIdentifier.value)\" from "
                    + "the override, or remove it and set reuseIdentifier on the mapping",
                at: overridden.location, registrations: [registration.index])
        }
    }

    /// The anomaly the registration check reports, or nil when this host, element and version
    /// do not check the identifier.
    static func anomaly(for registration: Registration, behaviour: LibraryBehaviour) -> String? {
        switch (behaviour.host, registration.viewType) {
        case (.tableView, .cell): return Anomaly.differentCellReuseIdentifier.rawValue
        case (.tableView, .supplementary): return nil
        case (.collectionView, .cell):
            return behaviour.collectionReportsDifferentCellReuseIdentifier
                ? Anomaly.differentCellReuseIdentifier.rawValue : nil
        case (.collectionView, .supplementary):
            return registration.storyboard ? nil : Anomaly.differentSupplementaryReuseIdentifier.rawValue
        }
    }
}
