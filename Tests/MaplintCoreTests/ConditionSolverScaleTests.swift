import Testing

@testable import MaplintCore

/// Manifests with thousands of registrations of one model type: each question must stay cheap.
/// The time limits are loose (debug builds, shared machines); they catch blow-ups, not regressions.
@Suite("Condition solver: scale")
struct ConditionSolverScaleTests {
    let solver = SolverFixture.solver
    typealias F = SolverFixture

    static let byID: [Registration] = (0..<10_000).map { SolverFixture.when("model.id == \($0)", index: $0) }
    static let bySection: [Registration] = (0..<10_000).map { SolverFixture.section($0, index: $0) }

    private func seconds(_ body: () -> Void) -> Double {
        let elapsed = ContinuousClock().measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func unconditionalAfterTenThousandPinnedIDs() {
        var verdict: CoverageVerdict?
        let time = seconds { verdict = solver.coverage(of: F.registration("Post", index: 10_000), by: Self.byID) }
        guard case .reachable(let witness)? = verdict else {
            Issue.record("expected reachable, got \(String(describing: verdict))")
            return
        }
        #expect(F.property(witness, "id") == .int(-1))
        #expect(time < 5, "took \(time) s")
    }

    @Test func pinnedIDAfterTenThousandSections() {
        var verdict: CoverageVerdict?
        let time = seconds { verdict = solver.coverage(of: F.when("model.id == 5", index: 10_000), by: Self.bySection) }
        guard case .reachable(let witness)? = verdict else {
            Issue.record("expected reachable, got \(String(describing: verdict))")
            return
        }
        #expect(witness.indexPath.section == 10_000)
        #expect(time < 5, "took \(time) s")
    }

    @Test func pinnedSectionsPruneEarlierRegistrations() {
        var verdict: CoverageVerdict?
        let time = seconds { verdict = solver.coverage(of: F.section(5, index: 10_000), by: Self.bySection) }
        #expect(verdict == .covered)
        let late = F.section(20_000, index: 10_000)
        #expect(solver.coverage(of: late, by: Self.bySection) != .covered)
        #expect(time < 5, "took \(time) s")
    }

    @Test func manyTwoVariableConditions() {
        let earlier = (0..<2_000).map { F.when("model.id == \($0 % 50) && indexPath.section == \($0 / 50)", index: $0) }
        var verdict: CoverageVerdict?
        let time = seconds {
            verdict = solver.coverage(
                of: F.when("model.id >= 0 && model.id < 50 && indexPath.section < 40", index: 2_000), by: earlier)
        }
        #expect(verdict == .covered)
        var open: CoverageVerdict?
        let openTime = seconds {
            open = solver.coverage(
                of: F.when("model.id >= 0 && model.id < 51 && indexPath.section < 40", index: 2_000), by: earlier)
        }
        guard case .reachable(let witness)? = open else {
            Issue.record("expected reachable, got \(String(describing: open))")
            return
        }
        #expect(F.property(witness, "id") == .int(50))
        #expect(time + openTime < 20, "took \(time) s and \(openTime) s")
    }

    @Test func pairsWithDifferentPinsAreCheap() {
        var disjoint = 0
        let time = seconds {
            for index in 1..<Self.byID.count where solver.verdict(Self.byID[index - 1], Self.byID[index]) == .disjoint {
                disjoint += 1
            }
        }
        #expect(disjoint == Self.byID.count - 1)
        #expect(time < 5, "took \(time) s")
    }

    @Test func allPairsThatNeedASearch() {
        // Every pair overlaps in `likes`, so each verdict needs a search and a checked witness.
        let registrations = (0..<150).map { index in
            index.isMultiple(of: 2)
                ? F.when("model.likes > \(index) && (model.containsVideo || model.state == .draft)", index: index)
                : F.when("model.likes < \(index + 300) && model.rating >= 0.5", index: index)
        }
        var intersecting = 0
        let time = seconds {
            for second in registrations.indices {
                for first in 0..<second {
                    if case .intersecting = solver.verdict(registrations[first], registrations[second]) {
                        intersecting += 1
                    }
                }
            }
        }
        #expect(intersecting == 150 * 149 / 2)
        #expect(time < 30, "took \(time) s")
    }
}
