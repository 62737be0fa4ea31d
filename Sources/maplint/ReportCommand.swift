import ArgumentParser
import Foundation
import MaplintCore

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reports every pair of overlapping registrations with its verdict, and the shared reuse identifiers."
    )

    @Argument(help: "The manifest (.maplint.yml, .maplint.yaml or .maplint.json).")
    var manifest: String

    @Option(help: CollisionReportFormat.help)
    var format: CollisionReportFormat = .default

    @Option(help: "Write the report to this file instead of the standard output.")
    var output: String?

    @OptionGroup var resources: ResourcesOptions

    func run() throws {
        let loaded = ManifestLoader.load(path: manifest)
        guard let decoded = loaded.manifest else {
            // The manifest cannot be checked: its diagnostics go where the report would, in its format.
            let result = LintResult(files: [manifest], diagnostics: loaded.diagnostics)
            try write(
                format.formatDiagnostics(result)
                    ?? CollisionReportHTMLFormatter.errorPage(FindingsTextFormatter().format(result)))
            throw ExitStatus.invalidInput.exitCode
        }
        let report = CollisionReport(manifest: decoded, resources: resources.load())
        try write(format.format(report, colour: false))
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
            throw ExitStatus.invalidInput.exitCode
        }
    }
}
