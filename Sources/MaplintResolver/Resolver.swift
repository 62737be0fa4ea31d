import MaplintManifest
import MaplintSolver

/// Resolves sample models to registrations the way DTModelStorage does at run time.
///
/// Live registrations are indexed once by view type and model type, and the ordered list of
/// type-matching registrations is worked out once per (view type, dynamic type), so each
/// element only looks at registrations it could match.
package struct Resolver: Sendable {
    /// Set again, for a sample resolved as it was read, to the manifest decoded with it.
    package var manifest: Manifest
    package let registrations: LiveRegistrations
    package let reuseIdentifiers: ReuseIdentifierTable
    /// Positions in `registrations.live`, in order, per view type and registered model type
    /// (optionality removed).
    private let byViewAndModel: [ViewType: [String: [Int]]]
    /// Reads the values conditions pin, to skip registrations an item cannot match.
    package let solver: ConditionSolver
    /// By position in `registrations.live`: what the hot loop reads, so resolving an item
    /// copies no `Registration` (each is a dozen strings and arrays to retain and release).
    let liveConditions: [LiveCondition]
    /// By position in `registrations.live`: the registration's index and what an item it wins shows.
    let winners: [Winner]
    /// Table header and footer kinds still in `.title` style: no view of that kind was ever
    /// registered (every registerHeader / registerFooter switches `sectionHeaderStyle` /
    /// `sectionFooterStyle` to `.view` for good; DTTableViewManager+Registration.swift and
    /// TableViewConfiguration.swift, 6.6.0 … 11.0.1).
    package let titleStyleKinds: Set<String>

    /// - Parameter availableXibs: the xibs under `--resources`, when given: then a
    ///   registration's view source is what the library really loads.
    package init(manifest: Manifest, availableXibs: Set<String>? = nil) {
        self.init(manifest: manifest, solver: ConditionSolver(manifest: manifest), availableXibs: availableXibs)
    }

    /// With the analysis's solver, so each condition is translated once.
    package init(manifest: Manifest, solver: ConditionSolver, availableXibs: Set<String>? = nil) {
        self.solver = solver
        self.manifest = manifest
        registrations = LiveRegistrations(manifest: manifest)
        reuseIdentifiers = ReuseIdentifierTable(manifest: manifest, availableXibs: availableXibs)
        var index: [ViewType: [String: [Int]]] = [:]
        for (position, registration) in registrations.live.enumerated() {
            index[registration.viewType, default: [:]][registration.modelType.value.unwrapped.name, default: []].append(
                position)
        }
        byViewAndModel = index
        liveConditions = registrations.live.map(LiveCondition.init)
        let reuse = reuseIdentifiers
        let live = registrations
        winners = registrations.live.map { registration in
            let dequeuedFrom = reuse.dequeuedFrom(registration.index)
            let dequeued = live.registration(at: dequeuedFrom)
            return Winner(
                index: registration.index, view: registration.viewClass.value,
                reuseIdentifier: registration.reuseIdentifier.value, dequeuedFrom: dequeuedFrom,
                dequeuedView: dequeued?.viewClass.value,
                dequeuedXib: dequeued.flatMap(reuse.xibReplacingPrototype(of:)),
                dequeuedUnder: reuse.dequeuedUnder[registration.index],
                nothingRegistered: reuse.nothingRegisteredUnder.contains(registration.index),
                showsNothing: dequeuedFrom == registration.index
                    && manifest.behaviour.plainHeaderFooterShowsNothing(registration))
        }
        titleStyleKinds = Self.titleStyleKinds(of: manifest)
    }

    /// The table header and footer kinds in `.title` style while the table is shown: the style
    /// `configuration:` states, or else `.title` until a view of the kind is registered.
    static func titleStyleKinds(of manifest: Manifest) -> Set<String> {
        guard manifest.host == .tableView else { return [] }
        let registered = Set(manifest.registrations.map(\.viewType))
        return Set(
            [ViewType.tableHeaderKind, ViewType.tableFooterKind].filter { kind in
                if let stated = manifest.configuration?.style(header: kind == ViewType.tableHeaderKind) {
                    return stated.value == .title
                }
                return !registered.contains(.supplementary(kind: kind))
            })
    }

    /// Whether the table asks for the header (`header: true`) or footer of a section: not for a
    /// section with no items when `displayHeaderOnEmptySection` (`displayFooterOnEmptySection`)
    /// is false. `headerModel(forSection:)` / `footerModel(forSection:)` return nil for it, so
    /// neither a title, a view nor the nilHeaderModel anomaly follows
    /// (DTTableViewDelegateWrapper.swift, shouldDisplayHeaderView, 6.6.0 … 11.0.1; 6.0.0 checks
    /// in headerModel(forSection:) itself).
    func asksFor(header: Bool, of section: SampleSection) -> Bool {
        guard manifest.host == .tableView, section.isEmpty, let configuration = manifest.configuration else {
            return true
        }
        return configuration.displaysOnEmptySection(header: header)
    }

    /// Resolves `sample`, or the manifest's own sample data when nil.
    ///
    /// - Parameter kept: which elements the resolution keeps: all of them (`maplint resolve`, the
    ///   report), or only those with problems (all the rules read), so that a large sample
    ///   that resolves cleanly leaves nothing behind.
    package func resolve(sample: SampleData? = nil, keeping kept: Resolution.Kept = .all) -> Resolution {
        var stream = ResolutionStream(resolver: self, keeping: kept)
        let sections = (sample ?? manifest.sample)?.sections ?? []
        for (section, sampleSection) in sections.enumerated() {
            for (item, value) in sampleSection.items.enumerated() {
                stream.item(value, section: section, item: item)
            }
            stream.end(sampleSection, at: section)
        }
        return stream.resolution
    }

    /// Resolves one model at an index path as `element` (a cell, or a header, footer or
    /// supplementary view), as an item of the sample would be: what `maplint resolve` shows for
    /// the example items of a screen read from Swift, which has no sample.
    package func resolve(_ value: SampleValue, as element: ViewType, at indexPath: ItemIndexPath) -> ResolvedElement {
        var session = Session(resolver: self)
        return session.resolve(value, as: element, section: indexPath.section, item: indexPath.item)
    }

    /// A resolution of no sample elements, for an analysis whose rules do not look at the sample.
    package func unresolved() -> Resolution {
        Resolution(items: [], groups: reuseIdentifiers.groups, liveRegistrations: registrations.live.map(\.index))
    }

    /// Positions of the live registrations of `viewType` whose model type a value of dynamic
    /// type `typeName` is, in registration order.
    package func typeMatches(viewType: ViewType, typeName: String) -> [Int] {
        guard let byModel = byViewAndModel[viewType] else { return [] }
        var positions: [Int] = []
        if byModel.count <= Self.directModelTypeLimit {
            // A few model types are registered: each is asked whether the value is one (constant
            // time along a class chain), rather than listing every type the value is.
            for (modelType, registered) in byModel where manifest.types.isA(typeName, modelType) {
                positions.append(contentsOf: registered)
            }
        } else {
            for supertype in manifest.types.supertypes(of: typeName) where !TypeTable.isUniversal(supertype) {
                positions.append(contentsOf: byModel[supertype] ?? [])
            }
            for universal in TypeTable.universalTypes { positions.append(contentsOf: byModel[universal] ?? []) }
        }
        positions.sort()
        return positions
    }

    /// Up to this many model types registered for one view type, `typeMatches` asks each of them.
    static let directModelTypeLimit = 64

    package func live(at position: Int) -> Registration? {
        registrations.live.indices.contains(position) ? registrations.live[position] : nil
    }
}

