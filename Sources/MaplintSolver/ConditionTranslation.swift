import MaplintManifest

/// Turns a registration's condition into two literals over atoms: "evaluates to true" and
/// "evaluates to false". Evaluation can also trap (overflow, division by zero), which is
/// neither, so the two are only complements where nothing can trap.
///
/// Each part of a condition that reads one variable becomes atoms on that variable, decided
/// exactly by its theory; anything else becomes a free atom (see `outside`).
/// A registration's condition as a formula of its own, ready to embed into questions.
struct TranslatedCondition: Sendable {
    var formula: Formula
    var sides: ConditionTranslator.Sides
    var outside: [String]
    /// Values worth trying for variables that parts outside the fragment read.
    var freeReads: [VariableKey: [Value]] = [:]
    var freePresence: Set<[String]> = []
    /// What the condition reads, for witnesses' descriptions.
    var properties: Set<String> = []
    var readsSection = false
    var readsItem = false
}

/// What a registration's condition reads, for witnesses' descriptions: worked out from its paths
/// alone, so a witness found without a search needs no translation.
struct ConditionReads {
    /// The model property paths read (`author.isVerified`).
    var properties: Set<String> = []
    var section = false
    var item = false

    init(_ registration: Registration) {
        switch registration.condition {
        case .section: section = true
        case .custom(let condition):
            for path in condition.paths {
                switch path.root {
                case .section: section = true
                case .item: item = true
                case .model: if !path.steps.isEmpty { properties.insert(path.propertyPath) }
                }
            }
        case .none, .opaque: break
        }
    }
}

/// One satisfiability question: the conditions it involves, embedded into one formula.
struct Question {
    var formula = Formula()
    /// Parts outside the fragment, for `unknown` reasons.
    var outside: [String] = []
    /// Variables those parts read, with values worth trying for a witness.
    var freeReads: [VariableKey: [Value]] = [:]
    var freePresence: Set<[String]> = []

    mutating func add(_ condition: TranslatedCondition) -> ConditionTranslator.Sides {
        let mapping = formula.embed(condition.formula)
        func mapped(_ lit: Lit) -> Lit {
            let target = mapping[lit.variable]
            return lit.isNegated ? !target : target
        }
        outside.append(contentsOf: condition.outside)
        for (key, values) in condition.freeReads {
            var known = freeReads[key] ?? []
            for value in values where !known.contains(value) { known.append(value) }
            freeReads[key] = known
        }
        freePresence.formUnion(condition.freePresence)
        return (mapped(condition.sides.t), mapped(condition.sides.f))
    }

    /// Where the host asks for a view type: section headers and footers always at item 0.
    mutating func placement(of viewType: ViewType) -> Lit {
        guard ConditionSolver.isAskedAtItemZero(viewType) else { return Formula.trueLit }
        return formula.atom(.member(.item, .int(IntSet(intervals: [IntInterval(lower: 0, upper: 0)]))))
    }
}

struct ConditionTranslator {
    let types: TypeTable
    var formula = Formula()
    /// Parts outside the decidable fragment, as the user wrote them, for `unknown` reasons.
    private(set) var outside: [String] = []
    /// Variables those parts read, with values worth trying for a witness.
    private(set) var freeReads: [VariableKey: [Value]] = [:]
    /// Optional properties those parts read through.
    private(set) var freePresence: Set<[String]> = []
    /// Whether `indexPath.item` is 0 wherever the condition is asked (section headers and
    /// footers): it is then a constant, so `model.n == indexPath.row` reads one variable.
    let itemIsZero: Bool

    init(types: TypeTable, itemIsZero: Bool = false) {
        self.types = types
        self.itemIsZero = itemIsZero
    }

    typealias Sides = (t: Lit, f: Lit)

    private static let yes: Sides = (Formula.trueLit, Formula.falseLit)
    private static let no: Sides = (Formula.falseLit, Formula.trueLit)
    private static let trap: Sides = (Formula.falseLit, Formula.falseLit)

