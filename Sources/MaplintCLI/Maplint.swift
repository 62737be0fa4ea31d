import ArgumentParser
import MaplintCore

/// The command line of the `maplint` executable.
package struct Maplint: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "maplint",
        abstract: "Checks the cell and view registrations of table and collection views before the app runs.",
        version: MaplintVersion.current,
        subcommands: [
            Lint.self, Resolve.self, Report.self, Extract.self, RulesCommand.self, Init.self, SchemaCommand.self,
        ],
        defaultSubcommand: Lint.self
    )

    package init() {}
}

extension ExitStatus {
    /// The status to throw from `run()`.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
