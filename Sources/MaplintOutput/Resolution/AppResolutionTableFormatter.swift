import MaplintFindings
import MaplintReport
import MaplintResolver

/// `maplint resolve --format table` of an app: per screen a heading line, then one row per
/// example item with the registration it gets (entry number and Swift line), its view, reuse
/// identifier, notes, and for a witness the example in words.
struct AppResolutionTableFormatter: OutputFormatter {
    package static let identifier = ResolutionTableFormatter.identifier

    package var colour: Bool

    package init(colour: Bool = false) {
        self.colour = colour
    }

    private static let headings = [
        "SECTION", "ITEM", "ELEMENT", "MODEL", "REGISTRATION", "VIEW", "REUSE ID", "NOTES", "EXAMPLE",
    ]

    package func format(_ app: AppResolution) -> String {
        guard !app.screens.isEmpty else {
            return "No screen: no type owns a DTTableViewManager or DTCollectionViewManager.\n"
        }
        let table = ResolutionTableFormatter(colour: colour)
        return app.screens.map { screen in
            let host = screen.host == .tableView ? "table view" : "collection view"
            var lines = [
                OutputEscaping.terminal("\(screen.name) (\(screen.location), \(host))")
            ]
            guard screen.errors.isEmpty else {
                let errors = screen.errors.map { error in
                    OutputEscaping.terminal("  \(error.location): error: \(error.message) [\(error.rule.rawValue)]")
                }
                return (lines + ["  could not be checked:"] + errors).joined(separator: "\n") + "\n"
            }
            let items = screen.resolution.items
            guard !items.isEmpty else {
                let none =
                    screen.fromData
                    ? "  no sample items"
                    : "  no example item: no item could be made for its registrations"
                return (lines + [none]).joined(separator: "\n") + "\n"
            }
            // The items of a --data file have no example column.
            let hasExamples = screen.examples.contains { $0 != nil }
            let headings = hasExamples ? Self.headings : Array(Self.headings.dropLast())
            let rows = items.indices.map { position in
                Self.cells(items[position], example: Self.example(screen, position), places: screen.places)
                    .prefix(headings.count).map(OutputEscaping.terminal)
            }
            var widths = headings.map(\.count)
            for row in rows {
                for (column, cell) in row.enumerated() where widths.indices.contains(column) {
                    widths[column] = max(widths[column], cell.count)
                }
            }
            lines.append(
                table.paint(ResolutionTableFormatter.line(marker: " ", cells: headings, widths: widths), .bold))
            for (element, row) in zip(items, rows) {
                let line = ResolutionTableFormatter.line(
                    marker: element.hasProblems ? "!" : " ", cells: row, widths: widths)
                lines.append(table.paint(line, ResolutionTableFormatter.style(for: element)))
            }
            lines.append(ResolutionTableFormatter.summary(screen.resolution.summary))
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// The example in words; for a synthesized item, the registration it was made for first.
    static func example(_ screen: AppResolution.Screen, _ position: Int) -> String? {
        guard screen.madeFor.indices.contains(position), let registration = screen.madeFor[position] else {
            return screen.examples[position]
        }
        return "made for #\(registration)" + (screen.examples[position].map { ": " + $0 } ?? "")
    }

    static func cells(_ element: ResolvedElement, example: String?, places: [Int: SourceLocation]) -> [String] {
        let standard = ResolutionTableFormatter.cells(element)
        let registration = element.resolved.map { index in
            "#\(index)" + (places[index].map { " (line \($0.line))" } ?? "")
        }
        // SECTION ITEM ELEMENT MODEL, then the registration, then VIEW REUSE ID NOTES.
        return Array(standard.prefix(4)) + [registration ?? "-"] + Array(standard.dropFirst(4)) + [example ?? ""]
    }
}