    /// The registration's condition on its own.
    static func translation(of registration: Registration, types: TypeTable) -> TranslatedCondition {
        var translator = ConditionTranslator(
            types: types, itemIsZero: ConditionSolver.isAskedAtItemZero(registration.viewType))
        let sides = translator.translate(registration)
        var result = TranslatedCondition(
            formula: translator.formula, sides: sides, outside: translator.outside, freeReads: translator.freeReads,
            freePresence: translator.freePresence)
        let reads = ConditionReads(registration)
        result.properties = reads.properties
        result.readsSection = reads.section
        result.readsItem = reads.item
        return result
    }

    /// Each top-level conjunct of a custom condition (the operands of a top-level `&&`, or the
    /// condition itself) translated into one formula. The condition is true exactly where every
    /// conjunct is.
    static func conjuncts(
        of registration: Registration, types: TypeTable
    ) -> (formula: Formula, parts: [(node: ConditionNode, t: Lit)])? {
        guard case .custom(let condition) = registration.condition else { return nil }
        var translator = ConditionTranslator(
            types: types, itemIsZero: ConditionSolver.isAskedAtItemZero(registration.viewType))
        let nodes: [ConditionNode]
        if case .and(let operands) = condition.expression.kind {
            nodes = operands
        } else {
            nodes = [condition.expression]
        }
        let parts = nodes.map { (node: $0, t: translator.translate($0, in: condition).t) }
        return (translator.formula, parts)
    }

    mutating func translate(_ registration: Registration) -> Sides {
        switch registration.condition {
        case .none:
            return Self.yes
        case .section(let section):
            let set = IntSet(intervals: [IntInterval(lower: section.value, upper: section.value)])
            return member(.section, .int(set), otherwise: nil)
        case .custom(let condition):
            return translate(condition.expression, in: condition)
        case .opaque(let source):
            outside.append("the opaque condition '\(source.value)'")
            let lit = formula.atom(.opaque("\(registration.index):\(source.value)"))
            return (lit, !lit)
        }
    }

    // MARK: Boolean structure

    private mutating func translate(_ node: ConditionNode, in condition: CompiledCondition) -> Sides {
        switch node.kind {
        case .not(let operand):
            let sides = translate(operand, in: condition)
            return (sides.f, sides.t)
        case .and(let operands):
            var parts: [Sides] = []
            for operand in operands { parts.append(translate(operand, in: condition)) }
            if parts.allSatisfy({ $0.f == !$0.t }) {
                let t = formula.and(parts.map(\.t))
                return (t, !t)
            }
            // Left to right, stopping at the first false: false needs the earlier ones true.
            var prefix = Formula.trueLit
            var falses: [Lit] = []
            for part in parts {
                falses.append(formula.and([prefix, part.f]))
                prefix = formula.and([prefix, part.t])
            }
            return (prefix, formula.or(falses))
        case .or(let operands):
            var parts: [Sides] = []
            for operand in operands { parts.append(translate(operand, in: condition)) }
            if parts.allSatisfy({ $0.f == !$0.t }) {
                let t = formula.or(parts.map(\.t))
                return (t, !t)
            }
            var prefix = Formula.trueLit
            var trues: [Lit] = []
            for part in parts {
                trues.append(formula.and([prefix, part.t]))
                prefix = formula.and([prefix, part.f])
            }
            return (formula.or(trues), prefix)
        case .comparison(let op, let lhs, let rhs) where op.isEquality && lhs.type == .bool && rhs.type == .bool:
            let left = translate(lhs, in: condition)
            let right = translate(rhs, in: condition)
            let equal = formula.or([formula.and([left.t, right.t]), formula.and([left.f, right.f])])
            let different = formula.or([formula.and([left.t, right.f]), formula.and([left.f, right.t])])
            return op == .equal ? (equal, different) : (different, equal)
        default:
            return leaf(node, in: condition)
        }
    }

    // MARK: Leaves

    private mutating func leaf(_ node: ConditionNode, in condition: CompiledCondition) -> Sides {
        // The probes evaluate at item 0, so a fixed item is part of the constant.
        let paths = node.paths.filter { !(itemIsZero && $0.root == .item) }
        if paths.isEmpty {
            return sides(LeafProbe(condition: condition, node: node, itemIsZero: itemIsZero).constant())
        }
        let keys = Set(paths.map(Self.key))
        if keys.count == 1, let path = paths.first, let result = singleVariable(node, path: path, in: condition) {
            return result
        }
        return free(node, in: condition)
    }

