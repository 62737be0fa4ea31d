import Foundation
import MaplintFiles
import MaplintFindings
import MaplintManifest
import SwiftSyntax

/// What `maplint` checks in a folder that holds an app rather than manifests: every Xcode
/// project and Swift package at or below it, each target on its own, and the Swift files that
/// belong to neither. Dependency and build folders (`ManifestDiscovery.dependencyFolders`) are
/// never entered, so a committed `Pods/` is not read.
package enum AppDiscovery {
    /// One target to extract and lint on its own: its own files, module, deployment target and
    /// the lock file that belongs to its project or package.
    package struct Unit: Sendable, Hashable {
        /// The target's name, or for Swift files outside any project the folder's.
        package var name: String
        /// The `.xcodeproj`, the `Package.swift`, or the folder the loose files are in.
        package var container: String
        /// The paths to extract from: the project (with `target`), a package target's folder, or files.
        package var paths: [String]
        /// The target of the project in `paths`.
        package var target: String?
        /// A package's deployment target (its `platforms:`); a project's targets have their own.
        package var deploymentTarget: String?
        /// The repository the target was found in: nothing outside it is read for the target.
        package var boundary: RepositoryBoundary? = nil
    }

    /// The units under `root`, in path order: projects' targets, then packages' targets, then the
    /// Swift files in neither. Test targets are left out. `problems` holds what could not be read;
    /// `notes` what was passed over (Swift files in a project's folder but in none of its targets).
    package static func units(
        in root: String, followLinks: Bool = false, accept: (String) -> Bool = { _ in true }
    ) -> (units: [Unit], problems: [Diagnostic], notes: [ExtractionNote]) {
        let search = ManifestDiscovery.search(
            under: root, followLinks: followLinks, noun: "Swift file", skipping: ManifestDiscovery.dependencyFolders
        ) { $0 == "project.pbxproj" || $0.hasSuffix(".swift") }
        var problems = search.problems.filter { accept($0.location.file) }
        let (projects, packages, swiftFiles) = classified(search.files, accept: accept)
        var units: [Unit] = []
        var notes: [ExtractionNote] = []
        // Every file some project target compiles, absolute: a package target they all cover is
        // the project's own code seen twice.
        var compiled: Set<String> = []
        let boundary = RepositoryBoundary(around: [root])
        for project in projects {
            switch XcodeProject.load(project, boundary: boundary) {
            case .failure(let error):
                problems.append(
                    .invalidManifest(error.description, at: SourceLocation(file: project, line: 1, column: 1)))
            case .success(let loaded):
                problems += loaded.problems
                let members = Set(loaded.targets.flatMap(\.swiftFiles).map(absolute))
                compiled.formUnion(members)
                // A target whose files the configuration all leaves out (`excluded:`) is not checked.
                for target in loaded.targets where !isTest(target) && target.swiftFiles.contains(where: accept) {
                    units.append(Unit(name: target.name, container: project, paths: [project], target: target.name))
                }
                let folder = (project as NSString).deletingLastPathComponent
                let nested = projects.map { ($0 as NSString).deletingLastPathComponent }.filter {
                    $0 != folder && isFile($0, under: folder)
                }
                if let note = unreadNote(
                    project: project, members: members, swiftFiles: swiftFiles, packages: packages + nested)
                {
                    notes.append(note)
                }
            }
        }
        let packaged = packageUnits(packages, swiftFiles: swiftFiles, compiled: compiled, boundary: boundary)
        units += packaged.units
        problems += packaged.problems
        // A project's folder and a package's are theirs: a Swift file there in no target is not
        // app code (a stale copy, a script), as the project itself says.
        let owned = (projects.map { ($0 as NSString).deletingLastPathComponent } + packages).map {
            $0.isEmpty || $0 == "." ? "" : $0 + "/"
        }
        let loose = swiftFiles.filter { file in !owned.contains { $0.isEmpty || file.hasPrefix($0) } }
        units += looseUnits(loose, root: root)
        for index in units.indices { units[index].boundary = boundary }
        return (units, problems, notes)
    }

    /// The Swift files in no project or package, one unit per folder that pins the libraries: each
    /// file goes with the nearest folder at or above it (up to `root`) holding a lock file or a
    /// requirement file, so two apps of loose files each take their own pin. Files with no such
    /// folder below `root` are one unit named after `root`, as are all of them when they share one.
    static func looseUnits(_ loose: [String], root: String) -> [Unit] {
        var pinFolders: [String: String] = [:]
        var groups: [(folder: String, files: [String])] = []
        for file in loose {
            let folder = pinFolder(of: file, root: root, known: &pinFolders)
            if let index = groups.firstIndex(where: { $0.folder == folder }) {
                groups[index].files.append(file)
            } else {
                groups.append((folder, [file]))
            }
        }
        return groups.map { group in
            Unit(
                name: "Swift files in no project or package", container: groups.count == 1 ? root : group.folder,
                paths: group.files)
        }
    }

    /// The nearest folder at or above the folder of `file`, below or at `root`, that holds a lock
    /// file or a requirement file; `root` when none does. `known` keeps the answer of each folder
    /// asked, so each folder is looked at once.
    static func pinFolder(of file: String, root: String, known: inout [String: String]) -> String {
        let rootFolder = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        var visited: [String] = []
        var folder = (file as NSString).deletingLastPathComponent
        var found = rootFolder
        while !folder.isEmpty, folder != ".", folder != rootFolder, isFile(folder + "/x", under: rootFolder) {
            if let answer = known[folder] {
                found = answer
                break
            }
            visited.append(folder)
            if !DependencyLockFiles.lockFiles(in: folder).isEmpty
                || !DependencyLockFiles.requirementFiles(in: folder).isEmpty
            {
                found = folder
                break
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        for folder in visited { known[folder] = found }
        return found
    }

    /// The Xcode projects (`Pods.xcodeproj` left out), the package folders and the app's Swift
    /// files (those `accept` takes, outside bundle-like folders) among the files found, in order.
    static func classified(
        _ files: [String], accept: (String) -> Bool
    ) -> (projects: [String], packages: [String], swiftFiles: [String]) {
        var projects: [String] = []
        var packages: [String] = []
        var swiftFiles: [String] = []
        for file in files {
            let (folder, name) = folderAndName(file)
            if name == "project.pbxproj" {
                if folder.hasSuffix(".xcodeproj"), !folder.hasSuffix("/Pods.xcodeproj") { projects.append(folder) }
            } else if name == "Package.swift" {
                packages.append(folder)
            } else if accept(file), !isInsideBundle(file) {
                swiftFiles.append(file)
            }
        }
        return (projects, packages, swiftFiles)
    }

    /// The note for the Swift files in the folder of `project` that none of its targets compiles
    /// (`members`, absolute paths) and no package there holds: they are not read. Nil when there
    /// are none. `packages` may name the folders of the other projects too: a project nested in the
    /// folder of another has its own files, which its own targets read.
    static func unreadNote(
        project: String, members: Set<String>, swiftFiles: [String], packages: [String]
    ) -> ExtractionNote? {
        let folder = (project as NSString).deletingLastPathComponent
        let prefix = folder.isEmpty || folder == "." ? "" : folder + "/"
        let outside = swiftFiles.filter { file in
            (prefix.isEmpty || file.hasPrefix(prefix)) && !members.contains(absolute(file))
                && !packages.contains { file.hasPrefix($0 == "." ? "" : $0 + "/") }
        }
        guard let first = outside.first else { return nil }
        return ExtractionNote(
            message:
                "\(outside.count) Swift file\(outside.count == 1 ? " is" : "s are") in the folder of "
                + "\((project as NSString).lastPathComponent) but in none of its targets (this one "
                + "first): not read",
            location: SourceLocation(file: first, line: 1, column: 1))
    }

    /// A unit for each target of the packages in `packages` that holds Swift files, unless the
    /// projects already compile all of them (`compiled`, absolute paths).
    /// A target folder that leaves the repository (`boundary`) is not read: one of `problems`, at
    /// its `path:`.
    static func packageUnits(
        _ packages: [String], swiftFiles: [String], compiled: Set<String>, boundary: RepositoryBoundary? = nil
    ) -> (units: [Unit], problems: [Diagnostic]) {
        var units: [Unit] = []
        var problems: [Diagnostic] = []
        for package in packages {
            let manifest = (package as NSString).appendingPathComponent("Package.swift")
            var declared = packageTargets(package)
            if let boundary {
                problems += leaving(&declared.targets, boundary: boundary, manifest: manifest)
            }
            for target in declared.targets {
                let files = swiftFiles.filter { file in target.folders.contains { isFile(file, under: $0) } }
                guard !files.isEmpty, !files.allSatisfy({ compiled.contains(absolute($0)) }) else { continue }
                units.append(
                    Unit(
                        name: target.name, container: manifest,
                        paths: target.folders.filter { folder in files.contains { isFile($0, under: folder) } },
                        deploymentTarget: declared.deploymentTarget))
            }
        }
        return (units, problems)
    }

    /// Takes out of `targets` the folders outside `boundary`: an error for each, at its `path:`.
    static func leaving(
        _ targets: inout [PackageTarget], boundary: RepositoryBoundary, manifest: String
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for index in targets.indices {
            let target = targets[index]
            targets[index].folders.removeAll { folder in
                guard !boundary.contains(folder) else { return false }
                problems.append(
                    .invalidManifest(
                        "the folder '\(target.written ?? folder)' of the target \(target.name) leaves the repository "
                            + "(\(boundary.described)), so maplint does not read it",
                        at: target.location ?? SourceLocation(file: manifest, line: 1, column: 1)))
                return true
            }
        }
        return problems
    }

    /// Unit and UI test bundles: their code registers nothing an app shows.
    static func isTest(_ target: XcodeProject.Target) -> Bool {
        target.productType.hasSuffix(".unit-test") || target.productType.hasSuffix(".ui-testing")
    }

    /// A file inside a bundle-like folder that is not app code: a project, a workspace, an Xcode
    /// file template, a playground.
    static func isInsideBundle(_ file: String) -> Bool {
        let bundles = [".xcodeproj/", ".xcworkspace/", ".xctemplate/", ".playground/"]
        // An ASCII path is searched on its bytes (a match there is one in its characters).
        guard PathText.isASCII(file) else { return bundles.contains { file.contains($0) } }
        let bytes = Array(file.utf8)
        return bundles.contains { bundle in
            let needle = Array(bundle.utf8)
            guard bytes.count >= needle.count else { return false }
            return (0...(bytes.count - needle.count)).contains { start in
                bytes[start] == needle[0] && bytes[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    /// `deletingLastPathComponent` and `lastPathComponent` of `file`, split at its last `/` when
    /// it is ASCII with no empty part and no `/` at the end, as they give for such a path.
    static func folderAndName(_ file: String) -> (folder: String, name: String) {
        let utf8 = file.utf8
        let slashByte = UInt8(ascii: "/")
        let plain =
            PathText.isASCII(file) && utf8.last != slashByte
            && !zip(utf8, utf8.dropFirst()).contains { $0 == slashByte && $1 == slashByte }
        guard plain, let slash = utf8.lastIndex(of: slashByte) else {
            return ((file as NSString).deletingLastPathComponent, (file as NSString).lastPathComponent)
        }
        let name = String(file[utf8.index(after: slash)...])
        return (slash == utf8.startIndex ? "/" : String(file[..<slash]), name)
    }

    /// Whether `file` is in `folder` or below it (`.` and the empty path being the current folder).
    static func isFile(_ file: String, under folder: String) -> Bool {
        folder.isEmpty || folder == "." || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    static func absolute(_ path: String) -> String {
        PathText.plainAbsolute(path, current: PathText.current) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The non-test targets a `Package.swift` declares, with their folders: `path:` when given,
    /// else `Sources/NAME`, narrowed to `sources:` when given. A manifest maplint cannot read gives
    /// one target per folder of `Sources`.
    static func packageTargets(
        _ package: String
    ) -> (targets: [PackageTarget], deploymentTarget: String?) {
        let manifest = (package as NSString).appendingPathComponent("Package.swift")
        let sources = (package as NSString).appendingPathComponent("Sources")
        func inSources() -> [PackageTarget] {
            ((try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []).sorted().map {
                PackageTarget(name: $0, folders: [(sources as NSString).appendingPathComponent($0)])
            }
        }
        guard case .success(let bytes) = ManifestLoader.readFile(manifest, noun: "Swift file"),
            case .success(let file) = SwiftSourceFile.parse(path: manifest, bytes: bytes)
        else { return (inSources(), nil) }
        let platform = PackagePlatforms.platform(in: file.tree)
        let finder = PackageTargetFinder(viewMode: .sourceAccurate)
        finder.walk(file.tree)
        guard finder.declared else { return (inSources(), platform) }
        let targets = finder.targets.map { target in
            let folder = FilePaths.joined(package, target.path ?? "Sources/" + target.name)
            return PackageTarget(
                name: target.name,
                folders: target.sources.isEmpty ? [folder] : target.sources.map { FilePaths.joined(folder, $0) },
                written: target.path, location: target.pathPosition.map(file.location(atOffset:)))
        }
        return (targets, platform)
    }

    /// A target a `Package.swift` declares: its folders, and the `path:` they come from.
    struct PackageTarget {
        var name: String
        var folders: [String]
        /// The `path:` as written, and where.
        var written: String? = nil
        var location: SourceLocation? = nil
    }
}

/// The `.target(name:path:)` and `.executableTarget(…)` calls of a `Package.swift`.
private final class PackageTargetFinder: SyntaxVisitor {
    /// `pathPosition`: the UTF-8 offset of the `path:` argument's value.
    var targets: [(name: String, path: String?, pathPosition: Int?, sources: [String])] = []
    /// Whether any target of any kind is declared (test, macro and plugin targets included).
    var declared = false

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let kind = member.declName.baseName.text
        guard ["target", "executableTarget", "testTarget", "macro", "plugin", "binaryTarget"].contains(kind),
            let name = node.arguments.first(where: { $0.label?.text == "name" }).flatMap({
                SwiftShapes.stringLiteral($0.expression)
            })
        else { return .visitChildren }
        declared = true
        if kind == "target" || kind == "executableTarget" {
            let argument = node.arguments.first { $0.label?.text == "path" }
            let path = argument.flatMap { SwiftShapes.stringLiteral($0.expression) }
            let sources =
                node.arguments.first { $0.label?.text == "sources" }?.expression.as(ArrayExprSyntax.self)?.elements
                .compactMap { SwiftShapes.stringLiteral($0.expression) } ?? []
            targets.append(
                (name, path, argument.map { $0.expression.positionAfterSkippingLeadingTrivia.utf8Offset }, sources))
        }
        return .skipChildren
    }

}
