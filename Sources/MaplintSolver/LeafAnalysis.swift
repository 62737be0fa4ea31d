import MaplintManifest

/// One part of a condition that reads a single variable, evaluated on chosen values (with the
/// condition's own evaluator, so its semantics are the app's) or analysed symbolically when the
/// variable is a number.
struct LeafProbe {
    let condition: CompiledCondition
    let node: ConditionNode
    /// `node` laid out for evaluation: a probe evaluates it on several values.
    let program: ConditionProgram
    /// The variable the part reads (nil for a constant part).
    let path: ValuePath?
    /// Whether `indexPath.item` is a constant 0 (section headers and footers), not a variable.
    let itemIsZero: Bool

    init(condition: CompiledCondition, node: ConditionNode, path: ValuePath? = nil, itemIsZero: Bool = false) {
        self.condition = condition
        self.node = node
        program = ConditionProgram(node)
        self.path = path
        self.itemIsZero = itemIsZero
    }

    private static let origin = ItemIndexPath(section: 0, item: 0)

    func constant() -> Truth {
        truth(condition.value(of: program, model: .none, at: Self.origin))
    }

    /// The part's outcome when the path holds `value`.
    func evaluate(_ value: Value) -> Truth {
        let (model, indexPath) = input(value, nilAt: nil)
        return truth(condition.value(of: program, model: model, at: indexPath))
    }

    /// The part's outcome when the optional property at step `index` is nil.
    func evaluate(nilAt index: Int) -> Truth {
        let (model, indexPath) = input(nil, nilAt: index)
        return truth(condition.value(of: program, model: model, at: indexPath))
    }

    private func truth(_ result: Result<Value, ConditionFailure>) -> Truth {
        switch result {
        case .success(.bool(true)): .yes
        case .success(.bool(false)): .no
        default: .trap
        }
    }

    /// A model and index path on which reading the path gives `value` (or nil from `nilAt`).
    private func input(_ value: Value?, nilAt: Int?) -> (Value, ItemIndexPath) {
        guard let path else { return (.none, Self.origin) }
        switch path.root {
        case .section:
            guard case .int(let number)? = value else { return (.none, Self.origin) }
            return (.none, ItemIndexPath(section: number, item: 0))
        case .item:
            guard case .int(let number)? = value else { return (.none, Self.origin) }
            return (.none, ItemIndexPath(section: 0, item: number))
        case .model:
            func holder(_ depth: Int) -> String {
                (depth == 0 ? path.rootType : path.steps[depth - 1].declaredType).unwrapped.description
            }
            let depth = min(nilAt ?? path.steps.count, path.steps.count)
            var current: Value = nilAt == nil ? (value ?? .none) : .object(type: holder(depth), properties: [:])
            for index in stride(from: depth - 1, through: 0, by: -1) {
                current = .object(type: holder(index), properties: [path.steps[index].name: current])
            }
            return (current, Self.origin)
        }
    }

    // MARK: Helpers