    private func sides(_ truth: Truth) -> Sides {
        switch truth {
        case .yes: Self.yes
        case .no: Self.no
        case .trap: Self.trap
        }
    }

    static func key(_ path: ValuePath) -> VariableKey {
        switch path.root {
        case .section: .section
        case .item: .item
        case .model: .model(path.steps.map(\.name), valueType(path))
        }
    }

    static func valueType(_ path: ValuePath) -> ConditionType {
        (path.steps.last?.declaredType ?? path.rootType).unwrapped
    }

    /// A part reading one path: each way the path can be nil is decided by evaluating the part,
    /// and the case where it has a value by the value's theory.
    private mutating func singleVariable(
        _ node: ConditionNode, path: ValuePath, in condition: CompiledCondition
    ) -> Sides? {
        let probe = LeafProbe(condition: condition, node: node, path: path, itemIsZero: itemIsZero)
        guard let present = presentCase(probe, path: path) else { return nil }
        var trues: [Lit] = []
        var falses: [Lit] = []
        var presentSoFar: [Lit] = []
        for (index, step) in path.steps.enumerated() where step.declaredType.isOptional {
            let presence = formula.atom(.present(path.steps[...index].map(\.name)))
            let scenario = formula.and(presentSoFar + [!presence])
            switch probe.evaluate(nilAt: index) {
            case .yes: trues.append(scenario)
            case .no: falses.append(scenario)
            case .trap: break
            }
            presentSoFar.append(presence)
        }
        if presentSoFar.isEmpty { return present }
        let allPresent = formula.and(presentSoFar)
        trues.append(formula.and([allPresent, present.t]))
        falses.append(formula.and([allPresent, present.f]))
        return (formula.or(trues), formula.or(falses))
    }

    /// The part's sides when the path has a value.
    private mutating func presentCase(_ probe: LeafProbe, path: ValuePath) -> Sides? {
        let key = Self.key(path)
        switch Self.valueType(path) {
        case .bool:
            let variable = formula.atom(.isTrue(key))
            let whenTrue = probe.evaluate(.bool(true))
            let whenFalse = probe.evaluate(.bool(false))
            func side(_ wanted: Truth) -> Lit {
                formula.or([
                    whenTrue == wanted ? variable : Formula.falseLit,
                    whenFalse == wanted ? !variable : Formula.falseLit,
                ])
            }
            return (side(.yes), side(.no))
        case .enumeration(let name):
            let cases = types[name]?.cases.map(\.value) ?? []
            var trueCases: Set<String> = []
            var falseCases: Set<String> = []
            for caseName in cases {
                switch probe.evaluate(.enumCase(type: name, name: caseName)) {
                case .yes: trueCases.insert(caseName)
                case .no: falseCases.insert(caseName)
                case .trap: break
                }
            }
            let complete = trueCases.count + falseCases.count == cases.count
            return member(key, .cases(trueCases), otherwise: complete ? nil : .cases(falseCases))
        case .model:
            // Only `== nil` / `!= nil` can read an object, and the object's contents cannot matter.
            return sides(probe.evaluate(.object(type: "", properties: [:])))
        case .string:
            guard probe.isStringEqualityOnly() else {
                guard let formula = probe.stringFormula() else { return nil }
                return stringSides(formula, key: key)
            }
            return equalitySides(probe, key: key)
        case .int:
            guard let (trueSet, falseSet) = probe.intSides() else { return nil }
            let domain = Self.domain(of: key)
            let complete = trueSet.union(falseSet)?.covers(domain) ?? false
            return member(key, .int(trueSet), otherwise: complete ? nil : .int(falseSet))
        case .double:
            guard let (trueSet, falseSet) = probe.doubleSides() else { return nil }
            let complete = trueSet.union(falseSet)?.isEverything ?? false
            return member(key, .double(trueSet), otherwise: complete ? nil : .double(falseSet))
        case .optional, .array, .nilLiteral:
            return nil
        }
    }

