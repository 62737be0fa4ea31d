import ArgumentParser
import Foundation
import MaplintCore

/// `--resources DIR`, shared by lint, resolve and report.
struct ResourcesOptions: ParsableArguments {
    @Option(
        name: .customLong("resources"),
        help: ArgumentHelp(
            "A folder searched for .xib and .storyboard files (repeatable); enables the Interface Builder checks.",
            valueName: "dir"))
    var folders: [String] = []

    func validate() throws {
        for folder in folders where !FileManager.default.fileExists(atPath: folder) {
            throw ValidationError("--resources: no such folder '\(folder)'")
        }
    }

    /// The parsed files, or nil without `--resources` (then nothing changes).
    func load() -> InterfaceBuilderResources? {
        folders.isEmpty ? nil : InterfaceBuilderResources.load(folders: folders)
    }
}
