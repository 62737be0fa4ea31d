import Foundation

/// What `.maplint.yml` and the matching `lint` options set. Each key is the name of its
/// command-line option with `_` for `-`: `strict` is `--strict`, `disabled_rules` is
/// `--disabled-rules`. Options given on the command line add to lists from the file and win
/// over its single values.
public struct LintConfiguration: Sendable, Hashable {
    /// The file looked for in the current folder.
    public static let fileName = ".maplint.yml"
    public static let keys = ["disabled_rules", "severity", "included", "excluded", "strict", "baseline"]

    /// Rules whose findings are dropped.
    public var disabledRules: Set<RuleID> = []
    /// Severities that replace a rule's default.
    public var severities: [RuleID: Severity] = [:]
    /// When not empty, manifests found in folders are checked only if they match one of these.
    public var included: [GlobPattern] = []
    /// Manifests found in folders that match one of these are skipped.
    public var excluded: [GlobPattern] = []
    /// Warnings fail the run too.
    public var strict = false
    /// A baseline file of known findings, which are not reported.
    public var baseline: String?
    /// The folder `included`, `excluded` and `baseline` are relative to: the configuration file's.
    public var root = "."

    public init() {}

    /// The rules a configuration may name. `invalid-manifest` is not one of them: a manifest
    /// with schema errors cannot be checked, whatever the configuration says.
    public static var configurableRules: [RuleID] {
        Rules.all.map(\.id).filter { $0 != .invalidManifest }
    }

    /// A rule id as written by the user, or why it is not one.
    public static func rule(named name: String) -> Result<RuleID, ConfigurationError> {
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
    public static func severity(named name: String) -> Result<Severity, ConfigurationError> {
        if let severity = Severity(rawValue: name) { return .success(severity) }
        return .failure(
            ConfigurationError(
                "unknown severity '\(name)'; use error, warning or note"
                    + Suggestion.didYouMean(name, in: Severity.allCases.map(\.rawValue))))
    }

    /// Applies the rule settings to one file's findings: disabled rules go, severities change.
    public func apply(to findings: [Diagnostic]) -> [Diagnostic] {
        findings.compactMap { finding in
            guard finding.rule != .invalidManifest else { return finding }
            if disabledRules.contains(finding.rule) { return nil }
            var finding = finding
            if let severity = severities[finding.rule] { finding.severity = severity }
            return finding
        }
    }

    /// Whether a manifest found by searching a folder is checked.
    public func accepts(_ path: String) -> Bool {
        let relative = relativePath(path)
        if !included.isEmpty, !included.contains(where: { $0.matches(relative) }) { return false }
        return !excluded.contains { $0.matches(relative) }
    }

    /// `path` relative to `root` when it lies inside it; otherwise as given.
    public func relativePath(_ path: String) -> String {
        let base = Self.absolute(root)
        let full = Self.absolute(path)
        if base == "/" { return String(full.dropFirst()) }
        if full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) }
        return path
    }

    /// A path from the configuration file (the baseline's), made usable from the current folder.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") || root == "." { return path }
        return (root as NSString).appendingPathComponent(path)
    }

    public static func absolute(_ path: String) -> String {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardized.path
    }
}

/// A bad setting, in a configuration file or on the command line.
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension RuleID {
    /// Errors in a configuration file. Not a rule: they stop `lint` before anything is checked.
    public static let invalidConfiguration: RuleID = "invalid-configuration"
}
