import Foundation
import MaplintFindings
import MaplintReport

/// `report --format markdown`, written to be posted as a pull-request comment: the counts, the
/// registration diagram as a Mermaid block (GitHub draws it), the findings, then, folded in `<details>`, the
/// registrations, reuse identifiers, a verdict matrix per view type, the overlapping pairs with
/// witnesses, and the unreachable registrations.
struct CollisionReportMarkdownFormatter: PlainOutputFormatter {
    package static let identifier = "markdown"

    /// Set for the report of an app: places link to their Swift lines, and the report's
    /// headings are one level down, under the screen's.
    var links: SourceLinks?

    package init() {}

    init(links: SourceLinks?) {
        self.links = links
    }

    package func format(_ report: CollisionReport) -> String {
        (["# Registration report: \(text(report.file))", ""] + body(report)).joined(separator: "\n") + "\n"
    }

    /// Everything the report shows of one manifest, after its title.
    func body(_ report: CollisionReport) -> [String] {
        let rows = CollisionReportRows(report: report)
        let sections = [
            [rows.hostLine, ""],
            summary(report), diagram(report), findings(report),
            ["<details>", "<summary>Registrations, reuse identifiers and overlapping registrations</summary>", ""],
            registrations(rows), reuseIdentifiers(rows), overlaps(rows, report), pairs(rows), unreachable(rows),
            madeItems(report), ["", "</details>"],
        ]
        return Array(sections.joined())
    }

    /// A heading of `level` (2 for `##`), one level down in the report of an app.
    private func heading(_ level: Int, _ title: String) -> String {
        String(repeating: "#", count: level + (links == nil ? 0 : 1)) + " " + title
    }

    /// A place as text; in the report of an app, a link to its line.
    func place(_ location: SourceLocation) -> String {
        guard let href = links?.href(location) else { return code(location.description) }
        return "[\(text(location.description))](\(href))"
    }

    /// `- **error** place: message `rule``, then its related places.
    func findingList(_ findings: [Diagnostic]) -> [String] {
        guard !findings.isEmpty else { return ["No findings."] }
        return findings.flatMap { finding in
            [
                "- **\(finding.severity.rawValue)** \(place(finding.location)): "
                    + "\(OutputEscaping.markdownMessage(finding.message)) `\(finding.rule.rawValue)`"
            ]
                + finding.related.map {
                    "  - \(place($0.location)): \(OutputEscaping.markdownMessage($0.message))"
                }
        }
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

    /// The findings `maplint lint` reports on the manifest, one row each, with their places (in
    /// the report of an app, links to their lines).
    private func findings(_ report: CollisionReport) -> [String] {
        guard !report.findings.isEmpty else { return [heading(2, "Findings"), "", "No findings.", ""] }
        var lines = [heading(2, "Findings"), "", "| # | severity | where | rule | message |", "|---|---|---|---|---|"]
        for (position, finding) in report.findings.enumerated() {
            let related = finding.related.map { " " + place($0.location) + ": " + text($0.message) }
            lines.append(
                "| \(position + 1) | \(finding.severity.rawValue) | \(place(finding.location)) | "
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
            heading(2, "Registrations"), "",
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
                "| \(row.index) | \(line(row)) | \(text(row.element)) | \(text(row.view)) | \(text(row.model)) | "
                    + "\(code(row.condition)) | \(code(row.reuseIdentifier)) | \(text(row.viewSource)) | \(status) |")
        }
        return lines + [""]
    }

    private func reuseIdentifiers(_ rows: CollisionReportRows) -> [String] {
        var lines = [heading(2, "Reuse identifiers"), ""]
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
        var lines = [heading(2, "Overlapping registrations"), ""]
        if report.pairs.isEmpty { lines += [CollisionReportRows.noOverlaps, ""] }
        for matrix in rows.matrices {
            lines += [heading(3, text(matrix.viewType)), ""]
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
            heading(3, "Pairs"), "", "| first | second | view type | verdict | example item (witness) | outcome |",
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
            return [heading(2, "Unreachable registrations"), "", CollisionReportRows.noUnreachable]
        }
        return [heading(2, "Unreachable registrations"), ""]
            + unreachable.map { row in
                "- **\(text(row.registration))** is never used: "
                    + row.coveredBy.map(text).joined(separator: ", ") + " \(row.takes) every item it matches."
            }
    }

    /// With no sample: the item maplint made for each live registration and the view it gets,
    /// section by section; hijacked items and items of dead registrations marked.
    private func madeItems(_ report: CollisionReport) -> [String] {
        guard let synthesized = report.synthesized else { return [] }
        guard !synthesized.items.isEmpty else {
            guard synthesized.unmade.isEmpty, report.unreachable.isEmpty else { return [] }
            return ["", heading(2, "Screen"), "", CollisionReportHTMLFormatter.nothingToPicture(report)]
        }
        var lines = [
            "", heading(2, "Screen"), "",
            "\(report.subject) has no sample data: one item made for each registration, and the view it gets.", "",
            "| section | element | model | made for | registration | view | marks |", "|---|---|---|---|---|---|---|",
        ]
        for item in synthesized.items.prefix(CollisionReportHTMLFormatter.screenElementLimit) {
            let element = item.element
            var marks: [String] = []
            if item.isForDeadRegistration { marks.append("dead: #\(item.registration) is never shown") }
            if let source = element.dequeuedFrom, source != element.resolved {
                marks.append("hijacked: the view of #\(source) is dequeued")
            }
            if element.problems.contains(.ambiguous) {
                marks.append("ambiguous: " + element.candidates.map { "#\($0)" }.joined(separator: ", "))
            }
            var registration = element.resolved.map { "#\($0)" } ?? "—"
            var view = element.view ?? "—"
            if let conditional = element.whenConditionHolds {
                // Not certain: the registration's condition is code maplint cannot read.
                marks.insert(
                    CollisionReportHTMLFormatter.conditionalWords(element, conditional, otherwise: view), at: 0)
                registration = "#\(conditional)"
                view = report.registration(at: conditional)?.viewClass.value ?? "?"
            }
            let kind = element.element == .cell ? "item \(element.item)" : element.element.elementName
            lines.append(
                "| \(element.section) | \(text(kind)) | \(text(item.example)) | \(text(report.label(item.registration))) | "
                    + "\(registration) | \(text(view)) | \(text(marks.joined(separator: "; "))) |")
        }
        return lines
    }

    /// A registration's line; in the report of an app, a link to it.
    private func line(_ row: CollisionReportRows.RegistrationRow) -> String {
        guard let href = links?.href(row.location) else { return "\(row.line)" }
        return "[\(row.line)](\(href))"
    }

    /// Plain text in a table cell: Markdown punctuation, HTML and pipes escaped, on one line.
    func text(_ value: String) -> String {
        OutputEscaping.markdownText(value)
    }

    /// A code span in a table cell; pipes stay escaped so the table holds.
    func code(_ value: String) -> String {
        OutputEscaping.markdownCode(value)
    }
}
