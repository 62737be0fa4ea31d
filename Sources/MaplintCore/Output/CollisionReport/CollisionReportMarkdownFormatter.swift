import Foundation

/// `report --format markdown`: registrations, reuse identifiers, a verdict matrix per view
/// type, the overlapping pairs with witnesses, and the unreachable registrations.
public struct CollisionReportMarkdownFormatter: PlainOutputFormatter {
    public static let identifier = "markdown"

    /// Larger matrices are left out; the pair list still has every pair.
    public static let matrixLimit = 40

    public init() {}

    public func format(_ report: CollisionReport) -> String {
        var lines: [String] = []
        lines.append("# Registration report: \(text(report.file))")
        lines.append("")
        lines.append(Self.hostLine(report))
        lines.append("")

        lines.append("## Registrations")
        lines.append("")
        lines.append("| # | line | element | view | model | condition | reuse identifier | view source | status |")
        lines.append("|---|---|---|---|---|---|---|---|---|")
        for registration in report.registrations {
            lines.append(
                "| \(registration.index) | \(registration.location.line) | \(text(registration.viewType.description)) | "
                    + "\(text(registration.viewClass.value)) | \(text(registration.modelType.value.name)) | "
                    + "\(code(CollisionReport.conditionText(registration))) | \(code(registration.reuseIdentifier.value)) | "
                    + "\(text(report.viewSource(of: registration))) | \(status(of: registration.index, in: report)) |")
        }
        lines.append("")

        lines.append("## Reuse identifiers")
        lines.append("")
        if report.usesGeneratedRegistrations {
            lines.append(
                "The collection view generates a registration per mapping (iOS 14 and later): reuse identifiers cannot collide."
            )
        } else if report.reuseIdentifiers.isEmpty {
            lines.append("No registration is registered for reuse.")
        } else {
            lines.append("| identifier | namespace | registrations | collision | dequeued view |")
            lines.append("|---|---|---|---|---|")
            for group in report.reuseIdentifiers {
                let winner = report.registration(at: group.winner).map(report.viewSource(of:)) ?? "?"
                let hijacked = report.hijacked(in: group)
                var collision = group.collision ? "yes" : "no"
                if !hijacked.isEmpty {
                    collision =
                        "**yes**: " + hijacked.map { text(report.label($0)) }.joined(separator: ", ")
                        + " show\(hijacked.count == 1 ? "s" : "") \(text(winner))"
                } else if group.collision {
                    collision = "yes, harmless: the other mappings were unregistered"
                }
                lines.append(
                    "| \(code(group.identifier)) | \(text(group.namespace.name)) | "
                        + "\(group.registrations.map { text(report.label($0)) }.joined(separator: ", ")) | \(collision) | \(text(winner)) |"
                )
            }
        }
        lines.append("")

        lines.append("## Overlapping registrations")
        lines.append("")
        if report.pairs.isEmpty {
            lines.append("No two live registrations of one view type have overlapping model types.")
            lines.append("")
        }
        for viewType in report.viewTypes {
            let members = report.pairedRegistrations(of: viewType)
            guard !members.isEmpty else { continue }
            lines.append("### \(text(viewType.description))")
            lines.append("")
            if members.count > Self.matrixLimit {
                lines.append("\(members.count) registrations: too many for a matrix; see the pairs below.")
            } else {
                lines.append("| | " + members.map { text(report.label($0)) }.joined(separator: " | ") + " |")
                lines.append("|---|" + members.map { _ in "---|" }.joined())
                for row in members {
                    let cells = members.map { column -> String in
                        if row == column { return "—" }
                        guard let pair = report.pair(row, column) else { return " " }
                        return Self.symbol(pair.verdict)
                    }
                    lines.append("| \(text(report.label(row))) | " + cells.joined(separator: " | ") + " |")
                }
                lines.append("")
                lines.append(
                    "∩ intersecting (one item can match both), ∅ disjoint, ? unknown, blank: model types do not overlap."
                )
            }
            lines.append("")
        }
        if !report.pairs.isEmpty {
            lines.append("### Pairs")
            lines.append("")
            lines.append("| first | second | view type | verdict | example item (witness) | outcome |")
            lines.append("|---|---|---|---|---|---|")
            for pair in report.pairs {
                var witness = ""
                if case .intersecting(let example) = pair.verdict { witness = text(example.plainDescription) }
                lines.append(
                    "| \(text(report.label(pair.first))) | \(text(report.label(pair.second))) | \(text(pair.viewType.description)) | "
                        + "\(CollisionReport.verdictName(pair.verdict)) | \(witness) | \(text(report.outcome(of: pair))) |"
                )
            }
            if report.omittedDisjointPairs > 0 {
                lines.append("")
                lines.append(
                    "\(report.omittedDisjointPairs) disjoint pairs are left out (more than \(CollisionReport.disjointPairLimit) registrations of one view type)."
                )
            }
            lines.append("")
        }

        lines.append("## Unreachable registrations")
        lines.append("")
        if report.unreachable.isEmpty {
            lines.append("None found.")
        } else {
            for (index, covering) in report.unreachable.sorted(by: { $0.key < $1.key }) {
                let line = report.registration(at: index).map { " (line \($0.location.line))" } ?? ""
                lines.append(
                    "- **\(text(report.label(index)))\(line)** is never used: "
                        + covering.map { text(report.label($0)) }.joined(separator: ", ")
                        + " take\(covering.count == 1 ? "s" : "") every item it matches.")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func hostLine(_ report: CollisionReport) -> String {
        let host = report.host == .tableView ? "table view" : "collection view"
        let target = report.deploymentTarget.map { "deployment target \($0)" } ?? "no deployment target"
        return
            "Host: \(host), \(target). \(report.registrations.count) registrations, \(report.liveRegistrations.count) live."
    }

    static func symbol(_ verdict: PairVerdict) -> String {
        switch verdict {
        case .intersecting: "∩"
        case .disjoint: "∅"
        case .unknown: "?"
        }
    }

    private func status(of index: Int, in report: CollisionReport) -> String {
        if let removal = report.removedBy[index] { return "removed by entry \(removal)" }
        if let covering = report.unreachable[index] {
            return "**unreachable** (" + covering.map { text(report.label($0)) }.joined(separator: ", ")
                + (covering.count == 1 ? " matches first)" : " match first)")
        }
        return "live"
    }

    /// Plain text in a table cell: Markdown punctuation and pipes escaped, on one line.
    private func text(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\", "|", "*", "_", "`", "<", ">", "[", "]": result += "\\" + String(character)
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }

    /// A code span in a table cell; pipes stay escaped so the table holds.
    private func code(_ value: String) -> String {
        let flat = value.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
        let fence = flat.contains("`") ? "`` " : "`"
        let close = flat.contains("`") ? " ``" : "`"
        return fence + flat + close
    }
}
