/// Two live registrations of one view type whose model types overlap, with the solver's verdict.
public struct RegistrationPair: Sendable {
    /// The earlier registration (it wins when both match).
    public var first: Registration
    public var second: Registration
    public var verdict: PairVerdict

    public init(first: Registration, second: Registration, verdict: PairVerdict) {
        self.first = first
        self.second = second
        self.verdict = verdict
    }
}

/// Whether a live registration can ever be chosen, given the earlier live registrations of
/// its view type whose model types overlap with its own.
public struct Reachability: Sendable {
    public var registration: Registration
    /// The earlier live registrations of its view type with overlapping model types, in entry order.
    public var earlier: [Registration]
    public var verdict: CoverageVerdict
    /// When covered: a single earlier registration that covers it on its own if there is one,
    /// otherwise all of `earlier`.
    public var covering: [Registration]

    public var isUnreachable: Bool { verdict == .covered }
}

/// Everything the rules look at, worked out once per manifest.
public struct AnalysisContext: Sendable {
    public let manifest: Manifest
    public let resolver: Resolver
    /// The sample data resolved against the live registrations.
    public let resolution: Resolution
    /// The resolver's findings on the sample data (unresolved, ambiguous, nil, condition errors, opaque conditions).
    public let resolverDiagnostics: [Diagnostic]
    public let solver: ConditionSolver
    /// Every pair `first < second` of live registrations with the same view type and
    /// overlapping model types, in entry order of `second`, then of `first`.
    public let pairs: [RegistrationPair]
    /// Registration index → reachability, for live registrations that have earlier overlapping ones.
    public let reachability: [Int: Reachability]

    public init(manifest: Manifest) {
        let solver = ConditionSolver(manifest: manifest)
        let (pairs, reachability) = Self.analysePairs(LiveRegistrations(manifest: manifest).live, solver: solver)
        self.init(manifest: manifest, solver: solver, pairs: pairs, reachability: reachability)
    }

    /// With given verdicts, so the rules can be tested apart from the solver.
    init(manifest: Manifest, solver: ConditionSolver, pairs: [RegistrationPair], reachability: [Int: Reachability]) {
        self.manifest = manifest
        let resolver = Resolver(manifest: manifest)
        self.resolver = resolver
        let resolution = resolver.resolve()
        self.resolution = resolution
        resolverDiagnostics = resolver.diagnostics(for: resolution)
        self.solver = solver
        self.pairs = pairs
        self.reachability = reachability
    }

    /// The verdict of every overlapping pair, and whether each registration can be reached.
    private static func analysePairs(_ live: [Registration], solver: ConditionSolver) -> ([RegistrationPair], [Int: Reachability]) {
        var pairs: [RegistrationPair] = []
        var reachability: [Int: Reachability] = [:]
        var liveByViewType: [ViewType: [Registration]] = [:]
        for registration in live {
            let earlier = (liveByViewType[registration.viewType] ?? []).filter { solver.modelTypesOverlap($0, registration) }
            liveByViewType[registration.viewType, default: []].append(registration)
            guard !earlier.isEmpty else { continue }
            for first in earlier {
                pairs.append(RegistrationPair(first: first, second: registration, verdict: solver.verdict(first, registration)))
            }
            let verdict = solver.coverage(of: registration, by: earlier)
            var covering: [Registration] = []
            if verdict == .covered {
                // Name a single registration when one covers it alone; it is the clearer fix.
                covering = earlier.first { solver.coverage(of: registration, by: [$0]) == .covered }.map { [$0] } ?? earlier
            }
            reachability[registration.index] = Reachability(
                registration: registration, earlier: earlier, verdict: verdict, covering: covering)
        }
        return (pairs, reachability)
    }

    public var host: Host { manifest.host }
    public var registrations: LiveRegistrations { resolver.registrations }

    /// The event names the host offers.
    public var eventNames: [String] { HostEvents.names(for: manifest.host) }

    public func isUnreachable(_ registrationIndex: Int) -> Bool {
        reachability[registrationIndex]?.isUnreachable ?? false
    }
}

/// Runs every rule on a manifest.
public enum Analyzer {
    /// The findings of every rule in `rules`, sorted by position.
    public static func analyze(_ manifest: Manifest, rules: [any Rule] = Rules.all) -> [Diagnostic] {
        analyze(AnalysisContext(manifest: manifest), rules: rules)
    }

    public static func analyze(_ context: AnalysisContext, rules: [any Rule] = Rules.all) -> [Diagnostic] {
        rules.flatMap { $0.check(context) }.sortedByLocation()
    }
}
