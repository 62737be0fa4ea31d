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
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html +=
            "<title>Registration report: \(escape(report.file))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n"
        html += "<h1>Registration report: \(escape(report.file))</h1>\n"
        html += "<p>\(escape(CollisionReportMarkdownFormatter.hostLine(report)))</p>\n"

        html +=
            "<h2>Registrations</h2>\n<table>\n<tr><th>#</th><th>line</th><th>element</th><th>view</th><th>model</th>"
            + "<th>condition</th><th>reuse identifier</th><th>view source</th><th>status</th></tr>\n"
        for registration in report.registrations {
            let (status, statusClass) = status(of: registration.index, in: report)
            html +=
                "<tr\(statusClass.map { " class=\"\($0)\"" } ?? "")><td>\(registration.index)</td><td>\(registration.location.line)</td>"
                + "<td>\(escape(registration.viewType.description))</td><td>\(escape(registration.viewClass.value))</td>"
                + "<td>\(escape(registration.modelType.value.name))</td><td><code>\(escape(CollisionReport.conditionText(registration)))</code></td>"
                + "<td><code>\(escape(registration.reuseIdentifier.value))</code></td><td>\(escape(report.viewSource(of: registration)))</td>"
                + "<td>\(status)</td></tr>\n"
        }
        html += "</table>\n"

        html += "<h2>Reuse identifiers</h2>\n"
        if report.usesGeneratedRegistrations {
            html +=
                "<p>The collection view generates a registration per mapping (iOS 14 and later): reuse identifiers cannot collide.</p>\n"
        } else if report.reuseIdentifiers.isEmpty {
            html += "<p>No registration is registered for reuse.</p>\n"
        } else {
            html +=
                "<table>\n<tr><th>identifier</th><th>namespace</th><th>registrations</th><th>collision</th><th>dequeued view</th></tr>\n"
            for group in report.reuseIdentifiers {
                let winner = report.registration(at: group.winner).map(report.viewSource(of:)) ?? "?"
                let hijacked = report.hijacked(in: group)
                var collision = group.collision ? "yes" : "no"
                if !hijacked.isEmpty {
                    collision =
                        "yes: " + hijacked.map(report.label).joined(separator: ", ")
                        + " show\(hijacked.count == 1 ? "s" : "") \(winner)"
                } else if group.collision {
                    collision = "yes, harmless: the other mappings were unregistered"
                }
                html +=
                    "<tr\(hijacked.isEmpty ? "" : " class=\"collision\"")><td><code>\(escape(group.identifier))</code></td>"
                    + "<td>\(escape(group.namespace.name))</td><td>\(escape(group.registrations.map(report.label).joined(separator: ", ")))</td>"
                    + "<td>\(escape(collision))</td><td>\(escape(winner))</td></tr>\n"
            }
            html += "</table>\n"
        }

        html += "<h2>Overlapping registrations</h2>\n"
        if report.pairs.isEmpty {
            html += "<p>No two live registrations of one view type have overlapping model types.</p>\n"
        }
        for viewType in report.viewTypes {
            let members = report.pairedRegistrations(of: viewType)
            guard !members.isEmpty else { continue }
            html += "<h3>\(escape(viewType.description))</h3>\n"
            if members.count > CollisionReportMarkdownFormatter.matrixLimit {
                html += "<p>\(members.count) registrations: too many for a matrix; see the pairs below.</p>\n"
                continue
            }
            html +=
                "<table class=\"matrix\">\n<tr><th></th>"
                + members.map { "<th>\(escape(report.label($0)))</th>" }.joined() + "</tr>\n"
            for row in members {
                html += "<tr><th>\(escape(report.label(row)))</th>"
                for column in members {
                    if row == column {
                        html += "<td>—</td>"
                    } else if let pair = report.pair(row, column) {
                        let name = CollisionReport.verdictName(pair.verdict)
                        html +=
                            "<td class=\"\(name)\" title=\"\(escape(report.outcome(of: pair)))\">\(CollisionReportMarkdownFormatter.symbol(pair.verdict))</td>"
                    } else {
                        html += "<td></td>"
                    }
                }
                html += "</tr>\n"
            }
            html +=
                "</table>\n<p class=\"legend\">∩ intersecting (one item can match both), ∅ disjoint, ? unknown, blank: model types do not overlap.</p>\n"
        }
        if !report.pairs.isEmpty {
            html +=
                "<h3>Pairs</h3>\n<table>\n<tr><th>first</th><th>second</th><th>view type</th><th>verdict</th><th>example item (witness)</th><th>outcome</th></tr>\n"
            for pair in report.pairs {
                let name = CollisionReport.verdictName(pair.verdict)
                var witness = ""
                if case .intersecting(let example) = pair.verdict { witness = example.plainDescription }
                html +=
                    "<tr class=\"\(name)\"><td>\(escape(report.label(pair.first)))</td><td>\(escape(report.label(pair.second)))</td>"
                    + "<td>\(escape(pair.viewType.description))</td><td>\(name)</td><td>\(escape(witness))</td>"
                    + "<td>\(escape(report.outcome(of: pair)))</td></tr>\n"
            }
            html += "</table>\n"
            if report.omittedDisjointPairs > 0 {
                html +=
                    "<p>\(report.omittedDisjointPairs) disjoint pairs are left out (more than \(CollisionReport.disjointPairLimit) registrations of one view type).</p>\n"
            }
        }

        html += "<h2>Unreachable registrations</h2>\n"
        if report.unreachable.isEmpty {
            html += "<p>None found.</p>\n"
        } else {
            html += "<ul>\n"
            for (index, covering) in report.unreachable.sorted(by: { $0.key < $1.key }) {
                let line = report.registration(at: index).map { " (line \($0.location.line))" } ?? ""
                html +=
                    "<li class=\"unreachable\">\(escape(report.label(index) + line)) is never used: "
                    + "\(escape(covering.map(report.label).joined(separator: ", "))) take\(covering.count == 1 ? "s" : "") every item it matches.</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    /// Status text (already escaped) and the row's class.
    private func status(of index: Int, in report: CollisionReport) -> (String, String?) {
        if let removal = report.removedBy[index] { return ("removed by entry \(removal)", "removed") }
        if let covering = report.unreachable[index] {
            return (
                "unreachable (" + escape(covering.map(report.label).joined(separator: ", "))
                    + (covering.count == 1 ? " matches first)" : " match first)"), "unreachable"
            )
        }
        return ("live", nil)
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
