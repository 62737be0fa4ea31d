import ArgumentParser
import MaplintFindings
import MaplintOutput
import MaplintRules

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Lists the rules, or explains one with examples."
    )

    @Argument(help: "A rule id, such as reuse-identifier-collision.")
    var id: String?

    @Option(help: RulesFormat.help)
    var format: RulesFormat = .default

    func validate() throws {
        if let id, Rules.rule(withID: RuleID(rawValue: id)) == nil {
            throw ValidationError(
                "no rule '\(id)'" + Suggestion.didYouMeanHyphenated(id, in: Rules.all.map(\.id.rawValue))
                    + "; `maplint rules` lists them")
        }
    }

    func run() throws {
        let listing: RuleListing =
            if let id, let rule = Rules.rule(withID: RuleID(rawValue: id)) {
                .one(rule.description)
            } else {
                .all(Rules.descriptions)
            }
        // On a terminal, the text is wrapped to its width; through a pipe every line is whole.
        if format.identifier == RulesTextFormatter.identifier {
            try Terminal.write(RulesTextFormatter(width: Terminal.stdoutWidth()).format(listing))
        } else {
            try Terminal.write(format.format(listing, colour: false))
        }
    }
}
