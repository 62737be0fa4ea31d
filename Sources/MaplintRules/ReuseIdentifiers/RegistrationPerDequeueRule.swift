import MaplintAnalysis
import MaplintFindings

/// DTCollectionViewManager 8.0.0 and 8.0.1 create a `CellRegistration` / `SupplementaryRegistration`
/// on every dequeue, which UIKit does not allow.
struct RegistrationPerDequeueRule: Rule {
    package static let description = RuleDescription(
        id: "registration-per-dequeue",
        name: "Registration per dequeue",
        severity: .warning,
        summary:
            "DTCollectionViewManager 8.0.0 and 8.0.1 with DTModelStorage 9.0.x create a new cell or supplementary registration on every dequeue (iOS 14 and later).",
        explanation: """
            On iOS and tvOS 14 and later DTCollectionViewManager dequeues a code or xib mapping through a \
            `UICollectionView.CellRegistration` (`SupplementaryRegistration`). In 8.0.0 and 8.0.1 it creates that \
            registration inside the dequeue, every time a view is shown (DTModelStorage 9.0.x, ViewModelMapping.swift, \
            the `_cellDequeueClosure` and `_supplementaryDequeueClosure` of 9.0.0), so views are never reused, and \
            UIKit documents that creating a registration inside the cell provider raises an exception from iOS 15. \
            8.1.0 creates one registration per mapping: the change is in DTModelStorage 9.1.0, which 8.1.0 \
            requires. CocoaPods keeps 8.0.x on DTModelStorage 9.0.x (`~> 9.0.0`), but SwiftPM may resolve 8.0.x with \
            DTModelStorage 9.1 or later (`upToNextMajor(from: "9.0.0")`), which registers once: maplint reads only the \
            manager's version, so this is a warning, unless the manifest gives `modelStorageVersion`: with 9.0.x the \
            finding is an error, with 9.1 or later there is none (`maplint extract` reads it from the lock file). Storyboard mappings dequeue by identifier and are not affected. The app \
            runs this path on any device with iOS 14 or later, whatever its deployment target. Fix: update \
            DTCollectionViewManager to 8.1.0 or later.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "8.0.1"
                registrations:
                  - cell: ↓PhotoCell
                    model: String
                """)
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "8.1.0"
                registrations:
                  - cell: PhotoCell
                    model: String
                  - cell: AlbumCell
                    model: Int
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "8.0.1"
                registrations:
                  - cell: PhotoCell
                    model: String
                    storyboard: true
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "8.0.1"
                modelStorageVersion: "9.1.2"
                registrations:
                  - cell: PhotoCell
                    model: String
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let behaviour = context.manifest.behaviour
        let happens = behaviour.registrationPerDequeue
        guard happens != .no,
            let first = context.resolver.registrations.live.first(where: { !$0.storyboard })
        else { return [] }
        let count = context.resolver.registrations.live.count { !$0.storyboard }
        let others = count > 1 ? " and the \(count - 1) other mappings made in code or from a xib" : ""
        let storage =
            happens == .yes
            ? "with DTModelStorage \(behaviour.modelStorageVersion.map(String.init(describing:)) ?? "9.0")"
            : "when DTModelStorage is 9.0.x (as CocoaPods resolves it)"
        var diagnostic = finding(
            "\(Wording.shortName(first))\(count > 1 ? " and \(count - 1) more" : "") never \(count > 1 ? "reuse" : "reuses") "
                + "views: DTCollectionViewManager \(behaviour.version) makes a registration per dequeue",
            explained:
                "\(Wording.name(first))\(others) \(count > 1 ? "dequeue" : "dequeues") through a CellRegistration or SupplementaryRegistration that "
                + "DTCollectionViewManager \(behaviour.version) creates anew on every dequeue on iOS 14 and later "
                + "\(storage): "
                + "views are never reused, and UIKit raises an exception for it from iOS 15; update "
                + "DTCollectionViewManager to 8.1.0 or later",
            at: first.viewClass.location, registrations: [first.index])
        // The default severity is for an unknown DTModelStorage; a known 9.0.x makes it certain.
        if happens == .yes { diagnostic.severity = .error }
        return [diagnostic]
    }
}
