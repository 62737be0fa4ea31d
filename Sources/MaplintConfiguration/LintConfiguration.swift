import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintRules

/// What `.maplint.yml` and the matching `lint` options set. Each key is the name of its
/// command-line option with `_` for `-`: `strict` is `--strict`, `disabled_rules` is
/// `--disabled-rules`. Options given on the command line add to lists from the file and win
/// over its single values.
///
/// A configuration with `nested` set is the run's: each file then gets its own, from the
/// `.maplint.yml` files at and above its folder (`ConfigurationTree`), and the rule settings,
/// `included`, `excluded` and `strict` are looked up file by file.
package struct LintConfiguration: Sendable, Hashable {
    /// The file looked for in every folder from a linted file's up to the repository root.
    package static let fileName = ".maplint.yml"
    package static let keys = [
        "disabled_rules", "severity", "included", "excluded", "strict", "baseline", "library_version",
    ]

    /// Rules whose findings are dropped.
    package var disabledRules: Set<RuleID> = []
    /// Severities that replace a rule's default.
    package var severities: [RuleID: Severity] = [:]
    /// When not empty, manifests found in folders are checked only if they match one of these.
    package var included: [GlobPattern] = []
    /// Manifests found in folders that match one of these are skipped.
    package var excluded: [GlobPattern] = []
    /// Warnings fail the run too.
    package var strict = false
    /// A baseline file of known findings, which are not reported.
    package var baseline: String?
    /// The folder (absolute) the `file` paths of `baseline` are relative to: that of the
    /// configuration file naming it; nil for `--baseline` (the current folder).
    package var baselineFolder: String?
    /// The DTTableViewManager / DTCollectionViewManager version Swift targets are checked at, in
    /// place of what their lock files say: for every target, or per target name.
    package var libraryVersion = TargetLibraryVersions()
    /// The folder `included`, `excluded` and `baseline` are relative to: the configuration file's.
    package var root = "."
    /// The keys the configuration file sets (`strict` and `baseline` replace a parent's only then).
    package var stated: Set<String> = []
    /// Each file's configuration, when the run looks them up file by file.
    package var nested: ConfigurationTree?

    package init() {}

    /// The rules a configuration may name. `invalid-manifest` is not one of them: a manifest
    /// with schema errors cannot be checked, whatever the configuration says.
    static var configurableRules: [RuleID] {
        Rules.all.map(\.id).filter { $0 != .invalidManifest }
    }

    /// A rule id as written by the user, or why it is not one.
    package static func rule(named name: String) -> Result<RuleID, ConfigurationError> {
        let id = RuleID(rawValue: name)
        if id == .invalidManifest {
            return .failure(
                ConfigurationError(
                    "'invalid-manifest' cannot be disabled or changed: a manifest with schema errors cannot be checked at all"
                ))
        }
        guard configurableRules.contains(id) else {
            return .failure(
                ConfigurationError(
                    "unknown rule '\(name)'"
                        + Suggestion.didYouMeanHyphenated(name, in: configurableRules.map(\.rawValue))))
        }
        return .success(id)
    }

    /// A severity name: error, warning or note.
    package static func severity(named name: String) -> Result<Severity, ConfigurationError> {
        if let severity = Severity(rawValue: name) { return .success(severity) }
        return .failure(
            ConfigurationError(
                "unknown severity '\(name)'; use error, warning or note"
                    + Suggestion.didYouMean(name, in: Severity.allCases.map(\.rawValue))))
    }

    /// Applies the rule settings to findings: disabled rules go, severities change; with
    /// `nested`, those of the configuration of each finding's file.
    package func apply(to findings: [Diagnostic]) -> [Diagnostic] {
        guard let nested else { return applyOwn(findings) }
        return findings.compactMap { nested.configuration(for: $0.location.file).applyOwn([$0]).first }
    }

    private func applyOwn(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.compactMap { finding in
            guard finding.rule != .invalidManifest else { return finding }
            if disabledRules.contains(finding.rule) { return nil }
            var finding = finding
            if let severity = severities[finding.rule] { finding.severity = severity }
            return finding
        }
    }

    /// Whether a manifest found by searching a folder is checked.
    package func accepts(_ path: String) -> Bool {
        if let nested { return nested.configuration(for: path).accepts(path) }
        // No patterns: every file, with no path worked out.
        if included.isEmpty, excluded.isEmpty { return true }
        let relative = relativePath(path)
        var absolute: String?
        let matches = { (pattern: GlobPattern) -> Bool in
            guard let base = pattern.base else { return pattern.matches(relative) }
            let full = absolute ?? Self.absolute(path)
            absolute = full
            guard let inside = Self.path(full, inside: base) else { return false }
            return pattern.matches(inside)
        }
        if !included.isEmpty, !included.contains(where: matches) { return false }
        return !excluded.contains(where: matches)
    }

    /// Whether warnings in `file` fail the run.
    package func isStrict(for file: String) -> Bool {
        guard let nested else { return strict }
        return nested.configuration(for: file).strict
    }

    /// This configuration with a nested one's settings on top: lists extend (`disabled_rules`,
    /// `included`, `excluded`, each pattern keeping its own folder), `severity` is merged rule
    /// by rule, and `strict` and `baseline` are replaced when the nested file sets them.
    package func merging(_ child: LintConfiguration) -> LintConfiguration {
        var merged = self
        let folder = Self.absolute(child.root)
        merged.disabledRules.formUnion(child.disabledRules)
        merged.severities.merge(child.severities) { $1 }
        merged.included += child.included.map { $0.anchored(at: folder) }
        merged.excluded += child.excluded.map { $0.anchored(at: folder) }
        if child.stated.contains("strict") { merged.strict = child.strict }
        if child.stated.contains("baseline") {
            merged.baseline = child.baseline.map(child.resolve)
            merged.baselineFolder = folder
        }
        merged.libraryVersion = merged.libraryVersion.merging(child.libraryVersion)
        merged.stated.formUnion(child.stated)
        return merged
    }

    /// `path` (absolute) relative to `folder` (absolute) when it lies inside it.
    package static func path(_ path: String, inside folder: String) -> String? {
        if folder == "/" { return String(path.dropFirst()) }
        return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
    }

    /// `path` relative to `root` when it lies inside it; otherwise as given.
    func relativePath(_ path: String) -> String {
        let base = Self.absolute(root)
        let full = Self.absolute(path)
        if base == "/" { return String(full.dropFirst()) }
        if full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) }
        return path
    }

    /// A path from the configuration file (the baseline's), made usable from the current folder.
    package func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || root == "." { return path }
        return (root as NSString).appendingPathComponent(path)
    }

    package static func absolute(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if let plain = PathText.plainAbsolute(path, current: current) { return plain }
        // Said not to be a folder, a path is not looked up on disk (a `stat` per file otherwise):
        // `standardized.path` is the same either way.
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path, isDirectory: false)
            : URL(fileURLWithPath: current, isDirectory: true)
                .appendingPathComponent(path, isDirectory: false)
        return url.standardized.path
    }
}

