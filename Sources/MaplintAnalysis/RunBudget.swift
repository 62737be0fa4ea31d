import MaplintSolver

/// The condition solver's budget for a whole run of `maplint` (`ProcessBudget`).
package enum RunBudget {
    /// Bounds the steps all the solvers of this process may take together, as the command line
    /// does when it starts (tests that lint in their own process leave it unbounded).
    package static func limitForCommandLine() {
        ProcessBudget.shared.setLimit(ProcessBudget.commandLineLimit)
    }
}
