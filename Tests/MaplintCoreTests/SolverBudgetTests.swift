import Foundation
import Testing

@testable import MaplintManifest
@testable import MaplintSolver

/// Issue #45: the condition solver has a budget per question and per run. A pair beyond it is
/// `unknown` with a reason that says the budget ran out, in seconds, not minutes.
@Suite struct SolverBudgetTests {
    /// Ten clauses `(model.title.contains("AB") || model.title.contains("CD"))`, each with other
    /// letters, starting at `offset`.
    static func clauses(_ offset: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func pair(_ at: Int) -> String { String([letters[at % 26], letters[(at + 1) % 26]]) }
        return (0..<10).map { clause in
            "(model.title.contains(\"\(pair(2 * clause + offset))\") || model.title.contains(\"\(pair(2 * clause + 2 + offset))\"))"
        }.joined(separator: " && ")
    }

    /// Without the budget this pair took minutes of automaton products (one pair of the same
    /// shape with identical letters took 9.8 s in a debug build).
    @Test func aPairBeyondItsBudgetIsUnknownWithAReason() {
        let solver = ConditionSolver(manifest: SolverFixture.manifest())
        let first = SolverFixture.when(Self.clauses(0), index: 0)
        let second = SolverFixture.when(Self.clauses(1), index: 1)
        let start = Date()
        let verdict = solver.verdict(first, second)
        #expect(Date().timeIntervalSince(start) < 20)
        guard case .unknown(let reason, _) = verdict else {
            Issue.record("expected unknown, got \(verdict)")
            return
        }
        #expect(
            reason
                == "the search for an item matching both conditions ran out of its budget of 300000 steps; "
                + "the conditions have too many cases to search")
    }

    /// Once the run's budget is spent, the next question is not searched at all.
    @Test func aSpentRunLeavesTheNextQuestionsUnknown() {
        let solver = ConditionSolver(
            manifest: SolverFixture.manifest(), budget: SolverBudget(perQuestion: 300_000, perRun: 1))
        let first = SolverFixture.verdict(
            #"model.title.hasPrefix("A")"#, #"model.title.hasSuffix("B")"#, solver: solver)
        guard case .intersecting = first else {
            Issue.record("expected the first question decided, got \(first)")
            return
        }
        #expect(solver.budget.totalSpent > 1)
        let second = SolverFixture.verdict(
            #"model.title.hasPrefix("C")"#, #"model.title.hasSuffix("D")"#, solver: solver)
        guard case .unknown(let reason, _) = second else {
            Issue.record("expected unknown, got \(second)")
            return
        }
        #expect(
            reason
                == "the analysis of this file used up its budget of 1 steps before this question "
                + "(300000 per pair); it is left undecided")
    }
}

extension SolverFixture {
    static func verdict(_ first: String, _ second: String, solver: ConditionSolver) -> PairVerdict {
        solver.verdict(when(first, index: 0), when(second, index: 1))
    }
}

/// The budget of a whole run, shared by the solvers of every manifest.
@Suite struct ProcessBudgetTests {
    @Test func aSpentProcessBudgetLeavesOtherManifestsUnknown() {
        let process = ProcessBudget(limit: 1)
        let first = ConditionSolver(
            manifest: SolverFixture.manifest(), budget: SolverBudget(perQuestion: 300_000, process: process))
        guard
            case .intersecting = SolverFixture.verdict(
                #"model.title.hasPrefix("A")"#, #"model.title.hasSuffix("B")"#, solver: first)
        else {
            Issue.record("expected the first question decided")
            return
        }
        // Another manifest's solver, with its own budget untouched: the process's is spent.
        let second = ConditionSolver(
            manifest: SolverFixture.manifest(), budget: SolverBudget(perQuestion: 300_000, process: process))
        let verdict = SolverFixture.verdict(
            #"model.title.hasPrefix("C")"#, #"model.title.hasSuffix("D")"#, solver: second)
        guard case .unknown(let reason, _) = verdict else {
            Issue.record("expected unknown, got \(verdict)")
            return
        }
        #expect(
            reason
                == "this run of maplint used up its budget of 1 steps for all its conditions before this question "
                + "(300000 per pair); it is left undecided")
        #expect(second.budget.totalSpent == 0)
    }
}
