import ArgumentParser
import Foundation
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
        abstract: "Checks an app's Swift targets and any manifests, and prints the findings.",
        discussion: """
            A folder (by default the current one) is checked whole: every app, extension and framework target \
            of the Xcode projects and Swift packages in it, each with its own Swift files, deployment target and \
            DT version, the Swift files in neither, and every manifest (.maplint.yml, .maplint.yaml, \
            .maplint.json) in it; Pods, Carthage, .build, DerivedData, SourcePackages and vendor are not read. \
            Files named are checked as manifests; --swift reads the paths as Swift sources. Each file's settings \
            come from the .maplint.yml files in its folder and the folders above it, up to the repository root, \
            the nearest winning (or from --config alone); options given here add to their lists and override \
            their values.

            \(ExitStatus.help)
            """
    )

    @Argument(help: "Folders to check (default: the current folder), or manifest files.")
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
            "The paths are Swift sources, linted without writing files: a folder as the app run reads it (each target with its own files, version, xibs and storyboards), without the manifests; files named as one target."
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
        // Folders are checked whole: the manifests in them and every app target below them.
        if data == nil, paths.allSatisfy(ManifestDiscovery.isFolder) {
            try lintApp(
                folders: paths.isEmpty ? ["."] : paths, manifests: search, configuration: configuration,
                progress: progress)
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
        let tally = FixTally()
        var (linted, unwritten) = try lintManifests(
            files, roots: paths.isEmpty ? ["."] : paths, resources: loadedResources, configuration: configuration,
            tally: tally, progress: progress)
        if fixing.fix { fixing.report(tally, quiet: quiet) }
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

    /// The manifests `files`, linted (and, with `--fix`, fixed within `roots`).
    private func lintManifests(
        _ files: [String], roots: [String], resources: InterfaceBuilderResources?, configuration: LintConfiguration,
        tally: FixTally, progress: ProgressLine
    ) throws -> (LintResult, unwritten: Bool) {
        guard fixing.fix else {
            let linted = Linter.lint(
                files: files, dataPath: data, resources: resources, configuration: configuration, progress: progress)
            progress.finish()
            return (linted, false)
        }
        return try fixing.fixManifests(
            files, roots: roots, dataPath: data, resources: resources, configuration: configuration, tally: tally)
    }

    /// `--swift`: extract in memory and lint what was extracted. Folders are read as the app run
    /// reads them (each target with its own files, deployment target, version and the xibs and
    /// storyboards of its folder), manifests aside; files named, an Xcode project or workspace
    /// named (it stands for its folder, and what it lists is read as it says), or a target named
    /// with `--target` (whose project may be above the folders) are read as one target.
    private func lintSwift(configuration: LintConfiguration, progress: ProgressLine) throws {
        if data != nil { throw ValidationError("--data applies to manifests, not to Swift sources") }
        if target.target == nil, paths.allSatisfy({ ManifestDiscovery.isFolder($0) && !AppScreens.isProject($0) }) {
            try lintApp(
                folders: paths.isEmpty ? ["."] : paths, manifests: FileSearch(), configuration: configuration,
                progress: progress, swiftOnly: true)
            return
        }
        // `--included`, `--excluded` and the configuration file choose the Swift files found in folders.
        var request = SwiftExtractionRequest(
            paths: paths.isEmpty ? ["."] : paths, deploymentTarget: target.deploymentTarget,
            accept: configuration.accepts, target: target.target, followLinks: links.followLinks, progress: progress)
        request.use(configuration.libraryVersion.setting(forTarget: target.target))
        let loadedResources = resources.load(followLinks: links.followLinks)
        // Files are written only inside the paths named: a project's references may lead
        // elsewhere, so a project stands for its folder.
        let tally = FixTally()
        var (linted, extraction, unwritten) = try lintSwift(
            request, roots: request.paths.map(FixOptions.writableRoot), resources: loadedResources,
            configuration: configuration, tally: tally)
        progress.finish()
        if fixing.fix { fixing.report(tally, quiet: quiet) }
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
        configuration: LintConfiguration, tally: FixTally
    ) throws -> (LintResult, SwiftExtraction, unwritten: Bool) {
        let reader = SwiftSources.reader
        let extraction = reader.extract(request)
        guard fixing.fix else { return (extraction.lint(resources, configuration, nil), extraction, false) }
        var request = request
        let (linted, unwritten) = try fixing.fixSwift(
            extraction, roots: roots, configuration: configuration, tally: tally
        ) { texts in
            request.overriding = texts
            return reader.extract(request).lint(resources, configuration, texts)
        }
        return (linted, extraction, unwritten)
    }

    /// The folders are checked whole: the manifests found in them (`manifests`), then each target
    /// of each Xcode project and Swift package at or below them, extracted and linted on its own
    /// (`AppDiscovery`), then the Swift files in neither. One line per target (and one for the
    /// manifests) on the standard error says what was checked. What cannot be read is an error
    /// at its place, and the rest is still checked.
    private func lintApp(
        folders: [String], manifests: FileSearch, configuration: LintConfiguration, progress: ProgressLine,
        swiftOnly: Bool = false
    ) throws {
        // An app's xibs and storyboards are its own: its targets are checked with those of its
        // folders unless `--resources` names others. A manifest says where its views come from
        // only with `--resources`, as when it is named.
        let loadedResources = resources.load(followLinks: links.followLinks, defaults: folders)
        let tally = FixTally()
        let found = folders.map {
            AppDiscovery.units(in: $0, followLinks: links.followLinks, accept: configuration.accepts)
        }
        // A folder of manifests alone reads as it always has; beside an app, one line names them.
        if !manifests.files.isEmpty, found.contains(where: { !$0.units.isEmpty }), !quiet {
            Terminal.writeError(line: Self.manifestsLine(manifests.files))
        }
        let (linted, manifestsUnwritten) = try lintManifests(
            manifests.files, roots: folders, resources: resources.folders.isEmpty ? nil : loadedResources,
            configuration: configuration, tally: tally, progress: progress)
        var unwritten = manifestsUnwritten
        var diagnostics = manifests.problems + (loadedResources?.problems ?? []) + linted.diagnostics
        var files = linted.files
        var units = 0
        var checked: [String] = []
        // Found, not named: each target is checked with the xibs of its own project's or package's
        // folder, not those of another app of the repository.
        let containers = found.flatMap(\.units).map(Self.containerFolder)
        for (folder, found) in zip(folders, found) {
            diagnostics += found.problems
            diagnostics += configuration.apply(
                to: found.notes.map {
                    Diagnostic(
                        rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
                })
            for unit in found.units where target.target == nil || unit.name == target.target {
                units += 1
                checked.append(unit.name)
                let own =
                    resources.folders.isEmpty
                    ? loadedResources?.restricted(to: Self.containerFolder(unit), excluding: containers)
                    : loadedResources
                let (linted, failed) = try lintUnit(
                    unit, in: folder, resources: own, configuration: configuration, tally: tally, progress: progress)
                unwritten = unwritten || failed
                files += linted.files
                diagnostics += linted.diagnostics
            }
        }
        if fixing.fix { fixing.report(tally, quiet: quiet) }
        if !quiet { Self.noteUnknownTargets(configuration.libraryVersion, checked: checked) }
        let nothingToCheck = units == 0 && manifests.files.isEmpty
        // Said only when the search found nothing at all: a project that cannot be read is its own error.
        if nothingToCheck, manifests.problems.isEmpty, diagnostics.isEmpty, !quiet {
            Terminal.writeError(line: Self.nothingToCheckLine(folders, swiftOnly: swiftOnly))
        }
        let (result, writeFailed) = try options.applyBaseline(
            configuration, to: Self.distinct(files: files, diagnostics: diagnostics),
            inputs: [options.config].compactMap { $0 })
        try finish(
            result, configuration: configuration, writeFailed: writeFailed || unwritten,
            nothingToCheck: nothingToCheck && result.diagnostics.isEmpty)
    }

    /// One target of an app, extracted and linted with its own files, deployment target and
    /// version; its line on the standard error says what was checked.
    private func lintUnit(
        _ unit: AppDiscovery.Unit, in folder: String, resources: InterfaceBuilderResources?,
        configuration: LintConfiguration, tally: FixTally, progress: ProgressLine
    ) throws -> (LintResult, failed: Bool) {
        var request = SwiftExtractionRequest(
            paths: unit.paths, deploymentTarget: target.deploymentTarget ?? unit.deploymentTarget,
            accept: configuration.accepts, target: unit.target, followLinks: links.followLinks, progress: progress)
        request.use(configuration.libraryVersion.setting(forTarget: unit.name))
        request.boundary = unit.boundary
        let (linted, extraction, failed) = try lintSwift(
            request, roots: [folder], resources: resources, configuration: configuration, tally: tally)
        progress.finish()
        if !quiet { Terminal.writeError(line: Self.checkedLine(unit, extraction)) }
        return (linted, failed)
    }

    /// A file two targets compile is checked once in the count, and a finding in it reported once.
    static func distinct(files: [String], diagnostics: [Diagnostic]) -> LintResult {
        var seenFiles: Set<String> = []
        var seenFindings: Set<String> = []
        return LintResult(
            files: files.filter { seenFiles.insert($0).inserted },
            diagnostics: diagnostics.filter { seenFindings.insert("\($0.rule) \($0.location) \($0.message)").inserted })
    }

    /// "maplint: nothing to check: …": what a run at `folders` looked for and did not find; with
    /// `swiftOnly` (`lint --swift`) manifests are not looked for.
    static func nothingToCheckLine(_ folders: [String], swiftOnly: Bool) -> String {
        let sought =
            swiftOnly
            ? "no Xcode projects, Swift packages or Swift files"
            : "no manifest files (.maplint.yml, .maplint.yaml, .maplint.json), Xcode projects, Swift packages or "
                + "Swift files"
        return "maplint: nothing to check: \(sought) found in \(folders.joined(separator: ", "))"
    }

    /// The folder a target's project or package is in (the folder of loose Swift files: itself).
    static func containerFolder(_ unit: AppDiscovery.Unit) -> String {
        let container = unit.container
        guard container.hasSuffix(".xcodeproj") || container.hasSuffix("/Package.swift") || container == "Package.swift"
        else { return container }
        let folder = (container as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// "maplint: 2 manifests: Feed.maplint.yml, docs/Example.maplint.yml": the manifests a run at
    /// a folder found and checked beside the app's targets (the first three named).
    static func manifestsLine(_ files: [String]) -> String {
        let count = files.count
        let named = files.prefix(3).joined(separator: ", ")
        let more = count > 3 ? " and \(count - 3) more" : ""
        return "maplint: \(count) manifest\(count == 1 ? "" : "s"): \(named)\(more)"
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
