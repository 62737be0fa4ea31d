import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintSolver

/// Earlier registrations take every item a registration could match: it is never chosen.
package struct UnreachableRegistrationRule: Rule {
    package static let description = RuleDescription(
        id: "unreachable-registration",
        name: "Unreachable registration",
        severity: .error,
        needs: [.reachability],
        summary: "Earlier registrations match everything this one matches, so it can never be chosen.",
        explanation: """
            Items are shown by the first matching registration. When every model and index path a registration \
            matches is also matched by registrations made before it (for its view type), it is never used: its \
            view never appears. This is common when a general registration (a superclass, a protocol, or no \
            condition) comes before a specific one. It is also reported when the condition itself holds nowhere: \
            at no index path the host asks for (index paths are never negative; headers and footers are asked for at \
            row 0), or for no value of the model's properties at all (`model.likes > 5 && model.likes < 3`, a String \
            equal to two different literals), decided over the properties' Swift types (Int overflow, optionals, \
            NaN). maplint reports it only when it can prove it. Fix: register the specific mapping first and make the \
            conditions mutually exclusive, correct the condition, or remove the dead registration.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    section: ↓-1
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - ↓cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo"
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  VideoPost: {inherits: Post}
                registrations:
                  - cell: PostCell
                    model: Post
                  - ↓cell: VideoPostCell
                    model: VideoPost
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                registrations:
                  - cell: FewLikesCell
                    model: Post
                    condition: "model.likes < 10"
                  - cell: ManyLikesCell
                    model: Post
                    condition: "model.likes >= 10"
                  - ↓cell: PostCell
                    model: Post
                    section: 2
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {likes: Int}}
                registrations:
                  - cell: PopularPostCell
                    model: Post
                    condition: "↓model.likes > 5 && model.likes < 3"
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                models:
                  Post: {properties: {kind: PostKind, title: String?}}
                  PostKind: {kind: enum, cases: [text, video]}
                registrations:
                  - cell: VideoPostCell
                    model: Post
                    condition: "↓model.kind == .video && model.title != nil && model.kind == .text"
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                  VideoPost: {inherits: Post}
                registrations:
                  - cell: VideoPostCell
                    model: VideoPost
                  - cell: PostCell
                    model: Post
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {containsVideo: Bool}}
                registrations:
                  - cell: VideoPostCell
                    model: Post
                    condition: "model.containsVideo"
                  - cell: PostCell
                    model: Post
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {title: String}}
                registrations:
                  - cell: PostCell
                    model: Post
                  - unregister: PostCell
                  - cell: CompactPostCell
                    model: Post
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  Post: {properties: {rating: Double, likes: Int}}
                registrations:
                  - cell: UnratedPostCell
                    model: Post
                    condition: "!(model.rating < 1) && !(model.rating >= 1)"
                  - cell: OverflowPostCell
                    model: Post
                    condition: "model.likes > 9223372036854775806 && model.likes - 1 >= 9223372036854775806"
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let never = neverHolding(context)
        let reported = Set(never.flatMap(\.registrations))
        return negativeSections(context) + never
            + coveredRegistrations(context).filter { $0.registrations.allSatisfy { !reported.contains($0) } }
    }

    /// A condition on `indexPath` that holds at no index path the host asks for: index paths are never
    /// negative, and headers and footers are asked for at row 0 (`indexPath.item == -1`).
    private func neverHolding(_ context: AnalysisContext) -> [Diagnostic] {
        context.registrations.live.compactMap { registration in
            guard case .custom(let condition) = registration.condition else { return nil }
            // An item it wins (checked by evaluating the conditions, at an index path the host asks
            // for) proves the condition holds somewhere: no search for a proof that it never does.
            if case .reachable? = context.reachability[registration.index]?.verdict { return nil }
            if let parts = context.solver.neverHoldingParts(of: registration),
                parts.allSatisfy({ $0.paths.allSatisfy { $0.root == .model } })
            {
                return finding(
                    "\(Wording.shortName(registration)) is never used: its condition can never hold",
                    detail: "\(Wording.name(registration)): \(Self.reason(parts, in: condition)), so "
                        + "\(registration.viewClass.value) never appears",
                    remedy: "correct the condition, or remove it", at: condition.location,
                    registrations: [registration.index])
            }
            guard condition.paths.contains(where: { $0.root != .model }),
                case .covered = context.solver.coverage(of: registration, by: [])
            else { return nil }
            let headerOrFooter = ["header", "footer"].contains(registration.viewType.elementName)
            return finding(
                "\(Wording.shortName(registration)) is never used: its condition holds at no index path the "
                    + "\(Wording.hostView(context.host)) asks for",
                detail: "\(Wording.name(registration)): `\(condition.source)` needs an index path the "
                    + "\(Wording.hostView(context.host)) never asks for (index paths are never negative"
                    + (headerOrFooter ? ", and headers and footers are asked for at row 0" : "")
                    + "), so \(registration.viewClass.value) never appears",
                remedy: "correct the condition, or remove it", at: condition.location,
                registrations: [registration.index])
        }
    }

    /// Why the parts of a condition hold for no model: "`model.n > 5` and `model.n < 3` are never
    /// true together for any value of model.n (Int)".
    static func reason(_ parts: [ConditionNode], in condition: CompiledCondition) -> String {
        let quoted = Wording.list(parts.map { "`\(condition.text(of: $0))`" })
        var variables: [String] = []
        for part in parts {
            for path in part.paths {
                let named = "\(path) (\(path.type))"
                if !variables.contains(named) { variables.append(named) }
            }
        }
        let claim = parts.count == 1 ? "is never true" : "are never true together"
        guard !variables.isEmpty else { return "\(quoted) \(claim)" }
        let values = variables.count == 1 ? "any value of \(variables[0])" : "any values of \(Wording.list(variables))"
        return "\(quoted) \(claim) for \(values)"
    }

    /// `section: -1` compiles (`.section(-1)`), but index paths are never negative.
    private func negativeSections(_ context: AnalysisContext) -> [Diagnostic] {
        context.registrations.live.compactMap { registration in
            guard case .section(let section) = registration.condition, section.value < 0 else { return nil }
            return finding(
                "\(Wording.shortName(registration)) is never used: section \(section.value) is never asked for",
                detail: "\(Wording.name(registration)): its condition .section(\(section.value)) holds only where "
                    + "indexPath.section == \(section.value), and index paths are never negative, so "
                    + "\(registration.viewClass.value) never appears",
                remedy: "write the section it should show in, or remove it", at: section.location,
                registrations: [registration.index])
        }
    }

    /// The events on `registration` (its own, and from 8 the manager-level ones attached to it) that still run
    /// although it is never chosen: DT finds an event's closure when the event fires by searching the mappings in
    /// order for one of the element's kind whose model and condition fit and that has a reaction of the event, not
    /// only the mapping that made the view (DTModelStorage EventReactions.swift, `reaction(from:signature:forModel:at:view:
    /// supplementaryKind:)`, 11.0.0; DTTableViewDelegateWrapper.swift, `performCellReaction`, `performHeaderReaction`,
    /// 11.0.1). An event the earlier mappings also have is answered by them; a header event on a footer registration
    /// (or any event of another element) never runs.
    static func eventsStillRunning(
        on registration: Registration, covering: [Registration], context: AnalysisContext
    ) -> [String] {
        let behaviour = context.manifest.behaviour
        guard behaviour.hasMappingEvents else { return [] }
        var names = registration.events.map(\.value)
        var onCovering = Set(covering.flatMap { $0.events.map(\.value) })
        for attachment in context.eventTimeline.attachments {
            let attached = Set(attachment.mappings.map(\.index))
            if attached.contains(registration.index) { names.append(attachment.event.name.value) }
            if covering.contains(where: { attached.contains($0.index) }) {
                onCovering.insert(attachment.event.name.value)
            }
        }
        // The lookup also asks `view?.isKind(of: mapping.viewClass)`: an event given the view (didSelect) runs only
        // where the earlier mapping's view is a kind of this one's class; one asked without a view (heightForCell,
        // `provideCell: false`, DTTableViewDelegate.swift 11.0.1: the model-keyed ones) runs whatever the view.
        let viewless = HostEvents.modelKeyedOnly(for: context.host, version: behaviour.version)
        let sameView = covering.contains {
            context.manifest.isViewClass($0.viewClass.value, kindOf: registration.viewClass.value)
        }
        var running: [String] = []
        for name in names where !onCovering.contains(name) && !running.contains(name) {
            guard Self.eventFits(name, registration.viewType, host: context.host),
                sameView || viewless.contains(name)
            else { continue }
            running.append(name)
        }
        return running
    }

    /// Whether an event of `name` is asked for the element of `viewType`: header events for headers, footer events
    /// for footers, supplementary events for supplementary views, the rest for cells.
    static func eventFits(_ name: String, _ viewType: ViewType, host: Host) -> Bool {
        switch HostEvents.element(of: name, host: host) {
        case nil: viewType == .cell
        case .header: viewType.elementName == "header"
        case .footer: viewType.elementName == "footer"
        case .supplementary: viewType != .cell
        }
    }

    /// A registration never chosen whose events still run: removing it would remove working closures.
    private func shadowedWithEvents(
        _ registration: Registration, covering: [Registration], events: [String]
    )
        -> Diagnostic
    {
        let names = Wording.list(covering.map(Wording.name))
        let shortNames = Wording.list(covering.map(Wording.shortName), limit: 2)
        let eventList = Wording.list(events.map { "`\($0)`" })
        let takes = covering.count == 1 ? "takes" : "take"
        let detail =
            "every item \(Wording.name(registration)) matches (\(Wording.matchedElements(of: registration))) is "
            + "already matched by \(names), registered earlier, and the first matching registration makes the view; "
            + "but its \(eventList) still \(events.count == 1 ? "runs" : "run"): DT looks an event's closure up in "
            + "every mapping whose model and condition fit, and the earlier ones have none"
        return finding(
            "\(Wording.shortName(registration)) never makes a view: \(shortNames) \(takes) every item it matches, "
                + "but its \(eventList) still \(events.count == 1 ? "runs" : "run")",
            detail: detail,
            remedy:
                "keep it while it carries \(eventList), or move \(events.count == 1 ? "that event" : "those events") "
                + "to \(covering.count == 1 ? "the earlier registration" : "the earlier registrations") first",
            at: registration.location, registrations: (covering.map(\.index) + [registration.index]).sorted(),
            related: covering.map {
                RelatedLocation(
                    location: $0.location, message: "\(Wording.name($0)) is registered earlier and matches first")
            })
    }

    /// Each registration earlier ones cover; with a delegate that picks among candidates (DT 6,
    /// `AppChosenMapping`), a note: the app may choose it.
    private func coveredRegistrations(_ context: AnalysisContext) -> [Diagnostic] {
        let chooser = AppChosenMapping.chooser(context)
        return context.reachability.values.filter(\.isUnreachable).sorted {
            $0.registration.index < $1.registration.index
        }.map { reachability in
            let found = covered(reachability, context)
            guard let chooser else { return found }
            let covering = reachability.covering
            return AppChosenMapping.note(
                found,
                headline: "\(Wording.shortName(reachability.registration)) comes after "
                    + "\(Wording.list(covering.map(Wording.shortName), limit: 2)), which "
                    + "\(covering.count == 1 ? "matches" : "match") every item it matches",
                chooser: chooser, context: context)
        }
    }

    private func covered(_ reachability: Reachability, _ context: AnalysisContext) -> Diagnostic {
        do {
            let registration = reachability.registration
            let covering = reachability.covering
            let running = Self.eventsStillRunning(on: registration, covering: covering, context: context)
            if !running.isEmpty {
                return shadowedWithEvents(registration, covering: covering, events: running)
            }
            let names = Wording.list(covering.map(Wording.name))
            // The same view registered again (DT 4's registerCellClass then registerNibNamed): the
            // view does appear, through the earlier mapping; this mapping is the one never chosen.
            let repeatsTheView = covering.allSatisfy { $0.viewClass.value == registration.viewClass.value }
            let shortNames = Wording.list(covering.map(Wording.shortName), limit: 2)
            let headline =
                repeatsTheView
                ? "\(Wording.shortName(registration)) repeats \(shortNames) for the same view: this mapping is never chosen"
                : "\(Wording.shortName(registration)) is never used: \(shortNames) "
                    + "\(covering.count == 1 ? "takes" : "take") every item it matches"
            let detail =
                repeatsTheView
                ? "every item \(Wording.name(registration)) matches (\(Wording.matchedElements(of: registration))) is "
                    + "already matched by \(names), and the first matching registration wins, so the mapping's own "
                    + "settings (condition, xib, reuse identifier, events) have no effect"
                : "every item \(Wording.name(registration)) matches (\(Wording.matchedElements(of: registration))) is "
                    + "already matched by \(names), registered earlier, and the first matching registration wins, so "
                    + "\(registration.viewClass.value) never appears"
            let remedy =
                repeatsTheView
                ? "remove it, or give the two mutually exclusive conditions"
                : "register it before \(covering.count == 1 ? "that registration" : "them") with mutually exclusive "
                    + "conditions, or remove it"
            return finding(
                headline, detail: detail, remedy: remedy, at: registration.location,
                registrations: (covering.map(\.index) + [registration.index]).sorted(),
                related: covering.map {
                    RelatedLocation(
                        location: $0.location, message: "\(Wording.name($0)) is registered earlier and matches first")
                })
        }
    }
}
