/// `path:line:column: error: message [rule-id]`, the form Xcode shows inline, then a summary line.
public struct DiagnosticTextFormatter: Sendable {
    public var colour: Bool

    public init(colour: Bool = false) {
        self.colour = colour
    }

    public func format(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            output += line(diagnostic) + "\n"
            for related in diagnostic.related {
                output += paint("\(related.location): note: \(related.message)", style: .dim) + "\n"
            }
        }
        output += Self.summaryLine(result.summary) + "\n"
        return output
    }

    public func line(_ diagnostic: Diagnostic) -> String {
        let severity = paint(
            diagnostic.severity.rawValue,
            style: diagnostic.severity == .error ? .red : diagnostic.severity == .warning ? .yellow : .blue)
        return
            "\(paint(diagnostic.location.description, style: .bold)): \(severity): \(diagnostic.message) [\(diagnostic.rule)]"
    }

    public static func summaryLine(_ summary: LintResult.Summary) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        return "\(count(summary.files, "file")) checked: \(count(summary.errors, "error")), "
            + "\(count(summary.warnings, "warning")), \(count(summary.notes, "note"))"
    }

    private enum Style: String {
        case bold = "1"
        case red = "1;31"
        case yellow = "1;33"
        case blue = "1;34"
        case dim = "2"
    }

    private func paint(_ text: String, style: Style) -> String {
        colour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// The `lint --format json` document of SPEC section 3.
public struct DiagnosticJSONFormatter: Sendable {
    public init() {}

    public func format(_ result: LintResult) -> String {
        let summary = result.summary
        return JSONValue.object([
            ("diagnostics", .array(result.diagnostics.map(Self.json))),
            (
                "summary",
                .object([
                    ("files", .int(summary.files)), ("errors", .int(summary.errors)),
                    ("warnings", .int(summary.warnings)), ("notes", .int(summary.notes)),
                ])
            ),
        ]).rendered() + "\n"
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
