import Foundation

/// Paths joined, tidied and made relative, whatever they hold: on their bytes (`PathText`) when
/// they are ASCII, by characters otherwise, with the same result.
package enum FilePaths {
    /// `path` joined to `folder` and tidied: `a/b/../c` is `a/c`; `..` above a relative start is kept.
    package static func joined(_ folder: String, _ path: String) -> String {
        if let fast = PathText.joined(folder, path) { return fast }
        let full = path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
        let absolute = full.hasPrefix("/")
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let body = parts.joined(separator: "/")
        return absolute ? "/" + body : (body.isEmpty ? "." : body)
    }

    /// `path` as seen from `folder`; both may be relative to the current folder.
    package static func relative(_ path: String, from folder: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if let fast = PathText.relative(path, from: folder, current: current) { return fast }
        let target = joined(path.hasPrefix("/") ? "" : current, path)
        let base = joined(folder.hasPrefix("/") ? "" : current, folder)
        let targetParts = target.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var common = 0
        while common < targetParts.count, common < baseParts.count, targetParts[common] == baseParts[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: baseParts.count - common)
        let parts = ups + targetParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
