import MaplintLint

/// A Markdown table of findings, for a pull-request comment.
struct FindingsMarkdownFormatter: PlainOutputFormatter {
    package static let identifier = "markdown"

    package init() {}

    package func format(_ result: LintResult) -> String {
        var output = "## maplint\n\n"
        if result.diagnostics.isEmpty {
            output += "No findings in \(Self.count(result.files.count, "manifest")).\n"
            return output
        }
        output += "| Severity | Location | Rule | Message |\n|---|---|---|---|\n"
        for diagnostic in result.diagnostics {
            let severity =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "note"
                }
            output +=
                "| \(severity) | \(OutputEscaping.markdownCode(diagnostic.location.description)) | `\(diagnostic.rule)` | \(Self.cell(diagnostic.message)) |\n"
        }
        output += "\n" + FindingsTextFormatter.summaryLine(result.summary) + "\n"
        return output
    }

    /// A message in a table cell: on one line, code spans kept, everything else escaped (no raw
    /// HTML, links or images from a manifest).
    static func cell(_ text: String) -> String {
        OutputEscaping.markdownMessage(text)
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
