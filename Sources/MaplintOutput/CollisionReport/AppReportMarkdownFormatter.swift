import MaplintReport

/// `report --format markdown` of an app, for a pull-request comment: the index of screens (the
/// worst first), the findings about no one screen, then under each screen's heading what
/// `CollisionReportMarkdownFormatter` shows for one manifest, with its findings listed and
/// every place a link to its Swift line (`SourceLinks`).
struct AppReportMarkdownFormatter: PlainOutputFormatter {
    package static let identifier = "markdown"

    package init() {}

    package func format(_ app: AppReport) -> String {
        let screen = CollisionReportMarkdownFormatter(links: app.links)
        var lines = ["# Registration report: \(screen.text(app.title))", "", "\(app.summary).", ""]
        if !app.targets.isEmpty { lines += app.targets.map { "- \(screen.text($0))" } + [""] }
        lines += ["## Screens", ""]
        if app.screens.isEmpty {
            lines += ["No screen: no type owns a DTTableViewManager or DTCollectionViewManager.", ""]
        } else {
            lines += [
                "| screen | host | declared at | registrations | errors | warnings | notes |",
                "|---|---|---|---|---|---|---|",
            ]
            for entry in app.screens {
                lines.append(
                    "| \(screen.text(entry.name)) | \(entry.host.rawValue) | \(screen.place(entry.location)) | "
                        + "\(entry.registrations) | \(entry.errors) | \(entry.warnings) | \(entry.notes) |")
            }
            lines.append("")
        }
        if !app.findings.isEmpty {
            lines += ["## Findings about no one screen", ""] + screen.findingList(app.findings) + [""]
        }
        for entry in app.screens {
            lines += ["## \(screen.text(entry.name))", "", "Declared at \(screen.place(entry.location)).", ""]
            guard let report = entry.report else {
                lines += ["Its registrations could not be checked:", ""] + screen.findingList(entry.findings) + [""]
                continue
            }
            lines += screen.body(report) + [""]
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
