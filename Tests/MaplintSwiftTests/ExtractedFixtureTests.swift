import Foundation
import MaplintCore
import Testing

@testable import MaplintSwift

/// The manifests committed under Fixtures/swift/extracted are what `maplint extract
/// Fixtures/swift/FeedApp --output Fixtures/swift/extracted` writes today.
@Suite struct ExtractedFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func committedManifestsAreUpToDate() throws {
        let app = Self.root.appendingPathComponent("Fixtures/swift/FeedApp").path
        let folder = Self.root.appendingPathComponent("Fixtures/swift/extracted")
        let extraction = SwiftExtractor.extract(paths: [app])
        #expect(extraction.problems.isEmpty)
        let writer = ManifestWriter(folder: folder.path)
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(committed == extraction.manifests.map(\.fileName).sorted())
        for manifest in extraction.manifests {
            let expected = try String(contentsOf: folder.appendingPathComponent(manifest.fileName), encoding: .utf8)
            #expect(
                writer.text(of: manifest) == expected,
                "\(manifest.fileName) is out of date: run `swift run maplint extract Fixtures/swift/FeedApp --output Fixtures/swift/extracted`"
            )
        }
    }

    @Test func theDeploymentTargetComesFromPackageSwift() {
        let app = Self.root.appendingPathComponent("Fixtures/swift/FeedApp/Sources").path
        let extraction = SwiftExtractor.extract(paths: [app])
        #expect(!extraction.manifests.isEmpty)
        #expect(extraction.manifests.allSatisfy { $0.deploymentTarget == "iOS 13.0" })
    }
}
