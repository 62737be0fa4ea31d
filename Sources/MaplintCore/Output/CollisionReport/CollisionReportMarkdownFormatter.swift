import Foundation

/// `report --format markdown`, written to be posted as a pull-request comment: the counts, the
/// registration diagram as a Mermaid block (GitHub draws it), the findings, then, folded in `<details>`, the
/// registrations, reuse identifiers, a verdict matrix per view type, the overlapping pairs with
/// witnesses, and the unreachable registrations.
public struct CollisionReportMarkdownFormatter: PlainOutputFormatter {
    public static let identifier = "markdown"

    public init() {}

    public func format(_ report: CollisionReport) -> String {
        let rows = CollisionReportRows(report: report)
        let sections = [
            ["# Registration report: \(text(report.file))", "", rows.hostLine, ""],
            summary(report), diagram(report), findings(report),
            ["<details>", "<summary>Registrations, reuse identifiers and overlapping registrations</summary>", ""],
            registrations(rows), reuseIdentifiers(rows), overlaps(rows, report), pairs(rows), unreachable(rows),
            ["", "</details>"],
        ]
        return sections.joined().joined(separator: "\n") + "\n"
    }

    private func summary(_ report: CollisionReport) -> [String] {
        let summary = CollisionReportSummary(report: report)
        let counted = summary.lines.filter { $0.anchor != "findings" }
        return [
            "| " + counted.map(\.title).joined(separator: " | ") + " | findings |",
            "|" + String(repeating: "---|", count: counted.count + 1),
            "| " + counted.map { String($0.count) }.joined(separator: " | ") + " | \(summary.findingCounts) |", "",
        ]
    }

    private func diagram(_ report: CollisionReport) -> [String] {
        let diagram = RegistrationDiagram(report: report)
        guard !diagram.nodes.isEmpty else { return ["No registrations.", ""] }
        var lines = [Self.diagramLegend, ""]
        if let note = diagram.foldedNote { lines += ["**\(text(note))**", ""] }
        return lines + [RegistrationDiagramMermaid(diagram: diagram).render(), ""]
    }

    /// The findings `maplint lint` reports on the manifest, one row each, with their places.
    private func findings(_ report: CollisionReport) -> [String] {
        guard !report.findings.isEmpty else { return ["## Findings", "", "No findings.", ""] }
        var lines = ["## Findings", "", "| # | severity | where | rule | message |", "|---|---|---|---|---|"]
        for (position, finding) in report.findings.enumerated() {
            let related = finding.related.map { " " + code($0.location.description) + ": " + text($0.message) }
            lines.append(
                "| \(position + 1) | \(finding.severity.rawValue) | \(code(finding.location.description)) | "
                    + "\(code(finding.rule.rawValue)) | \(text(finding.message))"
                    + (related.isEmpty ? "" : "<br>related:" + related.joined(separator: "<br>")) + " |")
        }
        return lines + [""]
    }

    static let diagramLegend =
        "Model types → registrations → reuse identifiers → views. Red: a reuse identifier collision "
        + "(a dashed red arrow points at a view that is never dequeued); dashed orange: a registration "
        + "earlier ones shadow; grey: a removed registration."

    private func registrations(_ rows: CollisionReportRows) -> [String] {
        var lines = [
            "## Registrations", "",
            "| # | line | element | view | model | condition | reuse identifier | view source | status |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for row in rows.registrations {
            let status: String
            switch row.status {
            case .live: status = "live"
            case .removed(let entry): status = "removed by entry \(entry)"
            case .unreachable(let covering):
                status =
                    "**unreachable** (" + covering.map(text).joined(separator: ", ")
                    + (covering.count == 1 ? " matches first)" : " match first)")
            }
            lines.append(
                "| \(row.index) | \(row.line) | \(text(row.element)) | \(text(row.view)) | \(text(row.model)) | "
                    + "\(code(row.condition)) | \(code(row.reuseIdentifier)) | \(text(row.viewSource)) | \(status) |")
        }
        return lines + [""]
    }

