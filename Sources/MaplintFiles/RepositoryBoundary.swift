#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders a run may read from: the repository root of each path named (the nearest folder
/// at or above it holding `.git`; without one, the folder named, or the current folder when the
/// folder named is inside it). A repository is written by whoever opened the pull request, so
/// what it names outside these folders (a project's synchronised folder at `/`, a package
/// target's `path: "../.."`, a lock file above the checkout) is a finding, never read.
package struct RepositoryBoundary: Sendable, Hashable {
    /// The roots, absolute with every link resolved.
    package private(set) var roots: [String]

    package init(roots: [String]) {
        self.roots = roots.map { Self.resolved($0) }
    }

    /// The boundary of the paths named on a command line (the current folder when none).
    package init(around paths: [String]) {
        var roots: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            let root = Self.root(of: path)
            if !roots.contains(root) { roots.append(root) }
        }
        self.roots = roots
    }

    /// The repository root of one path (a file stands for its folder, an `.xcodeproj` or
    /// `.xcworkspace` for the folder it is in), absolute with links resolved.
    package static func root(of path: String) -> String {
        var folder = resolved(path)
        var info = stat()
        let isFolder = stat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        if !isFolder || folder.hasSuffix(".xcodeproj") || folder.hasSuffix(".xcworkspace") {
            folder = parent(of: folder)
        }
        var current = folder
        while true {
            if lstat(current == "/" ? "/.git" : current + "/.git", &info) == 0 { return current }
            if current == "/" { break }
            current = parent(of: current)
        }
        let here = resolved(".")
        return FileTreeWalker.isInside(folder, here) ? here : folder
    }

    /// Whether `path` (relative to the current folder, or absolute) is inside one of the roots
    /// once its links are resolved.
    package func contains(_ path: String) -> Bool {
        let real = Self.resolved(path)
        return roots.contains { FileTreeWalker.isInside(real, $0) }
    }

    /// The roots as messages name them.
    package var described: String { roots.joined(separator: ", ") }

    /// `path` absolute, with `.`, `..` and links worked out one part at a time, as the system
    /// does (`link/..` is the folder above the link's target); parts that do not exist are kept
    /// as written.
    package static func resolved(_ path: String) -> String {
        var current = path.hasPrefix("/") ? "/" : (FileTreeWalker.realPath(".") ?? "/")
        var exists = true
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                current = parent(of: current)
                continue
            }
            let next = (current == "/" ? "/" : current + "/") + part
            if exists, let real = FileTreeWalker.realPath(next) {
                current = real
            } else {
                exists = false
                current = next
            }
        }
        return current
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
