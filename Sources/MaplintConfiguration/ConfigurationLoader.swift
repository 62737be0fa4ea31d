import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintYAML

/// The positioned errors of a configuration file.
package struct ConfigurationFileError: Error, Sendable {
    package var diagnostics: [Diagnostic]
}

/// Reads `.maplint.yml` with the manifest's YAML loader, so every error has a line and column.
package enum ConfigurationLoader {
    /// The configuration in `path`; its folder becomes the configuration's root.
    package static func load(path: String) -> Result<LintConfiguration, ConfigurationFileError> {
        switch ManifestLoader.readFile(
            path, limits: LoaderLimits(maxFileSize: FileSizeLimit.configuration), noun: "configuration file")
        {
        case .failure(let diagnostic):
            return .failure(ConfigurationFileError(diagnostics: [relabelLoading(diagnostic)]))
        case .success(let bytes):
            let folder = (path as NSString).deletingLastPathComponent
            return decode(bytes: bytes, file: path, root: folder.isEmpty ? "." : folder)
        }
    }

    package static func decode(
        bytes: [UInt8], file: String, root: String = "."
    ) -> Result<LintConfiguration, ConfigurationFileError> {
        var configuration = LintConfiguration()
        configuration.root = root
        // An empty file, or one of comments only, is the default configuration.
        if isBlank(bytes) { return .success(configuration) }
        let document: YAMLDocument
        switch YAMLLoader.load(bytes: bytes, file: file, noun: "configuration") {
        case .failure(let error):
            return .failure(ConfigurationFileError(diagnostics: error.diagnostics.map(relabel)))
        case .success(let loaded): document = loaded
        }
        var reader = NodeReader(document: document, rule: .invalidConfiguration, noun: "configuration")
        reader.configuration(document.root, into: &configuration)
        if reader.diagnostics.isEmpty { return .success(configuration) }
        return .failure(ConfigurationFileError(diagnostics: reader.diagnostics.sortedByLocation()))
    }

    private static func relabel(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.rule = .invalidConfiguration
        return diagnostic
    }

    /// The file reader speaks of manifests; here the file is a configuration.
    private static func relabelLoading(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = relabel(diagnostic)
        diagnostic.message = diagnostic.message
            .replacingOccurrences(of: "a manifest file", with: "a configuration file")
        return diagnostic
    }

    /// Only blank lines and comments.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var atLineStart = true
        var inComment = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                atLineStart = true
                inComment = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            case UInt8(ascii: "#") where atLineStart:
                inComment = true
                atLineStart = false
            default:
                if !inComment { return false }
                atLineStart = false
            }
        }
        return true
    }
}

extension NodeReader {
    mutating func configuration(_ root: YAMLNode, into configuration: inout LintConfiguration) {
        let what = self.root
        guard let fields = fields(root, of: what, allowed: LintConfiguration.keys) else { return }
        configuration.stated = Set(LintConfiguration.keys.filter { fields[$0] != nil })
        if let node = fields["disabled_rules"], let items = list(node, "'disabled_rules'") {
            for item in items {
                if let name = string(item, "a rule id"), let id = ruleID(name, at: item) {
                    configuration.disabledRules.insert(id)
                }
            }
        }
        if let node = fields["severity"] {
            if let pairs = node.mapping {
                for pair in pairs {
                    guard let name = string(pair.key, "a rule id"), let id = ruleID(name, at: pair.key),
                        let level = string(pair.value, "the severity of '\(name)'")
                    else { continue }
                    switch LintConfiguration.severity(named: level) {
                    case .success(let severity): configuration.severities[id] = severity
                    case .failure(let problem): error(problem.message, at: pair.value)
                    }
                }
            } else {
                error(
                    "'severity' must be a mapping of rule ids to error, warning or note, not \(node.kindDescription)",
                    at: node)
            }
        }
        for key in ["included", "excluded"] {
            guard let node = fields[key], let items = list(node, "'\(key)'") else { continue }
            var patterns: [GlobPattern] = []
            for item in items {
                guard let text = string(item, "a path pattern") else { continue }
                if text.isEmpty {
                    error("a path pattern must not be empty", at: item)
                } else {
                    patterns.append(GlobPattern(text))
                }
            }
            if key == "included" { configuration.included = patterns } else { configuration.excluded = patterns }
        }
        if let node = fields["strict"], let value = bool(node, "'strict'") {
            configuration.strict = value
        }
        if let node = fields["library_version"] {
            configuration.libraryVersion = libraryVersions(node)
        }
        if let node = fields["baseline"], let path = string(node, "'baseline'") {
            if path.isEmpty { error("'baseline' must name a file", at: node) } else { configuration.baseline = path }
        }
    }

    /// `library_version: "11.0.1"` for every target, or `{Feed: "7.2.0", Shop: 11}` by target name.
    private mutating func libraryVersions(_ node: YAMLNode) -> TargetLibraryVersions {
        var versions = TargetLibraryVersions()
        guard let pairs = node.mapping else {
            if let version = libraryVersion(node, "'library_version'", orMapping: true) {
                versions.all = .init(version: version, location: location(node))
            }
            return versions
        }
        for pair in pairs {
            guard let name = string(pair.key, "a target name") else { continue }
            guard !name.isEmpty else {
                error("a target name must not be empty", at: pair.key)
                continue
            }
            if let version = libraryVersion(pair.value, "the library_version of '\(name)'", orMapping: false) {
                versions.byTarget[name] = .init(
                    version: version, location: location(pair.value), nameLocation: location(pair.key))
            }
        }
        return versions
    }

    /// A DT version written as a string (`"11.0.1"`, `"6.6"`, `"8"`) or a bare integer major.
    private mutating func libraryVersion(_ node: YAMLNode, _ what: String, orMapping: Bool) -> LibraryVersion? {
        let text: String
        switch node.scalar?.value {
        case .int(let major)?: text = String(major)
        case .string(let value)?: text = value
        default:
            error(
                "\(what) must be a DTTableViewManager or DTCollectionViewManager version such as \"11.0.1\", \"6.6\" or \"8\""
                    + (orMapping ? ", or a mapping of target names to versions, " : ", ") + "not \(describe(node))",
                at: node)
            return nil
        }
        guard let version = LibraryVersion(parsing: text) else {
            error("'\(text)' is not a library version; write it like \"11.0.1\", \"6.6\" or \"8\"", at: node)
            return nil
        }
        if ManifestChecks.unsupportedLibraryVersion(version) != nil {
            error(
                "\(what) is \(version), older than \(LibraryVersion.oldestSupported.major).0, the oldest version maplint "
                    + "models; its behaviour differs (no mapping conditions before 6.0)", at: node)
            return nil
        }
        return version
    }

    private mutating func ruleID(_ name: String, at node: YAMLNode) -> RuleID? {
        switch LintConfiguration.rule(named: name) {
        case .success(let id): return id
        case .failure(let problem):
            error(problem.message, at: node)
            return nil
        }
    }
}
