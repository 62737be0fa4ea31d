// Placeholder with the public API of the condition language; the condition module replaces
// this file and keeps every declaration below with the same signature.

/// Why a condition could not be evaluated on a model (the app would trap, or the sample lacks a value).
public struct ConditionFailure: Hashable, Sendable, Error {
    public var message: String
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}

public enum ConditionOutcome: Hashable, Sendable {
    case value(Bool)
    case failure(ConditionFailure)
}

/// Parse or type errors of a condition, each an `invalid-manifest` diagnostic positioned inside the string.
public struct ConditionDiagnostics: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// A parsed and type-checked `condition:` expression.
public struct CompiledCondition: Sendable {
    public var source: String
    public var sourceMap: TextSourceMap

    /// The position of the condition's first character in the manifest.
    public var location: SourceLocation { sourceMap.location(atOffset: 0) }

    public static func compile(
        _ source: String, sourceMap: TextSourceMap, modelType: TypeRef, types: TypeTable
    ) -> Result<CompiledCondition, ConditionDiagnostics> {
        .success(CompiledCondition(source: source, sourceMap: sourceMap))
    }

    /// Evaluates the condition for a non-nil model (optionals already unwrapped) at an index path.
    public func evaluate(model: Value, at indexPath: ItemIndexPath) -> ConditionOutcome {
        .value(true)
    }
}
