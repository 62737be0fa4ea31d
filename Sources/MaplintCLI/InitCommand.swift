import ArgumentParser
import Foundation
import MaplintFiles
import MaplintLibrary
import MaplintLint
import MaplintManifest
import MaplintOutput

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Writes a commented starter manifest.",
        discussion: """
            The manifest begins with a yaml-language-server comment that points editors at the JSON Schema, \
            for completion and inline documentation. Without --schema, the schema is written next to the \
            manifest as \(ManifestSchema.fileName) (an existing one is left alone). Exit status: 0 written, \
            1 not written (the file exists, or cannot be written).
            """
    )

    @Argument(help: "The manifest to write; its name ends in .maplint.yml, .maplint.yaml or .maplint.json.")
    var path: String = StarterManifest.defaultFileName

    @Option(help: "The host view: tableView or collectionView.")
    var host: MaplintLibrary.Host = .tableView

    @Option(
        help: ArgumentHelp(
            "The schema the editor comment points at: a path relative to the manifest, or a URL. Nothing else is written.",
            valueName: "path-or-url"))
    var schema: String?

    @Flag(help: "Overwrite an existing manifest.")
    var force = false

    func validate() throws {
        let name = (path as NSString).lastPathComponent
        guard ManifestDiscovery.isManifest(name), !name.hasSuffix(".json") else {
            throw ValidationError(
                "'\(path)' is not a YAML manifest name; use a name ending in .maplint.yml, such as \(StarterManifest.defaultFileName)"
            )
        }
        if let schema, let problem = StarterManifest.schemaProblem(schema) {
            throw ValidationError("--schema: \(problem)")
        }
    }

    func run() throws {
        // lstat: a dangling link "exists" too, and is never written through.
        var info = stat()
        if lstat(path, &info) == 0, !force {
            Terminal.writeError(line: "maplint: \(path) already exists; use --force to overwrite it")
            throw ExitCode.failure
        }
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
