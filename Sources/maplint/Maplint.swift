import ArgumentParser
import MaplintCore

@main
struct Maplint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maplint",
        abstract: "Checks table and collection view registration manifests.",
        version: MaplintVersion.current
    )
}
