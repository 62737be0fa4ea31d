import MaplintInterfaceBuilder
import MaplintLibrary
import MaplintManifest
import MaplintSwift

/// `SwiftExtractor`, in the terms of the commands.
struct SwiftSyntaxReader: SwiftSourceReader {
    func extract(_ request: SwiftExtractionRequest) -> SwiftExtraction {
        let extracted = SwiftExtractor.extract(
            paths: request.paths, deploymentTarget: request.deploymentTarget, libraryVersion: request.libraryVersion,
            libraryVersionOrigin: request.libraryVersionOrigin, accept: request.accept, target: request.target,
            followLinks: request.followLinks, overriding: request.overriding, progress: request.progress,
            boundary: request.boundary)
        let result = request.writesManifests ? SwiftExtractor.conditionsChecked(extracted) : extracted
        var extraction = SwiftExtraction(
            manifests: result.manifests.map { manifest in
                SwiftExtraction.Manifest(name: manifest.name) { folder in
                    ManifestWriter(folder: folder).text(
                        of: manifest.probingPrototypes(of: request.resources?.forScreen(manifest.name)))
                }
            },
            notes: result.notes + result.manifests.flatMap(\.notes),
            problems: result.problems, files: result.files,
            nothingFound: { paths in SwiftExtractor.nothingFound(in: paths, result: result) },
            lint: { resources, configuration, sources in
                SwiftExtractor.lint(result, resources: resources, configuration: configuration, sources: sources)
            })
        extraction.screens = { resources, configuration in
            SwiftExtractor.screens(result, resources: resources, configuration: configuration)
        }
        extraction.registrations = result.manifests.reduce(0) { count, manifest in
            count + manifest.entries.filter { if case .registration = $0 { true } else { false } }.count
        }
        extraction.versions = [Host.tableView, .collectionView].compactMap { host in
            result.manifests.first(where: { $0.host == host }).map { versionLine(host, $0, result) }
        }
        return extraction
    }

    /// The target line's words for the version of `host`'s manager that `manifest` was read at.
    private func versionLine(_ host: Host, _ manifest: ManifestDraft, _ result: ExtractionResult) -> String {
        let library = host.manager
        let described: String
        switch manifest.libraryVersion?.origin {
        case nil:
            if let unreadable = result.unreadableVersions.first(where: { $0.library == library }) {
                described =
                    "\(library) \(LibraryVersion.newestSupported) (assumed: the version in "
                    + "\(unreadable.location.file) cannot be read)"
            } else if let conflict = result.requirementConflicts.first(where: { $0.library == library }) {
                described =
                    "\(library) \(LibraryVersion.newestSupported) (assumed: the targets of "
                    + "\(conflict.location.file) require versions no one version meets)"
            } else {
                // Nothing in the code narrows it either: the newest is an assumption, not a finding.
                described =
                    "\(library) \(LibraryVersion.oldestSupported)–\(LibraryVersion.newestRead(for: host)), "
                    + "checked as the newest (assumed: no lock file names it and no API used narrows it"
                    + SwiftExtractor.otherProjectsWords(result.otherProjectsPins) + ")"
            }
        case .commandLine: described = "\(library) \(manifest.libraryVersion!.version) (--library-version)"
        case .configuration(let location):
            described = "\(library) \(manifest.libraryVersion!.version) from library_version in \(location.file)"
        case .lockFile(let location):
            described = "\(library) \(manifest.libraryVersion!.version) from \(location.file)"
        case .requirement(let location, let written):
            described = "\(library) \(manifest.libraryVersion!.modelled) from \(location.file) (\(written))"
        case .inferred(let inferred):
            described =
                "\(library) \(inferred.range) (\(inferred.words); \(checkedWords(host, result))"
                + SwiftExtractor.otherProjectsWords(result.otherProjectsPins) + ")"
        }
        return described + (manifest.libraryVersion?.scope.map { ", \($0)" } ?? "")
    }

    /// `checked at 6.0.0 and 6.1.1`, `checked as 6.0, the oldest version maplint models`: the
    /// versions an inferred range was checked at.
    private func checkedWords(_ host: Host, _ result: ExtractionResult) -> String {
        let upper = result.manifests.first { $0.host == host }?.libraryVersion?.modelled
        let lower = result.lowerEnd?.versions[host]?.modelled
        switch (lower, upper) {
        case (let lower?, let upper?): return "checked at \(lower) and \(upper)"
        case (nil, let upper?) where upper.isMajorOnly:
            return "checked as \(upper).0, the oldest version maplint models"
        case (nil, let upper?): return "checked at \(upper)"
        default: return "not checked"
        }
    }
}