/// `library_version` (`--library-version`): one version for every Swift target, or versions by
/// target name, each with where it was set.
package struct TargetLibraryVersions: Sendable, Hashable {
    package struct Setting: Sendable, Hashable {
        package var version: LibraryVersion
        /// The value in the configuration file; nil on the command line.
        package var location: SourceLocation?
        /// The target's name as written (its key), for a target no run checked.
        package var nameLocation: SourceLocation?

        package init(version: LibraryVersion, location: SourceLocation? = nil, nameLocation: SourceLocation? = nil) {
            self.version = version
            self.location = location
            self.nameLocation = nameLocation
        }
    }

    /// For every target not in `byTarget`.
    package var all: Setting?
    package var byTarget: [String: Setting] = [:]

    package init() {}

    package var isEmpty: Bool { all == nil && byTarget.isEmpty }

    /// The version of the target named `target` (nil: Swift files named on their own).
    package func setting(forTarget target: String?) -> Setting? {
        target.flatMap { byTarget[$0] } ?? all
    }

    /// `other`'s settings on top: a version for every target replaces this one's, and targets
    /// are replaced one by one.
    package func merging(_ other: TargetLibraryVersions) -> TargetLibraryVersions {
        var merged = self
        if let all = other.all {
            merged.all = all
        }
        merged.byTarget.merge(other.byTarget) { $1 }
        return merged
    }

    /// The targets named that are not in `checked`, each with the closest checked name, in the
    /// order they are written.
    package func unknownTargets(checked: [String]) -> [(name: String, setting: Setting, suggestion: String)] {
        byTarget.filter { !checked.contains($0.key) }
            .sorted {
                ($0.value.nameLocation?.line ?? 0, $0.value.nameLocation?.column ?? 0, $0.key)
                    < ($1.value.nameLocation?.line ?? 0, $1.value.nameLocation?.column ?? 0, $1.key)
            }
            .map { ($0.key, $0.value, Suggestion.didYouMean($0.key, in: checked)) }
    }
}

/// A bad setting, in a configuration file or on the command line.
package struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}

extension RuleID {
    /// Errors in a configuration file. Not a rule: they stop `lint` before anything is checked.
    static let invalidConfiguration: RuleID = "invalid-configuration"
}
