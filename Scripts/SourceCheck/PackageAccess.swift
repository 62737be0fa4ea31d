import SwiftParser
import SwiftSyntax

/// A `package` declaration of a target: its name and where it is.
struct PackageDeclaration: Equatable, Sendable {
    /// The declared name: a type, function (base name), property or type alias.
    var name: String
    /// The line of its `package` modifier, 1-based.
    var line: Int
}

/// An accepted `package` declaration that only its own target names (a witness of a protocol
/// requirement, which must be as visible as its type): the target, the name and why.
struct AccessException: Equatable, Sendable {
    var target: String
    var name: String
    var reason: String
    /// The line of the exceptions file it is written on.
    var line: Int
}

/// `package` means "another target uses it": a declaration marked `package` whose name no other
/// target of `Sources/` writes, and that no `package` signature of its own target names (a type
/// another target receives without naming it), is internal. Names are compared as written (an
/// identifier token anywhere in another target's files counts as a use), so the check may miss a
/// declaration whose name another target uses for something else, never the other way round.
/// Initialisers, subscripts and operators are left out: they have no name of their own to look for.
enum PackageAccess {
    /// The target a file of `Sources/` or `Benchmarks/` belongs to (`Sources/MaplintText/Lines.swift`:
    /// `MaplintText`); nil for a file outside a target's folder.
    static func target(of path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let folder = parts.lastIndex(where: { $0 == "Sources" || $0 == "Benchmarks" }), folder + 2 < parts.count
        else { return nil }
        return parts[folder] == "Sources" ? String(parts[folder + 1]) : "Benchmarks/" + parts[folder + 1]
    }

    /// The `package` declarations of `source`, every identifier it writes, and those the
    /// signatures of its `package` declarations write (parameter, result, property and
    /// inherited types).
    static func read(
        _ source: String
    ) -> (declarations: [PackageDeclaration], identifiers: Set<String>, inSignatures: Set<String>) {
        let tree = Parser.parse(source: source)
        let visitor = AccessVisitor(converter: SourceLocationConverter(fileName: "", tree: tree))
        visitor.walk(tree)
        return (visitor.found, identifiers(in: Syntax(tree)), visitor.inSignatures)
    }

    /// The identifiers written in `node`, without backticks.
    static func identifiers(in node: Syntax) -> Set<String> {
        var identifiers: Set<String> = []
        for token in node.tokens(viewMode: .sourceAccurate) {
            if case .identifier(let text) = token.tokenKind {
                identifiers.insert(text.hasPrefix("`") ? String(text.dropFirst().dropLast()) : text)
            }
        }
        return identifiers
    }

    /// The exceptions of a file of lines `target | name | reason`; `#` starts a comment line.
    /// The second list holds the lines that are not of that form (a reason is required).
    static func exceptions(in text: String, file: String) -> ([AccessException], [String]) {
        let (lines, problems) = ExceptionLines.read(text, file: file, expected: "target | name | reason")
        let exceptions = lines.map {
            AccessException(target: $0.fields[0], name: $0.fields[1], reason: $0.fields[2], line: $0.line)
        }
        return (exceptions, problems)
    }

    /// One message per `package` declaration of a file in a target whose name no other target
    /// writes, unless an exception names it; and one per exception that names no such
    /// declaration (stale).
    static func check(
        _ files: [(path: String, source: String)], exceptions: [AccessException], exceptionsFile: String
    ) -> [String] {
        var declarations: [(target: String, path: String, declaration: PackageDeclaration)] = []
        // Per identifier, the targets that write it, and those whose package signatures do.
        var writers: [String: Set<String>] = [:]
        var signatures: [String: Set<String>] = [:]
        for file in files {
            guard let target = target(of: file.path) else { continue }
            let (found, identifiers, inSignatures) = read(file.source)
            declarations += found.map { (target, file.path, $0) }
            for identifier in identifiers { writers[identifier, default: []].insert(target) }
            for identifier in inSignatures { signatures[identifier, default: []].insert(target) }
        }
        var messages: [String] = []
        var used: Set<Int> = []
        for (target, path, declaration) in declarations
        where (writers[declaration.name] ?? []).subtracting([target]).isEmpty
            && !(signatures[declaration.name] ?? []).contains(target)
        {
            if let index = exceptions.firstIndex(where: { $0.target == target && $0.name == declaration.name }) {
                used.insert(index)
                continue
            }
            messages.append(
                "\(path):\(declaration.line): '\(declaration.name)' is package, but no other target uses it: make it internal"
            )
        }
        for (index, exception) in exceptions.enumerated() where !used.contains(index) {
            messages.append(
                "\(exceptionsFile):\(exception.line): stale exception: no package declaration '\(exception.name)' "
                    + "of \(exception.target) is used by its own target alone")
        }
        return messages
    }
}

private final class AccessVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    var found: [PackageDeclaration] = []
    /// The identifiers the signatures of the `package` declarations write.
    var inSignatures: Set<String> = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    /// Records `names` when `modifiers` hold `package`, with the identifiers of `signature`.
    private func record(_ modifiers: DeclModifierListSyntax, _ names: [String], signature: [Syntax?]) {
        guard let modifier = modifiers.first(where: { $0.name.tokenKind == .keyword(.package) }) else { return }
        let line = converter.location(for: modifier.positionAfterSkippingLeadingTrivia).line
        for name in names { found.append(PackageDeclaration(name: name, line: line)) }
        for part in signature.compactMap({ $0 }) { inSignatures.formUnion(PackageAccess.identifiers(in: part)) }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name: [String] = if case .identifier(let name) = node.name.tokenKind { [name] } else { [] }
        record(
            node.modifiers, name,
            signature: [
                Syntax(node.signature), node.genericParameterClause.map(Syntax.init),
                node.genericWhereClause.map(Syntax.init),
            ])
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.modifiers, [], signature: [Syntax(node.signature)])
        return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.modifiers, [], signature: [Syntax(node.parameterClause), Syntax(node.returnClause)])
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let names = node.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        record(
            node.modifiers, names.map { $0.hasPrefix("`") ? String($0.dropFirst().dropLast()) : $0 },
            signature: node.bindings.map { $0.typeAnnotation.map(Syntax.init) })
        return .skipChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.modifiers, [node.name.text], signature: [node.inheritanceClause.map(Syntax.init)])
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.modifiers, [node.name.text], signature: [node.inheritanceClause.map(Syntax.init)])
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        // A case has the enum's access: the types of its associated values are in its signature.
        let cases = node.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self).map(Syntax.init) }
        record(node.modifiers, [node.name.text], signature: [node.inheritanceClause.map(Syntax.init)] + cases)
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        // A requirement has the protocol's access: every type it names is in its signature.
        record(
            node.modifiers, [node.name.text],
            signature: [node.inheritanceClause.map(Syntax.init), Syntax(node.memberBlock)])
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.modifiers, [node.name.text], signature: [Syntax(node.initializer)])
        return .skipChildren
    }
}
