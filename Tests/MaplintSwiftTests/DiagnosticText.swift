@testable import MaplintFindings

extension Diagnostic {
    /// The message and its related notes in one text, for tests that look for a phrase wherever
    /// the finding puts it (the first clause, why, or the fix).
    var text: String { ([message] + related.map(\.message)).joined(separator: "\n") }
}

extension Diagnostic {
    /// Why and the fix, the related notes at the finding's own place, as one text ("why; fix"):
    /// for most rules the whole explanation that follows the first clause.
    var explanation: String {
        related.filter { $0.location == location }.map(\.message)
            .map { $0.hasPrefix("fix: ") ? String($0.dropFirst(5)) : $0 }.joined(separator: "; ")
    }
}
