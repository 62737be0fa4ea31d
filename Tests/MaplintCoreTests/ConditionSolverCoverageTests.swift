import Testing

@testable import MaplintManifest
@testable import MaplintSolver

@Suite("Condition solver: coverage")
struct ConditionSolverCoverageTests {
    let solver = SolverFixture.solver
    typealias F = SolverFixture

    private func reachable(
        _ verdict: CoverageVerdict, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> Witness? {
        guard case .reachable(let witness) = verdict else {
            Issue.record("expected reachable, got \(verdict)", sourceLocation: sourceLocation)
            return nil
        }
        return witness
    }

    @Test func coveredJointlyByTwoEarlierRegistrations() {
        let earlier = [F.when("model.likes < 5", index: 0), F.when("model.likes >= 5", index: 1)]
        #expect(solver.coverage(of: F.when("model.likes >= 0 && model.likes < 10", index: 2), by: earlier) == .covered)
        #expect(solver.coverage(of: F.registration("Post", index: 2), by: earlier) == .covered)
        // Neither alone covers it.
        #expect(
            solver.coverage(of: F.when("model.likes >= 0 && model.likes < 10", index: 2), by: [earlier[0]]) != .covered)
        #expect(
            solver.coverage(of: F.when("model.likes >= 0 && model.likes < 10", index: 2), by: [earlier[1]]) != .covered)
    }

    @Test func unconditionalEarlierRegistrationCoversEverything() {
        #expect(solver.coverage(of: F.when("model.containsVideo", index: 1), by: [F.registration("Post")]) == .covered)
        #expect(solver.coverage(of: F.registration("VideoPost", index: 1), by: [F.registration("Post")]) == .covered)
        #expect(solver.coverage(of: F.registration("FeedItem", index: 1), by: [F.registration("Post")]) == .covered)
        #expect(solver.coverage(of: F.when("model.likes > 1", index: 1), by: [F.registration("FeedItem")]) == .covered)
    }

    @Test func reachableWitnessAvoidsEveryEarlierRegistration() {
        let witness = reachable(
            solver.coverage(of: F.registration("Post", index: 1), by: [F.when("model.containsVideo")]))
        #expect(F.property(witness, "containsVideo") == .bool(false))
        let base = reachable(solver.coverage(of: F.registration("Post", index: 1), by: [F.registration("VideoPost")]))
        if case .object(let type, _)? = base?.model {
            #expect(type == "Post")
        } else {
            Issue.record("expected an object")
        }
        let section = reachable(
            solver.coverage(of: F.registration("Post", index: 2), by: [F.section(0), F.section(1, index: 1)]))
        #expect(section?.indexPath.section == 2)
        #expect(section?.constrainsSection == true)
    }

    @Test func sectionsCoverARange() {
        let earlier = [F.section(0), F.section(1, index: 1)]
        #expect(solver.coverage(of: F.when("indexPath.section < 2", index: 2), by: earlier) == .covered)
        #expect(solver.coverage(of: F.section(1, index: 2), by: earlier) == .covered)
        #expect(solver.coverage(of: F.section(1, index: 2), by: [F.section(0)]) != .covered)
    }

    @Test func aTrappingEarlierConditionDoesNotMatch() {
        let witness = reachable(
            solver.coverage(of: F.when("model.likes > 0", index: 1), by: [F.when("model.likes + 1 > 1")]))
        #expect(F.property(witness, "likes") == .int(.max))
    }

    @Test func typesDecideWhichEarlierRegistrationsApply() {
        // VideoPost items with likes < 3 are taken by the first; Post items are not.
        let earlier = [
            F.when("model.likes < 3", model: "VideoPost"), F.when("model.likes >= 3", model: "Post", index: 1),
        ]
        let witness = reachable(solver.coverage(of: F.registration("Post", index: 2), by: earlier))
        if case .object(let type, let properties)? = witness?.model {
            #expect(type == "Post")
            #expect(properties["likes"] == .int(0))
        } else {
            Issue.record("expected an object")
        }
        #expect(solver.coverage(of: F.registration("VideoPost", index: 2), by: earlier) == .covered)
    }

    @Test func opaqueEarlierRegistrations() {
        guard case .unknown(let reason) = solver.coverage(of: F.registration("Post", index: 1), by: [F.opaque()]) else {
            Issue.record("expected unknown")
            return
        }
        #expect(reason.contains("opaque"))
        #expect(
            solver.coverage(of: F.registration("Post", index: 2), by: [F.opaque(), F.registration("Post", index: 1)])
                == .covered)
        #expect(solver.coverage(of: F.opaque(index: 1), by: [F.registration("Post")]) == .covered)
        #expect(solver.coverage(of: F.when("model.likes > 2", index: 1), by: [F.opaque(model: "Author")]) != .covered)
    }

    @Test func outsideTheFragmentCoveredWhenProvable() {
        let earlier = [F.when("model.title.hasPrefix(\"a\")"), F.when("!model.title.hasPrefix(\"a\")", index: 1)]
        #expect(solver.coverage(of: F.registration("Post", index: 2), by: earlier) == .covered)
        // Plain values happen to avoid this one, and the witness is checked.
        #expect(
            reachable(solver.coverage(of: F.registration("Post", index: 2), by: [F.when("model.likes > model.id")]))
                != nil)
        let repaired = reachable(
            solver.coverage(of: F.registration("Post", index: 2), by: [F.when("model.likes >= model.id")]))
        #expect(F.property(repaired, "likes") == .int(0))
        #expect(F.property(repaired, "id") == .int(1))
        // A count is never negative: decided.
        #expect(
            solver.coverage(of: F.registration("Post", index: 2), by: [F.when("model.title.count >= 0")]) == .covered)
        // Always true, which the analysis cannot see: `lowercased()` is outside the fragment.
        guard
            case .unknown(let reason) = solver.coverage(
                of: F.registration("Post", index: 2), by: [F.when("model.title.lowercased().count >= 0")])
        else {
            Issue.record("expected unknown")
            return
        }
        #expect(reason.contains("model.title.lowercased().count >= 0"))
    }

    @Test func unsatisfiableRegistrationIsNeverChosen() {
        #expect(solver.coverage(of: F.when("model.likes > 2 && model.likes < 1"), by: []) == .covered)
        #expect(solver.coverage(of: F.registration("FeedItem"), by: []) != .covered)
    }
}

@Suite("Condition solver: view types")
struct ConditionSolverViewTypeTests {
    typealias F = SolverFixture

    private func header(_ source: String?, index: Int = 0) -> Registration {
        var registration =
            source.map { F.when($0, model: "String", index: index) } ?? F.registration("String", index: index)
        registration.viewType = .header(for: .tableView)
        return registration
    }

    @Test func headersAreAskedForAtItemZero() {
        let solver = F.solver
        #expect(solver.verdict(header("indexPath.item == 1"), header(nil, index: 1)) == .disjoint)
        #expect(solver.coverage(of: header("indexPath.item > 0", index: 1), by: []) == .covered)
        #expect(solver.coverage(of: header(nil, index: 1), by: [header("indexPath.item == 0")]) == .covered)
        var cell = F.when("indexPath.item == 1", model: "String")
        cell.viewType = .cell
        #expect(solver.verdict(cell, F.registration("String", index: 1)) != .disjoint)
    }
}
