import MaplintLibrary
import MaplintRules

/// `maplint rules --format markdown`: the rules' own documentation as a Markdown page, the
/// source of docs/rules.md (a test keeps that file current).
struct RulesMarkdownFormatter: PlainOutputFormatter {
    package static let identifier = "markdown"

    /// How docs/rules.md is made, for its header and the test that keeps it current.
    static let regenerationCommand = "swift run maplint rules --format markdown > docs/rules.md"

    package init() {}

    package func format(_ listing: RuleListing) -> String {
        switch listing {
        case .all(let rules): page(rules)
        case .one(let rule): section(rule)
        }
    }

    private func page(_ rules: [RuleDescription]) -> String {
        var text =
            "# Rules\n\n<!-- Generated from the rules' documentation by `\(Self.regenerationCommand)`; do not edit. -->\n\n"
        text += "Findings are identified by these ids: disable them with `--disabled-rules` or `disabled_rules:` "
        text += "in `.maplint.yml`, change their severity with `--severity` or `severity:` "
        text += "([Configuration](configuration.md)). `maplint rules ID` prints one of them in the terminal.\n\n"
        text += "Rules marked *fix* are fixed by `maplint lint --fix` ([Commands](commands.md#fixing-findings)).\n\n"
        text += "| id | default | fix | summary |\n|---|---|---|---|\n"
        for rule in rules {
            let fix = rule.isFixable ? "fix" : ""
            text += "| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) | \(fix) | \(cell(rule.summary)) |\n"
        }
        return text + rules.map { "\n" + section($0) }.joined()
    }

    private func section(_ rule: RuleDescription) -> String {
        var text = "## \(rule.id)\n\n**\(rule.name)**, default severity: \(rule.severity.rawValue)."
        text += rule.isFixable ? " Fixed by `maplint lint --fix`.\n\n" : "\n\n"
        text += rule.summary + "\n\n" + rule.explanation + "\n"
        for example in rule.triggeringExamples {
            text += "\nTriggering (`↓` marks each finding):\n\n" + block(example.source, language: "yaml")
            text += resources(of: example)
        }
        for example in rule.nonTriggeringExamples {
            text += "\nNot triggering:\n\n" + block(example.source, language: "yaml") + resources(of: example)
        }
        if rule.id == UnknownEventRule.id {
            text += "\nTable view events: " + RulesTextFormatter.eventNames(HostEvents.tableView) + "\n"
            text += "\nCollection view events: " + RulesTextFormatter.eventNames(HostEvents.collectionView) + "\n"
        }
        return text
    }

    private func resources(of example: RuleExample) -> String {
        example.resources.sorted { $0.key < $1.key }.map { name, xml in
            "\nwith `--resources` holding `\(name)`:\n\n" + block(xml, language: "xml")
        }.joined()
    }

    private func block(_ text: String, language: String) -> String {
        let body = text.hasSuffix("\n") ? text : text + "\n"
        let fence = body.contains("```") ? "````" : "```"
        return fence + language + "\n" + body + fence + "\n"
    }

    /// A table cell: pipes escaped, on one line.
    private func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|").replacingAll("\n", with: " ")
    }
}
