import ArgumentParser
import Foundation
import MaplintAnalysis
import MaplintFiles
import MaplintFindings
import MaplintLint
import MaplintManifest
import MaplintOutput
import MaplintReport
import MaplintRules

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Reports every pair of overlapping registrations with its verdict, and the shared reuse identifiers, with a diagram.",
        discussion: """
            Given a manifest, reports it. Given an app (folders, Xcode projects, Swift files; default: the current \
            folder), reports each screen — each type that owns a DTTableViewManager or DTCollectionViewManager — \
            as `maplint lint` reads the app, on one page with an index of the screens, the worst first, and every \
            place linked to its Swift line (relative to the --output file's folder, else the current folder).
            """
    )

    @Argument(
        help: ArgumentHelp(
            "A manifest (.maplint.yml, .maplint.yaml or .maplint.json), or the folders, Xcode projects and Swift files of an app.",
            valueName: "path"))
    var paths: [String] = []

    @Option(help: CollisionReportFormat.help)
    var format: CollisionReportFormat = .default

    @Option(help: "Write the report to this file instead of the standard output.")
    var output: String?

    @OptionGroup var library: TargetLibraryVersionOption

    @OptionGroup var resources: ResourcesOptions

    @OptionGroup var links: FollowLinksOption

    @Option(
        name: .customLong("links"),
        help: ArgumentHelp(
            "Where the HTML report's places link to: file (relative links to the files), vscode (vscode://file/… "
                + "at the line) or xcode (xcode://open?url=…&line=…).",
            valueName: "style"))
    var linkStyle: SourceLinks.Style = .file

    @OptionGroup var colour: ColourOption

    func validate() throws {
        if !paths.isEmpty, !AppScreens.areApp(paths), paths.count != 1 {
            throw ValidationError("report takes one manifest, or the folders, Xcode projects and Swift files of an app")
        }
        try AppScreens.requireApp(for: library, paths)
    }

    func run() throws {
        colour.apply()
        try NamedInputs.requireExisting(paths.map { (nil, $0) } + resources.namedInputs)
        if paths.isEmpty || AppScreens.areApp(paths) {
            try reportApp(paths.isEmpty ? ["."] : paths)
            return
        }
        let manifest = paths[0]
        let loaded = ManifestLoader.load(path: manifest)
        guard let decoded = loaded.manifest else {
            // The manifest cannot be checked: its diagnostics go where the report would, in its format.
            let result = LintResult(files: [manifest], diagnostics: loaded.diagnostics)
            try write(
                format.formatDiagnostics(result)
                    ?? CollisionReportHTMLFormatter.errorPage(FindingsTextFormatter().format(result)))
            throw ExitStatus.invalidInput.exitCode
        }
        let loadedResources = try resources.loadOrFail(followLinks: links.followLinks)
        let context = AnalysisContext(manifest: decoded, resources: loadedResources)
        if let stopped = context.pairLimitDiagnostic {
            let formatter = FindingsTextFormatter(colour: Terminal.stderrSupportsColour)
            Terminal.writeError(formatted: formatter.line(stopped) + "\n")
            throw ExitStatus.invalidInput.exitCode
        }
        var report = CollisionReport(context: context)
        report.sourceLinks = SourceLinks(style: linkStyle, page: output)
        // The findings `maplint lint MANIFEST` prints with the default settings (suppression comments apply).
        report.findings = Linter.findings(of: loaded, analysis: Analyzer.analyze(context))
        try write(format.format(report, colour: false))
    }

    /// The name a folder is known by: its own name (`.` is the current folder's: the repository's
    /// name at its root).
    static func folderName(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let name = (absolute as NSString).lastPathComponent
        return name.isEmpty || name == "/" ? path : name
    }

    /// The report of an app: its screens as `maplint lint` reads them (the configuration files'
    /// settings included), one page. Status 2 when a file could not be read; the page still says
    /// what could be checked.
    private func reportApp(_ paths: [String]) throws {
        let (found, loadedResources) = try AppScreens.forCommand(
            paths, library: library, resources: resources, followLinks: links.followLinks)
        // Links are relative to where the page is read: the output file's folder, or here.
        let folder = output.map { ($0 as NSString).deletingLastPathComponent } ?? "."
        var app = AppReport(
            title: paths.map(Self.folderName).joined(separator: ", "), screens: found.screens, findings: found.findings,
            files: found.files.count, links: SourceLinks(style: linkStyle, folder: folder.isEmpty ? "." : folder),
            resources: loadedResources)
        app.targets = found.targets
        if found.manifests { app.fileNoun = "manifest" }
        guard let formatter = OutputFormats.appReport.formatter(identifier: format.identifier) else { return }
        try write(formatter.init(colour: false).format(app), protecting: found.files)
        if found.isIncomplete { throw ExitStatus.invalidInput.exitCode }
    }

    private func write(_ text: String, protecting inputs: [String] = []) throws {
        guard let output else {
            try Terminal.write(text)
            return
        }
        if case .failure(let problem) = AtomicFileWriter(protected: paths + inputs + resources.folders).write(
            text, to: output)
        {
            Terminal.writeError(line: "maplint: cannot write \(output): \(problem)")
            throw ExitStatus.invalidInput.exitCode
        }
    }
}

extension SourceLinks.Style: ExpressibleByArgument {}
