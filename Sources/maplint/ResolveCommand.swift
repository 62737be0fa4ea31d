import ArgumentParser
import MaplintCore

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows which registration each sample item, header, footer and supplementary view resolves to."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json, csv
    }

    @Argument(help: "The manifest (.maplint.yml, .maplint.yaml or .maplint.json).")
    var manifest: String

    @Option(help: "A file of sample sections that replaces the manifest's 'sample'.")
    var data: String?

    @Option(help: "Output format: table, json or csv.")
    var format: Format = .table

    @OptionGroup var resources: ResourcesOptions

    func run() throws {
        let loaded = ManifestLoader.load(path: manifest, dataPath: data)
        guard let decoded = loaded.manifest else {
            let result = LintResult(files: [manifest], diagnostics: loaded.diagnostics)
            if format == .json {
                Terminal.write(DiagnosticJSONFormatter().format(result))
            } else {
                Terminal.writeError(DiagnosticTextFormatter(colour: Terminal.stderrSupportsColour).format(result))
            }
            throw Status.invalidInput
        }
        let resolution = Resolver(manifest: decoded, availableXibs: resources.load()?.xibNames).resolve()
        switch format {
        case .json: Terminal.write(ResolveJSONFormatter().format(resolution))
        case .csv: Terminal.write(ResolveCSVFormatter().format(resolution))
        case .table: Terminal.write(ResolveTableFormatter(colour: Terminal.stdoutSupportsColour).format(resolution))
        }
    }
}
