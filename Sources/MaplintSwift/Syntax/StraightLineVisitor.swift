import SwiftSyntax

/// A visitor of one function body that knows whether the node it is at runs each time the body
/// runs: `innermostContext` names the construct around it that may skip it (a branch, a loop, `#if`,
/// `defer`, `do`/`catch`, a `?:` expression, a closure, a local function); nil in straight-line code.
/// A subclass that overrides the `visit` of such a construct returns `super.visit(node)`, so that
/// entering and leaving stay paired.
class StraightLineVisitor: SyntaxAnyVisitor {
    /// The constructs the walk is inside, innermost last; "" marks a plain `do`, which runs straight through.
    private var contexts: [String] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    /// The innermost construct that may keep the current node from running; nil when nothing does.
    var innermostContext: String? { contexts.last { !$0.isEmpty } }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let context = Self.context(of: node) { contexts.append(context) }
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        if Self.context(of: node) != nil, !contexts.isEmpty { contexts.removeLast() }
    }

    /// What a node is called as a construct its contents may not run in; "" for one they run
    /// straight through; nil for any other node.
    private static func context(of node: Syntax) -> String? {
        switch node.kind {
        case .ifExpr: return "`if`"
        case .guardStmt: return "`guard`"
        case .switchExpr: return "`switch`"
        case .forStmt: return "a `for` loop"
        case .whileStmt: return "a `while` loop"
        case .repeatStmt: return "a `repeat` loop"
        case .ternaryExpr: return "a `?:` expression"
        // Unfolded, `c ? a : b` is a sequence holding `? a :` and then `b`: all of it is the `?:` expression.
        case .sequenceExpr:
            let isTernary = node.as(SequenceExprSyntax.self)?.elements.contains {
                $0.is(UnresolvedTernaryExprSyntax.self)
            }
            return isTernary == true ? "a `?:` expression" : nil
        case .ifConfigDecl: return "`#if`"
        case .deferStmt: return "`defer`"
        // `do` without `catch` runs straight through; with `catch`, an error may skip the rest.
        case .doStmt: return node.as(DoStmtSyntax.self)?.catchClauses.isEmpty == false ? "`do`/`catch`" : ""
        case .closureExpr: return "a closure"
        // Local functions run only when called; their bodies are not part of the straight-line code.
        case .functionDecl: return "a local function"
        default: return nil
        }
    }
}
