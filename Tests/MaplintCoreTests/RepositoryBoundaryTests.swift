import Foundation
import Testing

@testable import MaplintFiles

/// The repository root of a path and what lies inside it, links worked out as the system does.
@Suite struct RepositoryBoundaryTests {
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-boundary-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("repo/App"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("outside"), withIntermediateDirectories: true)
        return try #require(FileTreeWalker.realPath(url.path))
    }

    /// Without `.git` the folder named is the root; with one above it, that folder is.
    @Test func theRootIsTheFolderNamedOrItsGitRoot() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        #expect(RepositoryBoundary.root(of: base + "/repo/App") == base + "/repo/App")
        #expect(RepositoryBoundary.root(of: base + "/repo/App/Feed.swift") == base + "/repo/App")
        #expect(RepositoryBoundary.root(of: base + "/repo/App.xcodeproj") == base + "/repo")
        try FileManager.default.createDirectory(atPath: base + "/repo/.git", withIntermediateDirectories: true)
        #expect(RepositoryBoundary.root(of: base + "/repo/App") == base + "/repo")
    }

    /// `..`, absolute paths and links leading out are outside; `link/..` is the folder above the
    /// link's target, as the system resolves it, not the link's own folder.
    @Test func pathsThatLeaveTheRootAreOutside() throws {
        let base = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: base) }
        let boundary = RepositoryBoundary(roots: [base + "/repo"])
        #expect(boundary.contains(base + "/repo/App/Missing.swift"))
        #expect(boundary.contains(base + "/repo/App/../App"))
        #expect(!boundary.contains(base + "/repo/../outside"))
        #expect(!boundary.contains("/"))
        try FileManager.default.createSymbolicLink(
            atPath: base + "/repo/App/out", withDestinationPath: base + "/outside")
        #expect(!boundary.contains(base + "/repo/App/out"))
        #expect(!boundary.contains(base + "/repo/App/out/../repo-like"))
        try FileManager.default.createDirectory(atPath: base + "/outside/deep", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: base + "/repo/App/deep", withDestinationPath: base + "/outside/deep")
        // Lexically `App/deep/..` is `App`; the system goes to `outside`.
        #expect(!boundary.contains(base + "/repo/App/deep/.."))
    }
}
