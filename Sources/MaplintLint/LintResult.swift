import MaplintFindings

/// Findings of one or more manifests, ready for a reporter.
package struct LintResult: Sendable {
    /// Every file checked, in the order given.
    package var files: [String]
    package var diagnostics: [Diagnostic]

    package init(files: [String], diagnostics: [Diagnostic]) {
        self.files = files
        self.diagnostics = diagnostics
    }

    package struct Summary: Hashable, Sendable {
        package var files: Int
        package var errors: Int
        package var warnings: Int
        package var notes: Int
        /// Related notes (the other places a finding refers to), counted apart from the findings.
        package var related: Int = 0
    }

    package var summary: Summary {
        Summary(
            files: files.count,
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning },
            notes: diagnostics.count { $0.severity == .note },
            related: diagnostics.reduce(0) { $0 + $1.related.count })
    }
}
