import ArgumentParser
import MaplintFindings
import MaplintLint
import MaplintManifest
import MaplintOutput
import MaplintReport
import MaplintResolver

struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Shows which registration each sample item, header, footer and supplementary view resolves to.",
        discussion: """
            Given an app (folders, Xcode projects, Swift files; default: the current folder), shows per screen which \
            registration each example item gets: the witness of every pair of registrations that can both match \
            one item, or with --data the items of that file (with --screen when the app has several screens).
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A manifest (.maplint.yml, .maplint.yaml or .maplint.json), or the folders, Xcode projects and Swift files of an app.",
            valueName: "path"))
    var paths: [String] = []

    @Option(help: "A file of sample sections that replaces the manifest's 'sample' (for an app: the screen's items).")
    var data: String?

    @Option(
        help: ArgumentHelp(
            "For an app: only the screen of this name (the type that owns the manager).", valueName: "name"))
    var screen: String?

    @Option(help: ResolutionFormat.help)
    var format: ResolutionFormat = .default

    @OptionGroup var library: TargetLibraryVersionOption

    @OptionGroup var resources: ResourcesOptions

    @OptionGroup var links: FollowLinksOption

    @OptionGroup var colour: ColourOption

    func validate() throws {
        if !paths.isEmpty, !AppScreens.areApp(paths), paths.count != 1 {
            throw ValidationError(
                "resolve takes one manifest, or the folders, Xcode projects and Swift files of an app")
        }
        if screen != nil, !paths.isEmpty, !AppScreens.areApp(paths) {
            throw ValidationError("--screen applies to an app; a manifest is one screen")
        }
        try AppScreens.requireApp(for: library, paths)
    }

    func run() throws {
        colour.apply()
        try NamedInputs.requireExisting(
            paths.map { (nil, $0) } + (data.map { [("--data", $0)] } ?? []) + resources.namedInputs)
        if paths.isEmpty || AppScreens.areApp(paths) {
            try resolveApp(paths.isEmpty ? ["."] : paths)
            return
        }
        let manifest = paths[0]
        let loaded = ManifestLoader.load(path: manifest, dataPath: data)
        guard let decoded = loaded.manifest else {
            try stop(LintResult(files: [manifest], diagnostics: loaded.diagnostics))
            return
        }
        let loadedResources = try resources.loadOrFail(followLinks: links.followLinks)
        // With no sample, the items maplint makes (one per live registration), as `report` shows them.
        let resolution =
            decoded.sample == nil
            ? CollisionReport(manifest: decoded, resources: loadedResources).resolution
            : Resolver(manifest: decoded, availableXibs: loadedResources?.xibNames).resolve()
        try Terminal.write(format.format(resolution, colour: Terminal.stdoutSupportsColour))
    }

    /// Diagnostics of inputs that cannot be resolved, where the output would go in `json`, else on
    /// the standard error; status 2.
    private func stop(_ result: LintResult) throws {
        // Where `lint` has a format of this name (json), the diagnostics take the output's place.
        if let text = format.formatDiagnostics(result) {
            try Terminal.write(text)
        } else {
            Terminal.writeError(
                formatted: FindingsTextFormatter(colour: Terminal.stderrSupportsColour).format(result))
        }
        throw ExitStatus.invalidInput.exitCode
    }

    /// Per screen of the app, in the order of their declarations: the witness items, or the
    /// `--data` items (in a folder of manifests, each manifest's sample when it has one), resolved.
    /// A screen that could not be built is listed with its errors, a file that could not be read
    /// is written on the standard error, and the rest is still resolved (status 2).
    private func resolveApp(_ paths: [String]) throws {
        let (found, loadedResources) = try AppScreens.forCommand(
            paths, library: library, resources: resources, followLinks: links.followLinks)
        var screens = found.screens.sorted { ($0.location, $0.name) < ($1.location, $1.name) }
        if let screen {
            switch AppResolution.screens(named: screen, in: screens, of: paths.joined(separator: ", ")) {
            case .success(let named): screens = named
            case .failure(let missing): throw ValidationError(missing.message)
            }
        }
        if data != nil, screens.count > 1 {
            throw ValidationError(
                "--data gives the items of one screen, but \(paths.joined(separator: ", ")) has \(screens.count): "
                    + "name one with --screen (\(screens.map(\.name).joined(separator: ", ")))")
        }
        // Files that could not be read and screens that could not be built do not stop the run:
        // every other screen is resolved, each such screen shows its errors, and the status is 2.
        let unread = found.findings.filter { $0.rule == .invalidManifest && $0.severity == .error }
        let app = AppReport(
            title: paths.joined(separator: ", "), screens: screens, findings: [], files: found.files.count,
            links: SourceLinks(folder: "."), resources: loadedResources)
        var resolved: [AppResolution.Screen] = []
        for entry in app.screens.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) {
            if let data, let manifest = entry.manifest {
                let (withData, diagnostics) = ManifestLoader.replacingSample(of: manifest, dataPath: data)
                guard let withData else {
                    try stop(LintResult(files: [data], diagnostics: diagnostics))
                    return
                }
                resolved.append(
                    AppResolution.sample(of: entry, manifest: withData, availableXibs: loadedResources?.xibNames))
            } else if let screen = AppResolution.resolved(
                entry, ownSample: found.manifests, availableXibs: loadedResources?.xibNames)
            {
                // A manifest's own sample is resolved as `resolve MANIFEST` resolves it.
                resolved.append(screen)
            }
        }
        guard let formatter = OutputFormats.appResolution.formatter(identifier: format.identifier) else { return }
        try Terminal.write(
            formatter.init(colour: Terminal.stdoutSupportsColour).format(AppResolution(screens: resolved)))
        if !unread.isEmpty {
            Terminal.writeError(
                formatted: FindingsTextFormatter(colour: Terminal.stderrSupportsColour).format(
                    LintResult(files: found.files, diagnostics: unread.sortedByLocation())))
        }
        if !unread.isEmpty || resolved.contains(where: { !$0.errors.isEmpty }) {
            throw ExitStatus.invalidInput.exitCode
        }
    }
}
