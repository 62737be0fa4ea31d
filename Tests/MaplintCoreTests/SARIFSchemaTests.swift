import Foundation
import Testing

@testable import MaplintLint
@testable import MaplintOutput

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func fixtures() -> [String] {
    let folder = root.appendingPathComponent("Fixtures")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.contains(".maplint.") }.sorted() + [
        "invalid/typo-key.maplint.yml", "invalid/yaml-syntax.maplint.yml",
    ]
}

/// maplint's SARIF output, for every fixture, against the OASIS SARIF 2.1.0 schema.
@Suite struct SARIFSchemaTests {
    static func validator() throws -> SchemaValidator {
        let url = root.appendingPathComponent("Tests/Schemas/sarif-schema-2.1.0.json")
        let bytes = try [UInt8](Data(contentsOf: url))
        return SchemaValidator(root: try #require(JSONInstance.load(bytes, file: url.path)))
    }

    @Test(arguments: fixtures())
    func sarifOutputIsValid(fixture: String) throws {
        let path = root.appendingPathComponent("Fixtures/" + fixture).path
        let result = LintResult(files: [path], diagnostics: Linter.lint(file: path))
        let sarif = FindingsSARIFFormatter().format(result)
        let instance = try #require(JSONInstance.load(Array(sarif.utf8), file: "out.sarif"))
        #expect(try Self.validator().errors(of: instance) == [])
    }

    @Test func theSchemaCatchesABrokenLog() throws {
        let broken =
            #"{"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"message": {"text": "x"}, "level": "fatal"}]}]}"#
        let instance = try #require(JSONInstance.load(Array(broken.utf8), file: "broken.sarif"))
        let errors = try Self.validator().errors(of: instance)
        #expect(errors.contains { $0.contains("missing name") })
        #expect(errors.contains { $0.contains("level") })
    }
}
