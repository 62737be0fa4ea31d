import ArgumentParser
import MaplintFindings

/// `maplint version`: the version, as `maplint --version` prints it.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Prints maplint's version.")

    func run() throws {
        try Terminal.write(MaplintVersion.current + "\n")
    }
}
