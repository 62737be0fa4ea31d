import ArgumentParser
import MaplintConfiguration
import MaplintFiles
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLint
import MaplintOutput
import MaplintRules
import MaplintSwift

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Checks manifests and prints the findings.",
        discussion: """
            Folders are searched recursively for .maplint.yml, .maplint.yaml and .maplint.json files, \
            skipping .build, .git and DerivedData. Each file's settings come from the .maplint.yml files in its \
            folder and the folders above it, up to the repository root, the nearest winning (or from --config \
            alone); options given here add to their lists and override their values. Exit status: 0 no error, \
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

    @Flag(
        name: .shortAndLong,
        help:
            "Print the findings only: no summary line, no findings of severity note, no line per target on the standard error."
    )
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Write the findings to this file, in the chosen format and without colour, instead of the standard output.",
            valueName: "file"))
    var output: String?

    @OptionGroup var colour: ColourOption

    func validate() throws {
        if output != nil, fixing.dryRun {
            throw ValidationError("--dry-run writes nothing: it prints the diff; leave out --output")
        }
    }

    func run() throws {
        colour.apply()
        try NamedInputs.requireExisting(
            paths.map { (nil, $0) }
                + [("--data", data), ("--config", options.config), ("--baseline", options.baseline)]
                .compactMap { option, path in path.map { (option, $0) } } + resources.namedInputs)
        // The progress line of a long run on a terminal, cleared before anything else is written.
        let progress = ProgressLine(
            enabled: ProgressLine.shouldShow(quiet: quiet), delay: ProgressLine.delay(),
            write: Terminal.writeError(formatted:))
        if swift {
            try lintSwift(configuration: options.configuration(paths: paths), progress: progress)
            return
        }
        let configuration = try options.configuration(paths: paths)
        // The manifests the configuration lets through: --data belongs to exactly one of them.
        let search = ManifestDiscovery.search(paths, followLinks: links.followLinks, accept: configuration.accepts)
        // Folders that hold no manifest hold an app: its projects, packages and Swift files.
        if search.files.isEmpty, search.problems.isEmpty, data == nil, paths.allSatisfy(ManifestDiscovery.isFolder) {
            try lintApp(folders: paths.isEmpty ? ["."] : paths, configuration: configuration, progress: progress)
            return
        }
        if target.text != nil {
            throw ValidationError("--deployment-target applies to Swift sources; add --swift")
        }
        if !options.libraryVersion.isEmpty || target.target != nil {
            throw ValidationError("--library-version and --target apply to Swift sources; add --swift")
        }
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
            linted = Linter.lint(
                files: files, dataPath: data, resources: loadedResources, configuration: configuration,
                progress: progress)
            progress.finish()
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
    private func lintSwift(configuration: LintConfiguration, progress: ProgressLine) throws {
        if data != nil { throw ValidationError("--data applies to manifests, not to Swift sources") }
        // `--included`, `--excluded` and the configuration file choose the Swift files found in folders.
        var request = SwiftExtractionRequest(
            paths: paths.isEmpty ? ["."] : paths, deploymentTarget: target.deploymentTarget,
            accept: configuration.accepts, target: target.target, followLinks: links.followLinks, progress: progress)
        request.use(configuration.libraryVersion.setting(forTarget: target.target))
        let loadedResources = resources.load(followLinks: links.followLinks)
        // Files are written only inside the paths named: a project's references may lead
        // elsewhere, so a project stands for its folder.
        var (linted, extraction, unwritten) = try lintSwift(
            request, roots: request.paths.map(FixOptions.writableRoot), resources: loadedResources,
            configuration: configuration)
        progress.finish()
        linted.diagnostics = (loadedResources?.problems ?? []) + linted.diagnostics
        let (result, writeFailed) = try options.applyBaseline(
            configuration, to: linted, inputs: [options.config].compactMap { $0 })
        if extraction.manifests.isEmpty, extraction.problems.isEmpty, !quiet {
            // Nothing to check is not a failure: a target without DT code passes (the build plugin
            // lints every target).
            Terminal.writeError(line: "maplint: nothing to check: \(extraction.nothingFound(paths))")
        }
        try finish(result, configuration: configuration, writeFailed: writeFailed || unwritten)
    }

    /// One extraction, linted (and, with `--fix`, fixed within `roots`).
    private func lintSwift(
        _ request: SwiftExtractionRequest, roots: [String], resources: InterfaceBuilderResources?,
        configuration: LintConfiguration
    ) throws -> (LintResult, SwiftExtraction, unwritten: Bool) {
        let reader = SwiftSources.reader
        let extraction = reader.extract(request)
        guard fixing.fix else { return (extraction.lint(resources, configuration, nil), extraction, false) }
        var request = request
        let (linted, unwritten) = try fixing.fixSwift(extraction, roots: roots, configuration: configuration) {
            texts in
            request.overriding = texts
            return reader.extract(request).lint(resources, configuration, texts)
        }
        return (linted, extraction, unwritten)
    }

    /// The folders hold an app: each target of each Xcode project and Swift package at or below
    /// them is extracted and linted on its own (`AppDiscovery`), then the Swift files in neither.
    /// One line per target on the standard error says what was checked.
    private func lintApp(folders: [String], configuration: LintConfiguration, progress: ProgressLine) throws {
        let loadedResources = resources.load(followLinks: links.followLinks)
        var diagnostics = loadedResources?.problems ?? []
        var files: [String] = []
        var unwritten = false
        var units = 0
        var checked: [String] = []
        for folder in folders {
            let found = AppDiscovery.units(in: folder, followLinks: links.followLinks, accept: configuration.accepts)
            diagnostics += found.problems
            diagnostics += configuration.apply(
                to: found.notes.map {
                    Diagnostic(
                        rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
                })
            for unit in found.units where target.target == nil || unit.name == target.target {
                units += 1
                checked.append(unit.name)
                var request = SwiftExtractionRequest(
                    paths: unit.paths, deploymentTarget: target.deploymentTarget ?? unit.deploymentTarget,
                    accept: configuration.accepts, target: unit.target, followLinks: links.followLinks,
                    progress: progress)
                request.use(configuration.libraryVersion.setting(forTarget: unit.name))
                request.boundary = unit.boundary
                let (linted, extraction, failed) = try lintSwift(
                    request, roots: [folder], resources: loadedResources, configuration: configuration)
                unwritten = unwritten || failed
                progress.finish()
                if !quiet { Terminal.writeError(line: Self.checkedLine(unit, extraction)) }
                files += linted.files
                diagnostics += linted.diagnostics
            }
        }
        if !quiet { Self.noteUnknownTargets(configuration.libraryVersion, checked: checked) }
        if units == 0, !quiet {
            Terminal.writeError(
                line: "maplint: nothing to check: no manifest files (.maplint.yml, .maplint.yaml, .maplint.json), "
                    + "Xcode projects, Swift packages or Swift files found in \(folders.joined(separator: ", "))")
        }
        // A file two targets compile is checked once in the count, and a finding in it reported once.
        var seenFiles: Set<String> = []
        var seenFindings: Set<String> = []
        let linted = LintResult(
            files: files.filter { seenFiles.insert($0).inserted },
            diagnostics: diagnostics.filter { seenFindings.insert("\($0.rule) \($0.location) \($0.message)").inserted })
        let (result, writeFailed) = try options.applyBaseline(
            configuration, to: linted, inputs: [options.config].compactMap { $0 })
        try finish(
            result, configuration: configuration, writeFailed: writeFailed || unwritten,
            nothingToCheck: units == 0 && result.diagnostics.isEmpty)
    }

    /// A version set for a target no run checked is not used: one note each on the standard
    /// error, at its name in the configuration file, with the closest target checked.
    static func noteUnknownTargets(_ versions: TargetLibraryVersions, checked: [String]) {
        for unknown in versions.unknownTargets(checked: checked) {
            let place =
                unknown.setting.nameLocation.map { "\($0): note: library_version" }
                ?? "maplint: note: --library-version"
            Terminal.writeError(
                line: place + " names the target '\(unknown.name)', which was not checked, so its version is not "
                    + "used\(unknown.suggestion)")
        }
    }

    /// "maplint: Feed (App/Feed.xcodeproj): 12 Swift files, 4 registrations, DTTableViewManager
    /// 11.0.1 from Podfile.lock".
    static func checkedLine(_ unit: AppDiscovery.Unit, _ extraction: SwiftExtraction) -> String {
        "maplint: " + checked(name: unit.name, container: unit.container, extraction)
    }

    /// "Feed (App/Feed.xcodeproj): 12 Swift files, 4 registrations, DTTableViewManager 11.0.1 from
    /// Podfile.lock": what one extraction read (the line per target, and the report of an app).
    static func checked(name: String, container: String, _ extraction: SwiftExtraction) -> String {
        let count = extraction.files.count
        var line = "\(name) (\(container)): \(count) Swift file\(count == 1 ? "" : "s"), "
        if extraction.manifests.isEmpty, extraction.notes.isEmpty {
            line += "nothing to check (no DTTableViewManager or DTCollectionViewManager code)"
        } else if extraction.manifests.isEmpty {
            let count = extraction.notes.count
            line += "no registration read (\(count) note\(count == 1 ? "" : "s") below say\(count == 1 ? "s" : "") why)"
        } else {
            let registrations = extraction.registrations
            line += "\(registrations) registration\(registrations == 1 ? "" : "s"), "
            line += extraction.versions.joined(separator: ", ")
        }
        return line
    }

    /// Prints the findings (or, with `--output`, writes them to that file) and ends with the status
    /// they call for. `nothingToCheck`: an app folder with no Swift file at all, which passes rather
    /// than failing as an empty run does.
    private func finish(
        _ result: LintResult, configuration: LintConfiguration, writeFailed: Bool, nothingToCheck: Bool = false
    ) throws {
        // A configuration file met while linting (a nested one) that cannot be read stops the run.
        if let tree = configuration.nested {
            ConfigurationOptions.warn(about: tree)
            try ConfigurationOptions.stop(on: tree.problems)
        }
        var printed = result
        // `--quiet`: notes never fail a run, so they are not printed either.
        if quiet { printed.diagnostics.removeAll { $0.severity == .note } }
        var outputFailed = false
        if let output {
            // Every file the run read, the configuration files included.
            let inputs =
                paths
                + [data, options.config ?? LintConfiguration.fileName, options.baseline, configuration.baseline]
                .compactMap { $0 } + (configuration.nested?.filesRead ?? [])
            let writer = AtomicFileWriter(protected: inputs + result.files)
            if case .failure(let problem) = writer.write(formatted(printed, colour: false), to: output) {
                Terminal.writeError(line: "maplint: cannot write \(output): \(problem)")
                outputFailed = true
            }
        } else if !fixing.dryRun {
            // A dry run's standard output is the diff alone, ready for `patch`.
            try Terminal.write(utf8: formatted(printed, colour: Terminal.stdoutSupportsColour))
        }
        if writeFailed || outputFailed { throw ExitStatus.invalidInput.exitCode }
        if nothingToCheck { return }
        let status = Linter.status(of: result, configuration: configuration)
        if status != .passed { throw status.exitCode }
    }

    /// The findings in the chosen format; with `--quiet`, the text format has no summary line.
    private func formatted(_ result: LintResult, colour: Bool) -> [UInt8] {
        if quiet, format.identifier == FindingsTextFormatter.identifier {
            return Array(FindingsTextFormatter(colour: colour, summary: false).format(result).utf8)
        }
        return format.formatUTF8(result, colour: colour)
    }
}