/// A resolution made as the sample is read: each item is resolved when it is decoded (and, kept
/// `.withProblems`, dropped unless it has a problem), each section's other elements at its end,
/// once its item count is known. The elements come in the order of `Resolver.resolve`: per
/// section the header, the items, the footer, then the supplementary views.
package struct ResolutionStream {
    package let resolver: Resolver
    let kept: Resolution.Kept
    private var session: Session
    private var items: [ResolvedElement] = []
    /// The kept items of the section being read.
    private var sectionItems: [ResolvedElement] = []

    package init(resolver: Resolver, keeping kept: Resolution.Kept) {
        self.resolver = resolver
        self.kept = kept
        session = Session(resolver: resolver)
    }

    private func keeps(_ element: ResolvedElement) -> Bool { kept == .all || !element.problems.isEmpty }

    package mutating func item(_ value: SampleValue, section: Int, item: Int) {
        let element = session.resolve(value, as: .cell, section: section, item: item)
        if keeps(element) { sectionItems.append(element) }
    }

    /// The end of the section at `index`: its header, footer and supplementary views are
    /// resolved (its items were, by `item`).
    package mutating func end(_ sampleSection: SampleSection, at section: Int) {
        let host = resolver.manifest.host
        if let header = sampleSection.header, resolver.asksFor(header: true, of: sampleSection) {
            let element = session.resolve(header, as: .header(for: host), section: section, item: 0)
            if keeps(element) { items.append(element) }
        }
        items += sectionItems
        sectionItems.removeAll(keepingCapacity: true)
        if let footer = sampleSection.footer, resolver.asksFor(header: false, of: sampleSection) {
            let element = session.resolve(footer, as: .footer(for: host), section: section, item: 0)
            if keeps(element) { items.append(element) }
        }
        for (kind, value) in sampleSection.supplementaries {
            let element = session.resolve(value, as: .supplementary(kind: kind), section: section, item: 0)
            if keeps(element) { items.append(element) }
        }
    }

    package var resolution: Resolution {
        Resolution(
            items: items, groups: resolver.reuseIdentifiers.groups,
            liveRegistrations: resolver.registrations.live.map(\.index))
    }
}

