import MaplintManifest

/// The propositional layer of the condition solver: atoms that each constrain one variable,
/// AND gates over literals (OR is a negated AND), and a DPLL search that asks the theories
/// whether each variable's literals can hold together.

/// A value variable of the conditions.
enum VariableKey: Hashable, Sendable, CustomStringConvertible {
    case section
    case item
    /// `model` followed by property names, with the value's type (optionality removed).
    case model([String], ConditionType)

    var description: String {
        switch self {
        case .section: "indexPath.section"
        case .item: "indexPath.item"
        case .model(let names, let type): (["model"] + names).joined(separator: ".") + ": " + type.description
        }
    }
}

/// A set of Strings: the members, or everything but them.
struct StringSet: Hashable, Sendable {
    var members: Set<String>
    var cofinite: Bool

    func contains(_ value: String) -> Bool { members.contains(value) != cofinite }
}

/// The values an atom allows a theory variable.
enum ValueSet: Hashable, Sendable {
    case int(IntSet)
    case double(DoubleSet)
    case string(StringSet)
    /// Enum cases by name.
    case cases(Set<String>)
    /// A String's prefix, suffix, substring or count (`StringTheory`).
    case text(StringPredicate)
}

enum Atom: Hashable, Sendable {
    /// A Bool variable is true.
    case isTrue(VariableKey)
    /// The optional property reached by these names is not nil.
    case present([String])
    /// A theory variable's value lies in the set.
    case member(VariableKey, ValueSet)
    /// A part of a condition outside the fragment evaluates to true, or (`freeFalse`) to false.
    case free(String)
    case freeFalse(String)
    /// An opaque condition holds.
    case opaque(String)

    var theoryVariable: VariableKey? {
        if case .member(let key, _) = self { return key }
        return nil
    }
}

/// A literal: variable `code >> 1`, negated when `code & 1 == 1`.
struct Lit: Hashable, Sendable {
    var code: Int

    init(variable: Int, negated: Bool = false) {
        code = variable << 1 | (negated ? 1 : 0)
    }

    var variable: Int { code >> 1 }
    var isNegated: Bool { code & 1 == 1 }

    static prefix func ! (lit: Lit) -> Lit { Lit(variable: lit.variable, negated: !lit.isNegated) }
}

/// A formula under construction: variable 0 is the constant true; other variables are atoms or
/// AND gates, shared when built twice.
struct Formula: Sendable {
    private(set) var atoms: [Atom?] = [nil]
    private(set) var gates: [[Lit]?] = [nil]
    private var atomIndex: [Atom: Int] = [:]
    private var gateIndex: [[Lit]: Int] = [:]
    /// Clauses on atoms alone, required whatever the roots.
    var sideClauses: [[Lit]] = []

    static let trueLit = Lit(variable: 0)
    static let falseLit = !trueLit

    var variableCount: Int { atoms.count }

    mutating func atom(_ atom: Atom) -> Lit {
        if let index = atomIndex[atom] { return Lit(variable: index) }
        let index = atoms.count
        atoms.append(atom)
        gates.append(nil)
        atomIndex[atom] = index
        return Lit(variable: index)
    }

    mutating func and(_ inputs: [Lit]) -> Lit {
        var set: Set<Lit> = []
        for input in inputs where input != Self.trueLit {
            if input == Self.falseLit || set.contains(!input) { return Self.falseLit }
            set.insert(input)
        }
        if set.isEmpty { return Self.trueLit }
        if set.count == 1, let only = set.first { return only }
        let sorted = set.sorted { $0.code < $1.code }
        if let index = gateIndex[sorted] { return Lit(variable: index) }
        let index = atoms.count
        atoms.append(nil)
        gates.append(sorted)
        gateIndex[sorted] = index
        return Lit(variable: index)
    }

    mutating func or(_ inputs: [Lit]) -> Lit {
        !and(inputs.map { !$0 })
    }

