import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLibrary
import MaplintManifest
import MaplintSolver

/// A lock file the search met that it could not read or make sense of (truncated, not JSON, not
/// UTF-8, unreadable): no version is taken from it, and extraction says so in a note.
struct UnreadableLockFile: Sendable, Hashable {
    /// The file as the notes name it, with the place of the problem when it is known.
    package var location: SourceLocation
    /// What is wrong, in words: "it is not valid JSON (…)".
    package var reason: String

    package init(location: SourceLocation, reason: String) {
        self.location = location
        self.reason = reason
    }
}

/// A lock file that pins a library at a version maplint cannot read (`7.2.0.1`, `banana`): the
/// nearest lock file decides, so no other is asked, and the run has an error at that line.
package struct UnreadableLockFileVersion: Sendable, Hashable {
    package var library: String
    /// The version as the file writes it.
    package var written: String
    package var location: SourceLocation
}

/// The versions of both libraries and of DTModelStorage, found once for all manifests of an
/// extraction.
package struct LibraryVersions: Sendable, Hashable {
    package var tableView: DetectedLibraryVersion?
    package var collectionView: DetectedLibraryVersion?
    /// DTModelStorage, which both managers build on (`modelStorageVersion`); only from a lock file.
    package var modelStorage: DetectedLibraryVersion?
    /// Lock files met on the way that could not be read: the versions above do not come from them.
    var unreadableLockFiles: [UnreadableLockFile] = []
    /// Libraries the nearest lock file pins at a version that cannot be read.
    package var unreadableVersions: [UnreadableLockFileVersion] = []
    /// Podfiles whose targets require a manager at versions no one version meets: they name none.
    var requirementConflicts: [RequirementConflict] = []
    /// Pins of a folder above the project that belong to another project of it (its `Podfile`
    /// names another project, or the file is inside another `.xcodeproj`): not read for this one.
    package var otherProjectsPins: [String] = []
    /// The hosts whose version is inferred from the DTModelStorage pin alone
    /// (`DependencyLockFiles.inferManagers`): the code may say otherwise (`VersionEvidence`).
    var inferredFromModelStorage: Set<MaplintLibrary.Host> = []

    package init(
        tableView: DetectedLibraryVersion? = nil, collectionView: DetectedLibraryVersion? = nil,
        modelStorage: DetectedLibraryVersion? = nil
    ) {
        self.tableView = tableView
        self.collectionView = collectionView
        self.modelStorage = modelStorage
    }

    /// The same version for both hosts (`--library-version`, or `library_version` in the configuration).
    package static func given(
        _ version: LibraryVersion, origin: DetectedLibraryVersion.Origin = .commandLine
    ) -> LibraryVersions {
        let detected = DetectedLibraryVersion(version: version, origin: origin)
        return LibraryVersions(tableView: detected, collectionView: detected)
    }

    package subscript(host: MaplintLibrary.Host) -> DetectedLibraryVersion? {
        host == .tableView ? tableView : collectionView
    }
}

/// Reads the DT versions an app resolved from its dependency lock files: the nearest
/// `Package.resolved` (also the one Xcode keeps inside `*.xcodeproj/project.xcworkspace` or
/// `*.xcworkspace`), `Podfile.lock` or `Cartfile.resolved` at or above the paths, for each
/// library separately.
enum DependencyLockFiles {
    static let libraries:
        [(name: String, field: WritableKeyPath<LibraryVersions, DetectedLibraryVersion?> & Sendable)] = [
            (MaplintLibrary.Host.tableView.manager, \.tableView),
            (MaplintLibrary.Host.collectionView.manager, \.collectionView),
            (LibraryNames.modelStorage, \.modelStorage),
        ]

