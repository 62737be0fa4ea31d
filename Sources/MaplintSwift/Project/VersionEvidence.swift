import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// What the code says of the DT version when no lock file or requirement does: a call that only
/// some versions have (`manager.editingStyle(for: PostCell.self)`: DTTableViewManager 6.0.0 to
/// 6.1.1, `editingStyle(forItem:)` from 6.2.0) narrows the range, and the screens are read at the
/// newest version in it rather than the newest maplint models.
enum VersionEvidence {
    /// `versions` with each host that has no version given the newest one its screens' calls
    /// allow, from the first such call; nil when no call narrows any host.
    static func narrowed(_ versions: LibraryVersions, by manifests: [ManifestDraft]) -> LibraryVersions? {
        var narrowed = versions
        var changed = false
        for host in [Host.tableView, .collectionView] where versions[host] == nil {
            guard let (version, place, written) = evidence(in: manifests.filter { $0.host == host }) else { continue }
            let detected = DetectedLibraryVersion(version: version, origin: .requirement(place, written))
            if host == .tableView { narrowed.tableView = detected } else { narrowed.collectionView = detected }
            changed = true
        }
        return changed ? narrowed : nil
    }

    /// `versions` without the versions inferred from a DTModelStorage pin that the code
    /// contradicts: events on a mapping (`mapping.didSelect { … }`) exist from 8.0 only, so a
    /// screen that has them does not run the 7.x a stale DTModelStorage 8 pin suggests (DT's own
    /// repositories at some tags). Nil when none is contradicted; the version is then unknown.
    static func withoutContradictedInference(
        _ versions: LibraryVersions, by manifests: [ManifestDraft]
    ) -> LibraryVersions? {
        var corrected = versions
        for host in versions.inferredFromModelStorage {
            guard let version = versions[host]?.version, !HostEvents.mappingEventsExist(in: version) else { continue }
            let usesMappingEvents = manifests.contains { manifest in
                manifest.host == host
                    && manifest.entries.contains {
                        if case .registration(let registration) = $0 { return !registration.events.isEmpty }
                        return false
                    }
            }
            guard usesMappingEvents else { continue }
            if host == .tableView { corrected.tableView = nil } else { corrected.collectionView = nil }
            corrected.inferredFromModelStorage.remove(host)
        }
        return corrected == versions ? nil : corrected
    }

    /// The first call of the manifests that only versions up to some release have: that release,
    /// where the call is, and the reason in words.
    private static func evidence(
        in manifests: [ManifestDraft]
    ) -> (LibraryVersion, SourceLocation, String)? {
        for manifest in manifests {
            for entry in manifest.entries {
                guard case .event(let name, let view?, _, _, let location) = entry,
                    let newest = HostEvents.viewKeyedNewest[name], let until = HostEvents.viewKeyedUntil[name]
                else { continue }
                return (
                    newest, location,
                    "inferred from the API used: \(name)(for: \(view).self), which versions before \(until) have"
                )
            }
        }
        return nil
    }
}
