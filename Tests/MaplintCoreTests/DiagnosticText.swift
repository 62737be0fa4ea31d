@testable import MaplintCore

extension Diagnostic {
    /// The message and its related notes in one text, for tests that look for a phrase wherever
    /// the finding puts it (the first clause, why, or the fix).
    var text: String { ([message] + related.map(\.message)).joined(separator: "\n") }
}
