import Foundation
import MaplintConfiguration
import MaplintFiles
import MaplintFindings
import MaplintManifest
import MaplintText

/// Findings a team has accepted for now: `lint --baseline FILE` reports only findings that are
/// not in it, so a project can adopt maplint and fail only on new problems.
///
/// A finding is recognised by its rule, its file and a fingerprint of its message with every
/// digit removed, so it is still recognised when lines move or entries are renumbered. Entries
/// are counted: two identical findings need two entries. Schema errors are never recorded:
/// a manifest that cannot be checked always fails.
package struct Baseline: Sendable, Hashable {
    static let formatVersion = 1

    package struct Entry: Sendable, Hashable, Comparable {
        package var rule: String
        package var file: String
        package var fingerprint: String
        /// The message when recorded, for people reading the file; not used for matching.
        package var message: String

        package init(rule: String, file: String, fingerprint: String, message: String) {
            self.rule = rule
            self.file = file
            self.fingerprint = fingerprint
            self.message = message
        }

        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.file, lhs.rule, lhs.fingerprint, lhs.message) < (rhs.file, rhs.rule, rhs.fingerprint, rhs.message)
        }

        var key: Key { Key(rule: rule, file: file, fingerprint: fingerprint) }
    }

    struct Key: Hashable {
        var rule: String
        var file: String
        var fingerprint: String
    }

    /// Sorted, so the file is the same whatever order the findings came in.
    package private(set) var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// Records every finding of `result` but schema errors.
    package init(recording result: LintResult) {
        self.init(entries: result.diagnostics.filter { $0.rule != .invalidManifest }.map(Self.entry))
    }

    static func entry(_ diagnostic: Diagnostic) -> Entry {
        var normalised = diagnostic
        normalised.location.file = normalisedPath(diagnostic.location.file)
        return Entry(
            rule: diagnostic.rule.rawValue, file: normalised.location.file,
            fingerprint: FindingFingerprint.of(normalised), message: diagnostic.message)
    }

    /// `./a/b.maplint.yml` and `a/b.maplint.yml` are one file.
    static func normalisedPath(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// `result` without the findings recorded here; each entry hides one finding.
    package func filter(_ result: LintResult) -> LintResult {
        let matcher = Matcher(self, folder: nil)
        return LintResult(files: result.files, diagnostics: result.diagnostics.filter { !matcher.hides($0) })
    }

    /// `result` without the findings of the baselines that apply to them: `baseline(for:)` gives
    /// the baseline of a finding (or nil for none) and the folder its `file` paths are relative
    /// to (nil: the current folder), as loaded by `load`, once per distinct pair.
    package static func filter(
        _ result: LintResult, baseline: (Diagnostic) -> (path: String, folder: String?)?,
        load: (String) throws -> Baseline
    ) rethrows -> LintResult {
        var matchers: [String: Matcher] = [:]
        var kept: [Diagnostic] = []
        for diagnostic in result.diagnostics {
            guard let (path, folder) = baseline(diagnostic) else {
                kept.append(diagnostic)
                continue
            }
            let key = path + "\u{0}" + (folder ?? "")
            let matcher: Matcher
            if let known = matchers[key] {
                matcher = known
            } else {
                matcher = Matcher(try load(path), folder: folder)
                matchers[key] = matcher
            }
            if !matcher.hides(diagnostic) { kept.append(diagnostic) }
        }
        return LintResult(files: result.files, diagnostics: kept)
    }

    /// Hides findings one entry each. An entry's `file` is the finding's path relative to
    /// `folder` (the folder of the configuration file that names the baseline), or, as a run
    /// from the current folder records it, the path as printed: a baseline works from the folder
    /// it was recorded in and from its configuration's folder.
    final class Matcher {
        private var remaining: [Key: Int] = [:]
        private let folder: String?

        init(_ baseline: Baseline, folder: String?) {
            for entry in baseline.entries { remaining[entry.key, default: 0] += 1 }
            self.folder = folder.map(LintConfiguration.absolute)
        }

        func hides(_ diagnostic: Diagnostic) -> Bool {
            guard diagnostic.rule != .invalidManifest else { return false }
            var keys = [Baseline.entry(diagnostic).key]
            if let folder, !diagnostic.location.file.isEmpty,
                let inside = LintConfiguration.path(
                    LintConfiguration.absolute(diagnostic.location.file), inside: folder)
            {
                var relative = diagnostic
                relative.location.file = inside
                let key = Baseline.entry(relative).key
                if key != keys[0] { keys.insert(key, at: 0) }
            }
            for key in keys {
                if let count = remaining[key], count > 0 {
                    remaining[key] = count - 1
                    return true
                }
            }
            return false
        }
    }

    /// The JSON file: `{"version": 1, "findings": [{"rule", "file", "fingerprint", "message"}]}`.
    package func rendered() -> String {
        JSONValue.object([
            ("version", .int(Self.formatVersion)),
            (
                "findings",
                .array(
                    entries.map { entry in
                        .object([
                            ("rule", .string(entry.rule)),
                            ("file", .string(entry.file)),
                            ("fingerprint", .string(entry.fingerprint)),
                            ("message", .string(entry.message)),
                        ])
                    })
            ),
        ]).rendered() + "\n"
    }

    /// The file's bytes, when `--baseline` can read them back: a baseline over `limit` is refused.
    package func renderedBytes(limit: Int = FileSizeLimit.baseline) -> Result<[UInt8], FileWriteError> {
        let bytes = Array(rendered().utf8)
        guard bytes.count <= limit else {
            return .failure(
                FileWriteError(
                    "it would be \(bytes.count) bytes, over the limit of \(limit) bytes that --baseline reads; "
                        + "fix or disable the rules found most often first"))
        }
        return .success(bytes)
    }

    /// Reads a baseline file's contents.
    package static func parse(_ data: Data) -> Result<Baseline, ConfigurationError> {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failure(
                ConfigurationError("the baseline is not a JSON object; write it again with --write-baseline"))
        }
        guard let version = object["version"] as? Int, version == formatVersion else {
            return .failure(
                ConfigurationError(
                    "the baseline has no 'version' \(formatVersion); write it again with --write-baseline"))
        }
        guard let findings = object["findings"] as? [[String: Any]] else {
            return .failure(ConfigurationError("the baseline has no 'findings' list"))
        }
        var entries: [Entry] = []
        for (index, finding) in findings.enumerated() {
            guard let rule = finding["rule"] as? String, let file = finding["file"] as? String,
                let fingerprint = finding["fingerprint"] as? String
            else {
                return .failure(
                    ConfigurationError(
                        "finding \(index) of the baseline needs 'rule', 'file' and 'fingerprint' strings"))
            }
            entries.append(
                Entry(
                    rule: rule, file: normalisedPath(file), fingerprint: fingerprint,
                    message: finding["message"] as? String ?? ""))
        }
        return .success(Baseline(entries: entries))
    }
}
