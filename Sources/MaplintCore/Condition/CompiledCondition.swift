// Placeholder until the condition language lands: replaced by the condition module.
public struct CompiledCondition: Sendable {
    public var source: String
    public var location: SourceLocation
}
