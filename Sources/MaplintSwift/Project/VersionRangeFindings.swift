import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// The findings of code whose version is inferred from the API it uses (`VersionEvidence`), checked
/// at both ends of the range: what holds at both is reported as it is; what holds at one end only
/// depends on a version nothing names, so it is a note that says where it holds, never an error.
enum VersionRangeFindings {
    /// The findings of one screen, `upper` read at the newest end of its range and `lower` at the
    /// oldest (`lowerVersions`): a finding of both is kept, with the milder severity of the two;
    /// one of a single end becomes a note naming the versions, without its fix (which would change
    /// the code for one version only).
    static func merge(
        upper: [Diagnostic], lower: [Diagnostic], host: Host, upperVersions: LibraryVersions,
        lowerVersions: LibraryVersions
    ) -> [Diagnostic] {
        var lowerSeverities: [Key: [Severity]] = [:]
        for finding in lower { lowerSeverities[Key(finding), default: []].append(finding.severity) }
        var merged: [Diagnostic] = []
        for var finding in upper {
            let key = Key(finding)
            if var severities = lowerSeverities[key], let severity = severities.popLast() {
                lowerSeverities[key] = severities
                finding.severity = min(finding.severity, severity)
                merged.append(finding)
            } else {
                merged.append(note(finding, host: host, at: upperVersions[host], not: lowerVersions[host]))
            }
        }
        for finding in lower {
            let key = Key(finding)
            guard var severities = lowerSeverities[key], !severities.isEmpty else { continue }
            severities.removeLast()
            lowerSeverities[key] = severities
            merged.append(note(finding, host: host, at: lowerVersions[host], not: upperVersions[host]))
        }
        return merged
    }

    /// The findings of every screen of `extraction` at its two ends, in the order of its manifests,
    /// given the findings of each end's manifests (`lint(draft)`); a screen only one end has keeps
    /// its findings as notes too.
    static func merged(
        _ extraction: ExtractionResult, lower: VersionRangeEnd, lint: ([ManifestDraft]) -> [[Diagnostic]],
        upper: [[Diagnostic]]
    ) -> [[Diagnostic]] {
        let lowerFindings = lint(lower.result.manifests)
        var byPlace: [String: Int] = [:]
        for (position, manifest) in lower.result.manifests.enumerated() {
            byPlace[place(of: manifest)] = byPlace[place(of: manifest)] ?? position
        }
        var used: Set<Int> = []
        var result: [[Diagnostic]] = []
        for (manifest, findings) in zip(extraction.manifests, upper) {
            let match = byPlace[place(of: manifest)].flatMap { used.insert($0).inserted ? $0 : nil }
            result.append(
                merge(
                    upper: findings, lower: match.map { lowerFindings[$0] } ?? [], host: manifest.host,
                    upperVersions: versions(of: manifest), lowerVersions: lower.versions))
        }
        return result
    }

    private static func place(of manifest: ManifestDraft) -> String {
        "\(manifest.host) \(manifest.name) \(manifest.location)"
    }

    private static func versions(of manifest: ManifestDraft) -> LibraryVersions {
        var versions = LibraryVersions()
        if manifest.host == .tableView {
            versions.tableView = manifest.libraryVersion
        } else {
            versions.collectionView = manifest.libraryVersion
        }
        return versions
    }

    /// `at DTTableViewManager 6.1.1, not at 6.0.0 (the API used allows 5.0.0–6.1.1): …`.
    private static func note(
        _ finding: Diagnostic, host: Host, at holds: DetectedLibraryVersion?, not other: DetectedLibraryVersion?
    ) -> Diagnostic {
        guard let holds, let other, case .inferred(let inferred) = holds.origin else { return finding }
        var note = finding
        note.severity = .note
        note.fix = nil
        note.fixAction = nil
        let library = host.manager
        note.message =
            "at \(library) \(holds.modelled), not at \(other.modelled) (the API used allows \(inferred.range)): "
            + finding.message
        return note
    }

    /// What makes two findings the same one at both ends.
    private struct Key: Hashable {
        let rule: RuleID
        let location: SourceLocation
        let message: String

        init(_ finding: Diagnostic) {
            rule = finding.rule
            location = finding.location
            message = finding.message
        }
    }
}
