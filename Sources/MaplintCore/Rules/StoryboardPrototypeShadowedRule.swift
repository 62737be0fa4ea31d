/// A registration in code takes the reuse identifier of a storyboard prototype: the host
/// forgets the prototype and creates the view from the class or xib instead.
public struct StoryboardPrototypeShadowedRule: Rule {
    public init() {}

    public static let id: RuleID = "storyboard-prototype-shadowed"
    public let name = "Storyboard prototype shadowed"
    public let severity: Severity = .error
    public let summary = "A registration in code replaces a storyboard prototype with the same reuse identifier."
    public let explanation = """
        Prototypes of a storyboard are registered with the table or collection view before any code runs; a \
        registration in code under the same reuse identifier replaces the prototype, so views are created from \
        the class (or xib) without the prototype's subviews, and outlets connected in the storyboard are nil. \
        The prototypes considered are those of the scenes this manifest's `storyboard: true` registrations use; \
        when it has none, a prototype of the same identifier and the same class. (Two registrations of the \
        manifest sharing an identifier are reported by reuse-identifier-collision instead.) Collection views \
        from iOS 14 register code views with generated identifiers and are not affected. Runs only with \
        `--resources`. Fix: mark the mapping `storyboard: true` and drop the registration in code, or give it \
        a distinct `reuseIdentifier`.
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: ↓TitleCell
                model: String
            """,
            resources: [
                "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                    #"<tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>"#)
            ]),
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                storyboard: true
              - cell: CountCell
                model: Int
                reuseIdentifier: ↓count
            """,
            resources: [
                "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                    """
                    <tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>
                    <tableViewCell reuseIdentifier="count" id="p2" customClass="NumberCell"/>
                    """)
            ]),
    ]

    public let nonTriggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: TitleCell
                model: String
                storyboard: true
              - cell: CountCell
                model: Int
            """,
            resources: [
                "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                    #"<tableViewCell reuseIdentifier="TitleCell" id="p1" customClass="TitleCell"/>"#)
            ]),
        // Another screen's prototype of another class with a common identifier.
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
                reuseIdentifier: Cell
            """,
            resources: [
                "Main.storyboard": InterfaceBuilderLookup.tableStoryboard(
                    #"<tableViewCell reuseIdentifier="Cell" id="p1" customClass="SettingsCell"/>"#)
            ]),
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard let resources = context.resources else { return [] }
        let manifest = context.manifest
        let host = manifest.host
        let registrations = manifest.registrations
        struct SceneKey: Hashable {
            var file: String
            var sceneID: String?
        }
        let scenes = Set(
            registrations.filter(\.storyboard).compactMap { registration in
                InterfaceBuilderLookup.prototype(for: registration, host: host, in: resources).map {
                    SceneKey(file: $0.object.location.file, sceneID: $0.sceneID)
                }
            })
        return registrations.compactMap { registration in
            guard !registration.storyboard,
                let namespace = ReuseNamespace.of(
                    registration, host: host, usesGeneratedRegistrations: manifest.usesGeneratedRegistrations)
            else { return nil }
            let identifier = registration.reuseIdentifier.value
            // The manifest's own storyboard mapping for this identifier: reuse-identifier-collision reports that.
            let claimed = registrations.contains { other in
                other.storyboard && other.reuseIdentifier.value == identifier
                    && ReuseNamespace.of(other, host: host, usesGeneratedRegistrations: false) == namespace
            }
            guard !claimed else { return nil }
            let shadowed = resources.prototypes.first { prototype in
                guard InterfaceBuilderLookup.canServe(prototype, registration, host: host),
                    prototype.object.reuseIdentifier == identifier
                else { return false }
                if scenes.isEmpty {
                    return InterfaceBuilderLookup.isOfClass(prototype.object, registration.viewClass.value)
                }
                return scenes.contains(SceneKey(file: prototype.object.location.file, sceneID: prototype.sceneID))
            }
            guard let prototype = shadowed else { return nil }
            let noun = Wording.viewNoun(registration.viewType)
            let source = Wording.source(registration, availableXibs: resources.xibNames)
            let message =
                "\(Wording.name(registration)) registers '\(identifier)' in code, replacing the \(prototype.object.className) prototype "
                + "'\(identifier)' of \(InterfaceBuilderLookup.place(prototype)): the \(Wording.hostView(host)) then creates these \(noun)s from "
                + "\(source), without the prototype's subviews, and outlets connected in the storyboard are nil; mark the mapping "
                + "`storyboard: true` (and drop the registration in code), or give it a distinct reuseIdentifier"
            return finding(
                message, at: registration.reuseIdentifier.location, registrations: [registration.index],
                related: [
                    RelatedLocation(
                        location: prototype.object.location, message: "the storyboard prototype '\(identifier)' is here"
                    )
                ])
        }
    }
}