/// A live registration's condition as the resolver evaluates it: a compiled condition is held
/// by reference, so reading one costs a single retain at most.
enum LiveCondition: Sendable {
    case always
    case section(Int)
    case custom(CompiledConditionBox)
    case opaque

    init(_ registration: Registration) {
        switch registration.condition {
        case .none: self = .always
        case .section(let section): self = .section(section.value)
        case .custom(let condition): self = .custom(CompiledConditionBox(condition))
        case .opaque: self = .opaque
        }
    }

    var dependsOnModel: Bool {
        if case .custom = self { return true }
        return false
    }
}

final class CompiledConditionBox: Sendable {
    let condition: CompiledCondition
    /// `condition.program`, held apart so an evaluation retains it alone, not every part of the condition.
    let program: ConditionProgram

    init(_ condition: CompiledCondition) {
        self.condition = condition
        program = condition.program
    }

    func evaluate(model: Value, at indexPath: ItemIndexPath) -> ConditionOutcome {
        CompiledCondition.outcome(of: program, model: model, at: indexPath) {
            condition.sourceMap.location(atOffset: $0)
        }
    }
}

/// What an item shows when a live registration wins it.
struct Winner: Sendable {
    var index: Int
    var view: String
    var reuseIdentifier: String
    var dequeuedFrom: Int
    var dequeuedView: String?
    /// The xib that replaced the prototype of the dequeued storyboard mapping (collection views).
    var dequeuedXib: String?
    /// The identifier dequeued when it is not `reuseIdentifier` (DTCollectionViewManager 6 and 7 supplementary views).
    var dequeuedUnder: String?
    /// Nothing is registered under `dequeuedUnder`: UIKit raises.
    var nothingRegistered: Bool
    /// A plain table header or footer view with nothing registered under its identifier and no xib to load.
    var showsNothing = false
}

