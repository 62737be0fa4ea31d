import MaplintFindings

/// Gives every syntax node a static type with Swift's rules, producing the typed tree.
/// Errors are collected; a subtree with an error yields nil, and its parents stay silent
/// about it so one mistake gives one message.
struct ConditionChecker {
    let types: TypeTable
    let modelType: ConditionType
    let scalars: [Unicode.Scalar]
    private(set) var errors: [ConditionError] = []

    init(types: TypeTable, modelType: ConditionType, scalars: [Unicode.Scalar]) {
        self.types = types
        self.modelType = modelType
        self.scalars = scalars
    }

    /// Checks a whole condition, which must be a `Bool`.
    mutating func checkCondition(_ syntax: ConditionSyntax) -> ConditionNode? {
        guard let node = check(syntax, expected: .bool) else { return nil }
        guard node.type == .bool else {
            return fail(
                "a condition must be a Bool, but \(quote(node)) is '\(node.type)'\(optionalBoolHint(node.type))",
                at: node.range.lowerBound)
        }
        return node
    }

    // MARK: Helpers

    private mutating func fail(_ message: String, at offset: Int) -> ConditionNode? {
        errors.append(ConditionError(message: message, offset: offset))
        return nil
    }

    /// The source text of a node, quoted, for messages.
    private func quote(_ node: ConditionNode) -> String {
        quote(node.range)
    }

    private func quote(_ range: Range<Int>) -> String {
        sourceText(range).map { "'" + $0 + "'" } ?? "this expression"
    }

