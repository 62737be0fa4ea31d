import MaplintResolver
import MaplintRules

/// `maplint resolve --format table`: one aligned row per sample element, rows with problems
/// marked `!`, then a summary line.
package struct ResolutionTableFormatter: OutputFormatter {
    package static let identifier = "table"

    package var colour: Bool

    package init(colour: Bool = false) {
        self.colour = colour
    }

    private static let headings = ["SECTION", "ITEM", "ELEMENT", "MODEL", "VIEW", "REUSE ID", "NOTES"]

    package func format(_ resolution: Resolution) -> String {
        let rows = resolution.items.map { Self.cells($0).map(OutputEscaping.terminal) }
        // Widths in characters, so non-ASCII names line up.
        var widths = Self.headings.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where widths.indices.contains(column) {
                widths[column] = max(widths[column], cell.count)
            }
        }
        var lines: [String] = [paint(Self.line(marker: " ", cells: Self.headings, widths: widths), .bold)]
        for (element, row) in zip(resolution.items, rows) {
            let line = Self.line(marker: element.hasProblems ? "!" : " ", cells: row, widths: widths)
            lines.append(paint(line, Self.style(for: element)))
        }
        lines.append(Self.summary(resolution.summary))
        return lines.joined(separator: "\n") + "\n"
    }

    static func cells(_ element: ResolvedElement) -> [String] {
        [
            String(element.section),
            String(element.item),
            element.element.description,
            element.model ?? "nil",
            element.view ?? "-",
            element.reuseIdentifier ?? "-",
            notes(element),
        ]
    }

    /// Rule ids, with the registrations involved where that helps.
    static func notes(_ element: ResolvedElement) -> String {
        if element.shownAsTitle && element.problems.isEmpty {
            return element.model == nil ? "no section title (nil)" : "shown as the section title"
        }
        // The first candidate is the specific registration, the others its fallbacks: intended.
        let fallback =
            element.fallback
            ? [
                "fallback (entry \(element.candidates.first.map(String.init) ?? "?") first, then "
                    + element.candidates.dropFirst().map(String.init).joined(separator: ", ") + ")"
            ] : []
        return
            (fallback
            + element.problems.sorted { $0.rule < $1.rule }.map { problem in
                let rule = problem.rule.rawValue
                switch problem {
                case .ambiguous:
                    return "\(rule) (candidates \(element.candidates.map(String.init).joined(separator: ", ")))"
                case .reuseIdentifierCollision(let source):
                    return "\(rule) (dequeues \(element.dequeuedView ?? "?") of entry \(source))"
                case .opaqueCondition(let registrations):
                    return "\(rule) (entry \(registrations.map(String.init).joined(separator: ", ")))"
                case .conditionError(let failures):
                    return "\(rule) (entry \(failures.map { String($0.registration) }.joined(separator: ", ")))"
                case .dequeuedUnderClassName(let identifier, let source):
                    guard let source else { return "\(rule) (nothing registered under '\(identifier)')" }
                    return "\(rule) (dequeues \(element.dequeuedView ?? "?") of entry \(source) under '\(identifier)')"
                case .storyboardReplacedByXib(let xib):
                    return "\(rule) (dequeues \(xib).xib, not the storyboard prototype)"
                case .plainViewWithoutXib:
                    return "\(rule) (no xib to load: nothing shown)"
                case .nilModel, .unresolved:
                    return rule
                }
            }).joined(separator: "; ")
    }

    static func line(marker: String, cells: [String], widths: [Int]) -> String {
        var line = marker
        for (column, cell) in cells.enumerated() {
            let width = widths.indices.contains(column) ? widths[column] : cell.count
            line += "  " + cell + String(repeating: " ", count: max(0, width - cell.count))
        }
        while line.last == " " { line.removeLast() }
        return line
    }

    static func summary(_ summary: Resolution.Summary) -> String {
        var text =
            "\(summary.elements) \(summary.elements == 1 ? "element" : "elements"): "
            + "\(summary.resolved) resolved, \(summary.unresolved) unresolved, \(summary.nilModels) nil"
        if summary.titles > 0 {
            text += ", \(summary.titles) \(summary.titles == 1 ? "section title" : "section titles")"
        }
        if summary.conditional > 0 {
            text += ", \(summary.conditional) only if a condition maplint cannot read holds"
        }
        if summary.withProblems > 0 { text += "; \(summary.withProblems) with problems" }
        return text
    }

    enum Style {
        case plain, bold, error, warning, note
    }

    /// The style of the most severe rule among the element's problems.
    static func style(for element: ResolvedElement) -> Style {
        let severities = element.problems.map { Rules.rule(withID: $0.rule)?.description.severity ?? .warning }
        switch severities.max() {
        case .error: return .error
        case .warning: return .warning
        case .note: return .note
        case nil: return .plain
        }
    }

    func paint(_ text: String, _ style: Style) -> String {
        guard colour else { return text }
        let code: String
        switch style {
        case .plain: return text
        case .bold: code = "1"
        case .error: code = "31"
        case .warning: code = "33"
        case .note: code = "36"
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}
