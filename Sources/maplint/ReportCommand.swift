import ArgumentParser
import Foundation
import MaplintCore

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reports every pair of overlapping registrations with its verdict, and the shared reuse identifiers."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, html, json
    }

    @Argument(help: "The manifest (.maplint.yml, .maplint.yaml or .maplint.json).")
    var manifest: String

    @Option(help: "Output format: markdown, html or json.")
    var format: Format = .markdown

    @Option(help: "Write the report to this file instead of the standard output.")
    var output: String?

    @OptionGroup var resources: ResourcesOptions

    func run() throws {
        let loaded = ManifestLoader.load(path: manifest)
        guard let decoded = loaded.manifest else {
            // The manifest cannot be checked: its diagnostics go where the report would, in its format.
            let result = LintResult(files: [manifest], diagnostics: loaded.diagnostics)
            let text =
                switch format {
                case .markdown: MarkdownFindingsReporter().report(result)
                case .json: DiagnosticJSONFormatter().format(result)
                case .html: CollisionReportHTMLFormatter.errorPage(DiagnosticTextFormatter().format(result))
                }
            try write(text)
            throw Status.invalidInput
        }
        let report = CollisionReport(manifest: decoded, resources: resources.load())
        let text =
            switch format {
            case .markdown: CollisionReportMarkdownFormatter().format(report)
            case .html: CollisionReportHTMLFormatter().format(report)
            case .json: CollisionReportJSONFormatter().format(report)
            }
        try write(text)
    }

    private func write(_ text: String) throws {
        guard let output else {
            Terminal.write(text)
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            Terminal.writeError("maplint: cannot write \(output): \(error.localizedDescription)\n")
            throw Status.invalidInput
        }
    }
}
