import Foundation
import MaplintFiles
import MaplintFindings
import MaplintLibrary

/// The targets of an Xcode project, read from `project.pbxproj` (an OpenStep property list,
/// which Foundation's `PropertyListSerialization` reads on Linux too): which Swift files each
/// target compiles, its deployment target and its module name.
package struct XcodeProject: Sendable {
    package struct Target: Sendable, Hashable {
        package var name: String
        /// `com.apple.product-type.application`, …
        var productType: String
        var moduleName: String
        /// `iOS 15.0`, `tvOS 14.0` or `macCatalyst 14.0`, as a manifest writes it; nil when unset.
        package var deploymentTarget: String?
        /// Absolute paths of the Swift files of its Sources build phase (and of its synchronised folders).
        package var swiftFiles: [String]

        var isApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
    }

    /// The `.xcodeproj` folder.
    package var path: String
    package var targets: [Target]
    /// The paths of the targets that leave the repository (`boundary`), not read: each an
    /// `invalid-manifest` error at its line of `project.pbxproj`.
    package var problems: [Diagnostic] = []

    /// The targets `name` selects, or by default the application targets (every target when
    /// there is none, as in a framework's project).
    func selected(_ name: String?) -> [Target] {
        if let name { return targets.filter { $0.name == name } }
        let applications = targets.filter(\.isApplication)
        return applications.isEmpty ? targets : applications
    }

    package enum LoadError: Error, CustomStringConvertible {
        case unreadable(String)
        case malformed(String)

        package var description: String {
            switch self {
            case .unreadable(let reason), .malformed(let reason): reason
            }
        }
    }

    /// Reads `path/project.pbxproj`. Files and synchronised folders outside `boundary` (by
    /// default the repository root of the project) are not read: each is one of `problems`.
    package static func load(_ path: String, boundary: RepositoryBoundary? = nil) -> Result<XcodeProject, LoadError> {
        let file = (path as NSString).appendingPathComponent("project.pbxproj")
        let bytes: [UInt8]
        switch FileReader.read(file, limit: FileSizeLimit.xcodeProject, noun: "Xcode project file") {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(.unreadable("\(file) cannot be read: \(failure.message)"))
        }
        let boundary = boundary ?? RepositoryBoundary(around: [path])
        return parsed.value(for: ParsedKey(path: path, boundary: boundary, bytes: bytes)) {
            parse(Data(bytes), projectPath: path, boundary: boundary)
        }
    }

    /// What `load` parsed, by path, boundary and text: a run reads a project for discovery and
    /// again for each of its targets, and parses it once (the text is read each time, so a
    /// project that changed is parsed again).
    private static let parsed = ParsedProjects()

    /// Hashed on the path, the boundary and the length only (hashing every byte of a large
    /// project costs as much as comparing it); equal only when the bytes are the same.
    private struct ParsedKey: Hashable {
        var path: String
        var boundary: RepositoryBoundary
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(boundary)
            hasher.combine(bytes.count)
        }
    }

    private final class ParsedProjects: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [ParsedKey: Result<XcodeProject, LoadError>] = [:]

        func value(for key: ParsedKey, make: () -> Result<XcodeProject, LoadError>) -> Result<XcodeProject, LoadError> {
            lock.lock()
            if let known = values[key] {
                lock.unlock()
                return known
            }
            lock.unlock()
            let made = make()
            lock.lock()
            values[key] = made
            lock.unlock()
            return made
        }
    }

    /// Parses the text of a `project.pbxproj`; `projectPath` is the `.xcodeproj` folder it is in.
    /// Without a `boundary` every path is read.
    package static func parse(
        _ data: Data, projectPath: String, boundary: RepositoryBoundary? = nil
    ) -> Result<XcodeProject, LoadError> {
        let plist: Any
        do {
            // Foundation reads what the plain reader does not, and words every error.
            plist =
                try OpenStepPropertyList.parse(Array(data))
                ?? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .failure(.malformed("project.pbxproj is not a property list: \(error.localizedDescription)"))
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
            let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any]
        else {
            return .failure(.malformed("project.pbxproj has no root project object"))
        }
        var reader = Reader(objects: objects, projectPath: projectPath, project: project)
        reader.boundary = boundary
        var targets: [Target] = []
        var outside: [Outside] = []
        // A target listed again (3,000 times, in a hostile project) is read once.
        var seen: Set<String> = []
        for id in project["targets"] as? [String] ?? [] where seen.insert(id).inserted {
            guard let target = reader.object(id), target["isa"] as? String == "PBXNativeTarget" else { continue }
            targets.append(reader.target(target, outside: &outside))
        }
        let file = (projectPath as NSString).appendingPathComponent("project.pbxproj")
        // The text is indexed only when a problem needs a place.
        let lines = outside.isEmpty ? nil : ProjectText(data)
        let problems = outside.map { path in
            let (line, column) = lines?.place(ofObject: path.id) ?? (1, 1)
            let roots = boundary?.described ?? ""
            return Diagnostic.invalidManifest(
                "the \(path.kind) '\(path.written)' of the target \(path.target) leaves the repository (\(roots)), "
                    + "so maplint does not read it", at: SourceLocation(file: file, line: line, column: column))
        }
        return .success(XcodeProject(path: projectPath, targets: targets, problems: problems))
    }

    /// The Xcode projects named by a path: the `.xcodeproj` itself, or those a `.xcworkspace`
    /// lists (`contents.xcworkspacedata`, `group:` and `container:` locations), Pods excluded.
    static func projectPaths(in path: String) -> [String] {
        var problems: [Diagnostic] = []
        return projectPaths(in: path, boundary: nil, problems: &problems)
    }

    /// `projectPaths(in:)`, leaving out the projects a workspace lists outside `boundary`: each is
    /// an error at its line of `contents.xcworkspacedata`, and is not read.
    static func projectPaths(
        in path: String, boundary: RepositoryBoundary?, problems: inout [Diagnostic]
    ) -> [String] {
        if path.hasSuffix(".xcodeproj") { return [path] }
        let file = (path as NSString).appendingPathComponent("contents.xcworkspacedata")
        guard path.hasSuffix(".xcworkspace"),
            case .success(let bytes) = FileReader.read(file, limit: FileSizeLimit.source, noun: "workspace file"),
            let text = String(validating: bytes, as: UTF8.self)
        else { return [] }
        let folder = (path as NSString).deletingLastPathComponent
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for part in line.components(separatedBy: "location = \"").dropFirst() {
                guard let end = part.firstIndex(of: "\""), let colon = part[..<end].firstIndex(of: ":") else {
                    continue
                }
                let relative = String(part[part.index(after: colon)..<end])
                guard relative.hasSuffix(".xcodeproj"), !relative.hasSuffix("Pods.xcodeproj") else { continue }
                let project = relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative)
                if let boundary, !boundary.contains(project) {
                    let column = line.range(of: relative).map { line[..<$0.lowerBound].unicodeScalars.count + 1 } ?? 1
                    problems.append(
                        .invalidManifest(
                            "the project '\(relative)' of this workspace leaves the repository "
                                + "(\(boundary.described)), so maplint does not read it",
                            at: SourceLocation(file: file, line: number + 1, column: column)))
                    continue
                }
                found.append(project)
            }
        }
        return found
    }

    /// The nearest `.xcodeproj` (other than `Pods.xcodeproj`) in a folder at or above `path`.
    package static func nearest(to path: String) -> String? {
        var searched: [String: String?] = [:]
        return nearest(to: path, searched: &searched)
    }

    /// `nearest(to:)` of each path, without duplicates. Each folder is listed once, however many
    /// of the paths are in it or below it (an app's files named one by one).
    static func nearest(to paths: [String], boundary: RepositoryBoundary? = nil) -> [String] {
        var searched: [String: String?] = [:]
        var seen: Set<String> = []
        return paths.compactMap { nearest(to: $0, boundary: boundary, searched: &searched) }.filter {
            seen.insert($0).inserted
        }
    }

    /// `searched`: the answer already known for each folder listed before. The search stops at
    /// the edge of `boundary`.
    private static func nearest(
        to path: String, boundary: RepositoryBoundary? = nil, searched: inout [String: String?]
    ) -> String? {
        let manager = FileManager.default
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            folder.deleteLastPathComponent()
        }
        var walked: [String] = []
        var found: String?
        for _ in 0..<64 {
            if let known = searched[folder.path] {
                found = known
                break
            }
            if let boundary, !boundary.contains(folder.path) { break }
            walked.append(folder.path)
            let names = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            if let project = names.first(where: { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }) {
                found = folder.appendingPathComponent(project).path
                break
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        for path in walked { searched[path] = .some(found) }
        return found
    }

    /// A file reference or synchronised folder of a target that leaves the repository.
    struct Outside {
        var id: String
        /// "synchronised folder" or "file".
        var kind: String
        /// Its `path` as the project writes it.
        var written: String
        var target: String
    }

    /// Walks the object graph. Unknown or broken references are skipped, never trusted.
    private struct Reader {
        /// The objects, each cast once: a cast of a property list value bridges it whole, so
        /// casting a group of 20,000 children for each of its files was quadratic.
        let objects: [String: [String: Any]]
        let projectPath: String
        let project: [String: Any]
        /// Each group or file reference's parent group.
        let parents: [String: String]
        /// Paths outside it are not read.
        var boundary: RepositoryBoundary?

        init(objects: [String: Any], projectPath: String, project: [String: Any]) {
            var typed: [String: [String: Any]] = [:]
            typed.reserveCapacity(objects.count)
            var parents: [String: String] = [:]
            for (id, value) in objects {
                guard let object = value as? [String: Any] else { continue }
                typed[id] = object
                guard let children = object["children"] as? [String] else { continue }
                for child in children where parents[child] == nil { parents[child] = id }
            }
            self.objects = typed
            self.projectPath = projectPath
            self.project = project
            self.parents = parents
        }

        func object(_ id: String) -> [String: Any]? { objects[id] }

        /// The folder the project's paths start from.
        var sourceRoot: String {
            let folder = (projectPath as NSString).deletingLastPathComponent
            let dir = project["projectDirPath"] as? String ?? ""
            return dir.isEmpty ? folder : (folder as NSString).appendingPathComponent(dir)
        }

        /// The absolute path of a file reference or group; nil for paths outside the source tree
        /// (the SDK, built products) or a broken chain.
        func path(of id: String, depth: Int = 0) -> String? {
            guard depth < 64, let object = object(id) else { return nil }
            let own = object["path"] as? String ?? ""
            switch object["sourceTree"] as? String ?? "<group>" {
            case "<absolute>": return own
            case "SOURCE_ROOT": return (sourceRoot as NSString).appendingPathComponent(own)
            case "<group>":
                let base: String
                if let parent = parents[id] {
                    guard let parentPath = path(of: parent, depth: depth + 1) else { return nil }
                    base = parentPath
                } else {
                    base = sourceRoot
                }
                return own.isEmpty ? base : (base as NSString).appendingPathComponent(own)
            default: return nil
            }
        }

        /// Whether the path of `id` stays in the repository; when it does not, it is recorded.
        func isInside(_ path: String, id: String, kind: String, target: String, outside: inout [Outside]) -> Bool {
            guard let boundary, !boundary.contains(path) else { return true }
            let written = object(id)?["path"] as? String ?? path
            outside.append(Outside(id: id, kind: kind, written: written, target: target))
            return false
        }

        func target(_ target: [String: Any], outside: inout [Outside]) -> Target {
            let name = target["name"] as? String ?? "?"
            var files: [String] = []
            // A build file or phase listed again adds nothing.
            var seenBuildFiles: Set<String> = []
            var seenPhases: Set<String> = []
            for phaseID in target["buildPhases"] as? [String] ?? [] where seenPhases.insert(phaseID).inserted {
                guard let phase = object(phaseID), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] where seenBuildFiles.insert(buildFileID).inserted {
                    guard let buildFile = object(buildFileID), let reference = buildFile["fileRef"] as? String,
                        let path = path(of: reference), path.hasSuffix(".swift"),
                        isInside(path, id: reference, kind: "file", target: name, outside: &outside)
                    else { continue }
                    files.append((path as NSString).standardizingPath)
                }
            }
            // Xcode 16 folders whose files all belong to the target.
            var seenGroups: Set<String> = []
            for groupID in target["fileSystemSynchronizedGroups"] as? [String] ?? []
            where seenGroups.insert(groupID).inserted {
                guard let folder = path(of: groupID),
                    isInside(folder, id: groupID, kind: "synchronised folder", target: name, outside: &outside)
                else { continue }
                let excluded = exceptions(of: groupID, target: target, folder: folder)
                files += ManifestDiscovery.files(under: folder) { $0.hasSuffix(".swift") }
                    .map { ($0 as NSString).standardizingPath }.filter { !excluded.contains($0) }
            }
            var seenPaths: Set<String> = []
            let settings = buildSettings(target["buildConfigurationList"] as? String)
            let projectSettings = buildSettings(project["buildConfigurationList"] as? String)
            func setting(_ key: String) -> String? {
                (settings[key] ?? projectSettings[key]).map {
                    $0.replacingOccurrences(of: "$(TARGET_NAME)", with: name)
                }
            }
            var module = setting("PRODUCT_MODULE_NAME") ?? setting("PRODUCT_NAME") ?? name
            if module.contains("$") { module = name }
            module = String(module.map { $0.isLetter || $0.isNumber ? $0 : "_" })
            return Target(
                name: name, productType: target["productType"] as? String ?? "", moduleName: module,
                deploymentTarget: deploymentTarget(setting), swiftFiles: files.filter { seenPaths.insert($0).inserted })
        }

        /// Files a synchronised folder leaves out of this target (`membershipExceptions`).
        private func exceptions(of groupID: String, target: [String: Any], folder: String) -> Set<String> {
            var result: Set<String> = []
            for exceptionID in object(groupID)?["exceptions"] as? [String] ?? [] {
                guard let exception = object(exceptionID),
                    let excludedFiles = exception["membershipExceptions"] as? [String]
                else { continue }
                for file in excludedFiles {
                    result.insert(((folder as NSString).appendingPathComponent(file) as NSString).standardizingPath)
                }
            }
            return result
        }

        /// The Release configuration's settings (else the first configuration's).
        private func buildSettings(_ listID: String?) -> [String: String] {
            guard let listID, let list = object(listID) else { return [:] }
            let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { object($0) }
            let chosen = configurations.first { $0["name"] as? String == "Release" } ?? configurations.first
            var result: [String: String] = [:]
            for (key, value) in chosen?["buildSettings"] as? [String: Any] ?? [:] {
                if let text = value as? String { result[key] = text }
            }
            return result
        }

        /// `IPHONEOS_DEPLOYMENT_TARGET` (Mac Catalyst when `SUPPORTS_MACCATALYST` and no iOS one
        /// is set), else `TVOS_DEPLOYMENT_TARGET`; a target whose `SDKROOT` is `appletvos` is a tvOS
        /// target whatever iOS version the project's settings also carry (Xcode's templates set
        /// `IPHONEOS_DEPLOYMENT_TARGET` at the project level).
        private func deploymentTarget(_ setting: (String) -> String?) -> String? {
            var candidates: [(String, String?)] = [
                ("iOS", setting("IPHONEOS_DEPLOYMENT_TARGET")), ("tvOS", setting("TVOS_DEPLOYMENT_TARGET")),
            ]
            if setting("SDKROOT") == "appletvos" { candidates.reverse() }
            for (platform, version) in candidates {
                guard let version else { continue }
                let text = "\(platform) \(version)"
                if let normalized = DeploymentTarget.normalized(text) { return normalized }
            }
            // A Catalyst-only target: the Mac Catalyst version of its macOS deployment target.
            if setting("SUPPORTS_MACCATALYST") == "YES", let version = setting("MACOSX_DEPLOYMENT_TARGET"),
                let major = Int(version.split(separator: ".").first ?? "")
            {
                if let normalized = DeploymentTarget.normalized(DeploymentTarget.macCatalyst(macOSMajor: major)) {
                    return normalized
                }
            }
            return nil
        }
    }
}

