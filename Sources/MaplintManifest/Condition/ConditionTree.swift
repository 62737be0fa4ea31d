/// Static type of a condition expression. Optionals never nest: a declared `Int??` reads as
/// `Int?`, because sample values cannot tell the two levels of nil apart.
package indirect enum ConditionType: Hashable, Sendable, CustomStringConvertible {
    case bool
    case int
    case double
    case string
    /// A declared enum (`kind: enum`).
    case enumeration(String)
    /// A declared class, struct or protocol.
    case model(String)
    case optional(ConditionType)
    case array(ConditionType)
    /// The type of the literal `nil` before it meets an optional.
    case nilLiteral

    /// `T?`, without nesting optionals.
    package static func optional(of type: ConditionType) -> ConditionType {
        switch type {
        case .optional, .nilLiteral: type
        default: .optional(type)
        }
    }

    /// The type of a declared property or model type.
    package init(_ ref: TypeRef, types: TypeTable) {
        switch ref {
        case .builtin(.bool): self = .bool
        case .builtin(.int): self = .int
        case .builtin(.double): self = .double
        case .builtin(.string): self = .string
        case .model(let name): self = types[name]?.kind == .enum ? .enumeration(name) : .model(name)
        case .optional(let wrapped): self = .optional(of: ConditionType(wrapped, types: types))
        }
    }

    package var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The wrapped type of an optional; the type itself otherwise.
    package var unwrapped: ConditionType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// Whether `==` and `!=` apply.
    var isEquatable: Bool {
        switch self {
        case .bool, .int, .double, .string, .enumeration: true
        case .optional(let wrapped): wrapped.isEquatable
        case .model, .array, .nilLiteral: false
        }
    }

    /// Whether `<`, `<=`, `>`, `>=` apply.
    var isOrdered: Bool {
        switch self {
        case .int, .double, .string: true
        default: false
        }
    }

    package var description: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .enumeration(let name), .model(let name): name
        case .optional(let wrapped): wrapped.description + "?"
        case .array(let element): "[" + element.description + "]"
        case .nilLiteral: "nil"
        }
    }
}

/// A variable of a condition: `model`, a property chain from it, or an index path field.
/// Two occurrences of the same variable compare equal (no source positions inside).
package struct ValuePath: Hashable, Sendable, CustomStringConvertible {
    package enum Root: Hashable, Sendable {
        /// The item's model; its type is the registration's model type.
        case model
        /// `indexPath.section`
        case section
        /// `indexPath.item` or `indexPath.row`
        case item
    }

    /// One property access.
    package struct Step: Hashable, Sendable {
        package var name: String
        /// The property's declared type (not made optional by chaining).
        package var declaredType: ConditionType
        /// Written `?.`: the value before this step is optional, and nil ends the whole path as nil.
        package var optionalChained: Bool

        package init(name: String, declaredType: ConditionType, optionalChained: Bool) {
            self.name = name
            self.declaredType = declaredType
            self.optionalChained = optionalChained
        }
    }

    package var root: Root
    /// `model`'s type for `.model`, `Int` for the index path fields.
    package var rootType: ConditionType
    package var steps: [Step]

    package init(root: Root, rootType: ConditionType, steps: [Step] = []) {
        self.root = root
        self.rootType = rootType
        self.steps = steps
    }

    /// The static type of the whole path: the last declared type, optional if any step chains.
    package var type: ConditionType {
        guard let last = steps.last else { return rootType }
        return steps.contains(where: \.optionalChained) ? .optional(of: last.declaredType) : last.declaredType
    }

    /// The path without its root, as a sample-data user knows it: `author.name`.
    package var propertyPath: String {
        steps.map(\.name).joined(separator: ".")
    }

    package var description: String {
        switch root {
        case .section: return "indexPath.section"
        case .item: return "indexPath.item"
        case .model:
            var text = "model"
            for step in steps { text += (step.optionalChained ? "?." : ".") + step.name }
            return text
        }
    }
}

package enum ArithmeticOperator: String, Hashable, Sendable, CaseIterable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

package enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// Whether this is `==` or `!=`.
    package var isEquality: Bool { self == .equal || self == .notEqual }
}

