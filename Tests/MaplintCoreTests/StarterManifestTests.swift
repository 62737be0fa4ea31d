import Testing

@testable import MaplintManifest

/// `init` writes only manifests `lint` reads: every schema value `schemaProblem` lets through
/// gives a starter manifest that loads without a diagnostic.
@Suite struct StarterManifestTests {
    static let scalars: [UInt32] =
        Array(0..<0xA1) + Array(0x2000..<0x2030) + Array(0x2066..<0x206A)
        + [0xFEFF, 0xFFF9, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0x1_0000, 0x1_F4EE]

    @Test func everySchemaValueAcceptedLoadsCleanly() {
        var accepted = 0
        for value in Self.scalars {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let schema = "schemas/a" + String(Character(scalar)) + "b.json"
            guard StarterManifest.schemaProblem(schema) == nil else { continue }
            accepted += 1
            let text = StarterManifest.text(host: value % 2 == 0 ? .tableView : .collectionView, schema: schema)
            let loaded = ManifestLoader.load(bytes: Array(text.utf8), file: "app.maplint.yml")
            #expect(loaded.manifest != nil, "U+\(String(value, radix: 16))")
            #expect(loaded.diagnostics.isEmpty, "U+\(String(value, radix: 16)): \(loaded.diagnostics)")
        }
        #expect(accepted > 150)
    }
}