/// The text of a `project.pbxproj`, to name the line an object's `path` is on. The lines that
/// define objects are indexed in one pass, so placing every problem of a project costs the
/// length of the text plus at most `objectLines` lines per problem, however many there are.
struct ProjectText {
    let lines: [Substring]
    /// The line (from 0) each object is defined on (`ID /* … */ = {`): of an identifier defined
    /// twice, the last definition, whose value the property-list readers keep.
    private let definitions: [Substring: Int]

    /// How many lines from its definition an object's `path` is looked for: Xcode writes a file
    /// reference or group on one line, or a few.
    static let objectLines = 64

    init(_ data: Data) {
        // A line ends at LF, CR LF or a lone CR (a project checked out with CR LF): `\r\n` is one
        // `Character`, so splitting at "\n" alone made such a project one line.
        lines = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r"
        }
        var definitions: [Substring: Int] = [:]
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let id = Self.identifier(trimmed)
            guard !id.isEmpty, Self.isDefinition(trimmed.dropFirst(id.count)) else { continue }
            definitions[id] = number
        }
        self.definitions = definitions
    }

    /// The word a line starts with: up to a blank, `=` or a comment.
    private static func identifier(_ text: Substring) -> Substring {
        var end = text.startIndex
        while end < text.endIndex {
            let character = text[end]
            if character == " " || character == "\t" || character == "=" { break }
            if character == "/", text[text.index(after: end)...].hasPrefix("*") { break }
            end = text.index(after: end)
        }
        return text[..<end]
    }

    /// The line and column of the `path` of the object `id` (`ID /* comment */ = {…}`), else of
    /// its definition; 1:1 when it is not found.
    func place(ofObject id: String) -> (line: Int, column: Int) {
        guard let number = definitions[Substring(id)] else { return (1, 1) }
        // The object runs to its `};`: the first `path =` in it.
        for later in number..<min(lines.count, number + Self.objectLines) {
            if let range = lines[later].range(of: "path = "),
                range.lowerBound == lines[later].startIndex
                    || !lines[later][lines[later].index(before: range.lowerBound)].isLetter
            {
                let column = lines[later][..<range.lowerBound].unicodeScalars.count + 1
                return (later + 1, column)
            }
            if lines[later].contains("};") { break }
        }
        let line = lines[number]
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        return (number + 1, indent.count + 1)
    }

    /// Whether what follows an object's identifier is ` /* … */ = {`: a definition, not a mention.
    private static func isDefinition(_ rest: Substring) -> Bool {
        var rest = rest.drop { $0 == " " || $0 == "\t" }
        if rest.hasPrefix("/*"), let end = rest.range(of: "*/") {
            rest = rest[end.upperBound...].drop { $0 == " " || $0 == "\t" }
        }
        return rest.hasPrefix("=")
    }
}
