import MaplintManifest

/// Conditions that hold for no item at all.
extension ConditionSolver {
    /// The top-level conjuncts of the registration's condition that together hold for no item the
    /// host asks for (no model of the declared Swift types, no index path from 0, row 0 for
    /// headers and footers), as few as the search finds; nil when some item may satisfy the
    /// condition or emptiness is not proven. Each removal is kept only when what is left is still
    /// proven empty, so the parts returned are themselves a proof.
    package func neverHoldingParts(of registration: Registration) -> [ConditionNode]? {
        guard let (formula, parts) = ConditionTranslator.conjuncts(of: registration, types: manifest.types) else {
            return nil
        }
        var question = Question()
        question.formula = formula
        let place = question.placement(of: registration.viewType)
        let typeTable = manifest.types
        // One question, with one share of the budget, however many parts are tried.
        let meter = budget.meter()
        defer { budget.charge(meter) }
        func provenEmpty(_ kept: [Int]) -> Bool {
            var search = Search(
                formula: question.formula, roots: kept.map { parts[$0].t } + [place], meter: meter
            ) { key, literals in
                switch TheorySolver.solve(key, literals, types: typeTable, meter: meter) {
                case .satisfiable: .consistent
                case .unsatisfiable: .inconsistent
                case .unknown(let reason): .unknown(reason)
                }
            }
            if case .unsatisfiable = search.next() { return true }
            return false
        }
        var kept = Array(parts.indices)
        guard provenEmpty(kept) else { return nil }
        for index in parts.indices.reversed() where kept.count > 1 {
            let without = kept.filter { $0 != index }
            if provenEmpty(without) { kept = without }
        }
        return kept.map { parts[$0].node }
    }
}