    /// Copies another formula into this one; the result maps the other's variables to literals here.
    mutating func embed(_ other: Formula) -> [Lit] {
        var mapping: [Lit] = [Self.trueLit]
        mapping.reserveCapacity(other.atoms.count)
        func mapped(_ lit: Lit) -> Lit {
            let target = mapping[lit.variable]
            return lit.isNegated ? !target : target
        }
        // Gates only refer to variables created before them.
        for index in 1..<max(1, other.atoms.count) {
            if let atom = other.atoms[index] {
                mapping.append(self.atom(atom))
            } else if let inputs = other.gates[index] {
                mapping.append(and(inputs.map(mapped)))
            } else {
                mapping.append(Self.trueLit)
            }
        }
        for clause in other.sideClauses { sideClauses.append(clause.map(mapped)) }
        return mapping
    }

    /// Clauses requiring every root, with each gate defined only in the direction it is used.
    func clauses(requiring roots: [Lit]) -> [[Lit]] {
        var result: [[Lit]] = [[Self.trueLit]]
        var expanded: Set<Lit> = []
        var pending: [Lit] = []
        for root in roots {
            result.append([root])
            pending.append(root)
        }
        // Depth first, so the clauses of one part of a condition stay together.
        while let lit = pending.popLast() {
            guard let inputs = gates[lit.variable], expanded.insert(lit).inserted else { continue }
            if lit.isNegated {
                // ¬g: some input is false.
                result.append([!lit] + inputs.map { !$0 })
                pending.append(contentsOf: inputs.reversed().map { !$0 })
            } else {
                for input in inputs { result.append([!lit, input]) }
                pending.append(contentsOf: inputs.reversed())
            }
        }
        return result + sideClauses
    }
}

/// DPLL with two watched literals, chronological backtracking, and a theory check after each
/// round of unit propagation. Decisions satisfy the first unsatisfied clause, so literals no
/// clause needs stay unassigned (free for the witness).
struct Search {
    enum Outcome {
        case satisfiable
        case unsatisfiable
        case budgetExceeded
    }

    /// Decisions one search may make.
    static let decisionBudget = 200_000

    private var clauses: [[Lit]]
    private var watches: [[Int]]
    private(set) var values: [Int8]
    private var trail: [Lit] = []
    private var propagated = 0
    private var decisions: [(trailSize: Int, lit: Lit, flipped: Bool, cursor: Int)] = []
    private var cursor = 0
    private var decisionCount = 0
    private var started = false
    private var dirty: Set<VariableKey> = []
    private let theoryKeys: [VariableKey?]
    /// Why a theory could not decide somewhere; such literals were taken as consistent, which
    /// keeps "unsatisfiable" sound but leaves a satisfying assignment unchecked.
    private(set) var theoryIncomplete: String?
    private let theory: (VariableKey, [(Atom, Bool)]) -> TheoryVerdict
    private let atoms: [Atom?]
    private var atomsByKey: [VariableKey: [Int]] = [:]
    private var trivialConflict = false
    /// The question's budget, which the theories count their steps against.
    private let meter: WorkMeter?

    enum TheoryVerdict {
        case consistent
        case inconsistent
        case unknown(String)
    }

    init(
        formula: Formula, roots: [Lit], meter: WorkMeter? = nil,
        theory: @escaping (VariableKey, [(Atom, Bool)]) -> TheoryVerdict
    ) {
        self.meter = meter
        clauses = []
        let count = formula.variableCount
        watches = Array(repeating: [], count: 2 * count)
        values = Array(repeating: 0, count: count)
        atoms = formula.atoms
        theoryKeys = formula.atoms.map { $0?.theoryVariable }
        self.theory = theory
        for (index, key) in theoryKeys.enumerated() {
            if let key { atomsByKey[key, default: []].append(index) }
        }
        for original in formula.clauses(requiring: roots) {
            var seen: Set<Lit> = []
            var clause: [Lit] = []
            var tautology = false
            for lit in original where seen.insert(lit).inserted {
                if seen.contains(!lit) { tautology = true }
                clause.append(lit)
            }
            if tautology { continue }
            if clause.isEmpty {
                trivialConflict = true
                continue
            }
            let index = clauses.count
            clauses.append(clause)
            if clause.count >= 2 {
                watches[clause[0].code].append(index)
                watches[clause[1].code].append(index)
            }
        }
    }

