/// A Markdown table of findings, for a pull-request comment.
public struct FindingsMarkdownFormatter: PlainOutputFormatter {
    public static let identifier = "markdown"

    public init() {}

    public func format(_ result: LintResult) -> String {
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
                "| \(severity) | `\(Self.cell(diagnostic.location.description))` | `\(diagnostic.rule)` | \(Self.cell(diagnostic.message)) |\n"
        }
        output += "\n" + FindingsTextFormatter.summaryLine(result.summary) + "\n"
        return output
    }

    /// Table cells cannot hold `|` or line breaks.
    static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|").replacingAll("\n", with: "<br>").replacingAll("\r", with: "")
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
