/// Evaluates a typed condition, laid out as a `ConditionProgram`, like the Swift code it
/// stands for, except that where the app would trap (overflow, division by zero) it reports a
/// failure instead.
///
/// A failure carries the offset of its node in the condition string; the caller turns it into a
/// manifest position, so an evaluation holds no source map.
struct ConditionEvaluator {
    /// Why an evaluation stopped, and the offset in the condition string of the node it points at.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    let program: ConditionProgram
    let model: Value
    let indexPath: ItemIndexPath

    /// The value of the program's root.
    func evaluate() throws(Failure) -> Value {
        try evaluate(program.root)
    }

    private func failure(_ message: String, at position: Int) -> Failure {
        Failure(message: message, offset: program.instructions[position].anchor)
    }

    /// The value of the instruction at `position`.
    private func evaluate(_ position: Int) throws(Failure) -> Value {
        switch program.instructions[position].operation {
        case .literal(let index):
            return program.literals[index]
        case .path(let index):
            return try read(index, at: position)
        case .arrayLiteral(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in program.operands[elements] { values.append(try evaluate(element)) }
            return .array(values)
        case .not(let operand):
            return .bool(!(try bool(operand)))
        case .negate(let operand):
            switch try evaluate(operand) {
            case .int(let value):
                let (result, overflow) = Int(0).subtractingReportingOverflow(value)
                if overflow { throw failure("-(\(value)) overflows Int; the app would crash here", at: position) }
                return .int(result)
            case .double(let value):
                return .double(-value)
            case let other:
                throw failure("cannot negate \(other)", at: position)
            }
        case .and(let operands):
            for operand in program.operands[operands] where !(try bool(operand)) { return .bool(false) }
            return .bool(true)
        case .or(let operands):
            for operand in program.operands[operands] where try bool(operand) { return .bool(true) }
            return .bool(false)
        case .arithmetic(let op, let lhs, let rhs):
            return try arithmetic(op, try evaluate(lhs), try evaluate(rhs), at: position)
        case .comparison(let op, let lhs, let rhs):
            return .bool(try compare(op, try evaluate(lhs), try evaluate(rhs), at: position))
        case .nilCoalescing(let lhs, let rhs):
            // The default is evaluated only when needed, as Swift's autoclosure does.
            let value = try evaluate(lhs)
            if case .none = value { return try evaluate(rhs) }
            return value
        case .containsLiteral(let argument, let literals):
            let element = try evaluate(argument)
            if case .none = element { return .bool(false) }
            return .bool(program.literals[literals].contains { Self.equal($0, element) == true })
        case .call(let method, let receiver, let arguments, let optionalChained):
            let target = try evaluate(receiver)
            if optionalChained, case .none = target { return .none }
            var values: [Value] = []
            for argument in program.operands[arguments] { values.append(try evaluate(argument)) }
            return try call(method, on: target, values, at: position)
        }
    }

    private func bool(_ position: Int) throws(Failure) -> Bool {
        guard case .bool(let value) = try evaluate(position) else {
            throw failure("expected a Bool value here", at: position)
        }
        return value
    }

    // MARK: Paths

    /// Reads the path at `index` of the program's paths, in place, for the instruction at `position`.
    private func read(_ index: Int, at position: Int) throws(Failure) -> Value {
        let paths = program.paths
        var current: Value
        switch paths[index].root {
        case .section: return .int(indexPath.section)
        case .item: return .int(indexPath.item)
        case .model: current = try conform(model, to: paths[index].rootType, what: "the model", at: position)
        }
        for step in paths[index].steps.indices {
            // Only messages need the dotted name: built when one is written, not per read.
            var name: String { paths[index].steps[...step].map(\.name).joined(separator: ".") }
            guard case .object(_, let properties) = current else {
                // Only a nil can stop a well-typed chain early, and only after `?.`.
                if case .none = current { return .none }
                throw failure(
                    "the sample value \(current) has no property '\(paths[index].steps[step].name)'", at: position)
            }
            guard let value = properties[paths[index].steps[step].name] else {
                if paths[index].steps[step].declaredType.isOptional {
                    current = .none
                    continue
                }
                throw failure("the sample model has no value for '\(name)'", at: position)
            }
            current = try conform(value, to: paths[index].steps[step].declaredType, what: "'\(name)'", at: position)
        }
        return current
    }

    /// Checks a sample value against its declared type; an Int sample stands for a Double.
    /// `what` names the value in messages; it is built only when one is written, not per read.
    private func conform(
        _ value: Value, to type: ConditionType, what: @autoclosure () -> String, at position: Int
    ) throws(Failure) -> Value {
        switch (type, value) {
        case (.optional, .none): return .none
        case (.optional(let wrapped), _): return try conform(value, to: wrapped, what: what(), at: position)
        case (_, .none):
            throw failure("the sample value of \(what()) is nil, but its type '\(type)' is not optional", at: position)
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string), (.model, .object): return value
        case (.double, .int(let number)): return .double(Double(number))
        case (.enumeration, .enumCase): return value
        default:
            throw failure("the sample value of \(what()) is \(value), which is not a '\(type)'", at: position)
        }
    }

