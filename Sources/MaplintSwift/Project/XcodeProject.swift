import Foundation
import MaplintFiles
import MaplintLibrary

/// The targets of an Xcode project, read from `project.pbxproj` (an OpenStep property list,
/// which Foundation's `PropertyListSerialization` reads on Linux too): which Swift files each
/// target compiles, its deployment target and its module name.
package struct XcodeProject: Sendable {
    package struct Target: Sendable, Hashable {
        package var name: String
        /// `com.apple.product-type.application`, …
        package var productType: String
        package var moduleName: String
        /// `iOS 15.0`, `tvOS 14.0` or `macCatalyst 14.0`, as a manifest writes it; nil when unset.
        package var deploymentTarget: String?
        /// Absolute paths of the Swift files of its Sources build phase (and of its synchronised folders).
        package var swiftFiles: [String]

        package var isApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
    }

    /// The `.xcodeproj` folder.
    package var path: String
    package var targets: [Target]

    /// The targets `name` selects, or by default the application targets (every target when
    /// there is none, as in a framework's project).
    package func selected(_ name: String?) -> [Target] {
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

    /// Reads `path/project.pbxproj`.
    package static func load(_ path: String) -> Result<XcodeProject, LoadError> {
        let file = (path as NSString).appendingPathComponent("project.pbxproj")
        let bytes: [UInt8]
        switch FileReader.read(file, limit: FileSizeLimit.xcodeProject, noun: "Xcode project file") {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(.unreadable("\(file) cannot be read: \(failure.message)"))
        }
        return parse(Data(bytes), projectPath: path)
    }

    /// Parses the text of a `project.pbxproj`; `projectPath` is the `.xcodeproj` folder it is in.
    package static func parse(_ data: Data, projectPath: String) -> Result<XcodeProject, LoadError> {
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            return .failure(.malformed("project.pbxproj is not a property list: \(error.localizedDescription)"))
        }
        guard let root = plist as? [String: Any], let objects = root["objects"] as? [String: Any],
            let rootID = root["rootObject"] as? String, let project = objects[rootID] as? [String: Any]
        else {
            return .failure(.malformed("project.pbxproj has no root project object"))
        }
        let reader = Reader(objects: objects, projectPath: projectPath, project: project)
        var targets: [Target] = []
        // A target listed again (3,000 times, in a hostile project) is read once.
        var seen: Set<String> = []
        for id in project["targets"] as? [String] ?? [] where seen.insert(id).inserted {
            guard let target = reader.object(id), target["isa"] as? String == "PBXNativeTarget" else { continue }
            targets.append(reader.target(target))
        }
        return .success(XcodeProject(path: projectPath, targets: targets))
    }

    /// The Xcode projects named by a path: the `.xcodeproj` itself, or those a `.xcworkspace`
    /// lists (`contents.xcworkspacedata`, `group:` and `container:` locations), Pods excluded.
    package static func projectPaths(in path: String) -> [String] {
        if path.hasSuffix(".xcodeproj") { return [path] }
        guard path.hasSuffix(".xcworkspace"),
            case .success(let bytes) = FileReader.read(
                (path as NSString).appendingPathComponent("contents.xcworkspacedata"), limit: FileSizeLimit.source,
                noun: "workspace file"),
            let text = String(validating: bytes, as: UTF8.self)
        else { return [] }
        let folder = (path as NSString).deletingLastPathComponent
        var found: [String] = []
        for part in text.components(separatedBy: "location = \"").dropFirst() {
            guard let end = part.firstIndex(of: "\"") else { continue }
            let location = String(part[..<end])
            guard let colon = location.firstIndex(of: ":") else { continue }
            let relative = String(location[location.index(after: colon)...])
            guard relative.hasSuffix(".xcodeproj"), !relative.hasSuffix("Pods.xcodeproj") else { continue }
            found.append(relative.hasPrefix("/") ? relative : (folder as NSString).appendingPathComponent(relative))
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
    static func nearest(to paths: [String]) -> [String] {
        var searched: [String: String?] = [:]
        var seen: Set<String> = []
        return paths.compactMap { nearest(to: $0, searched: &searched) }.filter { seen.insert($0).inserted }
    }

    /// `searched`: the answer already known for each folder listed before.
    private static func nearest(to path: String, searched: inout [String: String?]) -> String? {
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

    /// Walks the object graph. Unknown or broken references are skipped, never trusted.
    private struct Reader {
        /// The objects, each cast once: a cast of a property list value bridges it whole, so
        /// casting a group of 20,000 children for each of its files was quadratic.
        let objects: [String: [String: Any]]
        let projectPath: String
        let project: [String: Any]
        /// Each group or file reference's parent group.
        let parents: [String: String]

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

        func target(_ target: [String: Any]) -> Target {
            let name = target["name"] as? String ?? "?"
            var files: [String] = []
            // A build file or phase listed again adds nothing.
            var seenBuildFiles: Set<String> = []
            var seenPhases: Set<String> = []
            for phaseID in target["buildPhases"] as? [String] ?? [] where seenPhases.insert(phaseID).inserted {
                guard let phase = object(phaseID), phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
                for buildFileID in phase["files"] as? [String] ?? [] where seenBuildFiles.insert(buildFileID).inserted {
                    guard let buildFile = object(buildFileID), let reference = buildFile["fileRef"] as? String,
                        let path = path(of: reference), path.hasSuffix(".swift")
                    else { continue }
                    files.append((path as NSString).standardizingPath)
                }
            }
            // Xcode 16 folders whose files all belong to the target.
            var seenGroups: Set<String> = []
            for groupID in target["fileSystemSynchronizedGroups"] as? [String] ?? []
            where seenGroups.insert(groupID).inserted {
                guard let folder = path(of: groupID) else { continue }
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
        /// is set), else `TVOS_DEPLOYMENT_TARGET`.
        private func deploymentTarget(_ setting: (String) -> String?) -> String? {
            let candidates: [(String, String?)] = [
                ("iOS", setting("IPHONEOS_DEPLOYMENT_TARGET")), ("tvOS", setting("TVOS_DEPLOYMENT_TARGET")),
            ]
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
