import MaplintFindings
import MaplintLibrary
import MaplintManifest

/// What the code says of the DT version when no lock file or requirement does: each call that only
/// some versions have narrows the range (`registerCellClass`: DT 4; `editingStyle(for: PostCell.self)`:
/// DTTableViewManager 5.0.0 to 6.1.1, `editingStyle(forItem:)` from 6.2.0; events on a mapping: 8 and
/// later; hosting cells: 11 and later). The screens are read at the newest version of the range and
/// checked at its oldest too: a finding at one end only is a note that says where it holds.
enum VersionEvidence {
    /// `versions` with each host that has no version given the range its screens' calls allow
    /// (read at its newest); nil when no call narrows any host below the versions maplint models.
    static func narrowed(_ versions: LibraryVersions, by manifests: [ManifestDraft]) -> LibraryVersions? {
        var narrowed = versions
        var changed = false
        for host in [Host.tableView, .collectionView] where versions[host] == nil {
            guard let inferred = range(of: manifests.filter { $0.host == host }, host: host) else { continue }
            let detected = DetectedLibraryVersion(version: inferred.upper, origin: .inferred(inferred))
            if host == .tableView { narrowed.tableView = detected } else { narrowed.collectionView = detected }
            changed = true
        }
        return changed ? narrowed : nil
    }

    /// Whether Swift code is put together alike at `first` and at `second`, `second` being `first`
    /// narrowed (`narrowed(_:by:)`): the same versions, but for hosts `first` names no version of
    /// and `second` checks at the newest version maplint models, inferred from the calls. The
    /// translation reads an unnamed version as that one, and the calls that bound the range all
    /// exist at its newest end (`VersionClue`), so none is absent from it.
    static func translatesAlike(_ first: LibraryVersions, _ second: LibraryVersions) -> Bool {
        guard first.modelStorage == second.modelStorage else { return false }
        return [Host.tableView, .collectionView].allSatisfy { host in
            guard first[host] != second[host] else { return true }
            guard first[host] == nil, let narrowed = second[host], case .inferred = narrowed.origin else {
                return false
            }
            let modelled = narrowed.modelled
            return modelled == .newestSupported && modelled.isMajorOnly == LibraryVersion.newestSupported.isMajorOnly
        }
    }

    /// `versions` with each inferred host at the oldest end of its range (`oldestSupported` when that
    /// is older, the version checked for it); nil when no host's ends are checked differently.
    static func lowerEnd(of versions: LibraryVersions) -> LibraryVersions? {
        var lower = versions
        var changed = false
        for host in [Host.tableView, .collectionView] {
            // A range wholly older than the oldest version maplint models is checked as that one, once.
            guard let detected = versions[host], case .inferred(let inferred) = detected.origin,
                inferred.upper >= .oldestSupported
            else { continue }
            let checked = max(inferred.lower, .oldestSupported)
            guard checked != detected.modelled || checked.isMajorOnly != detected.modelled.isMajorOnly else { continue }
            let end = DetectedLibraryVersion(version: checked, origin: detected.origin)
            if host == .tableView { lower.tableView = end } else { lower.collectionView = end }
            changed = true
        }
        return changed ? lower : nil
    }

    /// The versions the calls of `manifests` allow, with the calls that bound them; nil when they
    /// allow every version maplint models, or no version at all (calls of different majors).
    static func range(of manifests: [ManifestDraft], host: Host) -> InferredVersions? {
        let clues = manifests.flatMap(clues(in:))
        let newest = LibraryVersion.newestRead(for: host)
        let lower = clues.compactMap(\.since).max() ?? .oldestRead
        let upper = clues.compactMap(\.until).min() ?? newest
        guard lower <= upper, lower > .oldestSupported || upper < newest else { return nil }
        let upperClue = upper < newest ? clues.first { $0.until == upper } : nil
        // The oldest version maplint models or older says nothing a reader needs; a call that
        // bounds both ends is named once.
        var lowerClue: VersionClue? = nil
        if lower > .oldestSupported, upperClue?.since != lower { lowerClue = clues.first { $0.since == lower } }
        let bounding = [lowerClue, upperClue].compactMap { $0 }.sorted { $0.location < $1.location }
        return InferredVersions(lower: lower, upper: upper, clues: bounding)
    }

    /// The calls of a screen that only some versions have: the registration spellings extraction
    /// noted, events on a mapping, and manager-level events keyed by a view class that later
    /// versions key by a model type.
    private static func clues(in manifest: ManifestDraft) -> [VersionClue] {
        var clues = manifest.versionClues
        for entry in manifest.entries {
            switch entry {
            case .registration(let registration):
                guard let event = registration.events.first else { continue }
                clues.append(
                    VersionClue(
                        api: "mapping.\(event.value)", since: HostEvents.mappingEventsSince, location: event.location))
            case .event(let name, let view?, _, _, let location):
                guard let until = HostEvents.viewKeyedNewest[name] else { continue }
                clues.append(
                    VersionClue(
                        api: "\(name)(for: \(view).self)", since: HostEvents.viewKeyedSince[name], until: until,
                        location: location))
            default: continue
            }
        }
        return clues
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
}
