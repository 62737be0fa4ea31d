import MaplintAnalysis
import MaplintFindings
import MaplintResolver

/// The view in a xib sets a reuse identifier other than the one it is registered under (the
/// libraries' anomaly `differentCellReuseIdentifier`).
struct XibReuseIdentifierMismatchRule: Rule {
    package static let description = RuleDescription(
        id: "xib-reuse-identifier-mismatch",
        name: "Xib reuse identifier mismatch",
        severity: .error,
        needs: [.interfaceBuilder],
        summary:
            "The xib sets a reuse identifier other than the mapping's, so UIKit raises an exception on dequeue.",
        explanation: """
            UIKit checks that a view loaded from a registered nib carries the identifier it was registered under. \
            When the reuse identifier set in Interface Builder differs from the mapping's `reuseIdentifier` \
            (default: the view class name), the first dequeue raises an exception (the manager reports the anomaly \
            `differentCellReuseIdentifier`). Collection views from iOS 14 register views with generated \
            identifiers, so there any identifier set in the xib is wrong. Runs only with `--resources`. Fix: clear \
            the identifier in the xib, or set `reuseIdentifier` to it (below iOS 14).
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: ↓PostCell
                    model: String
                  - cell: BannerCell
                    model: Int
                    reuseIdentifier: ↓banner
                """,
                resources: [
                    "PostCell.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="post"/>"#),
                    "BannerCell.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c2" customClass="BannerCell" reuseIdentifier="BannerCell"/>"#),
                ]),
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 15.0
                registrations:
                  - cell: ↓PhotoCell
                    model: String
                """,
                resources: [
                    "PhotoCell.xib": InterfaceBuilderLookup.xib(
                        #"<collectionViewCell id="c1" customClass="PhotoCell" reuseIdentifier="PhotoCell"/>"#)
                ]),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                  - cell: BannerCell
                    model: Int
                    reuseIdentifier: banner
                  - header: PromoView
                    model: String
                    headerFooterView: false
                """,
                resources: [
                    "PostCell.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="PostCell"/>"#),
                    "BannerCell.xib": InterfaceBuilderLookup.xib(#"<tableViewCell id="c2" customClass="BannerCell"/>"#),
                    "PromoView.xib": InterfaceBuilderLookup.xib(#"<view id="v1" customClass="PromoView"/>"#),
                ]),
            RuleExample(
                """
                version: 1
                host: collectionView
                deploymentTarget: iOS 15.0
                registrations:
                  - cell: PhotoCell
                    model: String
                """,
                resources: [
                    "PhotoCell.xib": InterfaceBuilderLookup.xib(
                        #"<collectionViewCell id="c1" customClass="PhotoCell"/>"#)
                ]),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        let manifest = context.manifest
        return manifest.registrations.compactMap { registration in
            guard
                let xib = InterfaceBuilderLookup.xib(
                    for: registration, in: resources, behaviour: context.manifest.behaviour),
                let view = xib.firstTopLevelView,
                let identifier = view.reuseIdentifier
            else { return nil }
            let file = InterfaceBuilderLookup.fileName(xib.path)
            let expected = registration.reuseIdentifier.value
            var message: String
            let headline: String
            if manifest.usesGeneratedRegistrations {
                headline =
                    "\(file) sets the reuse identifier '\(identifier)': the first dequeue of "
                    + "\(Wording.shortName(registration)) raises an exception"
                message =
                    "the top-level \(view.element) of \(file), loaded for \(Wording.name(registration)), sets the reuse identifier '\(identifier)': "
                    + "from \(manifest.deploymentTarget?.description ?? "iOS 14") the collection view registers the nib with a generated identifier, "
                    + "which never matches one set in the xib, so the first dequeue raises an exception (the manager reports the anomaly "
                    + "differentCellReuseIdentifier); clear the reuse identifier in \(file)"
            } else {
                // Plain UIView table headers and footers are loaded from the xib, never registered.
                guard ReuseNamespace.of(registration, behaviour: manifest.behaviour) != nil,
                    identifier != expected
                else { return nil }
                headline =
                    "\(file) sets '\(identifier)', \(Wording.shortName(registration)) registers '\(expected)': the first "
                    + "dequeue raises an exception"
                message =
                    "the top-level \(view.element) of \(file), loaded for \(Wording.name(registration)), sets the reuse identifier '\(identifier)', "
                    + "but the mapping registers it under '\(expected)': UIKit raises 'reuse identifier in nib (\(identifier)) does not match the "
                    + "identifier used to register the nib (\(expected))' on the first dequeue (the manager reports the anomaly "
                    + "differentCellReuseIdentifier); clear the reuse identifier in \(file), or write "
                    + Wording.reuseIdentifierSetting(identifier, for: registration)
            }
            let at =
                registration.hasExplicitReuseIdentifier
                ? registration.reuseIdentifier.location : InterfaceBuilderLookup.xibPosition(registration)
            return finding(
                headline, explained: message, at: at, registrations: [registration.index],
                related: [
                    RelatedLocation(
                        location: view.location, message: "\(file) sets reuseIdentifier=\"\(identifier)\" here")
                ])
        }
    }
}
