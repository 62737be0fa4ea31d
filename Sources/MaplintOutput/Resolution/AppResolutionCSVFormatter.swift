import MaplintReport

/// `maplint resolve --format csv` of an app: the columns of a manifest's, after the screen's
/// name, then the pair a witness stands for and the example.
struct AppResolutionCSVFormatter: PlainOutputFormatter {
    package static let identifier = ResolutionCSVFormatter.identifier

    package init() {}

    package func format(_ app: AppResolution) -> String {
        var lines = [
            (["screen"] + ResolutionCSVFormatter.header + ["witnessOf", "example"]).map(field).joined(separator: ",")
        ]
        for screen in app.screens {
            for (position, element) in screen.resolution.items.enumerated() {
                let pair = screen.witnessOf[position].map { "\($0.first) \($0.second)" } ?? ""
                let row =
                    [screen.name] + ResolutionCSVFormatter.row(element) + [
                        pair, AppResolutionTableFormatter.example(screen, position) ?? "",
                    ]
                lines.append(row.map(field).joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func field(_ text: String) -> String { ResolutionCSVFormatter.field(text) }
}
