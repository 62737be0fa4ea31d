import Foundation
import MaplintConcurrency
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintYAML
@_spi(RawSyntax) import SwiftSyntax

/// What extraction found in a set of Swift files.
package struct ExtractionResult: Sendable {
    /// One manifest per type that owns a manager, and per function that receives one.
    package var manifests: [ManifestDraft] = []
    /// Notes about whole files (syntax errors) rather than one manifest.
    package var notes: [ExtractionNote] = []
    /// Inputs that could not be read: extraction is incomplete (exit status 2).
    package var problems: [Diagnostic] = []
    /// The Swift files read.
    package var files: [String] = []
    /// Those of `files` whose text may hold `// maplint:` comments (it holds `maplint:`), in the
    /// same order: the only ones read again for their comments once the findings are made.
    var commentedFiles: [String] = []
    /// The line comments of the syntax trees of `commentedFiles`, read while each tree was held.
    package var comments: [String: SwiftFileComments] = [:]
    /// The types and functions that own or receive a manager, with or without registrations.
    var managedViews: [String] = []
    /// Libraries the nearest lock file pins at a version that cannot be read (each also an error).
    package var unreadableVersions: [UnreadableLockFileVersion] = []
    /// Pins above the project that are another project's (`LibraryVersions.otherProjectsPins`).
    package var otherProjectsPins: [String] = []
    /// With a version inferred from the API used (`VersionEvidence`): the same code read at the
    /// oldest end of the range, whose findings `lint` compares with these.
    package var lowerEnd: VersionRangeEnd?
    /// Podfiles whose targets require a manager at versions no one version meets
    /// (`LibraryVersions.requirementConflicts`).
    package var requirementConflicts: [RequirementConflict] = []
}

/// The extraction of the same code at the oldest end of the versions its API allows.
package struct VersionRangeEnd: Sendable {
    private final class Box: Sendable {
        let result: ExtractionResult
        init(_ result: ExtractionResult) { self.result = result }
    }
    private var box: Box
    /// The versions it was read at.
    package let versions: LibraryVersions

    init(result: ExtractionResult, versions: LibraryVersions) {
        self.box = Box(result)
        self.versions = versions
    }

    package var result: ExtractionResult {
        get { box.result }
        set { box = Box(newValue) }
    }
}

/// A file parsed, with what is read from it on the thread that parsed it.
private struct ParsedSource {
    let file: SwiftSourceFile
    let calls: [UnattributedCalls.Candidate]
    let syntaxError: SourceLocation?
    /// The file's line comments, when its text may hold a `maplint:` one.
    let comments: SwiftFileComments?
}