    func value(_ lit: Lit) -> Bool? {
        let raw = values[lit.variable]
        if raw == 0 { return nil }
        return (raw > 0) != lit.isNegated
    }

    /// The literals of a theory variable assigned so far.
    func assigned(_ key: VariableKey) -> [(Atom, Bool)] {
        (atomsByKey[key] ?? []).compactMap { index in
            guard let atom = atoms[index], values[index] != 0 else { return nil }
            return (atom, values[index] > 0)
        }
    }

    var theoryKeysInUse: [VariableKey] { Array(atomsByKey.keys) }

    private mutating func assign(_ lit: Lit) {
        values[lit.variable] = lit.isNegated ? -1 : 1
        trail.append(lit)
        if let key = theoryKeys[lit.variable] { dirty.insert(key) }
    }

    /// Unit propagation, then the theories; false on a conflict.
    private mutating func propagate() -> Bool {
        while propagated < trail.count {
            let falseLit = !trail[propagated]
            propagated += 1
            var watching = watches[falseLit.code]
            var index = 0
            while index < watching.count {
                let clauseIndex = watching[index]
                var clause = clauses[clauseIndex]
                if clause[0] == falseLit { clause.swapAt(0, 1) }
                if value(clause[0]) == true {
                    index += 1
                    continue
                }
                var moved = false
                for position in 2..<max(2, clause.count) where value(clause[position]) != false {
                    clause.swapAt(1, position)
                    clauses[clauseIndex] = clause
                    watches[clause[1].code].append(clauseIndex)
                    watching.swapAt(index, watching.count - 1)
                    watching.removeLast()
                    moved = true
                    break
                }
                if moved { continue }
                clauses[clauseIndex] = clause
                if value(clause[0]) == false {
                    watches[falseLit.code] = watching
                    return false
                }
                assign(clause[0])
                index += 1
            }
            watches[falseLit.code] = watching
        }
        let keys = dirty
        dirty = []
        for key in keys {
            switch theory(key, assigned(key)) {
            case .consistent: break
            case .inconsistent: return false
            case .unknown(let reason): theoryIncomplete = theoryIncomplete ?? reason
            }
        }
        return true
    }

    private mutating func undo(to size: Int) {
        while trail.count > size, let lit = trail.popLast() {
            values[lit.variable] = 0
        }
        propagated = min(propagated, trail.count)
        dirty = []
    }

    /// Flips the latest unflipped decision; false when none is left.
    private mutating func backtrack() -> Bool {
        while let decision = decisions.popLast() {
            undo(to: decision.trailSize)
            cursor = decision.cursor
            if !decision.flipped {
                decisions.append((decision.trailSize, !decision.lit, true, decision.cursor))
                assign(!decision.lit)
                return true
            }
        }
        return false
    }

    private mutating func nextDecision() -> Lit? {
        while cursor < clauses.count {
            let clause = clauses[cursor]
            if clause.contains(where: { value($0) == true }) {
                cursor += 1
                continue
            }
            return clause.first { value($0) == nil }
        }
        return nil
    }

    /// The next satisfying partial assignment (after the previous one, when called again).
    mutating func next() -> Outcome {
        if trivialConflict { return .unsatisfiable }
        if started {
            guard backtrack() else { return .unsatisfiable }
        } else {
            started = true
            for clause in clauses where clause.count == 1 {
                guard let only = clause.first else { continue }
                switch value(only) {
                case true?: continue
                case false?: return .unsatisfiable
                case nil: assign(only)
                }
            }
        }
        while true {
            let consistent = propagate()
            // A theory that ran out of the budget answered "consistent": nothing found is trusted.
            if let meter, meter.isSpent { return .budgetExceeded }
            if !consistent {
                guard backtrack() else { return .unsatisfiable }
                continue
            }
            guard let lit = nextDecision() else { return .satisfiable }
            decisionCount += 1
            if decisionCount > Self.decisionBudget { return .budgetExceeded }
            decisions.append((trail.count, lit, false, cursor))
            assign(lit)
        }
    }
}