    private func reuseIdentifiers(_ rows: CollisionReportRows) -> [String] {
        var lines = ["## Reuse identifiers", ""]
        if rows.report.usesGeneratedRegistrations {
            lines.append(CollisionReportRows.generatedRegistrations)
        } else if rows.report.reuseIdentifiers.isEmpty {
            lines.append(CollisionReportRows.nothingForReuse)
        } else {
            lines += [
                "| identifier | namespace | registrations | collision | dequeued view |", "|---|---|---|---|---|",
            ]
            for row in rows.reuseIdentifiers {
                let collision: String
                switch row.collision {
                case .none: collision = "no"
                case .harmless: collision = CollisionReportRows.harmlessCollision
                case .hijacked(let hijacked):
                    collision =
                        "**yes**: " + hijacked.map(text).joined(separator: ", ")
                        + " \(CollisionReportRows.shows(hijacked)) \(text(row.winner))"
                }
                lines.append(
                    "| \(code(row.identifier)) | \(text(row.namespace)) | "
                        + "\(row.registrations.map(text).joined(separator: ", ")) | \(collision) | \(text(row.winner)) |"
                )
            }
        }
        return lines + [""]
    }

    /// A verdict matrix per view type.
    private func overlaps(_ rows: CollisionReportRows, _ report: CollisionReport) -> [String] {
        var lines = ["## Overlapping registrations", ""]
        if report.pairs.isEmpty { lines += [CollisionReportRows.noOverlaps, ""] }
        for matrix in rows.matrices {
            lines += ["### \(text(matrix.viewType))", ""]
            guard let members = matrix.members else {
                lines += [CollisionReportRows.tooManyForAMatrix(matrix.count), ""]
                continue
            }
            lines.append("| | " + members.map { text(report.label($0)) }.joined(separator: " | ") + " |")
            lines.append("|---|" + members.map { _ in "---|" }.joined())
            for row in members {
                let cells = members.map { column -> String in
                    if row == column { return "—" }
                    guard let pair = report.pair(row, column) else { return " " }
                    return CollisionReportRows.symbol(pair.verdict)
                }
                lines.append("| \(text(report.label(row))) | " + cells.joined(separator: " | ") + " |")
            }
            lines += ["", CollisionReportRows.matrixLegend, ""]
        }
        return lines
    }

    private func pairs(_ rows: CollisionReportRows) -> [String] {
        let pairs = rows.pairs
        guard !pairs.isEmpty else { return [] }
        var lines = [
            "### Pairs", "", "| first | second | view type | verdict | example item (witness) | outcome |",
            "|---|---|---|---|---|---|",
        ]
        for pair in pairs {
            lines.append(
                "| \(text(pair.first)) | \(text(pair.second)) | \(text(pair.viewType)) | "
                    + "\(pair.verdict) | \(pair.witness.map(text) ?? "") | \(text(pair.outcome)) |")
        }
        if let omitted = rows.omittedPairs { lines += ["", omitted] }
        return lines + [""]
    }

    private func unreachable(_ rows: CollisionReportRows) -> [String] {
        let unreachable = rows.unreachable
        guard !unreachable.isEmpty else {
            return ["## Unreachable registrations", "", CollisionReportRows.noUnreachable]
        }
        return ["## Unreachable registrations", ""]
            + unreachable.map { row in
                "- **\(text(row.registration))** is never used: "
                    + row.coveredBy.map(text).joined(separator: ", ") + " \(row.takes) every item it matches."
            }
    }

    /// Plain text in a table cell: Markdown punctuation, HTML and pipes escaped, on one line.
    private func text(_ value: String) -> String {
        OutputEscaping.markdownText(value)
    }

    /// A code span in a table cell; pipes stay escaped so the table holds.
    private func code(_ value: String) -> String {
        OutputEscaping.markdownCode(value)
    }
}
