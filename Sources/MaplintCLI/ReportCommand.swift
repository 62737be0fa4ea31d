import ArgumentParser
import Foundation
import MaplintCore

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Reports every pair of overlapping registrations with its verdict, and the shared reuse identifiers, with a diagram."
    )

    @Argument(help: "The manifest (.maplint.yml, .maplint.yaml or .maplint.json).")
    var manifest: String

    @Option(help: CollisionReportFormat.help)
    var format: CollisionReportFormat = .default

    @Option(help: "Write the report to this file instead of the standard output.")
    var output: String?

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

    func run() throws {
        colour.apply()
        try NamedInputs.requireExisting([(nil, manifest)] + resources.namedInputs)
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

    private func write(_ text: String) throws {
        guard let output else {
            try Terminal.write(text)
            return
        }
        if case .failure(let problem) = AtomicFileWriter(protected: [manifest] + resources.folders).write(
            text, to: output)
        {
            Terminal.writeError(line: "maplint: cannot write \(output): \(problem)")
            throw ExitStatus.invalidInput.exitCode
        }
    }
}

extension SourceLinks.Style: ExpressibleByArgument {}