    /// A string part that only compares with constants: the constants it holds for, and whether
    /// every other string does (one fresh string stands for them all).
    private mutating func equalitySides(_ probe: LeafProbe, key: VariableKey) -> Sides? {
        let constants = probe.stringConstants()
        var trueMembers: Set<String> = []
        var falseMembers: Set<String> = []
        var complete = true
        for constant in constants {
            switch probe.evaluate(.string(constant)) {
            case .yes: trueMembers.insert(constant)
            case .no: falseMembers.insert(constant)
            case .trap: complete = false
            }
        }
        // Every other string behaves like this one.
        let fresh = Self.freshString(avoiding: constants)
        let other = probe.evaluate(.string(fresh))
        if other == .trap { complete = false }
        let trueSet =
            other == .yes
            ? StringSet(members: Set(constants).subtracting(trueMembers), cofinite: true)
            : StringSet(members: trueMembers, cofinite: false)
        let falseSet =
            other == .no
            ? StringSet(members: Set(constants).subtracting(falseMembers), cofinite: true)
            : StringSet(members: falseMembers, cofinite: false)
        return member(key, .string(trueSet), otherwise: complete ? nil : .string(falseSet))
    }

    /// A string part's sides, from its string formula (short-circuit like `translate`).
    private mutating func stringSides(_ formula: LeafProbe.StringFormula, key: VariableKey) -> Sides {
        switch formula {
        case .constant(let value):
            return value ? Self.yes : Self.no
        case .equality(let set):
            return member(key, .string(set), otherwise: nil)
        case .predicate(let predicate, let whenFalse):
            let t = textLit(key, predicate)
            return (t, whenFalse.map { textLit(key, $0) } ?? !t)
        case .not(let operand):
            let sides = stringSides(operand, key: key)
            return (sides.f, sides.t)
        case .and(let operands):
            var prefix = Formula.trueLit
            var falses: [Lit] = []
            for operand in operands {
                let part = stringSides(operand, key: key)
                falses.append(self.formula.and([prefix, part.f]))
                prefix = self.formula.and([prefix, part.t])
            }
            return (prefix, self.formula.or(falses))
        case .or(let operands):
            var prefix = Formula.trueLit
            var trues: [Lit] = []
            for operand in operands {
                let part = stringSides(operand, key: key)
                trues.append(self.formula.and([prefix, part.t]))
                prefix = self.formula.and([prefix, part.f])
            }
            return (self.formula.or(trues), prefix)
        }
    }

    private mutating func textLit(_ key: VariableKey, _ predicate: StringPredicate) -> Lit {
        if case .length(let set) = predicate {
            let counts = IntInterval(lower: 0, upper: .max)
            if IntSet.combine(set, IntSet(intervals: [counts]), { $0 && $1 })?.isEmpty ?? false {
                return Formula.falseLit
            }
            if set.covers(counts) { return Formula.trueLit }
        }
        return formula.atom(.member(key, .text(predicate)))
    }

    static func domain(of key: VariableKey) -> IntInterval {
        switch key {
        case .section, .item: IntInterval(lower: 0, upper: .max)
        case .model: .all
        }
    }

    static func freshString(avoiding constants: [String]) -> String {
        let taken = Set(constants)
        for candidate in ["x", "y", "z", "a", "b"] where !taken.contains(candidate) { return candidate }
        var number = 1
        while taken.contains("x\(number)") { number += 1 }
        return "x\(number)"
    }

    /// Atoms for "in `trueSet`" and "in `falseSet`" (its complement when nil), simplified when
    /// a set is empty or everything.
    private mutating func member(_ key: VariableKey, _ trueSet: ValueSet, otherwise falseSet: ValueSet?) -> Sides {
        let t = memberLit(key, trueSet)
        guard let falseSet else { return (t, !t) }
        return (t, memberLit(key, falseSet))
    }

    private mutating func memberLit(_ key: VariableKey, _ set: ValueSet) -> Lit {
        switch set {
        case .int(let values):
            if values.isEmpty { return Formula.falseLit }
            if values.covers(Self.domain(of: key)) { return Formula.trueLit }
        case .double(let values):
            if values.isEmpty { return Formula.falseLit }
            if values.isEverything { return Formula.trueLit }
        case .string(let values):
            if values.members.isEmpty { return values.cofinite ? Formula.trueLit : Formula.falseLit }
        case .text:
            break
        case .cases(let names):
            if names.isEmpty { return Formula.falseLit }
            if case .model(_, .enumeration(let name)) = key, let cases = types[name]?.cases,
                cases.allSatisfy({ names.contains($0.value) })
            {
                return Formula.trueLit
            }
        }
        return formula.atom(.member(key, set))
    }

