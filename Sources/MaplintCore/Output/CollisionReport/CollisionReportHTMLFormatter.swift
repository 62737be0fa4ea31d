/// `report --format html`: the Markdown report's content as one self-contained page
/// (inline CSS, no scripts), every text escaped.
public struct CollisionReportHTMLFormatter: PlainOutputFormatter {
    public static let identifier = "html"

    public init() {}

    private static let style = """
        body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2em; color: #1d1d1f; }
        h1 { font-size: 1.5em; } h2 { margin-top: 1.8em; border-bottom: 1px solid #ddd; } h3 { margin-top: 1.2em; }
        table { border-collapse: collapse; margin: 0.6em 0; }
        th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
        th { background: #f3f3f3; }
        code { font: 12px Menlo, Consolas, monospace; background: #f6f6f6; padding: 0 3px; }
        .matrix td { text-align: center; min-width: 2em; }
        .intersecting { background: #fde2c8; } .disjoint { background: #dff3df; } .unknown { background: #eee; }
        .collision, .unreachable { background: #fbd5d5; font-weight: 600; }
        .removed { color: #888; }
        .legend { color: #555; font-size: 0.9em; }
        """

    public func format(_ report: CollisionReport) -> String {
        let rows = CollisionReportRows(report: report)
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html +=
            "<title>Registration report: \(escape(report.file))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n"
        html += "<h1>Registration report: \(escape(report.file))</h1>\n"
        html += "<p>\(escape(rows.hostLine))</p>\n"
        html += registrations(rows) + reuseIdentifiers(rows) + overlaps(rows, report) + pairs(rows) + unreachable(rows)
        html += "</body>\n</html>\n"
        return html
    }

    private func registrations(_ rows: CollisionReportRows) -> String {
        var html =
            "<h2>Registrations</h2>\n<table>\n<tr><th>#</th><th>line</th><th>element</th><th>view</th><th>model</th>"
            + "<th>condition</th><th>reuse identifier</th><th>view source</th><th>status</th></tr>\n"
        for row in rows.registrations {
            let (status, statusClass) = Self.status(row.status)
            html +=
                "<tr\(statusClass.map { " class=\"\($0)\"" } ?? "")><td>\(row.index)</td><td>\(row.line)</td>"
                + "<td>\(escape(row.element))</td><td>\(escape(row.view))</td>"
                + "<td>\(escape(row.model))</td><td><code>\(escape(row.condition))</code></td>"
                + "<td><code>\(escape(row.reuseIdentifier))</code></td><td>\(escape(row.viewSource))</td>"
                + "<td>\(status)</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// Status text (already escaped) and the row's class.
    private static func status(_ status: CollisionReportRows.Status) -> (String, String?) {
        switch status {
        case .live: return ("live", nil)
        case .removed(let entry): return ("removed by entry \(entry)", "removed")
        case .unreachable(let covering):
            return (
                "unreachable (" + XML.escape(covering.joined(separator: ", "))
                    + (covering.count == 1 ? " matches first)" : " match first)"), "unreachable"
            )
        }
    }

    private func reuseIdentifiers(_ rows: CollisionReportRows) -> String {
        var html = "<h2>Reuse identifiers</h2>\n"
        if rows.report.usesGeneratedRegistrations {
            return html + "<p>\(CollisionReportRows.generatedRegistrations)</p>\n"
        }
        if rows.report.reuseIdentifiers.isEmpty { return html + "<p>\(CollisionReportRows.nothingForReuse)</p>\n" }
        html +=
            "<table>\n<tr><th>identifier</th><th>namespace</th><th>registrations</th><th>collision</th><th>dequeued view</th></tr>\n"
        for row in rows.reuseIdentifiers {
            var collision = "no"
            var rowClass = ""
            switch row.collision {
            case .none: break
            case .harmless: collision = CollisionReportRows.harmlessCollision
            case .hijacked(let hijacked):
                collision =
                    "yes: " + hijacked.joined(separator: ", ") + " \(CollisionReportRows.shows(hijacked)) \(row.winner)"
                rowClass = " class=\"collision\""
            }
            html +=
                "<tr\(rowClass)><td><code>\(escape(row.identifier))</code></td>"
                + "<td>\(escape(row.namespace))</td><td>\(escape(row.registrations.joined(separator: ", ")))</td>"
                + "<td>\(escape(collision))</td><td>\(escape(row.winner))</td></tr>\n"
        }
        return html + "</table>\n"
    }

