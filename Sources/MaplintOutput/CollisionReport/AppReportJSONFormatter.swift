import MaplintManifest
import MaplintReport
import MaplintText

/// `report --format json` of an app (docs/commands.md): per screen, the worst first, its place,
/// counts, registrations with their Swift places, findings (as `lint --format json` writes
/// them) and the document `report --format json` writes for one manifest; then the findings
/// about no one screen and a summary.
struct AppReportJSONFormatter: PlainOutputFormatter {
    package static let identifier = "json"

    package init() {}

    package func format(_ app: AppReport) -> String {
        JSONValue.object([
            ("screens", .array(app.screens.map(Self.json))),
            ("diagnostics", .array(app.findings.map(FindingsJSONFormatter.json))),
            ("targets", .array(app.targets.map(JSONValue.string))),
            (
                "summary",
                .object([
                    ("screens", .int(app.screens.count)), ("files", .int(app.files)), ("errors", .int(app.errors)),
                    ("warnings", .int(app.warnings)), ("notes", .int(app.notes)),
                ])
            ),
        ]).rendered() + "\n"
    }

    static func json(_ screen: AppReport.Screen) -> JSONValue {
        .object([
            ("name", .string(screen.name)),
            ("host", .string(screen.host.rawValue)),
            ("file", .string(screen.location.file)),
            ("line", .int(screen.location.line)),
            ("column", .int(screen.location.column)),
            (
                "summary",
                .object([
                    ("registrations", .int(screen.registrations)), ("errors", .int(screen.errors)),
                    ("warnings", .int(screen.warnings)), ("notes", .int(screen.notes)),
                ])
            ),
            ("registrations", .array((screen.manifest?.registrations ?? []).map(json))),
            ("diagnostics", .array(screen.findings.map(FindingsJSONFormatter.json))),
            ("report", screen.report.map(CollisionReportJSONFormatter.json) ?? .null),
        ])
    }

    /// A registration by its entry number (the numbers `report` and `diagnostics` use), with its place.
    static func json(_ registration: Registration) -> JSONValue {
        .object([
            ("index", .int(registration.index)),
            ("element", .string(registration.viewType.elementName)),
            ("kind", .string(registration.viewType.customKind)),
            ("view", .string(registration.viewClass.value)),
            ("model", .string(registration.modelType.value.name)),
            ("file", .string(registration.location.file)),
            ("line", .int(registration.location.line)),
            ("column", .int(registration.location.column)),
        ])
    }
}