    /// A library found at or above none of `paths` is looked for at and above the folders of
    /// `files` (the Swift files read), in their order: the lock file of an app in a subfolder of
    /// the folder named (`lint --swift .` from a repository whose app and `Podfile.lock` are in
    /// `App/`). A manager library no lock file names is then looked for the same way in the
    /// requirements of a `Podfile`, `Package.swift`, Xcode project or `Cartfile` (`DependencyRequirements`):
    /// lock files come first.
    /// No folder outside `boundary` (the repository) is searched.
    /// With `project` (the `.xcodeproj` whose targets are read), a pin of a folder above the project's
    /// is read only when it is the project's too (`PinScope`), and the version found says so.
    package static func versions(
        near paths: [String], files: [String] = [], boundary: RepositoryBoundary? = nil, project: String? = nil
    ) -> LibraryVersions {
        var result = LibraryVersions()
        // The walks from the files start at their folders: each folder once, in the files' order
        // (an app's files are many, its folders few).
        var seen: Set<Substring> = []
        let files = files.compactMap { file -> String? in
            guard let slash = file.lastIndex(of: "/") else { return seen.insert(".").inserted ? "." : nil }
            let folder = slash == file.startIndex ? file[...slash] : file[..<slash]
            return seen.insert(folder).inserted ? String(folder) : nil
        }
        let scope = project.map(PinScope.init(project:))
        let lockFileSearch = Search(
            libraries: libraries, files: lockFiles(in:), read: lockedVersion(of:in:), problem: lockFileProblem(in:),
            boundary: boundary, scope: scope)
        lockFileSearch.run(from: paths, files: files, into: &result)
        let managers = libraries.filter { $0.name != LibraryNames.modelStorage }
        let requirementSearch = Search(
            libraries: managers, files: requirementFiles(in:),
            read: { library, path in
                DependencyRequirements.version(of: library, in: path).map(LockedVersion.found)
                    ?? DependencyRequirements.podfileConflict(of: library, in: path).map(LockedVersion.conflicting)
            },
            boundary: boundary, scope: scope)
        requirementSearch.run(from: paths, files: files, into: &result)
        inferManagers(from: &result)
        return result
    }

    /// Where no lock file or requirement names either manager but a lock file pins DTModelStorage:
    /// each manager is the newest release that requires that DTModelStorage, not the newest
    /// maplint models (a repository that vendors the manager, or DT's own, which pins only its
    /// storage).
    static func inferManagers(from result: inout LibraryVersions) {
        // Where one manager is named, the other is not in the app (its storage is the named one's).
        // A manager pinned at a version that cannot be read is an error of its own, not inferred.
        guard result.tableView == nil, result.collectionView == nil, result.unreadableVersions.isEmpty,
            let storage = result.modelStorage,
            case .lockFile(let place) = storage.origin
        else { return }
        for (host, field) in [
            (MaplintLibrary.Host.tableView, \LibraryVersions.tableView), (.collectionView, \.collectionView),
        ]
        where result[keyPath: field] == nil {
            guard let manager = LibraryVersion.manager(requiringModelStorage: storage.version, host: host) else {
                continue
            }
            result[keyPath: field] = DetectedLibraryVersion(
                version: manager, origin: .requirement(place, "inferred from DTModelStorage \(storage.version)"))
            result.inferredFromModelStorage.insert(host)
        }
    }

    /// A walk from each path up to the root, asking the files of each folder for the libraries not
    /// found yet.
    private struct Search {
        var libraries: [(name: String, field: WritableKeyPath<LibraryVersions, DetectedLibraryVersion?> & Sendable)]
        var files: (String) -> [String]
        var read: (String, String) -> LockedVersion?
        /// Why a file cannot be read at all; such a file is recorded and not asked.
        var problem: ((String) -> UnreadableLockFile?)? = nil
        /// The walks stop at its edge.
        var boundary: RepositoryBoundary? = nil
        /// Which pins above its folder a project takes.
        var scope: PinScope? = nil

        func run(from paths: [String], files: [String], into result: inout LibraryVersions) {
            var searched: Set<String> = []
            search(from: paths, into: &result, searched: &searched)
            if !isComplete(result) {
                search(from: files, into: &result, searched: &searched)
            }
        }