/// Caches shared by the elements of one resolution run.
private struct Session {
    struct TypeKey: Hashable {
        var viewType: ViewType
        var typeName: String
    }

    struct Plan {
        var positions: [Int]
        /// Whether any condition depends on the model, so outcomes cannot be cached per section.
        var dependsOnModel: Bool
        /// For long lists: the registrations by pinned value, when skipping one whose pin the
        /// item contradicts cannot hide a trap (no condition does arithmetic).
        var pins: PinnedPlan?
    }

    struct SectionKey: Hashable {
        var type: TypeKey
        var section: Int
    }

    struct Outcome {
        var candidates: [Int] = []
        var opaque: [Int] = []
        var failures: [ResolvedConditionFailure] = []
    }

    let resolver: Resolver
    var plans: [TypeKey: Plan] = [:]
    /// Whether a list of candidates (positions in the live registrations) is the first and its
    /// fallbacks, asked once per list: a large sample has a few distinct lists.
    var fallbackLists: [[Int]: Bool] = [:]
    var sectionOutcomes: [SectionKey: Outcome] = [:]

    init(resolver: Resolver) {
        self.resolver = resolver
    }

    mutating func resolve(_ sample: SampleValue, as element: ViewType, section: Int, item: Int) -> ResolvedElement {
        var result = ResolvedElement(
            section: section, item: item, element: element, model: nil, location: sample.location)
        let isNil: Bool
        if case .none = sample.value { isNil = true } else { isNil = false }
        if isNil, case .supplementary(let kind) = element, resolver.titleStyleKinds.contains(kind) {
            // `.title` style: `viewForHeaderInSection` returns nil before it reads the model, so a
            // nil model is just no title, with no nilHeaderModel (DTTableViewDelegate.swift,
            // viewForHeaderInSection, 6.6.0 and 11.0.1).
            result.shownAsTitle = true
            return result
        }
        guard !isNil else {
            // DTModelStorage displays nothing for a nil model.
            result.problems = [.nilModel]
            return result
        }
        // Arrays have no dynamic type a manifest can register; they match nothing.
        let typeName = sample.value.typeName ?? "Array"
        result.model = typeName
        if case .supplementary(let kind) = element, resolver.titleStyleKinds.contains(kind) {
            // `titleForHeaderInSection` shows `model as? String`; no view is looked up.
            result.shownAsTitle = true
            if typeName != "String" { result.problems = [.unresolved] }
            return result
        }
        let indexPath = ItemIndexPath(section: section, item: item)
        let outcome = self.outcome(for: sample.value, typeName: typeName, element: element, at: indexPath)

        var problems: [ResolutionProblem] = []
        let winners = resolver.winners
        result.candidates = outcome.candidates.compactMap { winners.indices.contains($0) ? winners[$0].index : nil }
        if outcome.candidates.isEmpty && outcome.opaque.isEmpty { problems.append(.unresolved) }
        if outcome.candidates.count > 1 {
            // Specific first, general last: the later candidates are the first one's fallbacks
            // (each matches every item it does, and more), as the report and ambiguous-item judge them.
            if isFallbackList(outcome.candidates) { result.fallback = true } else { problems.append(.ambiguous) }
        }
        if !outcome.opaque.isEmpty {
            problems.append(
                .opaqueCondition(
                    registrations: outcome.opaque.compactMap { winners.indices.contains($0) ? winners[$0].index : nil }
                ))
        }
        if !outcome.failures.isEmpty { problems.append(.conditionError(outcome.failures)) }
        if let first = outcome.candidates.first, winners.indices.contains(first) {
            Self.take(winners[first], into: &result, problems: &problems)
        }
        result.problems = problems
        return result
    }

