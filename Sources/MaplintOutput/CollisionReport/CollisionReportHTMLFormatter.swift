import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintReport
import MaplintResolver
import MaplintSolver

/// `report --format html`: one self-contained page that works offline. A summary with links
/// to the findings, the registration diagram (inline SVG, with the overlapping pairs), the screen
/// (each section's header, cells and footer with the view each sample item gets, and the view
/// each example item of an overlapping pair gets), the findings, the sample items as `maplint
/// resolve` resolves them (filterable by section and problem), then the tables of the Markdown
/// report. Every place links to its file and line (`report --links`). Light and dark colours
/// follow the reader's setting; the page fits a 400 px wide window. Every text from the manifest is escaped; the one script is maplint's own,
/// allowed by its hash in the Content-Security-Policy, which also forbids loading anything.
/// Without JavaScript the filter is hidden and every row is shown.
package struct CollisionReportHTMLFormatter: PlainOutputFormatter {
    package static let identifier = "html"

    /// Set for the report of an app: places link to their Swift lines.
    var links: SourceLinks?

    package init() {}

    init(links: SourceLinks?) {
        self.links = links
    }

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
        body { overflow-wrap: break-word; }
        .scroll { overflow-x: auto; max-width: 100%; }
        .summary { display: flex; flex-wrap: wrap; gap: 0.6em; margin: 0.8em 0; }
        .card { border: 1px solid #ddd; border-radius: 6px; padding: 0.4em 0.9em; min-width: 8em; }
        .card .count { display: block; font-size: 1.7em; font-weight: 600; line-height: 1.2; }
        .card.nonzero { border-color: #e0a9a4; background: #fff8f7; } .card.nonzero .count { color: #b3261e; }
        .card .links { font-size: 0.85em; color: #555; }
        .diagram-box { overflow: auto; max-width: 100%; max-height: 80vh; border: 1px solid #ddd; }
        .diagram { display: block; }
        .error { color: #b3261e; font-weight: 600; } .warning { color: #9a5b00; font-weight: 600; } .note { color: #33658a; }
        tr.problem { background: #fff6e5; }
        tr.hijacked td.dequeued { background: #fbd5d5; font-weight: 600; }
        #resolution-filter { margin: 0.6em 0; display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; align-items: center; }
        #resolution-filter[hidden] { display: none; }
        :target { outline: 2px solid #2f6fde; }
        a.place { text-decoration: none; } a.place:hover code { text-decoration: underline; }
        .screens { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; margin: 0.8em 0; }
        .screen-section { width: 20em; max-width: 100%; border: 1px solid #bbb; border-radius: 10px; overflow: hidden; background: #fff; }
        .screen-section.wide { width: 44em; }
        .screen-title { font-weight: 600; padding: 0.3em 0.7em; background: #f3f3f3; border-bottom: 1px solid #ccc; }
        .slot { display: flex; flex-wrap: wrap; gap: 0.1em 0.5em; align-items: baseline; padding: 0.35em 0.7em; border-bottom: 1px solid #e3e3e3; }
        .slot:last-child { border-bottom: none; }
        .slot.header, .slot.footer { background: #f7f7f9; font-size: 0.92em; } .slot.supplementary { background: #f7f7f9; }
        .slot .kind { color: #666; font-size: 0.85em; min-width: 4.2em; }
        .slot .view { font-weight: 600; } .slot .model { color: #555; font-size: 0.9em; }
        .slot .badge { font-size: 0.78em; font-weight: 600; border-radius: 3px; padding: 0 0.35em; }
        .slot.unresolved { outline: 2px dashed #c62828; outline-offset: -3px; background: #fdecea; }
        .slot.unresolved .badge, .slot.hijacked .badge { background: #c62828; color: #fff; }
        .slot.ambiguous { box-shadow: inset 4px 0 0 #e65100; } .slot.ambiguous .badge { background: #e65100; color: #fff; }
        .slot.hijacked { background: #fdecea; } .slot.nil .view { color: #888; font-style: italic; font-weight: normal; }
        .slot.witness { box-shadow: inset 4px 0 0 #7b1fa2; }
        .slot.conditional { outline: 2px dotted #5b7fc7; outline-offset: -3px; } .slot.conditional .badge { background: #33658a; color: #fff; }
        .slot .at { margin-left: auto; font-size: 0.85em; }
        @media (max-width: 640px) {
          body { margin: 0.8em; } .card { min-width: 6.5em; } h1 { font-size: 1.25em; }
        }
        @media (prefers-color-scheme: dark) {
          body { background: #1b1b1d; color: #e6e6e8; }
          a { color: #8ab4f8; } th { background: #2a2a2e; } th, td { border-color: #47474d; } h2 { border-color: #3a3a3f; }
          code { background: #2a2a2e; } .legend, .card .links { color: #b0b0b6; }
          .card { border-color: #47474d; } .card.nonzero { background: #3a1f1d; border-color: #8a3a33; } .card.nonzero .count { color: #ff8a80; }
          .intersecting { background: #5a3a16; } .disjoint { background: #1f3d22; } .unknown { background: #333; }
          .collision, .unreachable, tr.hijacked td.dequeued { background: #5a1f1f; } tr.problem { background: #3b3220; }
          .error { color: #ff8a80; } .warning { color: #ffcc80; } .note { color: #90caf9; } .removed { color: #999; }
          .diagram-box { background: #1f1f23; border-color: #47474d; }
          .diagram text { fill: #c8c8ce; } .diagram .node text { fill: #e6e6e8; }
          .diagram .edge { stroke: #8c8c94; } .diagram .edge.removed { stroke: #6a6a72; } .diagram .edge.not-dequeued { stroke: #ff8a80; }
          #arrow path { fill: #8c8c94; } #arrow-red path { fill: #ff8a80; }
          .diagram .node.model rect { fill: #1c2a47; stroke: #7fa2e8; } .diagram .node.registration rect { fill: #2a2a2f; stroke: #9a9aa2; }
          .diagram .node.reuseIdentifier rect { fill: #26262b; stroke: #85858d; } .diagram .node.view rect { fill: #1d3320; stroke: #6fbf73; }
          .diagram .node.removed rect, .diagram .legend rect:nth-of-type(3) { fill: #2a2a2e; stroke: #6e6e76; } .diagram .node.removed text { fill: #9a9aa2; }
          .diagram .node.shadowed rect, .diagram .legend rect:nth-of-type(2) { fill: #3d2a12; stroke: #ffb74d; } .diagram .node.shadowed text { fill: #ffd9a8; }
          .diagram .node.collision rect, .diagram .node.hijacked rect, .diagram .legend rect:nth-of-type(1) { fill: #4a1c1c; stroke: #ff8a80; }
          .diagram .node.collision text, .diagram .node.hijacked text { fill: #ffd2cc; }
          .diagram .node rect.second-mark { fill: none; stroke: #ffb74d; } .diagram .legend path { stroke: #ff8a80; }
          .diagram .overlap.intersecting path + path, .diagram .overlap.fallback path + path, .diagram .legend path + text + path { stroke: #ce93d8; }
          .diagram .overlap.unknown path + path { stroke: #9a9aa2; }
          .screen-section { background: #242428; border-color: #47474d; } .screen-title { background: #2f2f34; border-color: #47474d; }
          .slot { border-color: #38383d; } .slot.header, .slot.footer, .slot.supplementary { background: #2b2b30; }
          .slot .kind, .slot .model { color: #b0b0b6; }
          .slot.unresolved, .slot.hijacked { background: #4a1f1f; }
        }
        """

    /// The page's one script: the filter of the sample-item table. It reads only the table's
    /// `data-` attributes, which maplint writes from fixed values (section numbers, rule ids).
    static let script = """
        (function () {
          var form = document.getElementById('resolution-filter');
          if (!form) { return; }
          var section = form.elements.namedItem('section');
          var problem = form.elements.namedItem('problem');
          var rows = document.querySelectorAll('#resolution-table tbody tr');
          var count = document.getElementById('resolution-count');
          function matches(row) {
            var problems = row.getAttribute('data-problems') || '';
            if (section.value !== 'all' && row.getAttribute('data-section') !== section.value) { return false; }
            if (problem.value === 'all') { return true; }
            if (problem.value === 'any') { return problems !== ''; }
            if (problem.value === 'none') { return problems === ''; }
            return (' ' + problems + ' ').indexOf(' ' + problem.value + ' ') !== -1;
          }
          function apply() {
            var shown = 0;
            for (var i = 0; i < rows.length; i++) {
              var visible = matches(rows[i]);
              rows[i].hidden = !visible;
              if (visible) { shown++; }
            }
            count.textContent = shown + ' of ' + rows.length + ' shown';
          }
          section.addEventListener('change', apply);
          problem.addEventListener('change', apply);
          form.hidden = false;
          apply();
        })();
        """

    /// The script element's text, exactly as the hash covers it.
    static let scriptText = "\n" + script + "\n"

    /// The SHA-256 of `scriptText`, in base64. `ReportPageTests` computes it with the system's tool
    /// and gives the value to paste here when the script changes.
    static let scriptHash = "b8m2L4oTpYUXTXqdGo54e/q4b0mwPoVTDmorHCpOYws="

    /// The Content-Security-Policy: nothing is loaded, only the inline styles and the script above run.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(scriptHash)'"

    /// More sample elements than this: only those with a problem are listed (up to this many).
    static let resolutionRowLimit = 2000

    package func format(_ report: CollisionReport) -> String {
        var html = Self.head(title: "Registration report: \(report.file)")
        html += "<h1>Registration report: \(escape(report.file))</h1>\n"
        html += body(report)
        html += Self.tail
        return html
    }

    /// The page up to and including `<body>`.
    static func head(title: String) -> String {
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        html += "<title>\(escape(title))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n"
        return html
    }

    /// The script and the end of the page.
    static let tail = "<script>\(scriptText)</script>\n</body>\n</html>\n"

    /// Everything the page shows of one report, after its title.
    func body(_ given: CollisionReport) -> String {
        // In the report of an app, every place links as the app's page does.
        var report = given
        if let links { report.sourceLinks = links }
        let rows = CollisionReportRows(report: report)
        var html = "<p>\(escape(rows.hostLine))</p>\n"
        html += summary(report) + diagram(report) + screen(report) + findings(report) + resolution(report)
        html += registrations(rows, report) + reuseIdentifiers(rows) + overlaps(rows, report) + pairs(rows)
        html += unreachable(rows, report)
        return html
    }

    /// A place: its text as code, a link to its line in the report of an app.
    func place(_ location: SourceLocation) -> String {
        Self.place(location, links: links ?? SourceLinks())
    }

    // MARK: Summary, diagram, findings, sample items

    /// One card per count: its title links to the report's section, the numbers under it to
    /// each finding it stands for.
    private func summary(_ report: CollisionReport) -> String {
        let summary = CollisionReportSummary(report: report)
        var html = "<h2 id=\"summary\">Summary</h2>\n<div class=\"summary\">\n"
        for line in summary.lines {
            let links = line.findings.map { position in
                let finding = report.findings[position]
                let anchor = CollisionReportSummary.anchor(ofFinding: position)
                return "<a href=\"#\(anchor)\" class=\"\(finding.severity.rawValue)\" "
                    + "title=\"\(escape(finding.location.description)): \(escape(finding.rule.rawValue))\">"
                    + "\(position + 1)</a>"
            }
            let nonzero = line.count > 0 && line.anchor != "registrations"
            html +=
                "<div class=\"card\(nonzero ? " nonzero" : "")\"><a href=\"#\(line.anchor)\">\(line.title)</a>"
                + "<span class=\"count\">\(line.count)</span>"
                + (links.isEmpty ? "" : "<span class=\"links\">findings \(links.joined(separator: " "))</span>")
                + "</div>\n"
        }
        html += "</div>\n<p>Findings: \(summary.findingCounts).</p>\n"
        return html
    }

    private func diagram(_ report: CollisionReport) -> String {
        let diagram = RegistrationDiagram(report: report)
        var html = "<h2 id=\"diagram\">Diagram</h2>\n"
        guard !diagram.nodes.isEmpty else { return html + "<p>No registrations.</p>\n" }
        html +=
            "<p class=\"legend\">Model types → registrations → reuse identifiers → the views dequeued for them. "
            + "Hover over a box for details; a registration links to its row below.</p>\n"
        if let note = diagram.foldedNote { html += "<p class=\"folded\"><strong>\(escape(note))</strong></p>\n" }
        html += "<div class=\"diagram-box\">\n" + RegistrationDiagramSVG(diagram: diagram).render() + "\n</div>\n"
        return html
    }

    private func findings(_ report: CollisionReport) -> String {
        "<h2 id=\"findings\">Findings</h2>\n" + findingsTable(report.findings, links: report.sourceLinks)
    }

    /// The table of findings, each row with the anchor the summary links to.
    func findingsTable(_ findings: [Diagnostic], links: SourceLinks) -> String {
        var html = ""
        guard !findings.isEmpty else { return html + "<p>No findings.</p>\n" }
        html +=
            "<div class=\"scroll\"><table>\n<tr><th>#</th><th>severity</th><th>where</th><th>rule</th>"
            + "<th>message</th></tr>\n"
        for (position, finding) in findings.enumerated() {
            var message = Self.message(finding.message)
            if !finding.related.isEmpty {
                message +=
                    "<ul>"
                    + finding.related.map {
                        "<li>\(Self.place($0.location, links: links)): \(Self.message($0.message))</li>"
                    }.joined() + "</ul>"
            }
            html +=
                "<tr id=\"\(CollisionReportSummary.anchor(ofFinding: position))\"><td>\(position + 1)</td>"
                + "<td class=\"\(finding.severity.rawValue)\">\(finding.severity.rawValue)</td>"
                + "<td>\(Self.place(finding.location, links: links))</td>"
                + "<td><code>\(escape(finding.rule.rawValue))</code></td><td>\(message)</td></tr>\n"
        }
        return html + "</table></div>\n"
    }

    /// A finding's message: the code maplint quotes in backticks as `<code>`, the rest as text.
    static func message(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        // An unpaired last backtick stays a backtick.
        var pairedTicks = scalars.count { $0 == "`" }
        pairedTicks -= pairedTicks % 2
        var html = ""
        var inCode = false
        var run = ""
        for scalar in scalars {
            if scalar == "`", pairedTicks > 0 {
                pairedTicks -= 1
                html += inCode ? "<code>\(escape(run))</code>" : escape(run)
                run = ""
                inCode.toggle()
            } else {
                run.unicodeScalars.append(scalar)
            }
        }
        return html + escape(run)
    }

    /// The form that filters the sample-item table by section and problem.
    private func resolutionFilter(_ items: [ResolvedElement]) -> String {
        let sections = Array(Set(items.map(\.section))).sorted()
        let problems = Array(Set(items.flatMap { $0.problems.map(\.rule.rawValue) })).sorted()
        return
            "<form id=\"resolution-filter\" hidden><label>Section <select name=\"section\">"
            + "<option value=\"all\">all</option>"
            + sections.map { "<option value=\"\($0)\">\($0)</option>" }.joined() + "</select></label> "
            + "<label>Problem <select name=\"problem\"><option value=\"all\">all</option>"
            + "<option value=\"any\">any problem</option><option value=\"none\">no problem</option>"
            + problems.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined()
            + "</select></label> <span id=\"resolution-count\" aria-live=\"polite\"></span></form>\n"
    }

    /// One row of the sample-item table; `findingAt` links the problems to their findings.
    private func resolutionRow(
        _ element: ResolvedElement, _ report: CollisionReport, findingAt: [String: Int]
    ) -> String {
        let rules = element.problems.map(\.rule.rawValue)
        let hijacked = element.dequeuedFrom != nil && element.dequeuedFrom != element.resolved
        var classes: [String] = []
        if element.hasProblems { classes.append("problem") }
        if hijacked { classes.append("hijacked") }
        let problemCells = element.problems.map { problem -> String in
            let rule = problem.rule.rawValue
            let key = "\(rule) \(element.location.description)"
            guard let position = findingAt[key] else { return "<code>\(escape(rule))</code>" }
            return
                "<a href=\"#\(CollisionReportSummary.anchor(ofFinding: position))\"><code>\(escape(rule))</code></a>"
        }
        var notes = problemCells.joined(separator: " ")
        if element.shownAsTitle && element.problems.isEmpty { notes = "shown as the section title" }
        let registration = element.resolved.map {
            "<a href=\"#registration-\($0)\">\(escape(report.label($0)))</a>"
        }
        let dequeued = element.dequeuedFrom.map { source in
            escape(element.dequeuedView ?? "?") + (element.dequeuedXib.map { " from " + escape($0) + ".xib" } ?? "")
                + " (<a href=\"#registration-\(source)\">#\(source)</a>)"
        }
        return
            "<tr data-section=\"\(element.section)\" data-problems=\"\(escape(rules.joined(separator: " ")))\""
            + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"") + ">"
            + "<td>\(element.section)</td><td>\(Self.place(element.location, report, text: String(element.item)))</td>"
            + "<td>\(escape(element.element.description))</td>"
            + "<td>\(escape(element.model ?? "nil"))</td><td>\(registration ?? "—")</td>"
            + "<td>\(escape(element.view ?? "—"))</td><td><code>\(escape(element.reuseIdentifier ?? "—"))</code></td>"
            + "<td class=\"dequeued\">\(dequeued ?? "—")</td><td>\(notes)</td></tr>\n"
    }

    private func resolution(_ report: CollisionReport) -> String {
        let resolution = report.resolution
        var html = "<h2 id=\"resolution\">\(report.synthesized == nil ? "Sample items" : "Items maplint made")</h2>\n"
        guard !resolution.items.isEmpty else {
            let none = report.synthesized == nil ? "has no sample data" : "has no item maplint could make"
            return html + "<p>\(report.subject) \(none).</p>\n"
        }
        var items = resolution.items
        if items.count > Self.resolutionRowLimit {
            items = Array(items.filter(\.hasProblems).prefix(Self.resolutionRowLimit))
            html +=
                "<p class=\"folded\"><strong>\(resolution.items.count) sample elements: only the \(items.count) "
                + "with a problem are listed (at most \(Self.resolutionRowLimit)); <code>maplint resolve</code> lists every one."
                + "</strong></p>\n"
        }
        // The finding reported at an element, by rule, for the links in the problems column.
        var findingAt: [String: Int] = [:]
        for (position, finding) in report.findings.enumerated() {
            let key = "\(finding.rule.rawValue) \(finding.location.description)"
            if findingAt[key] == nil { findingAt[key] = position }
        }
        html += resolutionFilter(items)
        html +=
            "<div class=\"scroll\"><table id=\"resolution-table\">\n<thead><tr><th>section</th><th>item</th>"
            + "<th>element</th><th>model</th><th>registration</th><th>view</th><th>reuse identifier</th>"
            + "<th>dequeued view</th><th>problems</th></tr></thead>\n<tbody>\n"
        for element in items { html += resolutionRow(element, report, findingAt: findingAt) }
        html += "</tbody>\n</table></div>\n"
        html += "<p class=\"legend\">\(escape(ResolutionTableFormatter.summary(resolution.summary))).</p>\n"
        return html
    }

    private func registrations(_ rows: CollisionReportRows, _ report: CollisionReport) -> String {
        var html =
            "<h2 id=\"registrations\">Registrations</h2>\n<div class=\"scroll\"><table>\n<tr><th>#</th><th>line</th><th>element</th><th>view</th><th>model</th>"
            + "<th>condition</th><th>reuse identifier</th><th>view source</th><th>status</th></tr>\n"
        for row in rows.registrations {
            let (status, statusClass) = Self.status(row.status)
            html +=
                "<tr id=\"registration-\(row.index)\"\(statusClass.map { " class=\"\($0)\"" } ?? "")><td>\(row.index)</td>"
                + "<td>\(Self.place(row.location, report, text: String(row.line)))</td>"
                + "<td>\(escape(row.element))</td><td>\(escape(row.view))</td>"
                + "<td>\(escape(row.model))</td><td><code>\(escape(row.condition))</code></td>"
                + "<td><code>\(escape(row.reuseIdentifier))</code></td><td>\(escape(row.viewSource))</td>"
                + "<td>\(status)</td></tr>\n"
        }
        return html + "</table></div>\n"
    }

    /// Status text (already escaped) and the row's class.
    private static func status(_ status: CollisionReportRows.Status) -> (String, String?) {
        switch status {
        case .live: return ("live", nil)
        case .removed(let entry): return ("removed by entry \(entry)", "removed")
        case .unreachable(let covering):
            return (
                "unreachable (" + escape(covering.joined(separator: ", "))
                    + (covering.count == 1 ? " matches first)" : " match first)"), "unreachable"
            )
        }
    }

    private func reuseIdentifiers(_ rows: CollisionReportRows) -> String {
        var html = "<h2 id=\"reuse-identifiers\">Reuse identifiers</h2>\n"
        if rows.report.usesGeneratedRegistrations {
            return html + "<p>\(CollisionReportRows.generatedRegistrations)</p>\n"
        }
        if rows.report.reuseIdentifiers.isEmpty { return html + "<p>\(CollisionReportRows.nothingForReuse)</p>\n" }
        html +=
            "<div class=\"scroll\"><table>\n<tr><th>identifier</th><th>namespace</th><th>registrations</th><th>collision</th><th>dequeued view</th></tr>\n"
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
        return html + "</table></div>\n"
    }

    /// A verdict matrix per view type.
    private func overlaps(_ rows: CollisionReportRows, _ report: CollisionReport) -> String {
        var html = "<h2 id=\"overlaps\">Overlapping registrations</h2>\n"
        if report.pairs.isEmpty { html += "<p>\(CollisionReportRows.noOverlaps)</p>\n" }
        for matrix in rows.matrices {
            html += "<h3>\(escape(matrix.viewType))</h3>\n"
            guard let members = matrix.members else {
                html += "<p>\(CollisionReportRows.tooManyForAMatrix(matrix.count))</p>\n"
                continue
            }
            html +=
                "<div class=\"scroll\"><table class=\"matrix\">\n<tr><th></th>"
                + members.map { "<th>\(escape(report.label($0)))</th>" }.joined() + "</tr>\n"
            for row in members {
                html += "<tr><th>\(escape(report.label(row)))</th>"
                for column in members {
                    html += cell(report, row, column)
                }
                html += "</tr>\n"
            }
            html += "</table></div>\n<p class=\"legend\">\(CollisionReportRows.matrixLegend)</p>\n"
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
            "<h3 id=\"pairs\">Pairs</h3>\n<div class=\"scroll\"><table>\n<tr><th>first</th><th>second</th><th>view type</th><th>verdict</th><th>example item (witness)</th><th>outcome</th></tr>\n"
        for pair in pairs {
            html +=
                "<tr class=\"\(pair.verdict)\"><td>\(escape(pair.first))</td><td>\(escape(pair.second))</td>"
                + "<td>\(escape(pair.viewType))</td><td>\(pair.verdict)</td><td>\(escape(pair.witness ?? ""))</td>"
                + "<td>\(escape(pair.outcome))</td></tr>\n"
        }
        html += "</table></div>\n"
        if let omitted = rows.omittedPairs { html += "<p>\(omitted)</p>\n" }
        return html
    }

    private func unreachable(_ rows: CollisionReportRows, _ report: CollisionReport) -> String {
        let unreachable = rows.unreachable
        guard !unreachable.isEmpty else {
            return
                "<h2 id=\"unreachable\">Unreachable registrations</h2>\n<p>\(CollisionReportRows.noUnreachable)</p>\n"
        }
        var html = "<h2 id=\"unreachable\">Unreachable registrations</h2>\n<ul>\n"
        for row in unreachable {
            html +=
                "<li class=\"unreachable\">"
                + (row.location.map { Self.place($0, report, text: row.registration) } ?? escape(row.registration))
                + " is never used: "
                + "\(escape(row.coveredBy.joined(separator: ", "))) \(row.takes) every item it matches.</li>\n"
        }
        return html + "</ul>\n"
    }

    /// A place as a link to its file and line (`report --links`), shown as `text` or as
    /// `file:line:column` in code.
    static func place(_ location: SourceLocation, _ report: CollisionReport, text: String? = nil) -> String {
        place(location, links: report.sourceLinks, text: text)
    }

    /// A place as a link made by `links`, shown as `text` or as the place in code.
    static func place(_ location: SourceLocation, links: SourceLinks, text: String? = nil) -> String {
        let shown = text.map(escape) ?? "<code>\(escape(location.description))</code>"
        guard let href = links.href(location) else { return shown }
        return "<a class=\"place\" href=\"\(escape(href))\" title=\"\(escape(location.description))\">\(shown)</a>"
    }

    // MARK: The screen

    /// More sample elements than this: the screen shows the first ones of each section, up to this many.
    static let screenElementLimit = 400
    /// More example items of overlapping pairs than this are not shown.
    static let screenWitnessLimit = 100

    /// Each section of the sample as the host shows it: its header, its cells in order, its
    /// footer (and other supplementary views), each with the view it gets; items that resolve to
    /// no registration, to several, or to another registration's view are marked. Then the
    /// example items of the overlapping pairs, with the registration that takes each.
    private func screen(_ report: CollisionReport) -> String {
        var html = "<h2 id=\"screen\">Screen</h2>\n"
        let witnesses = report.pairs.filter {
            if case .intersecting = $0.verdict { return true }
            return false
        }
        let items = report.resolution.items
        guard !items.isEmpty || !witnesses.isEmpty else {
            if let synthesized = report.synthesized, synthesized.items.isEmpty, synthesized.unmade.isEmpty,
                report.unreachable.isEmpty
            {
                return html + "<p class=\"legend\" id=\"screen-nothing\">\(Self.nothingToPicture(report))</p>\n"
            }
            guard report.synthesized == nil else { return html + neverShown(report) }
            return html + "<p>\(report.subject) has no sample data and no overlapping registrations to show.</p>\n"
        }
        if report.synthesized != nil {
            html +=
                "<p class=\"legend\">\(report.subject) has no sample data: maplint made one item for each registration "
                + "(of its model type, matching its condition, in a section it allows) and shows the view each gets, "
                + "section by section: the header, the cells, the footer. Marked: several registrations match "
                + "(ambiguous: the first is used), or another registration's view is dequeued. Each place links to "
                + "its line."
                + (items.contains { $0.whenConditionHolds != nil }
                    ? " A dotted item is made for a registration whose condition maplint cannot read: it shows that "
                        + "registration's view only if the condition holds, and says what shows it otherwise." : "")
                + "</p>\n"
        } else {
            html +=
                "<p class=\"legend\">What each sample item shows, section by section: the header, the cells, the footer. "
                + "Marked: no registration matches (unresolved), several match (ambiguous: the first is used), "
                + "or another registration's view is dequeued. Each place links to its line.</p>\n"
        }
        if !items.isEmpty { html += screenSections(items, report) }
        html += neverShown(report)
        guard !witnesses.isEmpty else { return html }
        html +=
            "<h3 id=\"screen-witnesses\">Items two registrations match</h3>\n<p class=\"legend\">For each overlapping pair, "
            + "an item both match (found by the condition solver) and the registration that takes it.</p>\n"
            + "<div class=\"screens\"><div class=\"screen-section wide\"><div class=\"screen-title\">example items</div>\n"
        for pair in witnesses.prefix(Self.screenWitnessLimit) {
            guard case .intersecting(let witness) = pair.verdict else { continue }
            html += witnessSlot(pair, witness, report)
        }
        html += "</div></div>\n"
        if witnesses.count > Self.screenWitnessLimit {
            html +=
                "<p class=\"folded\"><strong>\(Self.screenWitnessLimit) of \(witnesses.count) pairs shown; "
                + "the pairs table lists every one.</strong></p>\n"
        }
        return html
    }

    /// What the screen section says of a screen that registers nothing maplint read (every call
    /// of it left out, each with its note): there is nothing to picture, and why.
    static func nothingToPicture(_ report: CollisionReport) -> String {
        "\(report.subject) has no registration maplint could read, so there is nothing to picture: its findings "
            + "name each call that was left out and why."
    }

    /// With synthesized items: the registrations no item reaches (dead: the earlier registrations
    /// that take their items), and those no item could be made for.
    private func neverShown(_ report: CollisionReport) -> String {
        guard let synthesized = report.synthesized else { return "" }
        var html = ""
        let dead = report.unreachable.keys.sorted()
        if !dead.isEmpty {
            html += "<p class=\"legend\">Never shown (dead): "
            html += dead.map { index in
                let takers = (report.unreachable[index] ?? []).map { "<a href=\"#registration-\($0)\">#\($0)</a>" }
                return
                    "<span class=\"badge dead\"><a href=\"#registration-\(index)\">\(escape(report.label(index)))</a>"
                    + "</span>" + (takers.isEmpty ? "" : " (its items go to " + takers.joined(separator: ", ") + ")")
            }.joined(separator: "; ")
            html += ".</p>\n"
        }
        if !synthesized.unmade.isEmpty {
            html += "<p class=\"legend\">No item could be made for "
            html += synthesized.unmade.map { "<a href=\"#registration-\($0)\">\(escape(report.label($0)))</a>" }
                .joined(separator: ", ")
            html += " (a condition the solver cannot decide).</p>\n"
        }
        return html
    }

    /// The sample elements, section by section, each slot in the order the screen shows them.
    private func screenSections(_ items: [ResolvedElement], _ report: CollisionReport) -> String {
        var sections: [Int: [ResolvedElement]] = [:]
        for element in items.prefix(Self.screenElementLimit) {
            sections[element.section, default: []].append(element)
        }
        var html = "<div class=\"screens\">\n"
        for section in sections.keys.sorted() {
            let elements = (sections[section] ?? []).enumerated().sorted {
                (Self.slotOrder($0.element.element, report.host), $0.offset)
                    < (Self.slotOrder($1.element.element, report.host), $1.offset)
            }.map(\.element)
            html +=
                "<div class=\"screen-section\" id=\"screen-section-\(section)\"><div class=\"screen-title\">"
                + "section \(section)</div>\n" + elements.map { slot($0, report) }.joined() + "</div>\n"
        }
        html += "</div>\n"
        if items.count > Self.screenElementLimit {
            html +=
                "<p class=\"folded\"><strong>The first \(Self.screenElementLimit) of \(items.count) sample elements "
                + "are shown; the sample-item table lists every one with a problem.</strong></p>\n"
        }
        return html
    }

    /// An example item of an overlapping pair, with the registration that takes it.
    private func witnessSlot(_ pair: CollisionReport.Pair, _ witness: Witness, _ report: CollisionReport) -> String {
        // The first registered takes an item both match; in the fallback order that is intended.
        let taker = pair.first
        let other = pair.second
        let view = report.registration(at: taker)?.viewClass.value ?? "?"
        let location = report.registration(at: taker)?.location
        return
            "<div class=\"slot cell witness\" title=\"\(escape(report.outcome(of: pair)))\">"
            + "<span class=\"kind\">\(escape(pair.viewType.description))</span>"
            + "<span class=\"model\">\(escape(witness.plainDescription))</span> → "
            + "<span class=\"view\">\(escape(view))</span> "
            + "<a href=\"#registration-\(taker)\">#\(taker)</a>"
            + (pair.fallback
                ? " <span class=\"model\">(fallback: #\(other) takes the others)</span>"
                : " <span class=\"badge\">not #\(other)</span>")
            + (location.map { " <span class=\"at\">" + Self.place($0, report, text: "line \($0.line)") + "</span>" }
                ?? "")
            + "</div>\n"
    }

    /// Headers first, then cells, then footers, then other supplementary views.
    private static func slotOrder(_ element: ViewType, _ host: Host) -> Int {
        if element == .cell { return 1 }
        if element == ViewType.header(for: host) { return 0 }
        if element == ViewType.footer(for: host) { return 2 }
        return 3
    }

    /// One element of a section: what kind of view, the view it gets, its model, its marks.
    private func slot(_ element: ResolvedElement, _ report: CollisionReport) -> String {
        var classes = ["slot"]
        let kind: String
        switch element.element {
        case .cell:
            classes.append("cell")
            kind = "item \(element.item)"
        case let other where other == ViewType.header(for: report.host):
            classes.append("header")
            kind = "header"
        case let other where other == ViewType.footer(for: report.host):
            classes.append("footer")
            kind = "footer"
        default:
            classes.append("supplementary")
            kind = element.element.description
        }
        var view: String
        var badges: [String] = []
        let hijacked = element.dequeuedFrom != nil && element.dequeuedFrom != element.resolved
        if element.isNil {
            classes.append("nil")
            view = "nothing (nil model)"
        } else if element.shownAsTitle {
            view = "the section title"
        } else if hijacked {
            // The view dequeued under the identifier, and where it comes from (the class may be the same).
            let source = element.dequeuedFrom.flatMap(report.registration(at:)).map(report.viewSource(of:))
            view = (element.dequeuedView ?? "?") + (source.map { " (\($0))" } ?? "")
        } else if let shown = element.view {
            view = shown + (element.dequeuedXib.map { " (\($0).xib)" } ?? "")
        } else {
            view = "no view"
        }
        if element.problems.contains(.unresolved) {
            classes.append("unresolved")
            badges.append("unresolved")
        }
        if element.problems.contains(.ambiguous) {
            classes.append("ambiguous")
            badges.append("ambiguous: " + element.candidates.map { "#\($0)" }.joined(separator: ", ") + " match")
        }
        if hijacked {
            classes.append("hijacked")
            let intended = element.resolved.flatMap(report.registration(at:)).map(report.viewSource(of:))
            badges.append("instead of " + (intended ?? element.view ?? "?"))
        }
        var registration = element.resolved.map { " <a href=\"#registration-\($0)\">#\($0)</a>" } ?? ""
        if let conditional = element.whenConditionHolds {
            classes.append("conditional")
            (view, registration, badges) = conditionalSlot(element, conditional, otherwise: view, badges, report)
        }
        let detail =
            "section \(element.section), \(kind): \(element.model ?? "nil") → \(view)"
            + (badges.isEmpty ? "" : " (" + badges.joined(separator: "; ") + ")")
        return "<div class=\"\(classes.joined(separator: " "))\" title=\"\(escape(detail))\">"
            + "<span class=\"kind\">\(escape(kind))</span><span class=\"view\">\(escape(view))</span>\(registration)"
            + "<span class=\"model\">\(escape(element.model ?? "nil"))</span>"
            + badges.map { "<span class=\"badge\">\(escape($0))</span>" }.joined()
            + "<span class=\"at\">\(Self.place(element.location, report, text: "line \(element.location.line)"))</span>"
            + "</div>\n"
    }

    /// A slot made for a registration whose condition maplint cannot read: the view that
    /// registration shows when its condition holds, the link to it, and first a badge that says
    /// so and what shows the item otherwise.
    private func conditionalSlot(
        _ element: ResolvedElement, _ conditional: Int, otherwise view: String, _ badges: [String],
        _ report: CollisionReport
    ) -> (view: String, link: String, badges: [String]) {
        let shown = report.registration(at: conditional)?.viewClass.value ?? "?"
        return (
            shown, " <a href=\"#registration-\(conditional)\">#\(conditional)</a>",
            [Self.conditionalWords(element, conditional, otherwise: view)] + badges
        )
    }

    /// When an item made for a registration whose condition maplint cannot read reaches it, and
    /// what shows it otherwise: "if its condition holds (maplint cannot read it); otherwise #2
    /// PostCell". The opaque registrations before it must not match, those after it may.
    static func conditionalWords(_ element: ResolvedElement, _ conditional: Int, otherwise view: String) -> String {
        let opaque = element.opaqueRegistrations
        let position = opaque.firstIndex(of: conditional) ?? opaque.endIndex
        let earlier = opaque[..<position].map { "#\($0)" }
        let later = opaque.dropFirst(position + 1).map { "#\($0) if its condition holds, else " }
        return "if its condition holds"
            + (earlier.isEmpty ? "" : " and that of \(earlier.joined(separator: ", ")) does not")
            + " (maplint cannot read \(earlier.isEmpty ? "it" : "them")); otherwise " + later.joined()
            + (element.resolved.map { "#\($0) \(view)" } ?? "no view")
    }

    func escape(_ text: String) -> String { Self.escape(text) }

    /// Text for element content or an attribute value: markup escaped, and the characters that
    /// could reorder or hide what is shown (bidirectional overrides, other controls) as U+FFFD.
    static func escape(_ text: String) -> String {
        guard
            text.unicodeScalars.contains(where: {
                OutputEscaping.isUnsafeForText($0) && !"\n\r".unicodeScalars.contains($0)
            })
        else { return XML.escape(text) }
        var safe = ""
        for scalar in text.unicodeScalars {
            let keep = !OutputEscaping.isUnsafeForText(scalar) || scalar == "\n" || scalar == "\r"
            safe.unicodeScalars.append(keep ? scalar : "\u{FFFD}")
        }
        return XML.escape(safe)
    }

    /// A page for a manifest that could not be checked, with its diagnostics as text.
    package static func errorPage(_ diagnostics: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>maplint: the manifest could not be checked</title></head>\n"
            + "<body>\n<h1>The manifest could not be checked</h1>\n<pre>"
            + diagnostics.split(separator: "\n", omittingEmptySubsequences: false).map { XML.escape(String($0)) }
            .joined(separator: "\n")
            + "</pre>\n</body>\n</html>\n"
    }
}
