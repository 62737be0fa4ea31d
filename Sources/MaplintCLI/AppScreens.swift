import ArgumentParser
import Foundation
import MaplintConfiguration
import MaplintFiles
import MaplintFindings
import MaplintInterfaceBuilder
import MaplintLint
import MaplintManifest
import MaplintReport
import MaplintRules
import MaplintSwift

/// The screens of an app for `report` and `resolve`: what `lint` checks in the same paths
/// (each target of each project and package below a folder, with its own files, deployment
/// target and DT version; Swift files and projects named as they are), each type that owns a
/// manager built into one manifest with its findings. Folders that hold manifests are what
/// `lint` checks there too: each manifest is a screen.
struct AppScreens {
    var screens: [AppReport.Screen] = []
    /// Findings about no one screen.
    var findings: [Diagnostic] = []
    /// The Swift files (or the manifests) read, each once.
    var files: [String] = []
    /// The names of the targets read (for a `library_version` that names none of them).
    var targetNames: [String] = []
    /// The files read are manifests, not Swift files.
    var manifests = false
    /// What each target (or the Swift files named) was read with, as `maplint` says it per target.
    var targets: [String] = []

    /// Whether `paths` name an app rather than one manifest: folders (Xcode projects and
    /// workspaces are folders too) and Swift files.
    static func areApp(_ paths: [String]) -> Bool {
        paths.allSatisfy { ManifestDiscovery.isFolder($0) || $0.hasSuffix(".swift") }
    }

    /// `--library-version` is for Swift targets: a manifest names its own (`libraryVersion:`).
    static func requireApp(for library: TargetLibraryVersionOption, _ paths: [String]) throws {
        if !library.libraryVersion.isEmpty, !paths.isEmpty, !areApp(paths) {
            throw ValidationError(
                "--library-version applies to an app; a manifest names its own version with 'libraryVersion:'")
        }
    }

    /// The screens of the app under `paths` as `report` and `resolve` read them: the current
    /// folder's configuration files with `--library-version` on top, `--resources`, and a note for each target named by
    /// `library_version` that the run did not check.
    static func forCommand(
        _ paths: [String], library: TargetLibraryVersionOption, resources: ResourcesOptions, followLinks: Bool
    ) throws -> (found: AppScreens, resources: InterfaceBuilderResources?) {
        var options = try ConfigurationOptions.parse([])
        options.library = library
        let configuration = try options.configuration(paths: paths)
        // An app's xibs and storyboards are read as `maplint` reads them: those of its folders,
        // unless `--resources` names others (a folder of manifests takes them from `--resources` only).
        let folders = (paths.isEmpty ? ["."] : paths).filter { ManifestDiscovery.isFolder($0) && !Self.isProject($0) }
        let search = ManifestDiscovery.search(folders, followLinks: followLinks, accept: configuration.accepts)
        let loadedResources = try resources.loadOrFail(
            followLinks: followLinks, defaults: search.files.isEmpty ? folders : [])
        // The search is that of `find` when the paths are exactly those folders: the tree is walked once.
        let found = find(
            in: paths, followLinks: followLinks, configuration: configuration, resources: loadedResources,
            searched: folders == paths ? search : nil)
        if !found.targetNames.isEmpty {
            Lint.noteUnknownTargets(configuration.libraryVersion, checked: found.targetNames)
        }
        return (found, loadedResources)
    }

    static func find(
        in paths: [String], followLinks: Bool, configuration: LintConfiguration,
        resources: InterfaceBuilderResources?, searched: FileSearch? = nil
    ) -> AppScreens {
        var found = AppScreens()
        if paths.allSatisfy(ManifestDiscovery.isFolder) {
            let search =
                searched ?? ManifestDiscovery.search(paths, followLinks: followLinks, accept: configuration.accepts)
            if !search.files.isEmpty || !search.problems.isEmpty {
                return manifests(search, configuration: configuration, resources: resources)
            }
        }
        var requests: [(request: SwiftExtractionRequest, name: String, container: String)] = []
        // Plain folders are searched as `maplint` searches them; projects and Swift files are read as named.
        let folders = paths.filter { ManifestDiscovery.isFolder($0) && !Self.isProject($0) }
        let named = paths.filter { !folders.contains($0) }
        // A problem the targets' extractions meet again (a project path leaving the repository) is given once.
        var seenFindings: Set<Diagnostic> = []
        for folder in folders {
            let units = AppDiscovery.units(in: folder, followLinks: followLinks, accept: configuration.accepts)
            found.findings += units.problems.filter { seenFindings.insert($0).inserted }
            found.findings += configuration.apply(
                to: units.notes.map {
                    Diagnostic(
                        rule: UnsupportedSwiftRule.id, severity: .note, message: $0.message, location: $0.location)
                })
            for unit in units.units {
                var request = SwiftExtractionRequest(
                    paths: unit.paths, deploymentTarget: unit.deploymentTarget, accept: configuration.accepts,
                    target: unit.target, followLinks: followLinks)
                request.use(configuration.libraryVersion.setting(forTarget: unit.name))
                request.boundary = unit.boundary
                requests.append((request, unit.name, unit.container))
                found.targetNames.append(unit.name)
            }
        }
        if !named.isEmpty {
            var request = SwiftExtractionRequest(paths: named, accept: configuration.accepts, followLinks: followLinks)
            request.use(configuration.libraryVersion.setting(forTarget: nil))
            requests.append((request, "Paths named", named.joined(separator: ", ")))
        }
        // A file two targets compile gives its screens once.
        var seenScreens: Set<String> = []
        var seenFiles: Set<String> = []
        for (request, name, container) in requests {
            let extraction = SwiftSources.reader.extract(request)
            found.targets.append(Lint.checked(name: name, container: container, extraction))
            let (screens, findings) = extraction.screens(resources, configuration)
            found.files += extraction.files.filter { seenFiles.insert($0).inserted }
            found.screens += screens.filter { seenScreens.insert("\($0.name) \($0.location)").inserted }
            found.findings += findings.filter { seenFindings.insert($0).inserted }
        }
        return found
    }

    /// Each manifest found is a screen, named after its file, with the findings `lint` gives it;
    /// one that cannot be loaded leaves its errors among the findings about no one screen.
    private static func manifests(
        _ search: FileSearch, configuration: LintConfiguration, resources: InterfaceBuilderResources?
    ) -> AppScreens {
        var found = AppScreens()
        found.manifests = true
        found.files = search.files
        found.findings = search.problems
        for file in search.files {
            let findings = Linter.lint(file: file, resources: resources, configuration: configuration)
            guard let manifest = ManifestLoader.load(path: file).manifest else {
                found.findings += findings
                continue
            }
            var name = (file as NSString).lastPathComponent
            for suffix in [".maplint.yml", ".maplint.yaml", ".maplint.json"] where name.hasSuffix(suffix) {
                name.removeLast(suffix.count)
            }
            found.screens.append(
                AppReport.Screen(
                    name: name, host: manifest.host, location: SourceLocation(file: file, line: 1, column: 1),
                    manifest: manifest, findings: findings))
        }
        return found
    }

    static func isProject(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace")
    }

    /// A file could not be read: the app could not be checked whole (status 2).
    var isIncomplete: Bool {
        (findings + screens.flatMap(\.findings)).contains { $0.rule == .invalidManifest && $0.severity == .error }
    }
}
