/// Runs every rule on a manifest.
public enum Analyzer {
    /// The findings of every rule in `rules`, sorted by position. Only what those rules need
    /// (`Rule.needs`) is worked out: leaving out the pair rules skips the pair analysis.
    /// With `resources`, the Interface Builder files under `--resources` are checked too.
    public static func analyze(
        _ manifest: Manifest, resources: InterfaceBuilderResources? = nil, rules: [any Rule] = Rules.all
    ) -> [Diagnostic] {
        let run = rules.filter { !$0.isReportedElsewhere }
        let needs = run.reduce(into: AnalysisNeeds()) { $0.formUnion($1.needs) }
        // The rules read only the sample elements with problems; the others are not kept.
        return analyze(
            AnalysisContext(manifest: manifest, resources: resources, needs: needs, keeping: .withProblems), rules: run)
    }

    /// Rules reported elsewhere are skipped: their findings come from other stages.
    public static func analyze(_ context: AnalysisContext, rules: [any Rule] = Rules.all) -> [Diagnostic] {
        // Past the pair limit the analysis stopped part-way: only that error is reported.
        if let stopped = context.pairLimitDiagnostic { return [stopped] }
        return rules.filter { !$0.isReportedElsewhere }.flatMap { $0.check(context) }.sortedByLocation()
    }
}