/// Reads registration code from Swift sources (`maplint extract`, `maplint lint --swift`).
package enum SwiftExtractor {
    /// Extracts manifests from the Swift files under `paths` (files as given, folders searched
    /// recursively, skipping build folders). `deploymentTarget` (`iOS 13.0`) overrides what a
    /// `Package.swift` above the paths says; `libraryVersion` what their lock files say.
    package static func extract(
        paths: [String], deploymentTarget: String? = nil, libraryVersion: LibraryVersion? = nil,
        libraryVersionOrigin: DetectedLibraryVersion.Origin = .commandLine, limits: LoaderLimits = .default,
        accept: (String) -> Bool = { _ in true }, target: String? = nil,
        followLinks: Bool = false, overriding texts: [String: [UInt8]] = [:], progress: (any ProgressObserver)? = nil,
        boundary: RepositoryBoundary? = nil
    ) -> ExtractionResult {
        var problems: [Diagnostic] = []
        var notes: [ExtractionNote] = []
        // Projects, packages and lock files are read inside the repository of the paths only.
        let boundary = boundary ?? RepositoryBoundary(around: paths)
        let project = ProjectFiles.select(paths: paths, target: target, boundary: boundary, problems: &problems)
        var files = swiftFiles(
            in: paths.filter { !ProjectFiles.isProject($0) }, followLinks: followLinks, problems: &problems,
            accept: accept)
        if let project {
            // `--included` and `--excluded` choose among a project target's files too.
            files = project.filter(files, notes: &notes) + project.explicitFiles.filter(accept)
        }
        let (sources, missing) = readSources(
            files, project: project, limits: limits, overriding: texts, problems: &problems)
        if let project, let note = missingFilesNote(missing, project: project) { notes.append(note) }
        let folders = paths.filter { !ProjectFiles.isProject($0) }
        var versions =
            libraryVersion.map { LibraryVersions.given($0, origin: libraryVersionOrigin) }
            ?? DependencyLockFiles.versions(
                near: paths.map { ProjectFiles.isProject($0) ? ($0 as NSString).deletingLastPathComponent : $0 },
                files: sources.map(\.path), boundary: boundary, project: paths.first { $0.hasSuffix(".xcodeproj") })
        let deploymentTarget =
            deploymentTarget
            ?? (project == nil ? PackagePlatforms.deploymentTarget(near: folders, boundary: boundary) : nil)
        let modules = project?.modules ?? [:]
        var result = extract(
            sources: sources, deploymentTarget: deploymentTarget, versions: &versions, modules: modules,
            progress: progress)
        result.notes += assumedVersionNotes(versions, manifests: result.manifests)
        if !result.manifests.isEmpty {
            result.unreadableVersions = versions.unreadableVersions
            result.otherProjectsPins = versions.otherProjectsPins
            result.requirementConflicts = versions.requirementConflicts
            problems += versions.unreadableVersions.map(unreadableVersionProblem)
        }
        if let project, deploymentTarget == nil {
            for position in result.manifests.indices {
                result.manifests[position].deploymentTarget = project.deploymentTarget(
                    of: result.manifests[position].location.file)
            }
            if let lower = result.lowerEnd {
                var manifests = lower.result.manifests
                for position in manifests.indices {
                    manifests[position].deploymentTarget = project.deploymentTarget(
                        of: manifests[position].location.file)
                }
                result.lowerEnd?.result.manifests = manifests
            }
        }
        result.problems = problems + result.problems
        result.notes = notes + result.notes
        return result
    }

    /// The texts of the Swift `files` (`texts` where given: `lint --fix` extracts again from the
    /// texts it has fixed so far), each read once; and the files the `project` lists that are not
    /// on disk. A file that cannot be read otherwise is a problem.
    private static func readSources(
        _ files: [String], project: ProjectFiles?, limits: LoaderLimits, overriding texts: [String: [UInt8]],
        problems: inout [Diagnostic]
    ) -> (sources: [(path: String, bytes: [UInt8])], missing: [String]) {
        var sources: [(path: String, bytes: [UInt8])] = []
        var missing: [String] = []
        // A file named twice (`a.swift ./a.swift`, a folder and a file in it) is read once.
        var seen = DistinctFiles()
        for path in files where seen.insert(path) {
            if let bytes = texts[path] {
                sources.append((path, bytes))
                continue
            }
            let read =
                limits.maxFileSize < SwiftNesting.maxFileSize
                ? ManifestLoader.readFile(path, limits: limits, noun: "Swift file") : SwiftSourceFile.read(path)
            switch read {
            case .failure(let diagnostic):
                // A file the project lists that is not there (R.swift, SwiftGen, a git-ignored
                // secrets file: made by the build) is not app code maplint could read: a note.
                if let project, project.explicitFileSet.contains(path), !FileManager.default.fileExists(atPath: path) {
                    missing.append(path)
                } else {
                    problems.append(diagnostic)
                }
            case .success(let bytes): sources.append((path, bytes))
            }
        }
        return (sources, missing)
    }

    /// The note on the Swift files the `project` compiles that are not on disk, at the first of
    /// them; nil when there are none.
    private static func missingFilesNote(_ missing: [String], project: ProjectFiles) -> ExtractionNote? {
        guard let first = missing.first else { return nil }
        return ExtractionNote(
            message:
                "\(missing.count) Swift file\(missing.count == 1 ? "" : "s") that \(project.projectNames.joined(separator: ", ")) "
                + "compile\(project.projectNames.count == 1 ? "s" : "") \(missing.count == 1 ? "is" : "are") not on disk "
                + "(this one first; made by a build step, or not committed): not read",
            location: SourceLocation(file: first, line: 1, column: 1))
    }

    /// Extraction at `versions`; with no version pinned and code that uses an API only some
    /// versions have, assembled again at the newest of those (`versions` then says so), not at the
    /// newest maplint models, and at the oldest of them too (`ExtractionResult.lowerEnd`). The
    /// files are parsed and their declarations read once; only the manifests are put together
    /// again at each version.
    private static func extract(
        sources: [(path: String, bytes: [UInt8])], deploymentTarget: String?, versions: inout LibraryVersions,
        modules: [String: String], progress: (any ProgressObserver)?
    ) -> ExtractionResult {
        let read = SourcesRead(sources: sources, modules: modules, progress: progress)
        var result = read.assembled(deploymentTarget: deploymentTarget, libraryVersions: versions)
        // A DTModelStorage pin the code contradicts names no version: the code may narrow it then.
        let corrected = VersionEvidence.withoutContradictedInference(versions, by: result.manifests)
        guard
            let narrowed = VersionEvidence.narrowed(corrected ?? versions, by: result.manifests) ?? corrected
        else { return result }
        versions = narrowed
        result = read.assembled(deploymentTarget: deploymentTarget, libraryVersions: versions)
        if let lower = VersionEvidence.lowerEnd(of: versions) {
            let other = read.assembled(deploymentTarget: deploymentTarget, libraryVersions: lower)
            result.lowerEnd = VersionRangeEnd(result: other, versions: lower)
        }
        return result
    }

    /// Extraction from Swift texts already read, named by their paths.
    package static func extract(
        sources: [(path: String, bytes: [UInt8])], deploymentTarget: String? = nil,
        libraryVersions: LibraryVersions = LibraryVersions(), modules: [String: String] = [:],
        progress: (any ProgressObserver)? = nil
    ) -> ExtractionResult {
        SourcesRead(sources: sources, modules: modules, progress: progress)
            .assembled(deploymentTarget: deploymentTarget, libraryVersions: libraryVersions)
    }

    /// The files parsed and their declarations indexed, once: what the manifests are put together
    /// from at any version.
    private struct SourcesRead {
        /// The files read, their syntax errors and the files that cannot be read.
        var result = ExtractionResult()
        let index = DeclarationIndex()
        /// The trees parsed again while the manifests are put together; they go with them.
        let trees = SyntaxTreeCache(capacity: SyntaxTreeCache.defaultCapacity)
        var candidates: [(file: SwiftSourceFile, calls: [UnattributedCalls.Candidate])] = []

        init(sources: [(path: String, bytes: [UInt8])], modules: [String: String], progress: (any ProgressObserver)?) {
            index.modules = modules
            progress?.begin(total: sources.count, of: "Swift files")
            candidates = SwiftExtractor.readDeclarations(
                of: sources, into: index, trees: trees, result: &result, progress: progress)
            index.resolveReferences()
        }

        /// The last manifests put together, and the versions they were put together at.
        private let last = LastAssembly()

        /// The manifests at `libraryVersions`, with the notes that depend on them.
        func assembled(deploymentTarget: String?, libraryVersions: LibraryVersions) -> ExtractionResult {
            var result = self.result
            let assembler = ManifestAssembler(
                index: index, deploymentTarget: deploymentTarget, libraryVersions: libraryVersions)
            var drafts: [ManifestDraft]
            let handled: Set<CallPlace>
            if let earlier = last.drafts, last.deploymentTarget == deploymentTarget,
                VersionEvidence.translatesAlike(last.versions, libraryVersions)
            {
                // The code reads the same at both: only the versions the drafts name change.
                (drafts, handled) = (earlier, last.handled)
                for position in drafts.indices {
                    drafts[position].libraryVersion = libraryVersions[drafts[position].host]
                    drafts[position].modelStorageVersion = libraryVersions.modelStorage
                }
            } else {
                (drafts, handled) = withExtendedLifetime(trees) { assembler.manifests() }
            }
            (last.drafts, last.handled, last.versions) = (drafts, handled, libraryVersions)
            last.deploymentTarget = deploymentTarget
            result.manifests = drafts
            // Only the duplicates the manifests depend on matter (file-private helpers of one name do not).
            var used: Set<String> = []
            for manifest in result.manifests {
                used.insert(manifest.name)
                used.formUnion(manifest.models.map(\.name))
                for case .registration(let registration) in manifest.entries { used.insert(registration.view) }
            }
            result.notes += SwiftExtractor.duplicateNotes(index).filter { note in
                used.contains { note.message.hasPrefix("`\($0)` ") }
            }
            result.managedViews = assembler.managedViews
            let hosts = Set(result.manifests.map(\.host))
            result.notes += SwiftExtractor.olderVersionNotes(libraryVersions, hosts: hosts)
            result.notes += SwiftExtractor.unnamedManagerNotes(libraryVersions, hosts: hosts)
            result.notes += SwiftExtractor.unreadableLockFileNotes(libraryVersions, hosts: hosts)
            result.notes += UnattributedCalls.notes(for: candidates, handled: handled)
            return result
        }
    }

    /// The manifests an extraction put together last (`SourcesRead.assembled`).
    private final class LastAssembly {
        var drafts: [ManifestDraft]?
        var handled: Set<CallPlace> = []
        var versions = LibraryVersions()
        var deploymentTarget: String?
    }

    /// Reads the declarations of `sources` into `index`, in file order, releasing each tree to
    /// `trees`, and returns the files that have calls that may be unattributed, with those calls;
    /// the files read, their syntax errors and the files that cannot be read go into `result`.
    private static func readDeclarations(
        of sources: [(path: String, bytes: [UInt8])], into index: DeclarationIndex, trees: SyntaxTreeCache,
        result: inout ExtractionResult, progress: (any ProgressObserver)?
    ) -> [(file: SwiftSourceFile, calls: [UnattributedCalls.Candidate])] {
        // Parsed on every core (each file on its own), and read into the index in file order on
        // this thread while the next files are parsed; each tree is let go once read, and parsing
        // runs at most a few files ahead: the trees of a whole app are never held at once. Each
        // file's calls that may be unattributed, and its first syntax error, are found on the
        // thread that parsed it.
        var candidates: [(file: SwiftSourceFile, calls: [UnattributedCalls.Candidate])] = []
        ParallelWork.stream(sources.count, ahead: 8 * ParallelWork.defaultThreads) {
            position -> Result<ParsedSource, Diagnostic> in
            defer { progress?.advance() }
            let (path, bytes) = sources[position]
            guard String(validating: bytes, as: UTF8.self) != nil else {
                return .failure(
                    .invalidManifest("the file is not UTF-8 text", at: SourceLocation(file: path, line: 1, column: 1)))
            }
            // The calls are found in the walk that checks the tree's depth.
            var calls = UnattributedCalls.Finder(bytes: bytes)
            let visit: ((RawSyntax, Int) -> Void)? = calls.isNeeded ? { calls.visit($0, at: $1) } : nil
            return SwiftSourceFile.parse(path: path, bytes: bytes, visiting: visit).map {
                ParsedSource(
                    file: $0, calls: calls.found, syntaxError: $0.firstSyntaxError,
                    comments: YAMLComments.mayHoldComments(bytes) ? SwiftComments.lineComments(of: $0) : nil)
            }
        } consume: { _, outcome in
            switch outcome {
            case .success(let source):
                if !source.calls.isEmpty { candidates.append((source.file, source.calls)) }
                if let error = source.syntaxError {
                    result.notes.append(
                        ExtractionNote(
                            message:
                                "the file has a syntax error here: only the code the parser could read is extracted",
                            location: error))
                }
                index.add(source.file)
                source.file.releaseTree(to: trees)
                result.files.append(source.file.path)
                if let comments = source.comments {
                    result.commentedFiles.append(source.file.path)
                    result.comments[source.file.path] = comments
                }
            case .failure(let problem): result.problems.append(problem)
            }
        }
        return candidates
    }

    /// The result with each manifest's conditions checked as `ManifestBuilder` checks them: those
    /// outside the condition language opaque, each with a note. What a written manifest says.
    package static func conditionsChecked(_ result: ExtractionResult) -> ExtractionResult {
        var checked = result
        checked.manifests = result.manifests.map(ConditionValidator.checked)
        return checked
    }

    /// A type declared in two files: without the project, extraction cannot tell whether they
    /// are one type in two targets or two types; it keeps them apart and says so.
    static func duplicateNotes(_ index: DeclarationIndex) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for (name, places) in index.duplicates where !index.moduleSeparated.contains(name) {
            guard let first = index[name]?.location else { continue }
            for place in places {
                notes.append(
                    ExtractionNote(
                        message:
                            "`\(name)` is declared here and at \(first.file):\(first.line): without the Xcode project, maplint "
                            + "cannot tell which target each file belongs to, so it does not merge them and model types "
                            + "named `\(name)` are the one at \(first.file):\(first.line); pass the .xcodeproj (or fewer "
                            + "paths) to decide",
                        location: place))
            }
        }
        return notes.sorted { $0.location < $1.location }
    }

    /// A lock file that pins a version older than the oldest one maplint models: one note, at the
    /// line that names it, for each host that has manifests.
    static func olderVersionNotes(_ versions: LibraryVersions, hosts: Set<MaplintLibrary.Host>) -> [ExtractionNote] {
        var notes: [ExtractionNote] = []
        for host in [MaplintLibrary.Host.tableView, .collectionView] where hosts.contains(host) {
            guard let detected = versions[host], detected.version < .oldestSupported else { continue }
            let library = host.manager
            let location: SourceLocation
            let uses: String
            switch detected.origin {
            case .commandLine, .configuration: continue
            case .lockFile(let place):
                (location, uses) = (place, "the app uses \(library) \(detected.version)")
            case .requirement(let place, let written):
                (location, uses) = (place, "the app requires \(library) \(written)")
            case .inferred(let inferred):
                guard let first = inferred.clues.first else { continue }
                (location, uses) = (
                    first.location, "the API used is that of \(library) \(inferred.range) (\(inferred.words))"
                )
            }
            notes.append(
                ExtractionNote(
                    message:
                        "\(uses), older than \(detected.modelled).0, the oldest version "
                        + "maplint models: its screens are checked as \(detected.modelled).0 (no mapping conditions, "
                        + "events matched when they fire)",
                    location: location))
        }
        return notes
    }

    /// A lock file that could not be read: no version came from it, so the manifests may be
    /// checked as another version than the app uses. One note per file, at the file (at the place
    /// of the problem when known), naming what was wrong, the version each host's manifests are
    /// checked as and where that comes from, and how to set it.
    static func unreadableLockFileNotes(
        _ versions: LibraryVersions, hosts: Set<MaplintLibrary.Host>
    ) -> [ExtractionNote] {
        let present = [MaplintLibrary.Host.tableView, .collectionView].filter(hosts.contains)
        guard !present.isEmpty else { return [] }
        // Each host's library with the version assumed and its source; one phrase for both when they agree.
        let parts = present.map { host -> (library: String, version: String) in
            let library = host.manager
            guard let detected = versions[host] else {
                return (
                    library,
                    "\(LibraryVersion.newestSupported) (the newest version maplint models, as no other lock file or "
                        + "requirement names it)"
                )
            }
            switch detected.origin {
            case .commandLine: return (library, "\(detected.modelled) (from --library-version)")
            case .configuration(let place):
                return (library, "\(detected.modelled) (from library_version in \(place.file))")
            case .lockFile(let place): return (library, "\(detected.modelled) (from \(place.file))")
            case .requirement(let place, let written):
                return (library, "\(detected.modelled) (from the \(place.file) requirement \(written))")
            case .inferred(let inferred):
                return (library, "\(detected.modelled) (the newest of \(inferred.range), \(inferred.words))")
            }
        }
        let assumed =
            parts.count == 2 && parts[0].version == parts[1].version
            ? ["\(parts[0].library) and \(parts[1].library) \(parts[0].version)"]
            : parts.map { "\($0.library) \($0.version)" }
        return versions.unreadableLockFiles.map { file in
            let name = (file.location.file as NSString).lastPathComponent
            return ExtractionNote(
                message:
                    "this \(name) cannot be read: \(file.reason); no library version is taken from it, so the "
                    + "manifests are checked as \(assumed.joined(separator: " and ")); if the app uses another "
                    + "version, pass it with --library-version, or fix the file",
                location: file.location)
        }
    }

    /// A lock file that pins DTModelStorage while neither manager is named by any lock file or
    /// requirement: the manager in use is a fork under another name, or the code is the library's
    /// own repository. Its manifests are checked as the newest version, which may not be the one the
    /// code follows: one note, at the DTModelStorage line, for each host that has manifests.
    static func unnamedManagerNotes(_ versions: LibraryVersions, hosts: Set<MaplintLibrary.Host>) -> [ExtractionNote] {
        guard versions.tableView == nil, versions.collectionView == nil, let storage = versions.modelStorage,
            case .lockFile(let location) = storage.origin
        else { return [] }
        return [MaplintLibrary.Host.tableView, .collectionView].filter(hosts.contains).compactMap { host in
            let library = host.manager
            // A version the lock file writes but maplint cannot read has its error instead.
            if versions.unreadableVersions.contains(where: { $0.library == library }) { return nil }
            return ExtractionNote(
                message:
                    "the app pins DTModelStorage \(storage.version) but no \(library) version is found in its lock "
                    + "files or requirements (a fork under another name, or the library's own repository?): its "
                    + "manifests are checked as \(library) \(LibraryVersion.newestSupported), the newest version "
                    + "maplint models; pass --library-version with the version the code follows",
                location: location)
        }
    }

    /// The error at a lock file's line that pins a library at a version maplint cannot read: the
    /// manifests are still checked, as the newest version.
    static func unreadableVersionProblem(_ unreadable: UnreadableLockFileVersion) -> Diagnostic {
        let name = (unreadable.location.file as NSString).lastPathComponent
        return .invalidManifest(
            "this \(name) pins \(unreadable.library) at '\(unreadable.written)', which is not a version maplint "
                + "can read (such as 7.2.0): the manifests are checked as \(LibraryVersion.newestSupported), the "
                + "newest version maplint models, and may not match the app; fix the lock file, or pass "
                + "--library-version", at: unreadable.location)
    }

    /// A host whose manager version nothing names (no lock file, no pinned requirement, no
    /// `--library-version`): one note, at its first manifest, saying which version is assumed and
    /// how to name the real one. (The DTModelStorage case has its own note.)
    static func assumedVersionNotes(_ versions: LibraryVersions, manifests: [ManifestDraft]) -> [ExtractionNote] {
        if versions.modelStorage != nil, versions.tableView == nil, versions.collectionView == nil { return [] }
        // A lock file that could not be read has a note of its own, which names the version assumed.
        if !versions.unreadableLockFiles.isEmpty { return [] }
        return [MaplintLibrary.Host.tableView, .collectionView].compactMap { host in
            let library = host.manager
            // A version the lock file writes but maplint cannot read has its error instead.
            guard versions[host] == nil, !versions.unreadableVersions.contains(where: { $0.library == library }),
                let first = manifests.first(where: { $0.host == host })
            else { return nil }
            if let conflict = versions.requirementConflicts.first(where: { $0.library == library }) {
                return conflictNote(conflict)
            }
            return ExtractionNote(
                message:
                    "no lock file (Podfile.lock, Package.resolved, Cartfile.resolved) or pinned requirement names the "
                    + "\(library) version: checked as \(library) \(LibraryVersion.newestSupported), the newest "
                    + "version maplint models; pass --library-version with the version the app uses"
                    + otherProjectsWords(versions.otherProjectsPins),
                location: first.location)
        }
    }

    /// The note at a `Podfile` whose targets require a manager at versions no one version meets: CocoaPods
    /// installs one version of a pod for all the targets of a Podfile, so it does not install and names none.
    static func conflictNote(_ conflict: RequirementConflict) -> ExtractionNote {
        let library = conflict.library
        let name = (conflict.location.file as NSString).lastPathComponent
        let requirements =
            conflict.requirements.dropLast().joined(separator: ", ") + " and " + (conflict.requirements.last ?? "")
        return ExtractionNote(
            message:
                "this \(name) requires \(library) at \(requirements), which no one version meets: CocoaPods installs "
                + "one version of a pod for all the targets of a Podfile, so it names no version; checked as "
                + "\(library) \(LibraryVersion.newestSupported), the newest version maplint models; give the targets "
                + "one requirement, or pass --library-version with the version the app uses",
            location: conflict.location)
    }

    /// "; the pin in Outer/Podfile.lock, above the project, is another project's": why a pin found above the
    /// project was not read for it. Empty when there is none.
    package static func otherProjectsWords(_ pins: [String]) -> String {
        guard let first = pins.first else { return "" }
        return "; the pin in \(first), above the project, is another project's"
    }

    /// The Swift files named or found under `paths`, sorted within each folder; `Package.swift`
    /// files in folders are package manifests, not app code.
    /// `accept` filters the files found in folders (`--included`, `--excluded`); files named
    /// in `paths` are always read. Folder searches follow `FileTreeWalker`'s rules.
    static func swiftFiles(
        in paths: [String], followLinks: Bool = false, problems: inout [Diagnostic],
        accept: (String) -> Bool = { _ in true }
    ) -> [String] {
        var files: [String] = []
        var seen = DistinctFiles()
        let trees = paths.filter(ManifestDiscovery.isFolder)
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(
                    .invalidManifest("no such file or folder", at: SourceLocation(file: path, line: 1, column: 1)))
                continue
            }
            var found = [path]
            if isDirectory.boolValue {
                let search = ManifestDiscovery.search(
                    under: path, within: trees, followLinks: followLinks, noun: "Swift file",
                    skipping: ManifestDiscovery.dependencyFolders
                ) { $0.hasSuffix(".swift") && $0 != "Package.swift" }
                problems += search.problems.filter { accept($0.location.file) }
                found = search.files.filter(accept)
            }
            for file in found where seen.insert(file) { files.append(file) }
        }
        return files
    }

    /// What to say when `paths` hold no registration code: why, from what was read.
    package static func nothingFound(in paths: [String], result: ExtractionResult? = nil) -> String {
        let place = paths.isEmpty ? "the current folder" : paths.joined(separator: ", ")
        guard let result else { return "no registration code found in \(place)" }
        if result.files.isEmpty { return "no registration code found in \(place): no Swift file was read" }
        if result.managedViews.isEmpty {
            return
                "no registration code found in \(place) (\(result.files.count) Swift file\(result.files.count == 1 ? "" : "s") read; no type conforming to "
                + "DTTableViewManageable or DTCollectionViewManageable, no manager property or parameter)"
        }
        let names = result.managedViews.prefix(3).map { "`\($0)`" }.joined(separator: ", ")
        let more = result.managedViews.count > 3 ? " and \(result.managedViews.count - 3) more" : ""
        let verb = result.managedViews.count == 1 ? "owns" : "own"
        return
            "no registration code found in \(place): \(names)\(more) \(verb) a manager, but no call on it registers a view"
    }
}

