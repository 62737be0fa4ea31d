import MaplintManifest
import MaplintResolver

/// The registrations of a report as a graph in four columns: model types → registrations →
/// reuse identifiers → views. `report --format html` draws it as SVG, `--format markdown` as a
/// Mermaid flowchart; both take the nodes and edges from here, so they show the same thing.
///
/// Everything is ordered by entry order, so the same manifest always gives the same diagram.
/// Above `registrationLimit` registrations, the registrations with a problem are kept first,
/// then the earliest others; the rest are folded into a count.
package struct RegistrationDiagram: Sendable {
    package enum Column: Int, Sendable, CaseIterable {
        case model, registration, reuseIdentifier, view

        package var title: String {
            switch self {
            case .model: "model types"
            case .registration: "registrations"
            case .reuseIdentifier: "reuse identifiers"
            case .view: "views"
            }
        }
    }

    /// What the diagram marks on a node.
    package enum Mark: String, Sendable, Hashable, Comparable {
        /// A reuse identifier under which a registration's own view is never dequeued.
        case collision
        /// A registration that earlier registrations shadow: it is never used.
        case shadowed
        /// A registration whose view another registration's view replaces under its identifier.
        case hijacked
        /// A registration removed by an `unregister` entry.
        case removed

        package static func < (lhs: Mark, rhs: Mark) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    package struct Node: Sendable, Hashable {
        /// `m0`, `r3`, `i1`, `v2`: made by maplint, never from the manifest.
        package var id: String
        package var column: Column
        package var label: String
        /// A longer description (a tooltip).
        package var detail: String
        package var marks: [Mark]
        /// The entry index, for a registration node.
        package var registration: Int?

        /// The one mark a drawing shows: a collision (a hijacked registration counts as one),
        /// then shadowed, then removed.
        package var shownMark: Mark? {
            if marks.contains(.collision) || marks.contains(.hijacked) { return .collision }
            if marks.contains(.shadowed) { return .shadowed }
            if marks.contains(.removed) { return .removed }
            return nil
        }
    }

    package struct Edge: Sendable, Hashable {
        package var from: Int
        package var to: Int
        /// A reuse identifier → view edge whose view is never dequeued under that identifier.
        package var notDequeued: Bool
        /// An edge that only removed registrations take.
        package var removed: Bool
    }

    /// Two drawn registrations of one view type that one item can match both (or that maplint
    /// could not tell apart): `report --format html` draws a curve between them.
    package struct Overlap: Sendable, Hashable {
        package enum Kind: String, Sendable, Hashable {
            /// One item can match both; the first registered takes it.
            case intersecting
            /// Both match some items, in the fallback order (specific first, general last).
            case fallback
            /// The solver could not decide.
            case unknown
        }

        /// Positions in `nodes` of the two registrations, the earlier first.
        package var from: Int
        package var to: Int
        package var kind: Kind
        /// What happens to an item both match, with the example item (the witness): a tooltip.
        package var detail: String
    }

    /// Above this many registrations the diagram keeps this many and folds the others.
    package static let registrationLimit = 80

    /// Nodes, column by column, each column in drawing order.
    package private(set) var nodes: [Node] = []
    /// Edges in the order of their source, then target.
    package private(set) var edges: [Edge] = []
    /// Overlapping pairs among the drawn registrations, in the order of the report's pairs.
    package private(set) var overlaps: [Overlap] = []
    /// How many registrations are left out.
    private(set) var foldedRegistrations = 0
    private(set) var totalRegistrations = 0

    package init(report: CollisionReport, limit: Int = registrationLimit) {
        totalRegistrations = report.registrations.count
        let shown = Self.shownRegistrations(report, limit: limit)
        foldedRegistrations = report.registrations.count - shown.count
        var columns = Columns(report: report)
        for registration in shown { columns.add(registration) }
        nodes = columns.nodes
        edges = columns.edges()
        overlaps = Self.overlaps(report, registrationNodes: columns.registrationNodePositions())
    }

    /// The overlapping pairs among the drawn registrations (`registrationNodes`: registration
    /// index → position in `nodes`).
    private static func overlaps(_ report: CollisionReport, registrationNodes: [Int: Int]) -> [Overlap] {
        var overlaps: [Overlap] = []
        for pair in report.pairs {
            guard let from = registrationNodes[pair.first], let to = registrationNodes[pair.second] else { continue }
            let kind: Overlap.Kind
            var detail = "\(report.label(pair.first)) and \(report.label(pair.second)) overlap: "
            switch pair.verdict {
            case .disjoint: continue
            case .intersecting(let witness):
                kind = pair.fallback ? .fallback : .intersecting
                detail += "an item such as \(witness.plainDescription) matches both. "
            case .unknown: kind = .unknown
            }
            overlaps.append(Overlap(from: from, to: to, kind: kind, detail: detail + report.outcome(of: pair)))
        }
        return overlaps
    }

    /// The four columns as the registrations are added, each node made once, and the edges
    /// between them as (column, position) pairs until every column is complete.
    private struct Columns {
        let report: CollisionReport
        /// Registrations whose identifier dequeues another registration's view.
        var hijacked: Set<Int> = []
        /// Positions in `report.reuseIdentifiers` of the groups with a collision.
        var collisionGroups: Set<Int> = []
        /// Registration index → position of its group in `report.reuseIdentifiers`.
        var groupOf: [Int: Int] = [:]
        var models: [String: Int] = [:]
        var identifiers: [String: Int] = [:]
        var views: [ViewSource: Int] = [:]
        var modelNodes: [Node] = []
        var registrationNodes: [Node] = []
        var identifierNodes: [Node] = []
        var viewNodes: [Node] = []
        var pending: [(Column, Int, Column, Int, Bool, removed: Bool)] = []

        init(report: CollisionReport) {
            self.report = report
            for (position, group) in report.reuseIdentifiers.enumerated() {
                let taken = report.hijacked(in: group)
                if !taken.isEmpty { collisionGroups.insert(position) }
                hijacked.formUnion(taken)
                for index in group.registrations { groupOf[index] = position }
            }
        }

        var nodes: [Node] { modelNodes + registrationNodes + identifierNodes + viewNodes }

        mutating func add(_ registration: Registration) {
            let index = registration.index
            let removed = report.removedBy[index] != nil
            let modelPosition = modelNode(registration.modelType.value.name)
            let registrationPosition = registrationNodes.count
            registrationNodes.append(registrationNode(registration))
            pending.append((.model, modelPosition, .registration, registrationPosition, false, removed))
            let identifierPosition = identifierNode(registration)
            pending.append((.registration, registrationPosition, .reuseIdentifier, identifierPosition, false, removed))
            let viewPosition = viewNode(registration)
            let notDequeued = hijacked.contains(index)
            pending.append((.reuseIdentifier, identifierPosition, .view, viewPosition, notDequeued, removed))
        }

        mutating func modelNode(_ model: String) -> Int {
            if let known = models[model] { return known }
            let position = modelNodes.count
            models[model] = position
            modelNodes.append(
                Node(id: "m\(position)", column: .model, label: model, detail: "model type \(model)", marks: []))
            return position
        }

        func registrationNode(_ registration: Registration) -> Node {
            let index = registration.index
            var marks: [Mark] = []
            var status = "live"
            if let entry = report.removedBy[index] {
                marks.append(.removed)
                status = "removed by entry \(entry)"
            }
            if let covering = report.unreachable[index] {
                marks.append(.shadowed)
                status = "never used: " + covering.map(report.label).joined(separator: ", ") + " match first"
            }
            if hijacked.contains(index) {
                marks.append(.hijacked)
                status =
                    status == "live"
                    ? "shows another registration's view"
                    : status + "; its reuse identifier dequeues another registration's view"
            }
            return Node(
                id: "r\(index)", column: .registration, label: report.label(index),
                detail:
                    "\(report.label(index)) (line \(registration.location.line)), \(registration.viewType), "
                    + "\(registration.modelType.value.name), condition: \(CollisionReport.conditionText(registration)); "
                    + status,
                marks: marks.sorted(), registration: index)
        }

        /// A registration the host does not share an identifier for gets its own node.
        mutating func identifierNode(_ registration: Registration) -> Int {
            let index = registration.index
            let key = groupOf[index].map { "g\($0)" } ?? "own\(index)"
            if let known = identifiers[key] { return known }
            let position = identifierNodes.count
            identifiers[key] = position
            let identifier = registration.reuseIdentifier.value
            var detail = "reuse identifier \(identifier)"
            var label = identifier
            var marks: [Mark] = []
            if let groupPosition = groupOf[index] {
                let group = report.reuseIdentifiers[groupPosition]
                if group.namespace != .cell { label += " (\(group.namespace.name))" }
                detail +=
                    " in \(group.namespace.name), shared by "
                    + group.registrations.map(report.label).joined(separator: ", ")
                if collisionGroups.contains(groupPosition) {
                    marks.append(.collision)
                    detail += "; collision: \(report.label(group.winner))'s view is dequeued for all of them"
                }
            } else {
                detail += ", not shared (the host registers each mapping on its own)"
            }
            identifierNodes.append(
                Node(id: "i\(position)", column: .reuseIdentifier, label: label, detail: detail, marks: marks))
            return position
        }

        mutating func viewNode(_ registration: Registration) -> Int {
            let source = ViewSource(registration, availableXibs: report.availableXibs, behaviour: report.behaviour)
            if let known = views[source] { return known }
            let position = viewNodes.count
            views[source] = position
            let label: String
            if source.storyboard {
                label = "\(source.viewClass) (storyboard)"
            } else if let xib = source.xibName {
                label = "\(xib).xib"
            } else {
                label = "\(source.viewClass) (code)"
            }
            viewNodes.append(
                Node(
                    id: "v\(position)", column: .view, label: label, detail: report.viewSource(of: registration),
                    marks: []))
            return position
        }

        /// The edges in the order of their source, then target. An edge is dequeued when any live
        /// registration through it shows that view, and removed when only removed registrations
        /// take it.
        func edges() -> [Edge] {
            let offsets: [Column: Int] = [
                .model: 0, .registration: modelNodes.count,
                .reuseIdentifier: modelNodes.count + registrationNodes.count,
                .view: modelNodes.count + registrationNodes.count + identifierNodes.count,
            ]
            var seenEdges: Set<[Int]> = []
            var ordered: [[Int]] = []
            var notDequeuedEdges: Set<[Int]> = []
            var dequeuedEdges: Set<[Int]> = []
            var liveEdges: Set<[Int]> = []
            for (fromColumn, from, toColumn, to, notDequeued, removed) in pending {
                let key = [(offsets[fromColumn] ?? 0) + from, (offsets[toColumn] ?? 0) + to]
                if seenEdges.insert(key).inserted { ordered.append(key) }
                if removed { continue }
                liveEdges.insert(key)
                if notDequeued { notDequeuedEdges.insert(key) } else { dequeuedEdges.insert(key) }
            }
            return ordered.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) }.map { key in
                Edge(
                    from: key[0], to: key[1],
                    notDequeued: notDequeuedEdges.contains(key) && !dequeuedEdges.contains(key),
                    removed: !liveEdges.contains(key))
            }
        }

        /// Registration index → position of its node in `nodes`.
        func registrationNodePositions() -> [Int: Int] {
            var positions: [Int: Int] = [:]
            for (position, node) in registrationNodes.enumerated() {
                if let index = node.registration { positions[index] = modelNodes.count + position }
            }
            return positions
        }
    }

    /// The registrations drawn, in entry order: all of them up to `limit`, otherwise those with
    /// a problem first, then the earliest others.
    private static func shownRegistrations(_ report: CollisionReport, limit: Int) -> [Registration] {
        guard report.registrations.count > limit else { return report.registrations }
        var flagged: Set<Int> = Set(report.unreachable.keys)
        for group in report.reuseIdentifiers where group.collision {
            flagged.formUnion(report.hijacked(in: group))
            flagged.insert(group.winner)
        }
        var kept: Set<Int> = []
        for registration in report.registrations where flagged.contains(registration.index) {
            guard kept.count < limit else { break }
            kept.insert(registration.index)
        }
        for registration in report.registrations where !kept.contains(registration.index) {
            guard kept.count < limit else { break }
            kept.insert(registration.index)
        }
        return report.registrations.filter { kept.contains($0.index) }
    }

    package func nodes(in column: Column) -> [Node] { nodes.filter { $0.column == column } }

    /// Whether the diagram leaves registrations out.
    var isFolded: Bool { foldedRegistrations > 0 }

    /// "12 of 240 registrations are drawn: …", or nil when every registration is.
    package var foldedNote: String? {
        guard isFolded else { return nil }
        return
            "\(totalRegistrations - foldedRegistrations) of \(totalRegistrations) registrations are drawn "
            + "(those with a problem first, then in entry order); \(foldedRegistrations) are left out. "
            + "The tables list every registration."
    }
}
