import Testing
@testable import MaplintCore

/// The analysis indexes registrations by pinned values: partitions are disjoint without a
/// search, and above the listing limit their pairs are counted, not listed.
@Suite struct PairIndexingTests {
    static func manifest(_ registrations: [String]) throws -> Manifest {
        let text = "version: 1\nhost: tableView\nmodels:\n  Post: {properties: {id: Int}}\nregistrations:\n"
            + registrations.map { "  - " + $0 + "\n" }.joined()
        return try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
    }

    @Test func aLargePartitionListsNoPairsAndCountsTheDisjointOnes() throws {
        let count = 1_200
        let manifest = try Self.manifest((0..<count).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" })
        let report = CollisionReport(manifest: manifest)
        #expect(report.pairs.isEmpty)
        #expect(report.omittedDisjointPairs == count * (count - 1) / 2)
        #expect(report.unreachable.isEmpty)
    }

    @Test func aSmallPartitionListsEveryPairAsDisjoint() throws {
        let manifest = try Self.manifest((0..<30).map { "{cell: C\($0), model: Post, section: \($0)}" })
        let report = CollisionReport(manifest: manifest)
        #expect(report.pairs.count == 30 * 29 / 2)
        #expect(report.pairs.allSatisfy { $0.verdict == .disjoint })
        #expect(report.omittedDisjointPairs == 0)
    }

    @Test func anUnpinnedRegistrationStillMeetsEveryPinnedOne() throws {
        let count = 1_100
        let manifest = try Self.manifest(["{cell: Any, model: Post, condition: \"model.id >= 5\"}"]
            + (0..<count).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" })
        let context = AnalysisContext(manifest: manifest)
        // Only the ids from 5 on intersect the first registration; those registrations are unreachable.
        #expect(context.pairs.count == count - 5)
        #expect(context.pairs.allSatisfy { $0.first.index == 0 })
        #expect(context.reachability.values.filter(\.isUnreachable).count == count - 5)
        #expect(context.omittedDisjointPairs[.cell] == (count + 1) * count / 2 - (count - 5))
    }

    @Test func intAndDoublePinsMeetUnderOneKey() throws {
        let text = """
            version: 1
            host: tableView
            models:
              P: {properties: {x: Double}}
            registrations:
              - {cell: A, model: P, condition: "model.x == 1"}
              - {cell: B, model: P, condition: "model.x == 1.0"}
            """
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let context = AnalysisContext(manifest: manifest)
        #expect(context.reachability[1]?.isUnreachable == true)
    }
}
