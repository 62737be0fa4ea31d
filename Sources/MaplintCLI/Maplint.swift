import ArgumentParser
import Foundation
import MaplintAnalysis
import MaplintFindings
import MaplintLint

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
        // Every manifest and screen has its solver budget; the run has one for all of them.
        RunBudget.limitForCommandLine()
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let first = arguments.first, let command = mistypedSubcommand(first) {
                // `lint` is the default subcommand, so `maplint lnt feed.yml` would lint a file
                // named `lnt`: a word close to a command's name, naming nothing, is a usage error.
                throw ValidationError("'\(first)' is not a command, nor a file or folder (did you mean '\(command)'?)")
            }
            var command = try parseAsRoot(arguments)
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

extension Maplint {
    /// The names a first argument may take: the subcommands and `help`.
    static var commandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The command `word` is a typo of, when it is no command's name, does not look like an option
    /// or a path with folders, names no file or folder, and is within a small edit distance of a
    /// command's name (`lnt` → `lint`).
    static func mistypedSubcommand(
        _ word: String, exists: (String) -> Bool = FileManager.default.fileExists
    )
        -> String?
    {
        let names = commandNames
        guard !word.hasPrefix("-"), !word.contains("/"), !names.contains(word), !exists(word) else { return nil }
        return Suggestion.closest(to: word, in: names.filter { $0 != "help" })
    }
}

extension ExitStatus {
    /// The status to throw from `run()`.
    var exitCode: ExitCode { ExitCode(rawValue) }
}
