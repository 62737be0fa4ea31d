/// A condition tree laid out flat for evaluation: built once per compiled condition (and once
/// per part the solver probes), then evaluated for any number of items.
///
/// Walking a `ConditionNode` tree copies every child it visits out of its parent's indirect
/// box (a retain and a release for the node and for its type), which was most of the cost of
/// evaluating a short condition for each of many items. Here each node is an instruction whose
/// operands are the positions of other instructions, and literals and property paths sit in
/// their own arrays: evaluation reads them in place and copies nothing but the values it
/// computes.
package final class ConditionProgram: Sendable {
    /// What one node does; its operands are instruction positions (or ranges of `operands`).
    enum Operation {
        case literal(Int)
        case path(Int)
        case arrayLiteral(Range<Int>)
        case not(Int)
        case negate(Int)
        case and(Range<Int>)
        case or(Range<Int>)
        case arithmetic(ArithmeticOperator, Int, Int)
        case comparison(ComparisonOperator, Int, Int)
        case nilCoalescing(Int, Int)
        case call(ConditionMethod, receiver: Int, arguments: Range<Int>, optionalChained: Bool)
        /// `[a, b].contains(x)` whose elements are all literals: `x`'s position and the
        /// elements' range of `literals`.
        case containsLiteral(element: Int, literals: Range<Int>)
    }

    struct Instruction {
        var operation: Operation
        /// The offset in the condition string that a failure at this node points at.
        var anchor: Int
    }

    /// The nodes, each after its operands; the root is the last.
    let instructions: [Instruction]
    /// The instruction positions of `and`, `or`, array and argument lists.
    let operands: [Int]
    let literals: [Value]
    let paths: [ValuePath]
    /// `ConditionNode.paths` of the whole condition, for a program made with `listingPaths`
    /// (a condition's own program: the analysis asks for them per registration and per pair,
    /// and held here they add nothing to the size of a registration); empty otherwise.
    let distinctPaths: [ValuePath]

    /// The position of the tree's root.
    var root: Int { instructions.count - 1 }

    package init(_ node: ConditionNode, listingPaths: Bool = false) {
        var builder = Builder()
        builder.add(node)
        instructions = builder.instructions
        operands = builder.operands
        literals = builder.literals
        paths = builder.paths
        distinctPaths = listingPaths ? node.paths : []
    }

    /// Lays a tree out in evaluation order, children before their parent.
    private struct Builder {
        var instructions: [Instruction] = []
        var operands: [Int] = []
        var literals: [Value] = []
        var paths: [ValuePath] = []

        /// Adds `node` and its subtree; returns the position of its instruction.
        @discardableResult
        mutating func add(_ node: ConditionNode) -> Int {
            let operation: Operation
            switch node.kind {
            case .literal(let value):
                literals.append(value)
                operation = .literal(literals.count - 1)
            case .path(let path):
                paths.append(path)
                operation = .path(paths.count - 1)
            case .arrayLiteral(let elements):
                operation = .arrayLiteral(add(list: elements))
            case .not(let operand):
                operation = .not(add(operand))
            case .negate(let operand):
                operation = .negate(add(operand))
            case .and(let operands):
                operation = .and(add(list: operands))
            case .or(let operands):
                operation = .or(add(list: operands))
            case .arithmetic(let op, let lhs, let rhs):
                operation = .arithmetic(op, add(lhs), add(rhs))
            case .comparison(let op, let lhs, let rhs):
                operation = .comparison(op, add(lhs), add(rhs))
            case .nilCoalescing(let lhs, let rhs):
                operation = .nilCoalescing(add(lhs), add(rhs))
            case .call(let method, let receiver, let arguments, let optionalChained):
                if method == .arrayContains, case .arrayLiteral(let elements) = receiver.kind, arguments.count == 1,
                    let argument = arguments.first, let values = Self.literals(elements)
                {
                    // Nothing in the list can fail: it is compared element by element, unbuilt.
                    let element = add(argument)
                    let start = literals.count
                    literals += values
                    operation = .containsLiteral(element: element, literals: start..<literals.count)
                } else {
                    let receiverPosition = add(receiver)
                    operation = .call(
                        method, receiver: receiverPosition, arguments: add(list: arguments),
                        optionalChained: optionalChained)
                }
            }
            instructions.append(Instruction(operation: operation, anchor: node.anchor.lowerBound))
            return instructions.count - 1
        }

        /// Adds each node; returns the range of `operands` holding their positions.
        private mutating func add(list nodes: [ConditionNode]) -> Range<Int> {
            let positions = nodes.map { add($0) }
            let start = operands.count
            operands += positions
            return start..<operands.count
        }

        /// The values of `elements` when every one is a literal; nil otherwise.
        private static func literals(_ elements: [ConditionNode]) -> [Value]? {
            var values: [Value] = []
            for element in elements {
                guard case .literal(let value) = element.kind else { return nil }
                values.append(value)
            }
            return values
        }
    }
}
