/// The untyped expression tree the parser builds and the type checker consumes.
struct ConditionSyntax: Hashable {
    enum BinaryOperator: Hashable {
        case arithmetic(ArithmeticOperator)
        case comparison(ComparisonOperator)
        case coalesce
    }

    struct Argument: Hashable {
        var label: String?
        var value: ConditionSyntax
        var range: Range<Int>
    }

    indirect enum Kind: Hashable {
        case name(String)
        /// Decimal digits; `negative` when a unary minus was folded into the literal.
        case integer(String, negative: Bool)
        case decimal(Double)
        case string(String)
        case boolean(Bool)
        case nilLiteral
        /// `.draft`
        case enumCase(String)
        case array([ConditionSyntax])
        case paren(ConditionSyntax)
        case not(ConditionSyntax)
        case negate(ConditionSyntax)
        case binary(BinaryOperator, ConditionSyntax, ConditionSyntax)
        /// `&&` (isAnd) or `||` over two or more operands.
        case logical(isAnd: Bool, [ConditionSyntax])
        /// `base.name` or `base?.name`; `anchor` is the name.
        case member(ConditionSyntax, name: String, optionalChained: Bool)
        /// `member(arguments)`: the callee is always a `.member`.
        case call(ConditionSyntax, [Argument])
    }

    var kind: Kind
    var range: Range<Int>
    /// The token messages point at.
    var anchor: Range<Int>
    /// Height of this subtree; at most `ConditionLimits.maxDepth`.
    var depth: Int
}

/// Recursive-descent parser with Swift's precedence. Recursion only goes deeper through
/// parentheses, brackets, call arguments and prefix operators, each counted against
/// `ConditionLimits.maxDepth` before descending, so no input can exhaust the stack.
struct ConditionParser {
    private let tokens: [ConditionToken]
    private var position = 0
    private var nesting = 0

    private init(tokens: [ConditionToken]) {
        self.tokens = tokens
    }

    static func parse(_ scalars: [Unicode.Scalar]) throws(ConditionError) -> ConditionSyntax {
        guard scalars.count <= ConditionLimits.maxLength else {
            throw ConditionError(
                message:
                    "the condition is too long (\(scalars.count) characters; the limit is \(ConditionLimits.maxLength))",
                offset: 0)
        }
        let tokens = try ConditionLexer.tokenize(scalars)
        var parser = ConditionParser(tokens: tokens)
        if parser.current.kind == .end {
            throw ConditionError(
                message: "the condition is empty; write a Bool expression such as 'indexPath.section == 0'", offset: 0)
        }
        let expression = try parser.parseOr()
        if parser.current.kind != .end { throw parser.unexpected(expected: "an operator or the end of the condition") }
        return expression
    }

    // MARK: Tokens

    private var current: ConditionToken {
        // The lexer always ends the list with `.end`; clamp so a bug cannot read past it.
        tokens[min(position, tokens.count - 1)]
    }

