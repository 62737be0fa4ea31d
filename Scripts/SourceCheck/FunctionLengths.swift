import SwiftParser
import SwiftSyntax

/// A function-like declaration with a body: a function, initializer, deinitializer, subscript,
/// accessor, computed property, or a stored property whose value is a closure (`{ … }` or
/// `{ … }()`).
struct FunctionLength: Equatable, Sendable {
    /// Qualified by the enclosing types and functions, with argument labels: `Type.run(_:into:)`,
    /// `Type.init(width:)`, `Type.value` (a computed property), `Type.value.set` (an accessor).
    var name: String
    /// The line the declaration starts on (its first attribute or modifier), 1-based.
    var line: Int
    /// The lines of the body: those strictly between the line of its opening brace and the line
    /// of its closing brace, blank lines and comments included. `{ return x }` on one line, and a
    /// body of one statement between braces on lines of their own, are 0 and 1 lines.
    var lines: Int
}

/// An accepted long function: the file it is in, its qualified name (as printed) and why.
struct LengthException: Equatable, Sendable {
    var path: String
    var name: String
    var reason: String
    /// The line of the exceptions file it is written on.
    var line: Int
}

enum FunctionLengths {
    /// The most lines a body may have.
    static let limit = 60

    /// Every function-like declaration of `source` with a body, in source order.
    static func measure(_ source: String) -> [FunctionLength] {
        let tree = Parser.parse(source: source)
        let visitor = LengthVisitor(converter: SourceLocationConverter(fileName: "", tree: tree))
        visitor.walk(tree)
        return visitor.found
    }

    /// The exceptions of a file of lines `path | name | reason`; `#` starts a comment line. The
    /// second list holds the lines that are not of that form (a reason is required).
    static func exceptions(in text: String, file: String) -> ([LengthException], [String]) {
        let (lines, problems) = ExceptionLines.read(text, file: file, expected: "path | function | reason")
        let exceptions = lines.map {
            LengthException(path: $0.fields[0], name: $0.fields[1], reason: $0.fields[2], line: $0.line)
        }
        return (exceptions, problems)
    }

    /// One message per function longer than `limit` that is not an exception, and per exception
    /// that names no function longer than `limit` (stale: shortened, renamed or removed).
    static func check(
        _ files: [(path: String, source: String)], exceptions: [LengthException], exceptionsFile: String,
        limit: Int = limit
    ) -> [String] {
        var messages: [String] = []
        var used: Set<Int> = []
        var lengths: [String: Int] = [:]
        for file in files {
            for function in measure(file.source) {
                let key = file.path + "|" + function.name
                lengths[key] = max(lengths[key] ?? 0, function.lines)
                guard function.lines > limit else { continue }
                if let index = exceptions.firstIndex(where: { $0.path == file.path && $0.name == function.name }) {
                    used.insert(index)
                } else {
                    messages.append(
                        "\(file.path):\(function.line): function '\(function.name)' is \(function.lines) lines (limit \(limit))"
                    )
                }
            }
        }
        for (index, exception) in exceptions.enumerated() where !used.contains(index) {
            let state =
                lengths[exception.path + "|" + exception.name].map { "it is \($0) lines (limit \(limit))" }
                ?? "there is no such function"
            messages.append(
                "\(exceptionsFile):\(exception.line): stale exception for '\(exception.name)' in \(exception.path): \(state)"
            )
        }
        return messages
    }
}

/// Walks a file, keeping the names of the enclosing declarations.
private final class LengthVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    var scope: [String] = []
    var found: [FunctionLength] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    func line(_ position: AbsolutePosition) -> Int { converter.location(for: position).line }

    func record(_ name: String, _ node: some SyntaxProtocol, left: TokenSyntax, right: TokenSyntax) {
        let lines = line(right.positionAfterSkippingLeadingTrivia) - line(left.positionAfterSkippingLeadingTrivia) - 1
        found.append(
            FunctionLength(
                name: (scope + [name]).joined(separator: "."), line: line(node.positionAfterSkippingLeadingTrivia),
                lines: max(0, lines)))
    }

    static func labels(_ parameters: FunctionParameterListSyntax) -> String {
        "(" + parameters.map { $0.firstName.text + ":" }.joined() + ")"
    }

    // Types and extensions name their members.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { leave() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { leave() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { leave() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { leave() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { leave() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedDescription)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leave() }

    func enter(_ name: String) -> SyntaxVisitorContinueKind {
        scope.append(name)
        return .visitChildren
    }

    func leave() { scope.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text + Self.labels(node.signature.parameterClause.parameters)
        if let body = node.body { record(name, node, left: body.leftBrace, right: body.rightBrace) }
        return enter(name)
    }
    override func visitPost(_ node: FunctionDeclSyntax) { leave() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = "init" + Self.labels(node.signature.parameterClause.parameters)
        if let body = node.body { record(name, node, left: body.leftBrace, right: body.rightBrace) }
        return enter(name)
    }
    override func visitPost(_ node: InitializerDeclSyntax) { leave() }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { record("deinit", node, left: body.leftBrace, right: body.rightBrace) }
        return enter("deinit")
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { leave() }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = "subscript" + Self.labels(node.parameterClause.parameters)
        if let block = node.accessorBlock, case .getter = block.accessors {
            record(name, node, left: block.leftBrace, right: block.rightBrace)
        }
        return enter(name)
    }
    override func visitPost(_ node: SubscriptDeclSyntax) { leave() }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // A computed property's getter, or a closure (called or not) as the value.
        for binding in node.bindings {
            let name = binding.pattern.trimmedDescription
            if let block = binding.accessorBlock, case .getter = block.accessors {
                record(name, node, left: block.leftBrace, right: block.rightBrace)
            }
            var value = binding.initializer?.value
            if let call = value?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
                value = call.calledExpression
            }
            if let closure = value?.as(ClosureExprSyntax.self) {
                record(name, node, left: closure.leftBrace, right: closure.rightBrace)
            }
        }
        return enter(node.bindings.map(\.pattern.trimmedDescription).joined(separator: ","))
    }
    override func visitPost(_ node: VariableDeclSyntax) { leave() }

    override func visit(_ node: AccessorDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.accessorSpecifier.text
        if let body = node.body { record(name, node, left: body.leftBrace, right: body.rightBrace) }
        return enter(name)
    }
    override func visitPost(_ node: AccessorDeclSyntax) { leave() }
}
