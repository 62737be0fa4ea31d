import Testing

@testable import MaplintFindings
@testable import MaplintManifest

/// Model types shared by the condition tests.
enum ConditionFixture {
    static let file = "Feed.maplint.yml"
    /// Where the condition string starts in the pretend manifest.
    static let start = SourceLocation(file: file, line: 7, column: 17)

    static let types: TypeTable = {
        let here = SourceLocation(file: file, line: 1, column: 1)
        func property(_ name: String, _ type: String) -> PropertyDecl {
            PropertyDecl(name: name, type: TypeRef(parsing: type) ?? .builtin(.int), location: here)
        }
        return TypeTable([
            ModelDecl(name: "FeedItem", kind: .protocol, properties: [property("id", "Int")], location: here),
            ModelDecl(
                name: "Post", kind: .class, protocols: [Located("FeedItem", at: here)],
                properties: [
                    property("containsVideo", "Bool"), property("likes", "Int"), property("title", "String"),
                    property("author", "Author?"), property("state", "PostState"), property("rating", "Double"),
                    property("previousState", "PostState?"), property("score", "Int?"), property("editor", "Author"),
                    property("subtitle", "String?"), property("pinned", "Bool?"), property("weight", "Double?"),
                ],
                location: here),
            ModelDecl(
                name: "VideoPost", kind: .class, superclass: Located("Post", at: here),
                properties: [property("duration", "Int")], location: here),
            ModelDecl(
                name: "Author", kind: .struct,
                properties: [
                    property("isVerified", "Bool"), property("name", "String"), property("address", "Address?"),
                    property("age", "Int?"),
                ],
                location: here),
            ModelDecl(name: "Address", kind: .struct, properties: [property("city", "String")], location: here),
            ModelDecl(
                name: "PostState", kind: .enum,
                cases: ["draft", "published", "archived"].map { Located($0, at: here) }, location: here),
        ])
    }()

    static func map(_ source: String) -> TextSourceMap {
        TextSourceMap(file: file, start: start, length: source.unicodeScalars.count)
    }

    static func compile(
        _ source: String, model: TypeRef = .model("Post")
    ) -> Result<CompiledCondition, ConditionDiagnostics> {
        CompiledCondition.compile(source, sourceMap: map(source), modelType: model, types: types)
    }

    /// The compiled condition, recording a test issue when it does not compile.
    static func compiled(
        _ source: String, model: TypeRef = .model("Post"), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> CompiledCondition? {
        switch compile(source, model: model) {
        case .success(let condition): return condition
        case .failure(let diagnostics):
            Issue.record(
                "'\(source)' does not compile: \(diagnostics.diagnostics.map(\.message))",
                sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The diagnostics of a condition that must not compile.
    static func errors(
        _ source: String, model: TypeRef = .model("Post"), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [Diagnostic] {
        switch compile(source, model: model) {
        case .success:
            Issue.record("'\(source)' compiles, but should not", sourceLocation: sourceLocation)
            return []
        case .failure(let diagnostics): return diagnostics.diagnostics
        }
    }

    /// The only error of a condition: message, and 1-based column *inside the string*.
    static func error(
        _ source: String, model: TypeRef = .model("Post"), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (message: String, column: Int)? {
        let found = errors(source, model: model, sourceLocation: sourceLocation)
        guard let first = found.first else { return nil }
        #expect(found.count == 1, "\(found.map(\.message))", sourceLocation: sourceLocation)
        #expect(first.rule == .invalidManifest, sourceLocation: sourceLocation)
        #expect(first.severity == .error, sourceLocation: sourceLocation)
        #expect(first.location.line == start.line, sourceLocation: sourceLocation)
        return (first.message, first.location.column - start.column + 1)
    }

    static func post(_ properties: [String: Value] = [:]) -> Value {
        var all: [String: Value] = [
            "containsVideo": .bool(false), "likes": .int(3), "title": .string("Hello"), "id": .int(1),
            "state": .enumCase(type: "PostState", name: "published"), "rating": .double(4.5),
            "editor": .object(type: "Author", properties: ["isVerified": .bool(true), "name": .string("Ed")]),
        ]
        for (key, value) in properties { all[key] = value }
        return .object(type: "Post", properties: all)
    }

    static func evaluate(
        _ source: String, model: Value = post(), type: TypeRef = .model("Post"), section: Int = 0, item: Int = 0,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> ConditionOutcome? {
        compiled(source, model: type, sourceLocation: sourceLocation)?.evaluate(
            model: model, at: ItemIndexPath(section: section, item: item))
    }

    /// The failure message and column (inside the string) of an evaluation that must fail.
    static func failure(
        _ source: String, model: Value = post(), type: TypeRef = .model("Post"), section: Int = 0, item: Int = 0,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (message: String, column: Int)? {
        switch evaluate(source, model: model, type: type, section: section, item: item, sourceLocation: sourceLocation)
        {
        case .failure(let failure)?: return (failure.message, failure.location.column - start.column + 1)
        case .value(let value)?:
            Issue.record("'\(source)' evaluated to \(value), expected a failure", sourceLocation: sourceLocation)
            return nil
        case nil: return nil
        }
    }

    /// A fully parenthesised rendering of a typed tree, to check its shape.
    static func render(_ node: ConditionNode) -> String {
        switch node.kind {
        case .literal(let value): value.description
        case .path(let path): path.description
        case .arrayLiteral(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .not(let operand): "!" + render(operand)
        case .negate(let operand): "-" + render(operand)
        case .and(let operands): "(" + operands.map(render).joined(separator: " && ") + ")"
        case .or(let operands): "(" + operands.map(render).joined(separator: " || ") + ")"
        case .arithmetic(let op, let lhs, let rhs): "(\(render(lhs)) \(op.rawValue) \(render(rhs)))"
        case .comparison(let op, let lhs, let rhs): "(\(render(lhs)) \(op.rawValue) \(render(rhs)))"
        case .nilCoalescing(let lhs, let rhs): "(\(render(lhs)) ?? \(render(rhs)))"
        case .call(let method, let receiver, let arguments, let chained):
            render(receiver) + (chained ? "?." : ".") + method.rawValue + "["
                + arguments.map(render).joined(separator: ", ") + "]"
        }
    }

    static func shape(
        _ source: String, model: TypeRef = .model("Post"), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> String? {
        compiled(source, model: model, sourceLocation: sourceLocation).map { render($0.expression) }
    }
}

extension ConditionNode {
    /// The operands of a comparison, nil for any other node: `try #require(node.comparisonOperands)`.
    var comparisonOperands: (lhs: ConditionNode, rhs: ConditionNode)? {
        if case .comparison(_, let lhs, let rhs) = kind { return (lhs, rhs) }
        return nil
    }
}