/// The members the language knows on builtin values.
package enum ConditionMethod: String, Hashable, Sendable, CaseIterable {
    /// `Int.isMultiple(of:)`; `x.isMultiple(of: 0)` is `x == 0`, as in Swift.
    case isMultiple = "isMultiple(of:)"
    /// `Int.isOdd`, `Int.isEven` (properties).
    case isOdd
    case isEven
    /// `String.isEmpty`, `String.count` (properties).
    case isEmpty
    case count
    case hasPrefix = "hasPrefix(_:)"
    case hasSuffix = "hasSuffix(_:)"
    /// `String.contains(_:)` with a String argument.
    case stringContains = "contains(_:)"
    case lowercased = "lowercased()"
    /// `[T].contains(_:)`; an optional argument that is nil is not contained.
    case arrayContains = "[T].contains(_:)"
    /// `Enum.rawValue` (a property) of an enum with a raw type. The call's one argument is a
    /// literal `.object` holding each case's raw value by case name, written by the checker.
    case rawValue
}

/// A type-checked condition expression. Every node has a static type and a source range
/// (offsets in Unicode scalars of the condition string).
package struct ConditionNode: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
        /// `.bool`, `.int`, `.double`, `.string`, `.enumCase` or `.none` (`nil`).
        case literal(Value)
        case path(ValuePath)
        /// Homogeneous; the node's type is `.array(element)`.
        case arrayLiteral([ConditionNode])
        /// `!x`
        case not(ConditionNode)
        /// `-x` (Int or Double). Negative integer literals are folded into `.literal`.
        case negate(ConditionNode)
        /// `a && b && …`, evaluated left to right, stopping at the first false. Never nested directly.
        case and([ConditionNode])
        /// `a || b || …`, evaluated left to right, stopping at the first true. Never nested directly.
        case or([ConditionNode])
        /// Both operands have the node's type (Int, Double, or String for `+`).
        case arithmetic(ArithmeticOperator, ConditionNode, ConditionNode)
        /// Operands have the same type, except that `==`/`!=` may compare `T?` with `T` or `nil`.
        case comparison(ComparisonOperator, ConditionNode, ConditionNode)
        /// `a ?? b`: `a` is `T?`, `b` is `T` or `T?`.
        case nilCoalescing(ConditionNode, ConditionNode)
        /// A member of a builtin value. With `optionalChained` the receiver's type is `T?`,
        /// the method applies to the wrapped value and a nil receiver gives nil.
        case call(ConditionMethod, receiver: ConditionNode, arguments: [ConditionNode], optionalChained: Bool)
    }

    package var kind: Kind
    package var type: ConditionType
    /// The whole expression in the condition string.
    package var range: Range<Int>
    /// Where messages about this node point: the operator of an operation, the member name of
    /// a path or call, the literal itself.
    package var anchor: Range<Int>

    package init(kind: Kind, type: ConditionType, range: Range<Int>, anchor: Range<Int>? = nil) {
        self.kind = kind
        self.type = type
        self.range = range
        self.anchor = anchor ?? range
    }

    /// Direct subexpressions, in evaluation order.
    package var children: [ConditionNode] {
        switch kind {
        case .literal, .path: []
        case .arrayLiteral(let elements): elements
        case .not(let operand), .negate(let operand): [operand]
        case .and(let operands), .or(let operands): operands
        case .arithmetic(_, let lhs, let rhs), .comparison(_, let lhs, let rhs), .nilCoalescing(let lhs, let rhs):
            [lhs, rhs]
        case .call(_, let receiver, let arguments, _): [receiver] + arguments
        }
    }
}

extension ConditionNode {
    /// Every variable the expression reads, once each, in order of first appearance.
    package var paths: [ValuePath] {
        var result: [ValuePath] = []
        var seen: Set<ValuePath> = []
        var pending = [self]
        while let node = pending.popLast() {
            if case .path(let path) = node.kind, seen.insert(path).inserted { result.append(path) }
            pending.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

/// Bounds that keep every recursive pass over a condition shallow.
enum ConditionLimits {
    /// Longest condition, in Unicode scalars.
    static let maxLength = 10_000
    /// Deepest nesting of the expression tree (parentheses, operators, member chains).
    package static let maxDepth = 128
}