    /// The element resolved to `winner`: its view, reuse identifier and the view dequeued under
    /// it, with the problems of a dequeue that gets another view or none.
    private static func take(
        _ winner: Winner, into result: inout ResolvedElement, problems: inout [ResolutionProblem]
    ) {
        result.resolved = winner.index
        result.view = winner.view
        result.reuseIdentifier = winner.reuseIdentifier
        result.dequeuedFrom = winner.dequeuedFrom
        result.dequeuedView = winner.dequeuedView
        if let identifier = winner.dequeuedUnder {
            if winner.nothingRegistered || winner.dequeuedFrom != winner.index {
                result.dequeuedFrom = winner.nothingRegistered ? nil : winner.dequeuedFrom
                if winner.nothingRegistered { result.dequeuedView = nil }
                problems.append(
                    .dequeuedUnderClassName(identifier: identifier, dequeuedFrom: result.dequeuedFrom))
            }
        } else if winner.dequeuedFrom != winner.index {
            problems.append(.reuseIdentifierCollision(dequeuedFrom: winner.dequeuedFrom))
        }
        if let xib = winner.dequeuedXib { problems.append(.storyboardReplacedByXib(xib: xib)) }
        if winner.showsNothing {
            result.dequeuedFrom = nil
            result.dequeuedView = nil
            problems.append(.plainViewWithoutXib)
        }
    }

    private mutating func isFallbackList(_ candidates: [Int]) -> Bool {
        if let known = fallbackLists[candidates] { return known }
        let live = resolver.registrations.live
        guard let first = candidates.first, live.indices.contains(first) else { return false }
        let isFallback = candidates.dropFirst().allSatisfy {
            live.indices.contains($0) && resolver.solver.isFallback(live[first], then: live[$0])
        }
        fallbackLists[candidates] = isFallback
        return isFallback
    }

    private mutating func outcome(
        for value: Value, typeName: String, element: ViewType, at indexPath: ItemIndexPath
    ) -> Outcome {
        let key = TypeKey(viewType: element, typeName: typeName)
        let plan: Plan
        if let cached = plans[key] {
            plan = cached
        } else {
            let positions = resolver.typeMatches(viewType: element, typeName: typeName)
            let conditions = resolver.liveConditions
            let dependsOnModel = positions.contains { conditions.indices.contains($0) && conditions[$0].dependsOnModel }
            plan = Plan(
                positions: positions, dependsOnModel: dependsOnModel,
                pins: dependsOnModel ? PinnedPlan(positions: positions, resolver: resolver) : nil)
            plans[key] = plan
        }
        if plan.dependsOnModel {
            return evaluate(plan, value: value, at: indexPath)
        }
        let sectionKey = SectionKey(type: key, section: indexPath.section)
        if let cached = sectionOutcomes[sectionKey] { return cached }
        let outcome = evaluate(plan, value: value, at: indexPath)
        sectionOutcomes[sectionKey] = outcome
        return outcome
    }

    /// Walks the type-matching registrations in order, sorting them into candidates, opaque
    /// registrations that might win before any candidate, and failed conditions.
    private func evaluate(_ plan: Plan, value: Value, at indexPath: ItemIndexPath) -> Outcome {
        var outcome = Outcome()
        let positions = plan.pins?.positions(for: value, at: indexPath) ?? plan.positions
        let conditions = resolver.liveConditions
        for position in positions where conditions.indices.contains(position) {
            switch conditions[position] {
            case .always:
                outcome.candidates.append(position)
            case .section(let section):
                if section == indexPath.section { outcome.candidates.append(position) }
            case .custom(let box):
                switch box.evaluate(model: value, at: indexPath) {
                case .value(true): outcome.candidates.append(position)
                case .value(false): break
                case .failure(let failure):
                    outcome.failures.append(
                        ResolvedConditionFailure(registration: resolver.winners[position].index, failure: failure))
                }
            case .opaque:
                if outcome.candidates.isEmpty { outcome.opaque.append(position) }
            }
        }
        return outcome
    }
}

