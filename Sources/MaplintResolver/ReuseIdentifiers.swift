import MaplintLibrary
import MaplintManifest

/// Where a view is loaded from. Two registrations with the same source load the same view,
/// so sharing a reuse identifier between them is harmless.
package struct ViewSource: Hashable, Sendable {
    package var viewClass: String
    /// nil for code only.
    package var xibName: String?
    package var storyboard: Bool

    package init(viewClass: String, xibName: String?, storyboard: Bool) {
        self.viewClass = viewClass
        self.xibName = xibName
        self.storyboard = storyboard
    }

    package init(_ registration: Registration) {
        self.init(
            viewClass: registration.viewClass.value, xibName: registration.xibName, storyboard: registration.storyboard)
    }

    /// With `availableXibs` (the xibs under `--resources`), a xib that is not there is no
    /// source: the library registers the class instead. With `behaviour`, a collection view
    /// storyboard mapping whose xib the library registers is that xib, not the prototype
    /// (`LibraryBehaviour.xibReplacingPrototype`).
    package init(_ registration: Registration, availableXibs: Set<String>?, behaviour: LibraryBehaviour? = nil) {
        if let xib = behaviour?.xibReplacingPrototype(of: registration, availableXibs: availableXibs) {
            self.init(viewClass: registration.viewClass.value, xibName: xib, storyboard: false)
            return
        }
        if behaviour?.missingXibRegisteringNothing(of: registration, availableXibs: availableXibs) != nil {
            // Nothing is registered: a storyboard prototype of the identifier is dequeued.
            self.init(viewClass: registration.viewClass.value, xibName: nil, storyboard: true)
            return
        }
        // A storyboard mapping whose xib replaces nothing is its prototype: the dequeue probe of
        // `registerCellClass` finds it and the xib name is never read (TableViewFactory.swift, 7.2.0, 11.0.1).
        if behaviour != nil, registration.storyboard {
            self.init(viewClass: registration.viewClass.value, xibName: nil, storyboard: true)
            return
        }
        // A xib name the library ignores is no source of its own: the class-name xib is loaded (or the class,
        // when that xib is missing), as for a registration without `xib:` (`LibraryBehaviour.ignoresXibName`).
        var xibName =
            behaviour?.ignoresXibName(of: registration) == true ? registration.describedName : registration.xibName
        if let availableXibs, let name = xibName, !availableXibs.contains(name) { xibName = nil }
        self.init(viewClass: registration.viewClass.value, xibName: xibName, storyboard: registration.storyboard)
    }
}

/// A set of reuse identifiers the host view shares between registrations.
package enum ReuseNamespace: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Cells of a table or collection view.
    case cell
    /// Table view headers and footers (`UITableViewHeaderFooterView` subclasses only).
    case headerFooter
    /// Collection view supplementary views of one kind.
    case supplementary(kind: String)

    /// `cell`, `headerFooter`, or the supplementary kind.
    package var name: String {
        switch self {
        case .cell: "cell"
        case .headerFooter: "headerFooter"
        case .supplementary(let kind): kind
        }
    }

    package var description: String { name }

    /// The namespace a registration is registered for reuse in, or nil when the host does not
    /// share its identifier with anything: a plain `UIView` table header, or a code mapping of a
    /// collection view that generates its own registrations (storyboard mappings still dequeue
    /// their prototypes by identifier there).
    package static func of(_ registration: Registration, behaviour: LibraryBehaviour) -> ReuseNamespace? {
        switch behaviour.host {
        case .tableView:
            switch registration.viewType {
            case .cell: return .cell
            case .supplementary: return registration.headerFooterView ? .headerFooter : nil
            }
        case .collectionView:
            if behaviour.usesGeneratedRegistrations && !registration.storyboard { return nil }
            switch registration.viewType {
            case .cell: return .cell
            case .supplementary(let kind): return .supplementary(kind: kind)
            }
        }
    }

    /// The namespace an `unregister` clears an identifier in, if any: DT re-registers nil under
    /// the class name (`unregisterCellClass`, `unregisterHeaderClass`, 6.6.0 … 11.0.1); for
    /// collection supplementary views it passes the factory's own name, so nothing is cleared.
    static func cleared(by unregistration: Unregistration, behaviour: LibraryBehaviour) -> ReuseNamespace? {
        switch (behaviour.host, unregistration.viewType) {
        case (_, .cell): return .cell
        case (.tableView, .supplementary): return .headerFooter
        case (.collectionView, .supplementary): return nil
        }
    }
}

