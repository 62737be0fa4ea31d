import MaplintFindings

/// Why a condition could not be evaluated on a model (the app would trap, or the sample lacks a value).
package struct ConditionFailure: Hashable, Sendable, Error {
    package var message: String
    package var location: SourceLocation

    package init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

package enum ConditionOutcome: Hashable, Sendable {
    case value(Bool)
    case failure(ConditionFailure)
}

/// Parse or type errors of a condition, each an `invalid-manifest` diagnostic positioned inside the string.
package struct ConditionDiagnostics: Error, Sendable {
    package var diagnostics: [Diagnostic]

    package init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// Condition texts already parsed while one manifest is read, by text.
final class ParsedConditions {
    var entries: [String: Result<ConditionSyntax, ConditionError>] = [:]
}

/// A parsed and type-checked `condition:` expression.
package struct CompiledCondition: Sendable {
    package var source: String
    package var sourceMap: TextSourceMap
    /// The typed expression tree; its type is `.bool`.
    package let expression: ConditionNode
    /// `expression` laid out for evaluation.
    package let program: ConditionProgram
    /// The distinct paths `expression` reads, in the order `ConditionNode.paths` gives them
    /// (worked out once: the analysis asks for them per registration and per pair).
    package var paths: [ValuePath] { program.distinctPaths }
    /// The registration's model type, as written.
    package var modelType: TypeRef
    /// The static type of `model`: the model type as written. With `model: Post?` the closure DT
    /// calls is `(IndexPath, Post?) -> Bool` (DTModelStorage ViewModelMapping.swift,
    /// `modelCondition(_:)`: `guard let model = model as? Model`, 8.0.0 to 11.0.2), so `model` is
    /// `Post?` and is read with `model?.likes`, as swiftc requires.
    package var rootType: ConditionType

    /// The position of the condition's first character in the manifest.
    package var location: SourceLocation { sourceMap.location(atOffset: 0) }

    /// At most this many errors are reported for one condition.
    static let maxDiagnostics = 10

    package static func compile(
        _ source: String, sourceMap: TextSourceMap, modelType: TypeRef, types: TypeTable
    ) -> Result<CompiledCondition, ConditionDiagnostics> {
        compile(source, sourceMap: sourceMap, modelType: modelType, types: types, parsed: nil)
    }

    /// With `parsed`, a text already parsed (many registrations repeat one condition for
    /// different model types) is only type-checked again.
    static func compile(
        _ source: String, sourceMap: TextSourceMap, modelType: TypeRef, types: TypeTable,
        parsed: ParsedConditions?
    ) -> Result<CompiledCondition, ConditionDiagnostics> {
        let scalars = Array(source.unicodeScalars)
        let rootType = ConditionType(modelType, types: types)
        func diagnostics(_ errors: [ConditionError]) -> ConditionDiagnostics {
            ConditionDiagnostics(
                errors.prefix(maxDiagnostics).map {
                    Diagnostic.invalidManifest($0.message, at: sourceMap.location(atOffset: $0.offset))
                })
        }
        let parse: Result<ConditionSyntax, ConditionError>
        if let known = parsed?.entries[source] {
            parse = known
        } else {
            do {
                parse = .success(try ConditionParser.parse(scalars))
            } catch {
                parse = .failure(error)
            }
            parsed?.entries[source] = parse
        }
        let syntax: ConditionSyntax
        switch parse {
        case .success(let parsedSyntax): syntax = parsedSyntax
        case .failure(let error): return .failure(diagnostics([error]))
        }
        var checker = ConditionChecker(types: types, modelType: rootType, scalars: scalars)
        guard let expression = checker.checkCondition(syntax), checker.errors.isEmpty else {
            return .failure(diagnostics(checker.errors))
        }
        return .success(
            CompiledCondition(
                source: source, sourceMap: sourceMap, expression: expression,
                program: ConditionProgram(expression, listingPaths: true), modelType: modelType, rootType: rootType))
    }

    /// Evaluates the condition for a non-nil model (optionals already unwrapped) at an index path.
    package func evaluate(model: Value, at indexPath: ItemIndexPath) -> ConditionOutcome {
        Self.outcome(of: program, model: model, at: indexPath) { sourceMap.location(atOffset: $0) }
    }

    /// The outcome of a condition's program; `location` gives the manifest position of an offset
    /// in the condition string, and is called only for a failure.
    package static func outcome(
        of program: ConditionProgram, model: Value, at indexPath: ItemIndexPath,
        location: (Int) -> SourceLocation
    ) -> ConditionOutcome {
        switch value(of: program, model: model, at: indexPath, location: location) {
        case .success(.bool(let result)): .value(result)
        case .success(let other):
            .failure(ConditionFailure(message: "the condition gave \(other), not a Bool", location: location(0)))
        case .failure(let failure): .failure(failure)
        }
    }

    /// Evaluates any subexpression of `expression` (for instance to check a witness part by part).
    /// A nil result is `Value.none`.
    package func value(
        of node: ConditionNode, model: Value, at indexPath: ItemIndexPath
    ) -> Result<Value, ConditionFailure> {
        // A literal is its value, with nothing to lay out (the solver asks for many constants).
        if case .literal(let value) = node.kind { return .success(value) }
        return value(of: ConditionProgram(node), model: model, at: indexPath)
    }

    /// Evaluates a program of a subexpression, made once to be evaluated many times.
    package func value(
        of program: ConditionProgram, model: Value, at indexPath: ItemIndexPath
    ) -> Result<Value, ConditionFailure> {
        Self.value(of: program, model: model, at: indexPath) { sourceMap.location(atOffset: $0) }
    }

    private static func value(
        of program: ConditionProgram, model: Value, at indexPath: ItemIndexPath, location: (Int) -> SourceLocation
    ) -> Result<Value, ConditionFailure> {
        let evaluator = ConditionEvaluator(program: program, model: model, indexPath: indexPath)
        do throws(ConditionEvaluator.Failure) {
            return .success(try evaluator.evaluate())
        } catch {
            return .failure(ConditionFailure(message: error.message, location: location(error.offset)))
        }
    }

    /// Where messages about a node point in the manifest (its operator, member name or literal).
    package func location(of node: ConditionNode) -> SourceLocation {
        sourceMap.location(atOffset: node.anchor.lowerBound)
    }

    /// The source text of a node, as the user wrote it.
    package func text(of node: ConditionNode) -> String {
        let scalars = Array(source.unicodeScalars)
        let lower = max(0, min(node.range.lowerBound, scalars.count))
        let upper = max(lower, min(node.range.upperBound, scalars.count))
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[lower..<upper])
        return String(text)
    }
}
