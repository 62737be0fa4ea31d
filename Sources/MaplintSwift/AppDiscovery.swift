import Foundation
import MaplintCore

/// What `maplint` checks in a folder that holds an app rather than manifests: every Xcode
/// project and Swift package at or below it, each target on its own, and the Swift files that
/// belong to neither. Dependency and build folders (`ManifestDiscovery.dependencyFolders`) are
/// never entered, so a committed `Pods/` is not read.
public enum AppDiscovery {
    /// One target to extract and lint on its own: its own files, module, deployment target and
    /// the lock file that belongs to its project or package.
    public struct Unit: Sendable, Hashable {
        /// The target's name, or for Swift files outside any project the folder's.
        public var name: String
        /// The `.xcodeproj`, the `Package.swift`, or the folder the loose files are in.
        public var container: String
        /// The paths to extract from: the project (with `target`), a package target's folder, or files.
        public var paths: [String]
        /// The target of the project in `paths`.
        public var target: String?
    }

    /// The units under `root`, in path order: projects' targets, then packages' targets, then the
    /// Swift files in neither. Test targets are left out. `problems` holds what could not be read.
    public static func units(
        in root: String, followLinks: Bool = false, accept: (String) -> Bool = { _ in true }
    ) -> (units: [Unit], problems: [Diagnostic]) {
        let search = ManifestDiscovery.search(
            under: root, followLinks: followLinks, noun: "Swift file", skipping: ManifestDiscovery.dependencyFolders
        ) { $0 == "project.pbxproj" || $0.hasSuffix(".swift") }
        var problems = search.problems.filter { accept($0.location.file) }
        var projects: [String] = []
        var packages: [String] = []
        var swiftFiles: [String] = []
        for file in search.files {
            let folder = (file as NSString).deletingLastPathComponent
            let name = (file as NSString).lastPathComponent
            if name == "project.pbxproj" {
                if folder.hasSuffix(".xcodeproj"), !folder.hasSuffix("/Pods.xcodeproj") { projects.append(folder) }
            } else if name == "Package.swift" {
                packages.append(folder)
            } else if accept(file), !file.contains(".xcodeproj/"), !file.contains(".xcworkspace/") {
                swiftFiles.append(file)
            }
        }
        var units: [Unit] = []
        for project in projects {
            switch XcodeProject.load(project) {
            case .failure(let error):
                problems.append(
                    .invalidManifest(error.description, at: SourceLocation(file: project, line: 1, column: 1)))
            case .success(let loaded):
                for target in loaded.targets where !isTest(target) && !target.swiftFiles.isEmpty {
                    units.append(Unit(name: target.name, container: project, paths: [project], target: target.name))
                }
            }
        }
        for package in packages {
            let sources = (package as NSString).appendingPathComponent("Sources")
            let targets = ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []).sorted()
                .map { (sources as NSString).appendingPathComponent($0) }
                .filter { folder in swiftFiles.contains { $0.hasPrefix(folder + "/") } }
            let manifest = (package as NSString).appendingPathComponent("Package.swift")
            for target in targets {
                units.append(
                    Unit(name: (target as NSString).lastPathComponent, container: manifest, paths: [target]))
            }
        }
        // A project's folder and a package's are theirs: a Swift file there in no target is not
        // app code (a stale copy, a script), as the project itself says.
        let owned = (projects.map { ($0 as NSString).deletingLastPathComponent } + packages).map {
            $0.isEmpty || $0 == "." ? "" : $0 + "/"
        }
        let loose = swiftFiles.filter { file in !owned.contains { $0.isEmpty || file.hasPrefix($0) } }
        if !loose.isEmpty {
            units.append(Unit(name: "Swift files in no project or package", container: root, paths: loose))
        }
        return (units, problems)
    }

    /// Unit and UI test bundles: their code registers nothing an app shows.
    static func isTest(_ target: XcodeProject.Target) -> Bool {
        target.productType.hasSuffix(".unit-test") || target.productType.hasSuffix(".ui-testing")
    }
}
