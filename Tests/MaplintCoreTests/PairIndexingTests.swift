import Testing

@testable import MaplintAnalysis
@testable import MaplintManifest
@testable import MaplintReport
@testable import MaplintRules
@testable import MaplintSolver

/// The analysis indexes registrations by pinned values: partitions are disjoint without a
/// search, and above the listing limit their pairs are counted, not listed.
@Suite struct PairIndexingTests {
    static func manifest(_ registrations: [String]) throws -> Manifest {
        let text =
            "version: 1\nhost: tableView\nmodels:\n  Post: {properties: {id: Int}}\nregistrations:\n"
            + registrations.map { "  - " + $0 + "\n" }.joined()
        return try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
    }

    @Test func aLargePartitionListsNoPairsAndCountsTheDisjointOnes() throws {
        let count = 1_200
        let manifest = try Self.manifest(
            (0..<count).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" })
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
        let manifest = try Self.manifest(
            ["{cell: Any, model: Post, condition: \"model.id >= 5\"}"]
                + (0..<count).map { "{cell: C\($0), model: Post, condition: \"model.id == \($0)\"}" })
        let context = AnalysisContext(manifest: manifest)
        // Only the ids from 5 on intersect the first registration; those registrations are unreachable.
        #expect(context.pairs.count == count - 5)
        #expect(context.pairs.allSatisfy { $0.first.index == 0 })
        #expect(context.reachability.values.filter(\.isUnreachable).count == count - 5)
        #expect(context.omittedDisjointPairs[.cell] == (count + 1) * count / 2 - (count - 5))
    }

    /// Past the direct filter, the pin index finds candidates among every earlier registration
    /// of the view type; only those sharing a model type stay (the two ascending lists meet).
    @Test func indexedCandidatesKeepOnlyRegistrationsSharingAModelType() throws {
        let count = AnalysisContext.directFilterLimit + 40
        let text =
            "version: 1\nhost: tableView\nmodels:\n  Post: {properties: {id: Int}}\n  Ad: {properties: {id: Int}}\n"
            + "registrations:\n"
            + (0..<count).flatMap { id in
                [
                    "  - {cell: P\(id), model: Post, condition: \"model.id == \(id)\"}\n",
                    "  - {cell: A\(id), model: Ad, condition: \"model.id == \(id)\"}\n",
                ]
            }.joined()
            + "  - {cell: Late, model: Post, condition: \"model.id == 7 || model.id == 290\"}\n"
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let context = AnalysisContext(manifest: manifest)
        let late = 2 * count
        let met = context.pairs.filter { $0.secondIndex == late && $0.verdict != .disjoint }.map(\.firstIndex)
        // Post 7 and Post 290 (entries 14 and 580); never an Ad.
        #expect(met == [14, 580])
        #expect(AnalysisContext.sortedIntersection([1, 3, 5, 9, 12], [0, 3, 4, 9, 10, 12, 13]) == [3, 9, 12])
        #expect(AnalysisContext.sortedIntersection([], [1, 2]).isEmpty)
        #expect(AnalysisContext.sortedIntersection([4, 5], [1, 2]).isEmpty)
        // Few against many: looked up by halving; the same answer.
        let many = Array(stride(from: 0, to: 4_000, by: 3))
        #expect(AnalysisContext.sortedIntersection([2, 3, 2_997, 3_998, 3_999], many) == [3, 2_997, 3_999])
        #expect(AnalysisContext.sortedIntersection(many, [-1, 0, 3_999]) == [0, 3_999])
    }

    /// A manifest can keep hundreds of thousands of pairs, most sharing a few verdicts: a pair
    /// holds its verdict as one reference, not a witness inline.
    @Test func aPairHoldsItsVerdictByReference() {
        #expect(MemoryLayout<PairVerdict>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<RegistrationPair>.stride == 4 * MemoryLayout<Int>.size)
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

@Suite struct IntervalIndexingTests {
    @Test func anIntervalPartitionListsNoPairs() throws {
        let count = 1_100
        let text =
            "version: 1\nhost: tableView\nregistrations:\n"
            + (0..<count).map {
                "  - {cell: C\($0), model: Int, condition: \"model >= \($0 * 10) && model < \($0 * 10 + 10) && model != \($0 * 10 + 3)\"}\n"
            }.joined()
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let report = CollisionReport(manifest: manifest)
        #expect(report.pairs.isEmpty)
        #expect(report.omittedDisjointPairs == count * (count - 1) / 2)
        #expect(report.unreachable.isEmpty)
    }

    @Test func overlappingIntervalsStillMeetTheSolver() throws {
        let text = """
            version: 1
            host: tableView
            registrations:
              - {cell: A, model: Int, condition: "model >= 0 && model < 10"}
              - {cell: B, model: Int, condition: "5 <= model && model <= 20"}
              - {cell: C, model: Int, condition: "model > 20"}
              - {cell: D, model: Int, condition: "model >= 6 && model <= 7"}
            """
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let context = AnalysisContext(manifest: manifest)
        let verdicts = Dictionary(
            uniqueKeysWithValues: context.pairs.map { ("\($0.first.index)-\($0.second.index)", $0.verdict) })
        #expect(verdicts.count == 6)
        if case .intersecting = verdicts["0-1"] {} else { Issue.record("0 and 1 overlap on 5...9") }
        #expect(verdicts["0-2"] == .disjoint)
        #expect(verdicts["1-2"] == .disjoint)
        #expect(verdicts["2-3"] == .disjoint)
        #expect(context.reachability[3]?.isUnreachable == true)
    }

    @Test func boundsFromEveryComparisonForm() throws {
        let text = """
            version: 1
            host: tableView
            models:
              P: {properties: {n: Int}}
            registrations:
              - {cell: A, model: P, condition: "model.n > 3 && 10 >= model.n && indexPath.section == 2"}
            """
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let bounds = ConditionSolver(manifest: manifest).intBounds(of: try #require(manifest.registrations.first))
        #expect(bounds[.model("n")] == IntBounds(lower: 4, upper: 10))
        #expect(bounds[.section] == IntBounds(lower: 2, upper: 2))
    }
}

@Suite struct ExtremePinTests {
    /// Int.min has no magnitude in Int: pins and item values at the extremes must not trap.
    @Test func extremeIntegersInPinsAndItems() throws {
        let registrations = (0..<20).map { "  - {cell: C\($0), model: Post, condition: \"model.id == \($0)\"}\n" }
            .joined()
        let text = """
            version: 1
            host: tableView
            models:
              Post: {properties: {id: Int}}
            registrations:
              - {cell: Min, model: Post, condition: "model.id == -9223372036854775808 || model.id == 7"}
              - {cell: Max, model: Post, condition: "model.id == 9223372036854775807 || model.id < -5"}

            """ + registrations + """
                sample:
                  sections:
                    - items:
                        - Post: {id: -9223372036854775808}
                        - Post: {id: 9223372036854775807}
                        - Post: {id: 3}
                """
        let manifest = try #require(ManifestLoader.load(bytes: Array(text.utf8), file: "m.yml").manifest)
        let context = AnalysisContext(manifest: manifest)
        #expect(context.resolution.items.map(\.resolved) == [0, 1, 5])
        #expect(context.resolution.items.first?.candidates == [0, 1])
        #expect(!Analyzer.analyze(context).isEmpty)
    }
}
