import MaplintAnalysis
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintResolver
import MaplintSolver

/// The items maplint makes for a screen that has no sample (a Swift screen, a manifest without
/// `sample`): for each live registration, one item that reaches it — of its model type, a witness
/// of its condition that no earlier registration takes, at an index path its condition allows —
/// headers, footers and supplementary views alike. A dead registration (every item it matches is
/// taken by an earlier one) gets an item of its own condition, which shows where such items go.
/// Resolved as at run time, they picture the screen (`report`) and list it (`resolve`).
package struct SynthesizedSample: Sendable {
    package struct Item: Sendable {
        /// The registration the item was made for (entry number).
        package var registration: Int
        /// The item resolved against every live registration.
        package var element: ResolvedElement
        /// The model of the item.
        package var model: Value
        /// Made for a dead registration: it goes elsewhere.
        package var isForDeadRegistration: Bool
        /// The model in words ("a Post with containsVideo == true", "any Post").
        package var example: String
    }

    /// More live registrations than this: items are made for the first ones only.
    package static let registrationLimit = 2000

    /// Section by section: the headers, the cells, the footers, the other supplementary views.
    package var items: [Item]
    /// Live registrations no item could be made for (an undecided condition; an opaque one whose
    /// items an earlier registration takes), by entry number. An opaque condition otherwise gets
    /// an item that reaches it when the condition holds (`ResolvedElement.whenConditionHolds`).
    package var unmade: [Int]

    package init(context: AnalysisContext) {
        var made: [(item: Item, indexPath: ItemIndexPath, constrainsItem: Bool)] = []
        var unmade: [Int] = []
        for registration in context.registrations.live.prefix(Self.registrationLimit) {
            let (witness, dead) = Self.witness(for: registration, in: context)
            guard let witness else {
                if let conditional = Self.conditionalItem(for: registration, in: context) {
                    made.append(conditional)
                } else {
                    unmade.append(registration.index)
                }
                continue
            }
            let element = context.resolver.resolve(
                SampleValue(value: witness.model, location: registration.location), as: registration.viewType,
                at: witness.indexPath)
            let item = Item(
                registration: registration.index, element: element, model: witness.model,
                isForDeadRegistration: dead, example: witness.modelDescription)
            made.append((item, witness.indexPath, witness.constrainsItem))
        }
        items = Self.placed(made, resolver: context.resolver, registrations: context.registrations.live).map {
            var item = $0
            item.element.synthesized = true
            return item
        }
        self.unmade = unmade
    }

    /// A witness that reaches the registration, and whether it is dead (then a witness of its own
    /// condition, which an earlier registration takes); nil when none could be found.
    private static func witness(
        for registration: Registration, in context: AnalysisContext
    ) -> (witness: Witness?, dead: Bool) {
        if let reachability = context.reachability[registration.index] {
            switch reachability.verdict {
            case .reachable(let witness): return (witness, false)
            case .covered: return (ownWitness(of: registration, solver: context.solver), true)
            case .unknown: break
            }
        }
        return (ownWitness(of: registration, solver: context.solver), false)
    }

    /// For a registration whose condition maplint cannot read (`opaqueCondition`): an item of its
    /// model type, in a section it allows, that reaches it when that condition holds (and those
    /// of the opaque registrations before it do not); resolved as at run time otherwise, so the
    /// item says which registration takes it when the condition does not hold. Nil when an earlier
    /// registration surely takes every such item, or none can be made.
    private static func conditionalItem(
        for registration: Registration, in context: AnalysisContext
    ) -> (item: Item, indexPath: ItemIndexPath, constrainsItem: Bool)? {
        guard case .opaque = registration.condition else { return nil }
        var assumed = registration
        assumed.condition = .none
        guard let witness = ownWitness(of: assumed, solver: context.solver) else { return nil }
        var element = context.resolver.resolve(
            SampleValue(value: witness.model, location: registration.location), as: registration.viewType,
            at: witness.indexPath)
        guard element.opaqueRegistrations.contains(registration.index) else { return nil }
        element.whenConditionHolds = registration.index
        let item = Item(
            registration: registration.index, element: element, model: witness.model, isForDeadRegistration: false,
            example: witness.modelDescription)
        return (item, witness.indexPath, witness.constrainsItem)
    }

    /// A witness of the registration's own condition, earlier registrations aside.
    private static func ownWitness(of registration: Registration, solver: ConditionSolver) -> Witness? {
        if case .reachable(let witness) = solver.coverage(of: registration, by: []) { return witness }
        return nil
    }

    /// The items in the order a screen shows them; cells whose condition leaves the item free are
    /// numbered one after another within their section (resolved again at that place).
    private static func placed(
        _ made: [(item: Item, indexPath: ItemIndexPath, constrainsItem: Bool)], resolver: Resolver,
        registrations: [Registration]
    ) -> [Item] {
        let byIndex = Dictionary(registrations.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        var taken: [Int: Set<Int>] = [:]
        for entry in made where entry.constrainsItem && entry.item.element.element == .cell {
            taken[entry.indexPath.section, default: []].insert(entry.indexPath.item)
        }
        var next: [Int: Int] = [:]
        var items: [Item] = []
        for entry in made {
            var item = entry.item
            let section = entry.indexPath.section
            if item.element.element == .cell, !entry.constrainsItem, let registration = byIndex[item.registration] {
                var number = next[section, default: 0]
                while taken[section, default: []].contains(number) { number += 1 }
                taken[section, default: []].insert(number)
                next[section] = number + 1
                if number != entry.indexPath.item {
                    let model = SampleValue(value: item.model, location: registration.location)
                    let conditional = item.element.whenConditionHolds
                    item.element = resolver.resolve(
                        model, as: .cell, at: ItemIndexPath(section: section, item: number))
                    item.element.whenConditionHolds = conditional
                }
            }
            items.append(item)
        }
        return items.sorted {
            ($0.element.section, rank($0.element.element), $0.element.item, $0.registration)
                < ($1.element.section, rank($1.element.element), $1.element.item, $1.registration)
        }
    }

    /// Headers first, then cells, footers, other supplementary views.
    private static func rank(_ viewType: ViewType) -> Int {
        switch viewType.elementName {
        case "header": 0
        case "cell": 1
        case "footer": 2
        default: 3
        }
    }
}
