import Foundation
import Testing

@testable import MaplintCore

/// maplint against the reference model of DT (`DTReferenceModel`) on generated screens: for each
/// host and major version, the candidates and the mapping each sample item resolves to, the
/// registration whose view UIKit hands out (`dequeuedFrom`, collisions and cleared identifiers) and
/// whether each manager-level event's closure can run must be the same. `MAPLINT_DIFF_SEEDS` sets
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
        for element in Resolver(manifest: manifest).resolve().items {
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
                    resolved: element.resolved, dequeuedFrom: element.resolved == nil ? nil : dequeued))
        }
        let findings = Analyzer.analyze(manifest)
        var eventRuns: [Int: Bool] = [:]
        for case .event(let event) in manifest.entries {
            eventRuns[event.index] = !findings.contains {
                $0.rule == EventWithoutRegistrationRule.id && $0.registrations.contains(event.index)
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
        return (ReferenceOutcome(elements: elements, eventRuns: eventRuns, shadowedOn: shadowedOn), [])
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
            if !mapping.events.isEmpty { shown["mapping events", default: 0] += 1 }
            if mapping.registerNibNamed { shown["registerNibNamed", default: 0] += 1 }
            if mapping.element != .cell, case .named = mapping.xib { shown["named header/footer xib", default: 0] += 1 }
        }
        for element in expected.elements {
            shown[element.kind.rawValue, default: 0] += 1
            if element.kind != .cell, element.dequeuedFrom != nil { shown["dequeued header/footer", default: 0] += 1 }
            if element.kind == .badge, element.dequeuedFrom != nil { shown["dequeued badge", default: 0] += 1 }
        }
        let (found, errors) = maplintOutcome(text, major: major)
        guard let found else { return "seed \(seed): the manifest does not load: \(errors)\n\(text)" }
        guard found == expected else {
            return "seed \(seed):\n\(text)\nreference:\n\(expected)\nmaplint:\n\(found)"
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
        #expect(host == .tableView || shown["dequeued badge", default: 0] > 0)
        print(
            "differential: \(host) \(major): \(compared) screens compared, \(failures.count) disagreements; "
                + "elements \(shown.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
        )
    }
}

/// Disagreements the differential test found, pinned by their seeds' manifests.
@Suite struct DifferentialFindingsTests {
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

    /// Seeds 451389 (TV 6.6.0), 728554 (CV 6.6.0) and 79197 (TV 7.2.0): before 8 a model-keyed event fires
    /// for an item that `is` its model type (MS EventReactions.swift, `reaction(of:signature:forModel:view:)`,
    /// 7.4.1), shown by a mapping whose model type it also is: `Int` items are never `FeedItem`s, whose
    /// declared instances are Post and Ad.
    @Test(arguments: ["6.6.0", "7.2.0"])
    func aModelEventBefore8NeedsATypeThatIsBoth(version: String) {
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
        #expect(warned(event: "Int", mapping: "FeedItem"))
        #expect(warned(event: "FeedItem", mapping: "Int"))
        #expect(!warned(event: "Ad", mapping: "FeedItem"))
        #expect(!warned(event: "FeedItem", mapping: "Post"))
        // A protocol no declared type conforms to may have instances the manifest does not list.
        #expect(!warned(event: "Story", mapping: "Int"))
    }
}