    /// A verdict matrix per view type.
    private func overlaps(_ rows: CollisionReportRows, _ report: CollisionReport) -> String {
        var html = "<h2>Overlapping registrations</h2>\n"
        if report.pairs.isEmpty { html += "<p>\(CollisionReportRows.noOverlaps)</p>\n" }
        for matrix in rows.matrices {
            html += "<h3>\(escape(matrix.viewType))</h3>\n"
            guard let members = matrix.members else {
                html += "<p>\(CollisionReportRows.tooManyForAMatrix(matrix.count))</p>\n"
                continue
            }
            html +=
                "<table class=\"matrix\">\n<tr><th></th>"
                + members.map { "<th>\(escape(report.label($0)))</th>" }.joined() + "</tr>\n"
            for row in members {
                html += "<tr><th>\(escape(report.label(row)))</th>"
                for column in members {
                    html += cell(report, row, column)
                }
                html += "</tr>\n"
            }
            html += "</table>\n<p class=\"legend\">\(CollisionReportRows.matrixLegend)</p>\n"
        }
        return html
    }

    private func cell(_ report: CollisionReport, _ row: Int, _ column: Int) -> String {
        if row == column { return "<td>—</td>" }
        guard let pair = report.pair(row, column) else { return "<td></td>" }
        let name = CollisionReport.verdictName(pair.verdict)
        return
            "<td class=\"\(name)\" title=\"\(escape(report.outcome(of: pair)))\">\(CollisionReportRows.symbol(pair.verdict))</td>"
    }

    private func pairs(_ rows: CollisionReportRows) -> String {
        let pairs = rows.pairs
        guard !pairs.isEmpty else { return "" }
        var html =
            "<h3>Pairs</h3>\n<table>\n<tr><th>first</th><th>second</th><th>view type</th><th>verdict</th><th>example item (witness)</th><th>outcome</th></tr>\n"
        for pair in pairs {
            html +=
                "<tr class=\"\(pair.verdict)\"><td>\(escape(pair.first))</td><td>\(escape(pair.second))</td>"
                + "<td>\(escape(pair.viewType))</td><td>\(pair.verdict)</td><td>\(escape(pair.witness ?? ""))</td>"
                + "<td>\(escape(pair.outcome))</td></tr>\n"
        }
        html += "</table>\n"
        if let omitted = rows.omittedPairs { html += "<p>\(omitted)</p>\n" }
        return html
    }

    private func unreachable(_ rows: CollisionReportRows) -> String {
        let unreachable = rows.unreachable
        guard !unreachable.isEmpty else {
            return "<h2>Unreachable registrations</h2>\n<p>\(CollisionReportRows.noUnreachable)</p>\n"
        }
        var html = "<h2>Unreachable registrations</h2>\n<ul>\n"
        for row in unreachable {
            html +=
                "<li class=\"unreachable\">\(escape(row.registration)) is never used: "
                + "\(escape(row.coveredBy.joined(separator: ", "))) \(row.takes) every item it matches.</li>\n"
        }
        return html + "</ul>\n"
    }

    func escape(_ text: String) -> String { XML.escape(text) }

    /// A page for a manifest that could not be checked, with its diagnostics as text.
    public static func errorPage(_ diagnostics: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>maplint: the manifest could not be checked</title></head>\n"
            + "<body>\n<h1>The manifest could not be checked</h1>\n<pre>"
            + diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { XML.escape(String($0)) }
            .joined(separator: "\n")
            + "</pre>\n</body>\n</html>\n"
    }
}
