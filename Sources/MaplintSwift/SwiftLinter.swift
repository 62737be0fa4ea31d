import MaplintConfiguration
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLint
import MaplintManifest
import MaplintReport
import MaplintRules

extension SwiftExtractor {
    /// `maplint lint --swift`: lints the extracted manifests in memory, with every finding
    /// pointing at the Swift code: each draft is built into a manifest (`ManifestBuilder`) whose
    /// elements have their Swift places, and analysed as a manifest file is. No manifest text is
    /// written or read. Files that could not be read are `invalid-manifest`
    /// errors (exit status 2); notes about whole files (syntax errors) are `unsupported-swift`.
    ///
    /// Findings a rule can fix carry their fix as edits of the Swift code, made on `sources`
    /// (path → bytes) when given, else on the files as they are on disk.
    package static func lint(
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
        var perManifest = Linter.lintEach(
            drafts: extraction.manifests, resources: resources, configuration: configuration)
        if let lower = extraction.lowerEnd {
            perManifest = VersionRangeFindings.merged(
                extraction, lower: lower,
                lint: { Linter.lintEach(drafts: $0, resources: resources, configuration: configuration) },
                upper: perManifest)
        }
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
        diagnostics = SwiftSuppressions.apply(
            to: diagnostics, files: extraction.commentedFiles, comments: extraction.comments
        ) { path in
            // A file `--fix` does not edit (a link, a read-only file) is not among `sources`: its
            // comments are read as it is, as extraction read its code.
            if let bytes = sources?[path] { return bytes }
            guard case .success(let bytes) = ManifestLoader.readFile(path, noun: "Swift file") else { return nil }
            return bytes
        }
        return LintResult(files: extraction.files, diagnostics: diagnostics.sortedByLocation())
    }
}

extension SwiftExtractor {
    /// The screens of an extraction for `maplint report` and `maplint resolve`: each manifest
    /// built (`ManifestBuilder`) with the findings `lint` gives it, after the suppression
    /// comments of all the files read; and the findings about no one screen (files that could
    /// not be read, Swift skipped outside any screen, comments that silence nothing outside
    /// the screens' files).
    package static func screens(
        _ extraction: ExtractionResult, resources: InterfaceBuilderResources? = nil,
        configuration: LintConfiguration = LintConfiguration()
    ) -> (screens: [AppReport.Screen], findings: [Diagnostic]) {
        var general = extraction.problems
        general += configuration.apply(
            to: extraction.notes.map {
                Diagnostic(rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
            })
        var screens: [AppReport.Screen] = []
        var owner: [Diagnostic: [Int]] = [:]
        var all = general
        // Each screen's xibs and storyboards, scoped once: the probe and the rules read the same.
        let scoped = extraction.manifests.map { resources?.forScreen($0.name) }
        let built = zip(extraction.manifests, scoped).map { draft, scoped in
            ManifestBuilder.build(draft.probingPrototypes(of: scoped))
        }
        var perManifest = zip(built, scoped).map { built, scoped in
            Linter.lint(manifest: built.0, diagnostics: built.1, resources: scoped, configuration: configuration)
        }
        if let lower = extraction.lowerEnd {
            perManifest = VersionRangeFindings.merged(
                extraction, lower: lower,
                lint: { Linter.lintEach(drafts: $0, resources: resources, configuration: configuration) },
                upper: perManifest)
        }
        for (position, draft) in extraction.manifests.enumerated() {
            let manifest = built[position].0
            let findings = perManifest[position]
            for finding in findings { owner[finding, default: []].append(position) }
            all += findings
            screens.append(
                AppReport.Screen(
                    name: draft.name, host: draft.host, location: draft.location, manifest: manifest, findings: []))
        }
        // `// maplint:disable…` comments in the Swift files read, judged on every finding at once.
        let kept = SwiftSuppressions.apply(
            to: all, files: extraction.commentedFiles, comments: extraction.comments
        ) { path in
            guard case .success(let bytes) = ManifestLoader.readFile(path, noun: "Swift file") else { return nil }
            return bytes
        }
        // Each finding back to its screen; a new one (a comment that silences nothing) to the
        // first screen declared in its file.
        var taken: [Diagnostic: Int] = [:]
        general = []
        for finding in kept {
            let owners = owner[finding] ?? []
            let seen = taken[finding, default: 0]
            if seen < owners.count {
                taken[finding] = seen + 1
                screens[owners[seen]].findings.append(finding)
            } else if let position = screens.firstIndex(where: { $0.location.file == finding.location.file }),
                finding.rule != UnsupportedSwiftRule.id
            {
                screens[position].findings.append(finding)
            } else {
                general.append(finding)
            }
        }
        for position in screens.indices { screens[position].findings = screens[position].findings.sortedByLocation() }
        return (screens, general.sortedByLocation())
    }
}
