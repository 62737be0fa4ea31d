import Foundation
import Testing

@testable import MaplintFindings
@testable import MaplintLint
@testable import MaplintManifest
@testable import MaplintResolver
@testable import MaplintRules

/// maplint against the reference model of DT (`DTReferenceModel`) on generated screens: for each
/// host and major version, the candidates and the mapping each sample item resolves to, the
/// registration whose view UIKit hands out (`dequeuedFrom`, collisions and cleared identifiers) and
/// whether each manager-level event's closure can run must be the same, and each runtime anomaly the model
/// reports must have the finding of its rule (`anomalyDisagreement`). `MAPLINT_DIFF_SEEDS` sets
/// the number of screens per host and major (default 150); docs/development.md has a large run.
@Suite struct DifferentialTests {
    static let seedsPerVersion: Int = {
        ProcessInfo.processInfo.environment["MAPLINT_DIFF_SEEDS"].flatMap(Int.init) ?? 150
    }()

    /// What maplint says about a screen, in the reference model's terms; nil when it does not load.
    static func maplintOutcome(_ text: String, major: Int) -> (ReferenceOutcome?, [String]) {
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "screen.maplint.yml")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        guard let manifest = loaded.manifest, errors.isEmpty else {
            return (nil, errors.map { "\($0.location): \($0.message)" })
        }
        let table = ReuseIdentifierTable(manifest: manifest)
        var elements: [ReferenceOutcome.Element] = []
        let resolution = Resolver(manifest: manifest).resolve()
        for element in resolution.items {
            let kind: ReferenceScreen.Element =
                switch element.element.elementName {
                case "cell": .cell
                case "header": .header
                case "footer": .footer
                default: .badge
                }
            var dequeued = element.dequeuedFrom
            if let resolved = element.resolved, table.clearedBy[resolved] != nil { dequeued = nil }
            elements.append(
                ReferenceOutcome.Element(
                    kind: kind, section: element.section, item: element.item, candidates: element.candidates,
                    resolved: element.resolved, dequeuedFrom: element.resolved == nil ? nil : dequeued,
                    lookedUp: !element.shownAsTitle && !element.isNil))
        }
        let findings = Analyzer.analyze(manifest)
        // The rules docs/anomalies.md names for the anomalies, where maplint reports them.
        var rules: [String] = []
        for (element, compared) in zip(resolution.items, elements) {
            let found = findings.contains { $0.rule == UnresolvedItemRule.id && $0.location == element.location }
            if found, !element.shownAsTitle {
                rules.append("\(UnresolvedItemRule.id) \(compared.kind.rawValue) \(compared.section).\(compared.item)")
            }
            if element.isNil,
                findings.contains(where: { $0.rule == NilModelRule.id && $0.location == element.location })
            {
                rules.append("\(NilModelRule.id) \(compared.kind.rawValue) \(compared.section).\(compared.item)")
            }
        }
        for case .event(let event) in manifest.entries {
            for rule in [EventWithoutRegistrationRule.id, ModelEventWithViewClassRule.id]
            where findings.contains(where: { $0.rule == rule && $0.registrations.contains(event.index) }) {
                rules.append("\(rule) entry \(event.index)")
            }
        }
        var eventRuns: [Int: Bool] = [:]
        for case .event(let event) in manifest.entries {
            // `model-event-with-view-class` also says the closure never runs (a view class as the model type).
            eventRuns[event.index] = !findings.contains {
                [EventWithoutRegistrationRule.id, ModelEventWithViewClassRule.id].contains($0.rule)
                    && $0.registrations.contains(event.index)
            }
        }
        // From 8, the mappings a manager-level event finds a reaction of its name on already: `duplicate-event`
        // findings name them with the event.
        var shadowedOn: [Int: [Int]] = [:]
        if major >= 8 {
            for case .event(let event) in manifest.entries {
                let shadowed = findings.filter {
                    $0.rule == DuplicateEventRule.id && $0.registrations.contains(event.index)
                }
                .flatMap(\.registrations).filter { $0 != event.index }
                if !shadowed.isEmpty { shadowedOn[event.index] = Array(Set(shadowed)).sorted() }
            }
        }
        return (
            ReferenceOutcome(
                elements: elements, eventRuns: eventRuns, shadowedOn: shadowedOn, anomalies: rules.sorted()),
            []
        )
    }

    /// The rule docs/anomalies.md names for each anomaly the reference model reports.
    static let ruleOfAnomaly: [String: RuleID] = [
        "noCellMappingFound": UnresolvedItemRule.id, "noHeaderFooterMappingFound": UnresolvedItemRule.id,
        "noSupplementaryMappingFound": UnresolvedItemRule.id,
        "unusedEventDetected": EventWithoutRegistrationRule.id,
        "eventRegistrationForUnregisteredMapping": EventWithoutRegistrationRule.id,
        "modelEventCalledWithCellClass": ModelEventWithViewClassRule.id, "nilCellModel": NilModelRule.id,
    ]

    /// The anomalies of the model against maplint's findings (`found.anomalies` holds maplint's rule findings,
    /// `rule where`): each anomaly's rule is reported at its element or event, and each such finding answers an
    /// anomaly, or is an `event-without-registration` on an event the model says never runs (the closure is dropped
    /// silently: its mappings were unregistered after it attached, from 8; or, before 8, a model-keyed event no item
    /// can meet). Nil when they agree.
    /// An event given a view class as its model type is one `model-event-with-view-class` finding, which says the
    /// closure never runs: it answers the event's `eventRegistrationForUnregisteredMapping` (8+) too.
    /// Known disagreement (`DifferentialFindingsTests.dt6ReportsUnusedEventForASuperclassOfItsMappings`): DT 6 reports
    /// `unusedEventDetected` for an event whose class has only subclasses registered, though its closure runs for
    /// them, and DT 6 and 7 report it for an event whose class no mapping has, though its closure runs for cells of
    /// that class dequeued under a shared reuse identifier; maplint reports nothing there, so such an anomaly (before
    /// 8, an event that runs) is left out.
    static func anomalyDisagreement(expected: ReferenceOutcome, found: ReferenceOutcome, major: Int) -> String? {
        let viewClassEvents = Set(
            expected.anomalies.filter { $0.hasPrefix("modelEventCalledWithCellClass ") }.map {
                $0.split(separator: " ", maxSplits: 1)[1]
            })
        let wanted = Set(
            expected.anomalies.compactMap { anomaly -> String? in
                let parts = anomaly.split(separator: " ", maxSplits: 1)
                if parts[0] == "eventRegistrationForUnregisteredMapping", viewClassEvents.contains(parts[1]) {
                    return "\(ModelEventWithViewClassRule.id) \(parts[1])"
                }
                if major < 8, parts[0] == "unusedEventDetected", let index = Int(parts[1].dropFirst("entry ".count)),
                    expected.eventRuns[index] == true
                {
                    return nil
                }
                return "\(ruleOfAnomaly[String(parts[0])]!) \(parts[1])"
            })
        let reported = Set(found.anomalies)
        let silent = Set(
            expected.eventRuns.filter { !$0.value }.map { "\(EventWithoutRegistrationRule.id) entry \($0.key)" })
        let missing = wanted.subtracting(reported)
        let extra = reported.subtracting(wanted).subtracting(silent)
        guard missing.isEmpty, extra.isEmpty else {
            return "anomalies without their rule: \(missing.sorted()); rules without an anomaly: \(extra.sorted())"
        }
        return nil
    }

    /// The first disagreement of a seed, described with its manifest; nil when both agree. `shown` counts
    /// the elements compared by kind, and the headers and footers a view was dequeued for.
    static func disagreement(
        seed: UInt64, host: ReferenceScreen.Host, major: Int, shown: inout [String: Int]
    ) -> String? {
        let screen = ReferenceScreenGenerator.screen(seed: seed, host: host, major: major)
        let text = ReferenceScreenGenerator.manifest(screen)
        let expected = DTReferenceModel.run(screen)
        shown["shadowed event", default: 0] += expected.shadowedOn.count
        for case .register(let mapping) in screen.entries {
            if mapping.storyboard { shown["storyboard cell", default: 0] += 1 }
            if mapping.storyboard, case .named = mapping.xib { shown["storyboard cell with xib", default: 0] += 1 }
            if mapping.storyboard, mapping.registerNibNamed { shown["registerNibNamed prototype", default: 0] += 1 }
            if !mapping.events.isEmpty { shown["mapping events", default: 0] += 1 }
            if mapping.registerNibNamed { shown["registerNibNamed", default: 0] += 1 }
            if mapping.element != .cell, case .named = mapping.xib { shown["named header/footer xib", default: 0] += 1 }
            if ReferenceScreen.everyValueIs.contains(mapping.model) { shown["Any model", default: 0] += 1 }
            if mapping.viewClass.contains("<") { shown["generic cell", default: 0] += 1 }
        }
        for element in expected.elements {
            shown[element.kind.rawValue, default: 0] += 1
            if element.kind != .cell, element.dequeuedFrom != nil { shown["dequeued header/footer", default: 0] += 1 }
            if element.kind == .badge, element.dequeuedFrom != nil { shown["dequeued badge", default: 0] += 1 }
        }
        let (found, errors) = maplintOutcome(text, major: major)
        guard let found else { return "seed \(seed): the manifest does not load: \(errors)\n\(text)" }
        shown["anomaly", default: 0] += expected.anomalies.count
        for anomaly in expected.anomalies { shown[String(anomaly.split(separator: " ")[0]), default: 0] += 1 }
        var compared = found
        compared.anomalies = expected.anomalies
        guard compared == expected else {
            return "seed \(seed):\n\(text)\nreference:\n\(expected)\nmaplint:\n\(found)"
        }
        if DTReferenceModel.reportsAnomalies(screen.version),
            let problem = anomalyDisagreement(expected: expected, found: found, major: major)
        {
            return "seed \(seed): \(problem)\n\(text)\nreference:\n\(expected)\nmaplint:\n\(found)"
        }
        return nil
    }

    @Test(arguments: [ReferenceScreen.Host.tableView, .collectionView], 6...11)
    func maplintAgreesWithTheReferenceModel(host: ReferenceScreen.Host, major: Int) {
        var compared = 0
        var failures: [String] = []
        var shown: [String: Int] = [:]
        for seed in 0..<UInt64(Self.seedsPerVersion) {
            compared += 1
            if let failure = Self.disagreement(
                seed: seed &* 7919 &+ UInt64(major), host: host, major: major, shown: &shown)
            {
                failures.append(failure)
                if failures.count >= 3 { break }
            }
        }
        #expect(
            failures.isEmpty,
            "\(host) \(major): \(failures.count) disagreements in \(compared) screens\n\(failures.joined(separator: "\n---\n"))"
        )
        // The generator reaches what it is meant to: table headers and footers, dequeued ones among them.
        #expect(shown["cell", default: 0] > 0)
        #expect(shown["header", default: 0] > 0 && shown["dequeued header/footer", default: 0] > 0)
        #expect(shown["storyboard cell", default: 0] > 0 && shown["named header/footer xib", default: 0] > 0)
        #expect(major < 8 || shown["mapping events", default: 0] > 0)
        #expect(major >= 8 || shown["registerNibNamed", default: 0] > 0)
        // Storyboard mappings that name a xib (tables), `registerNibNamed` ones at 6 and 7 (2026-12-07).
        #expect(host == .collectionView || shown["storyboard cell with xib", default: 0] > 0)
        #expect(host == .collectionView || major >= 8 || shown["registerNibNamed prototype", default: 0] > 0)
        #expect(host == .tableView || shown["dequeued badge", default: 0] > 0)
        // Mappings of `Any` / `AnyObject`, and generic cells (`ValueCell<Int>`).
        #expect(shown["Any model", default: 0] > 0 && shown["generic cell", default: 0] > 0)
        // Every anomaly the model derives occurs.
        #expect(shown["noCellMappingFound", default: 0] > 0 && shown["unusedEventDetected", default: 0] > 0)
        #expect(shown["modelEventCalledWithCellClass", default: 0] > 0 && shown["nilCellModel", default: 0] > 0)
        #expect(
            shown[host == .tableView ? "noHeaderFooterMappingFound" : "noSupplementaryMappingFound", default: 0] > 0)
        #expect(major < 8 || shown["eventRegistrationForUnregisteredMapping", default: 0] > 0)
        print(
            "differential: \(host) \(major): \(compared) screens compared, \(failures.count) disagreements; "
                + "elements \(shown.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }
}

