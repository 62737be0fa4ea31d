import Foundation
import PackagePlugin

/// Lints the Swift sources of the target it is applied to whenever they change, as part of the
/// build. Findings are printed as compiler diagnostics (`file:line:column: error: …`), which
/// SwiftPM prints and Xcode shows in the editor; an error (or a warning with `strict: true`) fails
/// the build. A `.maplint.yml` at the top of the package is used when there is one.
@main
struct MaplintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
        return try LintCommand.commands(
            tool: context.tool(named: "maplint").url, sources: sources, targetName: target.name,
            configuration: LintCommand.configuration(in: context.package.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL)
    }
}

/// The build command, shared by the package and the Xcode-project entry points.
enum LintCommand {
    /// `.maplint.yml` in `folder`, when there is one.
    static func configuration(in folder: URL) -> URL? {
        let file = folder.appending(path: ".maplint.yml")
        return FileManager.default.fileExists(atPath: file.path) ? file : nil
    }

    /// One command: `maplint lint --swift --format text [--config FILE] SOURCES`.
    ///
    /// A build command runs only when it declares an output, and SwiftPM adds every output to the
    /// target: a Swift file becomes a source, anything else a resource (with a resource bundle).
    /// So the command writes a Swift file holding only a comment, which adds nothing to the module,
    /// through `/bin/sh`, which runs maplint and then writes it. The build runs the command again
    /// when a source, the configuration or maplint changes, and after a failed
    /// run.
    static func commands(
        tool: URL, sources: [URL], targetName: String, configuration: URL?, workDirectory: URL
    ) throws -> [Command] {
        guard !sources.isEmpty else { return [] }
        let stamp = workDirectory.appending(path: "MaplintLinted.swift")
        var lint = ["lint", "--swift", "--format", "text"]
        if let configuration { lint += ["--config", configuration.path] }
        lint += sources.map(\.path)
        let script = """
            stamp="$1"; shift
            "$@"; status=$?
            printf '// %s\\n' 'maplint linted this target (status '"$status"'). Nothing to compile.' > "$stamp"
            exit "$status"
            """
        return [
            .buildCommand(
                displayName: "maplint \(targetName)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "maplint-lint", stamp.path, tool.path] + lint,
                inputFiles: sources + [tool] + (configuration.map { [$0] } ?? []),
                outputFiles: [stamp])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MaplintBuildToolPlugin: XcodeBuildToolPlugin {
    /// In an Xcode project: the target's Swift files, and `.maplint.yml` next to the .xcodeproj.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try LintCommand.commands(
            tool: context.tool(named: "maplint").url, sources: sources, targetName: target.displayName,
            configuration: LintCommand.configuration(in: context.xcodeProject.directoryURL),
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
