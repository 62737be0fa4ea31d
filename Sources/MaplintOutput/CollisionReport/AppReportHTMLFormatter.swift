import Foundation
import MaplintReport

/// `report --format html` of an app: one self-contained page. The index of screens (the worst
/// first, each with its counts and a link to its declaration), the findings about no one
/// screen, then each screen's part: what `CollisionReportHTMLFormatter` shows for one manifest,
/// its anchors prefixed with the screen's so they stay apart, and every place a link to its
/// Swift line (`SourceLinks`). The sample filter is left out (its form stays hidden): the page
/// shows every row.
struct AppReportHTMLFormatter: PlainOutputFormatter {
    package static let identifier = "html"

    package init() {}

    package func format(_ app: AppReport) -> String {
        let screen = CollisionReportHTMLFormatter(links: app.links)
        let title = "Registration report: \(app.title)"
        var html = CollisionReportHTMLFormatter.head(title: title)
        html += "<h1>\(escape(title))</h1>\n<p>\(escape(app.summary)).</p>\n"
        if !app.targets.isEmpty {
            html += "<ul class=\"legend\">" + app.targets.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        html += "<h2 id=\"screens\">Screens</h2>\n"
        if app.screens.isEmpty {
            html += "<p>No screen: no type owns a DTTableViewManager or DTCollectionViewManager.</p>\n"
        } else {
            html +=
                "<div class=\"scroll\"><table>\n<tr><th>screen</th><th>host</th><th>declared at</th>"
                + "<th>registrations</th><th>errors</th><th>warnings</th><th>notes</th></tr>\n"
            for (position, entry) in app.screens.enumerated() {
                html +=
                    "<tr\(entry.errors + entry.warnings > 0 ? " class=\"problem\"" : "")>"
                    + "<td><a href=\"#\(AppReport.anchor(ofScreen: position))\">\(escape(entry.name))</a></td>"
                    + "<td>\(entry.host.rawValue)</td><td>\(screen.place(entry.location))</td>"
                    + "<td>\(entry.registrations)</td>"
                    + "<td\(entry.errors > 0 ? " class=\"error\"" : "")>\(entry.errors)</td>"
                    + "<td\(entry.warnings > 0 ? " class=\"warning\"" : "")>\(entry.warnings)</td>"
                    + "<td>\(entry.notes)</td></tr>\n"
            }
            html += "</table></div>\n"
        }
        if !app.findings.isEmpty {
            html += "<h2 id=\"other-findings\">Findings about no one screen</h2>\n"
            html += screen.findingsTable(app.findings, links: app.links)
        }
        for (position, entry) in app.screens.enumerated() {
            let anchor = AppReport.anchor(ofScreen: position)
            html += "<section id=\"\(anchor)\">\n<h1>\(escape(entry.name))</h1>\n"
            html += "<p>Declared at \(screen.place(entry.location)). <a href=\"#screens\">All screens</a></p>\n"
            guard let report = entry.report else {
                html += "<p>Its registrations could not be checked:</p>\n"
                html += Self.prefixingAnchors(
                    screen.findingsTable(entry.findings, links: app.links), with: anchor + "-")
                html += "</section>\n"
                continue
            }
            html += Self.prefixingAnchors(screen.body(report), with: anchor + "-") + "</section>\n"
        }
        return html + CollisionReportHTMLFormatter.tail
    }

    /// Every anchor of a screen's part with `prefix`: the ids and what refers to them (links,
    /// SVG markers, labels). Text from the sources is escaped (a `"` is `&quot;`), so these
    /// sequences only ever come from maplint's own markup.
    static func prefixingAnchors(_ html: String, with prefix: String) -> String {
        html.replacingOccurrences(of: " id=\"", with: " id=\"" + prefix)
            .replacingOccurrences(of: "href=\"#", with: "href=\"#" + prefix)
            .replacingOccurrences(of: "url(#", with: "url(#" + prefix)
            .replacingOccurrences(of: "aria-labelledby=\"", with: "aria-labelledby=\"" + prefix)
    }

    private func escape(_ text: String) -> String { CollisionReportHTMLFormatter.escape(text) }
}