/// All registrations using one reuse identifier in one shared namespace.
package struct ReuseIdentifierGroup: Hashable, Sendable {
    package var identifier: String
    package var namespace: ReuseNamespace
    /// Registration indexes in entry order, including registrations later unregistered.
    package var registrations: [Int]
    /// Two or more different view sources share the identifier.
    package var collision: Bool
    /// The registration the host keeps for the identifier.
    package var winner: Int

    package init(identifier: String, namespace: ReuseNamespace, registrations: [Int], collision: Bool, winner: Int) {
        self.identifier = identifier
        self.namespace = namespace
        self.registrations = registrations
        self.collision = collision
        self.winner = winner
    }
}

/// The host view's reuse-identifier registrations once setup is done.
package struct ReuseIdentifierTable: Sendable {
    /// Groups in order of their first registration.
    package let groups: [ReuseIdentifierGroup]
    /// Registration index → the registration whose source the host dequeues for it.
    private let dequeueSource: [Int: Int]
    /// The xibs that exist, or nil when unknown (every xib name is taken at its word).
    package let availableXibs: Set<String>?
    /// Whether the first registration of an identifier is kept (table cells) or the last.
    package let behaviour: LibraryBehaviour
    /// Registration index → the `unregister` entry that cleared its reuse identifier for good:
    /// the unregister re-registered nil under the identifier and nothing registered it again.
    /// Registrations made after that unregister are not in it.
    package let clearedBy: [Int: Int]
    /// Registration index → the identifier its views are dequeued under, for registrations that
    /// dequeue another identifier than they register (DTCollectionViewManager 6 and 7 supplementary
    /// views with a custom `reuseIdentifier`: `LibraryBehaviour.dequeueIdentifier`).
    package let dequeuedUnder: [Int: String]
    /// The registrations of `dequeuedUnder` whose dequeue identifier nothing registers: UIKit raises.
    package let nothingRegisteredUnder: Set<Int>

    private struct Key: Hashable {
        var namespace: ReuseNamespace
        var identifier: String
    }

    /// Replays the registration calls in order against the host's reuse-identifier registry.
    /// - Parameter entries: every entry in order; registrations later unregistered are included
    ///   (the host registration already happened when the mapping is removed).
    package init(entries: [Entry], behaviour: LibraryBehaviour, availableXibs: Set<String>? = nil) {
        var replay = Replay(behaviour: behaviour, availableXibs: availableXibs)
        replay.placePrototypes(entries)
        for entry in entries { replay.apply(entry) }
        if behaviour.host == .tableView { replay.addPlainHeaderFooterViews(entries) }
        groups = replay.groups()
        let elsewhere = replay.dequeueUnderOtherIdentifiers(entries)
        dequeuedUnder = elsewhere.0
        nothingRegisteredUnder = elsewhere.1
        clearedBy = replay.clearedBy()
        dequeueSource = replay.dequeueSource
        self.availableXibs = availableXibs
        self.behaviour = behaviour
    }

    /// The registration calls replayed in order against the host's reuse-identifier registry.
    private struct Replay {
        let behaviour: LibraryBehaviour
        let availableXibs: Set<String>?
        var order: [Key] = []
        var members: [Key: [Registration]] = [:]
        var holder: [Key: Registration] = [:]
        var dequeueSource: [Int: Int] = [:]
        /// Identifiers an unregister cleared and nothing registered since: key → the unregister entry.
        var cleared: [Key: Int] = [:]
        /// The registration that held a cleared identifier when the unregister cleared it.
        var heldBeforeClearing: [Key: Registration] = [:]
        /// Storyboard mappings registering nothing in code whose prototype an earlier unregister cleared.
        var prototypeClearedEarlier: [Int: (key: Key, unregister: Int)] = [:]

        init(behaviour: LibraryBehaviour, availableXibs: Set<String>?) {
            self.behaviour = behaviour
            self.availableXibs = availableXibs
        }

        func source(_ registration: Registration) -> ViewSource {
            ViewSource(registration, availableXibs: availableXibs, behaviour: behaviour)
        }

        /// Storyboard prototypes exist before any code runs.
        mutating func placePrototypes(_ entries: [Entry]) {
            for case .registration(let registration) in entries
            where registration.storyboard
                || behaviour.missingXibRegisteringNothing(of: registration, availableXibs: availableXibs) != nil
            {
                guard let namespace = ReuseNamespace.of(registration, behaviour: behaviour) else { continue }
                let key = Key(namespace: namespace, identifier: registration.reuseIdentifier.value)
                if holder[key] == nil { holder[key] = registration }
            }
        }

        mutating func apply(_ entry: Entry) {
            switch entry {
            case .registration(let registration):
                guard let namespace = ReuseNamespace.of(registration, behaviour: behaviour) else {
                    dequeueSource[registration.index] = registration.index
                    return
                }
                let key = Key(namespace: namespace, identifier: registration.reuseIdentifier.value)
                if members[key] == nil { order.append(key) }
                members[key, default: []].append(registration)
                // A table has no storyboard flag: when an unregister cleared the prototype (UIKit keeps prototypes in
                // the registry `register(nil, …)` clears), the dequeue probe finds nothing and `registerCellClass`
                // registers the class or xib (TableViewFactory.swift, 7.2.0, 11.0.1; run on a UIKit stand-in).
                let prototypeCleared =
                    registration.storyboard && holder[key] == nil && cleared[key] != nil
                    && behaviour.firstRegistrationWins(in: namespace)
                // A collection view registers a storyboard mapping's xib when it exists, replacing the prototype.
                let registersNothing =
                    behaviour.missingXibRegisteringNothing(of: registration, availableXibs: availableXibs) != nil
                guard
                    prototypeCleared || !registration.storyboard
                        || behaviour.xibReplacingPrototype(of: registration, availableXibs: availableXibs) != nil,
                    !registersNothing
                else {
                    // The prototype was in the registry before any code ran, so an earlier unregister of its
                    // identifier cleared it too (run on a UIKit stand-in, CollectionViewFactory.swift 11.0.0); a
                    // registration that registers nothing relies on that prototype as well
                    // (`registerCellClass` without the xib, CollectionViewFactory.swift 6.6.0).
                    if registration.storyboard || registersNothing, let unregister = cleared[key] {
                        prototypeClearedEarlier[registration.index] = (key, unregister)
                    }
                    return
                }
                // `registerNibNamed` in DT 6 and 7 registers without the dequeue probe: it replaces.
                if holder[key] == nil || !behaviour.firstRegistrationWins(in: namespace)
                    || registration.registerNibNamed
                {
                    holder[key] = registration
                    cleared[key] = nil
                }
            case .unregister(let unregistration):
                guard let namespace = ReuseNamespace.cleared(by: unregistration, behaviour: behaviour) else { return }
                let key = Key(namespace: namespace, identifier: DTNames.describing(unregistration.viewClass.value))
                if let held = holder[key] { heldBeforeClearing[key] = held }
                holder[key] = nil
                cleared[key] = unregistration.index
            case .event:
                return
            }
        }

        /// A plain UIView table header or footer is never registered, but its mapping first
        /// dequeues its identifier (TableViewFactory.swift `headerFooterView` 7.2.0,
        /// TableViewHeaderFooterViewModelMapping.swift 11.0.1): a header/footer view registered
        /// there answers instead of its xib.
        mutating func addPlainHeaderFooterViews(_ entries: [Entry]) {
            for case .registration(let registration) in entries
            where registration.viewType != .cell && !registration.headerFooterView {
                let key = Key(namespace: .headerFooter, identifier: registration.reuseIdentifier.value)
                guard holder[key] != nil, members[key] != nil else { continue }
                members[key]?.append(registration)
                members[key]?.sort { $0.index < $1.index }
            }
        }

        /// The groups, in the order their identifiers were first registered; each member's view
        /// comes from the winner unless both load the same view.
        mutating func groups() -> [ReuseIdentifierGroup] {
            var groups: [ReuseIdentifierGroup] = []
            for key in order {
                let group = members[key] ?? []
                // A cleared identifier holds nothing: no member dequeues another's view (`cleared-reuse-identifier`
                // says what happens instead), even when the unregistered class's own registration registered nothing
                // (TableViewFactory.swift, `unregisterCellClass`, 7.2.0, 11.0.1: nil under the class name).
                if cleared[key] != nil, let held = heldBeforeClearing[key] ?? group.first {
                    for registration in group { dequeueSource[registration.index] = registration.index }
                    groups.append(
                        ReuseIdentifierGroup(
                            identifier: key.identifier, namespace: key.namespace, registrations: group.map(\.index),
                            collision: false, winner: held.index))
                    continue
                }
                guard let winner = holder[key] ?? group.last else { continue }
                let winnerSource = source(winner)
                for registration in group {
                    dequeueSource[registration.index] =
                        source(registration) == winnerSource ? registration.index : winner.index
                }
                groups.append(
                    ReuseIdentifierGroup(
                        identifier: key.identifier, namespace: key.namespace, registrations: group.map(\.index),
                        collision: Set(group.map(source)).count > 1, winner: winner.index))
            }
            return groups
        }

        /// Registrations dequeued under another identifier than their own take the view
        /// registered there: those identifiers, and the registrations under which nothing is.
        mutating func dequeueUnderOtherIdentifiers(_ entries: [Entry]) -> ([Int: String], Set<Int>) {
            var dequeuedUnder: [Int: String] = [:]
            var nothingRegisteredUnder: Set<Int> = []
            for case .registration(let registration) in entries {
                let identifier = behaviour.dequeueIdentifier(of: registration)
                guard identifier != registration.reuseIdentifier.value,
                    let namespace = ReuseNamespace.of(registration, behaviour: behaviour)
                else { continue }
                dequeuedUnder[registration.index] = identifier
                guard let holder = holder[Key(namespace: namespace, identifier: identifier)] else {
                    nothingRegisteredUnder.insert(registration.index)
                    dequeueSource[registration.index] = registration.index
                    continue
                }
                dequeueSource[registration.index] =
                    source(holder) == source(registration) ? registration.index : holder.index
            }
            return (dequeuedUnder, nothingRegisteredUnder)
        }

        /// The registrations sharing a cleared identifier that were registered before the unregister.
        func clearedBy() -> [Int: Int] {
            var clearedBy: [Int: Int] = [:]
            for (key, unregister) in cleared {
                for registration in members[key] ?? [] where registration.index < unregister {
                    clearedBy[registration.index] = unregister
                }
            }
            for (index, earlier) in prototypeClearedEarlier where cleared[earlier.key] == earlier.unregister {
                clearedBy[index] = earlier.unregister
            }
            return clearedBy
        }
    }

    package init(manifest: Manifest, availableXibs: Set<String>? = nil) {
        self.init(entries: manifest.entries, behaviour: manifest.behaviour, availableXibs: availableXibs)
    }

    /// Where the host loads a registration's view from.
    package func source(of registration: Registration) -> ViewSource {
        ViewSource(registration, availableXibs: availableXibs, behaviour: behaviour)
    }

    /// The xib the host registered for a storyboard mapping in place of its prototype, if any.
    package func xibReplacingPrototype(of registration: Registration) -> String? {
        behaviour.xibReplacingPrototype(of: registration, availableXibs: availableXibs)
    }

    /// The registration whose view source is dequeued when `registrationIndex` dequeues its
    /// reuse identifier: itself, unless another source took the identifier over.
    package func dequeuedFrom(_ registrationIndex: Int) -> Int {
        dequeueSource[registrationIndex] ?? registrationIndex
    }

    package var collisions: [ReuseIdentifierGroup] { groups.filter(\.collision) }
}
