/// Swift that extraction skipped or kept opaque (`unsupported-swift`), at its place. Here rather
/// than in `MaplintSwift`, since the command line reports these notes without swift-syntax.
public struct ExtractionNote: Sendable, Hashable {
    public var message: String
    public var location: SourceLocation

    public init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }
}
