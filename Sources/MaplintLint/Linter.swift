import Foundation
import MaplintConcurrency
import MaplintConfiguration
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintManifest
import MaplintRules
import MaplintSuppression
import MaplintYAML

/// Loads and analyses manifests: everything `maplint lint` does apart from printing.
package enum Linter {
    /// Every finding of one manifest file, sorted by position: its loading and schema
    /// diagnostics, then (when it could be read) the analysis, after the file's suppression
    /// comments and the configuration's rule settings. With `resources`, the Interface Builder
    /// files under `--resources` are checked too.
    package static func lint(
        file: String, dataPath: String? = nil, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration()
    ) -> [Diagnostic] {
        switch ManifestLoader.readFile(file) {
        case .success(let bytes):
            return lint(
                bytes: bytes, file: file, dataPath: dataPath, resources: resources, configuration: configuration)
        case .failure(let diagnostic):
            return findings(
                of: ManifestLoadResult(file: file, manifest: nil, diagnostics: [diagnostic]), resources: resources,
                configuration: configuration)
        }
    }

    /// Lints manifest text as if it were the file `file`.
    package static func lint(
        bytes: [UInt8], file: String, dataPath: String? = nil, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration()
    ) -> [Diagnostic] {
        guard dataPath == nil else {
            return findings(
                of: ManifestLoader.load(bytes: bytes, file: file, dataPath: dataPath), resources: resources,
                configuration: configuration)
        }
        // The sample is resolved as it is read, when the rules need it and it is the last key.
        let stream = SampleStream(resources: resources, rules: rules(for: configuration, source: bytes))
        let loaded = ManifestLoader.load(bytes: bytes, file: file, sink: stream)
        return findings(of: loaded, resources: resources, configuration: configuration, streamed: stream)
    }

    private static func findings(
        of loaded: ManifestLoadResult, resources: InterfaceBuilderResources?, configuration: LintConfiguration,
        streamed: SampleStream? = nil
    ) -> [Diagnostic] {
        let analysis =
            loaded.manifest.map {
                Analyzer.analyze(
                    $0.wordedAsSwift(), resources: resources, rules: rules(for: configuration, in: loaded.document),
                    streamed: streamed)
            } ?? []
        return findings(of: loaded, analysis: analysis, configuration: configuration)
    }

    /// The findings of a manifest that was loaded and analysed already (`analysis` holds what
    /// `Analyzer.analyze` found): what `lint(file:)` returns for it, without a second analysis.
    package static func findings(
        of loaded: ManifestLoadResult, analysis: [Diagnostic], configuration: LintConfiguration = LintConfiguration()
    ) -> [Diagnostic] {
        guard let manifest = loaded.manifest else {
            // Schema errors in an extracted manifest point at Swift too.
            let origin = loaded.document.flatMap(SwiftOrigin.read)
            return loaded.diagnostics.map { origin?.mapped($0, in: loaded.file) ?? $0 }.sortedByLocation()
        }
        var findings = loaded.diagnostics + analysis
        // Comments first: a rule disabled in the configuration still counts as silenced by them.
        if let document = loaded.document { findings = Suppressions.apply(in: document, to: findings) }
        findings = configuration.apply(to: findings)
        // An extracted manifest's findings point at the Swift code its lines came from (whose
        // fixes are made there); a manifest's own fixes are edits of its bytes.
        if let origin = manifest.swiftOrigin, origin.isExtracted {
            findings = findings.map { origin.mapped($0, in: loaded.file) }
        } else if let document = loaded.document {
            var text: SourceText?
            for index in findings.indices where findings[index].fix == nil {
                guard let action = findings[index].fixAction, findings[index].location.file == loaded.file else {
                    continue
                }
                let source = text ?? document.text
                text = source
                findings[index].fix = ManifestEdits.fix(for: action, in: document, text: source)
            }
        }
        return findings.sortedByLocation()
    }

    /// The rules worth running: those the configuration leaves enabled. A file with `maplint:`
    /// comments runs them all, since a comment naming a disabled rule is judged on its findings.
    static func rules(for configuration: LintConfiguration, in document: YAMLDocument?) -> [any Rule] {
        rules(for: configuration, source: document?.source)
    }

    /// The rules worth running on a manifest whose bytes are `source`.
    static func rules(for configuration: LintConfiguration, source: [UInt8]?) -> [any Rule] {
        guard !configuration.disabledRules.isEmpty else { return Rules.all }
        if let source, YAMLComments.mayHoldComments(source) { return Rules.all }
        return Rules.all.filter { !configuration.disabledRules.contains($0.id) }
    }

    /// Lints `files` concurrently; the findings keep the order of `files`. `progress` is told
    /// of each file as it is done, from whichever thread linted it.
    package static func lint(
        files: [String], dataPath: String? = nil, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration(), progress: (any ProgressObserver)? = nil
    ) -> LintResult {
        progress?.begin(total: files.count, of: "files")
        // Each file is read and checked on its own (one file on the caller's thread).
        let findings = ParallelWork.map(files.count) { position in
            let found = lint(
                file: files[position], dataPath: dataPath, resources: resources, configuration: configuration)
            progress?.advance()
            return found
        }
        return LintResult(files: files, diagnostics: findings.flatMap { $0 })
    }

    /// Lints a manifest built in memory rather than read from a file (see `ManifestBuilder`): the
    /// same analysis as for a decoded manifest file, after `diagnostics` (what building it found;
    /// `manifest` is nil when that includes an error). It has no file, so no suppression comments
    /// and no edits of manifest bytes; the configuration's rule settings apply.
    package static func lint(
        manifest: Manifest?, diagnostics: [Diagnostic], resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration()
    ) -> [Diagnostic] {
        let loaded = ManifestLoadResult(file: manifest?.file ?? "", manifest: manifest, diagnostics: diagnostics)
        return findings(of: loaded, resources: resources, configuration: configuration)
    }

    /// Builds each draft (such as those extracted from Swift) and lints it, concurrently: the
    /// findings of each, in the order of `drafts`. A table registration answered by a prototype of its
    /// scene is registered by the storyboard (`ManifestDraft.probingPrototypes(of:)`).
    package static func lintEach(
        drafts: [ManifestDraft], resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration()
    ) -> [[Diagnostic]] {
        ParallelWork.map(drafts.count) { position in
            let scoped = resources?.forScreen(drafts[position].name)
            let (manifest, diagnostics) = ManifestBuilder.build(drafts[position].probingPrototypes(of: scoped))
            return lint(manifest: manifest, diagnostics: diagnostics, resources: scoped, configuration: configuration)
        }
    }

    /// The exit status for a result. A file that could not be checked is one with an
    /// `invalid-manifest` error: the loader reports one exactly when it gives up on a file. A run
    /// with nothing to check passes (`ExitStatus.passed`).
    package static func status(of result: LintResult, strict: Bool = false) -> ExitStatus {
        if result.diagnostics.contains(where: { $0.rule == .invalidManifest && $0.severity == .error }) {
            return .invalidInput
        }
        let failing: Severity = strict ? .warning : .error
        return result.diagnostics.contains { $0.severity >= failing } ? .findings : .passed
    }

    /// The exit status for a result under a configuration whose `strict` may differ from file
    /// to file (nested configurations): a warning fails the run when its file's is set.
    package static func status(of result: LintResult, configuration: LintConfiguration) -> ExitStatus {
        guard configuration.nested != nil else { return status(of: result, strict: configuration.strict) }
        let base = status(of: result, strict: false)
        guard base == .passed else { return base }
        let failing = result.diagnostics.contains {
            $0.severity == .warning && configuration.isStrict(for: $0.location.file)
        }
        return failing ? .findings : .passed
    }
}
