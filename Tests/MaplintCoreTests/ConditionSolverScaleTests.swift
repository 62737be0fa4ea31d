import Testing

@testable import MaplintManifest
@testable import MaplintSolver

/// Manifests with thousands of registrations of one model type: each question must stay cheap.
/// The tests assert the answers only; the benchmarks (`make bench`) measure the time, and a
/// blow-up shows as a suite that does not finish.
@Suite("Condition solver: scale")
struct ConditionSolverScaleTests {
    let solver = SolverFixture.solver
    typealias F = SolverFixture

    static let byID: [Registration] = (0..<10_000).map { SolverFixture.when("model.id == \($0)", index: $0) }
    static let bySection: [Registration] = (0..<10_000).map { SolverFixture.section($0, index: $0) }

    @Test func unconditionalAfterTenThousandPinnedIDs() throws {
        let verdict = solver.coverage(of: F.registration("Post", index: 10_000), by: Self.byID)
        let witness = try #require(verdict.reachableWitness, "expected reachable, got \(verdict)")
        #expect(F.property(witness, "id") == .int(-1))
    }

    @Test func pinnedIDAfterTenThousandSections() throws {
        let verdict = solver.coverage(of: F.when("model.id == 5", index: 10_000), by: Self.bySection)
        let witness = try #require(verdict.reachableWitness, "expected reachable, got \(verdict)")
        #expect(witness.indexPath.section == 10_000)
    }

    @Test func pinnedSectionsPruneEarlierRegistrations() {
        #expect(solver.coverage(of: F.section(5, index: 10_000), by: Self.bySection) == .covered)
        let late = F.section(20_000, index: 10_000)
        #expect(solver.coverage(of: late, by: Self.bySection) != .covered)
    }

    @Test func manyTwoVariableConditions() throws {
        let earlier = (0..<2_000).map { F.when("model.id == \($0 % 50) && indexPath.section == \($0 / 50)", index: $0) }
        let verdict = solver.coverage(
            of: F.when("model.id >= 0 && model.id < 50 && indexPath.section < 40", index: 2_000), by: earlier)
        #expect(verdict == .covered)
        let open = solver.coverage(
            of: F.when("model.id >= 0 && model.id < 51 && indexPath.section < 40", index: 2_000), by: earlier)
        let witness = try #require(open.reachableWitness, "expected reachable, got \(open)")
        #expect(F.property(witness, "id") == .int(50))
    }

    @Test func pairsWithDifferentPinsAreCheap() {
        var disjoint = 0
        for index in 1..<Self.byID.count where solver.verdict(Self.byID[index - 1], Self.byID[index]) == .disjoint {
            disjoint += 1
        }
        #expect(disjoint == Self.byID.count - 1)
    }

    @Test func allPairsThatNeedASearch() {
        // Every pair overlaps in `likes`, so each verdict needs a search and a checked witness.
        let registrations = (0..<150).map { index in
            index.isMultiple(of: 2)
                ? F.when("model.likes > \(index) && (model.containsVideo || model.state == .draft)", index: index)
                : F.when("model.likes < \(index + 300) && model.rating >= 0.5", index: index)
        }
        var intersecting = 0
        for second in registrations.indices {
            for first in 0..<second {
                if case .intersecting = solver.verdict(registrations[first], registrations[second]) {
                    intersecting += 1
                }
            }
        }
        #expect(intersecting == 150 * 149 / 2)
    }
}

extension CoverageVerdict {
    /// The witness of a reachable registration, nil for any other verdict.
    fileprivate var reachableWitness: Witness? {
        if case .reachable(let witness) = self { return witness }
        return nil
    }
}
