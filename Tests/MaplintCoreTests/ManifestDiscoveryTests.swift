import Foundation
import Testing
@testable import MaplintCore

@Suite struct ManifestDiscoveryTests {
    @Test func searchesFoldersRecursivelySkippingBuildFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maplint-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["a.maplint.yml", "sub/b.maplint.json", "sub/deeper/c.maplint.yaml", "notes.yml",
                     ".build/x.maplint.yml", "DerivedData/y.maplint.yml", ".git/z.maplint.yml"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("version: 1\n".utf8).write(to: url)
        }
        let found = ManifestDiscovery.manifests(in: [root.path]).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(found == ["a.maplint.yml", "sub/b.maplint.json", "sub/deeper/c.maplint.yaml"])
    }

    @Test func keepsNamedFilesAndMissingPathsAsGiven() {
        #expect(ManifestDiscovery.manifests(in: ["x.yml", "missing.maplint.yml", "x.yml"]) == ["x.yml", "missing.maplint.yml"])
    }
}
