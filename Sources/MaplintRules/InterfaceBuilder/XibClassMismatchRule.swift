import MaplintAnalysis
import MaplintFindings

/// The xib a registration loads holds a view of another class (the libraries' anomaly
/// `differentCellClass`).
struct XibClassMismatchRule: Rule {
    package static let description = RuleDescription(
        id: "xib-class-mismatch",
        name: "Xib class mismatch",
        severity: .warning,
        needs: [.interfaceBuilder],
        summary: "The xib's top-level view has a custom class other than the registered view class.",
        explanation: """
            The manager instantiates the first top-level view of the xib and uses it as the registered view class. \
            When Interface Builder gives that view another custom class (or none), the dequeued view is not the \
            registered class: the manager reports the anomaly `differentCellClass`, the view's update code and \
            outlets are not the ones expected, and a cast to the registered class fails. Runs only with \
            `--resources`. Fix: set the custom class of the xib's top-level view to the registered class, or \
            register the class the xib is made for.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    xib: ↓PostCellCompact
                  - cell: ↓BannerCell
                    model: Int
                """,
                resources: [
                    "PostCellCompact.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="VideoPostCell"/>"#),
                    "BannerCell.xib": InterfaceBuilderLookup.xib(#"<tableViewCell id="c2"/>"#),
                ])
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: PostCell
                    model: String
                    xib: PostCellCompact
                  - cell: BannerCell
                    model: Int
                    xib: null
                """,
                resources: [
                    "PostCellCompact.xib": InterfaceBuilderLookup.xib(
                        #"<tableViewCell id="c1" customClass="PostCell" customModule="Feed"/>"#),
                    "BannerCell.xib": InterfaceBuilderLookup.xib(#"<tableViewCell id="c2"/>"#),
                ])
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        return context.manifest.registrations.compactMap { registration in
            guard
                let xib = InterfaceBuilderLookup.xib(
                    for: registration, in: resources, behaviour: context.manifest.behaviour),
                let view = xib.firstTopLevelView,
                !InterfaceBuilderLookup.isOfClass(view, registration.viewClass.value)
            else { return nil }
            let file = InterfaceBuilderLookup.fileName(xib.path)
            let viewClass = registration.viewClass.value
            let message =
                "\(file), loaded for \(Wording.name(registration)), has \(InterfaceBuilderLookup.describe(view)) as its top-level view: "
                + "the manager reports the anomaly differentCellClass and the \(Wording.viewNoun(registration.viewType))s it dequeues are "
                + "\(view.className), not \(viewClass), so \(viewClass)'s outlets and update code are never used; "
                + "set the custom class of that view to \(viewClass) in Interface Builder, or register the class \(file) is made for"
            return finding(
                "\(Wording.shortName(registration)) dequeues \(view.className), not \(viewClass): that is the class of "
                    + "the view in \(file)",
                explained: message, at: InterfaceBuilderLookup.xibPosition(registration),
                registrations: [registration.index],
                related: [
                    RelatedLocation(
                        location: view.location,
                        message: "the top-level \(view.element) of \(file) is \(view.className)")
                ])
        }
    }
}
