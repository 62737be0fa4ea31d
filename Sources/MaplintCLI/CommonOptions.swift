import ArgumentParser
import Foundation
import MaplintFiles
import MaplintLint

/// `--color auto|always|never`, for the commands that write colour.
struct ColourOption: ParsableArguments {
    @Option(
        name: .customLong("color"),
        help: ArgumentHelp(
            "When to colour the output: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR or CLICOLOR_FORCE "
                + "force it), always or never.",
            valueName: "when"))
    var mode: ColourMode = .auto

    /// Makes the setting the one `Terminal` decides with.
    func apply() {
        Terminal.colourMode = mode
    }
}

/// The files and folders named on the command line: each must exist. One that does not is one
/// error for every command and option: a line on the standard error that names it, and status 2
/// (the input cannot be checked), with nothing checked and no position in it.
enum NamedInputs {
    /// - Parameter inputs: the paths, each with the option that names it (nil for an argument).
    static func requireExisting(_ inputs: [(option: String?, path: String)]) throws {
        let missing = inputs.compactMap { input in
            FileReader.missingProblem(input.path).map { problem in
                "maplint: " + (input.option.map { $0 + " " } ?? "") + "\(input.path): \(problem)"
            }
        }
        guard !missing.isEmpty else { return }
        Terminal.writeError(lines: missing)
        throw ExitStatus.invalidInput.exitCode
    }

    /// `requireExisting` for arguments only.
    static func requireExisting(_ paths: [String], option: String? = nil) throws {
        try requireExisting(paths.map { (option, $0) })
    }
}
