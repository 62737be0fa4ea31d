import Foundation
import MaplintManifest

/// A concrete item for which conditions hold, checked by evaluating them on it.
package struct Witness: Hashable, Sendable {
    /// The model: `.object` for classes and structs (every property the conditions read set),
    /// or a builtin or enum value.
    package var model: Value
    package var indexPath: ItemIndexPath
    /// The property paths (`containsVideo`, `author.isVerified`) the conditions constrain, for messages.
    package var constrainedProperties: [String]
    /// Whether the conditions constrain `indexPath.section` / `indexPath.item` at all.
    package var constrainsSection: Bool
    package var constrainsItem: Bool

    package init(
        model: Value, indexPath: ItemIndexPath, constrainedProperties: [String] = [],
        constrainsSection: Bool = false, constrainsItem: Bool = false
    ) {
        self.model = model
        self.indexPath = indexPath
        self.constrainedProperties = constrainedProperties
        self.constrainsSection = constrainsSection
        self.constrainsItem = constrainsItem
    }
}

/// Whether one item can match two registrations.
///
/// Indirect, so a verdict is one reference (8 bytes) rather than a witness held inline (about
/// 50 bytes): a manifest can keep hundreds of thousands of pairs, most sharing a few verdicts,
/// and every pair, and every verdict remembered per pair of registration shapes, holds one.
package indirect enum PairVerdict: Hashable, Sendable {
    /// Both match the witness (checked by evaluation).
    case intersecting(Witness)
    /// Proven: no model and index path match both.
    case disjoint
    /// Outside the decidable fragment; the reason says what. `parts` are the sub-expressions
    /// outside the fragment that left the question open, as the user wrote them (`'model.a > model.b'`,
    /// `the opaque condition '…'`); empty when a limit of the search left it open instead.
    case unknown(reason: String, parts: [String] = [])
}

/// Whether earlier registrations take everything a registration matches.
package enum CoverageVerdict: Hashable, Sendable {
    /// Proven: every item it matches is matched by one of the earlier ones; it is never chosen.
    case covered
    /// It wins for the witness (checked: it matches, none of the earlier ones does).
    case reachable(Witness)
    case unknown(reason: String)
}

/// Translated conditions by registration, shared by the questions about them.
final class TranslationCache: @unchecked Sendable {
    /// The registration's index and what its condition says, so a different registration
    /// that reuses an index is not mistaken for it.
    struct Key: Hashable {
        var index: Int
        var viewType: ViewType
        var modelType: TypeRef
        var condition: String

        init(_ registration: Registration) {
            index = registration.index
            viewType = registration.viewType
            modelType = registration.modelType.value
            switch registration.condition {
            case .none: condition = "none"
            case .section(let section): condition = "section \(section.value)"
            case .custom(let compiled): condition = "custom \(compiled.location) \(compiled.source)"
            case .opaque(let source): condition = "opaque \(source.value)"
            }
        }
    }

    private let lock = NSLock()
    private var entries: [Key: TranslatedCondition] = [:]

    func lookup(_ key: Key) -> TranslatedCondition? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ value: TranslatedCondition, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        entries[key] = value
    }
}

/// An inclusive range of Int values; `lower > upper` is empty.
package struct IntBounds: Hashable, Sendable {
    package var lower: Int
    package var upper: Int

    package init(lower: Int, upper: Int) {
        self.lower = lower
        self.upper = upper
    }

    package static let empty = IntBounds(lower: Int.max, upper: Int.min)

    package var isEmpty: Bool { lower > upper }

    func intersection(_ other: IntBounds) -> IntBounds {
        IntBounds(lower: max(lower, other.lower), upper: min(upper, other.upper))
    }

    package func overlaps(_ other: IntBounds) -> Bool { !intersection(other).isEmpty }
}

