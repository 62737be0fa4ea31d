import MaplintAnalysis
import MaplintLint
import MaplintManifest
import MaplintOutput
import MaplintReport
import MaplintRules

// A libFuzzer target: runs every stage on arbitrary bytes, which must return without trapping.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ManifestFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

enum ManifestFuzz {
    /// Load, decode, resolve and format a manifest.
    static func run(_ bytes: [UInt8]) {
        let result = ManifestLoader.load(bytes: bytes, file: "fuzz.maplint.yml")
        _ = FindingsTextFormatter().format(LintResult(files: ["fuzz.maplint.yml"], diagnostics: result.diagnostics))
        guard let manifest = result.manifest else { return }
        let context = AnalysisContext(manifest: manifest)
        let diagnostics = Analyzer.analyze(context)
        let lint = LintResult(files: ["fuzz.maplint.yml"], diagnostics: diagnostics)
        _ = FindingsSARIFFormatter().format(lint)
        let report = CollisionReport(context: context)
        _ = CollisionReportJSONFormatter().format(report)
        _ = CollisionReportHTMLFormatter().format(report)
        let resolution = context.resolution
        _ = ResolutionJSONFormatter().format(resolution)
        _ = ResolutionTableFormatter().format(resolution)
        _ = ResolutionCSVFormatter().format(resolution)
    }
}