/// The pinned-value index of one list of type-matching registrations.
///
/// DTModelStorage evaluates every mapping's condition for every item, so a condition that
/// traps is a crash even when another mapping wins. A registration whose pin the item
/// contradicts evaluates to false unless its condition traps first; skipping it is exact when
/// no indexed condition does arithmetic (the only source of traps besides unset properties)
/// and the item has a value for every property those conditions read.
private struct PinnedPlan {
    static let minimumCount = 16

    let index: PinIndex
    /// `plan.positions[ordinal]`: the index works on ordinals so results keep entry order.
    let positions: [Int]
    let variables: [PinnedVariable]
    let modelPaths: [ValuePath]

    init?(positions: [Int], resolver: Resolver) {
        guard positions.count >= Self.minimumCount else { return nil }
        var index = PinIndex()
        var paths: Set<ValuePath> = []
        for (ordinal, position) in positions.enumerated() {
            guard let registration = resolver.live(at: position) else { return nil }
            if case .custom(let condition) = registration.condition {
                guard !Self.mayTrap(condition.expression) else { return nil }
                paths.formUnion(condition.paths.filter { $0.root == .model })
            }
            index.add(
                position: ordinal, pins: resolver.solver.pinnedValues(of: registration),
                bounds: resolver.solver.intBounds(of: registration))
        }
        guard !index.variables.isEmpty else { return nil }
        self.index = index
        self.positions = positions
        variables = index.variables
        modelPaths = Array(paths)
    }

    /// The registrations the item might match, in entry order; nil to look at all of them.
    func positions(for value: Value, at indexPath: ItemIndexPath) -> [Int]? {
        guard modelPaths.allSatisfy({ Self.isReadable($0, in: value) }) else { return nil }
        var pins: [PinnedVariable: Value] = [:]
        var bounds: [PinnedVariable: IntBounds] = [:]
        for variable in variables {
            guard let pinned = Self.value(of: variable, in: value, at: indexPath) else { continue }
            pins[variable] = pinned
            if case .int(let number) = pinned { bounds[variable] = IntBounds(lower: number, upper: number) }
        }
        return index.candidates(for: pins, bounds: bounds).compactMap {
            positions.indices.contains($0) ? positions[$0] : nil
        }
    }

    static func mayTrap(_ node: ConditionNode) -> Bool {
        var pending = [node]
        while let current = pending.popLast() {
            switch current.kind {
            case .arithmetic(.remainder, let dividend, let divisor):
                // A remainder by a constant other than 0 and -1 cannot trap (`model.n % 10`).
                guard case .literal(.int(let modulus)) = divisor.kind, modulus != 0, modulus != -1 else { return true }
                pending.append(dividend)
            case .arithmetic, .negate: return true
            default: pending.append(contentsOf: current.children)
            }
        }
        return false
    }

    /// Whether reading `path` on the item gives a value or nil, rather than an unset property.
    static func isReadable(_ path: ValuePath, in model: Value) -> Bool {
        var current = model
        for step in path.steps {
            switch current {
            case .none:
                return true
            case .object(_, let properties):
                if let next = properties[step.name] {
                    current = next
                } else if step.declaredType.isOptional {
                    current = .none
                } else {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }

    /// The item's value of a pinned variable, or nil when it has none to compare.
    static func value(of variable: PinnedVariable, in model: Value, at indexPath: ItemIndexPath) -> Value? {
        switch variable {
        case .section: return .int(indexPath.section)
        case .item: return .int(indexPath.item)
        case .residue(let base, let modulus):
            guard modulus != 0, modulus != -1, case .int(let number)? = value(of: base, in: model, at: indexPath)
            else { return nil }
            return .int(number % modulus)
        case .model(let path):
            var current = model
            for name in path.split(separator: ".") where !name.isEmpty {
                guard case .object(_, let properties) = current else { return current == .none ? Value.none : nil }
                current = properties[String(name)] ?? .none
            }
            return current
        }
    }
}
