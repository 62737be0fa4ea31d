import Foundation

/// Finds manifest files under the paths given on the command line.
package enum ManifestDiscovery {
    package static let suffixes = [".maplint.yml", ".maplint.yaml", ".maplint.json"]
    /// Folders never searched: build products and version control.
    package static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", ".swiftpm", "node_modules"]

    /// A manifest name has a stem before the suffix: `.maplint.yml` alone is the configuration file.
    package static func isManifest(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// Files named on the command line are kept as given (whatever their name); folders are searched
    /// recursively for manifest files, in sorted order. A file named twice (`t.maplint.yml` and
    /// `./t.maplint.yml`, or a folder and a file in it) is kept once, under its first spelling. Paths that do not exist are kept, so loading
    /// them reports "no such file" at the right name. `accept` filters the files found in folders only.
    package static func manifests(in paths: [String], accept: (String) -> Bool = { _ in true }) -> [String] {
        search(paths, accept: accept).files
    }

    /// `manifests(in:accept:)` with what the folder search could not look at (see `FileTreeWalker`).
    package static func search(
        _ paths: [String], followLinks: Bool = false, accept: (String) -> Bool = { _ in true }
    ) -> FileSearch {
        var result = FileSearch()
        var seen = DistinctFiles()
        let walker = FileTreeWalker(skippedFolders: skippedFolders, followLinks: followLinks, noun: "manifest")
        let paths = paths.isEmpty ? ["."] : paths
        let folders = paths.filter(isFolder)
        for path in paths {
            if isFolder(path) {
                let found = walker.search(roots: [path], within: folders, matching: isManifest)
                // A problem under an excluded folder is excluded with it.
                result.problems += found.problems.filter { accept($0.location.file) }
                for file in found.files where accept(file) && seen.insert(file) {
                    result.files.append(file)
                }
            } else if seen.insert(path) {
                result.files.append(path)
            }
        }
        return result
    }

    package static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The files under `folder` whose names match, sorted, skipping `skippedFolders` (the search of
    /// `search(under:)`, for callers that report nothing about what could not be looked at).
    package static func files(under folder: String, named matches: (String) -> Bool) -> [String] {
        search(under: folder, noun: "file", named: matches).files
    }

    /// The files under `folder` whose names match, sorted, skipping `skippedFolders`, and what
    /// could not be looked at.
    package static func search(
        under folder: String, within: [String] = [], followLinks: Bool = false, noun: String,
        skipping more: Set<String> = [], named matches: (String) -> Bool
    ) -> FileSearch {
        FileTreeWalker(skippedFolders: skippedFolders.union(more), followLinks: followLinks, noun: noun)
            .search(roots: [folder], within: within, matching: matches)
    }

    /// Folders that hold other people's code or build output (CocoaPods, Carthage, SwiftPM,
    /// Xcode, Bundler): Swift sources there are never read unless a path names them.
    package static let dependencyFolders: Set<String> = [
        "Pods", "Carthage", ".build", "DerivedData", "vendor", "SourcePackages",
    ]
}
