/// The xib a registration loads has no top-level view (the libraries' anomaly `emptyXibFile`).
import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

struct EmptyXibRule: Rule {
    package static let description = RuleDescription(
        id: "empty-xib",
        name: "Empty xib",
        severity: .warning,
        needs: [.interfaceBuilder],
        summary: "The xib a registration loads has no top-level view.",
        explanation: """
            The manager registers a xib whenever a file of that name is in the bundle, and creates the view from \
            its first top-level object. A xib without a top-level view (only File's Owner, or only gesture \
            recognizers and objects) gives nothing to create: the manager reports the anomaly `emptyXibFile` and \
            UIKit raises an exception when the first view is dequeued. Runs only with `--resources`. Fix: add the \
            view to the xib, or remove the xib (or write `xib: null`) when the view is made in code.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: ↓PostCell
                    model: String
                """, resources: ["PostCell.xib": InterfaceBuilderLookup.xib(#"<tapGestureRecognizer id="t1"/>"#)])
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
                    xib: null
                """,
                resources: [
                    "PostCell.xib": InterfaceBuilderLookup.xib(#"<tableViewCell id="c1" customClass="PostCell"/>"#),
                    "BannerCell.xib": InterfaceBuilderLookup.xib(""),
                ])
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        return context.manifest.registrations.compactMap { registration in
            guard
                let xib = InterfaceBuilderLookup.xib(
                    for: registration, in: resources, behaviour: context.manifest.behaviour),
                xib.firstTopLevelView == nil
            else { return nil }
            let file = InterfaceBuilderLookup.fileName(xib.path)
            let noun = Wording.viewNoun(registration.viewType)
            let message =
                "\(file), loaded for \(Wording.name(registration)), has no top-level view: the manager reports the anomaly "
                + "\(Anomaly.emptyXibFile) and no \(noun) can be created from it, so UIKit raises an exception when the first \(noun) is dequeued; "
                + "add the \(registration.viewClass.value) view to \(file) in Interface Builder, or "
                + "\(Wording.madeInCode(registration, behaviour: context.manifest.behaviour)) if the view is made in code"
            return finding(
                "\(file) has no top-level view: the first dequeue of \(Wording.shortName(registration)) raises an exception",
                explained: message, at: InterfaceBuilderLookup.xibPosition(registration),
                registrations: [registration.index],
                related: [
                    RelatedLocation(
                        location: xib.objectsLocation, message: "\(file) has no view among its top-level objects")
                ])
        }
    }
}
