import Foundation

/// Finds manifest files under the paths given on the command line.
public enum ManifestDiscovery {
    public static let suffixes = [".maplint.yml", ".maplint.yaml", ".maplint.json"]
    /// Folders never searched: build products and version control.
    public static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", ".swiftpm", "node_modules"]

    /// A manifest name has a stem before the suffix: `.maplint.yml` alone is the configuration file.
    public static func isManifest(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// Files named on the command line are kept as given (whatever their name); folders are searched
    /// recursively for manifest files, in sorted order. Paths that do not exist are kept, so loading
    /// them reports "no such file" at the right name. `accept` filters the files found in folders only.
    public static func manifests(in paths: [String], accept: (String) -> Bool = { _ in true }) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for path in paths.isEmpty ? ["."] : paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                for file in files(under: path, named: isManifest) where accept(file) && seen.insert(file).inserted {
                    result.append(file)
                }
            } else if seen.insert(path).inserted {
                result.append(path)
            }
        }
        return result
    }

    /// The files under `folder` whose names match, sorted, skipping `skippedFolders`. An iterative
    /// walk: a deep or looping folder tree cannot exhaust the stack.
    public static func files(under folder: String, named matches: (String) -> Bool) -> [String] {
        var found: [String] = []
        var pending = [folder]
        var visited: Set<String> = []
        let manager = FileManager.default
        while let current = pending.popLast() {
            let resolved = (current as NSString).resolvingSymlinksInPath
            guard visited.insert(resolved).inserted else { continue }
            guard let names = try? manager.contentsOfDirectory(atPath: current) else { continue }
            for name in names.sorted() {
                let path = current == "." ? name : (current.hasSuffix("/") ? current + name : current + "/" + name)
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
                if isDirectory.boolValue {
                    if !skippedFolders.contains(name) { pending.append(path) }
                } else if matches(name) {
                    found.append(path)
                }
            }
        }
        return found.sorted()
    }
}
