import MaplintFindings
import MaplintManifest

/// Replays the entries in call order to find which mappings each manager-level event attaches
/// to, and which events were already attached to them: how DT keeps a reaction at run time,
/// beside the resolution of the sample. Shared by the event rules.
package struct EventTimeline: Sendable {
    /// A mapping that exists at some point of the setup, with its events so far.
    struct Mapping: Sendable {
        var registration: Registration
        /// Event name → where it was first attached (the mapping's own list or a manager-level event).
        var events: [String: SourceLocation]
    }

    /// An event name repeated in one mapping's own `events`.
    package struct RepeatedEvent: Sendable {
        package var registration: Registration
        package var first: Located<String>
        package var repeated: Located<String>
    }

    package struct Attachment: Sendable {
        package var event: ManagerEvent
        /// The mappings it attaches to: those of its view (or model type) registered before it and not removed.
        package var mappings: [Registration]
        /// Mappings that already had this event, with where it was attached first.
        package var alreadyAttached: [(registration: Registration, first: SourceLocation)]
        /// From DT 8, when `unregister` entries after the event remove every mapping it attached to (and
        /// the reactions with them): the last of those entries. The closure then never runs.
        package var removedBy: Int? = nil
    }

    package private(set) var repeatedEvents: [RepeatedEvent] = []
    package private(set) var attachments: [Attachment] = []
    /// Section-level events (`insetForSectionAtIndex`), in order.
    package private(set) var sectionEvents: [ManagerEvent] = []

    package init(manifest: Manifest) {
        let behaviour = manifest.behaviour
        var current: [Mapping] = []
        // Before DT 8 events sat in one list and were matched when they fired
        // (`appendReaction`, DTTableViewDelegateWrapper.swift 7.2.0): they meet the mappings
        // there are once setup is done, whatever the order.
        var matchedWhenFired: [ManagerEvent] = []
        // Registration index → the unregister entry that removed its mapping.
        var removed: [Int: Int] = [:]
        for entry in manifest.entries {
            switch entry {
            case .registration(let registration):
                var events: [String: Located<String>] = [:]
                for event in registration.events {
                    if let first = events[event.value] {
                        repeatedEvents.append(RepeatedEvent(registration: registration, first: first, repeated: event))
                    } else {
                        events[event.value] = event
                    }
                }
                current.append(Mapping(registration: registration, events: events.mapValues(\.location)))
            case .unregister(let unregistration):
                current.removeAll {
                    let goes =
                        $0.registration.viewType == unregistration.viewType
                        && manifest.isViewClass(
                            $0.registration.viewClass.value, kindOf: unregistration.viewClass.value)
                    if goes { removed[$0.registration.index] = unregistration.index }
                    return goes
                }
            case .event(let event) where event.target.isSection:
                // Kept apart from the mappings (`appendNonCellReaction`): attaches to none.
                sectionEvents.append(event)
            case .event(let event):
                if behaviour.eventsAttachToEarlierMappings {
                    attach(event, to: &current, manifest: manifest)
                } else {
                    matchedWhenFired.append(event)
                }
            }
        }
        for event in matchedWhenFired { attach(event, to: &current, manifest: manifest) }
        // From 8 a reaction lives in the mappings it was appended to (`appendMappedReaction`,
        // DTTableViewDelegateWrapper.swift 8.0.1, 11.0.1): `unregisterCellClass` filters them out of
        // `mappings` (TableViewFactory.swift 11.0.1), and a later mapping of the class gets no reaction.
        guard behaviour.eventsAttachToEarlierMappings else { return }
        for position in attachments.indices where !attachments[position].mappings.isEmpty {
            let removers = attachments[position].mappings.map { removed[$0.index] }
            guard removers.allSatisfy({ $0 != nil }) else { continue }
            attachments[position].removedBy = removers.compactMap { $0 }.max()
        }
    }

    private mutating func attach(_ event: ManagerEvent, to current: inout [Mapping], manifest: Manifest) {
        var attachment = Attachment(event: event, mappings: [], alreadyAttached: [])
        for position in current.indices
        where Self.attaches(event, to: current[position].registration, manifest: manifest) {
            attachment.mappings.append(current[position].registration)
            if let first = current[position].events[event.name.value] {
                attachment.alreadyAttached.append((current[position].registration, first))
            } else {
                current[position].events[event.name.value] = event.name.location
            }
        }
        attachments.append(attachment)
    }

    /// `view:` events attach to mappings of that view class; `model:` events to mappings whose
    /// model type matches. Both only to mappings of the event's element.
    package static func attaches(_ event: ManagerEvent, to registration: Registration, manifest: Manifest) -> Bool {
        guard registration.viewType == event.viewType else { return false }
        switch event.target {
        case .view(let view):
            return manifest.isViewClass(registration.viewClass.value, kindOf: view.value)
        case .viewClassAsModel, .section:
            // No mapping's model type is a view class (model-event-with-view-class); section
            // events belong to no mapping.
            return false
        case .model(let model):
            let types = manifest.types
            if manifest.behaviour.modelKeyedEventsMatchExactMetatype {
                return types.metatypeMatches(model.value, registration.modelType.value)
            }
            // Before DT 8 the item was checked with `is` when the event fired: it applies where
            // an item of the mapping's model type can be a value of the event's type.
            let event = model.value.unwrapped.name
            let mapping = registration.modelType.value.unwrapped.name
            if types.isA(mapping, event) || types.isA(event, mapping) { return true }
            // Only an item of a type that is both is shown by the mapping and fires the reaction
            // (MS EventReactions.swift, `reaction(of:signature:forModel:view:)`, 7.4.1): with both sides known
            // (builtins, or declared types with declared instances), their instantiable types must meet.
            let eventTypes = types.instantiableTypes(thatAre: event)
            let mappingTypes = types.instantiableTypes(thatAre: mapping)
            if !eventTypes.isEmpty, !mappingTypes.isEmpty {
                return !Set(eventTypes).isDisjoint(with: mappingTypes)
            }
            return types[event]?.kind == .protocol || types[mapping]?.kind == .protocol
        }
    }
}

extension ManagerEvent.Target {
    /// Whether it is a section-level event, keyed by neither a view nor a model.
    package var isSection: Bool {
        if case .section = self { return true }
        return false
    }
}
