import Testing

@testable import MaplintInterfaceBuilder
@testable import MaplintManifest
@testable import MaplintReport
@testable import MaplintResolver
@testable import MaplintRules

/// With `--resources`, a registration's view source is what the library loads: a xib that
/// is not there falls back to the class.
@Suite struct EffectiveViewSourceTests {
    typealias F = Fixture

    /// Resources holding a readable xib of each given name.
    static func resources(xibs: [String]) -> InterfaceBuilderResources {
        InterfaceBuilderResources(
            results: xibs.map {
                .success(InterfaceBuilderDocument(path: "Resources/\($0).xib", kind: .xib))
            })
    }

    static func manifest(_ entries: [F.EntrySpec]) -> Manifest {
        F.manifest(entries, sections: [F.Section(items: [F.object("Post")]), F.Section(items: [F.object("Post")])])
    }

    /// PostCell with its default xib in section 0, PostCell made in code in section 1.
    static var defaultAndCodeOnly: [F.EntrySpec] {
        [
            F.cell("PostCell", "Post", condition: F.section(0)),
            F.cell("PostCell", "Post", condition: F.section(1), xib: XibName.none),
        ]
    }

    @Test func withoutResourcesTheDefaultXibIsTakenAtItsWord() {
        let table = ReuseIdentifierTable(manifest: Self.manifest(Self.defaultAndCodeOnly))
        #expect(table.collisions.count == 1)
        // A table keeps the first registration of an identifier.
        #expect(table.dequeuedFrom(1) == 0)
    }

    @Test func aDefaultXibThatDoesNotExistIsTheClass() {
        let manifest = Self.manifest(Self.defaultAndCodeOnly)
        let resources = Self.resources(xibs: ["OtherCell"])
        let table = ReuseIdentifierTable(manifest: manifest, availableXibs: resources.xibNames)
        #expect(table.collisions.isEmpty)
        #expect(table.dequeuedFrom(0) == 0)
        #expect(table.source(of: manifest.registrations[0]) == table.source(of: manifest.registrations[1]))
        let resolution = Resolver(manifest: manifest, availableXibs: resources.xibNames).resolve()
        #expect(resolution.items.map(\.dequeuedFrom) == [0, 1])
        #expect(resolution.items.allSatisfy { $0.problems.isEmpty })
        #expect(
            !Analyzer.analyze(manifest, resources: resources).contains { $0.rule == ReuseIdentifierCollisionRule.id })
    }

    @Test func aDefaultXibThatExistsStillCollidesWithTheClass() {
        let manifest = Self.manifest(Self.defaultAndCodeOnly)
        let resources = Self.resources(xibs: ["PostCell"])
        #expect(ReuseIdentifierTable(manifest: manifest, availableXibs: resources.xibNames).collisions.count == 1)
        let findings = Analyzer.analyze(manifest, resources: resources).filter {
            $0.rule == ReuseIdentifierCollisionRule.id
        }
        #expect(findings.count == 1)
        // Entry 1's items are dequeued under the identifier the xib registered first.
        #expect(
            findings.first?.message.hasSuffix(
                "(entry 1) shows PostCell.xib instead of the PostCell class (made in code)")
                == true)
    }

    @Test func twoMissingExplicitXibsAreBothTheClass() {
        let entries: [F.EntrySpec] = [
            F.cell("PostCell", "Post", condition: F.section(0), xib: .named("PostCellLarge")),
            F.cell("PostCell", "Post", condition: F.section(1), xib: .named("PostCellSmall")),
        ]
        let manifest = Self.manifest(entries)
        #expect(ReuseIdentifierTable(manifest: manifest).collisions.count == 1)
        let large = Self.resources(xibs: ["PostCellLarge"])
        #expect(ReuseIdentifierTable(manifest: manifest, availableXibs: large.xibNames).collisions.count == 1)
        let neither = Self.resources(xibs: [])
        #expect(ReuseIdentifierTable(manifest: manifest, availableXibs: neither.xibNames).collisions.isEmpty)
        // The explicit names are still reported as missing.
        #expect(Analyzer.analyze(manifest, resources: neither).filter { $0.rule == MissingXibRule.id }.count == 2)
    }

    @Test func theCollisionReportUsesTheEffectiveSource() {
        let report = CollisionReport(
            manifest: Self.manifest(Self.defaultAndCodeOnly), resources: Self.resources(xibs: []))
        #expect(report.reuseIdentifiers.map(\.collision) == [false])
        #expect(
            report.registrations.map { report.viewSource(of: $0) } == [
                "the PostCell class (made in code)", "the PostCell class (made in code)",
            ])
        #expect(
            CollisionReport(manifest: Self.manifest(Self.defaultAndCodeOnly)).reuseIdentifiers.map(
                \.collision) == [true])
    }
}
