/// What a rule reads from the analysis context beyond the manifest, the live registrations,
/// the reuse identifiers and the solver (which are always there). The context works out only
/// what the rules being run need, so a disabled rule costs nothing.
package struct AnalysisNeeds: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The sample data resolved against the live registrations (`AnalysisContext.resolution`).
    package static let resolution = AnalysisNeeds(rawValue: 1 << 0)
    /// The verdict of every overlapping pair of registrations (`AnalysisContext.pairs`).
    package static let pairs = AnalysisNeeds(rawValue: 1 << 1)
    /// Whether each registration can be chosen (`AnalysisContext.reachability`).
    package static let reachability = AnalysisNeeds(rawValue: 1 << 2)
    /// The Interface Builder files under `--resources` (`AnalysisContext.resources`).
    package static let interfaceBuilder = AnalysisNeeds(rawValue: 1 << 3)

    package static let all: AnalysisNeeds = [.resolution, .pairs, .reachability, .interfaceBuilder]
}
