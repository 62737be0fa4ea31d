import MaplintFindings
import MaplintLint

/// `path:line:column: error: message [rule-id]`, the form Xcode shows inline, then a summary line.
package struct FindingsTextFormatter: OutputFormatter {
    package static let identifier = "text"

    package var colour: Bool
    /// Whether the summary line ends the text (`lint --quiet` leaves it out).
    package var summary: Bool

    package init(colour: Bool = false) {
        self.init(colour: colour, summary: true)
    }

    package init(colour: Bool, summary: Bool) {
        self.colour = colour
        self.summary = summary
    }

    package func format(_ result: LintResult) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            output += line(diagnostic) + "\n"
            for related in diagnostic.related {
                output +=
                    paint(OutputEscaping.terminal("\(related.location): note: \(related.message)"), style: .dim) + "\n"
            }
        }
        if summary { output += Self.summaryLine(result.summary) + "\n" }
        return output
    }

    package func line(_ diagnostic: Diagnostic) -> String {
        let severity = paint(
            diagnostic.severity.rawValue,
            style: diagnostic.severity == .error ? .red : diagnostic.severity == .warning ? .yellow : .blue)
        return
            "\(paint(OutputEscaping.terminal(diagnostic.location.description), style: .bold)): \(severity): \(OutputEscaping.terminal(diagnostic.message)) [\(diagnostic.rule)]"
    }

    /// "1 file checked: 3 errors, 5 warnings, 0 notes (10 related)": the notes are findings of
    /// severity note; the related notes printed under findings are counted apart, when there are any.
    static func summaryLine(_ summary: LintResult.Summary) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let related = summary.related > 0 ? " (\(summary.related) related)" : ""
        return "\(count(summary.files, "file")) checked: \(count(summary.errors, "error")), "
            + "\(count(summary.warnings, "warning")), \(count(summary.notes, "note"))\(related)"
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
