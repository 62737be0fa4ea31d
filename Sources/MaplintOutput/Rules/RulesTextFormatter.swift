import MaplintLibrary
import MaplintRules

/// What `maplint rules` shows: every rule, or one rule explained.
package enum RuleListing: Sendable {
    case all([RuleDescription])
    case one(RuleDescription)
}

/// The text of `maplint rules`: a table of every rule, or one rule explained with examples.
package struct RulesTextFormatter: PlainOutputFormatter {
    package static let identifier = "text"

    /// The width to wrap the text at (a terminal's), or nil to leave every line whole.
    package var width: Int?

    package init() {}

    package init(width: Int?) {
        self.width = width
    }

    package func format(_ listing: RuleListing) -> String {
        switch listing {
        case .all(let rules): Self.table(rules, width: width)
        case .one(let rule): Self.wrap(Self.explanation(of: rule), width: width)
        }
    }

    /// Narrowest width wrapped at: below it, a line holds too few words to read.
    static let narrowest = 40

    /// One line per rule: id, default severity, whether `lint --fix` fixes it, summary, in columns;
    /// with `width`, a summary that does not fit goes on in its column on the lines below.
    package static func table(_ rules: [RuleDescription], width: Int? = nil) -> String {
        let idWidth = max(2, rules.map(\.id.rawValue.count).max() ?? 0)
        let severityWidth = max("severity".count, rules.map(\.severity.rawValue.count).max() ?? 0)
        let summaryColumn = idWidth + 2 + severityWidth + 2 + 3 + 2
        func row(_ id: String, _ severity: String, _ fix: String, _ summary: String) -> String {
            let start =
                id.padding(toLength: idWidth) + "  " + severity.padding(toLength: severityWidth) + "  "
                + fix.padding(toLength: 3) + "  "
            guard let width else { return start + summary }
            let lines = wrapped(summary, width: max(width, narrowest) - summaryColumn, minimum: 20)
            return start + lines.joined(separator: "\n" + String(repeating: " ", count: summaryColumn))
        }
        var lines = [row("id", "severity", "fix", "summary")]
        for rule in rules {
            lines.append(row(rule.id.rawValue, rule.severity.rawValue, rule.isFixable ? "yes" : "", rule.summary))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rule's name, id and severity, its explanation, and its first triggering and
    /// non-triggering examples (`↓` marks where a finding is reported).
    package static func explanation(of rule: RuleDescription) -> String {
        let fixable = rule.isFixable ? ", fixed by lint --fix" : ""
        var text = "\(rule.name) (\(rule.id), default severity: \(rule.severity.rawValue)\(fixable))\n\n"
        text += rule.summary + "\n\n" + rule.explanation + "\n"
        if let example = rule.triggeringExamples.first {
            text +=
                "\nTriggering example (↓ marks each finding):\n\n" + indent(example.source) + "\n"
                + resources(of: example)
        }
        if let example = rule.nonTriggeringExamples.first {
            text += "\nNon-triggering example:\n\n" + indent(example.source) + "\n" + resources(of: example)
        }
        if rule.id == UnknownEventRule.id {
            text += "\nTable view events: " + eventNames(HostEvents.tableView) + "\n"
            text += "\nCollection view events: " + eventNames(HostEvents.collectionView) + "\n"
        }
        return text
    }

    /// `text` with each line longer than `width` broken at spaces, the lines it becomes indented
    /// like it (two more after a leading "- "). Lines indented by four spaces or more are examples,
    /// kept whole.
    static func wrap(_ text: String, width: Int?) -> String {
        guard let given = width else { return text }
        let width = max(given, narrowest)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }.count
            guard line.count > width, indent < 4 else { return String(line) }
            let hanging = indent + (line.dropFirst(indent).hasPrefix("- ") ? 2 : 0)
            let lines = wrapped(
                String(line.dropFirst(indent)), width: width - indent, minimum: 20, first: hanging - indent)
            return String(repeating: " ", count: indent)
                + lines.joined(separator: "\n" + String(repeating: " ", count: hanging))
        }.joined(separator: "\n")
    }

    /// The words of `text` in lines of at most `width` characters (at least `minimum`); the lines
    /// after the first are `first` characters narrower. A word longer than a line has one to itself.
    static func wrapped(_ text: String, width: Int, minimum: Int, first: Int = 0) -> [String] {
        let width = max(width, minimum)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let limit = lines.isEmpty ? width : max(width - first, minimum)
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }

    /// The Interface Builder files an example is checked with, in name order.
    private static func resources(of example: RuleExample) -> String {
        example.resources.sorted { $0.key < $1.key }.map { name, xml in
            "\nwith --resources holding \(name):\n\n" + indent(xml) + "\n"
        }.joined()
    }

    static func eventNames(_ events: [String]) -> String { events.sorted().joined(separator: " ") }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(
            separator: "\n")
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
