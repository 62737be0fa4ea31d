import MaplintResolver
import MaplintRules

/// `maplint resolve --format csv`: a header row, then one row per sample element, with the
/// columns of the JSON output. Lists are space-separated; null is an empty field.
package struct ResolutionCSVFormatter: PlainOutputFormatter {
    package static let identifier = "csv"

    package var lineEnding: String

    package init() {
        self.init(lineEnding: "\n")
    }

    package init(lineEnding: String) {
        self.lineEnding = lineEnding
    }

    static let header = [
        "section", "item", "element", "kind", "model", "candidates", "resolved", "view",
        "reuseIdentifier", "dequeuedFrom", "problems",
    ]

    package func format(_ resolution: Resolution) -> String {
        var lines = [Self.header.map(Self.field).joined(separator: ",")]
        for element in resolution.items {
            lines.append(Self.row(element).map(Self.field).joined(separator: ","))
        }
        return lines.joined(separator: lineEnding) + lineEnding
    }

    /// The fields of one element, in the order of `header`, not yet quoted.
    static func row(_ element: ResolvedElement) -> [String] {
        let problems: String = element.problemRules.map(\.rawValue).joined(separator: " ")
        return [
            String(element.section),
            String(element.item),
            element.element.elementName,
            element.element.customKind ?? "",
            element.model ?? "",
            element.candidates.map(String.init).joined(separator: " "),
            element.resolved.map(String.init) ?? "",
            element.view ?? "",
            element.reuseIdentifier ?? "",
            element.dequeuedFrom.map(String.init) ?? "",
            problems,
        ]
    }

    /// RFC 4180, with spreadsheet formulas neutralised (see `OutputEscaping.csvField`).
    static func field(_ text: String) -> String {
        OutputEscaping.csvField(text)
    }
}
