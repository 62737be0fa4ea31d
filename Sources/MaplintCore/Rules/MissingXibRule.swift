/// An explicit `xib:` that is not among the resources: the manager silently registers the
/// class instead, so the view loses its Interface Builder design.
public struct MissingXibRule: Rule {
    public init() {}

    public static let id: RuleID = "missing-xib"

    public let needs: AnalysisNeeds = [.interfaceBuilder]
    public let name = "Missing xib"
    public let severity: Severity = .error
    public let summary =
        "An explicit `xib:` names a file that is not under --resources, so the class is registered without its design."
    public let explanation = """
        When the xib a mapping names is not in the bundle, the manager does not fail: it registers the view \
        class instead, and the views are created in code, without the outlets and subviews of the xib. For the \
        default xib name (the view class name) that fallback is intended, so only an explicit `xib:` is \
        reported. Runs only with `--resources`. Fix: add the xib to the app target, correct its name, or \
        write `xib: null` when the view is made in code.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
                xib: ↓PostCellCompact
            """,
            resources: [
                "PostCell.xib": InterfaceBuilderLookup.xib(
                    #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="PostCell"/>"#)
            ])
    ]

    public let nonTriggeringExamples = [
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
            """,
            resources: [
                "PostCellCompact.xib": InterfaceBuilderLookup.xib(
                    #"<tableViewCell id="c1" customClass="PostCell" reuseIdentifier="PostCell"/>"#)
            ]),
        // Without --resources nothing is known about the files.
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
                xib: PostCellCompact
            """),
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        return context.manifest.registrations.compactMap { registration in
            // A storyboard prototype never loads its xib; storyboard-with-xib says so. A xib name the library
            // ignores is never looked for; ignored-xib-name says so.
            let behaviour = context.manifest.behaviour
            guard !registration.storyboard, case .named(let xib) = registration.xib, !resources.containsXib(named: xib),
                !behaviour.ignoresXibName(of: registration)
            else { return nil }
            let folders = resources.folders.isEmpty ? "--resources" : resources.folders.joined(separator: ", ")
            var message =
                "\(Wording.name(registration)) names `xib: \(xib)`, but there is no \(xib).xib under \(folders): "
                + (behaviour.collectionCodeRegistrationNeedsXib
                    ? "\(behaviour.libraryName) finds no such nib and registers nothing, so its "
                        + "\(Wording.viewNoun(registration.viewType))s are dequeued from a storyboard prototype of "
                        + "'\(registration.reuseIdentifier.value)' if there is one, not from the xib; "
                    : "the manager finds no such nib in the bundle and registers the \(registration.viewClass.value) class instead, "
                        + "so its \(Wording.viewNoun(registration.viewType))s are created in code without the xib's subviews and outlets; ")
                + "add \(xib).xib to the app target, correct the name"
            if let close = Suggestion.closest(to: xib, in: resources.xibNames.sorted()) {
                message += " (did you mean `xib: \(close)`?)"
            }
            message += ", or write `xib: null` if the view is made in code"
            return finding(
                "there is no \(xib).xib for \(Wording.shortName(registration)): its "
                    + "\(Wording.viewNoun(registration.viewType))s do not come from a xib",
                explained: message, at: InterfaceBuilderLookup.xibPosition(registration),
                registrations: [registration.index])
        }
    }
}