/// The deployment target a `Package.swift` declares (`platforms: [.iOS(.v13)]`).
enum PackagePlatforms {
    static func deploymentTarget(near paths: [String], boundary: RepositoryBoundary? = nil) -> String? {
        let manager = FileManager.default
        // Folders with no Package.swift, whose ancestors were looked at already: each is looked at
        // once, however many of the paths are in it (an app's files named one by one).
        var searched: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            var folder = URL(fileURLWithPath: path).standardizedFileURL
            if !isDirectory.boolValue { folder.deleteLastPathComponent() }
            // The nearest Package.swift at or above the path.
            for _ in 0..<64 {
                guard !searched.contains(folder.path), boundary?.contains(folder.path) ?? true else { break }
                let candidate = folder.appendingPathComponent("Package.swift").path
                // A package's platforms are those of its own code: the package folder or its
                // Sources, not an example app that sits in the repository beside it.
                let inside = FilePaths.relative(
                    URL(fileURLWithPath: path).standardizedFileURL.path, from: folder.path)
                let isPackageCode = inside == "." || inside == "Sources" || inside.hasPrefix("Sources/")
                if manager.fileExists(atPath: candidate), !isPackageCode { break }
                if manager.fileExists(atPath: candidate) {
                    guard case .success(let bytes) = SwiftSourceFile.read(candidate) else { break }
                    guard case .success(let file) = SwiftSourceFile.parse(path: candidate, bytes: bytes) else { break }
                    return platform(in: file.tree)
                }
                // No package here: what is above it was looked at too, or is looked at now.
                searched.insert(folder.path)
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        return nil
    }

    /// The first of iOS, tvOS and macCatalyst the `platforms:` list names.
    static func platform(in tree: SourceFileSyntax) -> String? {
        var found: [String: String] = [:]
        final class Finder: SyntaxVisitor {
            var found: [String: String] = [:]
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                    ["iOS", "tvOS", "macCatalyst"].contains(member.declName.baseName.text),
                    let argument = node.arguments.first?.expression
                else { return .visitChildren }
                let platform = member.declName.baseName.text
                if let literal = SwiftShapes.stringLiteral(argument) {
                    found[platform] = found[platform] ?? literal
                } else if let version = argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                    version.hasPrefix("v")
                {
                    // `.v13` → 13.0, `.v13_4` → 13.4
                    let parts = version.dropFirst().split(separator: "_")
                    found[platform] =
                        found[platform] ?? (parts.count == 1 ? "\(parts[0]).0" : parts.prefix(2).joined(separator: "."))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        found = finder.found
        for platform in ["iOS", "tvOS", "macCatalyst"] {
            if let version = found[platform] {
                let text = "\(platform) \(version)"
                if DeploymentTarget(parsing: text) != nil { return text }
            }
        }
        return nil
    }
}