    private mutating func advance() -> ConditionToken {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func isSymbol(_ symbol: ConditionSymbol) -> Bool {
        current.kind == .symbol(symbol)
    }

    private mutating func expect(_ symbol: ConditionSymbol, _ what: String) throws(ConditionError) -> ConditionToken {
        guard isSymbol(symbol) else { throw unexpected(expected: what) }
        return advance()
    }

    private func describe(_ token: ConditionToken) -> String {
        switch token.kind {
        case .identifier(let name): "'\(name)'"
        case .integer(let digits): "'\(digits)'"
        case .decimal(let value): "'\(value)'"
        case .string: "a string"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end of the condition"
        }
    }

    private func unexpected(expected: String) -> ConditionError {
        let token = current
        if token.kind == .symbol(.not) {
            return ConditionError(
                message: "force unwrap '!' is not supported; use '?.' and compare, or give a default with '??'",
                offset: token.range.lowerBound)
        }
        return ConditionError(message: "expected \(expected), found \(describe(token))", offset: token.range.lowerBound)
    }

    // MARK: Nodes

    private func node(
        _ kind: ConditionSyntax.Kind, range: Range<Int>, anchor: Range<Int>, children: [ConditionSyntax]
    ) throws(ConditionError) -> ConditionSyntax {
        let depth = 1 + (children.map(\.depth).max() ?? 0)
        guard depth <= ConditionLimits.maxDepth else { throw tooDeep(at: anchor.lowerBound) }
        return ConditionSyntax(kind: kind, range: range, anchor: anchor, depth: depth)
    }

    private func tooDeep(at offset: Int) -> ConditionError {
        ConditionError(
            message:
                "the condition nests too deeply (more than \(ConditionLimits.maxDepth) levels); split it into simpler parts",
            offset: offset)
    }

    /// Counts one level of recursion; call `leave()` after the nested parse.
    private mutating func enter(at offset: Int) throws(ConditionError) {
        nesting += 1
        guard nesting <= ConditionLimits.maxDepth else { throw tooDeep(at: offset) }
    }

    private mutating func leave() {
        nesting -= 1
    }

    private func span(_ first: ConditionSyntax, _ last: ConditionSyntax) -> Range<Int> {
        first.range.lowerBound..<max(first.range.lowerBound, last.range.upperBound)
    }

    // MARK: Grammar

    private mutating func parseOr() throws(ConditionError) -> ConditionSyntax {
        try parseLogical(isAnd: false)
    }

    private mutating func parseLogical(isAnd: Bool) throws(ConditionError) -> ConditionSyntax {
        let symbol: ConditionSymbol = isAnd ? .and : .or
        let first = isAnd ? try parseComparison() : try parseLogical(isAnd: true)
        guard isSymbol(symbol) else { return first }
        let anchor = current.range
        var operands = [first]
        while isSymbol(symbol) {
            _ = advance()
            operands.append(isAnd ? try parseComparison() : try parseLogical(isAnd: true))
        }
        let last = operands[operands.count - 1]
        return try node(.logical(isAnd: isAnd, operands), range: span(first, last), anchor: anchor, children: operands)
    }

    private static func comparisonOperator(_ kind: ConditionToken.Kind) -> ComparisonOperator? {
        guard case .symbol(let symbol) = kind else { return nil }
        return ComparisonOperator(rawValue: symbol.rawValue)
    }

    private mutating func parseComparison() throws(ConditionError) -> ConditionSyntax {
        let lhs = try parseCoalesce()
        guard let op = Self.comparisonOperator(current.kind) else { return lhs }
        let anchor = advance().range
        let rhs = try parseCoalesce()
        if Self.comparisonOperator(current.kind) != nil {
            throw ConditionError(
                message: "comparison operators cannot be chained; combine two comparisons with '&&'",
                offset: current.range.lowerBound)
        }
        return try node(
            .binary(.comparison(op), lhs, rhs), range: span(lhs, rhs), anchor: anchor, children: [lhs, rhs])
    }

    /// `??` is right-associative: operands are collected, then folded from the right.
    private mutating func parseCoalesce() throws(ConditionError) -> ConditionSyntax {
        var operands = [try parseAdditive()]
        var anchors: [Range<Int>] = []
        while isSymbol(.coalesce) {
            anchors.append(advance().range)
            operands.append(try parseAdditive())
        }
        guard var result = operands.popLast() else { throw unexpected(expected: "an expression") }
        while let lhs = operands.popLast(), let anchor = anchors.popLast() {
            result = try node(
                .binary(.coalesce, lhs, result), range: span(lhs, result), anchor: anchor, children: [lhs, result])
        }
        return result
    }

    private mutating func parseAdditive() throws(ConditionError) -> ConditionSyntax {
        try parseLeftAssociative(operators: [.plus: .add, .minus: .subtract]) { (parser) throws(ConditionError) in
            try parser.parseMultiplicative()
        }
    }

    private mutating func parseMultiplicative() throws(ConditionError) -> ConditionSyntax {
        try parseLeftAssociative(operators: [.star: .multiply, .slash: .divide, .percent: .remainder]) {
            (parser) throws(ConditionError) in
            try parser.parseUnary()
        }
    }

    private mutating func parseLeftAssociative(
        operators: [ConditionSymbol: ArithmeticOperator],
        operand: (inout ConditionParser) throws(ConditionError) -> ConditionSyntax
    ) throws(ConditionError) -> ConditionSyntax {
        var result = try operand(&self)
        while case .symbol(let symbol) = current.kind, let op = operators[symbol] {
            let anchor = advance().range
            let rhs = try operand(&self)
            result = try node(
                .binary(.arithmetic(op), result, rhs), range: span(result, rhs), anchor: anchor,
                children: [result, rhs])
        }
        return result
    }

    private mutating func parseUnary() throws(ConditionError) -> ConditionSyntax {
        guard isSymbol(.not) || isSymbol(.minus) else { return try parsePostfix() }
        let opToken = advance()
        try enter(at: opToken.range.lowerBound)
        let operand = try parseUnary()
        leave()
        let range = opToken.range.lowerBound..<operand.range.upperBound
        if opToken.kind == .symbol(.not) {
            return try node(.not(operand), range: range, anchor: opToken.range, children: [operand])
        }
        // `-5` is one literal, so that -9223372036854775808 is representable.
        switch operand.kind {
        case .integer(let digits, negative: false):
            return try node(.integer(digits, negative: true), range: range, anchor: range, children: [])
        case .decimal(let value):
            return try node(.decimal(-value), range: range, anchor: range, children: [])
        default:
            break
        }
        return try node(.negate(operand), range: range, anchor: opToken.range, children: [operand])
    }

    private mutating func parsePostfix() throws(ConditionError) -> ConditionSyntax {
        var result = try parsePrimary()
        while true {
            if isSymbol(.dot) || isSymbol(.optionalDot) {
                let chained = isSymbol(.optionalDot)
                _ = advance()
                guard case .identifier(let name) = current.kind else {
                    throw unexpected(expected: "a member name after '\(chained ? "?." : ".")'")
                }
                let nameToken = advance()
                result = try node(
                    .member(result, name: name, optionalChained: chained),
                    range: result.range.lowerBound..<nameToken.range.upperBound,
                    anchor: nameToken.range,
                    children: [result])
            } else if isSymbol(.leftParen) {
                guard case .member = result.kind else {
                    throw ConditionError(
                        message: "only members such as hasPrefix(_:) can be called", offset: current.range.lowerBound)
                }
                let open = advance()
                try enter(at: open.range.lowerBound)
                let arguments = try parseArguments()
                leave()
                let close = try expect(.rightParen, "')' to close the argument list")
                result = try node(
                    .call(result, arguments), range: result.range.lowerBound..<close.range.upperBound,
                    anchor: result.anchor, children: [result] + arguments.map(\.value))
            } else if isSymbol(.not) {
                throw unexpected(expected: "")
            } else {
                return result
            }
        }
    }

    private mutating func parseArguments() throws(ConditionError) -> [ConditionSyntax.Argument] {
        var arguments: [ConditionSyntax.Argument] = []
        while !isSymbol(.rightParen) {
            if !arguments.isEmpty { _ = try expect(.comma, "',' or ')'") }
            let start = current.range.lowerBound
            var label: String?
            if case .identifier(let name) = current.kind, tokens.indices.contains(position + 1),
                tokens[position + 1].kind == .symbol(.colon)
            {
                label = name
                _ = advance()
                _ = advance()
            }
            let value = try parseOr()
            arguments.append(
                ConditionSyntax.Argument(label: label, value: value, range: start..<value.range.upperBound))
        }
        return arguments
    }

    private mutating func parsePrimary() throws(ConditionError) -> ConditionSyntax {
        let token = current
        switch token.kind {
        case .identifier(let name):
            _ = advance()
            let kind: ConditionSyntax.Kind =
                switch name {
                case "true": .boolean(true)
                case "false": .boolean(false)
                case "nil": .nilLiteral
                default: .name(name)
                }
            return try node(kind, range: token.range, anchor: token.range, children: [])
        case .integer(let digits):
            _ = advance()
            return try node(.integer(digits, negative: false), range: token.range, anchor: token.range, children: [])
        case .decimal(let value):
            _ = advance()
            return try node(.decimal(value), range: token.range, anchor: token.range, children: [])
        case .string(let value):
            _ = advance()
            return try node(.string(value), range: token.range, anchor: token.range, children: [])
        case .symbol(.dot):
            _ = advance()
            guard case .identifier(let name) = current.kind else {
                throw unexpected(expected: "an enum case name after '.'")
            }
            let nameToken = advance()
            let range = token.range.lowerBound..<nameToken.range.upperBound
            return try node(.enumCase(name), range: range, anchor: range, children: [])
        case .symbol(.leftParen):
            _ = advance()
            try enter(at: token.range.lowerBound)
            let inner = try parseOr()
            leave()
            let close = try expect(.rightParen, "')'")
            return try node(
                .paren(inner), range: token.range.lowerBound..<close.range.upperBound, anchor: token.range,
                children: [inner])
        case .symbol(.leftBracket):
            _ = advance()
            try enter(at: token.range.lowerBound)
            var elements: [ConditionSyntax] = []
            while !isSymbol(.rightBracket) {
                if !elements.isEmpty {
                    _ = try expect(.comma, "',' or ']'")
                    if isSymbol(.rightBracket) { break }
                }
                elements.append(try parseOr())
            }
            leave()
            let close = try expect(.rightBracket, "']'")
            return try node(
                .array(elements), range: token.range.lowerBound..<close.range.upperBound, anchor: token.range,
                children: elements)
        default:
            throw unexpected(expected: "a value")
        }
    }
}
