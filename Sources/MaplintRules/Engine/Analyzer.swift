import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintManifest
import MaplintResolver

/// Runs every rule on a manifest.
package enum Analyzer {
    /// The findings of every rule in `rules`, sorted by position. Only what those rules need
    /// (`RuleDescription.needs`) is worked out: leaving out the pair rules skips the pair analysis.
    /// With `resources`, the Interface Builder files under `--resources` are checked too.
    package static func analyze(
        _ manifest: Manifest, resources: InterfaceBuilderResources? = nil, rules: [any Rule] = Rules.all
    ) -> [Diagnostic] {
        analyze(manifest, resources: resources, rules: rules, streamed: nil)
    }

    /// - Parameter streamed: the sample resolved as it was read, when it was (`SampleStream.isComplete`).
    package static func analyze(
        _ manifest: Manifest, resources: InterfaceBuilderResources?, rules: [any Rule], streamed: SampleStream?
    ) -> [Diagnostic] {
        let run = rules.filter { !$0.description.isReportedElsewhere }
        let needs = run.reduce(into: AnalysisNeeds()) { $0.formUnion($1.description.needs) }
        var resolved: (resolver: Resolver, resolution: Resolution)?
        if let streamed, streamed.isComplete, var resolver = streamed.stream?.resolver,
            let resolution = streamed.stream?.resolution
        {
            resolver.manifest = manifest
            resolved = (resolver, resolution)
        }
        // The rules read only the sample elements with problems; the others are not kept.
        let context = AnalysisContext(
            manifest: manifest, resources: resources, needs: needs, keeping: .withProblems, resolved: resolved)
        return analyze(context, rules: run)
    }

    /// The rules' needs, for a `SampleStream`.
    static func needs(of rules: [any Rule]) -> AnalysisNeeds {
        rules.filter { !$0.description.isReportedElsewhere }.reduce(into: AnalysisNeeds()) {
            $0.formUnion($1.description.needs)
        }
    }

    /// Rules reported elsewhere are skipped: their findings come from other stages.
    package static func analyze(_ context: AnalysisContext, rules: [any Rule] = Rules.all) -> [Diagnostic] {
        // Past the pair limit the analysis stopped part-way: only that error is reported.
        if let stopped = context.pairLimitDiagnostic { return [stopped] }
        return rules.filter { !$0.description.isReportedElsewhere }.flatMap { $0.check(context) }.sortedByLocation()
    }
}

/// Resolves a manifest's sample as the loader reads it, keeping only the elements with problems
/// (all the rules read): a large sample is never held whole. Used only when the rules run need
/// the resolution.
package final class SampleStream: SampleElementSink {
    let resources: InterfaceBuilderResources?
    let needed: Bool
    private(set) var stream: ResolutionStream?
    /// Whether the elements resolved are the whole sample of the manifest decoded.
    private(set) var isComplete = false

    package init(resources: InterfaceBuilderResources?, rules: [any Rule]) {
        self.resources = resources
        needed = Analyzer.needs(of: rules).contains(.resolution)
    }

    /// Without a rule that needs the resolution, the keys before the sample are not decoded
    /// twice (for `start`, then with the whole manifest).
    package var wantsElements: Bool { needed }

    package func start(_ manifest: Manifest) -> Bool {
        guard needed else { return false }
        stream = ResolutionStream(
            resolver: Resolver(manifest: manifest, availableXibs: resources?.xibNames), keeping: .withProblems)
        return true
    }

    package func item(_ value: SampleValue, section: Int, item: Int) {
        stream?.item(value, section: section, item: item)
    }

    package func end(_ section: SampleSection, at index: Int) {
        stream?.end(section, at: index)
    }

    package func finish() {
        isComplete = true
    }
}
