import Foundation
import Testing

@testable import MaplintManifest

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

private func fixtures(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.contains(".maplint.") }.sorted()
}

@Suite struct FixtureDecodingTests {
    @Test(arguments: fixtures(in: "Fixtures"))
    func validFixtureDecodesWithoutDiagnostics(name: String) {
        let result = ManifestLoader.load(path: root.appendingPathComponent("Fixtures/" + name).path)
        #expect(result.manifest != nil)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
    }

    @Test func dataFileDecodes() {
        let result = ManifestLoader.load(
            path: root.appendingPathComponent("Fixtures/feed.maplint.yml").path,
            dataPath: root.appendingPathComponent("Fixtures/data/feed-more.sample.yml").path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.manifest?.sample?.sections.first?.location.file.hasSuffix("feed-more.sample.yml") == true)
    }

    /// Each invalid fixture names its expected error position in its first comment line: "at L:C".
    @Test(arguments: fixtures(in: "Fixtures/invalid"))
    func invalidFixtureFailsWhereItsCommentSays(name: String) throws {
        let path = root.appendingPathComponent("Fixtures/invalid/" + name).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let firstLine = String(text.split(separator: "\n").first ?? "")
        let expected = try #require(
            firstLine.firstMatch(of: /at (\d+):(\d+)/), "no 'at L:C' in the first line of \(name)")
        let result = ManifestLoader.load(path: path)
        let decoded = result.manifest != nil
        #expect(!decoded)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors.map { "\($0.location): \($0.message)" })")
        #expect(errors.first?.rule == .invalidManifest)
        #expect(
            errors.first.map { "\($0.location.line):\($0.location.column)" } == "\(expected.1):\(expected.2)",
            "\(errors.first?.message ?? "")")
    }
}
