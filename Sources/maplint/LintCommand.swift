import ArgumentParser
import MaplintCore

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks manifests and prints the findings.",
        discussion: """
            Folders are searched recursively for .maplint.yml, .maplint.yaml and .maplint.json files, \
            skipping .build, .git and DerivedData. Exit status: 0 no error, 1 errors (or warnings with \
            --strict), 2 a file could not be checked.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Manifest files or folders to search (default: the current folder).")
    var paths: [String] = []

    @Option(help: "A file of sample sections that replaces the manifest's 'sample' (one manifest only).")
    var data: String?

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @Flag(help: "Fail on warnings too.")
    var strict = false

    func validate() throws {
        if data != nil {
            let count = ManifestDiscovery.manifests(in: paths).count
            if count != 1 {
                throw ValidationError("--data needs exactly one manifest, but \(count) were found")
            }
        }
    }

    func run() throws {
        let result = Linter.lint(paths: paths, dataPath: data)
        if result.files.isEmpty {
            Terminal.writeError("maplint: no manifest files (.maplint.yml, .maplint.yaml, .maplint.json) found in \(paths.isEmpty ? "the current folder" : paths.joined(separator: ", "))\n")
        }
        switch format {
        case .text: Terminal.write(DiagnosticTextFormatter(colour: Terminal.stdoutSupportsColour).format(result))
        case .json: Terminal.write(DiagnosticJSONFormatter().format(result))
        }
        switch Linter.status(of: result, strict: strict) {
        case .passed: break
        case .findings: throw Status.findings
        case .invalidInput: throw Status.invalidInput
        }
    }
}
