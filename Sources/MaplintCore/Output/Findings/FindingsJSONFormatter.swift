/// The `lint --format json` document (docs/commands.md).
public struct FindingsJSONFormatter: PlainOutputFormatter {
    public static let identifier = "json"

    public init() {}

    public func format(_ result: LintResult) -> String {
        String(decoding: formatUTF8(result), as: UTF8.self)
    }

    /// Written straight to bytes, laid out exactly as `JSONValue.renderedUTF8()` lays out the same
    /// document (`json(_:)` for each finding): a findings document can be tens of MB, and building
    /// a `JSONValue` tree of it first cost as much as writing it.
    public func formatUTF8(_ result: LintResult) -> [UInt8] {
        let summary = result.summary
        var output: [UInt8] = []
        if result.diagnostics.isEmpty {
            output.append(contentsOf: "{\n  \"diagnostics\": [],\n".utf8)
        } else {
            output.append(contentsOf: "{\n  \"diagnostics\": [\n".utf8)
            let last = result.diagnostics.count - 1
            for (position, diagnostic) in result.diagnostics.enumerated() {
                Self.write(diagnostic, to: &output)
                output.append(contentsOf: (position == last ? "\n" : ",\n").utf8)
            }
            output.append(contentsOf: "  ],\n".utf8)
        }
        output.append(contentsOf: "  \"summary\": {\n    \"files\": ".utf8)
        output.append(contentsOf: String(summary.files).utf8)
        output.append(contentsOf: ",\n    \"errors\": ".utf8)
        output.append(contentsOf: String(summary.errors).utf8)
        output.append(contentsOf: ",\n    \"warnings\": ".utf8)
        output.append(contentsOf: String(summary.warnings).utf8)
        output.append(contentsOf: ",\n    \"notes\": ".utf8)
        output.append(contentsOf: String(summary.notes).utf8)
        output.append(contentsOf: "\n  }\n}\n".utf8)
        return output
    }

    /// One element of `diagnostics` as `json(diagnostic).renderedUTF8()` would write it at depth 2
    /// (the element's braces indented by 4 spaces, its members by 6), without the separator after it.
    static func write(_ diagnostic: Diagnostic, to output: inout [UInt8]) {
        output.append(contentsOf: "    {\n      \"rule\": ".utf8)
        JSONValue.appendQuoted(diagnostic.rule.rawValue, to: &output)
        output.append(contentsOf: ",\n      \"severity\": ".utf8)
        JSONValue.appendQuoted(diagnostic.severity.rawValue, to: &output)
        output.append(contentsOf: ",\n      \"message\": ".utf8)
        JSONValue.appendQuoted(diagnostic.message, to: &output)
        output.append(contentsOf: ",\n".utf8)
        writeLocation(diagnostic.location, indent: "      ", to: &output)
        // An array of numbers stays on one line: `[2, 3]`, or `[]`.
        output.append(contentsOf: ",\n      \"registrations\": [".utf8)
        for (position, registration) in diagnostic.registrations.enumerated() {
            if position > 0 { output.append(contentsOf: ", ".utf8) }
            output.append(contentsOf: String(registration).utf8)
        }
        output.append(contentsOf: "],\n      \"related\": ".utf8)
        if diagnostic.related.isEmpty {
            output.append(contentsOf: "[]\n".utf8)
        } else {
            output.append(contentsOf: "[\n".utf8)
            let last = diagnostic.related.count - 1
            for (position, related) in diagnostic.related.enumerated() {
                output.append(contentsOf: "        {\n".utf8)
                writeLocation(related.location, indent: "          ", to: &output)
                output.append(contentsOf: ",\n          \"message\": ".utf8)
                JSONValue.appendQuoted(related.message, to: &output)
                output.append(contentsOf: (position == last ? "\n        }\n" : "\n        },\n").utf8)
            }
            output.append(contentsOf: "      ]\n".utf8)
        }
        output.append(contentsOf: "    }".utf8)
    }

    /// The members `file`, `line` and `column`, each on its own line after `indent`, without a
    /// separator after the last.
    private static func writeLocation(_ location: SourceLocation, indent: String, to output: inout [UInt8]) {
        output.append(contentsOf: indent.utf8)
        output.append(contentsOf: "\"file\": ".utf8)
        JSONValue.appendQuoted(location.file, to: &output)
        output.append(contentsOf: ",\n".utf8)
        output.append(contentsOf: indent.utf8)
        output.append(contentsOf: "\"line\": ".utf8)
        output.append(contentsOf: String(location.line).utf8)
        output.append(contentsOf: ",\n".utf8)
        output.append(contentsOf: indent.utf8)
        output.append(contentsOf: "\"column\": ".utf8)
        output.append(contentsOf: String(location.column).utf8)
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
