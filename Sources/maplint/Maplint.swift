import ArgumentParser
import MaplintCore

@main
struct Maplint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maplint",
        abstract: "Checks the cell and view registrations of table and collection views before the app runs.",
        version: MaplintVersion.current,
        subcommands: [
            Lint.self, Resolve.self, Report.self, Extract.self, RulesCommand.self, Init.self, SchemaCommand.self,
        ],
        defaultSubcommand: Lint.self
    )
}

/// The exit statuses of SPEC section 3: 1 findings, 2 input that could not be checked.
enum Status {
    static let findings = ExitCode(1)
    static let invalidInput = ExitCode(2)
}