/// Disagreements the differential test found, pinned by their seeds' manifests.
@Suite struct DifferentialFindingsTests {
    /// Seed 5242385 (TV 7.2.0): `unregister(PostCell.self)` removes the VideoPostCell mapping that holds "Shared",
    /// but the table keeps its registration, so the BannerCell mappings of "Shared" show VideoPostCell cells and a
    /// manager-level `didSelect(VideoPostCell.self)` runs for them (EventReactions.swift 7.4.1, TableViewFactory.swift
    /// 6.6.0, run with DT). The model said it never runs; DT still reports `unusedEventDetected`, which maplint does
    /// not repeat.
    @Test func aViewEventBefore8RunsForItsClassDequeuedUnderASharedIdentifier() {
        let screen = ReferenceScreenGenerator.screen(seed: 5_242_385, host: .tableView, major: 7)
        let outcome = DTReferenceModel.run(screen)
        #expect(outcome.eventRuns[4] == true)
        #expect(outcome.anomalies.contains("unusedEventDetected entry 4"))
    }

    /// Seed 47522 (TV 8.0.1, CV 8.2.0) and 443475 (11): from 8 an event's reaction is appended to the
    /// mappings that exist at the call (DTTableViewDelegateWrapper.swift, `appendMappedReaction`, 8.0.1, 10.0.0,
    /// 11.0.1) and goes with them when `unregisterCellClass` filters them out (TableViewFactory.swift 11.0.1;
    /// CollectionViewFactory.swift 11.0.0): a later mapping of the class gets no reaction.
    @Test(arguments: ["tableView", "collectionView"])
    func anEventWhoseMappingsAreUnregisteredNeverRuns(host: String) throws {
        let text = """
            version: 1
            host: \(host)
            registrations:
              - cell: AdCell
                model: Int
                xib: null
              - event: didSelect
                view: AdCell
              - cell: VideoCell
                model: String
              - unregister: AdCell
              - cell: AdCell
                model: Int

            """
        let findings = Linter.lint(bytes: Array(text.utf8), file: "screen.maplint.yml")
            .filter { $0.rule == EventWithoutRegistrationRule.id }
        #expect(
            findings.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
                "7:12 the manager-level didSelect(AdCell.self) attaches only to mappings the unregister at entry 3 "
                    + "removes: its closure never runs"
            ])
        #expect(findings.first?.registrations == [0, 1, 3])
        // Before 8 the event is matched when it fires: the later AdCell mapping meets it.
        let seven = text.replacingOccurrences(of: "registrations:", with: "libraryVersion: \"7.2.0\"\nregistrations:")
            .replacingOccurrences(of: "    xib: null\n", with: "")
        #expect(
            Linter.lint(bytes: Array(seven.utf8), file: "screen.maplint.yml")
                .filter { $0.rule == EventWithoutRegistrationRule.id }.isEmpty)
        // An event that also attached to a mapping that stays runs.
        let stays = text.replacingOccurrences(of: "  - unregister: AdCell\n", with: "")
        #expect(
            Linter.lint(bytes: Array(stays.utf8), file: "screen.maplint.yml")
                .filter { $0.rule == EventWithoutRegistrationRule.id }.isEmpty)
    }

    /// Before 8 a model-keyed event fires for an item that `is` its model type (MS EventReactions.swift,
    /// `reaction(of:signature:forModel:view:)`, 7.4.1, 8.1.0), looked up on its own events-only mapping
    /// (`ViewModelMapping.eventsModelMapping`, MS 8.1.0; `appendReaction(for modelClass:)`, DTTableViewDelegateWrapper.swift
    /// 7.2.0), so no cell mapping needs to show it: run on a UIKit stand-in (2026-12-07), `heightForCell(withItem:
    /// Int.self)` ran for an Int item no mapping covers. (This test said the opposite before, from seeds 451389,
    /// 728554 and 79197 of the reference model, which had the same wrong rule.)
    @Test(arguments: ["6.6.0", "7.2.0"])
    func aModelEventBefore8NeedsNoMappingOfItsType(version: String) {
        func warned(event: String, mapping: String) -> Bool {
            let text = """
                version: 1
                host: tableView
                libraryVersion: "\(version)"
                models:
                  FeedItem: {kind: protocol, properties: {id: Int}}
                  Post: {kind: class, conforms: [FeedItem]}
                  Ad: {kind: struct, conforms: [FeedItem]}
                  Story: {kind: protocol}
                registrations:
                  - cell: FeedCell
                    model: \(mapping)
                  - event: heightForCell
                    model: \(event)

                """
            return Linter.lint(bytes: Array(text.utf8), file: "screen.maplint.yml")
                .contains { $0.rule == EventWithoutRegistrationRule.id }
        }
        #expect(!warned(event: "Int", mapping: "FeedItem"))
        #expect(!warned(event: "FeedItem", mapping: "Int"))
        #expect(!warned(event: "Ad", mapping: "FeedItem"))
        #expect(!warned(event: "FeedItem", mapping: "Post"))
        // A protocol no declared type conforms to may have instances the manifest does not list.
        #expect(!warned(event: "Story", mapping: "Int"))
    }
}

