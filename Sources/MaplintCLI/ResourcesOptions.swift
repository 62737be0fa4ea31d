import ArgumentParser
import Foundation
import MaplintInterfaceBuilder
import MaplintLint
import MaplintOutput

/// `--resources DIR`, shared by lint, resolve and report.
struct ResourcesOptions: ParsableArguments {
    @Option(
        name: .customLong("resources"),
        help: ArgumentHelp(
            "A folder searched for .xib and .storyboard files (repeatable); enables the Interface Builder checks. Default: the folders an app is checked in, and with --fix the folders it may write.",
            valueName: "dir"))
    var folders: [String] = []

    /// The folders, for `NamedInputs.requireExisting`: one that does not exist stops the run.
    var namedInputs: [(option: String?, path: String)] { folders.map { ("--resources", $0) } }

    /// The parsed files, or nil without `--resources` (then nothing changes). What the search
    /// could not look at is in `problems`: `lint` reports it with the findings.
    func load(followLinks: Bool) -> InterfaceBuilderResources? {
        folders.isEmpty ? nil : InterfaceBuilderResources.load(folders: folders, followLinks: followLinks)
    }

    /// `load`, with `defaults` searched when no `--resources` is given: the folders of an app
    /// (whose xibs and storyboards are its own), or those `--fix` may write (a fix is checked
    /// against the xibs of the views it edits).
    func load(followLinks: Bool, defaults: [String]) -> InterfaceBuilderResources? {
        guard folders.isEmpty, !defaults.isEmpty else { return load(followLinks: followLinks) }
        return InterfaceBuilderResources.load(folders: defaults, followLinks: followLinks)
    }

    /// `load`, for commands that print no findings (`resolve`, `report`): a folder that could not
    /// be searched completely is an error on the standard error, status 2.
    func loadOrFail(followLinks: Bool, defaults: [String] = []) throws -> InterfaceBuilderResources? {
        let resources = load(followLinks: followLinks, defaults: defaults)
        if let problems = resources?.problems, !problems.isEmpty {
            let formatter = FindingsTextFormatter(colour: Terminal.stderrSupportsColour)
            Terminal.writeError(formatted: problems.map { formatter.line($0) + "\n" }.joined())
            throw ExitStatus.invalidInput.exitCode
        }
        return resources
    }
}

/// `--follow-links`, for every command that searches folders.
struct FollowLinksOption: ParsableArguments {
    @Flag(
        help:
            "Follow symbolic links that lead out of the folders given (by default they are reported and not followed)."
    )
    var followLinks = false
}
