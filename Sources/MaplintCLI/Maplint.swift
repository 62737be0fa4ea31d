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
            VersionCommand.self,
        ],
        defaultSubcommand: Lint.self
    )

    package init() {}

    /// Runs the command the arguments name and ends the process with its status. The argument
    /// parser's own messages (usage errors) go to the standard error through `Terminal`, escaped
    /// like every other message, since they quote the arguments; help and the version go to the
    /// standard output as they are.
    package static func runAndExit() -> Never {
        do {
            var command = try parseAsRoot()
            try command.run()
            exit(withError: nil)
        } catch {
            let message = fullMessage(for: error)
            let status = exitCode(for: error)
            if !message.isEmpty {
                if status == .success {
                    print(message)
                } else {
                    Terminal.writeError(parserMessage: message)
                }
            }
            exit(withError: status == .success ? nil : status)
        }
    }
}

extension ExitStatus {
    /// The status to throw from `run()`.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
