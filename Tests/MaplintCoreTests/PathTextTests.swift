import Foundation
import Testing

@testable import MaplintConfiguration
@testable import MaplintFiles
@testable import MaplintManifest

/// Paths worked out on bytes (`PathText`) give what the character-by-character ways give: a
/// project's files are named many times a run, so these are on its hot path.
@Suite struct PathTextTests {
    static let paths = [
        "", ".", "..", "/", "//", "a", "a/", "./a", "../a", "a/..", "a/../..", "a/./b", "a//b", "/a/b/../c",
        "/..", "/../a", "a/b/../../..", "../../x/y", "x/../../y", "/tmp/App/Screens/Feed.swift",
        "App/Screens/Feed.swift", "App/Screens/...swift", "App/.hidden/a.swift", "App/Screens/Feed.swift/",
        "Sources/My App/Feed (copy).swift", "/a/b/c", "/a/b", "/a/d/e", "Manifests", "b/c",
    ]

    /// `FilePaths.joined` as it was written on characters.
    static func joinedByCharacters(_ folder: String, _ path: String) -> String {
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

    /// `FilePaths.relative` as it was written on characters.
    static func relativeByCharacters(_ path: String, from folder: String, current: String) -> String {
        let target = joinedByCharacters(path.hasPrefix("/") ? "" : current, path)
        let base = joinedByCharacters(folder.hasPrefix("/") ? "" : current, folder)
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

    @Test func joinedIsTheCharacterWay() {
        for folder in Self.paths + ["", "/work"] {
            for path in Self.paths {
                #expect(PathText.joined(folder, path) == Self.joinedByCharacters(folder, path), "\(folder) + \(path)")
                #expect(FilePaths.joined(folder, path) == Self.joinedByCharacters(folder, path))
            }
        }
    }

    @Test func relativeIsTheCharacterWay() {
        for current in ["/", "/work/app", "/work/app/Sources"] {
            for folder in Self.paths + ["."] {
                for path in Self.paths {
                    #expect(
                        PathText.relative(path, from: folder, current: current)
                            == Self.relativeByCharacters(path, from: folder, current: current),
                        "\(path) from \(folder) in \(current)")
                }
            }
        }
    }

    /// Not ASCII, or no absolute current folder: the callers keep their character-level way.
    @Test func otherPathsAreLeftToTheCharacterWay() {
        #expect(PathText.joined("Écrans", "a.swift") == nil)
        #expect(PathText.relative("a/e\u{301}.swift", from: ".", current: "/work") == nil)
        #expect(PathText.relative("a.swift", from: ".", current: "work") == nil)
        #expect(FilePaths.joined("É/./x", "../a.swift") == "É/a.swift")
        #expect(PathText.plainAbsolute("Écrans/a.swift", current: "/work") == nil)
    }

    /// A plain path made absolute is what `URL` standardises it to; any other is not worked out.
    @Test func plainAbsoluteIsTheStandardizedURL() {
        let current = FileManager.default.currentDirectoryPath
        for path in Self.paths {
            let expected = URL(fileURLWithPath: path).standardizedFileURL.path
            if let plain = PathText.plainAbsolute(path, current: current) {
                #expect(plain == expected, "\(path)")
                #expect(plain == LintConfiguration.absolute(path), "\(path)")
            }
        }
        let plain = ["a", "/a/b", "App/Screens/Feed.swift", "App/Screens/...swift", "Sources/My App/Feed (copy).swift"]
        #expect(plain.allSatisfy { PathText.plainAbsolute($0, current: current) != nil })
        let other = ["", ".", "..", "/", "a/", "./a", "a/..", "a//b", "a/./b", "/a/../b", "App/Screens/Feed.swift/"]
        #expect(other.allSatisfy { PathText.plainAbsolute($0, current: current) == nil })
        // The root as the current folder, like any current folder that is not plain, is left to `URL`.
        #expect(PathText.plainAbsolute("a/b", current: "/") == nil)
        #expect(PathText.plainAbsolute("a/b", current: "/work/../x") == nil)
    }
}