    /// The source text of a range, or nil when too long to quote.
    private func sourceText(_ range: Range<Int>) -> String? {
        let lower = max(0, min(range.lowerBound, scalars.count))
        let upper = max(lower, min(range.upperBound, scalars.count))
        guard upper - lower <= 40 else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[lower..<upper])
        return String(text)
    }

    private func optionalBoolHint(_ type: ConditionType) -> String {
        type == .optional(.bool) ? "; compare it with '== true' to treat nil as false" : ""
    }

    /// Syntax whose type comes from its context: `.case`, `nil`, array literals.
    private static func isContextual(_ syntax: ConditionSyntax) -> Bool {
        switch syntax.kind {
        case .enumCase, .nilLiteral, .array: true
        case .paren(let inner): isContextual(inner)
        default: false
        }
    }

    /// Syntax made only of integer literals, which may also be typed as Double.
    private static func isIntegerLiteralOnly(_ syntax: ConditionSyntax) -> Bool {
        switch syntax.kind {
        case .integer: true
        case .paren(let inner), .negate(let inner): isIntegerLiteralOnly(inner)
        case .binary(.arithmetic, let lhs, let rhs): isIntegerLiteralOnly(lhs) && isIntegerLiteralOnly(rhs)
        default: false
        }
    }

    /// Retypes an Int subtree made only of literals as Double, as Swift infers for `ratio > 1 + 2`.
    static func convertedToDouble(_ node: ConditionNode) -> ConditionNode? {
        var result = node
        switch node.kind {
        case .literal(.int(let value)):
            result.kind = .literal(.double(Double(value)))
            result.type = .double
        case .negate(let operand) where node.type == .int:
            guard let converted = convertedToDouble(operand) else { return nil }
            result.kind = .negate(converted)
            result.type = .double
        case .arithmetic(let op, let lhs, let rhs) where node.type == .int && op != .remainder:
            guard let left = convertedToDouble(lhs), let right = convertedToDouble(rhs) else { return nil }
            result.kind = .arithmetic(op, left, right)
            result.type = .double
        case .arrayLiteral(let elements) where node.type == .array(.int):
            var converted: [ConditionNode] = []
            for element in elements {
                guard let double = convertedToDouble(element) else { return nil }
                converted.append(double)
            }
            result.kind = .arrayLiteral(converted)
            result.type = .array(.double)
        default:
            return nil
        }
        return result
    }

    /// Makes an Int-literal operand Double when the other side is Double.
    private static func unifyNumbers(_ lhs: inout ConditionNode, _ rhs: inout ConditionNode) {
        if lhs.type == .int, rhs.type.unwrapped == .double, let converted = convertedToDouble(lhs) {
            lhs = converted
        } else if rhs.type == .int, lhs.type.unwrapped == .double, let converted = convertedToDouble(rhs) {
            rhs = converted
        }
    }

    // MARK: Expressions

    mutating func check(_ syntax: ConditionSyntax, expected: ConditionType?) -> ConditionNode? {
        let range = syntax.range
        switch syntax.kind {
        case .name(let name):
            return checkName(name, range: range)
        case .integer(let digits, let negative):
            let text = (negative ? "-" : "") + digits
            if expected?.unwrapped == .double, let value = Double(text), value.isFinite {
                return ConditionNode(kind: .literal(.double(value)), type: .double, range: range)
            }
            guard let value = Int(text) else {
                return fail(
                    "the integer literal \(text) does not fit in Int (\(Int.min) through \(Int.max))",
                    at: range.lowerBound)
            }
            return ConditionNode(kind: .literal(.int(value)), type: .int, range: range)
        case .decimal(let value):
            return ConditionNode(kind: .literal(.double(value)), type: .double, range: range)
        case .string(let value):
            return ConditionNode(kind: .literal(.string(value)), type: .string, range: range)
        case .boolean(let value):
            return ConditionNode(kind: .literal(.bool(value)), type: .bool, range: range)
        case .nilLiteral:
            return ConditionNode(kind: .literal(.none), type: .nilLiteral, range: range)
        case .enumCase(let name):
            return checkEnumCase(name, range: range, expected: expected)
        case .array(let elements):
            return checkArray(elements, range: range, expected: expected)
        case .paren(let inner):
            guard var node = check(inner, expected: expected) else { return nil }
            node.range = range
            return node
        case .not(let operand):
            guard let node = check(operand, expected: .bool) else { return nil }
            guard node.type == .bool else {
                return fail(
                    "'!' needs a Bool, but \(quote(node)) is '\(node.type)'\(optionalBoolHint(node.type))",
                    at: syntax.anchor.lowerBound)
            }
            return ConditionNode(kind: .not(node), type: .bool, range: range, anchor: syntax.anchor)
        case .negate(let operand):
            guard let node = check(operand, expected: expected) else { return nil }
            guard node.type == .int || node.type == .double else {
                return fail(
                    "unary '-' needs an Int or a Double, but \(quote(node)) is '\(node.type)'",
                    at: syntax.anchor.lowerBound)
            }
            return ConditionNode(kind: .negate(node), type: node.type, range: range, anchor: syntax.anchor)
        case .logical(let isAnd, let operands):
            return checkLogical(isAnd: isAnd, operands, syntax: syntax)
        case .binary(.arithmetic(let op), let lhs, let rhs):
            return checkArithmetic(op, lhs, rhs, syntax: syntax, expected: expected)
        case .binary(.comparison(let op), let lhs, let rhs):
            return checkComparison(op, lhs, rhs, syntax: syntax)
        case .binary(.coalesce, let lhs, let rhs):
            return checkCoalesce(lhs, rhs, syntax: syntax)
        case .member, .call:
            return checkChain(syntax)?.node
        }
    }

    private mutating func checkName(_ name: String, range: Range<Int>) -> ConditionNode? {
        switch name {
        case "model":
            let path = ValuePath(root: .model, rootType: modelType)
            return ConditionNode(kind: .path(path), type: modelType, range: range)
        case "indexPath":
            return fail(
                "'indexPath' is not a value on its own; use indexPath.section or indexPath.item", at: range.lowerBound)
        default:
            let hint = Suggestion.didYouMean(name, in: ["model", "indexPath", "true", "false", "nil"])
            return fail(
                "unknown name '\(name)'\(hint); a condition reads 'model' and 'indexPath'", at: range.lowerBound)
        }
    }

    private mutating func checkEnumCase(_ name: String, range: Range<Int>, expected: ConditionType?) -> ConditionNode? {
        guard let expected else {
            return fail(
                "cannot tell which enum '.\(name)' belongs to; compare it with an enum value, as in 'model.state == .\(name)'",
                at: range.lowerBound)
        }
        guard case .enumeration(let enumName) = expected.unwrapped else {
            return fail("'.\(name)' is an enum case, but the other side is '\(expected)'", at: range.lowerBound)
        }
        let cases = types[enumName]?.cases.map(\.value) ?? []
        guard cases.contains(name) else {
            return fail(
                "'\(enumName)' has no case '\(name)'\(Suggestion.didYouMean(name, in: cases))", at: range.lowerBound)
        }
        return ConditionNode(
            kind: .literal(.enumCase(type: enumName, name: name)), type: .enumeration(enumName), range: range)
    }

    private mutating func checkArray(
        _ elements: [ConditionSyntax], range: Range<Int>, expected: ConditionType?
    ) -> ConditionNode? {
        var elementType: ConditionType?
        if case .array(let element) = expected { elementType = element.unwrapped }
        // Elements that carry their own type go first, so `.case` elements can use it.
        var checked = [ConditionNode?](repeating: nil, count: elements.count)
        var failed = false
        for (index, element) in elements.enumerated() where !Self.isContextual(element) {
            checked[index] = check(element, expected: elementType)
            if checked[index] == nil { failed = true }
        }
        if elementType == nil {
            let types = checked.compactMap { $0?.type }
            elementType = types.contains(.double) ? .double : types.first
        }
        for (index, element) in elements.enumerated() where Self.isContextual(element) {
            checked[index] = check(element, expected: elementType)
            if checked[index] == nil { failed = true }
        }
        guard !failed else { return nil }
        guard let target = elementType else {
            return fail("cannot tell the element type of an empty array literal here", at: range.lowerBound)
        }
        var nodes: [ConditionNode] = []
        for case var node? in checked {
            if node.type == .int, target == .double, let converted = Self.convertedToDouble(node) { node = converted }
            switch node.type {
            case .nilLiteral, .optional:
                return fail("array elements cannot be optional or nil", at: node.range.lowerBound)
            case .model, .array:
                return fail(
                    "array elements must be Bool, Int, Double, String or enum values, not '\(node.type)'",
                    at: node.range.lowerBound)
            default:
                break
            }
            guard node.type == target else {
                return fail(
                    "array elements must all have one type: \(quote(node)) is '\(node.type)', the others are '\(target)'",
                    at: node.range.lowerBound)
            }
            nodes.append(node)
        }
        return ConditionNode(kind: .arrayLiteral(nodes), type: .array(target), range: range)
    }

    private mutating func checkLogical(
        isAnd: Bool, _ operands: [ConditionSyntax], syntax: ConditionSyntax
    ) -> ConditionNode? {
        var nodes: [ConditionNode] = []
        var failed = false
        let symbol = isAnd ? "&&" : "||"
        for operand in operands {
            guard let node = check(operand, expected: .bool) else {
                failed = true
                continue
            }
            guard node.type == .bool else {
                _ = fail(
                    "'\(symbol)' needs Bool operands, but \(quote(node)) is '\(node.type)'\(optionalBoolHint(node.type))",
                    at: node.range.lowerBound)
                failed = true
                continue
            }
            // `a && (b && c)` is `a && b && c`: one n-ary node for the analyzer.
            switch (isAnd, node.kind) {
            case (true, .and(let inner)), (false, .or(let inner)): nodes.append(contentsOf: inner)
            default: nodes.append(node)
            }
        }
        guard !failed else { return nil }
        return ConditionNode(
            kind: isAnd ? .and(nodes) : .or(nodes), type: .bool, range: syntax.range, anchor: syntax.anchor)
    }

    /// Checks two operands, the context-typed one (`.case`, `nil`) after the other.
    private mutating func checkOperands(
        _ lhs: ConditionSyntax, _ rhs: ConditionSyntax, expected: ConditionType?
    ) -> (ConditionNode, ConditionNode)? {
        var left: ConditionNode?
        var right: ConditionNode?
        if Self.isContextual(lhs), !Self.isContextual(rhs) {
            right = check(rhs, expected: expected)
            left = check(lhs, expected: right?.type ?? expected)
        } else {
            left = check(lhs, expected: expected)
            // Two context-typed operands: one message about the first is enough.
            if left != nil || !Self.isContextual(rhs) { right = check(rhs, expected: left?.type ?? expected) }
        }
        guard var left, var right else { return nil }
        Self.unifyNumbers(&left, &right)
        return (left, right)
    }

    private mutating func checkArithmetic(
        _ op: ArithmeticOperator, _ lhs: ConditionSyntax, _ rhs: ConditionSyntax, syntax: ConditionSyntax,
        expected: ConditionType?
    ) -> ConditionNode? {
        let hint: ConditionType? = expected?.unwrapped == .double ? .double : nil
        guard let (left, right) = checkOperands(lhs, rhs, expected: hint) else { return nil }
        let at = syntax.anchor.lowerBound
        for operand in [left, right] where operand.type.isOptional {
            return fail(
                "\(quote(operand)) is optional ('\(operand.type)'); give it a default with '??' before using '\(op.rawValue)'",
                at: operand.range.lowerBound)
        }
        let type: ConditionType
        switch (left.type, right.type) {
        case (.int, .int):
            // Swift folds constant divisors and refuses `x / 0` at compile time ("division by zero").
            if op == .divide || op == .remainder, Self.constantInt(right) == 0 {
                return fail(
                    "division by zero: Swift does not compile '\(op.rawValue)' by a constant zero"
                        + (right.kind == .literal(.int(0)) ? "" : " (\(quote(right)) is always 0)"),
                    at: right.range.lowerBound)
            }
            type = .int
        case (.double, .double):
            guard op != .remainder else {
                return fail(
                    "'%' is unavailable for Double (Swift uses truncatingRemainder(dividingBy:)); use Int operands",
                    at: at)
            }
            type = .double
        case (.string, .string) where op == .add: type = .string
        case (.int, .double), (.double, .int):
            return fail(
                "'\(op.rawValue)' cannot mix 'Int' and 'Double'; Swift does not convert between them implicitly\(declareAsDouble(left, right))",
                at: at)
        default:
            return fail("'\(op.rawValue)' cannot be applied to '\(left.type)' and '\(right.type)'", at: at)
        }
        return ConditionNode(kind: .arithmetic(op, left, right), type: type, range: syntax.range, anchor: syntax.anchor)
    }

    /// The value of an Int expression made of literals only, as Swift's constant folding sees it;
    /// nil when it reads a variable or cannot be folded.
    static func constantInt(_ node: ConditionNode) -> Int? {
        switch node.kind {
        case .literal(.int(let value)): return value
        case .negate(let operand):
            guard let value = constantInt(operand) else { return nil }
            let (result, overflow) = (0).subtractingReportingOverflow(value)
            return overflow ? nil : result
        case .arithmetic(let op, let lhs, let rhs):
            guard let a = constantInt(lhs), let b = constantInt(rhs) else { return nil }
            let folded: (Int, Bool)
            switch op {
            case .add: folded = a.addingReportingOverflow(b)
            case .subtract: folded = a.subtractingReportingOverflow(b)
            case .multiply: folded = a.multipliedReportingOverflow(by: b)
            case .divide: folded = b == 0 ? (0, true) : a.dividedReportingOverflow(by: b)
            case .remainder: folded = b == 0 ? (0, true) : a.remainderReportingOverflow(dividingBy: b)
            }
            return folded.1 ? nil : folded.0
        default: return nil
        }
    }

    /// ", or declare likes as Double" when one side is an Int property.
    private func declareAsDouble(_ lhs: ConditionNode, _ rhs: ConditionNode) -> String {
        for node in [lhs, rhs] where node.type.unwrapped == .int {
            if case .path(let path) = node.kind, let step = path.steps.last {
                return "; or declare \(step.name) as Double"
            }
        }
        return ""
    }

    private mutating func checkComparison(
        _ op: ComparisonOperator, _ lhs: ConditionSyntax, _ rhs: ConditionSyntax, syntax: ConditionSyntax
    ) -> ConditionNode? {
        guard let (left, right) = checkOperands(lhs, rhs, expected: nil) else { return nil }
        let at = syntax.anchor.lowerBound
        let node = ConditionNode(
            kind: .comparison(op, left, right), type: .bool, range: syntax.range, anchor: syntax.anchor)
        let (lt, rt) = (left.type, right.type)
        if lt == .nilLiteral || rt == .nilLiteral {
            let other = lt == .nilLiteral ? right : left
            guard op.isEquality else {
                return fail("'\(op.rawValue)' cannot compare with nil; only == and != can", at: at)
            }
            guard other.type != .nilLiteral else {
                return fail("comparing nil with nil is always \(op == .equal)", at: at)
            }
            guard other.type.isOptional else {
                return fail("\(quote(other)) is never nil: its type '\(other.type)' is not optional", at: at)
            }
            return node
        }
        if let message = mismatch(left, right, op) {
            let literal = [left, right].first { $0.type == .double && Self.doubleLiteral($0) != nil }
            let offset = message.pointsAtLiteral ? (literal?.range.lowerBound ?? at) : at
            return fail(message.text, at: offset)
        }
        return node
    }

    private static func doubleLiteral(_ node: ConditionNode) -> Double? {
        switch node.kind {
        case .literal(.double(let value)): value
        case .negate(let operand): doubleLiteral(operand).map { -$0 }
        default: nil
        }
    }

    /// Why two operands cannot be compared with `op`, or nil when they can.
    private func mismatch(
        _ left: ConditionNode, _ right: ConditionNode, _ op: ComparisonOperator
    ) -> (text: String, pointsAtLiteral: Bool)? {
        let (lt, rt) = (left.type, right.type)
        if lt.unwrapped == rt.unwrapped {
            let type = lt.unwrapped
            if op.isEquality {
                if type.isEquatable { return nil }
                if case .array = type {
                    return ("arrays cannot be compared; test membership with [a, b].contains(x)", false)
                }
                return ("values of type '\(type)' cannot be compared; compare their properties instead", false)
            }
            for operand in [left, right] where operand.type.isOptional {
                return (
                    "\(quote(operand)) is optional ('\(operand.type)'), so '\(op.rawValue)' cannot compare it; "
                        + "give it a default first, as in '\(sourceText(operand.range) ?? "value") ?? …'", false
                )
            }
            if type.isOrdered { return nil }
            if case .enumeration = type {
                return ("'\(type)' values have no order; only == and != apply", false)
            }
            return ("'\(type)' values cannot be compared with '\(op.rawValue)'", false)
        }
        if lt.unwrapped == .int && rt.unwrapped == .double || lt.unwrapped == .double && rt.unwrapped == .int {
            let (intSide, doubleSide) = lt.unwrapped == .int ? (left, right) : (right, left)
            let declare = declareAsDouble(intSide, doubleSide)
            if let value = Self.doubleLiteral(doubleSide) {
                var advice = declare
                if let down = Int(exactly: value.rounded(.down)), let up = Int(exactly: value.rounded(.up)) {
                    let write = down == up ? "; write \(down)" : "; write \(down) or \(up)"
                    advice = write + (declare.isEmpty ? "" : "," + declare.dropFirst())
                }
                let literalText = sourceText(doubleSide.range) ?? String(value)
                return ("cannot compare 'Int' with 'Double' literal \(literalText)\(advice)", true)
            }
            return (
                "cannot compare 'Int' with 'Double'; Swift does not convert between them implicitly\(declare)", false
            )
        }
        return ("cannot compare '\(lt)' with '\(rt)'", false)
    }

    private mutating func checkCoalesce(
        _ lhs: ConditionSyntax, _ rhs: ConditionSyntax, syntax: ConditionSyntax
    ) -> ConditionNode? {
        let at = syntax.anchor.lowerBound
        guard let left = check(lhs, expected: nil) else {
            _ = check(rhs, expected: nil)
            return nil
        }
        guard case .optional(let wrapped) = left.type else {
            _ = check(rhs, expected: nil)
            return fail("\(quote(left)) is not optional (its type is '\(left.type)'), so '??' has no effect", at: at)
        }
        guard var right = check(rhs, expected: wrapped) else { return nil }
        if right.type == .int, wrapped == .double, let converted = Self.convertedToDouble(right) { right = converted }
        let type: ConditionType
        if right.type == wrapped {
            type = wrapped
        } else if right.type == left.type {
            type = left.type
        } else if right.type == .nilLiteral {
            return fail("a nil default makes '??' have no effect", at: right.range.lowerBound)
        } else {
            return fail(
                "the default after '??' must be a '\(wrapped)' like \(quote(left)), not '\(right.type)'",
                at: right.range.lowerBound)
        }
        return ConditionNode(kind: .nilCoalescing(left, right), type: type, range: syntax.range, anchor: syntax.anchor)
    }

    // MARK: Member chains

    /// A point in a chain such as `model.author?.name.isEmpty`: the node so far, the type
    /// members apply to (the unwrapped type after a `?.`), and whether a `?.` came before.
    private struct Chain {
        var node: ConditionNode
        var within: ConditionType
        var inChain: Bool
    }

    private mutating func chainStart(_ syntax: ConditionSyntax) -> Chain? {
        switch syntax.kind {
        case .member, .call:
            return checkChain(syntax)
        default:
            guard let node = check(syntax, expected: nil) else { return nil }
            return Chain(node: node, within: node.type, inChain: false)
        }
    }

    private mutating func checkChain(_ syntax: ConditionSyntax) -> Chain? {
        switch syntax.kind {
        case .member(let base, let name, let chained):
            if case .name("indexPath") = base.kind {
                return checkIndexPath(name, chained: chained, syntax: syntax)
            }
            guard let start = chainStart(base) else { return nil }
            return access(start, name: name, chained: chained, arguments: nil, syntax: syntax)
        case .call(let callee, let arguments):
            guard case .member(let base, let name, let chained) = callee.kind else {
                return fail("only members such as hasPrefix(_:) can be called", at: syntax.anchor.lowerBound).map {
                    Chain(node: $0, within: $0.type, inChain: false)
                }
            }
            if name == "contains", !chained, let array = Self.arrayLiteral(base) {
                guard let node = checkArrayContains(array, arguments, syntax: syntax) else { return nil }
                return Chain(node: node, within: node.type, inChain: false)
            }
            guard let start = chainStart(base) else { return nil }
            return access(start, name: name, chained: chained, arguments: arguments, syntax: syntax)
        default:
            return chainStart(syntax)
        }
    }

    private static func arrayLiteral(_ syntax: ConditionSyntax) -> ConditionSyntax? {
        switch syntax.kind {
        case .array: syntax
        case .paren(let inner): arrayLiteral(inner)
        default: nil
        }
    }

    private mutating func checkIndexPath(_ name: String, chained: Bool, syntax: ConditionSyntax) -> Chain? {
        let root: ValuePath.Root
        switch name {
        case "section": root = .section
        case "item", "row": root = .item
        default:
            let hint = Suggestion.didYouMean(name, in: ["section", "item", "row"])
            _ = fail("indexPath has no member '\(name)'\(hint); use section, item or row", at: syntax.anchor.lowerBound)
            return nil
        }
        if chained {
            _ = fail("indexPath is not optional; write indexPath.\(name)", at: syntax.anchor.lowerBound)
            return nil
        }
        let path = ValuePath(root: root, rootType: .int)
        let node = ConditionNode(kind: .path(path), type: .int, range: syntax.range, anchor: syntax.anchor)
        return Chain(node: node, within: .int, inChain: false)
    }

    private struct MethodInfo {
        var method: ConditionMethod
        /// Written without parentheses (`isEmpty`, `count`, `isOdd`, `isEven`).
        var isProperty: Bool
        var label: String?
        var argument: ConditionType?
        var result: ConditionType
    }

    private static func methods(of type: ConditionType) -> [String: MethodInfo] {
        switch type {
        case .int:
            [
                "isMultiple": MethodInfo(
                    method: .isMultiple, isProperty: false, label: "of", argument: .int, result: .bool),
                "isOdd": MethodInfo(method: .isOdd, isProperty: true, argument: nil, result: .bool),
                "isEven": MethodInfo(method: .isEven, isProperty: true, argument: nil, result: .bool),
            ]
        case .string:
            [
                "isEmpty": MethodInfo(method: .isEmpty, isProperty: true, argument: nil, result: .bool),
                "count": MethodInfo(method: .count, isProperty: true, argument: nil, result: .int),
                "hasPrefix": MethodInfo(method: .hasPrefix, isProperty: false, argument: .string, result: .bool),
                "hasSuffix": MethodInfo(method: .hasSuffix, isProperty: false, argument: .string, result: .bool),
                "contains": MethodInfo(method: .stringContains, isProperty: false, argument: .string, result: .bool),
                "lowercased": MethodInfo(method: .lowercased, isProperty: false, argument: nil, result: .string),
            ]
        default:
            [:]
        }
    }

    private mutating func access(
        _ start: Chain, name: String, chained: Bool, arguments: [ConditionSyntax.Argument]?, syntax: ConditionSyntax
    ) -> Chain? {
        let at = syntax.anchor.lowerBound
        let base = start.node
        var within = start.within
        var inChain = start.inChain
        if chained {
            guard case .optional(let wrapped) = within else {
                _ = fail(
                    "\(quote(base)) is not optional (its type is '\(within)'); use '.\(name)' instead of '?.\(name)'",
                    at: at)
                return nil
            }
            within = wrapped
            inChain = true
        } else if within.isOptional {
            _ = fail("\(quote(base)) is optional ('\(within)'); use '?.\(name)' to reach into it", at: at)
            return nil
        }
        switch within {
        case .model(let typeName):
            return property(
                name, of: typeName, base: base, chained: chained, inChain: inChain, arguments: arguments, syntax: syntax
            )
        case .enumeration(let enumName):
            return rawValue(name, of: enumName, base: base, inChain: inChain, arguments: arguments, syntax: syntax)
        default:
            return member(name, of: within, base: base, inChain: inChain, arguments: arguments, syntax: syntax)
        }
    }

    /// A property of a model type, read along a path from `model`.
    private mutating func property(
        _ name: String, of typeName: String, base: ConditionNode, chained: Bool, inChain: Bool,
        arguments: [ConditionSyntax.Argument]?, syntax: ConditionSyntax
    ) -> Chain? {
        let at = syntax.anchor.lowerBound
        guard arguments == nil else {
            _ = fail("'\(name)' is a property of '\(typeName)', not a method; remove the parentheses", at: at)
            return nil
        }
        guard let property = types.property(name, of: typeName) else {
            let hint = Suggestion.didYouMean(name, in: types.properties(of: typeName).map(\.name))
            _ = fail("'\(typeName)' has no property '\(name)'\(hint)", at: at)
            return nil
        }
        guard case .path(var path) = base.kind else {
            _ = fail("properties can only be read along a path from 'model'", at: at)
            return nil
        }
        let declared = ConditionType(property.type, types: types)
        path.steps.append(ValuePath.Step(name: name, declaredType: declared, optionalChained: chained))
        let node = ConditionNode(kind: .path(path), type: path.type, range: syntax.range, anchor: syntax.anchor)
        return Chain(node: node, within: declared, inChain: inChain)
    }

    /// `rawValue` of an enum with a raw type.
    private mutating func rawValue(
        _ name: String, of enumName: String, base: ConditionNode, inChain: Bool,
        arguments: [ConditionSyntax.Argument]?, syntax: ConditionSyntax
    ) -> Chain? {
        let at = syntax.anchor.lowerBound
        let example = "'== .\(types[enumName]?.cases.first?.value ?? "case")'"
        guard let declaration = types[enumName], let rawType = declaration.rawType else {
            _ = fail(
                name == "rawValue"
                    ? "'\(enumName)' has no raw type; give it 'rawType: String' or 'rawType: Int' under 'models'"
                    : "'\(enumName)' values have no members; compare them with == or !=, as in \(example)",
                at: at)
            return nil
        }
        guard name == "rawValue" else {
            _ = fail(
                "'\(enumName)' values have no member '\(name)'" + Suggestion.didYouMean(name, in: ["rawValue"])
                    + "; read 'rawValue', or compare them with == or !=, as in \(example)", at: at)
            return nil
        }
        guard arguments == nil else {
            _ = fail("'rawValue' is a property; remove the parentheses", at: at)
            return nil
        }
        let result: ConditionType = rawType == .int ? .int : .string
        // The table of raw values travels with the node, so evaluation needs no type table.
        let table = ConditionNode(
            kind: .literal(.object(type: enumName, properties: declaration.rawValues)),
            type: .model(enumName), range: syntax.anchor, anchor: syntax.anchor)
        let node = ConditionNode(
            kind: .call(.rawValue, receiver: base, arguments: [table], optionalChained: inChain),
            type: inChain ? .optional(of: result) : result, range: syntax.range, anchor: syntax.anchor)
        return Chain(node: node, within: result, inChain: inChain)
    }

    /// A property or method of a builtin type, such as `count` or `hasPrefix(_:)`.
    private mutating func member(
        _ name: String, of within: ConditionType, base: ConditionNode, inChain: Bool,
        arguments: [ConditionSyntax.Argument]?, syntax: ConditionSyntax
    ) -> Chain? {
        let at = syntax.anchor.lowerBound
        let members = Self.methods(of: within)
        guard let info = members[name] else {
            let hint = Suggestion.didYouMean(name, in: members.keys)
            let known = members.isEmpty ? "" : "; available: " + members.keys.sorted().joined(separator: ", ")
            _ = fail("'\(within)' has no member '\(name)'\(hint)\(known)", at: at)
            return nil
        }
        var argumentNodes: [ConditionNode] = []
        if info.isProperty {
            guard arguments == nil else {
                _ = fail("'\(name)' is a property; remove the parentheses", at: at)
                return nil
            }
        } else {
            guard let arguments else {
                let form = info.argument == nil ? "\(name)()" : info.label.map { "\(name)(\($0): …)" } ?? "\(name)(…)"
                _ = fail("'\(name)' is a method; call it as \(form)", at: at)
                return nil
            }
            guard let node = checkArgument(arguments, info: info, name: name, syntax: syntax) else { return nil }
            argumentNodes = node
        }
        let type = inChain ? ConditionType.optional(of: info.result) : info.result
        let node = ConditionNode(
            kind: .call(info.method, receiver: base, arguments: argumentNodes, optionalChained: inChain),
            type: type, range: syntax.range, anchor: syntax.anchor)
        return Chain(node: node, within: info.result, inChain: inChain)
    }

    private mutating func checkArgument(
        _ arguments: [ConditionSyntax.Argument], info: MethodInfo, name: String, syntax: ConditionSyntax
    ) -> [ConditionNode]? {
        guard let expected = info.argument else {
            if let extra = arguments.first {
                _ = fail("'\(name)()' takes no arguments", at: extra.range.lowerBound)
                return nil
            }
            return []
        }
        let form = info.label.map { "\(name)(\($0): …)" } ?? "\(name)(_:)"
        guard arguments.count == 1, let argument = arguments.first else {
            _ = fail("'\(name)' takes one argument: \(form)", at: syntax.anchor.lowerBound)
            return nil
        }
        guard argument.label == info.label else {
            _ = fail("wrong argument label for '\(name)'; write \(form)", at: argument.range.lowerBound)
            return nil
        }
        guard let node = check(argument.value, expected: expected) else { return nil }
        guard node.type == expected else {
            _ = fail(
                "'\(name)' needs a '\(expected)' argument, but \(quote(node)) is '\(node.type)'",
                at: node.range.lowerBound)
            return nil
        }
        return [node]
    }

    /// `[a, b].contains(x)`: the array and `x` type each other, as in Swift.
    private mutating func checkArrayContains(
        _ array: ConditionSyntax, _ arguments: [ConditionSyntax.Argument], syntax: ConditionSyntax
    ) -> ConditionNode? {
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil else {
            return fail(
                "an array's 'contains' takes one unlabelled argument: [a, b].contains(x)", at: syntax.anchor.lowerBound)
        }
        var arrayNode: ConditionNode?
        var valueNode: ConditionNode?
        if Self.isContextual(argument.value) || Self.isIntegerLiteralOnly(argument.value) {
            arrayNode = check(array, expected: nil)
            if case .array(let element)? = arrayNode?.type {
                valueNode = check(argument.value, expected: element)
            }
        } else {
            valueNode = check(argument.value, expected: nil)
            if let valueNode {
                arrayNode = check(array, expected: .array(valueNode.type.unwrapped))
            }
        }
        guard var arrayNode, var valueNode, case .array(var element) = arrayNode.type else { return nil }
        if valueNode.type.unwrapped == .double, element == .int, let converted = Self.convertedToDouble(arrayNode) {
            arrayNode = converted
            element = .double
        }
        if element == .double, valueNode.type == .int, let converted = Self.convertedToDouble(valueNode) {
            valueNode = converted
        }
        guard valueNode.type.unwrapped == element, valueNode.type != .nilLiteral else {
            return fail(
                "cannot look for \(quote(valueNode)) ('\(valueNode.type)') in an array of '\(element)'",
                at: valueNode.range.lowerBound)
        }
        return ConditionNode(
            kind: .call(.arrayContains, receiver: arrayNode, arguments: [valueNode], optionalChained: false),
            type: .bool, range: syntax.range, anchor: syntax.anchor)
    }
}