/// Anomalies where maplint and the reference model part, pinned.
@Suite struct DifferentialAnomalyTests {
    static func screen(version: String, major: Int, event: String) -> ReferenceScreen {
        ReferenceScreen(
            host: .tableView, version: version, major: major, iOS: nil,
            entries: [
                .register(
                    ReferenceScreen.Mapping(
                        index: 0, viewClass: "VideoPostCell", model: "VideoPost", condition: .none,
                        reuseIdentifier: "VideoPostCell", xib: .byClass)),
                .event(index: 1, viewClass: event),
            ],
            sections: [[ReferenceScreen.Item(type: "VideoPost")]])
    }

    /// Known disagreement, seeds 174224 and 237576 (TV 6.6.0), 1338317 and 1979756 (CV 6.6.0): one second after
    /// `didSelect(PostCell.self)`, DT 6 reports `unusedEventDetected` when no mapping's class is exactly PostCell
    /// (`verifyViewEvent(for:methodName:)`, `$0.viewClass == T.self`: DTTableViewManager.swift 6.6.0,
    /// DTCollectionViewManager.swift 6.6.0; `isSubclass(of:)` from 7.2.0), though the reaction fires for a
    /// VideoPostCell (`isKind(of:)`, MS EventReactions.swift 7.4.1). maplint's `event-without-registration` is about
    /// closures that never run and reports nothing there; the differential test leaves these anomalies out.
    @Test func dt6ReportsUnusedEventForASuperclassOfItsMappings() {
        let six = DTReferenceModel.run(Self.screen(version: "6.6.0", major: 6, event: "PostCell"))
        #expect(six.anomalies == ["unusedEventDetected entry 1"])
        #expect(six.eventRuns == [1: true])
        #expect(DTReferenceModel.run(Self.screen(version: "7.2.0", major: 7, event: "PostCell")).anomalies.isEmpty)
        let text = """
            version: 1
            host: tableView
            libraryVersion: "6.6.0"
            models:
              Post: {kind: class}
              VideoPost: {inherits: Post}
              PostCell: {inherits: UITableViewCell}
              VideoPostCell: {inherits: PostCell}
            registrations:
              - cell: VideoPostCell
                model: VideoPost
              - event: didSelect
                view: PostCell

            """
        // Pinned: maplint reports no finding for the event.
        #expect(
            Linter.lint(bytes: Array(text.utf8), file: "screen.maplint.yml")
                .filter { $0.rule == EventWithoutRegistrationRule.id }.isEmpty)
    }

    /// The anomaly handler arrived in TV and CV 6.3.0 (DTTableViewManagerAnomalyHandler.swift,
    /// DTCollectionViewManagerAnomalyHandler.swift, first at the tag 6.3.0): before it the model reports none.
    @Test func noAnomaliesBefore6_3() {
        #expect(DTReferenceModel.run(Self.screen(version: "6.2.0", major: 6, event: "AdCell")).anomalies.isEmpty)
        #expect(
            DTReferenceModel.run(Self.screen(version: "6.3.0", major: 6, event: "AdCell")).anomalies == [
                "unusedEventDetected entry 1"
            ])
        #expect(!DTReferenceModel.reportsAnomalies("6") && DTReferenceModel.reportsAnomalies("9"))
    }
}