        private func search(from paths: [String], into result: inout LibraryVersions, searched: inout Set<String>) {
            let manager = FileManager.default
            let here = manager.currentDirectoryPath
            for path in paths {
                guard !isComplete(result) else { return }
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                var folder = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here, isDirectory: true))
                    .standardizedFileURL
                if !isDirectory.boolValue { folder.deleteLastPathComponent() }
                for _ in 0..<64 {
                    // Each walk goes up to the root, so a folder searched before has its parents searched too.
                    guard searched.insert(folder.path).inserted, boundary?.contains(folder.path) ?? true else { break }
                    for file in files(folder.path) {
                        if let unreadable = leaving(file) ?? problem?(file) {
                            if !result.unreadableLockFiles.contains(unreadable) {
                                result.unreadableLockFiles.append(unreadable)
                            }
                            continue
                        }
                        let belonging = scope?.belonging(file, in: folder.path) ?? .own
                        for (name, field) in libraries where !isDone(name, field, result) {
                            switch (read(name, file), belonging) {
                            case (.found(var version), .above(let reason)):
                                version.scope = reason
                                result[keyPath: field] = version
                            case (.found, .otherProject):
                                let shown = shownPath(file)
                                if !result.otherProjectsPins.contains(shown) { result.otherProjectsPins.append(shown) }
                            case (.found(let version), .own): result[keyPath: field] = version
                            case (.unreadable(let unreadable), .own), (.unreadable(let unreadable), .above):
                                result.unreadableVersions.append(unreadable)
                            case (.conflicting(let conflict), .own), (.conflicting(let conflict), .above):
                                if !result.requirementConflicts.contains(conflict) {
                                    result.requirementConflicts.append(conflict)
                                }
                            case (.unreadable, .otherProject), (.conflicting, .otherProject), (nil, _): break
                            }
                        }
                    }
                    if isComplete(result) { return }
                    let parent = folder.deletingLastPathComponent()
                    if parent.path == folder.path { break }
                    folder = parent
                }
            }
        }

        /// A file of the repository that is a link leading out of it: not read, and said so.
        private func leaving(_ file: String) -> UnreadableLockFile? {
            guard let boundary, !boundary.contains(file) else { return nil }
            return UnreadableLockFile(
                location: SourceLocation(file: shownPath(file), line: 1, column: 1),
                reason:
                    "it is a symbolic link leading out of the repository (\(boundary.described)), so maplint "
                    + "does not follow it")
        }

        private func isComplete(_ result: LibraryVersions) -> Bool {
            libraries.allSatisfy { isDone($0.name, $0.field, result) }
        }

        /// Whether a lock file named the library, at a version read or not.
        private func isDone(
            _ name: String, _ field: WritableKeyPath<LibraryVersions, DetectedLibraryVersion?>,
            _ result: LibraryVersions
        ) -> Bool {
            result[keyPath: field] != nil || result.unreadableVersions.contains { $0.library == name }
        }
    }

    /// The requirement files of one folder, in the order they are asked: `Podfile`, `Package.swift`,
    /// each `*.xcodeproj/project.pbxproj` (by name), `Cartfile`.
    static func requirementFiles(in folder: String) -> [String] {
        let manager = FileManager.default
        let projects = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .filter { $0.hasSuffix(".xcodeproj") }.map { $0 + "/project.pbxproj" }
        return (["Podfile", "Package.swift"] + projects + ["Cartfile"]).map { folder + "/" + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return manager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// The lock files of one folder, in the order they are asked.
    static func lockFiles(in folder: String) -> [String] {
        let manager = FileManager.default
        var files: [String] = []
        func add(_ path: String) {
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        add(folder + "/Package.resolved")
        let names = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for name in names where name.hasSuffix(".xcodeproj") {
            add(folder + "/" + name + "/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        }
        for name in names where name.hasSuffix(".xcworkspace") {
            add(folder + "/" + name + "/xcshareddata/swiftpm/Package.resolved")
        }
        add(folder + "/Podfile.lock")
        add(folder + "/Cartfile.resolved")
        return files
    }

    /// The most a lock file may hold: real ones are kilobytes (a `Package.resolved` of a hundred
    /// packages is about 30 KB), and `Package.resolved` is read whole by a JSON parser that needs
    /// many times its size in memory.
    static let maxLockFileSize = FileSizeLimit.source

    /// Why the lock file at `path` gives no versions at all: it cannot be read, is not UTF-8, or is
    /// not in its format (truncated, not JSON). nil for a file that can be searched (whether or
    /// not it names the libraries).
    static func lockFileProblem(in path: String) -> UnreadableLockFile? {
        let bytes: [UInt8]
        switch FileReader.read(path, limit: maxLockFileSize, noun: "lock file") {
        case .failure(let failure):
            return UnreadableLockFile(
                location: SourceLocation(file: shownPath(path), line: 1, column: 1), reason: failure.message)
        case .success(let read): bytes = read
        }
        // The places are shown from the current folder, which is part of the question.
        return problems.value(path: path, question: PathText.current, bytes: bytes) {
            lockFileProblem(in: path, bytes: bytes)
        }
    }

    /// What `lockFileProblem(in:)` and `lockedVersion(of:in:)` found, by file and text.
    static let problems = TextAnswers<UnreadableLockFile?>()
    static let lockedVersions = TextAnswers<LockedVersion?>()

    /// `lockFileProblem(in:)` of the text `bytes` read from `path`.
    private static func lockFileProblem(in path: String, bytes: [UInt8]) -> UnreadableLockFile? {
        let shown = shownPath(path)
        func problem(_ reason: String, line: Int = 1, column: Int = 1) -> UnreadableLockFile {
            UnreadableLockFile(location: SourceLocation(file: shown, line: line, column: column), reason: reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return problem("it is not UTF-8 text") }
        switch (path as NSString).lastPathComponent {
        case "Package.resolved":
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(bytes))
            } catch {
                let (detail, line, column) = jsonError(error, in: bytes)
                return problem(
                    "it is not valid JSON (\(detail)); it may have been cut short", line: line, column: column)
            }
            let root = object as? [String: Any]
            let pins = root?["pins"] ?? (root?["object"] as? [String: Any])?["pins"]
            if !(pins is [Any]) {
                return problem(
                    "it is JSON but has no list of pins, as the Package.resolved files of format 1, 2 and 3 have")
            }
        case "Podfile.lock":
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasSuffix("\r") ? $0.dropLast() : $0
            }
            if !lines.contains("PODS:") { return problem("it has no 'PODS:' section; it may have been cut short") }
        default:
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let entry = line.hasSuffix("\r") ? line.dropLast() : line
                if entry.allSatisfy({ $0 == " " || $0 == "\t" }) || entry.hasPrefix("#") { continue }
                let quoted = entry.split(separator: "\"", omittingEmptySubsequences: false)
                let kind = quoted.first?.trimmingCharacters(in: .whitespaces) ?? ""
                guard quoted.count == 5, ["github", "git", "binary"].contains(kind) else {
                    return problem(
                        "line \(number + 1) is not an entry like 'github \"owner/name\" \"1.0.0\"'; "
                            + "the file may have been cut short", line: number + 1)
                }
            }
        }
        return nil
    }

    /// The parser's words for a JSON error and its place: "unexpected end of file during JSON
    /// parse" at the end of the text, "invalid value around character 11" at that offset.
    static func jsonError(_ error: Error, in bytes: [UInt8]) -> (detail: String, line: Int, column: Int) {
        var detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "it does not parse"
        while detail.hasSuffix(".") { detail.removeLast() }
        if let first = detail.first { detail = first.lowercased() + detail.dropFirst() }
        var offset: Int?
        if detail.contains("end of file") {
            offset = bytes.count
        } else if let range = detail.range(of: "character ") {
            offset = Int(detail[range.upperBound...].prefix { $0.isNumber })
        }
        guard let offset else { return (detail, 1, 1) }
        let end = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return (detail, line, column)
    }

    /// What a lock file says of a library.
    enum LockedVersion {
        case found(DetectedLibraryVersion)
        /// It names the library at a version that cannot be read.
        case unreadable(UnreadableLockFileVersion)
        /// A requirement file whose requirements of the library no one version meets: it names none.
        case conflicting(RequirementConflict)
    }

    /// The version of `library` that the lock file at `path` pins; a version written that cannot
    /// be read is `unreadable`, except a commit (7 to 40 hexadecimal digits, as `Cartfile.resolved`
    /// pins a branch), which names no version.
    static func lockedVersion(of library: String, in path: String) -> LockedVersion? {
        guard case .success(let bytes) = FileReader.read(path, limit: maxLockFileSize, noun: "lock file") else {
            return nil
        }
        return lockedVersions.value(path: path, question: library + "\n" + PathText.current, bytes: bytes) {
            lockedVersion(of: library, in: path, bytes: bytes)
        }
    }

    /// `lockedVersion(of:in:)` of the text `bytes` read from `path`.
    private static func lockedVersion(of library: String, in path: String, bytes: [UInt8]) -> LockedVersion? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        if let version = version(of: library, in: path, text: text) { return .found(version) }
        guard let (written, line) = written(library, in: path, text) else { return nil }
        let isCommit =
            (7...40).contains(written.count) && written.allSatisfy(\.isHexDigit) && !written.allSatisfy(\.isNumber)
        if isCommit { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var column = 1
        if line <= lines.count, let range = lines[line - 1].range(of: written) {
            column = lines[line - 1][..<range.lowerBound].unicodeScalars.count + 1
        }
        return .unreadable(
            UnreadableLockFileVersion(
                library: library, written: written,
                location: SourceLocation(file: shownPath(path), line: line, column: column)))
    }

    /// The version text and line a lock file writes for `library`, read or not.
    private static func written(_ library: String, in path: String, _ text: String) -> (String, Int)? {
        switch (path as NSString).lastPathComponent {
        case "Package.resolved": packageResolved(library, in: text)
        case "Podfile.lock": podfileLock(library, in: text)
        default: cartfileResolved(library, in: text)
        }
    }

    /// The version of `library` that the lock file at `path` pins, with the line naming it.
    static func version(of library: String, in path: String) -> DetectedLibraryVersion? {
        guard case .success(let bytes) = FileReader.read(path, limit: maxLockFileSize, noun: "lock file"),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        return version(of: library, in: path, text: text)
    }

    private static func version(of library: String, in path: String, text: String) -> DetectedLibraryVersion? {
        let shown = shownPath(path)
        let name = (path as NSString).lastPathComponent
        let found: (String, Int)?
        switch name {
        case "Package.resolved": found = packageResolved(library, in: text)
        case "Podfile.lock": found = podfileLock(library, in: text)
        default: found = cartfileResolved(library, in: text)
        }
        guard let (versionText, line) = found, let version = LibraryVersion(parsing: versionText) else { return nil }
        return DetectedLibraryVersion(
            version: version, origin: .lockFile(SourceLocation(file: shown, line: line, column: 1)))
    }

    /// Relative to the current folder when inside it, as the Swift paths are.
    static func shownPath(_ path: String) -> String {
        let relative = FilePaths.relative(path, from: ".")
        return relative.hasPrefix("../") ? URL(fileURLWithPath: path).standardizedFileURL.path : relative
    }

    /// `Package.resolved`, format 1 (`object.pins[].package`, `repositoryURL`) or 2 and 3
    /// (`pins[].identity`, `location`): the pin's `state.version`.
    static func packageResolved(_ library: String, in text: String) -> (String, Int)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            return nil
        }
        let pins =
            (object["pins"] as? [[String: Any]]) ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]])
            ?? []
        for pin in pins {
            let names = [pin["identity"], pin["package"], pin["location"], pin["repositoryURL"]].compactMap {
                $0 as? String
            }
            guard names.contains(where: { repositoryName($0) == library.lowercased() }),
                let version = (pin["state"] as? [String: Any])?["version"] as? String
            else { continue }
            let identity = (pin["identity"] as? String) ?? (pin["package"] as? String) ?? library
            return (version, line(containing: "\"\(identity)\"", in: text) ?? line(containing: library, in: text) ?? 1)
        }
        return nil
    }

    /// `Podfile.lock`: `  - DTTableViewManager (7.2.0)` (or a subspec, `DTTableViewManager/Core (4.8.0)`)
    /// under `PODS:`.
    static func podfileLock(_ library: String, in text: String) -> (String, Int)? {
        var inPods = false
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if !line.hasPrefix(" ") {
                inPods = line == "PODS:"
                continue
            }
            guard inPods, line.hasPrefix("  - ") else { continue }
            var entry = line.dropFirst(4)
            if entry.hasSuffix(":") { entry = entry.dropLast() }
            entry = entry.drop { $0 == "\"" }
            while entry.last == "\"" { entry = entry.dropLast() }
            guard let open = entry.firstIndex(of: "("), let close = entry.lastIndex(of: ")"), open < close else {
                continue
            }
            let pod = entry[..<open].trimmingCharacters(in: .whitespaces)
            let base = pod.split(separator: "/").first.map(String.init) ?? pod
            guard base.lowercased() == library.lowercased() else { continue }
            return (String(entry[entry.index(after: open)..<close]), number + 1)
        }
        return nil
    }

    /// `Cartfile.resolved`: `github "DenTelezhkin/DTTableViewManager" "7.2.0"` (or `git "URL" "v7.2.0"`).
    static func cartfileResolved(_ library: String, in text: String) -> (String, Int)? {
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let quoted = line.split(separator: "\"", omittingEmptySubsequences: false)
            // kind "source" "version"
            guard quoted.count >= 5, repositoryName(String(quoted[1])) == library.lowercased() else { continue }
            return (String(quoted[3]), number + 1)
        }
        return nil
    }

    /// `https://github.com/DenTelezhkin/DTTableViewManager.git` → `dttableviewmanager`.
    static func repositoryName(_ text: String) -> String {
        var name = text.split(separator: "/").last.map(String.init) ?? text
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name.lowercased()
    }

    private static func line(containing needle: String, in text: String) -> Int? {
        let lowered = needle.lowercased()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.lowercased().contains(lowered) {
            return number + 1
        }
        return nil
    }
}

