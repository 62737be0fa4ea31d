import MaplintAnalysis
import MaplintFindings
import MaplintManifest
import MaplintResolver

/// The same event attached twice to one mapping: only the first closure is called.
struct DuplicateEventRule: Rule {
    package static let description = RuleDescription(
        id: "duplicate-event",
        name: "Duplicate event",
        severity: .warning,
        summary: "The same event is attached twice to one mapping; only the first closure runs.",
        explanation: """
            Event closures attach to mappings. When the same event is registered twice for one mapping, either in \
            its own `events` or through a manager-level event that attaches to a mapping which already has it, the \
            library calls only the first closure: the second never runs. The same holds for a collection view's \
            section events (`insetForSectionAtIndex`, …), which belong to no mapping. Fix: merge the two closures into one, or \
            remove the second.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect, willDisplay, ↓didSelect]
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect]
                  - event: ↓didSelect
                    view: TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                registrations:
                  - event: insetForSectionAtIndex
                  - event: minimumLineSpacingForSectionAtIndex
                  - event: ↓insetForSectionAtIndex
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect, willDisplay]
                  - event: didEndDisplaying
                    view: TitleCell
                """),
            RuleExample(
                """
                version: 1
                host: tableView
                registrations:
                  - cell: TitleCell
                    model: String
                    events: [didSelect]
                  - unregister: TitleCell
                  - cell: TitleCell
                    model: String
                    xib: CompactTitleCell
                  - event: didSelect
                    view: TitleCell
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        let timeline = context.eventTimeline
        var findings: [Diagnostic] = timeline.repeatedEvents.map { repeated in
            let registration = repeated.registration
            return finding(
                "\(repeated.repeated.value) is attached twice to \(Wording.shortName(registration)): this closure never runs",
                detail: "\(Wording.name(registration)) calls only the first \(repeated.repeated.value) closure",
                remedy: "merge the two closures or remove this one", at: repeated.repeated.location,
                registrations: [registration.index],
                related: [
                    RelatedLocation(
                        location: repeated.first.location, message: "\(repeated.first.value) is first attached here")
                ])
        }
        for attachment in timeline.attachments where !attachment.alreadyAttached.isEmpty {
            let event = attachment.event
            let mappings = attachment.alreadyAttached.map(\.registration)
            let message =
                "the manager-level \(event.callDescription) never runs for \(Wording.list(mappings.map(Wording.shortName), limit: 2)): "
                + "\(mappings.count == 1 ? "it has" : "they have") a \(event.name.value) closure already"
            let detail =
                "\(Wording.list(mappings.map(Wording.name))) already \(mappings.count == 1 ? "has" : "have") a "
                + "\(event.name.value) closure, and only the first closure is called"
            findings.append(
                finding(
                    message, detail: detail, remedy: "merge the closures or remove one", at: event.name.location,
                    registrations: (mappings.map(\.index) + [event.index]).sorted(),
                    related: attachment.alreadyAttached.map {
                        RelatedLocation(location: $0.first, message: "\(event.name.value) is first attached here")
                    }))
        }
        if !context.manifest.behaviour.eventsAttachToEarlierMappings {
            let reported = Set(timeline.attachments.filter { !$0.alreadyAttached.isEmpty }.map(\.event.index))
            findings += Self.answeredByEarlierEvents(context.manifest).filter {
                !reported.contains($0.registrations.last ?? -1)
            }
        }
        // Section events sit in one list and the first of a name answers (`unmappedReaction`,
        // EventReactions.swift, DTModelStorage 11.0.2; `performNonCellReaction`,
        // DTCollectionViewDelegateWrapper.swift, DTCollectionViewManager 6.6.0).
        var firstSectionEvents: [String: ManagerEvent] = [:]
        for event in timeline.sectionEvents {
            guard let first = firstSectionEvents[event.name.value] else {
                firstSectionEvents[event.name.value] = event
                continue
            }
            findings.append(
                neverRuns(
                    "\(event.name.value) is registered twice: this closure never runs",
                    detail: "the manager calls only the first \(event.name.value) closure", event, first: first))
        }
        return findings
    }

    /// Before 8 the manager keeps its events in one list and, when one fires, the first of its name and element whose
    /// model type (or view class, for the view given) fits answers (DTModelStorage EventReactions.swift,
    /// `reaction(of:signature:forModel:view:)`, `first(where:)`, 7.4.1; DTTableViewDelegateWrapper.swift,
    /// `appendReaction`, 6.6.0): a later event every item of which an earlier one fits never runs.
    static func answeredByEarlierEvents(_ manifest: Manifest) -> [Diagnostic] {
        var earlier: [ManagerEvent] = []
        var findings: [Diagnostic] = []
        for case .event(let event) in manifest.entries {
            defer { earlier.append(event) }
            guard let first = earlier.first(where: { covers($0, event, manifest) }) else { continue }
            var keyed = "model type"
            if case .view = event.target { keyed = "view class" }
            findings.append(
                DuplicateEventRule().neverRuns(
                    "the manager-level \(event.callDescription) never runs: the earlier \(first.callDescription) "
                        + "answers first for every item it fits",
                    detail: "the manager calls the first \(event.name.value) closure whose "
                        + keyed + " fits, and \(first.callDescription) "
                        + "(entry \(first.index)) fits every item \(event.callDescription) does", event, first: first))
        }
        return findings
    }

    /// The finding on `event`, whose closure never runs because `first`, of the same name, answers
    /// first.
    private func neverRuns(_ message: String, detail: String, _ event: ManagerEvent, first: ManagerEvent) -> Diagnostic
    {
        finding(
            message, detail: detail, remedy: "merge the two closures or remove this one", at: event.name.location,
            registrations: [first.index, event.index],
            related: [
                RelatedLocation(location: first.name.location, message: "\(first.name.value) is first registered here")
            ])
    }

    /// Whether `first` answers every item `later` would: the same name and element, and a model type (view class)
    /// `later`'s is a kind of.
    static func covers(_ first: ManagerEvent, _ later: ManagerEvent, _ manifest: Manifest) -> Bool {
        guard first.name.value == later.name.value, first.viewType == later.viewType else { return false }
        switch (first.target, later.target) {
        case (.model(let earlier), .model(let model)):
            return manifest.types.isA(model.value.unwrapped.name, earlier.value.unwrapped.name)
        case (.view(let earlier), .view(let view)):
            return manifest.isViewClass(view.value, kindOf: earlier.value)
        default:
            return false
        }
    }
}
