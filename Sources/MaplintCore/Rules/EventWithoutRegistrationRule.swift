/// A manager-level event that attaches to no mapping.
public struct EventWithoutRegistrationRule: Rule {
    public init() {}

    public static let id: RuleID = "event-without-registration"
    public let name = "Event without registration"
    public let severity: Severity = .warning
    public let summary = "A manager-level event comes before any mapping of its view, so it attaches to nothing."
    public let explanation = """
        A manager-level event such as `manager.didSelect(PostCell.self) { … }` attaches to the mappings of \
        that view registered before the call; one keyed by model type, such as \
        `manager.heightForCell(withItem: Int.self) { … }`, to the earlier mappings whose model type the given \
        type is. With no such mapping the manager reports the anomaly eventRegistrationForUnregisteredMapping \
        and the closure never runs. Fix: register the view first, then the event (and for headers, footers \
        and supplementary views, say which with `element:`).
        """

    public let triggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - event: ↓didSelect
                view: TitleCell
              - cell: TitleCell
                model: String
            """),
        RuleExample(
            """
            version: 1
            host: tableView
            registrations:
              - header: TitleHeaderView
                model: String
              - event: ↓heightForHeader
                view: TitleHeaderView
              - event: ↓heightForCell
                model: Int
            """),
    ]

    public let nonTriggeringExamples = [
        RuleExample(
            """
            version: 1
            host: tableView
            models:
              Post: {properties: {title: String}}
              VideoPost: {inherits: Post}
            registrations:
              - cell: TitleCell
                model: String
              - header: TitleHeaderView
                model: String
              - cell: PostCell
                model: Post
              - event: didSelect
                view: TitleCell
              - event: heightForHeader
                view: TitleHeaderView
                element: header
              - event: heightForCell
                model: VideoPost
            """)
    ]

    public func check(_ context: AnalysisContext) -> [Diagnostic] {
        let timeline = EventTimeline(manifest: context.manifest)
        let entries = context.manifest.entries
        return timeline.attachments.filter(\.mappings.isEmpty).map { attachment in
            let event = attachment.event
            let noun = Wording.viewNoun(event.viewType)
            let later = entries.compactMap(\.registration).first {
                $0.index > event.index && EventTimeline.attaches(event, to: $0, types: context.manifest.types)
            }
            var message = "the manager-level \(event.callDescription) attaches to no mapping: "
            var registrations = [event.index]
            var related: [RelatedLocation] = []
            switch event.target {
            case .view(let view):
                message += "no \(noun) registration of \(view.value) comes before it"
            case .model(let model):
                message +=
                    "no \(noun) registration for \(model.value.unwrapped.name) or one of its supertypes comes before it"
            }
            message += ", so the closure never runs (runtime anomaly eventRegistrationForUnregisteredMapping); "
            if let later {
                message += "move it after \(Wording.name(later))"
                registrations.append(later.index)
                related.append(
                    RelatedLocation(
                        location: later.location, message: "\(Wording.name(later)) is registered after the event"))
            } else if case .view(let view) = event.target,
                let other = entries.compactMap(\.registration).first(where: {
                    $0.index < event.index && $0.viewClass.value == view.value
                })
            {
                message +=
                    "\(view.value) is registered as a \(Wording.viewNoun(other.viewType)); add `element: \(other.viewType.elementName)`"
                if let kind = other.viewType.customKind { message += " and `kind: \(kind)`" }
                message += " to the event"
                registrations.append(other.index)
                related.append(
                    RelatedLocation(
                        location: other.location,
                        message: "\(Wording.name(other)) is a \(Wording.viewNoun(other.viewType))"))
            } else {
                message += "register the \(noun) before the event"
            }
            return finding(message, at: event.name.location, registrations: registrations.sorted(), related: related)
        }
    }
}