    /// A part outside the fragment: an atom of its own, shared by identical parts.
    private mutating func free(_ node: ConditionNode, in condition: CompiledCondition) -> Sides {
        outside.append("'\(condition.text(of: node))'")
        for path in node.paths {
            for (index, step) in path.steps.enumerated() where step.declaredType.isOptional {
                freePresence.insert(path.steps[...index].map(\.name))
            }
            let variable = Self.key(path)
            var values = freeReads[variable] ?? []
            for value in candidates(for: Self.valueType(path), near: node) where !values.contains(value) {
                values.append(value)
            }
            freeReads[variable] = values
        }
        let key = Self.canonical(node)
        let t = formula.atom(.free(key))
        guard Self.canTrap(node) else { return (t, !t) }
        let f = formula.atom(.freeFalse(key))
        formula.sideClauses.append([!t, !f])
        return (t, f)
    }

    /// Values likely to decide a part outside the fragment: its literals and their neighbours,
    /// strings that start or end with its strings, strings as long as its numbers.
    private func candidates(for type: ConditionType, near node: ConditionNode) -> [Value] {
        var literals: [Value] = []
        var pending = [node]
        while let current = pending.popLast() {
            if case .literal(let value) = current.kind { literals.append(value) }
            pending.append(contentsOf: current.children)
        }
        var result: [Value] = []
        for literal in literals {
            switch (type, literal) {
            case (.int, .int(let number)):
                for delta in [0, 1, -1] {
                    let (value, overflow) = number.addingReportingOverflow(delta)
                    if !overflow { result.append(.int(value)) }
                }
            case (.double, .double(let number)): result += [.double(number), .double(number + 1), .double(number - 1)]
            case (.double, .int(let number)): result += [.double(Double(number)), .double(Double(number) + 1)]
            case (.string, .string(let text)):
                result += [.string(text), .string(text + "x"), .string("x" + text), .string(text.uppercased())]
            case (.string, .int(let number)) where (0...32).contains(number):
                result += [
                    .string(String(repeating: "x", count: number)), .string(String(repeating: "x", count: number + 1)),
                ]
            default: break
            }
        }
        switch type {
        case .int: result += [.int(0), .int(1), .int(-1)]
        case .double: result += [.double(0), .double(1), .double(-1)]
        case .string: result += [.string(""), .string("x")]
        case .bool: result += [.bool(false), .bool(true)]
        case .enumeration(let name): result += (types[name]?.cases ?? []).map { .enumCase(type: name, name: $0.value) }
        default: break
        }
        return result
    }

    /// Int arithmetic can overflow or divide by zero; nothing else in the language traps.
    static func canTrap(_ node: ConditionNode) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            switch current.kind {
            case .arithmetic where current.type == .int, .negate where current.type == .int: return true
            default: pending.append(contentsOf: current.children)
            }
        }
        return false
    }

    /// The node's meaning without source positions, so equal parts share an atom.
    static func canonical(_ node: ConditionNode) -> String {
        switch node.kind {
        case .literal(let value): return "\(value):\(node.type)"
        case .path(let path): return "{\(key(path))}"
        case .arrayLiteral(let elements): return "[" + elements.map(canonical).joined(separator: ",") + "]"
        case .not(let operand): return "!(" + canonical(operand) + ")"
        case .negate(let operand): return "-(" + canonical(operand) + ")"
        case .and(let operands): return "(" + operands.map(canonical).joined(separator: "&&") + ")"
        case .or(let operands): return "(" + operands.map(canonical).joined(separator: "||") + ")"
        case .arithmetic(let op, let lhs, let rhs): return "(\(canonical(lhs))\(op.rawValue)\(canonical(rhs)))"
        case .comparison(let op, let lhs, let rhs): return "(\(canonical(lhs))\(op.rawValue)\(canonical(rhs)))"
        case .nilCoalescing(let lhs, let rhs): return "(\(canonical(lhs))??\(canonical(rhs)))"
        case .call(let method, let receiver, let arguments, let chained):
            return canonical(receiver) + (chained ? "?." : ".") + method.rawValue + "("
                + arguments.map(canonical).joined(separator: ",") + ")"
        }
    }
}

enum Truth {
    case yes, no, trap
}
