import MaplintAnalysis
import MaplintFindings

/// A collection view supplementary mapping with its own reuse identifier, in DTCollectionViewManager 6 or
/// 7: it is registered under that identifier but dequeued under the class name.
struct SupplementaryClassNameDequeueRule: Rule {
    package static let description = RuleDescription(
        id: "supplementary-class-name-dequeue",
        name: "Supplementary dequeued by class name",
        severity: .error,
        summary:
            "DTCollectionViewManager 6 and 7 dequeue supplementary views under their class name, not the mapping's reuseIdentifier.",
        explanation: """
            Before 8.0, DTCollectionViewManager registers a supplementary view (header, footer or custom kind) under \
            the mapping's `reuseIdentifier`, but dequeues it with `String(describing: mapping.viewClass)`, the class \
            name (CollectionViewFactory.swift, supplementaryViewOfKind, 6.6.0 and 7.2.0; 8.0.0 dequeues the mapping's \
            reuseIdentifier). With a custom reuse identifier, the view dequeued is whatever is registered under the \
            class name: nothing, and UIKit raises "could not dequeue a view of kind" (a crash), or the view of another \
            registration. Fix: remove `reuseIdentifier` from the supplementary mapping, or move to \
            DTCollectionViewManager 8 or later.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "7.2.0"
                registrations:
                  - header: SectionHeader
                    model: String
                    reuseIdentifier: ↓section-header
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "6.6.0"
                registrations:
                  - header: SectionHeader
                    model: String
                    reuseIdentifier: ↓section-header
                  - header: BannerHeader
                    model: Int
                    reuseIdentifier: ↓SectionHeader
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "8.0.0"
                registrations:
                  - header: SectionHeader
                    model: String
                    reuseIdentifier: section-header
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "7.2.0"
                registrations:
                  - header: SectionHeader
                    model: String
                  - cell: PhotoCell
                    model: Int
                    reuseIdentifier: photo
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let table = context.resolver.reuseIdentifiers
        let registrations = context.resolver.registrations
        let behaviour = context.manifest.behaviour
        return registrations.live.compactMap { registration in
            guard let identifier = table.dequeuedUnder[registration.index] else { return nil }
            let views = Wording.viewNoun(registration.viewType) + "s"
            let start =
                "\(Wording.name(registration)) registers its \(views) under '\(registration.reuseIdentifier.value)', but "
                + "\(behaviour.libraryName) dequeues them under the class name '\(identifier)'"
            let fix =
                "; remove `reuseIdentifier` (DTCollectionViewManager 8 and later dequeue the mapping's reuseIdentifier)"
            if table.nothingRegisteredUnder.contains(registration.index) {
                return finding(
                    "\(Wording.shortName(registration)) is dequeued under '\(identifier)', where nothing is registered: "
                        + "a crash",
                    explained: start
                        + ", where nothing is registered: UIKit raises \"could not dequeue a view of kind\" on the "
                        + "first one (a crash)" + fix,
                    at: registration.reuseIdentifier.location, registrations: [registration.index])
            }
            let source = table.dequeuedFrom(registration.index)
            guard source != registration.index, let other = registrations.registration(at: source) else { return nil }
            return finding(
                "\(Wording.shortName(registration)) is dequeued under '\(identifier)': it shows "
                    + "\(Wording.shortName(other))'s view",
                explained: start + ", where \(Wording.name(other)) is registered: they show "
                    + "\(Wording.source(other, availableXibs: table.availableXibs, behaviour: behaviour)) instead"
                    + fix,
                at: registration.reuseIdentifier.location, registrations: [registration.index, source])
        }
    }
}
