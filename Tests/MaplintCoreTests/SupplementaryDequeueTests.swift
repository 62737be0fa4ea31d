import Testing

@testable import MaplintManifest
@testable import MaplintOutput
@testable import MaplintResolver
@testable import MaplintRules

/// DTCollectionViewManager 6 and 7 register a supplementary view under the mapping's reuseIdentifier and
/// dequeue it under `String(describing: mapping.viewClass)` (CollectionViewFactory.swift,
/// `supplementaryViewOfKind(_:forModel:atIndexPath:)`, 6.6.0 and 7.2.0); 8.0.0 dequeues the mapping's
/// reuseIdentifier (CollectionViewFactory.swift, `supplementaryView(of:for:at:)`, 8.0.0).
@Suite struct SupplementaryClassNameDequeueTests {
    private func manifest(version: String, extra: String = "") throws -> Manifest {
        try decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "\(version)"
            registrations:
              - header: SectionHeader
                model: String
                reuseIdentifier: section-header
            \(extra)
            sample:
              sections:
                - header: "Title"
                  items: []
            """)
    }

    @Test func aCustomIdentifierIsNotDequeuedBefore8() throws {
        let manifest = try manifest(version: "7.2.0")
        let element = try #require(Resolver(manifest: manifest).resolve().items.first)
        #expect(element.dequeuedFrom == nil)
        #expect(element.problems == [.dequeuedUnderClassName(identifier: "SectionHeader", dequeuedFrom: nil)])
        #expect(
            ResolutionTableFormatter.notes(element)
                == "supplementary-class-name-dequeue (nothing registered under 'SectionHeader')")
        let findings = Analyzer.analyze(manifest).filter { $0.rule == SupplementaryClassNameDequeueRule.id }
        #expect(
            findings.map(\.explanation) == [
                "SectionHeader (entry 0, line 5) registers its headers under 'section-header', but DTCollectionViewManager 7 "
                    + "dequeues them under the class name 'SectionHeader', where nothing is registered: UIKit raises "
                    + "\"could not dequeue a view of kind\" on the first one (a crash); remove `reuseIdentifier` "
                    + "(DTCollectionViewManager 8 and later dequeue the mapping's reuseIdentifier)"
            ])
        #expect(findings.first?.location.line == 7)
    }

    @Test func theViewRegisteredUnderTheClassNameIsShown() throws {
        let manifest = try manifest(
            version: "6.6.0",
            extra: """
                  - header: BannerHeader
                    model: Int
                    reuseIdentifier: SectionHeader
                """)
        let element = try #require(Resolver(manifest: manifest).resolve().items.first)
        #expect(element.dequeuedFrom == 1)
        #expect(element.dequeuedView == "BannerHeader")
        #expect(element.problems == [.dequeuedUnderClassName(identifier: "SectionHeader", dequeuedFrom: 1)])
        let finding = Analyzer.analyze(manifest).first { $0.rule == SupplementaryClassNameDequeueRule.id }
        #expect(
            finding?.explanation.contains(
                "where BannerHeader (entry 1, line 8) is registered: they show BannerHeader.xib instead") == true)
        #expect(finding?.registrations == [0, 1])
    }

    @Test func from8TheMappingsIdentifierIsDequeued() throws {
        for version in ["8.0.0", "11.0.0"] {
            let manifest = try manifest(version: version)
            let element = try #require(Resolver(manifest: manifest).resolve().items.first)
            #expect(element.dequeuedFrom == 0)
            #expect(element.problems == [])
            #expect(!Analyzer.analyze(manifest).contains { $0.rule == SupplementaryClassNameDequeueRule.id })
        }
    }

    @Test func cellsAlwaysDequeueTheMappingsIdentifier() throws {
        let manifest = try decodeManifest(
            """
            version: 1
            host: collectionView
            libraryVersion: "7.2.0"
            registrations:
              - cell: PhotoCell
                model: String
                reuseIdentifier: photo
            """)
        #expect(ReuseIdentifierTable(manifest: manifest).dequeuedUnder.isEmpty)
    }
}
