import Testing

@testable import MaplintManifest
@testable import MaplintOutput
@testable import MaplintReport
@testable import MaplintResolver
@testable import MaplintRules

private func findings(_ text: String) throws -> [String] {
    Analyzer.analyze(try decodeManifest(text)).map { "\($0.location.line):\($0.location.column) \($0.rule)" }
}

/// `unregister` removes the mappings of a class but registers nil only under the class name
/// (TableViewFactory.swift, unregisterCellClass, unregisterHeaderClass, unregisterFooterClass, 6.6.0 and
/// 11.0.1; CollectionViewFactory.swift, unregisterCellClass, 11.0.0). What other mappings then see.
@Suite struct UnregisterTests {
    /// A cell mapping of another class under the cleared identifier cannot dequeue: UIKit's
    /// "unable to dequeue" exception.
    @Test func anotherMappingUsingTheClassNameIdentifierCannotDequeue() throws {
        let manifest = """
            version: 1
            host: tableView
            registrations:
              - cell: PostCell
                model: String
              - cell: LegacyPostCell
                model: Int
                reuseIdentifier: PostCell
              - unregister: PostCell
            """
        let found = Analyzer.analyze(try decodeManifest(manifest)).filter { $0.rule == ClearedReuseIdentifierRule.id }
        #expect(found.map(\.registrations) == [[1, 2]])
        #expect(
            found.first?.explanation
                == "LegacyPostCell (entry 1, line 6) is still mapped, but the unregister at entry 2 registered nil under "
                + "\"PostCell\", the identifier it dequeues, and nothing registers it again: UIKit raises \"unable to "
                + "dequeue a cell with identifier PostCell\" on its first cell (a crash); give it its own "
                + "reuseIdentifier, or register it again after the unregister")
        // Registering the identifier again afterwards restores it.
        let again = manifest + "\n  - cell: PostCell\n    model: String\n"
        #expect(try !findings(again).contains { $0.hasSuffix(ClearedReuseIdentifierRule.id.rawValue) })
        // A collection view below iOS 14 clears the identifier the same way; from iOS 14 (DT 8+) mappings
        // dequeue through their own CellRegistration and nothing is shared.
        let collection = manifest.replacingOccurrences(of: "host: tableView", with: "host: collectionView")
        #expect(try findings(collection).contains("6:11 cleared-reuse-identifier"))
        let generated = collection.replacingOccurrences(
            of: "host: collectionView", with: "host: collectionView\ndeploymentTarget: iOS 14.0")
        #expect(try !findings(generated).contains { $0.hasSuffix("cleared-reuse-identifier") })
    }

    /// Tables keep headers and footers in one registry: unregistering a header clears a footer of the same
    /// identifier. A header or footer whose identifier is cleared is loaded from its xib
    /// (TableViewHeaderFooterViewModelMapping.swift, loadViewFromXib, 11.0.1; TableViewFactory.swift,
    /// headerFooterView, 7.2.0); with `xib: null` nothing is shown.
    @Test func unregisteringAHeaderClearsAFooterOfTheSameIdentifier() throws {
        let manifest = """
            version: 1
            host: tableView
            registrations:
              - header: SectionView
                model: String
              - footer: SectionView
                model: Int
                xib: null
              - footer: SummaryView
                model: Double
                reuseIdentifier: SectionView
              - unregister: {header: SectionView}
            """
        #expect(
            try findings(manifest).filter { $0.hasSuffix("cleared-reuse-identifier") } == [
                "6:13 cleared-reuse-identifier"
            ])
    }

    /// A custom identifier stays registered after the unregister, so a table skips a later registration
    /// under it and keeps the removed mapping's design (TableViewFactory.swift, registerCellClass, 11.0.1).
    @Test func aLaterRegistrationUnderAKeptCustomIdentifierIsSkippedOnTables() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: OldCell
                model: Int
                reuseIdentifier: row
              - unregister: OldCell
              - cell: NewCell
                model: Int
                reuseIdentifier: row
            sample:
              sections:
                - items: [1]
            """)
        let resolver = Resolver(manifest: manifest)
        #expect(resolver.reuseIdentifiers.dequeuedFrom(2) == 0)
        #expect(resolver.reuseIdentifiers.clearedBy.isEmpty)
        #expect(Analyzer.analyze(manifest).map(\.rule) == [ReuseIdentifierCollisionRule.id])
    }
}

/// `storyboard: true` with a xib on a collection view: `registerCellClass` tries the xib before it looks at
/// `cellRegisteredByStoryboard`, so an existing xib is registered under the identifier, replacing the
/// prototype: below iOS 14 from 8.0 (CollectionViewFactory.swift, registerCellClass, `#unavailable(iOS 14)`,
/// 11.0.0), on every system before 8.0 (CollectionViewFactory.swift, registerCellClass, 7.2.0).
@Suite struct CollectionStoryboardWithXibTests {
    private func message(version: String, target: String?) throws -> String? {
        let manifest = try decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "\(version)"
            \(target.map { "deploymentTarget: \($0)" } ?? "")
            registrations:
              - cell: PhotoCell
                model: String
                storyboard: true
                xib: PhotoCell
            """)
        return Analyzer.analyze(manifest).first { $0.rule == StoryboardWithXibRule.id }?.explanation
    }

    @Test func belowIOS14TheXibReplacesThePrototype() throws {
        #expect(
            try message(version: "11.0.0", target: "iOS 13.0")
                == "PhotoCell (entry 0, line 6) is a storyboard prototype (storyboard: true), but DTCollectionViewManager "
                + "11 registers PhotoCell.xib under its reuse identifier when that xib exists, replacing the prototype on "
                + "systems below iOS 14 (from iOS 14 the prototype is used, so the design depends on the system); remove "
                + "the xib (or `xib`), or remove `storyboard: true` if the view comes from PhotoCell.xib")
        #expect(try message(version: "8.0.1", target: nil)?.contains("on systems below iOS 14") == true)
    }

    @Test func fromIOS14TheXibIsNeverLoaded() throws {
        #expect(try message(version: "11.0.0", target: "iOS 14.0")?.contains("never loads a xib") == true)
    }

    @Test func before8TheXibIsRegisteredOnEverySystem() throws {
        let text = try message(version: "7.2.0", target: "iOS 14.0")
        #expect(text?.contains("DTCollectionViewManager 7 registers PhotoCell.xib") == true)
        #expect(text?.contains("iOS 14") == false)
    }
}

