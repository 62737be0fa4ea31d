import Foundation

/// How much work the condition solver may do: a budget per question (whether a pair of
/// registrations can match one item, whether earlier ones cover a registration, whether a
/// condition holds for nothing) and one for all the questions of a solver, which answers
/// the questions of one manifest. A question that runs out ends with the verdict `unknown` and a
/// reason that says so (the rule `undecided-conditions` reports it), never a hang.
///
/// The work is counted in steps of the string theory: each transition it works out (a state of its
/// automaton times the letters it reads) and each state of a layer it walks. (The search's own
/// decisions have their budget, `Search.decisionBudget`.) The count does not depend on
/// the machine or its load, so a question decided on one machine is decided the same everywhere;
/// only once the budget of the whole solver is spent can which questions went unanswered depend
/// on the order the threads took them in.
package final class SolverBudget: @unchecked Sendable {
    /// Steps one question may take. Ten clauses `(s.contains("AB") || s.contains("CD"))`, with
    /// other strings in each, on both sides of a pair took 1.8 million steps (8.5 s in a debug
    /// build); the questions of the fixtures take at most 808.
    package static let defaultPerQuestion = 300_000
    /// Steps all the questions of one solver may take together: about 170 questions at the
    /// limit of each.
    package static let defaultPerRun = 50_000_000

    package let perQuestion: Int
    package let perRun: Int
    private var spent = 0
    private let lock = NSLock()

    package init(perQuestion: Int = SolverBudget.defaultPerQuestion, perRun: Int = SolverBudget.defaultPerRun) {
        self.perQuestion = perQuestion
        self.perRun = perRun
    }

    /// Steps spent so far by the questions that ended.
    package var totalSpent: Int {
        lock.lock()
        defer { lock.unlock() }
        return spent
    }

    /// A meter for one question; it starts spent when the run's budget is.
    func meter() -> WorkMeter {
        WorkMeter(limit: totalSpent >= perRun ? 0 : perQuestion, runSpent: totalSpent >= perRun, budget: self)
    }

    /// Adds what a question spent to the run's total.
    func charge(_ meter: WorkMeter) {
        lock.lock()
        spent += meter.spent
        lock.unlock()
    }
}

/// The steps one question has taken, against its limit. Used by one thread at a time.
final class WorkMeter {
    let limit: Int
    /// Whether the solver's budget was spent before the question started.
    let runSpent: Bool
    private(set) var spent = 0
    private let budget: SolverBudget

    init(limit: Int, runSpent: Bool, budget: SolverBudget) {
        self.limit = limit
        self.runSpent = runSpent
        self.budget = budget
    }

    /// A meter with no limit that counts for no solver (questions asked outside one).
    static func unlimited() -> WorkMeter {
        let budget = SolverBudget(perQuestion: .max, perRun: .max)
        return WorkMeter(limit: .max, runSpent: false, budget: budget)
    }

    var isSpent: Bool { runSpent || spent > limit }

    func spend(_ steps: Int) { spent += steps }

    /// Why the question was left open, once the meter is spent.
    var reason: String {
        runSpent
            ? "the analysis of this file used up its budget of \(budget.perRun) steps before this question "
                + "(\(budget.perQuestion) per pair); it is left undecided"
            : "the search for an item matching both conditions ran out of its budget of \(limit) steps; "
                + "the conditions have too many cases to search"
    }
}
