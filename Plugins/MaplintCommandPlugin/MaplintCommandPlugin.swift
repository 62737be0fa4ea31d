import Foundation
import PackagePlugin

/// `swift package maplint [ARGUMENTS]`: runs maplint in the package's folder with the arguments as
/// given (`lint --swift Sources`, `report --output report.html`, `rules`). Without arguments it
/// checks the package as `maplint` does at its root: each target with its own files and the
/// deployment target of the package's `platforms:`; with only `--target NAME ...`, the targets
/// named, one run each.
///
/// The plugin asks for no permission, so plain `lint` works anywhere, CI included. Commands that
/// write into the package (`--fix`, `--output`, `--write-baseline`, `extract`, `init`) need
/// `--allow-writing-to-package-directory` where plugins run sandboxed (macOS).
@main
struct MaplintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "maplint").url
        let folder = context.package.directoryURL
        // Only `--target NAME` (what Xcode passes for the targets chosen in its dialog), or nothing:
        // check those targets, or every target.
        guard let names = MaplintInvocation.targetSelection(arguments) else {
            try MaplintInvocation.run(tool: tool, arguments: arguments, in: folder)
            return
        }
        try MaplintInvocation.runEach(tool: tool, targets: names, in: folder)
    }
}

/// Running the tool, shared by the package and the Xcode-project entry points.
enum MaplintInvocation {
    /// The target names when the arguments are nothing but `--target NAME` pairs (none: every
    /// target), nil when they are anything else, which is passed to maplint as it is.
    static func targetSelection(_ arguments: [String]) -> [String]? {
        var names: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            guard first == "--target", rest.count >= 2 else { return nil }
            names.append(rest[rest.startIndex + 1])
            rest = rest.dropFirst(2)
        }
        return names
    }

    /// `lint` on the folder (absolute, so that the paths printed are too), as `maplint` at its
    /// root: every target, or the one named.
    static func defaultArguments(folder: URL, target: String?) -> [String] {
        ["lint", folder.path] + (target.map { ["--target", $0] } ?? [])
    }

    /// The default run for each target named, or one run for every target when none is.
    static func runEach(tool: URL, targets names: [String], in folder: URL) throws {
        if names.isEmpty {
            try run(tool: tool, arguments: defaultArguments(folder: folder, target: nil), in: folder)
        }
        for name in names {
            try run(tool: tool, arguments: defaultArguments(folder: folder, target: name), in: folder)
        }
    }

    /// The options and commands with which maplint writes files.
    static let writingOptions: Set<String> = ["--fix", "--output", "-o", "--write-baseline"]
    static let writingCommands: Set<String> = ["extract", "init"]

    static func writes(_ arguments: [String]) -> Bool {
        arguments.contains { argument in
            writingOptions.contains(argument) || writingOptions.contains { argument.hasPrefix($0 + "=") }
        } || arguments.first.map(writingCommands.contains) == true
    }

    /// Runs maplint with the standard streams of the plugin, in `folder` so that relative paths
    /// and `.maplint.yml` are those of the package. A failing run fails the plugin.
    static func run(tool: URL, arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 else {
            var message =
                process.terminationReason == .exit
                ? "maplint exited with status \(status)" : "maplint was stopped by signal \(status)"
            if status == 1 { message += " (findings at or above the failing severity)" }
            if status == 2, writes(arguments) {
                message +=
                    "; if it could not write into the package, run `swift package --allow-writing-to-package-directory maplint …`"
            }
            throw MaplintPluginError(message: message)
        }
    }
}

/// What `swift package` prints, as `error: …`, when maplint fails.
struct MaplintPluginError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MaplintCommandPlugin: XcodeCommandPlugin {
    /// In Xcode (the project's context menu): the same, from the project's folder: without
    /// arguments, or with only the targets chosen in Xcode's dialog, the project's targets as
    /// `maplint` checks them there, once per chosen target.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let folder = context.xcodeProject.directoryURL
        let tool = try context.tool(named: "maplint").url
        guard let names = MaplintInvocation.targetSelection(arguments) else {
            try MaplintInvocation.run(tool: tool, arguments: arguments, in: folder)
            return
        }
        try MaplintInvocation.runEach(tool: tool, targets: names, in: folder)
    }
}
#endif
