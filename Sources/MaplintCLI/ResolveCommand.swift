import ArgumentParser
import MaplintCore

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Shows which registration each sample item, header, footer and supplementary view resolves to."
    )

    @Argument(help: "The manifest (.maplint.yml, .maplint.yaml or .maplint.json).")
    var manifest: String

    @Option(help: "A file of sample sections that replaces the manifest's 'sample'.")
    var data: String?

    @Option(help: ResolutionFormat.help)
    var format: ResolutionFormat = .default

    @OptionGroup var resources: ResourcesOptions

    @OptionGroup var links: FollowLinksOption

    @OptionGroup var colour: ColourOption

    func run() throws {
        colour.apply()
        try NamedInputs.requireExisting(
            [(nil, manifest)] + (data.map { [("--data", $0)] } ?? []) + resources.namedInputs)
        let loaded = ManifestLoader.load(path: manifest, dataPath: data)
        guard let decoded = loaded.manifest else {
            let result = LintResult(files: [manifest], diagnostics: loaded.diagnostics)
            // Where `lint` has a format of this name (json), the diagnostics take the output's place.
            if let text = format.formatDiagnostics(result) {
                try Terminal.write(text)
            } else {
                Terminal.writeError(
                    formatted: FindingsTextFormatter(colour: Terminal.stderrSupportsColour).format(result))
            }
            throw ExitStatus.invalidInput.exitCode
        }
        let loadedResources = try resources.loadOrFail(followLinks: links.followLinks)
        let resolution = Resolver(manifest: decoded, availableXibs: loadedResources?.xibNames).resolve()
        try Terminal.write(format.format(resolution, colour: Terminal.stdoutSupportsColour))
    }
}