    private func reads(_ node: ConditionNode) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            if case .path(let read) = current.kind, !(itemIsZero && read.root == .item) { return true }
            pending.append(contentsOf: current.children)
        }
        return false
    }

    private func constantValue(_ node: ConditionNode) -> Result<Value, ConditionFailure> {
        condition.value(of: node, model: .none, at: Self.origin)
    }

    // MARK: Strings

    /// Whether the part only tests the string for equality with its literals (and emptiness),
    /// so every string that is none of them behaves alike.
    func isStringEqualityOnly() -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            switch current.kind {
            case .literal, .path, .arrayLiteral, .nilCoalescing, .not, .and, .or: break
            case .comparison(let op, _, _): guard op.isEquality else { return false }
            case .call(let method, _, _, _): guard method == .isEmpty || method == .arrayContains else { return false }
            case .negate, .arithmetic: return false
            }
            pending.append(contentsOf: current.children)
        }
        return true
    }

    /// The string literals of the part, and "" (what `isEmpty` tests).
    func stringConstants() -> [String] {
        var found: Set<String> = [""]
        var pending = [node]
        while let current = pending.popLast() {
            if case .literal(.string(let text)) = current.kind { found.insert(text) }
            pending.append(contentsOf: current.children)
        }
        return found.sorted()
    }

    /// The part as string literals on the variable when it has a value: a formula of
    /// `hasPrefix`, `hasSuffix` and `contains` with decided literals (see `StringTheory`),
    /// `isEmpty`, `count` comparisons, and equality with constants. Nil when some part is
    /// outside that fragment.
    func stringFormula() -> StringFormula? { stringFormula(node) }

    indirect enum StringFormula {
        case constant(Bool)
        /// A predicate on the value; `whenFalse` is where the part is false when that is not the
        /// complement (a `count` expression that can trap).
        case predicate(StringPredicate, whenFalse: StringPredicate?)
        case equality(StringSet)
        case not(StringFormula)
        case and([StringFormula])
        case or([StringFormula])
    }

    private func stringFormula(_ node: ConditionNode) -> StringFormula? {
        guard reads(node) else {
            guard case .success(.bool(let value)) = constantValue(node) else { return nil }
            return .constant(value)
        }
        switch node.kind {
        case .not(let operand):
            return stringFormula(operand).map { .not($0) }
        case .and(let operands):
            var parts: [StringFormula] = []
            for operand in operands {
                guard let part = stringFormula(operand) else { return nil }
                parts.append(part)
            }
            return .and(parts)
        case .or(let operands):
            var parts: [StringFormula] = []
            for operand in operands {
                guard let part = stringFormula(operand) else { return nil }
                parts.append(part)
            }
            return .or(parts)
        case .nilCoalescing(let lhs, _):
            // The variable has a value here, so an optional chain on it has one too.
            guard reads(lhs) else { return nil }
            return stringFormula(lhs)
        case .call(.arrayContains, let receiver, let arguments, _):
            guard !reads(receiver), let argument = arguments.first else { return nil }
            if argument.type.unwrapped == .string {
                guard case .path = argument.kind, case .success(.array(let elements)) = constantValue(receiver) else {
                    return nil
                }
                var members: Set<String> = []
                for element in elements {
                    // nil is never the variable's value here.
                    if case .string(let text) = element { members.insert(text) }
                }
                return .equality(StringSet(members: members, cofinite: false))
            }
            return countFormula(node)
        case .call(.isMultiple, _, _, _), .call(.isOdd, _, _, _), .call(.isEven, _, _, _):
            return countFormula(node)
        case .call(let method, let receiver, let arguments, _):
            return methodFormula(method, receiver: receiver, arguments: arguments)
        case .comparison(let op, let lhs, let rhs):
            return comparisonFormula(node, op, lhs, rhs)
        default:
            return nil
        }
    }

    /// A method called on the string variable: `isEmpty`, `hasPrefix`, `hasSuffix`, `contains`.
    private func methodFormula(
        _ method: ConditionMethod, receiver: ConditionNode, arguments: [ConditionNode]
    ) -> StringFormula? {
        guard isStringVariable(receiver) else { return nil }
        switch method {
        case .isEmpty:
            return .predicate(.length(IntSet(intervals: [IntInterval(lower: 0, upper: 0)])), whenFalse: nil)
        case .hasPrefix, .hasSuffix, .stringContains:
            guard let argument = arguments.first, !reads(argument),
                case .success(.string(let text)) = constantValue(argument)
            else { return nil }
            if text.isEmpty { return .constant(method != .stringContains) }
            guard StringTheory.isDecidable(text) else { return nil }
            switch method {
            case .hasPrefix: return .predicate(.prefix(text), whenFalse: nil)
            case .hasSuffix: return .predicate(.suffix(text), whenFalse: nil)
            default: return .predicate(.contains(text), whenFalse: nil)
            }
        default:
            return nil
        }
    }

    /// A comparison of the variable (or of a Bool made of it, or of its count) with a constant.
    private func comparisonFormula(
        _ node: ConditionNode, _ op: ComparisonOperator, _ lhs: ConditionNode, _ rhs: ConditionNode
    ) -> StringFormula? {
        let variableOnLeft = reads(lhs)
        guard variableOnLeft != reads(rhs) else { return nil }
        let variableSide = variableOnLeft ? lhs : rhs
        switch variableSide.type.unwrapped {
        case .string:
            guard op.isEquality, isStringVariable(variableSide),
                case .success(let constant) = constantValue(variableOnLeft ? rhs : lhs)
            else { return nil }
            switch constant {
            case .string(let text):
                let set = StringSet(members: [text], cofinite: false)
                return op == .equal ? .equality(set) : .not(.equality(set))
            case .none:
                // The variable has a value here.
                return .constant(op == .notEqual)
            default:
                return nil
            }
        case .bool:
            guard op.isEquality, case .success(.bool(let wanted)) = constantValue(variableOnLeft ? rhs : lhs),
                let inner = stringFormula(variableSide)
            else { return nil }
            return (op == .equal) == wanted ? inner : .not(inner)
        case .int:
            return countFormula(node)
        default:
            return nil
        }
    }

    /// The variable itself, or `variable ?? default`, which is the variable when it has a value.
    private func isStringVariable(_ node: ConditionNode) -> Bool {
        switch node.kind {
        case .path: return true
        case .nilCoalescing(let lhs, _): return isStringVariable(lhs)
        default: return false
        }
    }

    /// A part on the string's `count` alone, as `length` literals.
    private func countFormula(_ node: ConditionNode) -> StringFormula? {
        guard let (accepted, rejected) = intPredicate(node) else { return nil }
        let counts = IntInterval(lower: 0, upper: .max)
        let complete = accepted.union(rejected)?.covers(counts) ?? false
        return .predicate(.length(accepted), whenFalse: complete ? nil : .length(rejected))
    }

    // MARK: Ints

    private enum IntForm {
        /// nil: evaluating it traps.
        case constant(Int?)
        case term(IntTerm)
    }

    private func intForm(_ node: ConditionNode) -> IntForm? {
        guard reads(node) else {
            switch constantValue(node) {
            case .success(.int(let value)): return .constant(value)
            case .failure: return .constant(nil)
            default: return nil
            }
        }
        switch node.kind {
        case .path:
            return .term(IntTerm())
        case .call(.count, let receiver, _, _):
            // A String's count is the variable of the string theory's `length` atoms.
            guard isStringVariable(receiver) else { return nil }
            return .term(IntTerm())
        case .nilCoalescing(let lhs, let rhs):
            // With a value, the default is not evaluated.
            if reads(lhs) { return intForm(lhs) }
            switch constantValue(lhs) {
            case .success(.none): return intForm(rhs)
            case .success(.int(let value)): return .constant(value)
            case .failure: return .constant(nil)
            default: return nil
            }
        case .negate(let operand):
            guard case .term(var term)? = intForm(operand) else { return nil }
            term.append(.negate)
            return .term(term)
        case .arithmetic(let op, let lhs, let rhs):
            let variableOnLeft = reads(lhs)
            guard variableOnLeft != reads(rhs),
                case .term(var term)? = intForm(variableOnLeft ? lhs : rhs),
                case .constant(let constant)? = intForm(variableOnLeft ? rhs : lhs)
            else { return nil }
            guard let k = constant else { return .constant(nil) }
            switch (op, variableOnLeft) {
            case (.add, _): term.append(.add(k))
            case (.subtract, true): term.append(.subtract(k))
            case (.subtract, false): term.append(.subtractFrom(k))
            case (.multiply, _): term.append(.multiply(k))
            case (.divide, true): term.append(.divide(k))
            case (.remainder, true): term.append(.remainder(k))
            case (.divide, false), (.remainder, false): return nil
            }
            return .term(term)
        default:
            return nil
        }
    }

    /// The values of the variable for which the part is true, and false.
    func intSides() -> (IntSet, IntSet)? { intPredicate(node) }

    private static let congruenceOdd = (
        IntTarget.congruence(modulus: 2, residues: [false, true]),
        IntTarget.congruence(modulus: 2, residues: [true, false])
    )

    private func intPredicate(_ node: ConditionNode) -> (IntSet, IntSet)? {
        switch node.kind {
        case .comparison(let op, let lhs, let rhs):
            return intComparison(op, lhs, rhs)
        case .call(let method, let receiver, let arguments, _):
            return intCall(method, receiver: receiver, arguments: arguments)
        case .nilCoalescing(let lhs, let rhs):
            if reads(lhs) { return intPredicate(lhs) }
            switch constantValue(lhs) {
            case .success(.none): return intPredicate(rhs)
            case .success(.bool(let value)): return value ? (.all, .empty) : (.empty, .all)
            case .failure: return (.empty, .empty)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A comparison of an integer expression of the variable (or of a Bool made of one) with a constant.
    private func intComparison(
        _ op: ComparisonOperator, _ lhs: ConditionNode, _ rhs: ConditionNode
    ) -> (IntSet, IntSet)? {
        let variableOnLeft = reads(lhs)
        guard variableOnLeft != reads(rhs) else { return nil }
        let variableSide = variableOnLeft ? lhs : rhs
        let constant = constantValue(variableOnLeft ? rhs : lhs)
        if case .failure = constant { return (.empty, .empty) }
        if case .success(.none) = constant {
            guard op.isEquality, let defined = intDefined(variableSide) else { return nil }
            return op == .equal ? (.empty, defined) : (defined, .empty)
        }
        switch (variableSide.type.unwrapped, constant) {
        case (.int, .success(.int(let c))):
            switch intForm(variableSide) {
            case .term(let term)?:
                let targets = IntTarget.comparison(variableOnLeft ? op : op.mirrored, c)
                guard let accepted = term.preimage(targets.accepted), let rejected = term.preimage(targets.rejected)
                else { return nil }
                return (accepted, rejected)
            case .constant(let value)?:
                guard let value else { return (.empty, .empty) }
                return Self.compare(variableOnLeft ? op : op.mirrored, value, c) ? (.all, .empty) : (.empty, .all)
            case nil:
                return nil
            }
        case (.bool, .success(.bool(let wanted))):
            guard op.isEquality, let (yes, no) = intPredicate(variableSide) else { return nil }
            return (op == .equal) == wanted ? (yes, no) : (no, yes)
        default:
            return nil
        }
    }

    /// `isMultiple(of:)`, `isOdd`, `isEven` on an integer expression of the variable, or a
    /// constant array's `contains` of one.
    private func intCall(
        _ method: ConditionMethod, receiver: ConditionNode, arguments: [ConditionNode]
    ) -> (IntSet, IntSet)? {
        switch method {
        case .isMultiple, .isOdd, .isEven:
            guard !arguments.contains(where: reads), case .term(let term)? = intForm(receiver) else { return nil }
            let targets: (accepted: IntTarget, rejected: IntTarget)?
            switch method {
            case .isOdd: targets = Self.congruenceOdd
            case .isEven: targets = (Self.congruenceOdd.1, Self.congruenceOdd.0)
            default:
                guard let argument = arguments.first else { return nil }
                switch constantValue(argument) {
                case .success(.int(let k)): targets = IntTarget.multiple(of: k)
                case .failure: return (.empty, .empty)
                default: return nil
                }
            }
            guard let targets, let accepted = term.preimage(targets.accepted),
                let rejected = term.preimage(targets.rejected)
            else { return nil }
            return (accepted, rejected)
        case .arrayContains:
            guard !reads(receiver), let value = arguments.first else { return nil }
            let elements: [Value]
            switch constantValue(receiver) {
            case .success(.array(let values)): elements = values
            case .failure: return (.empty, .empty)
            default: return nil
            }
            var numbers: [Int] = []
            for element in elements {
                guard case .int(let number) = element else { return nil }
                numbers.append(number)
            }
            guard case .term(let term)? = intForm(value) else { return nil }
            let targets = IntTarget.members(numbers)
            guard let accepted = term.preimage(targets.accepted), let rejected = term.preimage(targets.rejected)
            else { return nil }
            return (accepted, rejected)
        default:
            return nil
        }
    }

    /// Where an expression of the variable evaluates without trapping.
    private func intDefined(_ node: ConditionNode) -> IntSet? {
        switch node.type.unwrapped {
        case .int:
            switch intForm(node) {
            case .term(let term)?: return term.defined()
            case .constant(let value)?: return value == nil ? .empty : .all
            case nil: return nil
            }
        case .bool:
            guard let (yes, no) = intPredicate(node) else { return nil }
            return yes.union(no)
        default:
            return nil
        }
    }

    private static func compare<T: Comparable>(_ op: ComparisonOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .equal: a == b
        case .notEqual: a != b
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        }
    }

    // MARK: Doubles

    private enum DoubleForm {
        case constant(Double)
        case term([DoubleStep])
    }

    private func doubleConstant(_ value: Value) -> Double? {
        switch value {
        case .double(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }

    private func doubleForm(_ node: ConditionNode) -> DoubleForm? {
        guard reads(node) else {
            guard case .success(let value) = constantValue(node), let number = doubleConstant(value) else { return nil }
            return .constant(number)
        }
        switch node.kind {
        case .path:
            return .term([])
        case .nilCoalescing(let lhs, let rhs):
            if reads(lhs) { return doubleForm(lhs) }
            guard case .success(let value) = constantValue(lhs) else { return nil }
            if case .none = value { return doubleForm(rhs) }
            return doubleConstant(value).map(DoubleForm.constant)
        case .negate(let operand):
            guard case .term(let steps)? = doubleForm(operand) else { return nil }
            return .term(steps + [.negate])
        case .arithmetic(let op, let lhs, let rhs):
            let variableOnLeft = reads(lhs)
            guard variableOnLeft != reads(rhs),
                case .term(let steps)? = doubleForm(variableOnLeft ? lhs : rhs),
                case .constant(let k)? = doubleForm(variableOnLeft ? rhs : lhs)
            else { return nil }
            let step: DoubleStep?
            switch (op, variableOnLeft) {
            case (.add, _): step = .make(.add(k))
            case (.subtract, true): step = .make(.subtract(k))
            case (.subtract, false): step = .make(.subtractFrom(k))
            case (.multiply, _): step = .make(.multiply(k))
            case (.divide, true): step = .make(.divide(k))
            default: step = nil
            }
            return step.map { .term(steps + [$0]) }
        default:
            return nil
        }
    }

    private static let everyDouble = DoubleSet(keys: IntSet(intervals: [DoubleKey.domain]), nan: true)

    func doubleSides() -> (DoubleSet, DoubleSet)? { doublePredicate(node) }

    private func doublePredicate(_ node: ConditionNode) -> (DoubleSet, DoubleSet)? {
        switch node.kind {
        case .comparison(let op, let lhs, let rhs):
            let variableOnLeft = reads(lhs)
            guard variableOnLeft != reads(rhs) else { return nil }
            let variableSide = variableOnLeft ? lhs : rhs
            guard case .success(let constant) = constantValue(variableOnLeft ? rhs : lhs) else { return nil }
            if case .none = constant {
                // Double expressions never trap, so they are always defined.
                guard op.isEquality, variableSide.type.unwrapped == .double || doublePredicate(variableSide) != nil
                else { return nil }
                return op == .equal ? (.empty, Self.everyDouble) : (Self.everyDouble, .empty)
            }
            switch (variableSide.type.unwrapped, constant) {
            case (.double, _):
                guard let c = doubleConstant(constant) else { return nil }
                switch doubleForm(variableSide) {
                case .term(let steps)?:
                    let targets = DoubleSet.comparison(variableOnLeft ? op : op.mirrored, c)
                    return (DoubleStep.preimage(steps, targets.accepted), DoubleStep.preimage(steps, targets.rejected))
                case .constant(let value)?:
                    return Self.compare(variableOnLeft ? op : op.mirrored, value, c)
                        ? (Self.everyDouble, .empty) : (.empty, Self.everyDouble)
                case nil:
                    return nil
                }
            case (.bool, .bool(let wanted)):
                guard op.isEquality, let (yes, no) = doublePredicate(variableSide) else { return nil }
                return (op == .equal) == wanted ? (yes, no) : (no, yes)
            default:
                return nil
            }
        case .call(.arrayContains, let receiver, let arguments, _):
            guard !reads(receiver), let value = arguments.first,
                case .success(.array(let elements)) = constantValue(receiver),
                case .term(let steps)? = doubleForm(value)
            else { return nil }
            var numbers: [Double] = []
            for element in elements {
                guard let number = doubleConstant(element) else { return nil }
                numbers.append(number)
            }
            let targets = DoubleSet.members(numbers)
            return (DoubleStep.preimage(steps, targets.accepted), DoubleStep.preimage(steps, targets.rejected))
        case .nilCoalescing(let lhs, let rhs):
            if reads(lhs) { return doublePredicate(lhs) }
            switch constantValue(lhs) {
            case .success(.none): return doublePredicate(rhs)
            case .success(.bool(let value)): return value ? (Self.everyDouble, .empty) : (.empty, Self.everyDouble)
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension ComparisonOperator {
    /// The operator with its operands swapped: `a < b` is `b > a`.
    var mirrored: ComparisonOperator {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }
}
