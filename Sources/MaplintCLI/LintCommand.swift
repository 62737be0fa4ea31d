import ArgumentParser
import MaplintCore

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Checks manifests and prints the findings.",
        discussion: """
            Folders are searched recursively for .maplint.yml, .maplint.yaml and .maplint.json files, \
            skipping .build, .git and DerivedData. Settings come from .maplint.yml in the current folder (or \
            --config); options given here add to its lists and override its values. Exit status: 0 no error, \
            1 errors (or warnings with --strict), 2 a file, the configuration or the baseline could not be read.
            """
    )

    @Argument(help: "Manifest files or folders to search (default: the current folder).")
    var paths: [String] = []

    @Option(help: "A file of sample sections that replaces the manifest's 'sample' (one manifest only).")
    var data: String?

    @Option(help: FindingsFormat.help)
    var format: FindingsFormat = .default

    @OptionGroup(title: "Configuration (the same settings as in .maplint.yml)")
    var options: ConfigurationOptions

    @OptionGroup var resources: ResourcesOptions

    @OptionGroup var links: FollowLinksOption

    @Flag(
        help:
            "The paths are Swift sources: extract their registrations (as `maplint extract` does) and lint them, writing no files."
    )
    var swift = false

    @OptionGroup(title: "With --swift")
    var target: DeploymentTargetOption

    @OptionGroup(title: "Fixing")
    var fixing: FixOptions

    func run() throws {
        if swift {
            let reader = SwiftSources.reader
            try lintSwift(reader: reader, configuration: options.configuration())
            return
        }
        let configuration = try options.configuration()
        if target.text != nil {
            throw ValidationError("--deployment-target applies to Swift sources; add --swift")
        }
        if target.libraryVersion != nil || target.target != nil {
            throw ValidationError("--library-version and --target apply to Swift sources; add --swift")
        }
        // The manifests the configuration lets through: --data belongs to exactly one of them.
        let search = ManifestDiscovery.search(paths, followLinks: links.followLinks, accept: configuration.accepts)
        let files = search.files
        if data != nil, files.count != 1 {
            throw ValidationError("--data needs exactly one manifest, but \(files.count) were found")
        }
        let loadedResources = resources.load(followLinks: links.followLinks)
        var linted: LintResult
        var unwritten = false
        if fixing.fix {
            (linted, unwritten) = try fixing.fixManifests(
                files, roots: paths.isEmpty ? ["."] : paths, dataPath: data, resources: loadedResources,
                configuration: configuration)
        } else {
            linted = Linter.lint(files: files, dataPath: data, resources: loadedResources, configuration: configuration)
        }
        // What the searches could not look at comes first: the run cannot pass with any of it.
        linted.diagnostics = search.problems + (loadedResources?.problems ?? []) + linted.diagnostics
        let (result, writeFailed) = try options.applyBaseline(
            configuration, to: linted, inputs: [data, options.config].compactMap { $0 })
        if result.files.isEmpty, search.problems.isEmpty {
            Terminal.writeError(
                line:
                    "maplint: no manifest files (.maplint.yml, .maplint.yaml, .maplint.json) found in \(paths.isEmpty ? "the current folder" : paths.joined(separator: ", "))"
            )
        }
        try finish(result, configuration: configuration, writeFailed: writeFailed || unwritten)
    }

    /// `--swift`: extract in memory and lint what was extracted.
    private func lintSwift(reader: any SwiftSourceReader, configuration: LintConfiguration) throws {
        if data != nil { throw ValidationError("--data applies to manifests, not to Swift sources") }
        try SwiftPaths.validate(paths)
        // `--included`, `--excluded` and the configuration file choose the Swift files found in folders.
        var request = SwiftExtractionRequest(
            paths: paths.isEmpty ? ["."] : paths, deploymentTarget: target.deploymentTarget,
            libraryVersion: target.parsedLibraryVersion, accept: configuration.accepts, target: target.target,
            followLinks: links.followLinks)
        let extraction = reader.extract(request)
        let loadedResources = resources.load(followLinks: links.followLinks)
        var linted: LintResult
        var unwritten = false
        if fixing.fix {
            // Files are written only inside the paths named: a project's references may lead
            // elsewhere, so a project stands for its folder.
            let roots = request.paths.map(FixOptions.writableRoot)
            (linted, unwritten) = try fixing.fixSwift(extraction, roots: roots, configuration: configuration) { texts in
                request.overriding = texts
                return reader.extract(request).lint(loadedResources, configuration, texts)
            }
        } else {
            linted = extraction.lint(loadedResources, configuration, nil)
        }
        linted.diagnostics = (loadedResources?.problems ?? []) + linted.diagnostics
        let (result, writeFailed) = try options.applyBaseline(
            configuration, to: linted, inputs: [options.config].compactMap { $0 })
        if extraction.manifests.isEmpty, extraction.problems.isEmpty {
            Terminal.writeError(line: "maplint: \(extraction.nothingFound(paths))")
            try Terminal.write(format.format(result, colour: Terminal.stdoutSupportsColour))
            throw ExitStatus.invalidInput.exitCode
        }
        try finish(result, configuration: configuration, writeFailed: writeFailed || unwritten)
    }

    private func finish(_ result: LintResult, configuration: LintConfiguration, writeFailed: Bool) throws {
        // A dry run's standard output is the diff alone, ready for `patch`.
        if !fixing.dryRun { try Terminal.write(utf8: format.formatUTF8(result, colour: Terminal.stdoutSupportsColour)) }
        if writeFailed { throw ExitStatus.invalidInput.exitCode }
        let status = Linter.status(of: result, strict: configuration.strict)
        if status != .passed { throw status.exitCode }
    }
}
