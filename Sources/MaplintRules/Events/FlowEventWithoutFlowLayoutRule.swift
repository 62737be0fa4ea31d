import MaplintAnalysis
import MaplintFindings
import MaplintLibrary

/// Flow-layout events (`sizeForCell`, `referenceSizeForHeaderView`, `referenceSizeForFooterView`
/// and the section events `insetForSectionAtIndex`, `minimumLineSpacingForSectionAtIndex`,
/// `minimumInteritemSpacingForSectionAtIndex`) on a collection view whose `layout:` is not a flow layout.
struct FlowEventWithoutFlowLayoutRule: Rule {
    package static let description = RuleDescription(
        id: "flow-event-without-flow-layout",
        name: "Flow event without flow layout",
        severity: .warning,
        summary: "A flow-layout event is registered on a collection view whose layout is not a flow layout.",
        explanation: """
            `sizeForCell`, `referenceSizeForHeaderView`, `referenceSizeForFooterView` and the section events \
            `insetForSectionAtIndex`, `minimumLineSpacingForSectionAtIndex` and \
            `minimumInteritemSpacingForSectionAtIndex` answer the `UICollectionViewDelegateFlowLayout` methods, which only `UICollectionViewFlowLayout` and its subclasses \
            call. With `layout: compositional` (or a `custom` layout that does not call them) the closures never run. \
            From DTCollectionViewManager 8.0, one second after `startManaging` the manager reports the anomaly \
            flowDelegateLayoutMethodWithDifferentLayout once per such event (DTCollectionViewManager.swift, \
            verifyEventsCompatibility, 8.0.1 and 11.0.0; 8.0.0 reported it with a flow layout too). Without \
            `layout:` nothing is checked; `extract` writes it when the code gives the collection view a layout it \
            can name. Fix: size items in the layout itself (for example with \
            `NSCollectionLayoutSize`), or remove the events.
            """,
        triggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                layout: compositional
                models:
                  Photo: {}
                registrations:
                  - cell: PhotoCell
                    model: Photo
                    events: [didSelect, ↓sizeForCell]
                  - header: SectionHeaderView
                    model: String
                  - event: ↓referenceSizeForHeaderView
                    model: String
                  - event: ↓insetForSectionAtIndex
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                libraryVersion: "7.2.0"
                layout: custom
                registrations:
                  - event: ↓minimumLineSpacingForSectionAtIndex
                  - event: ↓minimumInteritemSpacingForSectionAtIndex
                """),
        ],
        nonTriggeringExamples: [
            RuleExample(
                """
                version: 1
                host: collectionView
                layout: flow
                models:
                  Photo: {}
                registrations:
                  - cell: PhotoCell
                    model: Photo
                    events: [sizeForCell]
                  - event: insetForSectionAtIndex
                """),
            RuleExample(
                """
                version: 1
                host: collectionView
                models:
                  Photo: {}
                registrations:
                  - cell: PhotoCell
                    model: Photo
                    events: [sizeForCell]
                """),
        ])

    package func check(_ context: AnalysisContext) -> [Diagnostic] {
        guard context.host == .collectionView, let layout = context.manifest.layout, layout.value != .flow else {
            return []
        }
        let behaviour = context.manifest.behaviour
        var findings: [Diagnostic] = []
        for entry in context.manifest.entries {
            let events: [Located<String>]
            switch entry {
            case .registration(let registration): events = registration.events
            case .event(let event): events = [event.name]
            case .unregister: events = []
            }
            for event in events where HostEvents.flowLayoutEvents.contains(event.value) {
                let layoutName =
                    layout.value == .compositional
                    ? CollectionLayout.compositionalClass : "a custom layout that is not a UICollectionViewFlowLayout"
                var message =
                    "\(event.value) answers a UICollectionViewDelegateFlowLayout method, but the layout is "
                    + "\(layoutName), which does not call it: the closure never runs"
                if behaviour.reportsFlowLayoutAnomaly {
                    message += " (runtime anomaly \(Anomaly.flowDelegateLayoutMethodWithDifferentLayout))"
                }
                message +=
                    HostEvents.sectionEvents.contains(event.value)
                    ? "; set the section's insets and spacing in the layout, or remove the event"
                    : "; size the views in the layout, or remove the event"
                findings.append(
                    finding(
                        "\(event.value) never runs: the layout is not a UICollectionViewFlowLayout", explained: message,
                        at: event.location, registrations: [entry.index],
                        related: [RelatedLocation(location: layout.location, message: "the layout is stated here")]))
            }
        }
        return findings
    }
}