/// Which pins of the folders above an Xcode project are the project's own. CocoaPods installs into
/// the project its `Podfile` names (`project 'Demo/Demo.xcodeproj'`), or else the one project of
/// the Podfile's folder; a project's Swift packages are resolved in its own bundle. So a `Podfile`
/// (and its `Podfile.lock`) of a folder above the project's counts only when it names the project,
/// and the packages of another `.xcodeproj` never do. `Cartfile`s and a folder's `Package.resolved`
/// are shared by every project below them.
struct PinScope {
    enum Belonging: Equatable {
        /// In the project's own folder (or a pin file with no owner).
        case own
        /// Above the project's folder and the project's: the reason, as the target's line says it.
        case above(String)
        /// Another project's.
        case otherProject
    }

    /// The project, absolute, and its folder.
    var project: String
    var folder: String

    init(project: String) {
        self.project = AppDiscovery.absolute(project)
        self.folder = (self.project as NSString).deletingLastPathComponent
    }

    /// Whether the pin file `file`, met in the folder `pinFolder` (absolute) of the walk up from
    /// the project, is the project's.
    func belonging(_ file: String, in pinFolder: String) -> Belonging {
        guard pinFolder != folder else { return .own }
        let name = (file as NSString).lastPathComponent
        let inBundle = file.dropFirst(pinFolder.count).split(separator: "/").first.map(String.init) ?? ""
        let relative = String(project.dropFirst(pinFolder.count + 1))
        if inBundle.hasSuffix(".xcodeproj") { return .otherProject }
        if inBundle.hasSuffix(".xcworkspace") {
            let contents = pinFolder + "/" + inBundle + "/contents.xcworkspacedata"
            return text(of: contents)?.contains(relative) == true
                ? .above("in the workspace \(inBundle), which holds the project") : .otherProject
        }
        guard name == "Podfile" || name == "Podfile.lock" else { return .above("a pin above the project's folder") }
        if let podfile = text(of: pinFolder + "/Podfile") {
            return Self.names(podfile, relative)
                ? .above("the Podfile there names \(relative)") : .otherProject
        }
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: pinFolder)) ?? []).filter {
            $0.hasSuffix(".xcodeproj")
        }
        return projects.isEmpty ? .above("a pin above the project's folder") : .otherProject
    }

    /// Whether a `Podfile` names the project at `relative` in a `project` or `xcodeproj` line.
    static func names(_ podfile: String, _ relative: String) -> Bool {
        let bare = relative.hasSuffix(".xcodeproj") ? String(relative.dropLast(".xcodeproj".count)) : relative
        for line in podfile.split(whereSeparator: \.isNewline) {
            let words = line.trimmingCharacters(in: .whitespaces)
            guard words.hasPrefix("project ") || words.hasPrefix("xcodeproj ") else { continue }
            let quoted = words.split(whereSeparator: { $0 == "'" || $0 == "\"" })
            guard quoted.count >= 2 else { continue }
            var named = String(quoted[1])
            if named.hasPrefix("./") { named.removeFirst(2) }
            if named == relative || named == bare { return true }
        }
        return false
    }

    private func text(of path: String) -> String? {
        guard case .success(let bytes) = FileReader.read(path, limit: FileSizeLimit.source, noun: "requirement file")
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