/// What `resolve` and the report say is dequeued for a collection view storyboard mapping whose xib
/// replaces the prototype (CollectionViewFactory.swift, registerCellClass: the xib branch comes before the
/// storyboard flag; every system at 7.2.0, below iOS 14 at 8.2.0 and 11.0.0).
@Suite struct CollectionStoryboardXibDequeueTests {
    private func manifest(version: String, target: String?, xib: String? = nil) throws -> Manifest {
        try decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "\(version)"
            \(target.map { "deploymentTarget: \($0)" } ?? "")
            registrations:
              - cell: PhotoCell
                model: String
                storyboard: true
            \(xib.map { "    xib: \($0)" } ?? "")
            sample:
              sections:
                - items: ["a"]
            """)
    }

    private func first(_ manifest: Manifest, xibs: Set<String>? = nil) -> ResolvedElement? {
        Resolver(manifest: manifest, availableXibs: xibs).resolve().items.first
    }

    @Test func aNamedXibIsTheDequeuedViewBefore8() throws {
        let element = try #require(first(try manifest(version: "7.2.0", target: "iOS 15.0", xib: "PhotoNib")))
        #expect(element.dequeuedFrom == 0)
        #expect(element.problems == [.storyboardReplacedByXib(xib: "PhotoNib")])
        #expect(element.problemRules == [StoryboardWithXibRule.id])
        #expect(
            ResolutionTableFormatter.notes(element)
                == "storyboard-with-xib (dequeues PhotoNib.xib, not the storyboard prototype)")
        #expect(ResolutionJSONFormatter.json(element).rendered().contains("\"problems\": [\"storyboard-with-xib\"]"))
    }

    @Test func theClassNameXibCountsOnlyWhenResourcesHaveIt() throws {
        let manifest = try manifest(version: "11.0.0", target: "iOS 13.0")
        #expect(first(manifest)?.problems == [])
        #expect(first(manifest, xibs: ["OtherCell"])?.problems == [])
        #expect(first(manifest, xibs: ["PhotoCell"])?.problems == [.storyboardReplacedByXib(xib: "PhotoCell")])
    }

    @Test func fromIOS14In8AndLaterThePrototypeIsDequeued() throws {
        #expect(first(try manifest(version: "8.2.0", target: "iOS 14.0", xib: "PhotoNib"))?.problems == [])
        #expect(
            first(try manifest(version: "8.2.0", target: nil, xib: "PhotoNib"))?.problems == [
                .storyboardReplacedByXib(xib: "PhotoNib")
            ])
    }

    @Test func aTableNeverLoadsTheXib() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: tableView
            registrations:
              - cell: PhotoCell
                model: String
                storyboard: true
                xib: PhotoNib
            sample:
              sections:
                - items: ["a"]
            """)
        #expect(first(manifest)?.problems == [])
    }

    @Test func theReportNamesTheXibAsTheDequeuedView() throws {
        let manifest = try manifest(version: "7.2.0", target: nil, xib: "PhotoNib")
        let report = CollisionReport(manifest: manifest)
        let html = CollisionReportHTMLFormatter().format(report)
        #expect(
            html.contains(
                "<td class=\"dequeued\">PhotoCell from PhotoNib.xib (<a href=\"#registration-0\">#0</a>)</td>"))
        #expect(report.viewSource(of: manifest.registrations[0]) == "PhotoNib.xib")
    }

    /// A later code registration of the identifier replaces the xib (collection views keep the last one).
    @Test func aLaterRegistrationReplacesTheXib() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "7.2.0"
            registrations:
              - cell: PhotoCell
                model: String
                storyboard: true
                xib: PhotoNib
              - cell: OtherCell
                model: Int
                reuseIdentifier: PhotoCell
            sample:
              sections:
                - items: ["a"]
            """)
        let element = try #require(first(manifest))
        #expect(element.problems == [.reuseIdentifierCollision(dequeuedFrom: 1)])
        let collision = Analyzer.analyze(manifest).first { $0.rule == ReuseIdentifierCollisionRule.id }
        #expect(collision?.message.contains("OtherCell.xib instead of PhotoNib.xib") == true)
    }
}
