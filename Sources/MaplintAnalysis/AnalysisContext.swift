import MaplintConcurrency
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintSolver

/// Two live registrations of one view type whose model types overlap, with the solver's verdict.
///
/// A manifest can have hundreds of thousands of pairs, so a pair holds positions into one
/// shared list of registrations rather than two copies of them.
package struct RegistrationPair: Sendable {
    private let store: RegistrationStore
    private let firstPosition: Int
    private let secondPosition: Int
    package var verdict: PairVerdict

    /// The earlier registration (it wins when both match).
    package var first: Registration { store.registrations[firstPosition] }
    package var second: Registration { store.registrations[secondPosition] }
    /// Entry indexes, without copying the registrations.
    package var firstIndex: Int { store.indexes[firstPosition] }
    package var secondIndex: Int { store.indexes[secondPosition] }

    package init(first: Registration, second: Registration, verdict: PairVerdict) {
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

/// What decides a registration's verdicts: its model type and its condition (the view type is
/// shared by the registrations compared). Registrations of one shape are interchangeable to the
/// solver; opaque conditions get no shape (two closures with one text may still differ).
struct RegistrationShapes {
    private struct Key: Hashable {
        var modelType: TypeRef
        var condition: String
    }

    private var ids: [Key: Int] = [:]

    mutating func id(of registration: Registration) -> Int? {
        let condition: String
        switch registration.condition {
        case .none: condition = ""
        case .section(let section): condition = "section \(section.value)"
        case .custom(let compiled): condition = "custom " + compiled.source
        case .opaque: return nil
        }
        let key = Key(modelType: registration.modelType.value, condition: condition)
        if let known = ids[key] { return known }
        ids[key] = ids.count
        return ids.count - 1
    }
}

struct ShapePair: Hashable {
    var first: Int?
    var second: Int?
}

/// Whether a live registration can ever be chosen, given the earlier live registrations of
/// its view type whose model types overlap with its own.
package struct Reachability: Sendable {
    package var registration: Registration
    package var verdict: CoverageVerdict
    /// When covered: a single earlier registration that covers it on its own if there is one,
    /// otherwise all the earlier registrations that might match what it matches.
    package var covering: [Registration]

    package var isUnreachable: Bool { verdict == .covered }
}

/// Everything the rules look at, worked out once per manifest.
package struct AnalysisContext: Sendable {
    /// Above this many live registrations of one view type, disjoint pairs are counted, not listed.
    package static let disjointPairLimit = 1000

    package let manifest: Manifest
    /// The Interface Builder files under `--resources`, when given: then a registration's
    /// view source is what the library really loads, and the Interface Builder rules run.
    package let resources: InterfaceBuilderResources?
    package let resolver: Resolver
    /// The sample data resolved against the live registrations.
    package let resolution: Resolution
    package let solver: ConditionSolver
    /// Every pair `first < second` of live registrations with the same view type and
    /// overlapping model types, in entry order of `second`, then of `first`.
    package let pairs: [RegistrationPair]
    /// Registration index → reachability, for live registrations that have earlier overlapping ones.
    package let reachability: [Int: Reachability]
    /// Disjoint pairs left out of `pairs` per view type (only above `disjointPairLimit`
    /// live registrations of a view type).
    package let omittedDisjointPairs: [ViewType: Int]
    /// Set when the registrations meet in more than `maxListedPairs` pairs: the analysis stopped at
    /// the registration named, and the manifest cannot be checked (an `invalid-manifest` error).
    package private(set) var pairLimitDiagnostic: Diagnostic?

    /// The most pairs that can both match an item (verdict intersecting or unknown) that one
    /// manifest may have. Every such pair is decided and kept (for the report and the rules), so
    /// n registrations that all meet cost n²/2 pairs: 1,000,000 is about 1,400 registrations that
    /// all overlap, which stays within a few hundred MiB. Disjoint pairs do not count.
    static let maxListedPairs = 1_000_000

    /// Up to this many earlier registrations sharing a model type are checked one by one for
    /// conflicting pins; above it, the pin index finds the candidates.
    static let directFilterLimit = 256

    /// What was worked out; the rest is left empty.
    package let needs: AnalysisNeeds

    /// What several rules read alike, worked out by the first that asks.
    package let shared = Memo()

    /// - Parameter needs: what to work out; the rest is left empty (no resolved items, no
    ///   pairs, no reachability). The Interface Builder files are kept either way.
    /// - Parameter kept: which resolved elements `resolution` keeps: the rules read only those
    ///   with problems.
    package init(
        manifest: Manifest, resources: InterfaceBuilderResources? = nil, needs: AnalysisNeeds = .all,
        keeping kept: Resolution.Kept = .all
    ) {
        self.init(manifest: manifest, resources: resources, needs: needs, keeping: kept, resolved: nil)
    }

    /// - Parameter resolved: a resolver and the sample resolved as it was read (`kept` elements).
    package init(
        manifest: Manifest, resources: InterfaceBuilderResources?, needs: AnalysisNeeds, keeping kept: Resolution.Kept,
        resolved: (resolver: Resolver, resolution: Resolution)?
    ) {
        let resolver =
            resolved?.resolver
            ?? Resolver(
                manifest: manifest, solver: ConditionSolver(manifest: manifest), availableXibs: resources?.xibNames)
        let solver = resolver.solver
        let analysis =
            needs.isDisjoint(with: [.pairs, .reachability])
            ? (pairs: [], reachability: [:], omitted: [:], stoppedAt: nil)
            : Self.analysePairs(resolver.registrations.live, solver: solver, listPairs: needs.contains(.pairs))
        self.init(
            resolver: resolver, resources: resources, pairs: analysis.pairs, reachability: analysis.reachability,
            omittedDisjointPairs: analysis.omitted,
            // Past the pair limit only that error is reported: the sample is not resolved.
            resolution: needs.contains(.resolution) && analysis.stoppedAt == nil
                ? resolved?.resolution ?? resolver.resolve(keeping: kept) : resolver.unresolved(),
            needs: needs)
        if let stopped = analysis.stoppedAt {
            pairLimitDiagnostic = .invalidManifest(
                "the registrations up to \(Wording.name(stopped)) can both match one item in more than "
                    + "\(Self.maxListedPairs) pairs, the most maplint analyses in one manifest (each pair is decided "
                    + "and kept); many registrations for one model type without conditions that keep them apart "
                    + "(`section:`, `model.id == …`) cause this: remove duplicated registrations, or split the manifest",
                at: stopped.location, registrations: [stopped.index])
        }
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
        reachability: [Int: Reachability], omittedDisjointPairs: [ViewType: Int], resolution: Resolution? = nil,
        needs: AnalysisNeeds = .all
    ) {
        self.needs = needs
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
        _ live: [Registration], solver: ConditionSolver, listPairs: Bool
    ) -> (
        pairs: [RegistrationPair], reachability: [Int: Reachability], omitted: [ViewType: Int],
        stoppedAt: Registration?
    ) {
        var pairs: [RegistrationPair] = []
        var listedTotal = 0
        var reachability: [Int: Reachability] = [:]
        var omitted: [ViewType: Int] = [:]
        let (groups, order) = groupedByViewType(live)
        for viewType in order {
            var search = PairSearch(group: groups[viewType] ?? [], solver: solver)
            for position in search.group.indices {
                let overlapping = search.overlapping(with: position)
                if listPairs, let listed = search.listPairs(of: position, overlapping: overlapping, into: &pairs) {
                    // Pairs that may meet are all kept: past the limit, stop (n identical registrations
                    // would otherwise keep n²/2 pairs).
                    listedTotal += listed
                    if listedTotal > maxListedPairs { return ([], [:], [:], search.group[position]) }
                    omitted[viewType, default: 0] += overlapping.count - listed
                }
                if !overlapping.isEmpty {
                    reachability[search.group[position].index] = search.reachability(
                        of: position, overlapping: overlapping)
                }
                search.record(position)
            }
        }
        // Listed in entry order of the second registration, then of the first.
        pairs.sort { ($0.secondIndex, $0.firstIndex) < ($1.secondIndex, $1.firstIndex) }
        return (pairs, reachability, omitted, nil)
    }

    /// The live registrations grouped by view type, and the view types in order of first entry.
    private static func groupedByViewType(
        _ live: [Registration]
    ) -> (groups: [ViewType: [Registration]], order: [ViewType]) {
        var groups: [ViewType: [Registration]] = [:]
        var order: [ViewType] = []
        for registration in live {
            if groups[registration.viewType] == nil { order.append(registration.viewType) }
            groups[registration.viewType, default: []].append(registration)
        }
        return (groups, order)
    }

    /// The values of the ascending `first` that the ascending `second` holds, ascending.
    static func sortedIntersection(_ first: [Int], _ second: [Int]) -> [Int] {
        // A few values against a long list (a partition: each registration meets a handful of the
        // thousands before it): each is looked up by halving, a·log b rather than a + b steps.
        if first.count * (Int.bitWidth - second.count.leadingZeroBitCount) < second.count {
            return first.filter { sortedContains(second, $0) }
        }
        var result: [Int] = []
        var i = 0
        var j = 0
        while i < first.count, j < second.count {
            if first[i] < second[j] {
                i += 1
            } else if second[j] < first[i] {
                j += 1
            } else {
                result.append(first[i])
                i += 1
                j += 1
            }
        }
        return result
    }

    /// Whether the ascending `sorted` holds `value`.
    static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = low + (high - low) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// Whether `group[position]` can be chosen. A registration identical to an earlier one (same
    /// model type and condition) that covers such a one alone is covered, without asking the
    /// solver about every earlier registration: n identical registrations cost n, not n².
    private static func reachability(
        of position: Int, in group: [Registration], reads: [ConditionSolver.ModelReads], coveredByIdentical: Int?,
        candidates: () -> [Int],
        candidatesBefore: (Int) -> [Int], solver: ConditionSolver
    ) -> Reachability {
        let registration = group[position]
        if let first = coveredByIdentical {
            // Name the first earlier registration that covers it alone: one before the identical
            // registration may; the identical one does.
            var covering = group[first]
            for other in candidatesBefore(first) {
                if solver.coverage(of: registration, by: [group[other]]) == .covered {
                    covering = group[other]
                    break
                }
            }
            return Reachability(registration: registration, verdict: .covered, covering: [covering])
        }
        let earlierPositions = candidates()
        let earlier = earlierPositions.map { group[$0] }
        // An item it wins, made from what its condition pins, settles it without a search.
        if let witness = solver.pinnedWitness(
            of: registration, reads: reads[position], against: earlier, reading: earlierPositions.map { reads[$0] })
        {
            return Reachability(registration: registration, verdict: .reachable(witness), covering: [])
        }
        let verdict = solver.coverage(of: registration, by: earlier)
        var covering: [Registration] = []
        if verdict == .covered {
            // Name a single registration when one covers it alone; it is the clearer fix.
            covering =
                earlier.first { solver.coverage(of: registration, by: [$0]) == .covered }.map { [$0] } ?? earlier
        }
        return Reachability(registration: registration, verdict: verdict, covering: covering)
    }

    package var host: Host { manifest.host }
    package var registrations: LiveRegistrations { resolver.registrations }

    /// The event names the host offers.
    /// Every event the host has, deprecated ones included.
    package var eventNames: [String] {
        HostEvents.names(for: manifest.host) + HostEvents.deprecated(for: manifest.host).keys.sorted()
    }

    /// Whether `registrationIndex` is known to be unreachable (false when reachability was not worked out).
    package func isUnreachable(_ registrationIndex: Int) -> Bool {
        reachability[registrationIndex]?.isUnreachable ?? false
    }
}

extension AnalysisContext {
    /// The pair search over the live registrations of one view type, taken in position order:
    /// what is worked out once per registration, and what the positions already searched leave
    /// for the later ones (the pin index, the verdicts per pair of shapes, the earlier
    /// registrations per instantiable type).
    fileprivate struct PairSearch {
        let group: [Registration]
        let solver: ConditionSolver
        let store: RegistrationStore
        let listAll: Bool
        // Worked out once per registration; the loops handle positions only.
        let pins: [[PinnedVariable: Value]]
        let bounds: [[PinnedVariable: IntBounds]]
        let concrete: [[String]]
        // The model properties each condition reads, for the pinned-item attempt.
        let reads: [ConditionSolver.ModelReads]
        // Filled only once a registration has more earlier ones sharing a model type than are
        // filtered directly (a mix of many model types never needs it).
        var index = PinIndex()
        var indexed = 0
        // In position order, as the search first asks for them.
        let shapeIDs: [Int?]
        var verdicts: [ShapePair: PairVerdict] = [:]
        // Shape → the first position of that shape, and whether it covers an identical one.
        var firstOfShape: [Int: Int] = [:]
        var selfCovered: [Int: Bool] = [:]
        // Two registrations' model types overlap exactly when some instantiable type is both.
        var earlierByConcrete: [String: [Int]] = [:]
        // The candidates of the position being searched, once worked out.
        var cachedCandidates: (position: Int, found: [Int])?

        init(group: [Registration], solver: ConditionSolver) {
            self.group = group
            self.solver = solver
            store = RegistrationStore(group)
            listAll = group.count <= AnalysisContext.disjointPairLimit
            pins = group.map { solver.pinnedValues(of: $0) }
            bounds = group.map { solver.intBounds(of: $0) }
            let types = solver.manifest.types
            concrete = group.map { types.instantiableTypes(thatAre: $0.modelType.value.unwrapped.name) }
            reads = group.map(ConditionSolver.ModelReads.init)
            var shapes = RegistrationShapes()
            shapeIDs = group.map { shapes.id(of: $0) }
        }

        /// The earlier positions sharing an instantiable type with `position`, ascending; with a
        /// single type (the usual case) that type's list is already sorted and free of repeats.
        func overlapping(with position: Int) -> [Int] {
            let types = concrete[position]
            if types.count == 1, let only = types.first { return earlierByConcrete[only] ?? [] }
            var seen: Set<Int> = []
            return types.flatMap { earlierByConcrete[$0] ?? [] }.filter { seen.insert($0).inserted }.sorted()
        }

        /// The positions of `overlapping` whose pins and bounds do not rule out meeting `position`:
        /// worked out only when needed (for a registration identical to an earlier one, often not).
        mutating func candidates(of position: Int, among overlapping: [Int]) -> [Int] {
            if let cachedCandidates, cachedCandidates.position == position { return cachedCandidates.found }
            // The earlier registrations sharing a model type are few in a mix of many types:
            // filter them directly. Many registrations of one type go through the pin index.
            let pool: [Int]
            if overlapping.count <= AnalysisContext.directFilterLimit {
                pool = overlapping
            } else {
                while indexed < position {
                    index.add(position: indexed, pins: pins[indexed], bounds: bounds[indexed])
                    indexed += 1
                }
                // The index's candidates that share an instantiable type: those also in
                // `overlapping`. Both lists ascend, so one walk along both finds them.
                pool = AnalysisContext.sortedIntersection(
                    index.candidates(for: pins[position], bounds: bounds[position]), overlapping)
            }
            let found = pool.filter { mayMeet($0, position) }
            cachedCandidates = (position, found)
            return found
        }

        /// Whether the pins and bounds of `other` and `position` leave them a common item.
        func mayMeet(_ other: Int, _ position: Int) -> Bool {
            !ConditionSolver.pinsConflict(pins[other], pins[position])
                && !ConditionSolver.boundsConflict(bounds[other], bounds[position])
        }

        /// The verdict on the pair of `other` and the later `position`. Verdicts depend only on the
        /// two registrations' shapes: decided once per pair of shapes.
        mutating func decide(_ other: Int, _ position: Int) -> PairVerdict {
            guard let shape = shapeIDs[position], let otherShape = shapeIDs[other] else {
                return solver.verdict(group[other], group[position])
            }
            let key = ShapePair(first: otherShape, second: shape)
            if let known = verdicts[key] { return known }
            let decided = solver.verdict(group[other], group[position])
            verdicts[key] = decided
            return decided
        }

        /// Appends the pairs of `position` with the earlier `overlapping` ones to `pairs`: all of
        /// them when the group is small enough (the disjoint ones so marked), else only those that
        /// may meet, returning how many were listed (nil when all were).
        mutating func listPairs(
            of position: Int, overlapping: [Int], into pairs: inout [RegistrationPair]
        ) -> Int? {
            if listAll {
                let searched = Set(candidates(of: position, among: overlapping))
                for other in overlapping {
                    let verdict = searched.contains(other) ? decide(other, position) : .disjoint
                    pairs.append(RegistrationPair(store: store, first: other, second: position, verdict: verdict))
                }
                return nil
            }
            var listed = 0
            for other in candidates(of: position, among: overlapping) {
                let verdict = decide(other, position)
                guard verdict != .disjoint else { continue }
                pairs.append(RegistrationPair(store: store, first: other, second: position, verdict: verdict))
                listed += 1
            }
            return listed
        }

        /// An earlier registration of the same shape as `position` that covers an identical one
        /// alone (asked once per shape, when its second registration comes).
        mutating func identicalCovering(_ position: Int) -> Int? {
            guard let shape = shapeIDs[position], let first = firstOfShape[shape] else { return nil }
            if selfCovered[shape] == nil {
                selfCovered[shape] = solver.coverage(of: group[first], by: [group[first]]) == .covered
            }
            return selfCovered[shape] == true ? first : nil
        }

        /// Whether `position`, which shares an instantiable type with the earlier `overlapping`,
        /// can be chosen.
        mutating func reachability(of position: Int, overlapping: [Int]) -> Reachability {
            let identical = identicalCovering(position)
            let group = group
            let reads = reads
            let solver = solver
            let pins = pins
            let bounds = bounds
            return AnalysisContext.reachability(
                of: position, in: group, reads: reads, coveredByIdentical: identical,
                candidates: { candidates(of: position, among: overlapping) },
                // The candidates before the identical registration, found without listing all of them.
                candidatesBefore: { limit in
                    overlapping.prefix { $0 < limit }.filter { other in
                        !ConditionSolver.pinsConflict(pins[other], pins[position])
                            && !ConditionSolver.boundsConflict(bounds[other], bounds[position])
                    }
                },
                solver: solver)
        }

        /// Records `position` as searched: the first of its shape, and earlier for its instantiable types.
        mutating func record(_ position: Int) {
            if let shape = shapeIDs[position], firstOfShape[shape] == nil { firstOfShape[shape] = position }
            for type in concrete[position] { earlierByConcrete[type, default: []].append(position) }
        }
    }
}
