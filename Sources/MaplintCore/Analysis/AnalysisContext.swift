/// Two live registrations of one view type whose model types overlap, with the solver's verdict.
///
/// A manifest can have hundreds of thousands of pairs, so a pair holds positions into one
/// shared list of registrations rather than two copies of them.
public struct RegistrationPair: Sendable {
    private let store: RegistrationStore
    private let firstPosition: Int
    private let secondPosition: Int
    public var verdict: PairVerdict

    /// The earlier registration (it wins when both match).
    public var first: Registration { store.registrations[firstPosition] }
    public var second: Registration { store.registrations[secondPosition] }
    /// Entry indexes, without copying the registrations.
    var firstIndex: Int { store.indexes[firstPosition] }
    var secondIndex: Int { store.indexes[secondPosition] }

    public init(first: Registration, second: Registration, verdict: PairVerdict) {
        self.init(store: RegistrationStore([first, second]), first: 0, second: 1, verdict: verdict)
    }

    init(store: RegistrationStore, first: Int, second: Int, verdict: PairVerdict) {
        self.store = store
        // Positions come from the store itself; clamp so a wrong one cannot trap.
        let last = max(0, store.registrations.count - 1)
        firstPosition = min(max(0, first), last)
        secondPosition = min(max(0, second), last)
        self.verdict = verdict
    }
}

/// An immutable list of registrations shared by many pairs.
final class RegistrationStore: Sendable {
    let registrations: [Registration]
    let indexes: [Int]

    init(_ registrations: [Registration]) {
        self.registrations = registrations
        indexes = registrations.map(\.index)
    }
}

/// Whether a live registration can ever be chosen, given the earlier live registrations of
/// its view type whose model types overlap with its own.
public struct Reachability: Sendable {
    public var registration: Registration
    /// The earlier live registrations of its view type that might match what it matches
    /// (overlapping model types, no conflicting pinned values), in entry order.
    public var earlier: [Registration]
    public var verdict: CoverageVerdict
    /// When covered: a single earlier registration that covers it on its own if there is one,
    /// otherwise all of `earlier`.
    public var covering: [Registration]

    public var isUnreachable: Bool { verdict == .covered }
}

/// Everything the rules look at, worked out once per manifest.
public struct AnalysisContext: Sendable {
    /// Above this many live registrations of one view type, disjoint pairs are counted, not listed.
    public static let disjointPairLimit = 1000

    public let manifest: Manifest
    /// The Interface Builder files under `--resources`, when given: then a registration's
    /// view source is what the library really loads, and the Interface Builder rules run.
    public let resources: InterfaceBuilderResources?
    public let resolver: Resolver
    /// The sample data resolved against the live registrations.
    public let resolution: Resolution
    public let solver: ConditionSolver
    /// Every pair `first < second` of live registrations with the same view type and
    /// overlapping model types, in entry order of `second`, then of `first`.
    public let pairs: [RegistrationPair]
    /// Registration index → reachability, for live registrations that have earlier overlapping ones.
    public let reachability: [Int: Reachability]
    /// Disjoint pairs left out of `pairs` per view type (only above `disjointPairLimit`
    /// live registrations of a view type).
    public let omittedDisjointPairs: [ViewType: Int]

    public init(manifest: Manifest, resources: InterfaceBuilderResources? = nil) {
        let solver = ConditionSolver(manifest: manifest)
        let resolver = Resolver(manifest: manifest, solver: solver, availableXibs: resources?.xibNames)
        let analysis = Self.analysePairs(resolver.registrations.live, solver: solver)
        self.init(
            resolver: resolver, resources: resources, pairs: analysis.pairs, reachability: analysis.reachability,
            omittedDisjointPairs: analysis.omitted)
    }

    /// With given verdicts (and resolution), so the rules can be tested apart from the solver.
    init(
        manifest: Manifest, solver: ConditionSolver, pairs: [RegistrationPair], reachability: [Int: Reachability],
        omittedDisjointPairs: [ViewType: Int] = [:], resolution: Resolution? = nil
    ) {
        self.init(
            resolver: Resolver(manifest: manifest, solver: solver), resources: nil, pairs: pairs,
            reachability: reachability, omittedDisjointPairs: omittedDisjointPairs, resolution: resolution)
    }

    private init(
        resolver: Resolver, resources: InterfaceBuilderResources?, pairs: [RegistrationPair],
        reachability: [Int: Reachability], omittedDisjointPairs: [ViewType: Int], resolution: Resolution? = nil
    ) {
        self.omittedDisjointPairs = omittedDisjointPairs
        manifest = resolver.manifest
        self.resources = resources
        self.resolver = resolver
        self.resolution = resolution ?? resolver.resolve()
        solver = resolver.solver
        self.pairs = pairs
        self.reachability = reachability
    }

