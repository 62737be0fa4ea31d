/// A manager-level event that attaches to no mapping.
import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver

struct EventWithoutRegistrationRule: Rule {
    package static let description = RuleDescription(
        id: "event-without-registration",
        name: "Event without registration",
        severity: .warning,
        summary: "A manager-level event comes before any mapping of its view, so it attaches to nothing.",
        explanation: """
            From DTTableViewManager / DTCollectionViewManager 8, a manager-level event such as \
            `manager.didSelect(PostCell.self) { … }` attaches to the mappings of that view registered before the \
            call; one keyed by model type, such as `manager.heightForCell(withItem: Int.self) { … }`, to the earlier \
            mappings where `Int.self is Model.Type` holds for the mapping's model type in DT's generic context: the \
            same type or a subclass, and for a protocol model only the protocol itself (its `.Protocol` metatype), \
            never a conforming type; `Int?` and `Int` do not match. With no such mapping the manager reports the \
            anomaly eventRegistrationForUnregisteredMapping and the closure never runs. The reaction lives in the \
            mappings it attached to: when a later `unregister` removes them all, it goes with them, and a mapping \
            registered after that gets none (DTTableViewDelegateWrapper.swift, appendMappedReaction, 8.0.1, 11.0.1; \
            TableViewFactory.swift, unregisterCellClass, 11.0.1). Before version 8 events were \
            matched when they fired, so order did not matter; with `libraryVersion` 6 or 7 this rule reports only \
            view-keyed events no mapping of the finished setup can ever meet, and never an event keyed by model type, \
            which is stored on an events-only mapping and runs for any item (header, footer) model of that type, one \
            no mapping shows or a `.title` one too (DTTableViewDelegateWrapper.swift, appendReaction, 7.2.0; \
            DTModelStorage EventReactions.swift, 8.1.0). Fix: register the view first, then the event \
            (and for headers, footers and supplementary views, say which with `element:`).
            """,
        triggeringExamples: [
            // From DT 8 the reaction goes with the mapping an unregister removes; the later mapping has none.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: ↓didSelect
                    view: TitleCell
                  - unregister: TitleCell
                  - cell: TitleCell
                    model: String
                """),
            // A view no registration has: the finding asks whether TitleCell was meant.
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: ↓didSelect
                    view: TitelCell
                """),
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
                    model: Int
                  - event: ↓heightForCell
                    model: Int
                """),
            // From DT 8 a conforming type is not the protocol's `.Protocol` metatype.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  FeedItem: {kind: protocol}
                  Post: {conforms: [FeedItem]}
                registrations:
                  - cell: FeedItemCell
                    model: FeedItem
                  - event: ↓heightForCell
                    model: Post
                """),
            // Matched when fired (DT 7), but no mapping exists at all.
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7"
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: ↓didSelect
                    view: PostCell
                """),
        ],
        nonTriggeringExamples: [
            // Before 8 a table footer event keyed by model runs for a `.title` footer of that type.
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - cell: TitleCell
                    model: String
                  - event: heightForFooter
                    model: String
                    element: footer
                """),
            // DT 6 and 7 match events when they fire: order does not matter.
            RuleExample(
                """
                version: 1
                host: tableView
                libraryVersion: "7.2.0"
                registrations:
                  - event: didSelect
                    view: TitleCell
                  - cell: TitleCell
                    model: String
                """),
            // The protocol itself attaches to a protocol mapping.
            RuleExample(
                """
                version: 1
                host: tableView
                models:
                  FeedItem: {kind: protocol}
                  Post: {conforms: [FeedItem]}
                registrations:
                  - cell: FeedItemCell
                    model: FeedItem
                  - event: heightForCell
                    model: FeedItem
                """),
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
                    model: String
                  - event: willDisplayHeaderView
                    view: TitleHeaderView
                  - event: heightForCell
                    model: VideoPost
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let timeline = context.eventTimeline
        // The view classes registered anywhere, for a "did you mean" when an event names none of them.
        let registeredViews = Set(context.manifest.entries.compactMap { $0.registration?.viewClass.value })
        return timeline.attachments.compactMap(removedMappings)
            + timeline.attachments.filter(\.mappings.isEmpty).compactMap { attachment in
                // A view class given as the model is model-event-with-view-class's finding.
                if case .viewClassAsModel = attachment.event.target { return nil }
                return attachedToNothing(attachment.event, registeredViews: registeredViews, context: context)
            }
    }

    /// An event whose mappings an unregister removes.
    private func removedMappings(_ attachment: EventTimeline.Attachment) -> Diagnostic? {
        guard let unregister = attachment.removedBy else { return nil }
        let event = attachment.event
        let names = attachment.mappings.map { Wording.name($0) }
        let mappings =
            names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        return finding(
            "the manager-level \(event.callDescription) attaches only to mappings the unregister at entry "
                + "\(unregister) removes: its closure never runs",
            explained:
                "it attaches to \(mappings), the mappings that exist when it is called, and the reactions go with "
                + "them when the unregister at entry \(unregister) removes them; a mapping registered later gets "
                + "none; call it after the registration that stays, or remove it",
            at: event.name.location,
            registrations: ([event.index, unregister] + attachment.mappings.map(\.index)).sorted())
    }

    /// An event that attaches to no mapping.
    private func attachedToNothing(
        _ event: ManagerEvent, registeredViews: Set<String>, context: AnalysisContext
    ) -> Diagnostic? {
        // The first clause; the explanation gathers why (up to its last "; ") and what to do (after it).
        var typo = ""
        if case .view(let view) = event.target, !registeredViews.contains(view.value) {
            typo = Suggestion.didYouMean(view.value, in: registeredViews.sorted())
        }
        let headline =
            "the manager-level \(event.callDescription) attaches to no mapping\(typo): its closure never runs"
        if !context.manifest.behaviour.eventsAttachToEarlierMappings {
            return matchedWhenFired(event, headline: headline, context: context)
        }
        var message = ""
        switch event.target {
        case .section:
            // Section events attach to no mapping by design; they are never in `attachments`.
            return nil
        case .view(let view), .viewClassAsModel(let view):
            message += "no \(Wording.viewNoun(event.viewType)) registration of \(view.value) comes before it"
        case .model(let model):
            if let mismatch = modelMismatch(event, model: model, headline: headline, context: context) {
                return mismatch
            }
            message +=
                "no \(Wording.viewNoun(event.viewType)) registration for \(model.value.unwrapped.name) or one of its "
                + "supertypes comes before it"
        }
        message += ", so the closure never runs (runtime anomaly \(Anomaly.eventRegistrationForUnregisteredMapping)); "
        return laterOrOtherMapping(event, headline: headline, message: message, context: context)
    }

    /// Versions whose events are matched when they fire: only a setup with no mapping the event
    /// can meet is a problem.
    private func matchedWhenFired(_ event: ManagerEvent, headline: String, context: AnalysisContext) -> Diagnostic? {
        let noun = Wording.viewNoun(event.viewType)
        let behaviour = context.manifest.behaviour
        // A model-keyed event is stored on an events-only mapping (`ViewModelMapping.eventsModelMapping`, viewClass
        // NSObject) and looked up by model type alone (`reaction(of:signature:forModel:view:)`, MS EventReactions.swift
        // 8.1.0; `appendReaction(for modelClass:)`, DTTableViewDelegateWrapper.swift 7.2.0): it runs for any item,
        // header or footer model of its type, one no mapping shows (its height is still asked for) or a `.title` one
        // too. It needs no mapping.
        if case .model = event.target { return nil }
        if case .view(let view) = event.target,
            Self.shownUnderSharedIdentifier(view.value, event: event, context: context)
        {
            return nil
        }
        // Only view-keyed events are checked for a mapping, of any element, by class
        // (`LibraryBehaviour.reportsUnusedEventForViewWithoutMappings`).
        if case .view(let view) = event.target,
            let other = context.resolver.registrations.live.first(where: {
                context.manifest.isViewClass($0.viewClass.value, kindOf: view.value)
            })
        {
            let message =
                "\(view.value) is registered only as a \(Wording.viewNoun(other.viewType)), not as a \(noun), so "
                + "\(behaviour.libraryName) never calls the closure, and reports no anomaly (a mapping of "
                + "\(view.value) exists); register \(view.value) as a \(noun), or remove the event"
            return finding(
                headline, explained: message, at: event.name.location,
                registrations: [event.index, other.index].sorted(),
                related: [
                    RelatedLocation(
                        location: other.location,
                        message: "\(Wording.name(other)) is a \(Wording.viewNoun(other.viewType))")
                ])
        }
        var message =
            "no \(noun) mapping it can apply to exists once setup is done, so \(behaviour.libraryName) never calls the "
            + "closure"
        if case .view = event.target, behaviour.reportsUnusedEventForViewWithoutMappings {
            message += " (it reports the anomaly \(Anomaly.unusedEventDetected))"
        }
        message += "; register the \(noun), or remove the event"
        return finding(headline, explained: message, at: event.name.location, registrations: [event.index])
    }

    /// Before 8 a view-keyed reaction runs for any view shown that `isKind(of:)` its class and whose model is its model
    /// type (DTModelStorage EventReactions.swift, `reaction(of:signature:forModel:view:)`, 7.4.1;
    /// DTTableViewDelegateWrapper.swift, `appendReaction(for:signature:methodName:closure:)`, 6.6.0): a live
    /// registration that dequeues the view of a registration of that class under a shared identifier shows such
    /// views, even after that class was unregistered (`unregisterCellClass` clears only the class-name identifier,
    /// TableViewFactory.swift 6.6.0).
    private static func shownUnderSharedIdentifier(
        _ view: String, event: ManagerEvent, context: AnalysisContext
    ) -> Bool {
        let registrations = context.resolver.registrations
        let reuse = context.resolver.reuseIdentifiers
        return registrations.live.contains { live in
            guard live.viewType == event.viewType,
                let dequeued = registrations.registration(at: reuse.dequeuedFrom(live.index)),
                context.manifest.isViewClass(dequeued.viewClass.value, kindOf: view)
            else { return false }
            return context.manifest.types.isA(
                live.modelType.value.unwrapped.name, dequeued.modelType.value.unwrapped.name)
        }
    }

    /// A model-keyed event after a mapping of its view type whose model type it does not attach to.
    private func modelMismatch(
        _ event: ManagerEvent, model: Located<TypeRef>, headline: String, context: AnalysisContext
    ) -> Diagnostic? {
        let types = context.manifest.types
        guard
            let near = context.manifest.entries.compactMap(\.registration).first(where: {
                $0.index < event.index && $0.viewType == event.viewType
                    && types.isA(model.value.unwrapped.name, $0.modelType.value.unwrapped.name)
            })
        else { return nil }
        let mappingModel = near.modelType.value.name
        var message =
            "\(Wording.name(near)) has the model type \(mappingModel), but \(context.manifest.behaviour.libraryName) "
            + "attaches a model-keyed event only where `\(model.value.name).self is \(mappingModel).Type` holds in its "
            + "generic mapping, and for "
            + (near.modelType.value.isOptional || model.value.isOptional
                ? "an optional only the same optional type attaches (optional metatypes do not inherit)"
                : types[near.modelType.value.unwrapped.name]?.kind == .protocol
                    ? "a protocol that is `\(mappingModel).Protocol`: only `withItem: \(mappingModel).self` attaches"
                    : "\(mappingModel) only the same type or a subclass attaches")
        message += ", so the closure never runs (runtime anomaly \(Anomaly.eventRegistrationForUnregisteredMapping)); "
        message += "write `withItem: \(mappingModel).self`"
        return finding(
            headline, explained: message, at: event.name.location, registrations: [event.index, near.index].sorted(),
            related: [RelatedLocation(location: near.location, message: "\(Wording.name(near)) is registered here")])
    }

    /// The finding with what to do: move the event after a later mapping it attaches to, name the
    /// element of a view registered as another one, or register the view first.
    private func laterOrOtherMapping(
        _ event: ManagerEvent, headline: String, message: String, context: AnalysisContext
    ) -> Diagnostic {
        var message = message
        var registrations = [event.index]
        var related: [RelatedLocation] = []
        let registrationEntries = context.manifest.entries.compactMap(\.registration)
        if let later = registrationEntries.first(where: {
            $0.index > event.index && EventTimeline.attaches(event, to: $0, manifest: context.manifest)
        }) {
            message += "move it after \(Wording.name(later))"
            registrations.append(later.index)
            related.append(
                RelatedLocation(
                    location: later.location, message: "\(Wording.name(later)) is registered after the event"))
        } else if case .view(let view) = event.target,
            let other = registrationEntries.first(where: {
                $0.index < event.index && context.manifest.isViewClass($0.viewClass.value, kindOf: view.value)
            })
        {
            message +=
                "\(view.value) is registered as a \(Wording.viewNoun(other.viewType)); \(Wording.eventElement(of: other))"
            registrations.append(other.index)
            related.append(
                RelatedLocation(
                    location: other.location, message: "\(Wording.name(other)) is a \(Wording.viewNoun(other.viewType))"
                ))
        } else {
            message += "register the \(Wording.viewNoun(event.viewType)) before the event"
        }
        return finding(
            headline, explained: message, at: event.name.location, registrations: registrations.sorted(),
            related: related)
    }
}
