import MaplintAnalysis
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintSolver

/// What `maplint report` shows: every overlapping pair of live registrations with its
/// verdict, the reuse identifiers the host shares, and the registrations that are never used.
package struct CollisionReport: Sendable {
    /// Two live registrations of one view type whose model types overlap.
    package struct Pair: Sendable {
        package var first: Int
        package var second: Int
        package var viewType: ViewType
        package var verdict: PairVerdict
        /// An intersecting pair in the fallback order: the second matches every item the first
        /// does (specific first, general last), so each item gets the registration meant for it.
        package var fallback = false
    }

    /// Above this many live registrations of one view type, disjoint pairs are left out (docs/commands.md, `report --format json`).
    package static var disjointPairLimit: Int { AnalysisContext.disjointPairLimit }

    package var file: String
    package var host: Host
    package var deploymentTarget: DeploymentTarget?
    package var usesGeneratedRegistrations: Bool
    /// The registrations were read from Swift code: the report names the screen, not a manifest.
    package var isReadFromSwift: Bool
    /// What the library does for the manifest (host, version, deployment target).
    package var behaviour: LibraryBehaviour
    /// Every registration in entry order, live or not.
    package var registrations: [Registration]
    /// Indexes of the live registrations, in entry order.
    package var liveRegistrations: [Int]
    /// Registration index → the `unregister` entry that removed it.
    package var removedBy: [Int: Int]
    /// Pairs `first < second`, sorted by `first`, then `second`.
    package var pairs: [Pair]
    package var omittedDisjointPairs: Int
    package var reuseIdentifiers: [ReuseIdentifierGroup]
    /// Unreachable registration index → the earlier registrations that take its items.
    package var unreachable: [Int: [Int]]
    /// The xibs under `--resources`, or nil when not given.
    package var availableXibs: Set<String>?
    /// The sample data resolved as at run time (what `maplint resolve` prints); with no sample,
    /// the synthesized items (`synthesized`).
    package var resolution: Resolution
    /// With no sample (a Swift screen, a manifest without `sample`): the items maplint made, one
    /// per live registration, whose elements are `resolution`'s items.
    package var synthesized: SynthesizedSample?
    /// The findings of `maplint lint` on the manifest, sorted by position; the command fills
    /// them in (the HTML report lists them).
    package var findings: [Diagnostic] = []
    /// Where the places the report shows link to (`report --links`).
    package var sourceLinks = SourceLinks()

    package init(context: AnalysisContext) {
        let manifest = context.manifest
        file = manifest.file
        host = manifest.host
        deploymentTarget = manifest.deploymentTarget
        usesGeneratedRegistrations = manifest.usesGeneratedRegistrations
        isReadFromSwift = manifest.isReadFromSwift
        behaviour = manifest.behaviour
        registrations = context.registrations.all
        liveRegistrations = context.registrations.live.map(\.index)
        removedBy = context.registrations.removedBy
        reuseIdentifiers = context.resolver.reuseIdentifiers.groups
        availableXibs = context.resolver.reuseIdentifiers.availableXibs
        resolution = context.resolution
        if context.manifest.sample == nil {
            let made = SynthesizedSample(context: context)
            synthesized = made
            resolution = Resolution(
                items: made.items.map(\.element), groups: context.resolution.groups,
                liveRegistrations: context.resolution.liveRegistrations)
        }

        // The context lists every pair, or above the limit only those that are not disjoint.
        self.pairs = context.pairs
            .map {
                var pair = Pair(
                    first: $0.first.index, second: $0.second.index, viewType: $0.second.viewType, verdict: $0.verdict)
                if case .intersecting = $0.verdict {
                    pair.fallback = context.solver.isFallback($0.first, then: $0.second)
                }
                return pair
            }
            .sorted { ($0.first, $0.second) < ($1.first, $1.second) }
        omittedDisjointPairs = context.omittedDisjointPairs.values.reduce(0, +)
        var unreachable: [Int: [Int]] = [:]
        for (index, reachability) in context.reachability where reachability.isUnreachable {
            unreachable[index] = reachability.covering.map(\.index)
        }
        self.unreachable = unreachable
    }

    package init(manifest: Manifest, resources: InterfaceBuilderResources? = nil) {
        self.init(context: AnalysisContext(manifest: manifest, resources: resources))
    }

    package func registration(at index: Int) -> Registration? {
        // Registrations are kept in entry order, so an index finds its place by binary search.
        var low = 0
        var high = registrations.count
        while low < high {
            let middle = low + (high - low) / 2
            if registrations[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return registrations.indices.contains(low) && registrations[low].index == index ? registrations[low] : nil
    }

    /// What the report is of, as the user wrote it: "The screen" (Swift) or "The manifest".
    package var subject: String { isReadFromSwift ? "The screen" : "The manifest" }

    /// "#3 PostCell".
    package func label(_ index: Int) -> String {
        guard let registration = registration(at: index) else { return "#\(index)" }
        return "#\(index) \(registration.viewClass.value)"
    }

    /// The view types that have live registrations, cells first.
    package var viewTypes: [ViewType] {
        Array(Set(liveRegistrations.compactMap { registration(at: $0)?.viewType })).sorted()
    }

    /// The live registrations of a view type that take part in at least one pair.
    package func pairedRegistrations(of viewType: ViewType) -> [Int] {
        let paired = Set(pairs.filter { $0.viewType == viewType }.flatMap { [$0.first, $0.second] })
        return liveRegistrations.filter { paired.contains($0) }
    }

    package func pair(_ a: Int, _ b: Int) -> Pair? {
        let (first, second) = a < b ? (a, b) : (b, a)
        // Pairs are sorted by first, then second.
        var low = 0
        var high = pairs.count
        while low < high {
            let middle = low + (high - low) / 2
            if (pairs[middle].first, pairs[middle].second) < (first, second) { low = middle + 1 } else { high = middle }
        }
        return pairs.indices.contains(low) && pairs[low].first == first && pairs[low].second == second
            ? pairs[low] : nil
    }

    /// The condition as written: "none", "section 0", the expression, or "opaque: …".
    package static func conditionText(_ registration: Registration) -> String {
        switch registration.condition {
        case .none: "none"
        case .section(let section): "section \(section.value)"
        case .custom(let condition): condition.source
        case .opaque(let source): "opaque: \(source.value)"
        }
    }

    /// "intersecting", "disjoint" or "unknown".
    package static func verdictName(_ verdict: PairVerdict) -> String {
        switch verdict {
        case .intersecting: "intersecting"
        case .disjoint: "disjoint"
        case .unknown: "unknown"
        }
    }

    /// What happens to an item both may match, in words.
    package func outcome(of pair: Pair) -> String {
        switch pair.verdict {
        case .intersecting where pair.fallback:
            "fallback: \(label(pair.first)) takes the items it is for; \(label(pair.second)) takes every other one it matches"
        case .intersecting(let witness):
            "\(label(pair.first)) wins (registered first); \(label(pair.second)) is not used for items like \(witness.plainDescription)"
        case .disjoint:
            "no item matches both"
        case .unknown(let reason, _):
            "undecided: \(reason)"
        }
    }

    /// Where the host loads a registration's view from, given the resources of this report.
    package func viewSource(of registration: Registration) -> String {
        Wording.source(registration, availableXibs: availableXibs, behaviour: behaviour)
    }

    /// The registrations of a group whose mapping dequeues another registration's view.
    package func hijacked(in group: ReuseIdentifierGroup) -> [Int] {
        guard group.collision, let winner = registration(at: group.winner) else { return [] }
        let source = ViewSource(winner, availableXibs: availableXibs, behaviour: behaviour)
        return group.registrations.filter { index in
            guard let registration = registration(at: index) else { return false }
            return removedBy[index] == nil
                && ViewSource(registration, availableXibs: availableXibs, behaviour: behaviour) != source
        }
    }
}
