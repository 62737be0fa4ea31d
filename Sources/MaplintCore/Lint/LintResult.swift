/// Findings of one or more manifests, ready for a reporter.
public struct LintResult: Sendable {
    /// Every file checked, in the order given.
    public var files: [String]
    public var diagnostics: [Diagnostic]

    public init(files: [String], diagnostics: [Diagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }

    public struct Summary: Hashable, Sendable {
        public var files: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int
        /// Related notes (the other places a finding refers to), counted apart from the findings.
        public var related: Int = 0
    }

    public var summary: Summary {
        Summary(
            files: files.count,
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            notes: diagnostics.count { $0.severity == .note },
            related: diagnostics.reduce(0) { $0 + $1.related.count })
    }
}
