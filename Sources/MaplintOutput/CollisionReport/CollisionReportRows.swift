import MaplintFindings
import MaplintReport
import MaplintSolver

/// What the Markdown and HTML reports show, row by row, as plain text: each format adds its
/// own escaping and emphasis, so both say the same thing.
struct CollisionReportRows {
    let report: CollisionReport

    // MARK: Sentences

    static let generatedRegistrations =
        "The collection view generates a registration per mapping (iOS 14 and later): reuse identifiers cannot collide."
    static let nothingForReuse = "No registration is registered for reuse."
    static let noOverlaps = "No two live registrations of one view type have overlapping model types."
    static let matrixLegend =
        "∩ intersecting (one item can match both), ∅ disjoint, ? unknown, blank: model types do not overlap."
    static let noUnreachable = "None found."

    /// Larger matrices are left out; the pair list still has every pair.
    static let matrixLimit = 40

    var hostLine: String {
        let host = report.host == .tableView ? "table view" : "collection view"
        let target = report.deploymentTarget.map { "deployment target \($0)" } ?? "no deployment target"
        return
            "Host: \(host), \(target). \(report.registrations.count) registration\(report.registrations.count == 1 ? "" : "s"), \(report.liveRegistrations.count) live."
    }

    static func tooManyForAMatrix(_ count: Int) -> String {
        "\(count) registrations: too many for a matrix; see the pairs below."
    }

    var omittedPairs: String? {
        guard report.omittedDisjointPairs > 0 else { return nil }
        return
            "\(report.omittedDisjointPairs) disjoint pairs are left out (more than \(CollisionReport.disjointPairLimit) registrations of one view type)."
    }

    static func symbol(_ verdict: PairVerdict) -> String {
        switch verdict {
        case .intersecting: "∩"
        case .disjoint: "∅"
        case .unknown: "?"
        }
    }

    // MARK: Registrations

    enum Status {
        case live
        case removed(byEntry: Int)
        /// The labels of the earlier registrations that take every item it matches.
        case unreachable(coveredBy: [String])
    }

    struct RegistrationRow {
        var index: Int
        var line: Int
        var location: SourceLocation
        var element: String
        var view: String
        var model: String
        var condition: String
        var reuseIdentifier: String
        var viewSource: String
        var status: Status
    }

    var registrations: [RegistrationRow] {
        report.registrations.map { registration in
            RegistrationRow(
                index: registration.index, line: registration.location.line, location: registration.location,
                element: registration.viewType.description, view: registration.viewClass.value,
                model: registration.modelType.value.name, condition: CollisionReport.conditionText(registration),
                reuseIdentifier: registration.reuseIdentifier.value, viewSource: report.viewSource(of: registration),
                status: status(of: registration.index))
        }
    }

    private func status(of index: Int) -> Status {
        if let removal = report.removedBy[index] { return .removed(byEntry: removal) }
        if let covering = report.unreachable[index] { return .unreachable(coveredBy: covering.map(report.label)) }
        return .live
    }

    // MARK: Reuse identifiers

    enum Collision {
        case none
        /// The identifier is shared, but the other mappings were unregistered.
        case harmless
        /// The labels of the mappings that show the winner's view instead of their own.
        case hijacked([String])
    }

    struct ReuseIdentifierRow {
        var identifier: String
        var namespace: String
        var registrations: [String]
        var collision: Collision
        /// The view source dequeued under the identifier.
        var winner: String
    }

    var reuseIdentifiers: [ReuseIdentifierRow] {
        report.reuseIdentifiers.map { group in
            let hijacked = report.hijacked(in: group)
            let collision: Collision =
                !hijacked.isEmpty ? .hijacked(hijacked.map(report.label)) : group.collision ? .harmless : .none
            return ReuseIdentifierRow(
                identifier: group.identifier, namespace: group.namespace.name,
                registrations: group.registrations.map(report.label), collision: collision,
                winner: report.registration(at: group.winner).map(report.viewSource(of:)) ?? "?")
        }
    }

    static let harmlessCollision = "yes, harmless: the other mappings were unregistered"

    /// `shows` or `show`, after the hijacked labels.
    static func shows(_ hijacked: [String]) -> String { hijacked.count == 1 ? "shows" : "show" }

    // MARK: Overlapping registrations

    /// One matrix per view type with paired registrations; `members` holds the registration
    /// indexes in order, `nil` when there are more than `matrixLimit`.
    struct Matrix {
        var viewType: String
        var count: Int
        var members: [Int]?
    }

    var matrices: [Matrix] {
        report.viewTypes.compactMap { viewType in
            let members = report.pairedRegistrations(of: viewType)
            guard !members.isEmpty else { return nil }
            return Matrix(
                viewType: viewType.description, count: members.count,
                members: members.count > Self.matrixLimit ? nil : members)
        }
    }

    struct PairRow {
        var first: String
        var second: String
        var viewType: String
        var verdict: String
        /// The example item, for an intersecting pair.
        var witness: String?
        var outcome: String
    }

    var pairs: [PairRow] {
        report.pairs.map { pair in
            var witness: String?
            if case .intersecting(let example) = pair.verdict { witness = example.plainDescription }
            return PairRow(
                first: report.label(pair.first), second: report.label(pair.second),
                viewType: pair.viewType.description, verdict: CollisionReport.verdictName(pair.verdict),
                witness: witness, outcome: report.outcome(of: pair))
        }
    }

    // MARK: Unreachable registrations

    struct UnreachableRow {
        /// The registration's label and line, such as `#2 PostCell (line 14)`.
        var registration: String
        var location: SourceLocation?
        var coveredBy: [String]

        /// `takes` or `take`, after the covering labels.
        var takes: String { coveredBy.count == 1 ? "takes" : "take" }
    }

    var unreachable: [UnreachableRow] {
        report.unreachable.sorted(by: { $0.key < $1.key }).map { index, covering in
            let line = report.registration(at: index).map { " (line \($0.location.line))" } ?? ""
            return UnreachableRow(
                registration: report.label(index) + line, location: report.registration(at: index)?.location,
                coveredBy: covering.map(report.label))
        }
    }
}
