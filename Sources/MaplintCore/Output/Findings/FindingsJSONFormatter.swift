/// The `lint --format json` document (docs/commands.md).
public struct FindingsJSONFormatter: PlainOutputFormatter {
    public static let identifier = "json"

    public init() {}

    public func format(_ result: LintResult) -> String {
        String(decoding: formatUTF8(result), as: UTF8.self)
    }

    public func formatUTF8(_ result: LintResult) -> [UInt8] {
        let summary = result.summary
        var output = JSONValue.object([
            ("diagnostics", .array(result.diagnostics.map(Self.json))),
            (
                "summary",
                .object([
                    ("files", .int(summary.files)), ("errors", .int(summary.errors)),
                    ("warnings", .int(summary.warnings)), ("notes", .int(summary.notes)),
                ])
            ),
        ]).renderedUTF8()
        output.append(UInt8(ascii: "\n"))
        return output
    }

    static func json(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.location.file)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("registrations", .array(diagnostic.registrations.map(JSONValue.int))),
            (
                "related",
                .array(
                    diagnostic.related.map { related in
                        .object([
                            ("file", .string(related.location.file)), ("line", .int(related.location.line)),
                            ("column", .int(related.location.column)), ("message", .string(related.message)),
                        ])
                    })
            ),
        ])
    }
}
