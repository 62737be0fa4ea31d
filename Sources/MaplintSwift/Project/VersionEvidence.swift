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