    /// The verdict of every overlapping pair, and whether each registration can be reached.
    ///
    /// Registrations are indexed by the values their conditions pin (`section: 3`,
    /// `model.id == 7`): two registrations pinning one variable to different values are
    /// disjoint without a search, so the solver only sees pairs that might intersect. Above
    /// `disjointPairLimit` live registrations of a view type, disjoint pairs are
    /// counted instead of listed.
    private static func analysePairs(
        _ live: [Registration], solver: ConditionSolver
    ) -> (pairs: [RegistrationPair], reachability: [Int: Reachability], omitted: [ViewType: Int]) {
        var pairs: [RegistrationPair] = []
        var reachability: [Int: Reachability] = [:]
        var omitted: [ViewType: Int] = [:]
        var groups: [ViewType: [Registration]] = [:]
        var order: [ViewType] = []
        for registration in live {
            if groups[registration.viewType] == nil { order.append(registration.viewType) }
            groups[registration.viewType, default: []].append(registration)
        }
        let types = solver.manifest.types
        for viewType in order {
            let group = groups[viewType] ?? []
            let store = RegistrationStore(group)
            let listAll = group.count <= disjointPairLimit
            // Worked out once per registration; the loops below handle positions only.
            let pins = group.map { solver.pinnedValues(of: $0) }
            let bounds = group.map { solver.intBounds(of: $0) }
            let concrete = group.map { types.instantiableTypes(thatAre: $0.modelType.value.unwrapped.name) }
            var index = PinIndex()
            // Two registrations' model types overlap exactly when some instantiable type is both.
            var earlierByConcrete: [String: [Int]] = [:]
            for position in group.indices {
                let types = concrete[position]
                // Earlier registrations sharing an instantiable type; with a single type (the usual
                // case) that type's list is already sorted and free of repeats.
                let overlapping: [Int]
                if types.count == 1, let only = types.first {
                    overlapping = earlierByConcrete[only] ?? []
                } else {
                    var seen: Set<Int> = []
                    overlapping = types.flatMap { earlierByConcrete[$0] ?? [] }.filter { seen.insert($0).inserted }
                        .sorted()
                }
                let candidates = index.candidates(for: pins[position], bounds: bounds[position]).filter { other in
                    concrete[other].contains(where: types.contains)
                        && !ConditionSolver.pinsConflict(pins[other], pins[position])
                        && !ConditionSolver.boundsConflict(bounds[other], bounds[position])
                }
                let registration = group[position]
                if listAll {
                    let searched = Set(candidates)
                    for other in overlapping {
                        let verdict = searched.contains(other) ? solver.verdict(group[other], registration) : .disjoint
                        pairs.append(RegistrationPair(store: store, first: other, second: position, verdict: verdict))
                    }
                } else {
                    var listed = 0
                    for other in candidates {
                        let verdict = solver.verdict(group[other], registration)
                        guard verdict != .disjoint else { continue }
                        pairs.append(RegistrationPair(store: store, first: other, second: position, verdict: verdict))
                        listed += 1
                    }
                    omitted[viewType, default: 0] += overlapping.count - listed
                }
                if !overlapping.isEmpty {
                    let earlier = candidates.map { group[$0] }
                    let verdict = solver.coverage(of: registration, by: earlier)
                    var covering: [Registration] = []
                    if verdict == .covered {
                        // Name a single registration when one covers it alone; it is the clearer fix.
                        covering =
                            earlier.first { solver.coverage(of: registration, by: [$0]) == .covered }.map { [$0] }
                            ?? earlier
                    }
                    reachability[registration.index] = Reachability(
                        registration: registration, earlier: earlier, verdict: verdict, covering: covering)
                }
                index.add(position: position, pins: pins[position], bounds: bounds[position])
                for type in concrete[position] { earlierByConcrete[type, default: []].append(position) }
            }
        }
        // Listed in entry order of the second registration, then of the first.
        pairs.sort { ($0.secondIndex, $0.firstIndex) < ($1.secondIndex, $1.firstIndex) }
        return (pairs, reachability, omitted)
    }

    public var host: Host { manifest.host }
    public var registrations: LiveRegistrations { resolver.registrations }

    /// The event names the host offers.
    /// Every event the host has, deprecated ones included.
    public var eventNames: [String] {
        HostEvents.names(for: manifest.host) + HostEvents.deprecated(for: manifest.host).keys.sorted()
    }

    public func isUnreachable(_ registrationIndex: Int) -> Bool {
        reachability[registrationIndex]?.isUnreachable ?? false
    }
}
