import Foundation
import Testing

@Suite struct InitCommandTests {
    @Test func writesACleanManifestAndTheSchemaBesideIt() throws {
        let folder = try temporaryFolder()
        let output = try runMaplint(["init"], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout
                == "wrote app.maplint.yml and maplint-manifest-v1.schema.json; check it with `maplint lint app.maplint.yml`\n"
        )
        let text = try String(contentsOf: folder.appendingPathComponent("app.maplint.yml"), encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=maplint-manifest-v1.schema.json\n"))
        // A table's starter shows `configuration:`; a collection view has none (see below).
        #expect(text.contains("\nconfiguration:\n  displayHeaderOnEmptySection: true "))
        #expect(!text.contains("layout:"))
        let schema = try String(
            contentsOf: folder.appendingPathComponent("maplint-manifest-v1.schema.json"), encoding: .utf8)
        let expected = try String(
            contentsOf: packageRoot.appendingPathComponent("Schema/maplint-manifest-v1.schema.json"), encoding: .utf8)
        #expect(schema == expected)

        let lint = try lintJSON(["--strict"], in: folder)
        #expect(lint.status == 0)
        #expect(lint.files == 1)
        #expect(lint.findings.isEmpty)
    }

    @Test func refusesToOverwriteWithoutForce() throws {
        let folder = try temporaryFolder()
        try write("keep me\n", to: "app.maplint.yml", in: folder)
        let refused = try runMaplint(["init"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr == "maplint: app.maplint.yml already exists; use --force to overwrite it\n")
        #expect(
            try String(contentsOf: folder.appendingPathComponent("app.maplint.yml"), encoding: .utf8) == "keep me\n")
        #expect(try runMaplint(["init", "--force"], in: folder).status == 0)
        #expect(try lintJSON([], in: folder).status == 0)
    }

    @Test func pathHostAndSchemaOptions() throws {
        let folder = try temporaryFolder()
        let output = try runMaplint(
            [
                "init", "Screens/gallery.maplint.yml", "--host", "collectionView", "--schema",
                "https://example.com/m.json",
            ], in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("Screens/gallery.maplint.yml"), encoding: .utf8)
        #expect(text.hasPrefix("# yaml-language-server: $schema=https://example.com/m.json\n"))
        #expect(text.contains("\nhost: collectionView "))
        #expect(!text.contains("configuration:"))
        #expect(text.contains("\nlayout: flow\n"))
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("Screens/maplint-manifest-v1.schema.json").path))
        #expect(try lintJSON(["Screens/gallery.maplint.yml"], in: folder).findings.isEmpty)
        #expect(try runMaplint(["init", "notes.yml"], in: folder).status == 64)
    }

    @Test func schemaPrintsTheSchemaFile() throws {
        let output = try runMaplint(["schema"])
        let expected = try String(
            contentsOf: packageRoot.appendingPathComponent("Schema/maplint-manifest-v1.schema.json"), encoding: .utf8)
        #expect(output.status == 0)
        #expect(output.stdout == expected)
    }
}