    // MARK: Operators

    private func arithmetic(
        _ op: ArithmeticOperator, _ lhs: Value, _ rhs: Value, at position: Int
    ) throws(Failure) -> Value {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            var expression: String { "\(a) \(op.rawValue) \(b)" }
            let result: (partialValue: Int, overflow: Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .divide, .remainder:
                if b == 0 {
                    throw failure("division by zero in \(expression); the app would crash here", at: position)
                }
                result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            }
            if result.overflow { throw failure("\(expression) overflows Int; the app would crash here", at: position) }
            return .int(result.partialValue)
        case (.string(let a), .string(let b)) where op == .add:
            return .string(a + b)
        default:
            guard let a = Self.double(lhs), let b = Self.double(rhs) else {
                throw failure("cannot apply '\(op.rawValue)' to \(lhs) and \(rhs)", at: position)
            }
            switch op {
            case .add: return .double(a + b)
            case .subtract: return .double(a - b)
            case .multiply: return .double(a * b)
            case .divide: return .double(a / b)
            case .remainder: return .double(a.truncatingRemainder(dividingBy: b))
            }
        }
    }

    private static func double(_ value: Value) -> Double? {
        switch value {
        case .double(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }

    /// Swift's `==` for the value kinds a condition can compare; nil equals only nil.
    static func equal(_ lhs: Value, _ rhs: Value) -> Bool? {
        switch (lhs, rhs) {
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.enumCase(_, let a), .enumCase(_, let b)): return a == b
        default:
            guard let a = double(lhs), let b = double(rhs) else { return nil }
            return a == b
        }
    }

    private func compare(
        _ op: ComparisonOperator, _ lhs: Value, _ rhs: Value, at position: Int
    ) throws(Failure) -> Bool {
        if op.isEquality {
            guard let equal = Self.equal(lhs, rhs) else {
                throw failure("cannot compare \(lhs) with \(rhs)", at: position)
            }
            return op == .equal ? equal : !equal
        }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return Self.order(op, a, b)
        case (.string(let a), .string(let b)): return Self.order(op, a, b)
        default:
            guard let a = Self.double(lhs), let b = Self.double(rhs) else {
                throw failure("cannot compare \(lhs) with \(rhs)", at: position)
            }
            return Self.order(op, a, b)
        }
    }

    private static func order<T: Comparable>(_ op: ComparisonOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        }
    }

    // MARK: Methods

    private func call(
        _ method: ConditionMethod, on target: Value, _ arguments: [Value], at position: Int
    ) throws(Failure) -> Value {
        let argument = arguments.first
        switch (method, target, argument) {
        case (.isMultiple, .int(let value), .int(let divisor)?):
            // The standard library handles 0 and -1 without trapping.
            return .bool(value.isMultiple(of: divisor))
        case (.isOdd, .int(let value), _): return .bool(value & 1 != 0)
        case (.isEven, .int(let value), _): return .bool(value & 1 == 0)
        case (.isEmpty, .string(let value), _): return .bool(value.isEmpty)
        case (.count, .string(let value), _): return .int(value.count)
        case (.hasPrefix, .string(let value), .string(let prefix)?): return .bool(value.hasPrefix(prefix))
        case (.hasSuffix, .string(let value), .string(let suffix)?): return .bool(value.hasSuffix(suffix))
        case (.stringContains, .string(let value), .string(let part)?):
            // Foundation's contains(_:) (what an app calls) finds no empty string.
            return .bool(!part.isEmpty && value.contains(part))
        case (.lowercased, .string(let value), _): return .string(value.lowercased())
        case (.rawValue, .enumCase(_, let name), .object(_, let table)?):
            guard let raw = table[name] else { throw failure("the case .\(name) has no raw value", at: position) }
            return raw
        case (.arrayContains, .array(let elements), let element?):
            if case .none = element { return .bool(false) }
            return .bool(elements.contains { Self.equal($0, element) == true })
        default:
            throw failure("cannot call \(method.rawValue) on \(target)", at: position)
        }
    }
}
