/// Where a view is loaded from. Two registrations with the same source load the same view,
/// so sharing a reuse identifier between them is harmless.
public struct ViewSource: Hashable, Sendable {
    public var viewClass: String
    /// nil for code only.
    public var xibName: String?
    public var storyboard: Bool

    public init(viewClass: String, xibName: String?, storyboard: Bool) {
        self.viewClass = viewClass
        self.xibName = xibName
        self.storyboard = storyboard
    }

    public init(_ registration: Registration) {
        self.init(
            viewClass: registration.viewClass.value, xibName: registration.xibName, storyboard: registration.storyboard)
    }

    /// With `availableXibs` (the xibs under `--resources`), a xib that is not there is no
    /// source: the library registers the class instead.
    public init(_ registration: Registration, availableXibs: Set<String>?) {
        var xibName = registration.xibName
        if let availableXibs, let name = xibName, !availableXibs.contains(name) { xibName = nil }
        self.init(viewClass: registration.viewClass.value, xibName: xibName, storyboard: registration.storyboard)
    }
}

/// A set of reuse identifiers the host view shares between registrations.
public enum ReuseNamespace: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Cells of a table or collection view.
    case cell
    /// Table view headers and footers (`UITableViewHeaderFooterView` subclasses only).
    case headerFooter
    /// Collection view supplementary views of one kind.
    case supplementary(kind: String)

    /// `cell`, `headerFooter`, or the supplementary kind.
    public var name: String {
        switch self {
        case .cell: "cell"
        case .headerFooter: "headerFooter"
        case .supplementary(let kind): kind
        }
    }

    public var description: String { name }

    /// The namespace a registration is registered for reuse in, or nil when the host does not
    /// share its identifier with anything (a plain `UIView` table header, or a collection view
    /// that generates its own registrations).
    public static func of(_ registration: Registration, host: Host, usesGeneratedRegistrations: Bool) -> ReuseNamespace?
    {
        switch host {
        case .tableView:
            switch registration.viewType {
            case .cell: return .cell
            case .supplementary: return registration.headerFooterView ? .headerFooter : nil
            }
        case .collectionView:
            if usesGeneratedRegistrations { return nil }
            switch registration.viewType {
            case .cell: return .cell
            case .supplementary(let kind): return .supplementary(kind: kind)
            }
        }
    }
}

/// All registrations using one reuse identifier in one shared namespace.
public struct ReuseIdentifierGroup: Hashable, Sendable {
    public var identifier: String
    public var namespace: ReuseNamespace
    /// Registration indexes in entry order, including registrations later unregistered.
    public var registrations: [Int]
    /// Two or more different view sources share the identifier.
    public var collision: Bool
    /// The registration the host keeps for the identifier.
    public var winner: Int

    public init(identifier: String, namespace: ReuseNamespace, registrations: [Int], collision: Bool, winner: Int) {
        self.identifier = identifier
        self.namespace = namespace
        self.registrations = registrations
        self.collision = collision
        self.winner = winner
    }
}

/// The host view's reuse-identifier registrations once setup is done.
public struct ReuseIdentifierTable: Sendable {
    /// Groups in order of their first registration.
    public let groups: [ReuseIdentifierGroup]
    /// Registration index → the registration whose source the host dequeues for it.
    private let dequeueSource: [Int: Int]
    /// The xibs that exist, or nil when unknown (every xib name is taken at its word).
    public let availableXibs: Set<String>?

    /// - Parameter registrations: every registration in entry order, unregistered ones
    ///   included (the host registration already happened when the mapping is removed).
    public init(
        registrations: [Registration], host: Host, usesGeneratedRegistrations: Bool, availableXibs: Set<String>? = nil
    ) {
        struct Key: Hashable {
            var namespace: ReuseNamespace
            var identifier: String
        }
        var order: [Key] = []
        var members: [Key: [Registration]] = [:]
        var dequeueSource: [Int: Int] = [:]
        for registration in registrations {
            guard
                let namespace = ReuseNamespace.of(
                    registration, host: host, usesGeneratedRegistrations: usesGeneratedRegistrations)
            else {
                dequeueSource[registration.index] = registration.index
                continue
            }
            let key = Key(namespace: namespace, identifier: registration.reuseIdentifier.value)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(registration)
        }
        var groups: [ReuseIdentifierGroup] = []
        for key in order {
            let group = members[key] ?? []
            // Storyboard prototypes exist before any code runs, so any code registration
            // replaces them; otherwise the last registration wins.
            guard let winner = group.last(where: { !$0.storyboard }) ?? group.last else { continue }
            let winnerSource = ViewSource(winner, availableXibs: availableXibs)
            for registration in group {
                dequeueSource[registration.index] =
                    ViewSource(registration, availableXibs: availableXibs) == winnerSource
                    ? registration.index : winner.index
            }
            groups.append(
                ReuseIdentifierGroup(
                    identifier: key.identifier, namespace: key.namespace, registrations: group.map(\.index),
                    collision: Set(group.map { ViewSource($0, availableXibs: availableXibs) }).count > 1,
                    winner: winner.index))
        }
        self.groups = groups
        self.dequeueSource = dequeueSource
        self.availableXibs = availableXibs
    }

    public init(manifest: Manifest, availableXibs: Set<String>? = nil) {
        self.init(
            registrations: manifest.registrations, host: manifest.host,
            usesGeneratedRegistrations: manifest.usesGeneratedRegistrations,
            availableXibs: availableXibs)
    }

    /// Where the host loads a registration's view from.
    public func source(of registration: Registration) -> ViewSource {
        ViewSource(registration, availableXibs: availableXibs)
    }

    /// The registration whose view source is dequeued when `registrationIndex` dequeues its
    /// reuse identifier: itself, unless another source took the identifier over.
    public func dequeuedFrom(_ registrationIndex: Int) -> Int {
        dequeueSource[registrationIndex] ?? registrationIndex
    }

    public var collisions: [ReuseIdentifierGroup] { groups.filter(\.collision) }
}
