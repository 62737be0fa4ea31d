import MaplintCore

extension SwiftExtractor {
    /// `maplint lint --swift`: lints the extracted manifests in memory, with every finding
    /// pointing at the Swift code: each draft is built into a manifest (`ManifestBuilder`) whose
    /// elements have their Swift places, and analysed as a manifest file is. No manifest text is
    /// written or read. Files that could not be read are `invalid-manifest`
    /// errors (exit status 2); notes about whole files (syntax errors) are `unsupported-swift`.
    ///
    /// Findings a rule can fix carry their fix as edits of the Swift code, made on `sources`
    /// (path → bytes) when given, else on the files as they are on disk.
    public static func lint(
        _ extraction: ExtractionResult, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration(), sources: [String: [UInt8]]? = nil
    ) -> LintResult {
        var diagnostics = extraction.problems
        diagnostics += configuration.apply(
            to: extraction.notes.map {
                Diagnostic(rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
            })
        let files = SwiftFixes.Files { path in
            if let sources { return sources[path] }
            guard case .success(let bytes) = SwiftSourceFile.read(path) else { return nil }
            return bytes
        }
        let perManifest = Linter.lintEach(
            drafts: extraction.manifests, resources: resources, configuration: configuration)
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
        // `// maplint:disable…` comments in the Swift files read.
        diagnostics = SwiftSuppressions.apply(to: diagnostics, files: extraction.files) { path in
            if let sources { return sources[path] }
            guard case .success(let bytes) = ManifestLoader.readFile(path, noun: "Swift file") else { return nil }
            return bytes
        }
        return LintResult(files: extraction.files, diagnostics: diagnostics.sortedByLocation())
    }
}
