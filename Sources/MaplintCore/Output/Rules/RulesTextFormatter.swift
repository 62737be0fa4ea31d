/// What `maplint rules` shows: every rule, or one rule explained.
public enum RuleListing: Sendable {
    case all([any Rule])
    case one(any Rule)
}

/// The text of `maplint rules`: a table of every rule, or one rule explained with examples.
public struct RulesTextFormatter: PlainOutputFormatter {
    public static let identifier = "text"

    public init() {}

    public func format(_ listing: RuleListing) -> String {
        switch listing {
        case .all(let rules): Self.table(rules)
        case .one(let rule): Self.explanation(of: rule)
        }
    }

    /// One line per rule: id, default severity, whether `lint --fix` fixes it, summary, in columns.
    public static func table(_ rules: [any Rule]) -> String {
        let idWidth = max(2, rules.map(\.id.rawValue.count).max() ?? 0)
        let severityWidth = max("severity".count, rules.map(\.severity.rawValue.count).max() ?? 0)
        func row(_ id: String, _ severity: String, _ fix: String, _ summary: String) -> String {
            id.padding(toLength: idWidth) + "  " + severity.padding(toLength: severityWidth) + "  "
                + fix.padding(toLength: 3) + "  " + summary
        }
        var lines = [row("id", "severity", "fix", "summary")]
        for rule in rules {
            lines.append(row(rule.id.rawValue, rule.severity.rawValue, rule.isFixable ? "yes" : "", rule.summary))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The rule's name, id and severity, its explanation, and its first triggering and
    /// non-triggering examples (`↓` marks where a finding is reported).
    public static func explanation(of rule: any Rule) -> String {
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
