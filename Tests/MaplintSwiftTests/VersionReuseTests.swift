import Foundation
import MaplintLibrary
import MaplintManifest
import Testing

@testable import MaplintSwift

/// An app that pins no version is put together once for its calls' evidence and again at the range
/// they allow (`SwiftExtractor`): when the range's newest end is the version an unnamed one is read
/// as, the first drafts are kept, with the range's versions in them; they must be what putting the
/// code together at those versions gives.
@Suite struct VersionReuseTests {
    static func inferred(_ version: LibraryVersion, since lower: LibraryVersion) -> DetectedLibraryVersion {
        DetectedLibraryVersion(
            version: version, origin: .inferred(InferredVersions(lower: lower, upper: version, clues: [])))
    }

    static let pinned = DetectedLibraryVersion(
        version: LibraryVersion(major: 8, minor: 0, patch: 1),
        origin: .lockFile(SourceLocation(file: "Podfile.lock", line: 3, column: 5)))

    @Test func onlyTheNewestModelledEndOfAnUnnamedVersionTranslatesAlike() {
        let eight = LibraryVersion(major: 8)
        let none = LibraryVersions()
        #expect(
            VersionEvidence.translatesAlike(
                none,
                LibraryVersions(tableView: Self.inferred(LibraryVersion.newestRead(for: .tableView), since: eight))))
        // DTCollectionViewManager's newest tag is 11.0.0, not the 11.0.1 an unnamed version is read as.
        #expect(
            !VersionEvidence.translatesAlike(
                none,
                LibraryVersions(
                    collectionView: Self.inferred(LibraryVersion.newestRead(for: .collectionView), since: eight))))
        #expect(
            !VersionEvidence.translatesAlike(
                none,
                LibraryVersions(tableView: Self.inferred(LibraryVersion(major: 6, minor: 1, patch: 1), since: eight))))
        #expect(
            VersionEvidence.translatesAlike(
                LibraryVersions(tableView: Self.pinned), LibraryVersions(tableView: Self.pinned)))
        #expect(!VersionEvidence.translatesAlike(LibraryVersions(tableView: Self.pinned), none))
        // A version named is never read as another, inferred or not.
        #expect(
            !VersionEvidence.translatesAlike(
                LibraryVersions(tableView: Self.pinned),
                LibraryVersions(tableView: Self.inferred(LibraryVersion.newestRead(for: .tableView), since: eight))))
        #expect(!VersionEvidence.translatesAlike(none, LibraryVersions(modelStorage: Self.pinned)))
    }

    /// Events on a mapping narrow an unpinned app to 8.0.0–11.0.1: the drafts kept from the first
    /// pass are the drafts of a pass at those versions, note for note.
    @Test func theKeptDraftsAreThoseOfThePassAtTheRange() throws {
        let source = """
            import DTTableViewManager
            final class FeedViewController: UIViewController, DTTableViewManageable {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    manager.register(PostCell.self) { mapping in
                        mapping.condition = .section(0)
                        mapping.didSelect { _, _, _ in }
                    }
                    manager.registerHeader(TitleHeader.self)
                    manager.register(AdCell.self)
                    manager.register(OldCell.self, forCellReuseIdentifier: "old")
                }
            }
            final class PostCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            final class AdCell: UITableViewCell, ModelTransfer { func update(with model: Post) {} }
            final class TitleHeader: UITableViewHeaderFooterView, ModelTransfer { func update(with model: String) {} }
            struct Post { var likes: Int }
            """
        let root = try LibraryVersionDetectionTests.tree(["App/Feed.swift": source])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = SwiftExtractor.extract(paths: [root.appendingPathComponent("App").path])
        let manifest = try #require(result.manifests.first)
        let detected = try #require(manifest.libraryVersion)
        guard case .inferred(let range) = detected.origin else {
            Issue.record("the version is not inferred: \(detected.origin)")
            return
        }
        #expect(range.lower == LibraryVersion(major: 8))
        #expect(detected.version == LibraryVersion.newestRead(for: .tableView))
        let sources = try result.files.map { path in
            (path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        let fresh = SwiftExtractor.extract(sources: sources, libraryVersions: LibraryVersions(tableView: detected))
        #expect(fresh.manifests.map(yaml) == result.manifests.map(yaml))
        #expect(fresh.manifests.map(\.notes) == result.manifests.map(\.notes))
        #expect(fresh.manifests.map(\.libraryVersion) == result.manifests.map(\.libraryVersion))
        #expect(manifest.entries.count == 3)
    }
}
