extension Rule {
    /// The resolver's findings of this rule on the sample data, with the rule's severity.
    func resolverFindings(_ context: AnalysisContext) -> [Diagnostic] {
        context.resolverDiagnostics.filter { $0.rule == id }.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.severity = severity
            return diagnostic
        }
    }
}
