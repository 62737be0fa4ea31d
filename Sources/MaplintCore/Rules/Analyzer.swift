/// Runs every rule on a manifest.
public enum Analyzer {
    /// The findings of every rule in `rules`, sorted by position.
    /// With `resources`, the Interface Builder files under `--resources` are checked too.
    public static func analyze(
        _ manifest: Manifest, resources: InterfaceBuilderResources? = nil, rules: [any Rule] = Rules.all
    ) -> [Diagnostic] {
        analyze(AnalysisContext(manifest: manifest, resources: resources), rules: rules)
    }

    /// Rules reported elsewhere are skipped: their findings come from other stages.
    public static func analyze(_ context: AnalysisContext, rules: [any Rule] = Rules.all) -> [Diagnostic] {
        rules.filter { !($0 is any ReportedElsewhere) }.flatMap { $0.check(context) }.sortedByLocation()
    }
}
