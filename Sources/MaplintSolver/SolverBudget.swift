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
    /// The budget of every solver of the run (the process), which this one's questions also spend.
    package let process: ProcessBudget
    private var spent = 0
    private let lock = NSLock()

    package init(
        perQuestion: Int = SolverBudget.defaultPerQuestion, perRun: Int = SolverBudget.defaultPerRun,
        process: ProcessBudget = .shared
    ) {
        self.perQuestion = perQuestion
        self.perRun = perRun
        self.process = process
    }

    /// Steps spent so far by the questions that ended.
    var totalSpent: Int {
        lock.lock()
        defer { lock.unlock() }
        return spent
    }

    /// A meter for one question; it starts spent when this solver's budget, or the process's, is.
    func meter() -> WorkMeter {
        let runSpent = totalSpent >= perRun
        let processSpent = process.isSpent
        return WorkMeter(
            limit: runSpent || processSpent ? 0 : perQuestion, runSpent: runSpent, processSpent: processSpent,
            budget: self)
    }

    /// Adds what a question spent to this solver's total and the process's.
    func charge(_ meter: WorkMeter) {
        lock.lock()
        spent += meter.spent
        lock.unlock()
        process.charge(meter.spent)
    }
}

/// The steps all the solvers of one process may take together: every manifest and Swift screen of
/// a run. Unlimited unless set: the command line sets `commandLineLimit` when it starts, so that a
/// repository of many screens, each within its own budget, still cannot make a run of hours.
package final class ProcessBudget: @unchecked Sendable {
    package static let shared = ProcessBudget()
    /// What `maplint` allows a run: four manifests' worth of `SolverBudget.defaultPerRun`.
    package static let commandLineLimit = 200_000_000

    private var limit: Int
    private var spent = 0
    private let lock = NSLock()

    package init(limit: Int = .max) { self.limit = limit }

    package func setLimit(_ steps: Int) {
        lock.lock()
        limit = steps
        lock.unlock()
    }

    var currentLimit: Int {
        lock.lock()
        defer { lock.unlock() }
        return limit
    }

    var isSpent: Bool {
        lock.lock()
        defer { lock.unlock() }
        return spent >= limit
    }

    func charge(_ steps: Int) {
        lock.lock()
        spent += steps
        lock.unlock()
    }
}

/// The steps one question has taken, against its limit. Used by one thread at a time.
final class WorkMeter {
    let limit: Int
    /// Whether the solver's budget was spent before the question started.
    let runSpent: Bool
    /// Whether the process's budget was spent before the question started.
    let processSpent: Bool
    private(set) var spent = 0
    private let budget: SolverBudget

    init(limit: Int, runSpent: Bool, processSpent: Bool = false, budget: SolverBudget) {
        self.limit = limit
        self.runSpent = runSpent
        self.processSpent = processSpent
        self.budget = budget
    }

    var isSpent: Bool { runSpent || processSpent || spent > limit }

    func spend(_ steps: Int) { spent += steps }

    /// Why the question was left open, once the meter is spent.
    var reason: String {
        if processSpent {
            return "this run of maplint used up its budget of \(budget.process.currentLimit) steps for all its "
                + "conditions before this question (\(budget.perQuestion) per pair); it is left undecided"
        }
        return runSpent
            ? "the analysis of this file used up its budget of \(budget.perRun) steps before this question "
                + "(\(budget.perQuestion) per pair); it is left undecided"
            : "the search for an item matching both conditions ran out of its budget of \(limit) steps; "
                + "the conditions have too many cases to search"
    }
}
