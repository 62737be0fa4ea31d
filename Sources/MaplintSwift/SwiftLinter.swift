import MaplintCore

extension SwiftExtractor {
    /// `maplint lint --swift`: extracts the manifests and lints them in memory, with every
    /// finding pointing at the Swift code. Files that could not be read are `invalid-manifest`
    /// errors (exit status 2); notes about whole files (syntax errors) are `unsupported-swift`.
    ///
    /// Findings a rule can fix carry their fix as edits of the Swift code, made on `sources`
    /// (path → bytes) when given, else on the files as they are on disk.
    public static func lint(
        _ extraction: ExtractionResult, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration(), sources: [String: [UInt8]]? = nil
    ) -> LintResult {
        let writer = ManifestWriter()
        var diagnostics = extraction.problems
        diagnostics += configuration.apply(
            to: extraction.notes.map {
                Diagnostic(rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
            })
        let texts = extraction.manifests.map { (file: $0.fileName, bytes: Array(writer.text(of: $0).utf8)) }
        let files = SwiftFixes.Files { path in
            if let sources { return sources[path] }
            guard case .success(let bytes) = SwiftSourceFile.read(path) else { return nil }
            return bytes
        }
        let perManifest = Linter.lintEach(texts: texts, resources: resources, configuration: configuration)
        for (manifest, findings) in zip(extraction.manifests, perManifest) {
            for var finding in findings {
                if finding.fix == nil, let action = finding.fixAction {
                    finding.fix = SwiftFixes.fix(action, in: manifest, files: files)
                }
                diagnostics.append(finding)
            }
        }
        // A function followed for two managers notes its code in both manifests: once per place.
        var seen: Set<String> = []
        diagnostics = diagnostics.filter { diagnostic in
            guard diagnostic.rule == UnsupportedSwiftRule.id else { return true }
            return seen.insert("\(diagnostic.location) \(diagnostic.message)").inserted
        }
        return LintResult(files: extraction.files, diagnostics: diagnostics.sortedByLocation())
    }
}
