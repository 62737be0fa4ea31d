import Foundation
import MaplintFiles
import MaplintFindings

/// The Xcode project behind the paths of an extraction: given as an `.xcodeproj` or
/// `.xcworkspace`, or found at or above a folder. It says which Swift files are compiled (files
/// in no target, such as a stale `ProfileVC 2.swift`, are not read), each file's module and
/// the deployment target of its target.
struct ProjectFiles {
    /// Targets whose files are read.
    let targets: [XcodeProject.Target]
    /// Every target of the projects.
    let allTargets: [XcodeProject.Target]
    /// Every file any target of the projects compiles.
    let members: Set<String>
    /// The files of the selected targets when a project was named on the command line.
    let explicitFiles: [String]
    /// The same files, to look one up in one step.
    let explicitFileSet: Set<String>
    /// For each file the selected targets compile (absolute path), the first of them that does:
    /// made once, so finding a file's target costs one lookup, not a walk of every target's files.
    let targetOfFile: [String: Int]
    let projectNames: [String]
    /// Whether `--target` chose the targets: then only their files are read from folders too;
    /// otherwise a file any target compiles is read.
    let targetGiven: Bool

    static func isProject(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasSuffix(".xcodeproj") || trimmed.hasSuffix(".xcworkspace")
    }

    /// The project the paths name or sit in; nil when there is none, or none of its targets
    /// compiles anything under the folders (another project's, or a library's own).
    static func select(
        paths: [String], target: String?, boundary: RepositoryBoundary? = nil, problems: inout [Diagnostic]
    ) -> ProjectFiles? {
        let named = paths.filter(isProject).map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let folders = paths.filter { !isProject($0) }
        var projectPaths = named.flatMap {
            XcodeProject.projectPaths(in: $0, boundary: boundary, problems: &problems)
        }
        let searched = projectPaths.isEmpty
        if searched {
            projectPaths = XcodeProject.nearest(to: folders, boundary: boundary)
        }
        guard !projectPaths.isEmpty else {
            if target != nil {
                problems.append(
                    .invalidManifest(
                        "--target needs an Xcode project: none was given or found at or above the paths",
                        at: SourceLocation(file: paths.first ?? ".", line: 1, column: 1)))
            }
            return nil
        }
        var projects: [XcodeProject] = []
        for path in projectPaths {
            switch XcodeProject.load(path, boundary: boundary) {
            case .success(let project): projects.append(project)
            case .failure(let error):
                // A project found by searching that cannot be read is not the user's input.
                if !searched {
                    problems.append(
                        .invalidManifest(error.description, at: SourceLocation(file: path, line: 1, column: 1)))
                }
            }
        }
        let all = projects.flatMap(\.targets)
        let chosen = projects.flatMap { $0.selected(target) }
        if let target, chosen.isEmpty {
            let names = all.map(\.name).joined(separator: ", ")
            problems.append(
                .invalidManifest(
                    "no target named '\(target)' in \(projectPaths.joined(separator: ", ")) (targets: \(names))",
                    at: SourceLocation(file: projectPaths[0], line: 1, column: 1)))
            return nil
        }
        let members = Set(all.flatMap(\.swiftFiles))
        if searched {
            // Only a project that compiles some file under the folders describes them.
            let absoluteFolders = folders.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            let describes = members.contains { file in
                absoluteFolders.contains { file == $0 || file.hasPrefix($0 + "/") }
            }
            guard describes else { return nil }
        }
        // Paths of the projects used that leave the repository, not read.
        problems += projects.flatMap(\.problems)
        // A project named by an absolute path (Xcode's `$SRCROOT`) keeps its files absolute, as
        // Xcode needs them to place findings in the editor; a relative one, relative.
        let explicitFiles =
            searched
            ? [] : uniqued(chosen.flatMap(\.swiftFiles).map(named.allSatisfy(isAbsolute) ? { $0 } : relativeIfInside))
        return ProjectFiles(
            targets: chosen, allTargets: all, members: members, explicitFiles: explicitFiles,
            explicitFileSet: Set(explicitFiles), targetOfFile: firstTargets(chosen),
            projectNames: projectPaths.map { ($0 as NSString).lastPathComponent }, targetGiven: target != nil)
    }

    /// The files found in folders that a target compiles; the others get one note.
    func filter(_ files: [String], notes: inout [ExtractionNote]) -> [String] {
        let chosen = targetGiven ? Set(targets.flatMap(\.swiftFiles)) : members
        var kept: [String] = []
        var outside: [String] = []
        let current = PathText.current
        for file in files {
            if chosen.contains(Self.absolute(file, current: current)) {
                kept.append(file)
            } else {
                outside.append(file)
            }
        }
        if let first = outside.first {
            let which = targetGiven ? "the target \(targets.map(\.name).joined(separator: ", ")) of" : "any target of"
            notes.append(
                ExtractionNote(
                    message:
                        "\(outside.count) Swift file\(outside.count == 1 ? " is" : "s are") under the paths but not in "
                        + "\(which) \(projectNames.joined(separator: ", ")) (this one first): not read",
                    location: SourceLocation(file: first, line: 1, column: 1)))
        }
        return kept
    }

    /// The module of each file the targets compile (the selected ones first), under the path
    /// relative to the current folder and the absolute one: files are named either way.
    var modules: [String: String] {
        var result: [String: String] = [:]
        for target in targets + allTargets {
            for file in target.swiftFiles {
                if result[file] == nil { result[file] = target.moduleName }
                let relative = Self.relativeIfInside(file)
                if result[relative] == nil { result[relative] = target.moduleName }
            }
        }
        return result
    }

    /// The deployment target of the target that compiles `file`.
    func deploymentTarget(of file: String) -> String? {
        let absolute = Self.absolute(file, current: PathText.current)
        return targetOfFile[absolute].flatMap { targets[$0].deploymentTarget }
            ?? targets.lazy.compactMap(\.deploymentTarget).first
    }

    static func isAbsolute(_ path: String) -> Bool { path.hasPrefix("/") }

    /// `URL(fileURLWithPath: path).standardizedFileURL.path`, worked out on the bytes when the
    /// path is plain.
    static func absolute(_ path: String, current: String) -> String {
        PathText.plainAbsolute(path, current: current) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// A path relative to the current folder when inside it, as the Swift paths are written.
    static func relativeIfInside(_ path: String) -> String {
        let relative = FilePaths.relative(path, from: ".")
        return relative.hasPrefix("../") ? path : relative
    }

    /// For each file the targets compile, the position of the first of them that does.
    private static func firstTargets(_ targets: [XcodeProject.Target]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (position, target) in targets.enumerated() {
            for file in target.swiftFiles where result[file] == nil { result[file] = position }
        }
        return result
    }

    private static func uniqued(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }
}
