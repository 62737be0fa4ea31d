import MaplintFindings
import MaplintLint
import MaplintText

/// The `lint --format json` document (docs/commands.md).
struct FindingsJSONFormatter: PlainOutputFormatter {
    package static let identifier = "json"

    package init() {}

    package func format(_ result: LintResult) -> String {
        String(decoding: formatUTF8(result), as: UTF8.self)
    }

    /// Written straight to bytes, laid out exactly as `JSONValue.renderedUTF8()` lays out the same
    /// document (`json(_:)` for each finding): a findings document can be tens of MB, and building
    /// a `JSONValue` tree of it first cost as much as writing it.
    package func formatUTF8(_ result: LintResult) -> [UInt8] {
        let summary = result.summary
        var output: [UInt8] = []
        if result.diagnostics.isEmpty {
            output.append(literal: "{\n  \"diagnostics\": [],\n")
        } else {
            output.append(literal: "{\n  \"diagnostics\": [\n")
            let last = result.diagnostics.count - 1
            for (position, diagnostic) in result.diagnostics.enumerated() {
                Self.write(diagnostic, to: &output)
                output.append(literal: position == last ? "\n" : ",\n")
            }
            output.append(literal: "  ],\n")
        }
        output.append(literal: "  \"summary\": {\n    \"files\": ")
        output.append(decimal: summary.files)
        output.append(literal: ",\n    \"errors\": ")
        output.append(decimal: summary.errors)
        output.append(literal: ",\n    \"warnings\": ")
        output.append(decimal: summary.warnings)
        output.append(literal: ",\n    \"notes\": ")
        output.append(decimal: summary.notes)
        output.append(literal: "\n  }\n}\n")
        return output
    }

    /// One element of `diagnostics` as `json(diagnostic).renderedUTF8()` would write it at depth 2
    /// (the element's braces indented by 4 spaces, its members by 6), without the separator after it.
    static func write(_ diagnostic: Diagnostic, to output: inout [UInt8]) {
        output.append(literal: "    {\n      \"rule\": ")
        JSONValue.appendQuoted(diagnostic.rule.rawValue, to: &output)
        output.append(literal: ",\n      \"severity\": ")
        JSONValue.appendQuoted(diagnostic.severity.rawValue, to: &output)
        output.append(literal: ",\n      \"message\": ")
        JSONValue.appendQuoted(diagnostic.message, to: &output)
        output.append(literal: ",\n")
        writeLocation(diagnostic.location, indent: "      ", to: &output)
        // An array of numbers stays on one line: `[2, 3]`, or `[]`.
        output.append(literal: ",\n      \"registrations\": [")
        for (position, registration) in diagnostic.registrations.enumerated() {
            if position > 0 { output.append(literal: ", ") }
            output.append(decimal: registration)
        }
        output.append(literal: "],\n      \"related\": ")
        if diagnostic.related.isEmpty {
            output.append(literal: "[]\n")
        } else {
            output.append(literal: "[\n")
            let last = diagnostic.related.count - 1
            for (position, related) in diagnostic.related.enumerated() {
                output.append(literal: "        {\n")
                writeLocation(related.location, indent: "          ", to: &output)
                output.append(literal: ",\n          \"message\": ")
                JSONValue.appendQuoted(related.message, to: &output)
                output.append(literal: position == last ? "\n        }\n" : "\n        },\n")
            }
            output.append(literal: "      ]\n")
        }
        output.append(literal: "    }")
    }

    /// The members `file`, `line` and `column`, each on its own line after `indent`, without a
    /// separator after the last.
    private static func writeLocation(_ location: SourceLocation, indent: StaticString, to output: inout [UInt8]) {
        output.append(literal: indent)
        output.append(literal: "\"file\": ")
        JSONValue.appendQuoted(location.file, to: &output)
        output.append(literal: ",\n")
        output.append(literal: indent)
        output.append(literal: "\"line\": ")
        output.append(decimal: location.line)
        output.append(literal: ",\n")
        output.append(literal: indent)
        output.append(literal: "\"column\": ")
        output.append(decimal: location.column)
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
