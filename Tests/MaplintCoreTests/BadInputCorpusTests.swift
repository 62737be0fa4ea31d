import Foundation
import Testing

@testable import MaplintManifest

private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("BadInputs")

private func corpusFiles() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.contains(".maplint.") }
        .sorted()
}

/// Every file in Tests/BadInputs has a `.expected` file beside it: `ok`, or the first
/// diagnostic as `line:column: message`. Loading must never trap, hang or exhaust memory.
@Suite struct BadInputCorpusTests {
    @Test(arguments: corpusFiles())
    func producesTheExpectedDiagnostic(name: String) throws {
        let stem = String(name[..<(name.range(of: ".maplint.")?.lowerBound ?? name.endIndex)])
        let expected = try String(contentsOf: corpus.appendingPathComponent(stem + ".expected"), encoding: .utf8)
            .trimmingCharacters(in: .newlines)
        let result = ManifestLoader.load(path: corpus.appendingPathComponent(name).path)
        if expected == "ok" {
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
            let loaded = result.manifest != nil
            #expect(loaded)
            return
        }
        let loaded = result.manifest != nil
        #expect(!loaded)
        let first = try #require(result.diagnostics.first)
        #expect(first.rule == .invalidManifest)
        #expect("\(first.location.line):\(first.location.column): \(first.message)" == expected)
    }

    @Test func everyCorpusFileHasAnExpectation() {
        for name in corpusFiles() {
            let stem = String(name[..<(name.range(of: ".maplint.")?.lowerBound ?? name.endIndex)])
            #expect(
                FileManager.default.fileExists(atPath: corpus.appendingPathComponent(stem + ".expected").path),
                "\(name)")
        }
        #expect(corpusFiles().count >= 25)
    }
}
