import MaplintReport
import MaplintText

/// `maplint resolve --format json` of an app (docs/commands.md): `{"screens": [...]}`, each
/// screen's `items` as `resolve --format json` writes them for a manifest, a witness item with
/// the pair it stands for (`witnessOf`) and the example in words; an item maplint made for a
/// screen with no sample with `"synthesized": true` and the registration it was made for (`madeFor`); for a screen that could not be
/// checked, `errors`: its findings as `lint --format json` writes them.
struct AppResolutionJSONFormatter: PlainOutputFormatter {
    package static let identifier = ResolutionJSONFormatter.identifier

    package init() {}

    package func format(_ app: AppResolution) -> String {
        JSONValue.object([
            (
                "screens",
                .array(
                    app.screens.map { screen -> JSONValue in
                        var members: [(String, JSONValue)] = [
                            ("name", .string(screen.name)),
                            ("host", .string(screen.host.rawValue)),
                            ("file", .string(screen.location.file)),
                            ("line", .int(screen.location.line)),
                            ("column", .int(screen.location.column)),
                            ("items", .array(screen.resolution.items.indices.map { item(screen, $0) })),
                        ]
                        if !screen.errors.isEmpty {
                            members.append(("errors", .array(screen.errors.map(FindingsJSONFormatter.json))))
                        }
                        return .object(members)
                    })
            )
        ]).rendered() + "\n"
    }

    private func item(_ screen: AppResolution.Screen, _ position: Int) -> JSONValue {
        guard case .object(var members) = ResolutionJSONFormatter.json(screen.resolution.items[position]) else {
            return .null
        }
        if screen.madeFor.indices.contains(position), let registration = screen.madeFor[position] {
            members.append(("madeFor", .int(registration)))
        }
        if let pair = screen.witnessOf[position] {
            members.append(("witnessOf", .array([.int(pair.first), .int(pair.second)])))
        }
        if let example = screen.examples[position] { members.append(("example", .string(example))) }
        return .object(members)
    }
}
