import ArgumentParser
import Foundation
import MaplintConfiguration
import MaplintFiles
import MaplintLibrary
import MaplintLint
import MaplintManifest
import MaplintOutput
import MaplintSwift

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Writes a commented .maplint.yml at an app's root, or a starter manifest.",
        discussion: """
            With no path, in a folder that holds an app (Xcode projects, Swift packages or Swift files), it writes \
            the configuration file .maplint.yml, every setting commented out: `maplint` checks the app's Swift \
            code without a manifest. Elsewhere, or given a name ending in .maplint.yml, it writes a starter \
            manifest. The manifest begins with a yaml-language-server comment that points editors at the JSON Schema, \
            for completion and inline documentation. Without --schema, the schema is written next to the \
            manifest as \(ManifestSchema.fileName) (an existing one is left alone). Exit status: 0 written, \
            1 not written (the file exists, or cannot be written).
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The file to write: .maplint.yml (the configuration), or a manifest whose name ends in .maplint.yml.",
            discussion: "Default: .maplint.yml in an app's folder, otherwise \(StarterManifest.defaultFileName)."))
    var path: String?

    @Option(help: "The host view: tableView or collectionView.")
    var host: MaplintLibrary.Host = .tableView

    @Option(
        help: ArgumentHelp(
            "The schema the editor comment points at: a path relative to the manifest, or a URL. Nothing else is written.",
            valueName: "path-or-url"))
    var schema: String?

    @Flag(help: "Overwrite an existing file.")
    var force = false

    func validate() throws {
        if let schema, let problem = StarterManifest.schemaProblem(schema) {
            throw ValidationError("--schema: \(problem)")
        }
        guard let path else { return }
        let name = (path as NSString).lastPathComponent
        if name == LintConfiguration.fileName { return }
        guard ManifestDiscovery.isManifest(name), !name.hasSuffix(".json") else {
            throw ValidationError(
                "'\(path)' is not a YAML manifest name; use a name ending in .maplint.yml, such as \(StarterManifest.defaultFileName)"
            )
        }
    }

    func run() throws {
        let path =
            self.path ?? (Self.holdsApp(".") ? LintConfiguration.fileName : StarterManifest.defaultFileName)
        // lstat: a dangling link "exists" too, and is never written through.
        var info = stat()
        if lstat(path, &info) == 0, !force {
            Terminal.writeError(line: "maplint: \(path) already exists; use --force to overwrite it")
            throw ExitCode.failure
        }
        if (path as NSString).lastPathComponent == LintConfiguration.fileName {
            try writeConfiguration(to: path)
            return
        }
        try writeManifest(to: path)
    }

    /// Whether `folder` holds an app: an Xcode project, a Swift package or Swift files, as `maplint`
    /// finds them.
    static func holdsApp(_ folder: String) -> Bool {
        !AppDiscovery.units(in: folder).units.isEmpty
    }

    /// Writes the configuration file, every setting commented out, after checking that it loads.
    private func writeConfiguration(to path: String) throws {
        if host != .tableView || schema != nil {
            throw ValidationError("--host and --schema apply to a manifest; \(path) is the configuration file")
        }
        let text = StarterConfiguration.text
        if case .failure(let error) = ConfigurationLoader.decode(bytes: Array(text.utf8), file: path) {
            let problem = error.diagnostics.first.map { "\($0.location): \($0.message)" } ?? "no reason given"
            Terminal.writeError(
                line: "maplint: not writing \(path): the starter configuration would not load (\(problem)); "
                    + "please report this with the command used")
            throw ExitStatus.invalidInput.exitCode
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, case .failure(let problem) = AtomicFileWriter.createFolder(folder) {
            Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
            throw ExitCode.failure
        }
        if case .failure(let problem) = AtomicFileWriter().write(text, to: path) {
            Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
            throw ExitCode.failure
        }
        try Terminal.write(
            OutputEscaping.terminal(
                "wrote \(path), every setting commented out; run `maplint` to check the app's Swift code") + "\n")
    }

    /// Writes the starter manifest (and the schema beside it), after checking that `lint` reads it.
    private func writeManifest(to path: String) throws {
        var info = stat()
        let text = StarterManifest.text(host: host, schema: schema ?? ManifestSchema.fileName)
        // What is written is a manifest `lint` reads: checked here, before anything is written.
        let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: path)
        if let problem = loaded.diagnostics.first(where: { $0.severity == .error }) {
            Terminal.writeError(
                line: "maplint: not writing \(path): the starter manifest would not load (\(problem.location): "
                    + "\(problem.message)); please report this with the command used")
            throw ExitStatus.invalidInput.exitCode
        }
        let folder = (path as NSString).deletingLastPathComponent
        var written = [path]
        let writer = AtomicFileWriter()
        if !folder.isEmpty, case .failure(let problem) = AtomicFileWriter.createFolder(folder) {
            Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
            throw ExitCode.failure
        }
        if let problem = writer.destinationProblem(path) {
            Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
            throw ExitCode.failure
        }
        if schema == nil {
            let schemaPath = (((path as NSString).deletingLastPathComponent) as NSString).appendingPathComponent(
                ManifestSchema.fileName)
            if lstat(schemaPath, &info) != 0 {
                if case .failure(let problem) = AtomicFileWriter(refuseExisting: true).write(
                    ManifestSchema.text, to: schemaPath)
                {
                    Terminal.writeError(line: "maplint: cannot write \(schemaPath): \(problem)")
                    throw ExitCode.failure
                }
                written.append(schemaPath)
            }
        }
        if case .failure(let problem) = writer.write(text, to: path) {
            Terminal.writeError(line: "maplint: cannot write \(path): \(problem)")
            throw ExitCode.failure
        }
        try Terminal.write(
            OutputEscaping.terminal("wrote \(written.joined(separator: " and ")); check it with `maplint lint \(path)`")
                + "\n")
    }
}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Prints the JSON Schema of manifest version 1, for editors."
    )

    func run() throws {
        try Terminal.write(ManifestSchema.text)
    }
}

extension MaplintLibrary.Host: ExpressibleByArgument {}
