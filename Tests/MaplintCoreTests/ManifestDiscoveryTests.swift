import Foundation
import Testing

@testable import MaplintFiles
@testable import MaplintInterfaceBuilder

@Suite struct ManifestDiscoveryTests {
    @Test func searchesFoldersRecursivelySkippingBuildFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [
            "a.maplint.yml", "sub/b.maplint.json", "sub/deeper/c.maplint.yaml", "notes.yml",
            ".build/x.maplint.yml", "DerivedData/y.maplint.yml", ".git/z.maplint.yml",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("version: 1\n".utf8).write(to: url)
        }
        let found = ManifestDiscovery.manifests(in: [root.path]).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(found == ["a.maplint.yml", "sub/b.maplint.json", "sub/deeper/c.maplint.yaml"])
    }

    /// One file reached by two spellings, a folder and a file in it, or a hard link is kept once,
    /// under its first spelling; Interface Builder files too.
    @Test func aFileNamedTwiceIsKeptOnce() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["t.maplint.yml", "res/A.xib"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("version: 1\n".utf8).write(to: url)
        }
        try FileManager.default.linkItem(
            at: root.appendingPathComponent("t.maplint.yml"), to: root.appendingPathComponent("hard.maplint.yml"))
        let file = root.path + "/t.maplint.yml"
        let dotted = root.path + "/./t.maplint.yml"
        #expect(ManifestDiscovery.manifests(in: [file, dotted]) == [file])
        #expect(ManifestDiscovery.manifests(in: [dotted, root.path]) == [dotted])
        #expect(ManifestDiscovery.manifests(in: [root.path, file]) == [root.path + "/hard.maplint.yml"])
        let resources = root.path + "/res"
        #expect(InterfaceBuilderDiscovery.files(in: [resources, root.path + "/./res"]) == [resources + "/A.xib"])
    }

    @Test func keepsNamedFilesAndMissingPathsAsGiven() {
        #expect(
            ManifestDiscovery.manifests(in: ["x.yml", "missing.maplint.yml", "x.yml"]) == [
                "x.yml", "missing.maplint.yml",
            ])
    }
}

@Suite struct ConfigurationFileIsNotAManifestTests {
    @Test func theConfigurationFileHasNoStemAndIsSkipped() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in [".maplint.yml", ".maplint.json", "sub/.maplint.yaml", "sub/a.maplint.yml"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("strict: true\n".utf8).write(to: url)
        }
        let found = ManifestDiscovery.manifests(in: [root.path]).map { String($0.dropFirst(root.path.count + 1)) }
        #expect(found == ["sub/a.maplint.yml"])
        #expect(!ManifestDiscovery.isManifest(".maplint.yml"))
        #expect(!ManifestDiscovery.isManifest("some/folder/.maplint.yml"))
        #expect(ManifestDiscovery.isManifest("some/folder/x.maplint.yml"))
    }

    @Test func acceptFiltersOnlyFilesFoundInFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "maplint-discovery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for path in ["a.maplint.yml", "b.maplint.yml"] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("version: 1\n".utf8).write(to: url)
        }
        let named = root.appendingPathComponent("b.maplint.yml").path
        let found = ManifestDiscovery.manifests(in: [root.path, named]) { !$0.hasSuffix("b.maplint.yml") }
        #expect(found.map { ($0 as NSString).lastPathComponent } == ["a.maplint.yml", "b.maplint.yml"])
    }
}