/// A variable a condition can pin to one value (see `ConditionSolver.pinnedValues(of:)`).
package enum PinnedVariable: Hashable, Sendable, CustomStringConvertible {
    case section
    case item
    /// A property path from the model (`author.name`); "" is the model itself.
    case model(String)
    /// An Int variable's remainder by a constant (`model.n % 10 == 3` pins `model.n % 10`); the
    /// modulus is neither 0 nor -1, so computing it never traps.
    indirect case residue(PinnedVariable, modulus: Int)

    package var description: String {
        switch self {
        case .section: "indexPath.section"
        case .item: "indexPath.item"
        case .model(let path): path.isEmpty ? "model" : "model." + path
        case .residue(let base, let modulus): "\(base) % \(modulus)"
        }
    }
}

/// Decides questions about registration conditions and model types, exactly within the
/// fragment of docs/conditions.md ("What maplint decides exactly").
///
/// Each question is a satisfiability problem over the concrete model types both registrations
/// accept: the conditions become propositional formulas over atoms that each constrain one
/// variable (a property, an index path field), decided by a DPLL search that consults one
/// theory per variable (Int sets with residue classes, ordered Doubles with NaN, Strings,
/// enum cases). Parts outside the fragment become unconstrained atoms: an unsatisfiable
/// formula is still a proof, and a satisfying one is only reported once a witness built from
/// it passes the conditions' own evaluator.
package struct ConditionSolver: Sendable {
    package let manifest: Manifest

    /// Satisfying assignments tried before giving up on finding a checked witness.
    static let witnessAttempts = 16

    private let cache = TranslationCache()
    /// Verdicts of questions alike but for the names of their model types.
    private let shared = SharedVerdicts()
    /// The work the questions may do, each and together (`SolverBudget`).
    package let budget: SolverBudget

    package init(manifest: Manifest, budget: SolverBudget = SolverBudget()) {
        self.manifest = manifest
        self.budget = budget
    }

    /// A registration's condition as a formula, translated once per registration.
    func translation(of registration: Registration) -> TranslatedCondition {
        let key = TranslationCache.Key(registration)
        if let cached = cache.lookup(key) { return cached }
        let translated = ConditionTranslator.translation(of: registration, types: types)
        cache.store(translated, for: key)
        return translated
    }

    private var types: TypeTable { manifest.types }

    /// Whether some instantiable model type is both registrations' model types (same type,
    /// subclass, or common conforming type). Only such pairs have a verdict.
    func modelTypesOverlap(_ first: Registration, _ second: Registration) -> Bool {
        !commonTypes(first, second).isEmpty
    }

    /// The concrete types a registration accepts.
    func concreteTypes(of registration: Registration) -> [String] {
        types.instantiableTypes(thatAre: registration.modelType.value.unwrapped.name)
    }

    private func commonTypes(_ first: Registration, _ second: Registration) -> [String] {
        let target = second.modelType.value.unwrapped.name
        return concreteTypes(of: first).filter { types.isA($0, target) }
    }

    /// Can one item (model and index path) match both? Both must have the same view type.
    package func verdict(_ first: Registration, _ second: Registration) -> PairVerdict {
        let form = shared.form(of: first, second, types: types)
        if let form, let known = shared.pairVerdict(for: form) {
            // A renamed witness is used only once it passes both conditions.
            guard case .intersecting(let witness) = known else { return known }
            if Self.isAskedFor(witness.indexPath, as: first.viewType), let typeName = Self.typeName(of: witness.model),
                matches(first, model: witness.model, typeName: typeName, at: witness.indexPath) == true,
                matches(second, model: witness.model, typeName: typeName, at: witness.indexPath) == true
            {
                return known
            }
            return decideVerdict(first, second)
        }
        let decided = decideVerdict(first, second)
        if let form { shared.store(decided, for: form) }
        return decided
    }

    /// The dynamic type of a witness's model, as `matches` takes it.
    private static func typeName(of model: Value) -> String? {
        switch model {
        case .object(let type, _): type
        case .bool: BuiltinType.bool.rawValue
        case .int: BuiltinType.int.rawValue
        case .double: BuiltinType.double.rawValue
        case .string: BuiltinType.string.rawValue
        case .enumCase, .array, .none: nil
        }
    }

    private func decideVerdict(_ first: Registration, _ second: Registration) -> PairVerdict {
        let candidates = commonTypes(first, second)
        guard !candidates.isEmpty else { return .disjoint }
        if Self.pinsConflict(pinnedValues(of: first), pinnedValues(of: second)) { return .disjoint }
        var question = Question()
        let a = question.add(translation(of: first))
        let b = question.add(translation(of: second))
        let place = question.placement(of: first.viewType)
        let result = findWitness(
            question, roots: [a.t, b.t, place], candidates: candidates, involved: [first, second]
        ) { model, typeName, indexPath in
            guard Self.isAskedFor(indexPath, as: first.viewType),
                let matchesFirst = matches(first, model: model, typeName: typeName, at: indexPath),
                let matchesSecond = matches(second, model: model, typeName: typeName, at: indexPath)
            else { return false }
            return matchesFirst && matchesSecond
        }
        switch result {
        case .found(let witness): return .intersecting(witness)
        case .none: return .disjoint
        case .unknown(let reason, let parts): return .unknown(reason: reason, parts: parts)
        }
    }

    /// Whether `second`, registered after `first`, is its fallback: it matches every item `first`
    /// matches, and more (specific first, general last), so each item gets the registration meant
    /// for it. One that matches exactly the same items is unreachable, not a fallback; an
    /// undecided question is not a fallback either.
    package func isFallback(_ first: Registration, then second: Registration) -> Bool {
        guard case .covered = coverage(of: first, by: [second]) else { return false }
        if case .covered = coverage(of: second, by: [first]) { return false }
        return true
    }

    /// Can `registration` ever be chosen, given the `earlier` live registrations of its view type?
    package func coverage(of registration: Registration, by earlier: [Registration]) -> CoverageVerdict {
        let form = shared.form(of: registration, by: earlier, types: types)
        if let form, let known = shared.coverageVerdict(for: form) {
            // A renamed witness is used only once it is checked: it matches, no earlier one does.
            guard case .reachable(let witness) = known else { return known }
            if Self.isAskedFor(witness.indexPath, as: registration.viewType),
                let typeName = Self.typeName(of: witness.model),
                matches(registration, model: witness.model, typeName: typeName, at: witness.indexPath) == true,
                earlier.allSatisfy({
                    matches($0, model: witness.model, typeName: typeName, at: witness.indexPath) == false
                })
            {
                return known
            }
            return decideCoverage(of: registration, by: earlier)
        }
        let decided = decideCoverage(of: registration, by: earlier)
        if let form { shared.store(decided, for: form) }
        return decided
    }

    private func decideCoverage(of registration: Registration, by earlier: [Registration]) -> CoverageVerdict {
        let pins = pinnedValues(of: registration)
        // Registrations that cannot match what this one matches change nothing.
        let relevant = earlier.filter { other in
            modelTypesOverlap(registration, other) && !Self.pinsConflict(pins, pinnedValues(of: other))
        }
        // Concrete types with the same applicable earlier registrations share one question.
        var groups: [[Int]: [String]] = [:]
        var order: [[Int]] = []
        for typeName in concreteTypes(of: registration) {
            let applicable = relevant.indices.filter {
                types.isA(typeName, relevant[$0].modelType.value.unwrapped.name)
            }
            if groups[applicable] == nil { order.append(applicable) }
            groups[applicable, default: []].append(typeName)
        }
        var unknown: String?
        for applicable in order {
            let others = applicable.map { relevant[$0] }
            if others.contains(where: { if case .none = $0.condition { return true } else { return false } }) {
                continue
            }
            var question = Question()
            var roots = [question.add(translation(of: registration)).t, question.placement(of: registration.viewType)]
            for other in others { roots.append(!question.add(translation(of: other)).t) }
            let result = findWitness(
                question, roots: roots, candidates: groups[applicable] ?? [], involved: [registration] + others
            ) { model, typeName, indexPath in
                guard Self.isAskedFor(indexPath, as: registration.viewType),
                    matches(registration, model: model, typeName: typeName, at: indexPath) == true
                else {
                    return false
                }
                return earlier.allSatisfy { matches($0, model: model, typeName: typeName, at: indexPath) == false }
            }
            switch result {
            case .found(let witness): return .reachable(witness)
            case .none: continue
            case .unknown(let reason, _): unknown = unknown ?? reason
            }
        }
        return unknown.map { .unknown(reason: $0) } ?? .covered
    }

    /// An item `registration` matches and none of `earlier` does, made from the values its
    /// condition pins and bounds (`model.id == 7`, `model.n % 10 == 3`, `section: 2`,
    /// `model.likes >= 10`) without a search. It is used only when it sets every property any of
    /// the conditions reads (with a value of the property's type), as the search's witnesses do,
    /// and it is checked by evaluating every condition on it. Nil when that item does not settle
    /// it: the search decides then. Partitions of one model type by constants ask this once per
    /// registration, a lookup instead of a search each.
    func pinnedWitness(of registration: Registration, against earlier: [Registration]) -> Witness? {
        pinnedWitness(
            of: registration, reads: ModelReads(registration), against: earlier, reading: earlier.map(ModelReads.init))
    }

    /// With the model properties each condition reads worked out beforehand (`reading` goes with
    /// `earlier`): the attempt stops at the first property read that the registration leaves unset.
    package func pinnedWitness(
        of registration: Registration, reads: ModelReads, against earlier: [Registration], reading: [ModelReads]
    ) -> Witness? {
        let pins = pinnedValues(of: registration)
        let bounds = intBounds(of: registration)
        func value(of variable: PinnedVariable) -> Value? { Self.value(of: variable, pins: pins, bounds: bounds) }
        func index(_ variable: PinnedVariable) -> Int {
            if case .int(let number)? = value(of: variable) { return number }
            return 0
        }
        let indexPath = ItemIndexPath(section: index(.section), item: index(.item))
        guard Self.isAskedFor(indexPath, as: registration.viewType) else { return nil }
        // The model paths the conditions read: each must be a property of the model itself, and
        // one the item sets (an unset property is no proof: no model type would take the item).
        var read: Set<String> = []
        var readsModel = false
        for involved in [reads] + reading {
            guard involved.isUsable else { return nil }
            for name in involved.properties where read.insert(name).inserted {
                guard value(of: .model(name)) != nil else { return nil }
            }
            readsModel = readsModel || involved.readsModel
        }
        for typeName in concreteTypes(of: registration) {
            let model: Value
            if let builtin = BuiltinType(rawValue: typeName) {
                guard read.isEmpty, let pinned = value(of: .model("")),
                    let fitted = Self.value(pinned, fits: .builtin(builtin), types: types)
                else { continue }
                model = fitted
            } else if let declaration = types[typeName], declaration.kind != .enum, !readsModel {
                var properties: [String: Value] = [:]
                var declared: [String: TypeRef] = [:]
                for property in types.properties(of: typeName) { declared[property.name] = property.type }
                for name in read {
                    guard let type = declared[name], let found = value(of: .model(name)),
                        let fitted = Self.value(found, fits: type, types: types)
                    else { break }
                    properties[name] = fitted
                }
                guard properties.count == read.count else { continue }
                model = .object(type: typeName, properties: properties)
            } else {
                continue
            }
            guard matches(registration, model: model, typeName: typeName, at: indexPath) == true,
                earlier.allSatisfy({ matches($0, model: model, typeName: typeName, at: indexPath) == false })
            else { continue }
            return describe(model: model, indexPath: indexPath, involved: [registration] + earlier)
        }
        return nil
    }

    /// A value of `variable` the registration's condition allows: the pinned one, the residue of a
    /// pinned remainder, or a bound of its range.
    private static func value(
        of variable: PinnedVariable, pins: [PinnedVariable: Value], bounds: [PinnedVariable: IntBounds]
    ) -> Value? {
        if let pinned = pins[variable] { return pinned }
        // `x % m == k` with 0 ≤ k < |m| holds for x = k.
        for (pinned, residue) in pins {
            guard case .residue(let base, let modulus) = pinned, base == variable, case .int(let k) = residue,
                k >= 0, k.magnitude < modulus.magnitude
            else { continue }
            return .int(k)
        }
        guard let range = bounds[variable], !range.isEmpty else { return nil }
        if range.lower != Int.min { return .int(range.lower) }
        if range.upper != Int.max { return .int(range.upper) }
        return nil
    }

    /// The model properties a registration's condition reads, worked out once per registration.
    package struct ModelReads {
        /// False when the condition is opaque or reads a path deeper than one property.
        var isUsable = true
        /// The model's own properties read (`model.id`), in order of the condition's paths.
        var properties: [String] = []
        /// Whether the condition reads `model` itself.
        var readsModel = false

        package init(_ registration: Registration) {
            switch registration.condition {
            case .none, .section: return
            case .opaque: isUsable = false
            case .custom(let condition):
                for path in condition.paths where path.root == .model {
                    guard path.steps.count <= 1 else {
                        isUsable = false
                        return
                    }
                    if let step = path.steps.first { properties.append(step.name) } else { readsModel = true }
                }
            }
        }
    }

    /// `value` as a value of `type` (an Int constant for a Double property becomes that Double),
    /// or nil when it is not one.
    private static func value(_ value: Value, fits type: TypeRef, types: TypeTable) -> Value? {
        switch (value, type.unwrapped) {
        case (.int, .builtin(.int)), (.bool, .builtin(.bool)), (.string, .builtin(.string)),
            (.double, .builtin(.double)):
            return value
        case (.int(let number), .builtin(.double)):
            let converted = Double(number)
            return Int(exactly: converted) == number ? .double(converted) : nil
        case (.enumCase(let type, let name), .model(let declared)):
            guard type == declared, types[declared]?.kind == .enum,
                types[declared]?.cases.contains(where: { $0.value == name }) == true
            else { return nil }
            return value
        default:
            return nil
        }
    }

    // MARK: Matching

    /// Whether the host can ask for `viewType` at `indexPath`: index paths are never negative,
    /// and section headers and footers are asked for at item (row) 0.
    static func isAskedFor(_ indexPath: ItemIndexPath, as viewType: ViewType) -> Bool {
        guard indexPath.section >= 0, indexPath.item >= 0 else { return false }
        return !isAskedAtItemZero(viewType) || indexPath.item == 0
    }

    /// Section headers and footers: a table asks for them with `IndexPath(row: 0, section:)`
    /// (DTTableViewManager 8 and later, `DTTableViewDelegate.tableView(_:viewForHeaderInSection:)`),
    /// a collection view's layout with item 0 of the section (`UICollectionViewFlowLayout`).
    static func isAskedAtItemZero(_ viewType: ViewType) -> Bool {
        ["header", "footer"].contains(viewType.elementName)
    }

    /// Whether a registration matches the item: nil when its condition is opaque.
    func matches(_ registration: Registration, model: Value, typeName: String, at indexPath: ItemIndexPath) -> Bool? {
        guard types.isA(typeName, registration.modelType.value.unwrapped.name) else { return false }
        switch registration.condition {
        case .none: return true
        case .section(let section): return section.value == indexPath.section
        case .custom(let condition): return condition.evaluate(model: model, at: indexPath) == .value(true)
        case .opaque: return nil
        }
    }

    // MARK: Search

    private enum SearchResult {
        case found(Witness)
        case none
        /// The reason, and the parts outside the fragment when they are what left it open.
        case unknown(String, parts: [String])
    }

    private func findWitness(
        _ question: Question, roots: [Lit], candidates: [String], involved: [Registration],
        check: (Value, String, ItemIndexPath) -> Bool
    ) -> SearchResult {
        let typeTable = types
        let meter = budget.meter()
        defer { budget.charge(meter) }
        if meter.isSpent { return .unknown(meter.reason, parts: []) }
        var search = Search(formula: question.formula, roots: roots, meter: meter) { key, literals in
            switch TheorySolver.solve(key, literals, types: typeTable, meter: meter) {
            case .satisfiable: .consistent
            case .unsatisfiable: .inconsistent
            case .unknown(let reason): .unknown(reason)
            }
        }
        var problem: String?
        var parts: [String] = []
        for _ in 0..<Self.witnessAttempts {
            switch search.next() {
            case .unsatisfiable:
                return problem.map { .unknown($0, parts: parts) } ?? .none
            case .budgetExceeded:
                let reason = meter.isSpent ? meter.reason : "the conditions have too many cases to search"
                return .unknown(reason, parts: [])
            case .satisfiable:
                let assignment = Assignment(search: search, formula: question.formula, types: types, meter: meter)
                if meter.isSpent { return .unknown(meter.reason, parts: []) }
                if let reason = assignment.problem {
                    problem = problem ?? reason
                    continue
                }
                if let witness = firstChecked(assignment, question: question, candidates: candidates, check: check) {
                    return .found(describe(model: witness.model, indexPath: witness.indexPath, involved: involved))
                }
                if problem == nil, let part = question.outside.first {
                    problem = "\(part) is outside what the analysis decides exactly"
                    // Each part once, in the order the conditions hold them.
                    var seen: Set<String> = []
                    parts = question.outside.filter { seen.insert($0).inserted }
                }
                problem = problem ?? search.theoryIncomplete ?? "no candidate item could be checked"
            }
        }
        return .unknown(problem ?? "no candidate item could be checked", parts: parts)
    }

    /// Combinations of values tried for variables only parts outside the fragment read.
    static let repairAttempts = 256

    /// The first item built from the assignment that passes `check`: as assigned, then with the
    /// variables that only parts outside the fragment read set to likely values.
    private func firstChecked(
        _ assignment: Assignment, question: Question, candidates: [String],
        check: (Value, String, ItemIndexPath) -> Bool
    ) -> (model: Value, indexPath: ItemIndexPath)? {
        func attempt(_ assignment: Assignment) -> (model: Value, indexPath: ItemIndexPath)? {
            let builder = WitnessBuilder(types: types, assignment: assignment)
            let indexPath = builder.indexPath()
            for typeName in candidates {
                if let model = builder.model(of: typeName), check(model, typeName, indexPath) {
                    return (model, indexPath)
                }
            }
            return nil
        }
        if let found = attempt(assignment) { return found }
        // Each open choice: a variable's values (a theory's choice first), or an optional's presence.
        var choices: [(apply: (inout Assignment, Int) -> Void, count: Int)] = []
        for names in question.freePresence.sorted(by: {
            $0.count < $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1))
        })
        where !assignment.present.contains(names) && !assignment.absent.contains(names) {
            choices.append(({ if $1 == 1 { $0.present.insert(names) } }, 2))
        }
        for (key, values) in question.freeReads.sorted(by: { $0.key.description < $1.key.description }) {
            let options = (assignment.values[key].map { [$0] } ?? []) + values.filter { $0 != assignment.values[key] }
            guard options.count > 1 || assignment.values[key] == nil, !options.isEmpty else { continue }
            choices.append(({ $0.values[key] = options[$1] }, options.count))
        }
        guard !choices.isEmpty else { return nil }
        var choice = [Int](repeating: 0, count: choices.count)
        for _ in 0..<Self.repairAttempts {
            var repaired = assignment
            for (position, entry) in choices.enumerated() { entry.apply(&repaired, choice[position]) }
            if let found = attempt(repaired) { return found }
            // Odometer order: the first choices (presences) change fastest.
            var position = 0
            while position < choices.count {
                choice[position] += 1
                if choice[position] < choices[position].count { break }
                choice[position] = 0
                position += 1
            }
            if position == choices.count { return nil }
        }
        return nil
    }

    private func describe(model: Value, indexPath: ItemIndexPath, involved: [Registration]) -> Witness {
        var properties: Set<String> = []
        var section = false
        var item = false
        for registration in involved {
            let reads = ConditionReads(registration)
            properties.formUnion(reads.properties)
            section = section || reads.section
            item = item || reads.item
        }
        return Witness(
            model: model, indexPath: indexPath, constrainedProperties: properties.sorted(),
            constrainsSection: section, constrainsItem: item)
    }

    // MARK: Pinned values

    /// The equalities every item a registration matches satisfies: `section: 2` pins the
    /// section, `model.id == 7 && …` pins `id`. Two registrations whose pins give one variable
    /// different values are disjoint (`pinsConflict`), which lets callers index thousands of
    /// registrations by their pins instead of comparing every pair.
    package func pinnedValues(of registration: Registration) -> [PinnedVariable: Value] {
        switch registration.condition {
        case .none, .opaque: return [:]
        case .section(let section): return [.section: .int(section.value)]
        case .custom(let condition):
            var pins: [PinnedVariable: Value] = [:]
            let conjuncts: [ConditionNode]
            if case .and(let operands) = condition.expression.kind {
                conjuncts = operands
            } else {
                conjuncts = [condition.expression]
            }
            for conjunct in conjuncts {
                guard let (variable, value) = Self.pin(conjunct) else { continue }
                if let existing = pins[variable], !Self.sameValue(existing, value) {
                    // Contradictory pins: the condition never holds; any pin set stays sound.
                    continue
                }
                pins[variable] = value
            }
            return pins
        }
    }

    private static func pin(_ node: ConditionNode) -> (PinnedVariable, Value)? {
        func variable(_ path: ValuePath) -> PinnedVariable {
            switch path.root {
            case .section: .section
            case .item: .item
            case .model: .model(path.propertyPath)
            }
        }
        switch node.kind {
        case .path(let path) where node.type == .bool:
            return (variable(path), .bool(true))
        case .not(let operand):
            if case .path(let path) = operand.kind, operand.type == .bool { return (variable(path), .bool(false)) }
            return nil
        case .comparison(.equal, let lhs, let rhs):
            switch (lhs.kind, rhs.kind) {
            case (.path(let path), .literal(let value)), (.literal(let value), .path(let path)):
                guard value != .none else { return nil }
                return (variable(path), value)
            case (.arithmetic(.remainder, let dividend, let divisor), .literal(.int(let residue))),
                (.literal(.int(let residue)), .arithmetic(.remainder, let dividend, let divisor)):
                // `x % m == k`: x's remainder by m is pinned (two different k never meet).
                guard case .path(let path) = dividend.kind, dividend.type == .int,
                    case .literal(.int(let modulus)) = divisor.kind, modulus != 0, modulus != -1
                else { return nil }
                return (.residue(variable(path), modulus: modulus), .int(residue))
            default:
                return nil
            }
        case .call(.arrayContains, let receiver, let arguments, _):
            guard case .arrayLiteral(let elements) = receiver.kind, elements.count == 1,
                case .literal(let value)? = elements.first?.kind,
                case .path(let path)? = arguments.first?.kind
            else { return nil }
            return (variable(path), value)
        default:
            return nil
        }
    }

    /// The Int bounds every item a registration matches satisfies, from top-level conjuncts
    /// comparing an Int variable with a constant (`model.likes >= 10 && model.likes < 20`,
    /// `section: 3`). Registrations whose bounds for one variable do not overlap are disjoint
    /// (`boundsConflict`), so interval partitions are indexed instead of compared pairwise.
    package func intBounds(of registration: Registration) -> [PinnedVariable: IntBounds] {
        switch registration.condition {
        case .none, .opaque: return [:]
        case .section(let section): return [.section: IntBounds(lower: section.value, upper: section.value)]
        case .custom(let condition):
            var bounds: [PinnedVariable: IntBounds] = [:]
            let conjuncts: [ConditionNode]
            if case .and(let operands) = condition.expression.kind {
                conjuncts = operands
            } else {
                conjuncts = [condition.expression]
            }
            for conjunct in conjuncts {
                guard let (variable, bound) = Self.bound(conjunct) else { continue }
                bounds[variable] = bounds[variable].map { $0.intersection(bound) } ?? bound
            }
            return bounds
        }
    }

    private static func bound(_ node: ConditionNode) -> (PinnedVariable, IntBounds)? {
        guard case .comparison(let op, let lhs, let rhs) = node.kind else { return nil }
        let path: ValuePath
        let constant: Int
        let flipped: Bool
        switch (lhs.kind, rhs.kind) {
        case (.path(let p), .literal(.int(let k))) where lhs.type == .int: (path, constant, flipped) = (p, k, false)
        case (.literal(.int(let k)), .path(let p)) where rhs.type == .int: (path, constant, flipped) = (p, k, true)
        default: return nil
        }
        let variable: PinnedVariable =
            switch path.root {
            case .section: .section
            case .item: .item
            case .model: .model(path.propertyPath)
            }
        // `k < x` is `x > k`.
        let effective: ComparisonOperator =
            switch (op, flipped) {
            case (.less, true): .greater
            case (.lessOrEqual, true): .greaterOrEqual
            case (.greater, true): .less
            case (.greaterOrEqual, true): .lessOrEqual
            default: op
            }
        switch effective {
        case .equal: return (variable, IntBounds(lower: constant, upper: constant))
        case .less: return (variable, constant == Int.min ? .empty : IntBounds(lower: Int.min, upper: constant - 1))
        case .lessOrEqual: return (variable, IntBounds(lower: Int.min, upper: constant))
        case .greater: return (variable, constant == Int.max ? .empty : IntBounds(lower: constant + 1, upper: Int.max))
        case .greaterOrEqual: return (variable, IntBounds(lower: constant, upper: Int.max))
        case .notEqual: return nil
        }
    }

    /// Whether two registrations' Int bounds prove them disjoint.
    package static func boundsConflict(
        _ first: [PinnedVariable: IntBounds], _ second: [PinnedVariable: IntBounds]
    ) -> Bool {
        let (small, large) = first.count <= second.count ? (first, second) : (second, first)
        for (variable, bounds) in small {
            if let other = large[variable], !bounds.overlaps(other) { return true }
        }
        return false
    }

    /// Whether two values read from one variable can be equal (an Int sample also reads as a
    /// Double; enum cases compare by name, as the evaluator does).
    private static func sameValue(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.int(let x), .double(let y)), (.double(let y), .int(let x)): return Double(x) == y
        case (.enumCase(_, let x), .enumCase(_, let y)): return x == y
        default: return a == b
        }
    }

    /// Whether two registrations' pins prove them disjoint: some variable pinned to different values.
    package static func pinsConflict(_ first: [PinnedVariable: Value], _ second: [PinnedVariable: Value]) -> Bool {
        let (small, large) = first.count <= second.count ? (first, second) : (second, first)
        for (variable, value) in small {
            if let other = large[variable], !sameValue(value, other) { return true }
        }
        return false
    }
}
